package scrypt_test

import (
	"fmt"
	"log"

	"github.com/crypton-go/crypton/hash/scrypt"
)

func ExampleKey() {
	// The salt should be random, at least 16 bytes, and stored with the
	// derived key; a fixed one keeps the output of this example fixed.
	salt := []byte("a 16-byte salt!!")

	dk, err := scrypt.Key([]byte("some password"), salt, 32768, 8, 1, 32)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%x\n", dk)

	// Bad parameters are an error, not a panic.
	_, err = scrypt.Key([]byte("some password"), salt, 1000, 8, 1, 32)
	fmt.Println(err)
	// Output:
	// f8df11d67174d85f7817b10a4ca477364b18659d4c81bd6ad087d45bc62a861a
	// scrypt: N must be > 1 and a power of 2
}
