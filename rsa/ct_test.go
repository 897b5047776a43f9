//go:build ctgrind

package rsa

import (
	"crypto"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	_ "embed"
	"encoding/pem"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont"
)

//go:embed testdata/key2048.pem
var ctKeyPEM []byte

// ctSecretKey returns a fresh copy of the 2048-bit test key whose private
// parts are secret for memcheck. Importing and validating a key may take
// variable time, so the key is built first; then every value derived from
// the private key is replaced by a copy made from bytes marked secret:
//
//   - d, p and q (the big-endian d, pBytes and qBytes);
//   - dP = d mod (p-1) and dQ = d mod (q-1) (dP, dQ);
//   - the moduli p and q (mont.Modulus, rebuilt with mont.NewModulus from
//     the secret bytes: their bit lengths stay public, as mont documents);
//   - qInv = q⁻¹ mod p (a mont.Nat, limbs rebuilt from secret bytes);
//   - the blinding pair r^e and r⁻¹ mod n (a first operation creates it).
//
// The public key (n, e) stays public.
func ctSecretKey(t *testing.T) *PrivateKey {
	// ctcheck runs the test binary outside the package directory, so the
	// key is embedded rather than read from testdata.
	block, _ := pem.Decode(ctKeyPEM)
	if block == nil {
		t.Fatal("testdata/key2048.pem: no PEM block")
	}
	std, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	priv, err := FromStdlibPrivateKey(std.(*stdrsa.PrivateKey))
	if err != nil {
		t.Fatal(err)
	}
	// A first operation creates the blinding pair, from a public random r;
	// its uses are then counted, so the case stays below blindingUses.
	if _, err := SignPKCS1v15(priv, crypto.SHA256, make([]byte, 32)); err != nil {
		t.Fatal(err)
	}

	for _, b := range [][]byte{priv.d, priv.pBytes, priv.qBytes, priv.dP, priv.dQ} {
		ctgrind.Secret(b)
	}
	if priv.p, err = mont.NewModulus(priv.pBytes); err != nil {
		t.Fatal(err)
	}
	if priv.q, err = mont.NewModulus(priv.qBytes); err != nil {
		t.Fatal(err)
	}
	priv.qInv = ctSecretNat(priv.qInv, priv.p)
	N := priv.pub.n
	priv.blinding.re = ctSecretNat(priv.blinding.re, N)
	priv.blinding.inv = ctSecretNat(priv.blinding.inv, N)
	return priv
}

// ctSecretNat returns a copy of x, with m's length, made from secret bytes.
func ctSecretNat(x *mont.Nat, m *mont.Modulus) *mont.Nat {
	b := x.Bytes(m)
	ctgrind.Secret(b)
	return mont.NewNat().SetBigEndian(b).ExpandFor(m)
}

// TestCTRSA is the constant-time case of RSA's private-key operations with
// a 2048-bit key, run by tools/cmd/ctcheck under valgrind with every
// implementation of mont's kernels: SignPKCS1v15, SignPSS and DecryptOAEP.
// The key's private parts are secret (see ctSecretKey). A signature is
// public as soon as it is made. DecryptOAEP reveals whether the ciphertext
// was valid (its error) and, for a valid one, the length of the message;
// the message itself stays secret until the test declassifies it to check
// it. The digests signed are public.
func TestCTRSA(t *testing.T) {
	cputest.TestAllImplementations(t, "mont", func(t *testing.T) {
		priv := ctSecretKey(t)
		pub := priv.PublicKey()
		digest := sha256.Sum256([]byte("constant time"))

		sig, err := SignPKCS1v15(priv, crypto.SHA256, digest[:])
		ctgrind.Public(sig)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest[:], sig); err != nil {
			t.Errorf("SignPKCS1v15: %v", err)
		}

		sig, err = SignPSS(nil, priv, crypto.SHA256, digest[:], nil)
		ctgrind.Public(sig)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyPSS(pub, crypto.SHA256, digest[:], sig, nil); err != nil {
			t.Errorf("SignPSS: %v", err)
		}

		opts := &OAEPOptions{Hash: crypto.SHA256, Label: []byte("label")}
		msg := []byte("a secret of forty bytes, more or less..")
		ct, err := EncryptOAEP(nil, pub, msg, opts)
		if err != nil {
			t.Fatal(err)
		}
		pt, err := DecryptOAEP(priv, ct, opts)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatalf("DecryptOAEP: %v", err)
		}
		ctgrind.Public(pt)
		if string(pt) != string(msg) {
			t.Errorf("DecryptOAEP returned %q, want %q", pt, msg)
		}

		// A wrong label: the failure is public, nothing else.
		_, err = DecryptOAEP(priv, ct, &OAEPOptions{Hash: crypto.SHA256, Label: []byte("other")})
		ctgrind.PublicValue(&err)
		if err != ErrDecryption {
			t.Errorf("DecryptOAEP with the wrong label: %v, want ErrDecryption", err)
		}
	})
}
