package rsa

// Differential tests against crypto/rsa, on the fixed test keys converted
// both ways.

import (
	"bytes"
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	mrand "math/rand/v2"
	"testing"
)

// testRand returns a deterministic source of bytes for test inputs.
func testRand(label string) *mrand.ChaCha8 {
	var seed [32]byte
	copy(seed[:], "crypton rsa test: "+label)
	return mrand.NewChaCha8(seed)
}

// pkcs1Hashes are the hashes both packages support for PKCS #1 v1.5.
var pkcs1Hashes = []crypto.Hash{
	0, crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512,
	crypto.SHA512_224, crypto.SHA512_256, crypto.SHA3_224, crypto.SHA3_256, crypto.SHA3_384, crypto.SHA3_512,
}

func hashSize(h crypto.Hash) int {
	if h == 0 {
		return 36 // an MD5+SHA-1 digest, as TLS 1.0 signed
	}
	return h.Size()
}

func TestStdlibPKCS1v15(t *testing.T) {
	for _, bits := range testKeySizes {
		priv, std := testKey(t, bits)
		// The same key, converted the other way: crypton -> crypto/rsa.
		stdFromOurs := priv.Stdlib()
		if err := stdFromOurs.Validate(); err != nil {
			t.Fatalf("%d bits: converted key: %v", bits, err)
		}
		rnd := testRand("pkcs1v15")
		for _, h := range pkcs1Hashes {
			for range 2 {
				digest := make([]byte, hashSize(h))
				rnd.Read(digest)
				sig, err := SignPKCS1v15(priv, h, digest)
				if err != nil {
					t.Fatalf("%d bits, %v: %v", bits, h, err)
				}
				want, err := stdrsa.SignPKCS1v15(nil, std, h, digest)
				if err != nil {
					t.Fatalf("%d bits, %v: crypto/rsa: %v", bits, h, err)
				}
				if !bytes.Equal(sig, want) {
					t.Errorf("%d bits, %v: signatures differ:\n%x\n%x", bits, h, sig, want)
				}
				if got, _ := stdrsa.SignPKCS1v15(nil, stdFromOurs, h, digest); !bytes.Equal(got, want) {
					t.Errorf("%d bits, %v: the converted key signs differently", bits, h)
				}
				if err := stdrsa.VerifyPKCS1v15(&std.PublicKey, h, digest, sig); err != nil {
					t.Errorf("%d bits, %v: crypto/rsa rejects: %v", bits, h, err)
				}
				if err := VerifyPKCS1v15(priv.PublicKey(), h, digest, want); err != nil {
					t.Errorf("%d bits, %v: rejects crypto/rsa's: %v", bits, h, err)
				}
			}
		}
	}
}

func TestStdlibPSS(t *testing.T) {
	for _, bits := range testKeySizes {
		priv, std := testKey(t, bits)
		pub := priv.PublicKey()
		rnd := testRand("pss")
		for _, h := range []crypto.Hash{crypto.SHA1, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA3_256} {
			for _, sl := range []int{PSSSaltLengthAuto, PSSSaltLengthEqualsHash, 10} {
				digest := make([]byte, h.Size())
				rnd.Read(digest)
				ours := &PSSOptions{SaltLength: sl}
				theirs := &stdrsa.PSSOptions{SaltLength: sl}
				sig, err := SignPSS(rand.Reader, priv, h, digest, ours)
				if err != nil {
					// The salt may not fit; crypto/rsa must agree.
					if _, stdErr := stdrsa.SignPSS(rand.Reader, std, h, digest, theirs); stdErr == nil {
						t.Errorf("%d bits, %v, salt %d: %v, but crypto/rsa signs", bits, h, sl, err)
					}
					continue
				}
				if err := stdrsa.VerifyPSS(&std.PublicKey, h, digest, sig, theirs); err != nil {
					t.Errorf("%d bits, %v, salt %d: crypto/rsa rejects: %v", bits, h, sl, err)
				}
				sig, err = stdrsa.SignPSS(rand.Reader, std, h, digest, theirs)
				if err != nil {
					t.Fatalf("%d bits, %v, salt %d: crypto/rsa: %v", bits, h, sl, err)
				}
				if err := VerifyPSS(pub, h, digest, sig, ours); err != nil {
					t.Errorf("%d bits, %v, salt %d: rejects crypto/rsa's: %v", bits, h, sl, err)
				}
			}
		}
	}
}

func TestStdlibOAEP(t *testing.T) {
	for _, bits := range testKeySizes {
		priv, std := testKey(t, bits)
		pub := priv.PublicKey()
		k := pub.Size()
		rnd := testRand("oaep")
		for _, hashes := range [][2]crypto.Hash{
			{crypto.SHA1, 0},
			{crypto.SHA256, 0},
			{crypto.SHA256, crypto.SHA1},
			{crypto.SHA384, crypto.SHA512},
			{crypto.SHA512, crypto.SHA256},
			{crypto.SHA3_256, 0},
		} {
			h, mgf := hashes[0], hashes[1]
			maxLen := k - 2*h.Size() - 2
			if maxLen < 0 {
				continue
			}
			theirMGF := mgf
			if theirMGF == 0 {
				theirMGF = h
			}
			for _, n := range []int{0, 1, maxLen - 1, maxLen} {
				if n < 0 {
					continue
				}
				msg := make([]byte, n)
				rnd.Read(msg)
				label := make([]byte, n%7)
				rnd.Read(label)
				ours := &OAEPOptions{Hash: h, MGFHash: mgf, Label: label}
				theirs := &stdrsa.OAEPOptions{Hash: h, MGFHash: theirMGF, Label: label}

				ct, err := EncryptOAEP(rand.Reader, pub, msg, ours)
				if err != nil {
					t.Fatalf("%d bits, %v/%v, %d bytes: %v", bits, h, mgf, n, err)
				}
				got, err := std.Decrypt(nil, ct, theirs)
				if err != nil || !bytes.Equal(got, msg) {
					t.Errorf("%d bits, %v/%v, %d bytes: crypto/rsa decrypts %x, %v", bits, h, mgf, n, got, err)
				}
				if theirMGF != h {
					// crypto/rsa can only encrypt with MGF1 of the label
					// hash (before Go 1.26, which the module does not
					// require).
					continue
				}
				ct, err = stdrsa.EncryptOAEP(h.New(), rand.Reader, &std.PublicKey, msg, label)
				if err != nil {
					t.Fatalf("%d bits, %v/%v, %d bytes: crypto/rsa: %v", bits, h, mgf, n, err)
				}
				got, err = DecryptOAEP(priv, ct, ours)
				if err != nil || !bytes.Equal(got, msg) {
					t.Errorf("%d bits, %v/%v, %d bytes: decrypts crypto/rsa's as %x, %v", bits, h, mgf, n, got, err)
				}
			}
			if _, err := stdrsa.EncryptOAEP(h.New(), rand.Reader, &std.PublicKey, make([]byte, maxLen+1), nil); err == nil {
				t.Errorf("crypto/rsa accepts a message of %d bytes", maxLen+1)
			}
		}
	}
}
