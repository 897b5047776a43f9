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

// NewWithNonceSize is for protocols whose nonces are not 12 bytes long.
// The key, the 8-byte nonce, the plaintext and the additional data are
// test case 5 of the GCM specification, whose tag this prints.
func ExampleNewWithNonceSize() {
	key, _ := hex.DecodeString("feffe9928665731c6d6a8f9467308308")
	nonce, _ := hex.DecodeString("cafebabefacedbad")
	plaintext, _ := hex.DecodeString("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" +
		"1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
	ad, _ := hex.DecodeString("feedfacedeadbeeffeedfacedeadbeefabaddad2")
	aead, err := aesgcm.NewWithNonceSize(key, len(nonce))
	if err != nil {
		panic(err)
	}
	sealed := aead.Seal(nil, nonce, plaintext, ad)
	fmt.Printf("%x\n", sealed[len(plaintext):])

	opened, err := aead.Open(nil, nonce, sealed, ad)
	fmt.Println(bytes.Equal(opened, plaintext), err)
	// Output:
	// 3612d2e79e3b0785561be14aaca2fccb
	// true <nil>
}
