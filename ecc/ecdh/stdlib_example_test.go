package ecdh_test

import (
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// crypto/x509 encodes only the standard library's key types: Stdlib gives
// it one. Here Alice's public key of RFC 7748, Section 6.1, becomes a PEM
// "PUBLIC KEY" (SubjectPublicKeyInfo, RFC 8410).
func ExamplePublicKey_Stdlib() {
	pub, err := ecdh.X25519().NewPublicKey([]byte{
		0x85, 0x20, 0xf0, 0x09, 0x89, 0x30, 0xa7, 0x54, 0x74, 0x8b, 0x7d, 0xdc, 0xb4, 0x3e, 0xf7, 0x5a,
		0x0d, 0xbf, 0x3a, 0x0d, 0x26, 0x38, 0x1a, 0xf4, 0xeb, 0xa4, 0xa9, 0x8e, 0xaa, 0x9b, 0x4e, 0x6a,
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
	// MCowBQYDK2VuAyEAhSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo=
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
