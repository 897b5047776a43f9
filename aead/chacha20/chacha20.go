// Package chacha20 implements the ChaCha20 stream cipher of RFC 8439,
// "ChaCha20 and Poly1305 for IETF Protocols", and its extended-nonce
// variant XChaCha20 of draft-irtf-cfrg-xchacha-03, with the HChaCha20
// function that derives XChaCha20's subkey.
//
// The package mirrors golang.org/x/crypto/chacha20: the same functions,
// constants, types, methods and errors, and the same documented behavior at
// the end of the 32-bit block counter (a panic, see [Cipher.XORKeyStream]),
// so that a program switches by changing an import path.
//
// ChaCha20, like every stream cipher, does not authenticate what it
// encrypts: anyone can flip bits of a ciphertext and the same bits of the
// plaintext flip. Use it as a building block; to encrypt messages, use
// github.com/crypton-go/crypton/aead/chacha20poly1305.
//
// # Implementations
//
// The keystream is computed by portable Go code ("generic"), which every
// accelerated implementation is tested against, on amd64 with AVX2 by
// assembly generated with avo ("AVX2": eight blocks at a time, one block per
// 32-bit lane), or on arm64 by hand-written NEON assembly ("NEON": four
// blocks at a time, one per 32-bit lane). On amd64 with AVX-512F
// ("AVX-512"), sixteen blocks at a time go through the lanes of the ZMM
// registers; where the CPU also has AVX-512VL, two to four blocks (a short
// input, or the end of a long one) go instead two to a set of YMM
// registers holding their rows, rotated with VPROLD, which takes about
// half the time of sixteen lanes, and a single block to the generic code.
// Implementations register with github.com/crypton-go/crypton/cpufeat
// under the package name "chacha20", and CRYPTON_CPU=-avx512 switches the
// AVX-512 code off, -avx2 or -asimd all the assembly. The -tags purego
// build uses only the generic code.
//
// # Constant time
//
// The cipher performs no branch and no memory access whose address depends
// on the key, the nonce, the plaintext or the keystream. The time taken
// depends on the lengths of the inputs and, through the check for counter
// overflow, on the block counter, which are not secret.
package chacha20

import (
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/alias"
)

const (
	// KeySize is the size of a ChaCha20 or XChaCha20 key, in bytes.
	KeySize = 32

	// NonceSize is the size of a ChaCha20 nonce (RFC 8439), in bytes.
	//
	// A 96-bit nonce is too short to be chosen at random for more than
	// about 2³² messages under one key; use XChaCha20 (NonceSizeX) for
	// random nonces.
	NonceSize = 12

	// NonceSizeX is the size of an XChaCha20 nonce, in bytes. It is long
	// enough to be chosen at random for each message.
	NonceSizeX = 24
)

// blockSize is the size of one block of ChaCha20 keystream, in bytes.
const blockSize = 64

// maxBlocksLen is the most that XORKeyStream passes to blocks in one call,
// so that an assembly implementation, which the Go scheduler cannot preempt,
// returns to Go code at least every 64 KiB.
const maxBlocksLen = 1024 * blockSize

// The first four words of the state, "expand 32-byte k" read as
// little-endian words (RFC 8439, Section 2.3).
const (
	sigma0 uint32 = 0x61707865
	sigma1 uint32 = 0x3320646e
	sigma2 uint32 = 0x79622d32
	sigma3 uint32 = 0x6b206574
)

// Cipher is an instance of ChaCha20 or XChaCha20 with one key and nonce.
// It implements [cipher.Stream].
//
// A Cipher must not be used by several goroutines at once.
type Cipher struct {
	// state is the input of the block function: the constants, the key,
	// the block counter (state[12]), which is the number of the next block
	// of keystream to compute, and the nonce. For XChaCha20, the key is the
	// HChaCha20 subkey and the nonce its 8-byte tail after four zero bytes.
	state [16]uint32

	// buf[blockSize-len:] is the keystream left over from the block that
	// the last call to XORKeyStream started but did not use up.
	buf [blockSize]byte
	len int

	// overflow is set once the keystream block numbered 2³²-1 has been
	// computed: the counter has wrapped to zero and no more blocks may be
	// computed.
	overflow bool
}

var _ cipher.Stream = (*Cipher)(nil)

// NewUnauthenticatedCipher returns a new ChaCha20 cipher with the 32-byte
// key and a 12-byte nonce (RFC 8439), or an XChaCha20 cipher if the nonce
// is 24 bytes long. The block counter starts at zero. It returns an error if
// the key or the nonce has any other length.
//
// Neither the key nor the nonce is retained: the caller may change them
// afterwards. A nonce must never be used twice with the same key.
//
// The cipher does not authenticate: consider
// github.com/crypton-go/crypton/aead/chacha20poly1305 instead.
func NewUnauthenticatedCipher(key, nonce []byte) (*Cipher, error) {
	// A wrapper small enough to be inlined, so that the Cipher is allocated
	// by the caller and can stay on its stack when it does not escape.
	c := &Cipher{}
	return c.init(key, nonce)
}

func (c *Cipher) init(key, nonce []byte) (*Cipher, error) {
	if len(key) != KeySize {
		return nil, errors.New("chacha20: wrong key size")
	}
	var k *[KeySize]byte
	var n [NonceSize]byte
	switch len(nonce) {
	case NonceSize:
		k = (*[KeySize]byte)(key)
		copy(n[:], nonce)
	case NonceSizeX:
		// XChaCha20 (draft-irtf-cfrg-xchacha-03, Section 2.3): the subkey
		// is HChaCha20 of the key and the first 16 bytes of the nonce; the
		// ChaCha20 nonce is four zero bytes and the last 8 bytes.
		var subkey [KeySize]byte
		hChaCha20(&subkey, (*[KeySize]byte)(key), (*[16]byte)(nonce[:16]))
		k = &subkey
		copy(n[4:], nonce[16:])
	default:
		return nil, errors.New("chacha20: wrong nonce size")
	}
	c.state = [16]uint32{
		sigma0, sigma1, sigma2, sigma3,
		binary.LittleEndian.Uint32(k[0:4]),
		binary.LittleEndian.Uint32(k[4:8]),
		binary.LittleEndian.Uint32(k[8:12]),
		binary.LittleEndian.Uint32(k[12:16]),
		binary.LittleEndian.Uint32(k[16:20]),
		binary.LittleEndian.Uint32(k[20:24]),
		binary.LittleEndian.Uint32(k[24:28]),
		binary.LittleEndian.Uint32(k[28:32]),
		0,
		binary.LittleEndian.Uint32(n[0:4]),
		binary.LittleEndian.Uint32(n[4:8]),
		binary.LittleEndian.Uint32(n[8:12]),
	}
	return c, nil
}

// SetCounter sets the block counter: the next call to XORKeyStream starts
// with the first byte of keystream block number counter, as if 64×counter
// bytes had been processed so far. Keystream left over from a block that
// was begun is discarded.
//
// To keep keystream from being reused by mistake, SetCounter panics if
// counter is lower than the number of the block that XORKeyStream would
// use next (the block begun last counts as used), or if the counter has
// already run out (see XORKeyStream).
//
// The time XORKeyStream takes depends on the counter (through the overflow
// check), which is not secret.
func (c *Cipher) SetCounter(counter uint32) {
	if c.overflow || counter < c.state[12] {
		panic("chacha20: SetCounter attempted to rollback counter")
	}
	c.state[12] = counter
	c.len = 0
}

// XORKeyStream sets dst[i] = src[i] XOR the next byte of keystream, for
// every i < len(src). Calls continue the keystream where the previous one
// stopped, also in the middle of a block, so that encrypting a message in
// pieces gives the same result as encrypting it at once.
//
// dst and src must overlap entirely or not at all; dst may be longer than
// src, and only dst[:len(src)] is written. XORKeyStream panics if dst is
// shorter than src or if the buffers overlap otherwise, as [cipher.Stream]
// documents.
//
// The 32-bit block counter limits one key and nonce to 2³² blocks (256 GiB)
// of keystream. Like golang.org/x/crypto/chacha20, XORKeyStream panics with
// "chacha20: counter overflow", before writing past the keystream it has
// left over, if src needs keystream beyond block 2³²-1.
func (c *Cipher) XORKeyStream(dst, src []byte) {
	if len(src) == 0 {
		return
	}
	if len(dst) < len(src) {
		panic("chacha20: output smaller than input")
	}
	dst = dst[:len(src)]
	if alias.InexactOverlap(dst, src) {
		panic("chacha20: invalid buffer overlap")
	}

	// Use up the keystream left over from the previous call.
	if c.len > 0 {
		n := subtle.XORBytes(dst, src, c.buf[blockSize-c.len:])
		c.len -= n
		dst, src = dst[n:], src[n:]
		if len(src) == 0 {
			return
		}
	}

	// The blocks from the counter on must all exist: the last has number
	// 2³²-1, after which the counter wraps to zero and the cipher is spent.
	need := (uint64(len(src)) + blockSize - 1) / blockSize
	if end := uint64(c.state[12]) + need; c.overflow || end > 1<<32 {
		panic("chacha20: counter overflow")
	} else if end == 1<<32 {
		c.overflow = true
	}

	for len(src) >= blockSize {
		n := min(len(src), maxBlocksLen) &^ (blockSize - 1)
		blocks(&c.state, dst[:n], src[:n])
		dst, src = dst[n:], src[n:]
	}
	if len(src) > 0 {
		// Compute one more block of keystream, use its beginning and keep
		// the rest for the next call.
		c.buf = [blockSize]byte{}
		blocks(&c.state, c.buf[:], c.buf[:])
		n := subtle.XORBytes(dst, src, c.buf[:])
		c.len = blockSize - n
	}
}

// HChaCha20 returns the 32-byte subkey that HChaCha20
// (draft-irtf-cfrg-xchacha-03, Section 2.2) derives from a 32-byte key and
// a 16-byte nonce, the first step of XChaCha20. It returns an error if key
// or nonce has any other length.
func HChaCha20(key, nonce []byte) ([]byte, error) {
	// A wrapper small enough to be inlined, so that the result can stay on
	// the caller's stack when it does not escape.
	out := make([]byte, KeySize)
	return hChaCha20Checked(out, key, nonce)
}

func hChaCha20Checked(out, key, nonce []byte) ([]byte, error) {
	if len(key) != KeySize {
		return nil, errors.New("chacha20: wrong HChaCha20 key size")
	}
	if len(nonce) != 16 {
		return nil, errors.New("chacha20: wrong HChaCha20 nonce size")
	}
	hChaCha20((*[KeySize]byte)(out), (*[KeySize]byte)(key), (*[16]byte)(nonce))
	return out, nil
}
