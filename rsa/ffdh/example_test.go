package ffdh_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/crypton-go/crypton/rsa/ffdh"
)

// Two parties agree on a secret over ffdhe2048. Each sends the other its
// public key as bytes; each validates the key it receives before using it.
func Example() {
	group := ffdh.FFDHE2048()

	alice, err := group.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	bob, err := group.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}

	// The messages on the wire: 256 bytes each, as in TLS 1.3.
	fromAlice := alice.PublicKey().Bytes()
	fromBob := bob.PublicKey().Bytes()

	// Alice's side.
	bobPub, err := group.NewPublicKey(fromBob)
	if err != nil {
		panic(err) // an invalid key: abort the exchange
	}
	aliceSecret, err := alice.SharedSecret(bobPub)
	if err != nil {
		panic(err)
	}

	// Bob's side.
	alicePub, err := group.NewPublicKey(fromAlice)
	if err != nil {
		panic(err)
	}
	bobSecret, err := bob.SharedSecret(alicePub)
	if err != nil {
		panic(err)
	}

	fmt.Println(len(fromAlice), len(aliceSecret), bytes.Equal(aliceSecret, bobSecret))
	// Output: 256 256 true
}
