// Package chacha20poly1305 implements the ChaCha20-Poly1305 authenticated
// encryption with associated data of RFC 8439, "ChaCha20 and Poly1305 for
// IETF Protocols", Section 2.8, and its extended-nonce variant
// XChaCha20-Poly1305 of draft-irtf-cfrg-xchacha-03.
//
// The package mirrors golang.org/x/crypto/chacha20poly1305: the same
// functions and constants, returning the standard library's [cipher.AEAD],
// so that a program switches by changing an import path.
//
// ChaCha20-Poly1305 takes a 96-bit nonce, which must never repeat under one
// key; a nonce chosen at random is safe for about 2³² messages per key.
// XChaCha20-Poly1305 ([NewX]) takes a 192-bit nonce, which can be chosen at
// random for each message.
//
// # Seal and Open
//
// Seal appends the ciphertext and the 16-byte tag to dst; Open checks the
// tag and appends the plaintext. Neither allocates if dst has room for the
// result. To work in place, pass plaintext[:0] (or ciphertext[:0]) as dst;
// otherwise the output must not overlap the input, and must not overlap the
// additional data at all.
//
// As [cipher.AEAD] documents, Seal and Open panic if the nonce has the wrong
// length, and, like the standard library's AEADs, if the buffers overlap
// other than exactly ("chacha20poly1305: invalid buffer overlap"). Seal also
// panics for a plaintext longer than 2³⁸-64 bytes (256 GiB), the most the
// 32-bit block counter allows. Open never panics on the contents or length
// of the ciphertext or additional data: if they are not authentic it returns
// nil and an error. The generic code checks the tag before it decrypts and
// so writes no plaintext; the assembly implementations decrypt while they
// authenticate, and then zeroes the plaintext it wrote (in dst beyond its
// length, within its capacity, or over the ciphertext when opening in
// place), as [cipher.AEAD] allows: no unauthenticated plaintext is left
// behind.
//
// # Implementations
//
// On amd64 with AVX2 and BMI2, messages are sealed and opened by assembly
// generated with avo ("AVX2+MULX"). From 512 bytes on it encrypts eight
// ChaCha20 blocks at a time in the YMM registers and, in the same
// instruction stream, authenticates 512 bytes with Poly1305 in the
// general-purpose registers, multiplying with MULX: the two run side by
// side in the vector and the scalar units, in one pass over the data. When
// sealing, the first eight blocks give the one-time key and the first 448
// bytes, and an end of up to two blocks is encrypted while the chunk
// before it is authenticated. Shorter messages, and other ends of longer
// ones, take two calls: one computes the one-time key and the keystream
// with two blocks in each set of YMM registers, the other authenticates
// everything left and computes the tag.
//
// On amd64 with AVX-512 (F and VL, with AVX2 and BMI2), the AVX-512
// implementations take messages from 321 bytes on ("AVX-512+IFMA" and
// "AVX-512+IFMA+MULX" where the CPU has AVX-512 IFMA, else
// "AVX-512+MULX"). Up to 1 KiB, one
// kernel computes the one-time key block beside sixteen blocks of
// keystream in the ZMM registers (up to 512 bytes, eight blocks in the YMM
// ones), and Poly1305 then runs in the 64-bit lanes of the ZMM registers,
// with IFMA in radix 2⁴⁴ or, without IFMA, with VPMULUDQ in radix 2²⁶.
// Beyond 1 KiB, one kernel encrypts sixteen blocks at a time in the ZMM
// registers and, in the same instruction stream, authenticates a kilobyte
// (Seal: the one before; Open: the one it decrypts) in four steps of
// sixteen Poly1305 blocks: with IFMA, in the 64-bit lanes of the ZMM
// registers, or, with "AVX-512+IFMA+MULX", every other step in
// general-purpose registers with MULX and the powers r², …, r¹⁶, r³²
// (preferred on AMD CPUs, whose IFMA products occupy the pipes that the
// ChaCha20 rotations need); without IFMA, every step with MULX. Messages of at most 320 bytes are sealed or opened
// in one call: the key block and up to five blocks of keystream two to a
// set of YMM registers holding their rows, rotated with VPROLD (a chain bound by
// its latency), then Poly1305 in general-purpose registers and the tag;
// Open authenticates the ciphertext before it decrypts it. The ends of
// longer messages, under 1 KiB, take the AVX2 code, whose kernels of two
// blocks in rows rotate with VPROLD too. CRYPTON_CPU=-avx512 switches the
// AVX-512 code off.
//
// Elsewhere, messages go through portable Go code ("generic")
// built on the packages github.com/crypton-go/crypton/aead/chacha20 and
// github.com/crypton-go/crypton/aead/poly1305, which use their own
// accelerated implementations. Implementations register with
// github.com/crypton-go/crypton/cpufeat under the package name
// "chacha20poly1305"; CRYPTON_CPU=-avx2 (or -bmi2) switches the assembly
// off, and the -tags purego build uses only the generic code.
//
// # Constant time
//
// Sealing and opening perform no branch and no memory access whose address
// depends on the key, the nonce, the plaintext or the tag; the tag is
// compared in constant time. The time taken depends on the lengths of the
// plaintext and the additional data, and on whether Open succeeds, which are
// not secret.
//
// # Wiping
//
// The Seal and Open methods of [NewX] zero the HChaCha20 subkey that they
// derive for each message, in both copies they hold, before they return,
// whether Open succeeds or not; they derive it only after the checks of the
// buffers, which may panic. Not cleared, for either AEAD: the ChaCha20
// states (which contain the key, or NewX's subkey), keystream blocks and
// one-time Poly1305 keys that Seal and Open keep on the goroutine's stack
// or in registers while they work (as in golang.org/x/crypto and the
// standard library), and the copy of the key
// that New and NewX make, which the AEAD holds until the garbage collector
// frees it. Only dst is written to (which, in place, is the plaintext or
// the ciphertext itself).
package chacha20poly1305

import (
	"crypto/cipher"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/alias"
)

const (
	// KeySize is the size of a ChaCha20-Poly1305 or XChaCha20-Poly1305
	// key, in bytes.
	KeySize = 32

	// NonceSize is the size of a ChaCha20-Poly1305 nonce, in bytes.
	//
	// A 96-bit nonce is too short to be chosen at random for more than
	// about 2³² messages under one key; use XChaCha20-Poly1305 ([NewX],
	// NonceSizeX) for random nonces.
	NonceSize = 12

	// NonceSizeX is the size of an XChaCha20-Poly1305 nonce, in bytes. It
	// is long enough to be chosen at random for each message.
	NonceSizeX = 24

	// Overhead is the size of the Poly1305 tag, and the difference between
	// the length of a ciphertext and that of its plaintext.
	Overhead = 16
)

// maxPlaintext is the longest plaintext one key and nonce can encrypt: the
// 32-bit ChaCha20 block counter starts at 1, block 0 giving the Poly1305
// key, so 2³²-1 blocks of 64 bytes (RFC 8439, Section 2.8).
const maxPlaintext = (1<<32 - 1) * 64

var errOpen = errors.New("chacha20poly1305: message authentication failed")

// chacha20poly1305 is the AEAD of RFC 8439.
type chacha20poly1305 struct {
	key [KeySize]byte
}

// New returns a ChaCha20-Poly1305 AEAD (RFC 8439) with the 32-byte key, or
// an error if the key has another length. The key is copied.
//
// Its Seal and Open methods take a NonceSize-byte nonce, which must be
// unique for each message sealed with the key, and panic if the nonce has
// another length, as [cipher.AEAD] documents.
func New(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, errors.New("chacha20poly1305: bad key length")
	}
	c := new(chacha20poly1305)
	copy(c.key[:], key)
	return c, nil
}

// NonceSize returns [NonceSize].
func (*chacha20poly1305) NonceSize() int { return NonceSize }

// Overhead returns [Overhead].
func (*chacha20poly1305) Overhead() int { return Overhead }

// Seal encrypts and authenticates plaintext, authenticates additionalData,
// appends the ciphertext and the 16-byte tag to dst and returns the updated
// slice. It does not allocate if dst has room for the result.
//
// To encrypt in place, pass plaintext[:0] as dst; otherwise the output must
// not overlap plaintext, and must not overlap additionalData at all. Seal
// panics if the nonce is not NonceSize bytes long, if the buffers overlap
// otherwise, or if plaintext is longer than 2³⁸-64 bytes (256 GiB), the
// most that ChaCha20's block counter allows.
func (c *chacha20poly1305) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != NonceSize {
		panic("chacha20poly1305: bad nonce length passed to Seal")
	}
	// sealBuffers' checks, written out: Seal of 1 KiB on an AMD EPYC (Zen
	// 4) took 281 ns against 289 with the call (the fastest of 10
	// alternated runs).
	if uint64(len(plaintext)) > maxPlaintext {
		panic("chacha20poly1305: plaintext too large")
	}
	ret, out := alias.SliceForAppend(dst, len(plaintext)+Overhead)
	if alias.InexactOverlap(out, plaintext) {
		panic("chacha20poly1305: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("chacha20poly1305: invalid buffer overlap of output and additional data")
	}
	seal(out, &c.key, (*[NonceSize]byte)(nonce), plaintext, additionalData)
	return ret
}

// Open authenticates ciphertext (which ends with the tag) and
// additionalData, and if they are authentic decrypts the ciphertext,
// appends the plaintext to dst and returns the updated slice. It does not
// allocate if dst has room for the plaintext.
//
// If authentication fails, Open returns nil and an error, and leaves no
// plaintext behind: the generic code checks the tag before it decrypts,
// and the assembly implementations zero what they decrypted. (As
// [cipher.AEAD] allows, the space of dst up to its capacity, or the
// ciphertext when opening in place, may be overwritten.)
//
// To decrypt in place, pass ciphertext[:0] as dst; otherwise the output must
// not overlap ciphertext, and must not overlap additionalData at all. Open
// panics if the nonce is not NonceSize bytes long or if the buffers overlap
// otherwise; any other input, including one too short or too long to be a
// ciphertext, only makes it return an error.
func (c *chacha20poly1305) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != NonceSize {
		panic("chacha20poly1305: bad nonce length passed to Open")
	}
	return openAppend(dst, &c.key, (*[NonceSize]byte)(nonce), ciphertext, additionalData)
}

// sealAppend checks the lengths and buffers of Seal, for either AEAD, and
// seals with the ChaCha20 key and nonce.
func sealAppend(dst []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) []byte {
	ret, out := sealBuffers(dst, plaintext, additionalData)
	seal(out, key, nonce, plaintext, additionalData)
	return ret
}

// sealBuffers checks the lengths and buffers of Seal, for either AEAD, and
// returns the slice that Seal returns and the part of it for the ciphertext
// and the tag. It panics as Seal documents.
func sealBuffers(dst, plaintext, additionalData []byte) (ret, out []byte) {
	if uint64(len(plaintext)) > maxPlaintext {
		panic("chacha20poly1305: plaintext too large")
	}
	ret, out = alias.SliceForAppend(dst, len(plaintext)+Overhead)
	if alias.InexactOverlap(out, plaintext) {
		panic("chacha20poly1305: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("chacha20poly1305: invalid buffer overlap of output and additional data")
	}
	return ret, out
}

// openAppend checks the lengths and buffers of Open, for either AEAD, and
// opens with the ChaCha20 key and nonce.
func openAppend(dst []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) ([]byte, error) {
	ret, out, ok := openBuffers(dst, ciphertext, additionalData)
	if !ok || !open(out, key, nonce, ciphertext, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}

// openBuffers checks the lengths and buffers of Open, for either AEAD, and
// returns the slice that Open returns and the part of it for the plaintext,
// and true; or false if the ciphertext's length is out of range. It panics
// as Open documents.
func openBuffers(dst, ciphertext, additionalData []byte) (ret, out []byte, ok bool) {
	if len(ciphertext) < Overhead || uint64(len(ciphertext)) > maxPlaintext+Overhead {
		return nil, nil, false
	}
	ret, out = alias.SliceForAppend(dst, len(ciphertext)-Overhead)
	if alias.InexactOverlap(out, ciphertext) {
		panic("chacha20poly1305: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("chacha20poly1305: invalid buffer overlap of output and additional data")
	}
	return ret, out, true
}
