package rsa

import (
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/mont"
)

// smallKey returns the parts of a two-prime key with a modulus of exactly
// bits bits and e = 65537, from deterministic primes (math/big is the
// oracle here).
func smallKey(t *testing.T, bits int, seed uint64) (n, d, p, q *big.Int) {
	t.Helper()
	r := mrand.New(mrand.NewPCG(seed, uint64(bits)))
	one, e := big.NewInt(1), big.NewInt(65537)
	prime := func(b int) *big.Int {
		for {
			x := new(big.Int)
			for i := 0; i < b; i += 32 {
				x.Lsh(x, 32).Or(x, big.NewInt(int64(r.Uint32())))
			}
			x.Rsh(x, uint(x.BitLen()-b+1)).SetBit(x, b-1, 1).SetBit(x, b-2, 1)
			x = nextPrime(x)
			if x.BitLen() == b && new(big.Int).Mod(new(big.Int).Sub(x, one), e).Sign() != 0 {
				return x
			}
		}
	}
	for {
		p, q = prime((bits+1)/2), prime(bits/2)
		n = new(big.Int).Mul(p, q)
		if n.BitLen() != bits {
			continue
		}
		phi := new(big.Int).Mul(new(big.Int).Sub(p, one), new(big.Int).Sub(q, one))
		return n, new(big.Int).ModInverse(e, phi), p, q
	}
}

// uncheckedKey builds a private key without NewPublicKey's size check, the
// way no caller can, to check that every operation refuses it too.
func uncheckedKey(t *testing.T, n, d, p, q *big.Int) *PrivateKey {
	t.Helper()
	m, err := mont.NewModulus(n.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	pub := &PublicKey{n: m, nBytes: n.Bytes(), e: 65537, std: stdPublicKey(n.Bytes(), 65537)}
	priv, err := newPrivateKey(pub, d.Bytes(), p.Bytes(), q.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return priv
}

// TestMinimumKeySize checks the limits of "Minimum key size": every
// function refuses moduli below 1024 bits, and GenerateKey makes no key
// below 2048 bits, each with an error that says the size is insecure.
func TestMinimumKeySize(t *testing.T) {
	insecure := func(t *testing.T, what string, err error) {
		t.Helper()
		if err == nil || !strings.HasPrefix(err.Error(), "rsa: ") || !strings.Contains(err.Error(), "insecure") {
			t.Errorf("%s: error %v, want one that says the key is insecure", what, err)
		}
	}
	digest := sha256Digest("minimum key size")
	oaep := &OAEPOptions{Hash: crypto.SHA256}
	for _, bits := range []int{512, 768, 1000, 1023} {
		n, d, p, q := smallKey(t, bits, 1)
		_, err := NewPublicKey(n.Bytes(), 65537)
		insecure(t, "NewPublicKey", err)
		_, err = NewPrivateKey(n.Bytes(), 65537, d.Bytes(), p.Bytes(), q.Bytes())
		insecure(t, "NewPrivateKey", err)
		_, err = FromStdlibPublicKey(&stdrsa.PublicKey{N: n, E: 65537})
		insecure(t, "FromStdlibPublicKey", err)
		std := &stdrsa.PrivateKey{PublicKey: stdrsa.PublicKey{N: n, E: 65537}, D: d, Primes: []*big.Int{p, q}}
		_, err = FromStdlibPrivateKey(std)
		insecure(t, "FromStdlibPrivateKey", err)
		if !strings.Contains(err.Error(), big.NewInt(int64(bits)).String()+"-bit") {
			t.Errorf("%d bits: the error does not give the size: %v", bits, err)
		}

		// A key that slipped past the constructors is refused by every
		// operation.
		priv := uncheckedKey(t, n, d, p, q)
		pub := priv.PublicKey()
		_, err = SignPKCS1v15(priv, crypto.SHA256, digest)
		insecure(t, "SignPKCS1v15", err)
		_, err = SignPSS(nil, priv, crypto.SHA256, digest, nil)
		insecure(t, "SignPSS", err)
		_, err = priv.Sign(nil, digest, crypto.SHA256)
		insecure(t, "Sign", err)
		_, err = priv.Sign(nil, digest, &PSSOptions{Hash: crypto.SHA256})
		insecure(t, "Sign (PSS)", err)
		ct := make([]byte, pub.Size())
		_, err = DecryptOAEP(priv, ct, oaep)
		insecure(t, "DecryptOAEP", err)
		_, err = priv.Decrypt(nil, ct, oaep)
		insecure(t, "Decrypt", err)
		_, err = EncryptOAEP(nil, pub, []byte("x"), oaep)
		insecure(t, "EncryptOAEP", err)
		// A valid signature, made with math/big (crypto/rsa refuses such
		// keys too), is refused all the same.
		em, err := pkcs1v15Encode(pub.Size(), crypto.SHA256, digest)
		if err != nil {
			t.Fatal(err)
		}
		sig := new(big.Int).Exp(new(big.Int).SetBytes(em), d, n).FillBytes(make([]byte, pub.Size()))
		insecure(t, "VerifyPKCS1v15", VerifyPKCS1v15(pub, crypto.SHA256, digest, sig))
		insecure(t, "VerifyPSS", VerifyPSS(pub, crypto.SHA256, digest, sig, nil))
	}

	// 1024 bits is the least accepted, for every operation.
	n, d, p, q := smallKey(t, 1024, 2)
	priv, err := NewPrivateKey(n.Bytes(), 65537, d.Bytes(), p.Bytes(), q.Bytes())
	if err != nil {
		t.Fatalf("1024 bits: %v", err)
	}
	sig, err := SignPKCS1v15(priv, crypto.SHA256, digest)
	if err != nil {
		t.Fatalf("1024 bits: %v", err)
	}
	if err := VerifyPKCS1v15(priv.PublicKey(), crypto.SHA256, digest, sig); err != nil {
		t.Errorf("1024 bits: %v", err)
	}
	ct, err := EncryptOAEP(nil, priv.PublicKey(), []byte("x"), oaep)
	if err != nil {
		t.Fatalf("1024 bits: %v", err)
	}
	if _, err := DecryptOAEP(priv, ct, oaep); err != nil {
		t.Errorf("1024 bits: %v", err)
	}

	// GenerateKey: 2048 bits and more.
	for _, bits := range []int{512, 1024, 1536, 2047} {
		_, err := GenerateKey(rand.Reader, bits)
		insecure(t, "GenerateKey", err)
	}
}

// TestZeroKey checks that keys that did not come from a constructor give
// errors, not panics.
func TestZeroKey(t *testing.T) {
	digest := sha256Digest("zero key")
	oaep := &OAEPOptions{Hash: crypto.SHA256}
	for _, pub := range []*PublicKey{nil, {}} {
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest, make([]byte, 128)); err == nil {
			t.Error("VerifyPKCS1v15: no error")
		}
		if err := VerifyPSS(pub, crypto.SHA256, digest, make([]byte, 128), nil); err == nil {
			t.Error("VerifyPSS: no error")
		}
		if _, err := EncryptOAEP(nil, pub, nil, oaep); err == nil {
			t.Error("EncryptOAEP: no error")
		}
	}
	for _, priv := range []*PrivateKey{nil, {}} {
		if _, err := SignPKCS1v15(priv, crypto.SHA256, digest); err == nil {
			t.Error("SignPKCS1v15: no error")
		}
		if _, err := SignPSS(nil, priv, crypto.SHA256, digest, nil); err == nil {
			t.Error("SignPSS: no error")
		}
		if _, err := DecryptOAEP(priv, make([]byte, 128), oaep); err == nil {
			t.Error("DecryptOAEP: no error")
		}
	}
}
