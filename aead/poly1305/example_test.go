package poly1305_test

import (
	"fmt"

	"github.com/crypton-go/crypton/aead/poly1305"
)

// The one-time key and message of RFC 8439, Section 2.5.2. In real use the
// key is secret, random and used for one message only.
var key = [32]byte{
	0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5, 0x06, 0xa8,
	0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49, 0xf5, 0x1b,
}

func ExampleSum() {
	var tag [poly1305.TagSize]byte
	poly1305.Sum(&tag, []byte("Cryptographic Forum Research Group"), &key)
	fmt.Printf("%x\n", tag)

	fmt.Println(poly1305.Verify(&tag, []byte("Cryptographic Forum Research Group"), &key))
	fmt.Println(poly1305.Verify(&tag, []byte("Cryptographic Forum Research Grump"), &key))
	// Output:
	// a8061dc1305136c6c22b8baf0c0127a9
	// true
	// false
}

func ExampleNew() {
	// The message can be written in pieces.
	m := poly1305.New(&key)
	m.Write([]byte("Cryptographic "))
	m.Write([]byte("Forum Research Group"))
	fmt.Printf("%x\n", m.Sum(nil))
	// Output: a8061dc1305136c6c22b8baf0c0127a9
}
