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
