// Package aesgcm implements AES in Galois/Counter Mode (GCM), the
// authenticated encryption with associated data of NIST SP 800-38D, with
// 96-bit nonces (and, for compatibility, nonces of other sizes).
//
// The package mirrors the AES-GCM of the standard library's crypto/cipher:
// [New] is cipher.NewGCM(aes.NewCipher(key)), [NewWithTagSize] is
// cipher.NewGCMWithTagSize, [NewWithNonceSize] is
// cipher.NewGCMWithNonceSize and [NewRandomNonce] is
// cipher.NewGCMWithRandomNonce, and all return a [cipher.AEAD] that seals
// and opens exactly as the standard library's does.
//
// Code written against crypto/cipher gets the same AEAD, kernels included,
// with a Block from crypton's aead/aes: cipher.NewGCM(block),
// cipher.NewGCMWithNonceSize(block, size) and
// cipher.NewGCMWithTagSize(block, tagSize) call the Block's NewGCM
// method, which returns what New, NewWithNonceSize and NewWithTagSize
// return for its key. (cipher.NewGCMWithRandomNonce accepts crypto/aes's
// Block only; NewRandomNonce is its counterpart here.)
//
// A 96-bit nonce must never repeat under one key: a repeated nonce reveals
// the XOR of the two plaintexts and lets an attacker forge messages. Chosen
// at random, nonces are safe for about 2³² messages per key; [NewRandomNonce]
// does exactly that inside Seal.
//
// # Seal and Open
//
// Seal appends the ciphertext and the tag to dst; Open checks the tag and
// appends the plaintext. Neither allocates if dst has room for the result.
// To work in place, pass plaintext[:0] (or ciphertext[:0]) as dst;
// otherwise the output must not overlap the input, and must not overlap the
// additional data at all. As [cipher.AEAD] documents, Seal and Open panic
// if the nonce has the wrong length, and, like the standard library's GCM,
// if the buffers overlap other than exactly. Seal also panics for a
// plaintext longer than 2³⁶-32 bytes (64 GiB), the most that the 32-bit
// block counter allows. Open never panics on the contents or length of the
// ciphertext or additional data, and leaves no plaintext in dst when the
// tag is wrong: the generic code and the non-stitched amd64 kernels
// authenticate the ciphertext before they decrypt it, and the stitched
// kernels and the arm64 chunked path, which decrypt while they authenticate,
// have what they wrote zeroed (within dst's capacity, as [cipher.AEAD]
// allows).
//
// # Implementations
//
// Registered with github.com/crypton-go/crypton/cpufeat under the package
// name "aesgcm", and chosen when an AEAD is made:
//
//   - generic: portable Go and constant-time: the bitsliced AES of
//     aead/internal/aescore in counter mode, and the GHASH of
//     aead/internal/ghash, which multiplies in GF(2¹²⁸) with integer
//     multiplications on bit-spaced operands rather than with tables.
//   - "AES-NI" (amd64, AES-NI, PCLMULQDQ and SSSE3): on CPUs with AVX, a
//     kernel that runs counter mode and GHASH stitched together, eight
//     blocks per step in XMM registers: the AES rounds of eight counter
//     blocks interleaved with the GHASH of eight ciphertext blocks over the
//     powers H⁸..H¹ of the hash key, with one reduction per step. Without
//     AVX, counter mode with AESENC eight blocks at a time, then GHASH with
//     PCLMULQDQ, eight blocks per reduction, in separate passes.
//   - "VAES" (amd64, 256-bit VAES and VPCLMULQDQ, AVX2): a kernel that
//     runs counter mode and GHASH stitched together, two blocks per YMM
//     register and sixteen per step: the AES rounds of sixteen counter
//     blocks interleaved with the GHASH of sixteen ciphertext blocks over
//     the powers H¹⁶..H¹, with one reduction per step.
//   - "VAES-512" (amd64, 512-bit VAES and VPCLMULQDQ, AVX-512BW, AVX2):
//     the same kernel with four blocks per ZMM register and 32 per step,
//     one reduction per step over the powers H³²..H¹, for messages from 1
//     KiB; shorter ones and the last 768 bytes of those with an odd number
//     of 256-byte chunks take the "VAES" kernel. It is preferred where the
//     CPU has it; CRYPTON_CPU=-avx512 (or -vaes512) selects "VAES"
//     instead, for a CPU that lowers its clock for 512-bit code more than
//     the wider kernel gains. Its GHASH keeps the powers of H in
//     registers for the whole message (a 64-byte memory operand beside
//     512-bit AES rounds is dear). On an Intel Xeon of the Sapphire
//     Rapids class, where 256-bit VAES already issues two AES rounds per
//     cycle and 512-bit VAES one, 16 KiB messages are about 1.38× as
//     fast as with "VAES"; llvm-mca estimates 1.95× for Ice Lake-SP and
//     1.7× for AMD Zen 4, whose 256-bit VAES issues one.
//   - "ARMv8-AES" (arm64 with the AES and PMULL instructions): counter mode
//     with AESE/AESMC, eight blocks in flight, and GHASH with PMULL, eight
//     blocks per reduction, in separate passes over chunks of 4 KiB. Open
//     hashes a chunk before decrypting it and clears the plaintext if the
//     tag does not match.
//
// The -tags purego build uses only the generic code.
//
// # Constant time
//
// Sealing and opening perform no branch and no memory access whose address
// depends on the key, the plaintext or the tag; the tag is compared in
// constant time. The time taken depends on the lengths of the plaintext and
// additional data, and on whether Open succeeds, which are not secret.
package aesgcm

import (
	"crypto/cipher"
	"crypto/rand"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/gcm"
)

const (
	// NonceSize is the size of the nonce of [New] and [NewWithTagSize], in
	// bytes.
	NonceSize = gcm.NonceSize

	// TagSize is the size of the tag of [New] and [NewRandomNonce], in
	// bytes.
	TagSize = gcm.TagSize

	// MinTagSize is the smallest tag size [NewWithTagSize] accepts, in
	// bytes; as the standard library, crypton supports 12 to 16.
	MinTagSize = gcm.MinTagSize
)

// maxPlaintext is the longest plaintext one key and nonce can encrypt: the
// counter starts at 2 with a 96-bit nonce and may not wrap around to the
// first block, so 2³²-2 blocks of 16 bytes (SP 800-38D, Section 5.2.1.1).
const maxPlaintext = gcm.MaxPlaintext

var errOpen = errors.New("aesgcm: message authentication failed")

// randomNonce is AES-GCM with a nonce chosen by Seal, as NewRandomNonce
// documents.
type randomNonce struct {
	g *gcm.GCM
}

// New returns AES-GCM with the given AES key (16, 24 or 32 bytes, for
// AES-128, AES-192 or AES-256), a 12-byte nonce and a 16-byte tag, or an
// error if the key has another length. It seals and opens as the standard
// library's cipher.NewGCM(aes.NewCipher(key)).
func New(key []byte) (cipher.AEAD, error) {
	return asAEAD(gcm.New(key, NonceSize, TagSize))
}

// NewWithTagSize is [New] with a tag of tagSize bytes, 12 to 16, like the
// standard library's cipher.NewGCMWithTagSize. A shorter tag gives less
// protection against forgery; use it only where a protocol requires it.
// It returns an error for other tag sizes or a bad key length.
func NewWithTagSize(key []byte, tagSize int) (cipher.AEAD, error) {
	if tagSize < MinTagSize || tagSize > TagSize {
		return nil, errors.New("aesgcm: invalid tag size")
	}
	return asAEAD(gcm.New(key, NonceSize, tagSize))
}

// NewWithNonceSize is [New] with nonces of size bytes, like the standard
// library's cipher.NewGCMWithNonceSize, for compatibility with systems
// that use nonces of another length than 12 bytes; others should use
// [New]. size must be at least 1; it returns an error otherwise, or for a
// bad key length. A 12-byte size is New.
//
// A nonce of another size is not used as the counter block directly: the
// pre-counter block J0 is the GHASH of the nonce and its length (SP
// 800-38D, Section 7.1), which costs a GHASH of the nonce per message, and
// two different nonces may then give overlapping counter blocks, with a
// small probability that grows with the number and length of the
// messages, where distinct 12-byte nonces cannot. Counter mode and GHASH
// then run on the same kernels as with 12-byte nonces. Seal and Open
// panic, as [cipher.AEAD] documents, if the nonce given has another
// length than size.
func NewWithNonceSize(key []byte, size int) (cipher.AEAD, error) {
	if size < 1 {
		return nil, errors.New("aesgcm: invalid nonce size")
	}
	return asAEAD(gcm.New(key, size, TagSize))
}

// asAEAD returns g as a cipher.AEAD, and a nil interface (not a nil
// *gcm.GCM in one) with an error.
func asAEAD(g *gcm.GCM, err error) (cipher.AEAD, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// NewRandomNonce returns AES-GCM with the given AES key whose Seal chooses
// a random 12-byte nonce itself, like the standard library's
// cipher.NewGCMWithRandomNonce: NonceSize is 0 and Seal and Open must be
// passed an empty nonce; Seal prepends the nonce it chose to the
// ciphertext, so that Overhead is 12 + 16 = 28 bytes, and Open reads it
// back from there. With random nonces, one key should seal no more than
// about 2³² messages. Seal panics if the system's random number generator
// fails.
func NewRandomNonce(key []byte) (cipher.AEAD, error) {
	g, err := gcm.New(key, NonceSize, TagSize)
	if err != nil {
		return nil, err
	}
	return &randomNonce{g: g}, nil
}

// NonceSize returns 0: Seal chooses the nonce.
func (*randomNonce) NonceSize() int { return 0 }

// Overhead returns 28: the 12-byte nonce and the 16-byte tag.
func (*randomNonce) Overhead() int { return NonceSize + TagSize }

// Seal chooses a random 12-byte nonce, and appends it, the ciphertext of
// plaintext and the tag to dst, as the standard library's
// cipher.NewGCMWithRandomNonce does. nonce must be empty. The rules for
// dst, in-place use and overlaps are those of [New]'s Seal; Seal panics if
// the nonce is not empty or if the random number generator fails.
func (r *randomNonce) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != 0 {
		panic("aesgcm: non-empty nonce passed to GCM with random nonces")
	}
	if uint64(len(plaintext)) > maxPlaintext {
		panic("aesgcm: message too large for GCM")
	}
	ret, out := alias.SliceForAppend(dst, NonceSize+len(plaintext)+TagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	var n [NonceSize]byte
	if _, err := rand.Read(n[:]); err != nil {
		panic("aesgcm: random number generator failed: " + err.Error())
	}
	// In place, out and plaintext start at the same byte (the overlap is
	// exact, checked above), but the ciphertext goes NonceSize bytes
	// further: move the plaintext there first and seal it in place.
	if alias.AnyOverlap(out, plaintext) {
		copy(out[NonceSize:], plaintext)
		plaintext = out[NonceSize : NonceSize+len(plaintext)]
	}
	r.g.SealTo(out[NonceSize:], n[:], plaintext, additionalData)
	copy(out, n[:])
	return ret
}

// Open reads the nonce from the front of ciphertext and opens the rest as
// [New]'s Open does. nonce must be empty (Open panics otherwise).
func (r *randomNonce) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != 0 {
		panic("aesgcm: non-empty nonce passed to GCM with random nonces")
	}
	if len(ciphertext) < NonceSize+TagSize || uint64(len(ciphertext)) > maxPlaintext+NonceSize+TagSize {
		return nil, errOpen
	}
	ret, out := alias.SliceForAppend(dst, len(ciphertext)-NonceSize-TagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	var n [NonceSize]byte
	copy(n[:], ciphertext)
	body := ciphertext[NonceSize:]
	if alias.AnyOverlap(out, body) {
		// In place: out starts NonceSize bytes before the ciphertext
		// body, so counter mode would overwrite ciphertext it has not
		// read yet; decrypt where the body is, then move it down.
		if !r.g.OpenTo(body[:len(out)], n[:], body, additionalData) {
			return nil, errOpen
		}
		copy(out, body[:len(out)])
		return ret, nil
	}
	if !r.g.OpenTo(out, n[:], body, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}
