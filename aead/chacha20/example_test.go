package chacha20_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/aead/chacha20"
)

func ExampleNewUnauthenticatedCipher() {
	// In real use the key is secret and random, and a 24-byte XChaCha20
	// nonce can be random too (crypto/rand.Read); they are fixed here so
	// that the output is.
	key := bytes.Repeat([]byte{0x42}, chacha20.KeySize)
	nonce := bytes.Repeat([]byte{0x24}, chacha20.NonceSizeX)

	plaintext := []byte("attack at dawn")
	c, err := chacha20.NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		panic(err)
	}
	ciphertext := make([]byte, len(plaintext))
	c.XORKeyStream(ciphertext, plaintext)
	fmt.Println(hex.EncodeToString(ciphertext))

	// Decryption is the same operation, with a new Cipher for the same key
	// and nonce; here in place, in two pieces.
	d, err := chacha20.NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		panic(err)
	}
	d.XORKeyStream(ciphertext[:6], ciphertext[:6])
	d.XORKeyStream(ciphertext[6:], ciphertext[6:])
	fmt.Printf("%s\n", ciphertext)
	// Output:
	// 823bb2c77d6d25f4bb3be514823c
	// attack at dawn
}

func ExampleCipher_SetCounter() {
	key := bytes.Repeat([]byte{0x42}, chacha20.KeySize)
	nonce := bytes.Repeat([]byte{0x24}, chacha20.NonceSize)

	// Decrypt only the part of a message that starts at byte 128 (block
	// 2), without computing the keystream before it.
	c, _ := chacha20.NewUnauthenticatedCipher(key, nonce)
	c.SetCounter(2)
	part := make([]byte, 8)
	c.XORKeyStream(part, part)
	fmt.Println(hex.EncodeToString(part))
	// Output: 14a0e826e2763f8d
}
