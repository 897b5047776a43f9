package rsa

// Fuzz targets. Their seed corpora run in every plain `go test`; run one
// with, for example, `go test -fuzz FuzzVerifyPSS`. Each compares with
// crypto/rsa where the two packages define the same function, and checks
// that garbage gives an error, never a panic.

import (
	"bytes"
	"crypto"
	stdrsa "crypto/rsa"
	"errors"
	"testing"
)

// fuzzHashes are the hashes the fuzz targets choose from with a byte.
var fuzzHashes = []crypto.Hash{0, crypto.SHA1, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA512_256, crypto.SHA3_256}

func fuzzHash(i uint8) crypto.Hash { return fuzzHashes[int(i)%len(fuzzHashes)] }

func FuzzVerifyPKCS1v15(f *testing.F) {
	priv, std := testKey(f, 2048)
	pub := priv.PublicKey()
	digest := sha256Digest("fuzz")
	sig, err := SignPKCS1v15(priv, crypto.SHA256, digest)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(uint8(2), digest, sig)
	f.Add(uint8(2), digest, sig[1:])
	f.Add(uint8(2), digest[1:], sig)
	f.Add(uint8(1), digest, sig)
	f.Add(uint8(0), digest, sig)
	f.Add(uint8(2), digest, make([]byte, 256))
	f.Add(uint8(2), digest, bytes.Repeat([]byte{0xff}, 256))
	f.Add(uint8(2), digest, pub.N())
	f.Add(uint8(2), []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, hi uint8, hashed, sig []byte) {
		h := fuzzHash(hi)
		err := VerifyPKCS1v15(pub, h, hashed, sig)
		if err != nil && err != ErrVerification {
			t.Fatalf("error %v, want ErrVerification", err)
		}
		stdErr := stdrsa.VerifyPKCS1v15(&std.PublicKey, h, hashed, sig)
		if (err == nil) != (stdErr == nil) {
			t.Fatalf("crypton: %v, crypto/rsa: %v", err, stdErr)
		}
	})
}

func FuzzVerifyPSS(f *testing.F) {
	priv, std := testKey(f, 2048)
	pub := priv.PublicKey()
	digest := sha256Digest("fuzz")
	for _, sl := range []int{PSSSaltLengthAuto, PSSSaltLengthEqualsHash, PSSSaltLengthZero, 20} {
		sig, err := SignPSS(nil, priv, crypto.SHA256, digest, &PSSOptions{SaltLength: sl})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(2), sl, digest, sig)
		f.Add(uint8(2), PSSSaltLengthAuto, digest, sig)
		f.Add(uint8(2), 0, digest, sig[:255])
	}
	f.Add(uint8(2), 32, digest, make([]byte, 256))
	f.Add(uint8(3), -5, digest, make([]byte, 256))
	f.Add(uint8(2), 1000, digest, pub.N())
	f.Add(uint8(0), 0, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, hi uint8, saltLength int, digest, sig []byte) {
		h := fuzzHash(hi)
		err := VerifyPSS(pub, h, digest, sig, &PSSOptions{SaltLength: saltLength})
		if h == 0 || saltLength < PSSSaltLengthZero {
			if err == nil || err == ErrVerification {
				t.Fatalf("hash %v, salt length %d: error %v, want a parameter error", h, saltLength, err)
			}
			return
		}
		if err != nil && err != ErrVerification {
			t.Fatalf("error %v, want ErrVerification", err)
		}
		if saltLength == PSSSaltLengthZero {
			return // crypto/rsa cannot express it
		}
		stdErr := stdrsa.VerifyPSS(&std.PublicKey, h, digest, sig, &stdrsa.PSSOptions{SaltLength: saltLength})
		if (err == nil) != (stdErr == nil) {
			t.Fatalf("crypton: %v, crypto/rsa: %v", err, stdErr)
		}
	})
}

func FuzzDecryptOAEP(f *testing.F) {
	priv, std := testKey(f, 1024)
	pub := priv.PublicKey()
	for _, msg := range [][]byte{nil, []byte("fuzz"), make([]byte, 62)} {
		ct, err := EncryptOAEP(nil, pub, msg, &OAEPOptions{Hash: crypto.SHA256, Label: []byte("L")})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(2), []byte("L"), ct)
		f.Add(uint8(2), []byte{}, ct)
		f.Add(uint8(1), []byte("L"), ct)
		bad := bytes.Clone(ct)
		bad[5] ^= 0x40
		f.Add(uint8(2), []byte("L"), bad)
	}
	f.Add(uint8(2), []byte{}, make([]byte, 128))
	f.Add(uint8(2), []byte{}, pub.N())
	f.Add(uint8(2), []byte{}, bytes.Repeat([]byte{0xff}, 128))
	f.Add(uint8(4), []byte{}, make([]byte, 128)) // SHA-512: too large for the key
	f.Add(uint8(0), []byte{}, make([]byte, 3))
	f.Fuzz(func(t *testing.T, hi uint8, label, ct []byte) {
		h := fuzzHash(hi)
		msg, err := DecryptOAEP(priv, ct, &OAEPOptions{Hash: h, Label: label})
		if h == 0 {
			if err == nil || errors.Is(err, ErrDecryption) {
				t.Fatalf("no hash: %v", err)
			}
			return
		}
		if err != nil && err != ErrDecryption {
			t.Fatalf("error %v, want ErrDecryption", err)
		}
		stdMsg, stdErr := std.Decrypt(nil, ct, &stdrsa.OAEPOptions{Hash: h, Label: label})
		if (err == nil) != (stdErr == nil) || !bytes.Equal(msg, stdMsg) {
			t.Fatalf("crypton: %x, %v; crypto/rsa: %x, %v", msg, err, stdMsg, stdErr)
		}
	})
}

func FuzzNewPublicKey(f *testing.F) {
	_, std := testKey(f, 2048)
	n := std.N.Bytes()
	f.Add(n, 65537)
	f.Add(n, 3)
	f.Add(n, 1)
	f.Add(n, -65537)
	f.Add(n, above31Bits())
	f.Add(append([]byte{0, 0, 0}, n...), 65537)
	f.Add(n[1:], 65537)
	f.Add(n[:64], 65537)
	f.Add([]byte{}, 65537)
	f.Add(make([]byte, 2000), 65537)
	f.Add(bytes.Repeat([]byte{0xff}, 1025), 65537)
	f.Fuzz(func(t *testing.T, n []byte, e int) {
		pub, err := NewPublicKey(n, e)
		if err != nil {
			if pub != nil {
				t.Fatal("a key with an error")
			}
			return
		}
		want := trim(n)
		if !bytes.Equal(pub.N(), want) || pub.E() != e || pub.Size() != len(want) {
			t.Fatalf("N %x, E %d, Size %d; want %x, %d", pub.N(), pub.E(), pub.Size(), want, e)
		}
		if e < 3 || e%2 == 0 || want[len(want)-1]%2 == 0 {
			t.Fatalf("accepted e = %d, n = %x", e, want)
		}
		// The key works, whatever it is, and agrees with crypto/rsa.
		sig := bytes.Repeat([]byte{0x01}, pub.Size())
		digest := sha256Digest("fuzz")
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest, sig); err != ErrVerification {
			t.Fatalf("garbage signature: %v", err)
		}
		if err := stdrsa.VerifyPKCS1v15(pub.Stdlib(), crypto.SHA256, digest, sig); err == nil {
			t.Fatal("crypto/rsa verifies the garbage signature")
		}
		back, err := FromStdlibPublicKey(pub.Stdlib())
		if err != nil || !bytes.Equal(back.N(), pub.N()) || back.E() != e {
			t.Fatalf("stdlib round trip: %v", err)
		}
		if _, err := EncryptOAEP(nil, pub, []byte("x"), &OAEPOptions{Hash: crypto.SHA1}); err != nil {
			t.Fatalf("EncryptOAEP: %v", err)
		}
	})
}
