package secretbox_test

import (
	"crypto/rand"
	"fmt"

	"github.com/crypton-go/crypton/aead/secretbox"
)

func Example() {
	// A secret key shared by the two parties.
	var key [32]byte
	if _, err := rand.Read(key[:]); err != nil {
		panic(err)
	}

	// A fresh nonce for each message: random is fine at 24 bytes. It is
	// sent along with the box, here in front of it.
	var nonce [24]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		panic(err)
	}
	sealed := secretbox.Seal(nonce[:], []byte("hello world"), &nonce, &key)

	// The receiver splits off the nonce and opens the box.
	var n [24]byte
	copy(n[:], sealed[:24])
	msg, ok := secretbox.Open(nil, sealed[24:], &n, &key)
	fmt.Println(string(msg), ok)
	// Output: hello world true
}

func ExampleNewXSalsa20Poly1305() {
	key := []byte("an example very very secret key.")
	aead, err := secretbox.NewXSalsa20Poly1305(key)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, aead.NonceSize()) // use a unique nonce per message
	box := aead.Seal(nil, nonce, []byte("hello world"), nil)

	// The box is the same as secretbox.Seal's.
	var k [32]byte
	var n [24]byte
	copy(k[:], key)
	msg, ok := secretbox.Open(nil, box, &n, &k)
	fmt.Println(string(msg), ok, len(box)-len(msg) == secretbox.Overhead)
	// Output: hello world true true
}
