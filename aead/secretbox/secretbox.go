// Package secretbox implements NaCl's secretbox, the authenticated
// encryption of small messages with XSalsa20 and Poly1305
// (crypto_secretbox_xsalsa20poly1305; D. J. Bernstein, "Cryptography in
// NaCl", 2009).
//
// The package mirrors golang.org/x/crypto/nacl/secretbox: the same
// functions, constant and results, byte for byte, so that a program
// switches by changing an import path. It adds [NewXSalsa20Poly1305], the
// same construction as a [cipher.AEAD].
//
// A box is the 16-byte Poly1305 tag followed by the ciphertext, as long as
// the message. The first 32 bytes of the XSalsa20 keystream of the key and
// the 24-byte nonce are the one-time Poly1305 key; the message is encrypted
// with the keystream from byte 32 on, and the tag authenticates the
// ciphertext. A nonce must never be used twice with the same key; 24 bytes
// are enough to choose nonces at random.
//
// As golang.org/x/crypto/nacl/secretbox explains, the whole message must be
// held in memory, and long messages are better split into chunks (of 16 KiB,
// say), each sealed with its own nonce.
//
// # Implementations
//
// The package is portable Go built on the Salsa20 code of
// github.com/crypton-go/crypton/aead/salsa20 (shared through an internal
// package) and on github.com/crypton-go/crypton/aead/poly1305, and uses
// their accelerated implementations (registered with cpufeat as "salsa20"
// and "poly1305").
//
// # Constant time
//
// Sealing and opening perform no branch and no memory access whose address
// depends on the key, the nonce, the message or the tag; the tag is
// compared in constant time. The time taken depends on the length of the
// message and on whether Open succeeds, which are not secret.
package secretbox

import (
	"crypto/subtle"

	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/salsa"
	"github.com/crypton-go/crypton/aead/poly1305"
)

// Overhead is the number of bytes a box is longer than its message: the
// size of the Poly1305 tag.
const Overhead = poly1305.TagSize

// Seal appends to out a box of message under the 32-byte key and the
// 24-byte nonce, which must be unique for each message sealed with the key,
// and returns the updated slice. The box is Overhead bytes longer than the
// message. Seal does not allocate if out has room for the box.
//
// As in golang.org/x/crypto/nacl/secretbox, the space appended to out must
// not overlap message: Seal panics if it does.
func Seal(out, message []byte, nonce *[24]byte, key *[32]byte) []byte {
	ret, box := alias.SliceForAppend(out, len(message)+Overhead)
	if alias.AnyOverlap(box, message) {
		panic("secretbox: invalid buffer overlap")
	}
	seal(box, message, nonce, key)
	return ret
}

// Open authenticates box, made by Seal (or NaCl's crypto_secretbox) under
// the 32-byte key and the 24-byte nonce, and if it is authentic appends the
// message to out and returns the updated slice and true. Otherwise, and
// when box is shorter than Overhead, it returns nil and false and writes
// nothing: the tag is checked, in constant time, before anything is
// decrypted. Open does not allocate if out has room for the message.
//
// As in golang.org/x/crypto/nacl/secretbox, the space appended to out must
// not overlap box: Open panics if it does (but only once the box has been
// found authentic).
func Open(out, box []byte, nonce *[24]byte, key *[32]byte) ([]byte, bool) {
	if len(box) < Overhead {
		return nil, false
	}
	var k opener
	if !k.verify(box, nonce, key) {
		return nil, false
	}
	ret, msg := alias.SliceForAppend(out, len(box)-Overhead)
	if alias.AnyOverlap(msg, box) {
		panic("secretbox: invalid buffer overlap")
	}
	k.decrypt(msg, box[Overhead:])
	return ret, true
}

// start sets s up for XSalsa20 with the key and nonce and computes the
// first keystream of a message of n bytes into ks: block 0, whose first 32
// bytes are the Poly1305 key, and as many of blocks 1 to 7 as the message
// needs, in one call to the block function (one pass of its AVX2 code,
// rather than one for the key and another for the message). It leaves the
// counter of s at the next block.
func start(s *salsa.State, ks *[salsa.GroupSize]byte, nonce *[24]byte, key *[32]byte, n int) {
	var subkey [32]byte
	salsa.HSalsa20(&subkey, (*[16]byte)(nonce[:16]), key)
	s.Init(&subkey, (*[8]byte)(nonce[16:]), 0)
	k := min(len(ks), (32+n+salsa.BlockSize-1)&^(salsa.BlockSize-1))
	salsa.KeyStream(s, ks[:k])
}

// xorKeyStream (which encrypts and decrypts) XORs the keystream from byte
// 32 on into dst from src, which are the same length and the same buffer
// or apart: what start put in ks after the Poly1305 key, then, for a long
// message, the blocks from the counter of s on.
func xorKeyStream(s *salsa.State, ks *[salsa.GroupSize]byte, dst, src []byte) {
	m := subtle.XORBytes(dst, src, ks[32:])
	if m < len(src) {
		salsa.XORKeyStream(s, dst[m:], src[m:])
	}
}

// seal writes the box of message to box, which is exactly Overhead bytes
// longer; box[Overhead:] and message are the same buffer or apart.
func seal(box, message []byte, nonce *[24]byte, key *[32]byte) {
	var s salsa.State
	var ks [salsa.GroupSize]byte
	start(&s, &ks, nonce, key, len(message))
	ct := box[Overhead:]
	xorKeyStream(&s, &ks, ct, message)
	poly1305.Sum((*[Overhead]byte)(box), ct, (*[32]byte)(ks[:32]))
}

// opener opens a box in two steps: verify, then decrypt.
type opener struct {
	s  salsa.State
	ks [salsa.GroupSize]byte
}

// verify computes the first keystream for the key and nonce and reports
// whether box, at least Overhead bytes long, carries the right tag.
func (k *opener) verify(box []byte, nonce *[24]byte, key *[32]byte) bool {
	start(&k.s, &k.ks, nonce, key, len(box)-Overhead)
	ok := poly1305.Verify((*[Overhead]byte)(box), box[Overhead:], (*[32]byte)(k.ks[:32]))
	// Whether the tag matched is what Open reveals: only that outcome,
	// never the position of a difference, decides the branch that follows.
	declassify(&ok)
	return ok
}

// decrypt writes to dst the message of src, the ciphertext that follows
// the tag of the box verify checked; they are the same buffer or apart.
func (k *opener) decrypt(dst, src []byte) {
	xorKeyStream(&k.s, &k.ks, dst, src)
}
