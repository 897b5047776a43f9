package ecdh_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// Two parties agree on a shared secret over X25519.
func Example() {
	alice, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	bob, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	// Each sends its public key, alice.PublicKey().Bytes(), to the other,
	// who parses it with NewPublicKey.
	bobsShare, err := ecdh.X25519().NewPublicKey(bob.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	s1, err := alice.ECDH(bobsShare)
	if err != nil {
		panic(err)
	}
	s2, err := bob.ECDH(alice.PublicKey())
	if err != nil {
		panic(err)
	}
	fmt.Println(len(s1), bytes.Equal(s1, s2))
	// Output: 32 true
}

// The exchange of RFC 7748, Section 6.1, seen from Alice's side.
func ExamplePrivateKey_ECDH() {
	alice, _ := ecdh.X25519().NewPrivateKey([]byte{
		0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
		0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a,
	})
	bob, _ := ecdh.X25519().NewPublicKey([]byte{
		0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
		0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
	})
	shared, err := alice.ECDH(bob)
	fmt.Printf("%x %v\n", shared, err)
	// Output: 4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742 <nil>
}
