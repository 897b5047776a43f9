// Package salsa holds the Salsa20/20 keystream code shared by
// github.com/crypton-go/crypton/aead/salsa20 and
// github.com/crypton-go/crypton/aead/secretbox: the state set-up, the
// function that XORs whole blocks of keystream (generic Go, and AVX-512
// and AVX2 assembly on amd64, registered with cpufeat as package
// "salsa20"), and HSalsa20.
//
// The specification is D. J. Bernstein, "Salsa20 specification" (2005),
// and for HSalsa20 and XSalsa20 "Extending the Salsa20 nonce" (2008).
//
// The package sits in aead/internal, rather than under aead/salsa20, so that
// aead/secretbox may import it: secretbox derives its Poly1305 key from
// keystream block 0 and encrypts with the keystream from byte 32 on, in one
// pass, which needs the counter that the salsa20 API does not expose.
package salsa

import (
	"crypto/subtle"
	"encoding/binary"
)

// BlockSize is the size of one block of Salsa20 keystream, in bytes.
const BlockSize = 64

// maxBlocksLen is the most that XORKeyStream passes to blocks in one call,
// so that an assembly implementation, which the Go scheduler cannot
// preempt, returns to Go code at least every 64 KiB.
const maxBlocksLen = 1024 * BlockSize

// The words of "expand 32-byte k" read as little-endian words, the
// constant of Salsa20 with a 256-bit key (specification, Section 9).
const (
	sigma0 uint32 = 0x61707865
	sigma1 uint32 = 0x3320646e
	sigma2 uint32 = 0x79622d32
	sigma3 uint32 = 0x6b206574
)

// State is the input of the Salsa20 block function for a 256-bit key: the
// constants in words 0, 5, 10 and 15, the key in words 1-4 and 11-14, the
// nonce in words 6 and 7 and the 64-bit block counter, the number of the
// next block, in words 8 (low half) and 9 (high half).
type State [16]uint32

// Init sets s up for the 32-byte key and the 8-byte nonce, with the block
// counter at counter.
func (s *State) Init(key *[32]byte, nonce *[8]byte, counter uint64) {
	*s = State{
		sigma0,
		binary.LittleEndian.Uint32(key[0:4]),
		binary.LittleEndian.Uint32(key[4:8]),
		binary.LittleEndian.Uint32(key[8:12]),
		binary.LittleEndian.Uint32(key[12:16]),
		sigma1,
		binary.LittleEndian.Uint32(nonce[0:4]),
		binary.LittleEndian.Uint32(nonce[4:8]),
		uint32(counter),
		uint32(counter >> 32),
		sigma2,
		binary.LittleEndian.Uint32(key[16:20]),
		binary.LittleEndian.Uint32(key[20:24]),
		binary.LittleEndian.Uint32(key[24:28]),
		binary.LittleEndian.Uint32(key[28:32]),
		sigma3,
	}
}

// Counter returns the block counter, the number of the next block.
func (s *State) Counter() uint64 { return uint64(s[8]) | uint64(s[9])<<32 }

// GroupSize is the size of the keystream that the AVX2 code computes in one
// pass, eight blocks.
const GroupSize = 8 * BlockSize

// XORKeyStream sets dst[i] = src[i] XOR keystream[i] for every i <
// len(src), the keystream starting with the block numbered by the counter
// of s, and advances the counter past every block it used, including a
// final partial one (whose remaining keystream is lost). dst must be at
// least as long as src; dst[:len(src)] and src must be the same buffer or
// not overlap (the caller checks). The counter wraps modulo 2⁶⁴.
func XORKeyStream(s *State, dst, src []byte) {
	dst = dst[:len(src)]
	// With a final partial block, the whole blocks after the last group of
	// eight go with it: their keystream is computed on the stack in one
	// call to blocks (one pass of the AVX2 code, which takes about as long
	// for three blocks as for six, or for seven as for eight), then XORed
	// in.
	bulk := len(src) &^ (BlockSize - 1)
	if bulk != len(src) {
		bulk = len(src) &^ (GroupSize - 1)
	}
	for p := 0; p < bulk; {
		n := min(bulk-p, maxBlocksLen)
		blocks((*[16]uint32)(s), dst[p:p+n], src[p:p+n])
		p += n
	}
	if rest := src[bulk:]; len(rest) > 0 {
		var ks [GroupSize]byte
		n := (len(rest) + BlockSize - 1) &^ (BlockSize - 1)
		blocks((*[16]uint32)(s), ks[:n], ks[:n])
		subtle.XORBytes(dst[bulk:], rest, ks[:n])
	}
}

// KeyStream sets out to the next len(out) bytes of keystream (len(out) is a
// multiple of 64) and advances the counter.
func KeyStream(s *State, out []byte) {
	clear(out)
	XORKeyStream(s, out, out)
}
