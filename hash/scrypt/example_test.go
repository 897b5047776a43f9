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

func ExampleParams_Key() {
	// Parameters read from a stored hash are not to be trusted. A server
	// that allows 256 MiB refuses these, which ask for a table of
	// 128·r·N = 1 GiB, at once. (The default limit is 1 GiB; a program that
	// means to use more sets a higher MaxMemory.)
	p := scrypt.Params{N: 1 << 20, R: 8, P: 1, KeyLen: 32, MaxMemory: 256 << 20}
	_, err := p.Key([]byte("some password"), []byte("a 16-byte salt!!"))
	fmt.Println(err)

	// A limit of 1 MiB admits RFC 7914's second test vector (a table of
	// 1 MiB, and B of 128·r·p = 16 KiB), and not one byte less.
	p = scrypt.Params{N: 1024, R: 8, P: 16, KeyLen: 32, MaxMemory: 1 << 20}
	dk, err := p.Key([]byte("password"), []byte("NaCl"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%x\n", dk)
	p.MaxMemory--
	_, err = p.Key([]byte("password"), []byte("NaCl"))
	fmt.Println(err)
	// Output:
	// scrypt: 128*r*N = 1073741824 bytes exceeds the memory limit of 268435456 bytes (raise it with scrypt.Params.MaxMemory)
	// fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162
	// scrypt: 128*r*N = 1048576 bytes exceeds the memory limit of 1048575 bytes (raise it with scrypt.Params.MaxMemory)
}
