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
//   - qInv = q⁻¹ mod p (a mont.Nat, limbs rebuilt from secret bytes).
//
// The key has no blinding pair yet: the first operation of the case draws
// r from a ctSecretReader, so that r, r^e and r⁻¹ are secret from their
// creation on (r⁻¹ must be computed in constant time: with r, every
// blinded value of the pair's uses could be unblinded). The public key
// (n, e) stays public.
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
	if priv.blinding.re != nil {
		t.Fatal("the key has a blinding pair already")
	}
	return priv
}

// ctSecretReader is a deterministic random source (xorshift) whose output
// is secret for memcheck: the blinding values, salts and key-generation
// candidates read from it are secrets from the start.
type ctSecretReader struct{ s uint64 }

func newCTSecretReader(seed uint64) *ctSecretReader { return &ctSecretReader{s: seed | 1} }

func (r *ctSecretReader) Read(b []byte) (int, error) {
	for i := range b {
		r.s ^= r.s << 13
		r.s ^= r.s >> 7
		r.s ^= r.s << 17
		b[i] = byte(r.s >> 32)
	}
	ctgrind.Secret(b)
	return len(b), nil
}

// ctSecretNat returns a copy of x, with m's length, made from secret bytes.
func ctSecretNat(x *mont.Nat, m *mont.Modulus) *mont.Nat {
	b := x.Bytes(m)
	ctgrind.Secret(b)
	return mont.NewNat().SetBigEndian(b).ExpandFor(m)
}

// TestCTRSA is the constant-time case of RSA's private-key operations with
// a 2048-bit key, run by tools/cmd/ctcheck under valgrind with every
// implementation of mont's kernels: PKCS #1 v1.5 and PSS signing and OAEP
// decryption (through Sign and Decrypt, which take the random source). The
// key's private parts are secret (see ctSecretKey), and so is the random
// source, from which the first operation draws the blinding pair and PSS
// its salt. A signature is public as soon as it is made. Decryption
// reveals whether the ciphertext was valid (its error) and, for a valid
// one, the length of the message; the message itself stays secret until
// the test declassifies it to check it. The digests signed are public.
func TestCTRSA(t *testing.T) {
	cputest.TestAllCombinations(t, []string{"mont", "mont/select"}, func(t *testing.T) {
		priv := ctSecretKey(t)
		pub := priv.PublicKey()
		random := newCTSecretReader(1)
		digest := sha256.Sum256([]byte("constant time"))

		sig, err := priv.Sign(random, digest[:], crypto.SHA256)
		ctgrind.Public(sig)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest[:], sig); err != nil {
			t.Errorf("SignPKCS1v15: %v", err)
		}

		sig, err = SignPSS(random, priv, crypto.SHA256, digest[:], nil)
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
		pt, err := priv.Decrypt(random, ct, opts)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatalf("DecryptOAEP: %v", err)
		}
		ctgrind.Public(pt)
		if string(pt) != string(msg) {
			t.Errorf("DecryptOAEP returned %q, want %q", pt, msg)
		}

		// A wrong label: the failure is public, nothing else.
		_, err = priv.Decrypt(random, ct, &OAEPOptions{Hash: crypto.SHA256, Label: []byte("other")})
		ctgrind.PublicValue(&err)
		if err != ErrDecryption {
			t.Errorf("DecryptOAEP with the wrong label: %v, want ErrDecryption", err)
		}
	})
}

// TestCTGenerateKey is the constant-time case of key generation, from a
// random source whose every byte is secret (ctSecretReader): the prime
// candidates, the Miller–Rabin bases, the blinding of the pairwise
// consistency test. Only the outcomes of the tests are public (a rejected
// candidate is discarded, and then declassified), and the modulus n. So
// the primes of the key, tested by mont's ProbablyPrime, and everything
// computed from them must leave no trace. The key is of 1024 bits
// (generateKey, as GenerateKey makes no key below 2048 bits) to keep the
// case short under valgrind; the code is the same for every size.
func TestCTGenerateKey(t *testing.T) {
	cputest.TestAllCombinations(t, []string{"mont", "mont/select"}, func(t *testing.T) {
		priv, err := generateKey(newCTSecretReader(2), 1024)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatal(err)
		}
		n := priv.PublicKey().N()
		if len(n) != 128 || n[0]&0x80 == 0 {
			t.Errorf("modulus of %d bytes, top byte %#x", len(n), n[0])
		}
	})
}
