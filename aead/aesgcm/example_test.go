package aesgcm_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/aead/aesgcm"
)

// Sealing and opening a message with a key and a nonce that the caller
// manages; the nonce must never repeat under the key. The key and nonce
// are test case 4 of the GCM specification.
func ExampleNew() {
	key, _ := hex.DecodeString("feffe9928665731c6d6a8f9467308308")
	nonce, _ := hex.DecodeString("cafebabefacedbaddecaf888")
	aead, err := aesgcm.New(key)
	if err != nil {
		panic(err)
	}
	ad := []byte("header")
	sealed := aead.Seal(nil, nonce, []byte("attack at dawn"), ad)
	fmt.Println(len(sealed))

	plaintext, err := aead.Open(nil, nonce, sealed, ad)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", plaintext)

	sealed[0] ^= 1
	_, err = aead.Open(nil, nonce, sealed, ad)
	fmt.Println(err)
	// Output:
	// 30
	// attack at dawn
	// aesgcm: message authentication failed
}

// With NewRandomNonce, Seal picks the nonce and prepends it to the
// ciphertext, and Open reads it from there.
func ExampleNewRandomNonce() {
	key := make([]byte, 32) // in practice, from crypto/rand or a KDF
	aead, err := aesgcm.NewRandomNonce(key)
	if err != nil {
		panic(err)
	}
	msg := []byte("hello")
	sealed := aead.Seal(nil, nil, msg, nil)
	fmt.Println(len(sealed) == len(msg)+aead.Overhead(), aead.Overhead())

	plaintext, err := aead.Open(nil, nil, sealed, nil)
	fmt.Println(bytes.Equal(plaintext, msg), err)
	// Output:
	// true 28
	// true <nil>
}
