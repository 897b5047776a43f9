package main

import (
	goaes "crypto/aes"
	"crypto/cipher"

	xchacha20poly1305 "golang.org/x/crypto/chacha20poly1305"

	"github.com/crypton-go/crypton/aead/aesgcm"
	"github.com/crypton-go/crypton/aead/chacha20poly1305"
)

// aeadSpeedAlgs are the throughput rows of the aead module: Seal of a
// 16 KiB message with no additional data, against the standard library's
// AES-GCM and x/crypto's ChaCha20-Poly1305 (the standard library has none).
var aeadSpeedAlgs = []speedAlg{
	{name: "AES-128-GCM", family: "aead", pkg: "aesgcm", unit: unitMBs, opensslCmd: "aes-128-gcm",
		crypton: sealer(16, aesgcm.New),
		gostd:   sealer(16, stdGCM)},
	{name: "AES-256-GCM", family: "aead", pkg: "aesgcm", unit: unitMBs, opensslCmd: "aes-256-gcm",
		crypton: sealer(32, aesgcm.New),
		gostd:   sealer(32, stdGCM)},
	{name: "ChaCha20-Poly1305", family: "aead", pkg: "chacha20poly1305;chacha20,poly1305", unit: unitMBs, opensslCmd: "chacha20-poly1305",
		crypton: sealer(32, chacha20poly1305.New),
		gostd:   sealer(32, xchacha20poly1305.New),
		goPeer:  "golang.org/x/crypto/chacha20poly1305"},
}

// stdGCM is AES-GCM from Go's standard library.
func stdGCM(key []byte) (cipher.AEAD, error) {
	b, err := goaes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

// sealer returns a function that seals its argument with a fixed key of
// keySize bytes and a fixed nonce.
func sealer[A interface {
	Seal(dst, nonce, plaintext, additionalData []byte) []byte
	NonceSize() int
}](keySize int, mk func(key []byte) (A, error)) func([]byte) {
	a, err := mk(make([]byte, keySize))
	if err != nil {
		panic("crypton speed: " + err.Error())
	}
	nonce := make([]byte, a.NonceSize())
	var out []byte
	return func(b []byte) {
		out = a.Seal(out[:0], nonce, b, nil)
		sink ^= out[0]
	}
}
