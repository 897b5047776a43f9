package pbkdf2_test

import (
	"fmt"

	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/hash/sha256"
)

func ExampleKey() {
	// In real use the salt is random, at least 16 bytes, and stored with
	// the derived key; the iteration count is as high as the application
	// can afford (OWASP suggests 600000 for PBKDF2-HMAC-SHA256).
	salt := []byte("NaCl")
	key, err := pbkdf2.Key(sha256.New, "Password", salt, 80000, 32)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", key)
	// Output: 4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56
}

func ExampleKeyWithParams() {
	// A key length read from untrusted input is bounded by the default
	// limit of Key, 1 GiB, although RFC 8018 allows 128 GiB with SHA-256.
	_, err := pbkdf2.Key(sha256.New, "passwd", []byte("salt"), 1, 1<<30+1)
	fmt.Println(err)

	// KeyWithParams takes another limit, higher or, as here, lower.
	p := pbkdf2.Params{Iter: 1, KeyLength: 64, MaxKeyLength: 64}
	key, err := pbkdf2.KeyWithParams(sha256.New, "passwd", []byte("salt"), p)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", key)
	// Output:
	// pbkdf2: keyLength too long: 1073741825 bytes exceeds the limit of 1073741824 bytes (raise it with pbkdf2.Params.MaxKeyLength)
	// 55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783
}
