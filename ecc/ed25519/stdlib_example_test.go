package ed25519_test

import (
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ed25519"
)

// crypto/x509 marshals crypto/ed25519's PrivateKey, not this package's:
// Stdlib gives it one. The key is the example of RFC 8410, Section 10.3,
// and so are its PKCS #8 encoding and, in Section 10.1, its public key,
// which needs no conversion.
func ExamplePrivateKey_Stdlib() {
	seed, _ := hex.DecodeString("d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842")
	priv := ed25519.NewKeyFromSeed(seed)
	der, err := x509.MarshalPKCS8PrivateKey(priv.Stdlib())
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})))
	spki, err := x509.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: spki})))
	// Output:
	// -----BEGIN PRIVATE KEY-----
	// MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC
	// -----END PRIVATE KEY-----
	// -----BEGIN PUBLIC KEY-----
	// MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
	// -----END PUBLIC KEY-----
}
