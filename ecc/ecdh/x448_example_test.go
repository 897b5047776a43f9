package ecdh_test

import (
	"bytes"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// Alice and Bob agree on a shared secret over X448, each sending the other
// the 56-byte encoding of a public key.
func ExampleX448() {
	alice, err := ecdh.X448().GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	bob, err := ecdh.X448().GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	// Each side parses the other's public key from the wire.
	bobPub, err := ecdh.X448().NewPublicKey(bob.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	alicePub, err := ecdh.X448().NewPublicKey(alice.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	s1, err := alice.ECDH(bobPub)
	if err != nil {
		panic(err)
	}
	s2, err := bob.ECDH(alicePub)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(s1), bytes.Equal(s1, s2))
	// Output:
	// 56 true
}
