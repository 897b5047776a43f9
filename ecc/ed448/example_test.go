package ed448_test

import (
	"crypto"
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ed448"
)

// Sign a message with a key from a seed and verify the signature, here with
// the first test vector of RFC 8032, Section 7.4.
func Example() {
	seed, _ := hex.DecodeString("6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b")
	priv := ed448.NewKeyFromSeed(seed)
	pub := priv.Public().(ed448.PublicKey)
	sig, err := ed448.Sign(priv, nil, "")
	if err != nil {
		panic(err)
	}
	fmt.Printf("public key: %x...\n", pub[:16])
	fmt.Printf("signature:  %x...\n", sig[:16])
	fmt.Println("valid:", ed448.Verify(pub, nil, sig, ""))
	fmt.Println("valid with a context:", ed448.Verify(pub, nil, sig, "ctx"))
	// Output:
	// public key: 5fd7449b59b461fd2ce787ec616ad46a...
	// signature:  533a37f6bbe457251f023c0d88f976ae...
	// valid: true
	// valid with a context: false
}

// Ed448ph signs the SHAKE256 hash of the message; SignPh and VerifyPh hash
// it themselves.
func ExampleSignPh() {
	_, priv, err := ed448.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	msg := []byte("a long message")
	sig, err := ed448.SignPh(priv, msg, "example")
	if err != nil {
		panic(err)
	}
	pub := priv.Public().(ed448.PublicKey)
	fmt.Println("Ed448ph:", ed448.VerifyPh(pub, msg, sig, "example"))
	fmt.Println("as plain Ed448:", ed448.Verify(pub, msg, sig, "example"))
	// Output:
	// Ed448ph: true
	// as plain Ed448: false
}

// A PrivateKey is a crypto.Signer; an *Options selects the context and the
// variant.
func ExamplePrivateKey_Sign() {
	_, priv, err := ed448.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	var signer crypto.Signer = priv
	msg := []byte("message")
	sig, err := signer.Sign(nil, msg, &ed448.Options{Context: "example"})
	if err != nil {
		panic(err)
	}
	pub := signer.Public().(ed448.PublicKey)
	fmt.Println(ed448.VerifyWithOptions(pub, msg, sig, &ed448.Options{Context: "example"}) == nil)
	// Output:
	// true
}
