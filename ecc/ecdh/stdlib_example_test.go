package ecdh_test

import (
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// crypto/x509 encodes only the standard library's key types: Stdlib gives
// it one. Here the X25519 public key of RFC 8410, Section 10.1, becomes a
// PEM "PUBLIC KEY" (SubjectPublicKeyInfo).
func ExamplePublicKey_Stdlib() {
	pub, err := ecdh.X25519().NewPublicKey([]byte{
		0x19, 0xbf, 0x44, 0x09, 0x69, 0x84, 0xcd, 0xfe, 0x85, 0x41, 0xba, 0xc1, 0x67, 0xdc, 0x3b, 0x96,
		0xc8, 0x50, 0x86, 0xaa, 0x30, 0xb6, 0xb6, 0xcb, 0x0c, 0x5c, 0x38, 0xad, 0x70, 0x31, 0x66, 0x6e,
	})
	if err != nil {
		panic(err)
	}
	std, err := pub.Stdlib()
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKIXPublicKey(std)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})))
	// Output:
	// -----BEGIN PUBLIC KEY-----
	// MCowBQYDK2VuAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZm4=
	// -----END PUBLIC KEY-----
}

// A private key goes to PKCS #8 through Stdlib and comes back with
// FromStdlibPrivateKey. X448 keys, which crypto/ecdh lacks, cannot: their
// Stdlib is an error.
func ExamplePrivateKey_Stdlib() {
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	std, err := priv.Stdlib()
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(std)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(der) > 0)

	x448, err := ecdh.X448().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	_, err = x448.Stdlib()
	fmt.Println(err)
	// Output:
	// true
	// ecdh: X448 has no counterpart in crypto/ecdh
}
