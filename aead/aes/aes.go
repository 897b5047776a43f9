// Package aes implements the AES block cipher (FIPS 197) with 128-, 192- and
// 256-bit keys, as a [cipher.Block].
//
// It mirrors the standard library's crypto/aes: the same [NewCipher],
// [BlockSize] and [KeySizeError], with errors and panics named after this
// package. On its own, encrypting single blocks is rarely what an
// application needs; use the Block with a mode.
//
// # Modes through crypto/cipher
//
// The Block that NewCipher returns has the optional methods NewGCM and
// NewCTR that crypto/cipher looks for on a Block it does not know, so that
// crypto/cipher's modes run crypton's code, kernels included, instead of
// crypto/cipher's generic code, which calls Encrypt one block at a time
// (about 50 times slower for AES-GCM):
//
//   - cipher.NewGCM, cipher.NewGCMWithNonceSize and
//     cipher.NewGCMWithTagSize return the AES-GCM of aead/aesgcm (the same
//     AEAD as aesgcm.New, aesgcm.NewWithNonceSize and
//     aesgcm.NewWithTagSize with the same key), whose implementations are
//     selected under the cpufeat name "aesgcm" and whose panics and errors
//     say "aesgcm: ...".
//   - cipher.NewCTR returns this package's counter mode, with
//     crypto/cipher's counter (the whole 16-byte block, big-endian, modulo
//     2¹²⁸) and its rules for XORKeyStream; on amd64 and arm64 a kernel
//     makes the counter blocks in registers and XORs the key stream into
//     the output as it leaves the last round.
//
// cipher.NewGCMWithRandomNonce accepts only crypto/aes's Block and returns
// an error for this one: use aesgcm.NewRandomNonce. The Block has no
// NewCBCEncrypter or NewCBCDecrypter method: CBC (and CFB and OFB, which
// crypto/cipher has no such hook for) runs crypto/cipher's generic code
// over Encrypt and Decrypt. With GODEBUG=fips140=only, crypto/cipher
// refuses GCM with caller-chosen nonces over any Block and CTR over any
// Block but crypto/aes's (an error from NewGCM, a panic from NewCTR)
// before it looks for these methods.
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
// multi-block path that crypton's modes use, counter mode included, also
// has a VAES version for CPUs with 256-bit VAES, and counter mode a
// 512-bit one ("VAES-512", 32 blocks per step, for CPUs with AVX-512 and
// 512-bit VAES; CRYPTON_CPU=-vaes512 keeps the 256-bit one). On arm64 the AES
// instructions of the ARMv8 Cryptography Extensions are used. Which of them
// runs is reported by cpufeat under the package name "aes" (a Block takes
// the selection when it is made, a Stream from NewCTR when it is made);
// CRYPTON_CPU=-aesni turns AES-NI off.
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
