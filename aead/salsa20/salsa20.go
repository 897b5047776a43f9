// Package salsa20 implements the Salsa20/20 stream cipher of D. J.
// Bernstein ("Salsa20 specification", 2005) with a 256-bit key, its
// extended-nonce variant XSalsa20 ("Extending the Salsa20 nonce", 2008),
// the HSalsa20 function that derives XSalsa20's subkey, and the Salsa20/8
// core that scrypt (RFC 7914) is built on.
//
// The package mirrors golang.org/x/crypto/salsa20 (XORKeyStream, with the
// same arguments and panics) and the parts of golang.org/x/crypto/salsa20/salsa
// that are in use (HSalsa20, and Core8 for Core208), so that a program
// switches by changing import paths.
//
// Salsa20, like every stream cipher, does not authenticate what it
// encrypts: anyone can flip bits of a ciphertext and the same bits of the
// plaintext flip. Use it as a building block; to encrypt messages, use
// github.com/crypton-go/crypton/aead/secretbox.
//
// # Implementations
//
// The keystream is computed by portable Go code ("generic"), which every
// accelerated implementation is tested against, or on amd64 with AVX2 by
// assembly generated with avo ("AVX2": eight blocks at a time, one block per
// 32-bit lane, and the last one to six blocks two at a time, one per
// 128-bit lane), or with AVX-512F ("AVX-512": sixteen blocks at a time in
// the ZMM registers, at every length). Implementations register with
// github.com/crypton-go/crypton/cpufeat under the package name "salsa20";
// CRYPTON_CPU=-avx512 switches the AVX-512 code off, -avx2 the AVX2 code. The -tags purego build
// uses only the generic code. HSalsa20, Core8 and XORCore8 (the word-based
// core that github.com/crypton-go/crypton/hash/scrypt calls, and that Core8
// wraps: the repository's one Salsa20/8 core) are portable Go only.
//
// # Constant time
//
// No function of the package performs a branch or a memory access whose
// address depends on the key, the nonce, the input or the keystream. The
// time taken depends only on the lengths of the inputs.
package salsa20

import (
	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/salsa"
)

// XORKeyStream sets out[i] = in[i] XOR keystream[i] for every i < len(in),
// where the keystream is that of Salsa20/20 with the 32-byte key and an
// 8-byte nonce, or of XSalsa20 if the nonce is 24 bytes long: the subkey is
// then HSalsa20 of the key and nonce[:16], and nonce[16:] the Salsa20
// nonce. The 64-bit block counter starts at zero, so every call starts the
// keystream afresh: a message encrypted in pieces must be decrypted in the
// same pieces. A key and nonce must never encrypt two different messages.
//
// out and in must overlap entirely or not at all; out may be longer than in,
// and only out[:len(in)] is written. Like golang.org/x/crypto/salsa20 and
// [crypto/cipher.Stream], XORKeyStream panics if out is shorter than in, if
// the buffers overlap otherwise, or if the nonce is not 8 or 24 bytes long.
// It does not allocate.
func XORKeyStream(out, in []byte, nonce []byte, key *[32]byte) {
	if len(out) < len(in) {
		panic("salsa20: output smaller than input")
	}
	out = out[:len(in)]
	if alias.InexactOverlap(out, in) {
		panic("salsa20: invalid buffer overlap")
	}
	var s salsa.State
	switch len(nonce) {
	case 8:
		s.Init(key, (*[8]byte)(nonce), 0)
	case 24:
		var subkey [32]byte
		salsa.HSalsa20(&subkey, (*[16]byte)(nonce[:16]), key)
		s.Init(&subkey, (*[8]byte)(nonce[16:]), 0)
	default:
		panic("salsa20: nonce must be 8 or 24 bytes")
	}
	salsa.XORKeyStream(&s, out, in)
}

// HSalsa20 sets out to HSalsa20 of the 16-byte input in under the 32-byte
// key, with the constant "expand 32-byte k" ("Extending the Salsa20 nonce",
// Section 2): twenty Salsa20 rounds on the state holding the key, the
// constant and in, of which words 0, 5, 10, 15, 6, 7, 8 and 9, without the
// input added back, are the output. out may be the same array as key.
//
// It is golang.org/x/crypto/salsa20/salsa.HSalsa20 with salsa.Sigma as the
// constant.
func HSalsa20(out *[32]byte, in *[16]byte, key *[32]byte) {
	salsa.HSalsa20(out, in, key)
}
