package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ed25519"
)

// Sign a message with a key from a seed and verify the signature, here with
// the first test vector of RFC 8032, Section 7.1.
func Example() {
	seed, _ := hex.DecodeString("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
	priv := ed25519.NewKeyFromSeed(seed)
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, nil)
	fmt.Printf("public key: %x\n", pub)
	fmt.Printf("signature:  %x...\n", sig[:16])
	fmt.Println("valid:", ed25519.Verify(pub, nil, sig))
	// Output:
	// public key: d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a
	// signature:  e5564300c360ac729086e2cc806e828a...
	// valid: true
}

// A PrivateKey is a crypto.Signer whose public key is crypto/ed25519's
// type, and the keys and signatures of the two packages are the same bytes.
func ExamplePrivateKey_Sign() {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	var signer crypto.Signer = priv
	msg := []byte("message")
	sig, err := signer.Sign(nil, msg, &ed25519.Options{Context: "example"})
	if err != nil {
		panic(err)
	}
	pub := signer.Public().(stded25519.PublicKey)
	err = stded25519.VerifyWithOptions(pub, msg, sig, &stded25519.Options{Context: "example"})
	fmt.Println("crypto/ed25519 accepts it:", err == nil)
	std, _ := stded25519.PrivateKey(priv).Sign(nil, msg, &stded25519.Options{Context: "example"})
	fmt.Println("same signature:", bytes.Equal(sig, std))
	// Output:
	// crypto/ed25519 accepts it: true
	// same signature: true
}
