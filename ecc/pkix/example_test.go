package pkix_test

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/pem"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/ecc/ed448"
	"github.com/crypton-go/crypton/ecc/pkix"
)

// Ed448 keys, which crypto/x509 cannot encode, in PKCS #8 and PKIX: here the
// key of RFC 8032, Section 7.4, "Blank".
func ExampleMarshalPKCS8PrivateKey() {
	seed, _ := hex.DecodeString("6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3" +
		"528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b")
	priv := ed448.NewKeyFromSeed(seed)
	der, err := pkix.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})))
	spki, err := pkix.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: spki})))
	// Output:
	// -----BEGIN PRIVATE KEY-----
	// MEcCAQAwBQYDK2VxBDsEOWyCpWLLgI0Q1jK+ichRPr9skp803fqMn2PJlg7240ij
	// UoyKP8wvBE45o/xblEkvjwMudUmiAJj5Ww==
	// -----END PRIVATE KEY-----
	// -----BEGIN PUBLIC KEY-----
	// MEMwBQYDK2VxAzoAX9dEm1m0Yf0s54fsYWrUah2hNCSFpw4fig6nXYDpZ3jt8SR2
	// m0bHBhvWeD3x5Q9s0foavq/oJWGA
	// -----END PUBLIC KEY-----
}

// Loading a key of any algorithm from PEM: ParsePKCS8PrivateKey returns
// crypton's key types, and a type switch picks the algorithm.
func ExampleParsePKCS8PrivateKey() {
	for _, s := range []string{
		// RFC 8410, Section 10.3.
		"-----BEGIN PRIVATE KEY-----\n" +
			"MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n" +
			"-----END PRIVATE KEY-----\n",
		// openssl genpkey -algorithm x448
		"-----BEGIN PRIVATE KEY-----\n" +
			"MEYCAQAwBQYDK2VvBDoEOCj2CWeg1BZ8iKK2H9UG8ex11q8e3HLUFXU+khF57YWD\n" +
			"UsM9dLSjjSA4i5+lRgLg5xUkBasa/4ir\n" +
			"-----END PRIVATE KEY-----\n",
	} {
		block, _ := pem.Decode([]byte(s))
		key, err := pkix.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			panic(err)
		}
		switch k := key.(type) {
		case ed25519.PrivateKey:
			fmt.Printf("Ed25519, public key %x\n", k.Public())
		case ed448.PrivateKey:
			fmt.Printf("Ed448, public key %x\n", k.Public())
		case *ecdh.PrivateKey:
			fmt.Printf("%v, public key %x\n", k.Curve(), k.PublicKey().Bytes())
		case *ecdsa.PrivateKey:
			fmt.Printf("ECDSA %v\n", k.PublicKey().Curve())
		default:
			fmt.Printf("%T\n", k)
		}
	}
	// Output:
	// Ed25519, public key 19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1
	// X448, public key f26668534da4465ddd02303f7a6520f8e1a86706bb9139fdd234107bc8391ab41d2577cf11bb6047710855e67556000942d2396e293eed7c
}

// The standard library's keys are accepted too, and encoded as
// crypto/x509 encodes them.
func ExampleMarshalPKIXPublicKey() {
	priv, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	a, err := pkix.MarshalPKIXPublicKey(priv.PublicKey())
	if err != nil {
		panic(err)
	}
	b, err := pkix.MarshalPKIXPublicKey(priv.Public()) // a *crypto/ecdsa.PublicKey
	if err != nil {
		panic(err)
	}
	fmt.Println(string(a) == string(b))
	// Output: true
}
