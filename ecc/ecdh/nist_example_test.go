package ecdh_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// Two parties agree on a shared secret over P-256; one of them sends its
// public key in the compressed SEC 1 form, which crypto/ecdh would not
// take.
func Example_p256() {
	alice, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	bob, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	// Bob compresses his public key: 0x02 or 0x03 (the parity of y), then x.
	full := bob.PublicKey().Bytes()
	compressed := append([]byte{2 | full[64]&1}, full[1:33]...)

	bobsShare, err := ecdh.P256().NewPublicKey(compressed)
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
	fmt.Println(len(full), len(compressed), len(bobsShare.Bytes()), len(s1), bytes.Equal(s1, s2))
	// Output: 65 33 65 32 true
}
