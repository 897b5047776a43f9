package ecdsa_test

import (
	stdecdsa "crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// crypto/x509 encodes only the standard library's key types: Stdlib gives
// it one, and FromStdlibPrivateKey brings what it parses back. Here the
// P-256 key of RFC 6979, Appendix A.2.5, goes to PKCS #8 and back, and its
// public key is written as a PEM "PUBLIC KEY" (SubjectPublicKeyInfo).
func ExamplePrivateKey_Stdlib() {
	d, _ := hex.DecodeString("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
	priv, err := ecdsa.NewPrivateKey(ecdsa.P256(), d)
	if err != nil {
		panic(err)
	}

	der, err := x509.MarshalPKCS8PrivateKey(priv.Stdlib())
	if err != nil {
		panic(err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		panic(err)
	}
	back, err := ecdsa.FromStdlibPrivateKey(parsed.(*stdecdsa.PrivateKey))
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Equal(priv))

	spki, err := x509.MarshalPKIXPublicKey(priv.PublicKey().Stdlib())
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: spki})))
	// Output:
	// true
	// -----BEGIN PUBLIC KEY-----
	// MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYP7UuiVanTHJYet0xjVtaMBJuJI7
	// Yfps5mliLmDyn7Z5A/4QCLi8maQa6elWKLxk8vGyDC1+n1F3o8KU1EYimQ==
	// -----END PUBLIC KEY-----
}

// SignASN1 is crypto/ecdsa's function of the same name for this package's
// keys: a randomized (hedged) signature in ASN.1 DER, which crypto/ecdsa
// verifies.
func ExampleSignASN1() {
	priv, err := ecdsa.GenerateKey(ecdsa.P384(), rand.Reader)
	if err != nil {
		panic(err)
	}
	digest := sha256.Sum256([]byte("hello, world"))
	sig, err := ecdsa.SignASN1(rand.Reader, priv, digest[:])
	if err != nil {
		panic(err)
	}
	fmt.Println(stdecdsa.VerifyASN1(priv.PublicKey().Stdlib(), digest[:], sig))
	// Output: true
}
