package hkdf_test

import (
	"fmt"

	"github.com/crypton-go/crypton/hash/hkdf"
	"github.com/crypton-go/crypton/hash/sha256"
)

func ExampleKey() {
	// A shared secret, such as the output of an X25519 exchange, and a salt
	// (random in real use; fixed here so the output is reproducible).
	secret := []byte("an input keying material of 32 b")
	salt := []byte("a salt")

	// Two independent keys for the two directions of a connection, bound to
	// their purpose by info.
	clientKey, err := hkdf.Key(sha256.New, secret, salt, "client to server", 16)
	if err != nil {
		panic(err)
	}
	serverKey, err := hkdf.Key(sha256.New, secret, salt, "server to client", 16)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n%x\n", clientKey, serverKey)
	// Output:
	// 5e0ce2f3aca9eaef06187e92e934e777
	// a149dbd4b052d54403786dca5ce035c5
}

func ExampleExpand() {
	// Extract once, then expand the pseudorandom key for several purposes.
	prk, err := hkdf.Extract(sha256.New, []byte("input keying material"), nil)
	if err != nil {
		panic(err)
	}
	for _, info := range []string{"encryption", "authentication"} {
		key, err := hkdf.Expand(sha256.New, prk, info, 8)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %x\n", info, key)
	}
	// Output:
	// encryption: 0619ed4a4dc2605a
	// authentication: 16ecca3d503fbcf7
}
