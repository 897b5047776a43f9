package main

import (
	xchacha20poly1305 "golang.org/x/crypto/chacha20poly1305"

	"github.com/crypton-go/crypton/aead/chacha20poly1305"
)

// aeadSpeedAlgs are the throughput rows of the aead module: Seal of a
// 16 KiB message with no additional data, against x/crypto where Go's
// standard library has no implementation.
var aeadSpeedAlgs = []speedAlg{
	{name: "ChaCha20-Poly1305", family: "aead", pkg: "chacha20,poly1305", unit: unitMBs, opensslCmd: "chacha20-poly1305",
		crypton: sealer(chacha20poly1305.New),
		gostd:   sealer(xchacha20poly1305.New),
		goPeer:  "golang.org/x/crypto/chacha20poly1305"},
}

// sealer returns a function that seals its argument with a fixed key and
// nonce, for an AEAD constructor whose keys are 32 bytes.
func sealer[A interface {
	Seal(dst, nonce, plaintext, additionalData []byte) []byte
	NonceSize() int
}](mk func(key []byte) (A, error)) func([]byte) {
	a, err := mk(make([]byte, 32))
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
