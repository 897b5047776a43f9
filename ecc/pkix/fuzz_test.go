package pkix_test

import (
	"bytes"
	"crypto/x509"
	mathrand "math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/pkix"
)

// seedKeys adds to f the encodings of keys of every algorithm, private ones
// if private is set and public ones otherwise, and the RFC 8410 examples.
func seedKeys(f *testing.F, private bool) {
	r := mathrand.NewChaCha8([32]byte{'f', 'u', 'z', 'z'})
	for _, g := range keyGens {
		k, err := g.gen(r)
		if err != nil {
			f.Fatal(err)
		}
		var der []byte
		if private {
			der, err = pkix.MarshalPKCS8PrivateKey(k)
		} else {
			der, err = pkix.MarshalPKIXPublicKey(publicOf(f, k))
		}
		if err != nil {
			f.Fatal(err)
		}
		f.Add(der)
	}
	if private {
		f.Add(pemBytes(f, rfc8410PrivateKey, "PRIVATE KEY"))
		f.Add(pemBytes(f, rfc8410PrivateKeyV2, "PRIVATE KEY"))
		der, err := x509.MarshalPKCS8PrivateKey(rsaKey())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(der)
	} else {
		f.Add(pemBytes(f, rfc8410PublicKey, "PUBLIC KEY"))
		der, err := x509.MarshalPKIXPublicKey(&rsaKey().PublicKey)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(der)
	}
	f.Add([]byte{})
	f.Add([]byte{0x30, 0x00})
}

// FuzzParsePKCS8PrivateKey: no input makes ParsePKCS8PrivateKey panic; a
// key it returns marshals back and parses to the same key; and a key of an
// algorithm the standard library has is the key crypto/x509 parses from
// the same bytes (this package may refuse more: see its documentation).
func FuzzParsePKCS8PrivateKey(f *testing.F) {
	seedKeys(f, true)
	f.Fuzz(func(t *testing.T, der []byte) {
		k, err := pkix.ParsePKCS8PrivateKey(der)
		if err != nil {
			if k != nil {
				t.Fatalf("a %T as well as the error %v", k, err)
			}
			return
		}
		again, err := pkix.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatalf("MarshalPKCS8PrivateKey of a parsed %T: %v", k, err)
		}
		k2, err := pkix.ParsePKCS8PrivateKey(again)
		if err != nil || !equalKeys(k, k2) {
			t.Fatalf("%T does not round-trip: %v", k, err)
		}
		if std := toStdlib(t, k); std != nil {
			xk, err := x509.ParsePKCS8PrivateKey(der)
			if err != nil {
				t.Fatalf("accepted a %T that crypto/x509 rejects: %v", k, err)
			}
			if !equalKeys(xk, std) {
				t.Fatalf("parsed a %T that is not crypto/x509's", k)
			}
		}
	})
}

// FuzzParsePKIXPublicKey is FuzzParsePKCS8PrivateKey for public keys;
// compressed EC points, which crypto/x509 refuses, are not compared.
func FuzzParsePKIXPublicKey(f *testing.F) {
	seedKeys(f, false)
	f.Fuzz(func(t *testing.T, der []byte) {
		k, err := pkix.ParsePKIXPublicKey(der)
		if err != nil {
			if k != nil {
				t.Fatalf("a %T as well as the error %v", k, err)
			}
			return
		}
		again, err := pkix.MarshalPKIXPublicKey(k)
		if err != nil {
			t.Fatalf("MarshalPKIXPublicKey of a parsed %T: %v", k, err)
		}
		k2, err := pkix.ParsePKIXPublicKey(again)
		if err != nil || !equalKeys(k, k2) {
			t.Fatalf("%T does not round-trip: %v", k, err)
		}
		if _, ok := k.(*ecdsa.PublicKey); ok && !bytes.Equal(again, der) {
			// DER is unique: only a compressed point, written back
			// uncompressed, makes the encodings differ.
			return
		}
		if std := toStdlib(t, k); std != nil {
			xk, err := x509.ParsePKIXPublicKey(der)
			if err != nil {
				t.Fatalf("accepted a %T that crypto/x509 rejects: %v", k, err)
			}
			if !equalKeys(xk, std) {
				t.Fatalf("parsed a %T that is not crypto/x509's", k)
			}
		}
	})
}
