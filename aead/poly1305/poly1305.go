// Package poly1305 implements the Poly1305 one-time authenticator of
// D. J. Bernstein, as specified in RFC 8439, "ChaCha20 and Poly1305 for IETF
// Protocols", Section 2.5.
//
// Poly1305 takes a 32-byte one-time key and a message and produces a 16-byte
// tag. A key must authenticate one message only: the tags of two messages
// under the same key let an attacker forge tags for other messages. It is a
// building block, as in ChaCha20-Poly1305
// (github.com/crypton-go/crypton/aead/chacha20poly1305), which derives a
// fresh key for each message; it is not a general-purpose MAC (use HMAC).
//
// The package mirrors golang.org/x/crypto/poly1305 (deprecated there as a
// building block, but still present): the same functions, constants, types
// and methods, so that a program switches by changing an import path.
//
// # Implementations
//
// Tags are computed by portable Go code ("generic") with 64-bit limbs, which
// every accelerated implementation is tested against, on amd64 with BMI2
// by assembly generated with avo ("MULX": the same limbs and reduction, with
// MULX products, and for long messages sixteen blocks per step with the
// powers of r), on amd64 with AVX-512 IFMA for messages from 256 bytes
// ("AVX-512 IFMA": sixteen blocks per step in the 64-bit lanes of the ZMM
// registers, radix 2⁴⁴), on amd64 with AVX-512F but no IFMA (Skylake-SP,
// Cascade Lake) for messages from 256 bytes ("AVX-512": the same in
// radix 2²⁶ with VPMULUDQ), or on arm64 by hand-written assembly
// ("ARM64": MUL and UMULH). Implementations register with
// github.com/crypton-go/crypton/cpufeat under the package name "poly1305",
// and CRYPTON_CPU=-avx512 switches the AVX-512 code off, -bmi2 or -asimd
// all of the assembly. The -tags purego build uses only the generic code.
//
// # Constant time
//
// Computing a tag performs no branch and no memory access whose address
// depends on the key or the message; [Verify] and [MAC.Verify] compare tags
// in constant time. The time taken depends on the length of the message,
// which is not considered secret. On 32-bit platforms the 64-bit
// multiplications are done by math/bits in software, without branches.
package poly1305

import (
	"crypto/subtle"
	"encoding/binary"
)

// TagSize is the size of a Poly1305 tag, in bytes.
const TagSize = 16

// maxUpdateLen is the most that Write passes to update in one call, so that
// an assembly implementation, which the Go scheduler cannot preempt, returns
// to Go code at least every 64 KiB.
const maxUpdateLen = 4096 * TagSize

// macState is the state that update works on.
type macState struct {
	// h is the accumulator h[0] + h[1]·2⁶⁴ + h[2]·2¹²⁸, kept only partially
	// reduced modulo 2¹³⁰-5 between blocks: it is less than 2¹³⁰ + 2⁶⁵,
	// so h[2] is at most 4.
	h [3]uint64
	// r is the clamped first half of the key, r[0] + r[1]·2⁶⁴: the top four
	// bits of each 32-bit word and the bottom two bits of the upper three
	// are zero.
	r [2]uint64
	// s is the second half of the key, s[0] + s[1]·2⁶⁴, added at the end.
	s [2]uint64
}

// The masks that clamp r (RFC 8439, Section 2.5): the 128-bit mask
// 0x0ffffffc_0ffffffc_0ffffffc_0fffffff as two 64-bit halves.
const (
	rMaskLo = 0x0ffffffc0fffffff
	rMaskHi = 0x0ffffffc0ffffffc
)

// setKey sets s for a new message under key, with a zero accumulator.
func (s *macState) setKey(key *[32]byte) {
	s.h = [3]uint64{}
	s.r[0] = binary.LittleEndian.Uint64(key[0:8]) & rMaskLo
	s.r[1] = binary.LittleEndian.Uint64(key[8:16]) & rMaskHi
	s.s[0] = binary.LittleEndian.Uint64(key[16:24])
	s.s[1] = binary.LittleEndian.Uint64(key[24:32])
}

// Sum sets out to the Poly1305 tag of m under the one-time key. It does not
// allocate.
//
// A key must be used for one message only.
func Sum(out *[TagSize]byte, m []byte, key *[32]byte) {
	var s macState
	s.setKey(key)
	full := len(m) &^ (TagSize - 1)
	for p := m[:full]; len(p) > 0; {
		n := min(len(p), maxUpdateLen)
		update(&s, p[:n])
		p = p[n:]
	}
	if full < len(m) {
		lastBlock(&s, m[full:])
	}
	finish(out, &s)
}

// Verify reports whether mac is the Poly1305 tag of m under the one-time
// key. The comparison takes a time independent of the tags' contents.
func Verify(mac *[TagSize]byte, m []byte, key *[32]byte) bool {
	var tag [TagSize]byte
	Sum(&tag, m, key)
	return subtle.ConstantTimeCompare(tag[:], mac[:]) == 1
}

// MAC computes a Poly1305 tag of a message written to it in pieces. It
// implements [io.Writer].
//
// Because a key must authenticate one message only, a MAC is not a
// [hash.Hash]: it cannot be reset, and Write panics once Sum or Verify has
// been called.
type MAC struct {
	state    macState
	buf      [TagSize]byte // buffered input, buf[:n]
	n        int
	finished bool // Sum or Verify has been called
}

// New returns a MAC computing the Poly1305 tag of the data written to it,
// under the one-time key, which must be used for one message only. The key
// is not retained.
func New(key *[32]byte) *MAC {
	// A wrapper small enough to be inlined, so that the MAC is allocated by
	// the caller and can stay on its stack when it does not escape.
	m := &MAC{}
	m.state.setKey(key)
	return m
}

// Size returns TagSize, the number of bytes Sum appends.
func (m *MAC) Size() int { return TagSize }

// Write adds p to the message being authenticated. It never returns an
// error, and does not allocate.
//
// Write panics if Sum or Verify has been called.
func (m *MAC) Write(p []byte) (int, error) {
	if m.finished {
		panic("poly1305: write to MAC after Sum or Verify")
	}
	nn := len(p)
	if m.n > 0 {
		k := copy(m.buf[m.n:], p)
		m.n += k
		p = p[k:]
		if m.n < TagSize {
			return nn, nil
		}
		update(&m.state, m.buf[:])
		m.n = 0
	}
	for len(p) >= TagSize {
		k := min(len(p), maxUpdateLen) &^ (TagSize - 1)
		update(&m.state, p[:k])
		p = p[k:]
	}
	m.n = copy(m.buf[:], p)
	return nn, nil
}

// Sum appends the tag of the data written so far to b and returns the
// resulting slice. It does not allocate if b has room for the tag. Sum may
// be called more than once and returns the same tag, but no more data may
// be written afterwards.
func (m *MAC) Sum(b []byte) []byte {
	var tag [TagSize]byte
	m.sum(&tag)
	return append(b, tag[:]...)
}

// Verify reports whether expected is the tag of the data written so far.
// The comparison takes a time independent of the tags' contents (but not of
// expected's length). No more data may be written afterwards.
func (m *MAC) Verify(expected []byte) bool {
	var tag [TagSize]byte
	m.sum(&tag)
	return subtle.ConstantTimeCompare(expected, tag[:]) == 1
}

// sum sets tag to the tag of the data written so far, without changing the
// accumulator, and marks m finished.
func (m *MAC) sum(tag *[TagSize]byte) {
	m.finished = true
	s := m.state
	if m.n > 0 {
		lastBlock(&s, m.buf[:m.n])
	}
	finish(tag, &s)
}
