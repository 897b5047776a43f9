// Package aes implements the AES block cipher (FIPS 197) with 128-, 192- and
// 256-bit keys, as a [cipher.Block].
//
// It mirrors the standard library's crypto/aes: the same [NewCipher],
// [BlockSize] and [KeySizeError], with errors and panics named after this
// package. Use the returned Block with a mode such as AES-GCM
// (crypton's aead/aesgcm, or crypto/cipher); on its own, encrypting single
// blocks is rarely what an application needs.
//
// # Implementations
//
// The generic implementation, which runs wherever no accelerated one
// applies (and always with the purego build tag), is constant-time: it is
// bitsliced, evaluating the S-box as a Boolean circuit on several blocks at
// once, so that neither memory addresses nor branches depend on the key or
// the data. (The standard library's portable AES uses lookup tables.) It is
// several times slower than table-based code.
//
// On amd64 the AES-NI instructions are used when the CPU has them; the
// multi-block path that crypton's modes use also has a VAES version for CPUs
// with 256-bit VAES. Which of them runs is reported by cpufeat under the
// package name "aes"; CRYPTON_CPU=-aesni turns AES-NI off. arm64 uses the
// generic code for now.
package aes

import (
	"crypto/cipher"
	"strconv"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/alias"
)

// BlockSize is the AES block size in bytes.
const BlockSize = 16

// KeySizeError is the error NewCipher returns for a key that is not 16, 24
// or 32 bytes long; its value is the length of the key.
type KeySizeError int

func (k KeySizeError) Error() string {
	return "aes: invalid key size " + strconv.Itoa(int(k))
}

// block is the cipher.Block that NewCipher returns.
type block struct {
	key aescore.Key
}

// NewCipher creates and returns a new [cipher.Block] for the AES key key,
// which must be 16, 24 or 32 bytes long to select AES-128, AES-192 or
// AES-256. Other lengths return a [KeySizeError]. The Block keeps its own
// copy of the expanded key; key may be modified afterwards.
func NewCipher(key []byte) (cipher.Block, error) {
	switch len(key) {
	case 16, 24, 32:
	default:
		return nil, KeySizeError(len(key))
	}
	b := new(block)
	if err := b.key.Init(key); err != nil {
		return nil, KeySizeError(len(key))
	}
	return b, nil
}

// BlockSize returns the AES block size, 16 bytes.
func (b *block) BlockSize() int { return BlockSize }

// Encrypt encrypts the first block of src into dst. dst and src must be at
// least BlockSize bytes long and may be the same slice, but must not
// overlap otherwise; Encrypt panics if either is too short or if they
// overlap inexactly, as the cipher.Block interface allows.
func (b *block) Encrypt(dst, src []byte) {
	if len(src) < BlockSize {
		panic("aes: input not full block")
	}
	if len(dst) < BlockSize {
		panic("aes: output not full block")
	}
	if alias.InexactOverlap(dst[:BlockSize], src[:BlockSize]) {
		panic("aes: invalid buffer overlap")
	}
	aescore.EncryptBlock(&b.key, (*[BlockSize]byte)(dst), (*[BlockSize]byte)(src))
}

// Decrypt decrypts the first block of src into dst, under the same rules
// as Encrypt.
func (b *block) Decrypt(dst, src []byte) {
	if len(src) < BlockSize {
		panic("aes: input not full block")
	}
	if len(dst) < BlockSize {
		panic("aes: output not full block")
	}
	if alias.InexactOverlap(dst[:BlockSize], src[:BlockSize]) {
		panic("aes: invalid buffer overlap")
	}
	aescore.DecryptBlock(&b.key, (*[BlockSize]byte)(dst), (*[BlockSize]byte)(src))
}
