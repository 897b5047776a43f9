package chacha20poly1305_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/crypton-go/crypton/aead/chacha20poly1305"
)

func ExampleNewX() {
	// In real use the key is secret and random, from crypto/rand or a key
	// derivation function.
	key := bytes.Repeat([]byte{0x42}, chacha20poly1305.KeySize)
	aead, err := chacha20poly1305.NewX(key)
	if err != nil {
		panic(err)
	}

	// XChaCha20-Poly1305 nonces are long enough to be chosen at random.
	// Sealing appends to the nonce, which travels with the ciphertext.
	msg := []byte("Gophers, gophers, gophers everywhere!")
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(msg)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	sealed := aead.Seal(nonce, nonce, msg, nil)

	// Opening splits the nonce off again.
	nonce, ciphertext := sealed[:aead.NonceSize()], sealed[aead.NonceSize():]
	plaintext, err := aead.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", plaintext)

	// Any change to the ciphertext, or to the additional data, is detected.
	ciphertext[0] ^= 1
	if _, err := aead.Open(nil, nonce, ciphertext, nil); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Gophers, gophers, gophers everywhere!
	// chacha20poly1305: message authentication failed
}

func ExampleNew() {
	key := bytes.Repeat([]byte{0x42}, chacha20poly1305.KeySize)
	aead, err := chacha20poly1305.New(key)
	if err != nil {
		panic(err)
	}

	// 96-bit nonces must never repeat under one key; a counter is the usual
	// choice, as in TLS. Here the first message of a session.
	nonce := make([]byte, chacha20poly1305.NonceSize)
	header := []byte("session 7, message 0")
	sealed := aead.Seal(nil, nonce, []byte("hello"), header)
	fmt.Printf("%x\n", sealed)

	plaintext, err := aead.Open(nil, nonce, sealed, header)
	fmt.Printf("%s %v\n", plaintext, err)
	// Output:
	// 3103884772ad9d580b1fad94683ad71b4b9db2cd7b
	// hello <nil>
}
