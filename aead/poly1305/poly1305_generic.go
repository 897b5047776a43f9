package poly1305

import (
	"encoding/binary"
	"math/bits"
)

// updateGeneric absorbs the len(msg)/16 whole 16-byte blocks of msg into the
// accumulator: for each block m, read as a little-endian number,
// h = (h + m + 2¹²⁸)·r mod 2¹³⁰-5 (RFC 8439, Section 2.5), with h kept
// partially reduced. len(msg) must be a multiple of 16.
//
// It is the portable Go code that every other implementation of update is
// tested against.
func updateGeneric(s *macState, msg []byte) {
	multiplyBlocks(s, msg, 1)
}

// lastBlock absorbs a final block of fewer than 16 bytes: per RFC 8439, a
// 1 byte follows the message bytes and zeros fill the block, which is then
// absorbed without the 2¹²⁸ term of whole blocks.
func lastBlock(s *macState, msg []byte) {
	var b [TagSize]byte
	copy(b[:], msg)
	b[len(msg)] = 1
	multiplyBlocks(s, b[:], 0)
}

// multiplyBlocks sets h = (h + m + hibit·2¹²⁸)·r mod 2¹³⁰-5, partially
// reduced, for each 16-byte block m of msg in turn.
//
// With 64-bit limbs, h = h0 + h1·2⁶⁴ + h2·2¹²⁸ (h2 small) and
// r = r0 + r1·2⁶⁴, the product is
//
//	h·r = h0·r0 + (h0·r1 + h1·r0)·2⁶⁴ + (h1·r1 + h2·r0)·2¹²⁸ + h2·r1·2¹⁹²
//
// Clamping makes r1 a multiple of 4, so modulo p = 2¹³⁰-5, where
// 2¹³⁰ ≡ 5, the terms above 2¹²⁸ fold down without a shift:
// r1·2¹²⁸ = (r1/4)·2¹³⁰ ≡ 5·(r1/4) = r1 + r1/4, called rr1 below. Hence
//
//	h·r ≡ d0 + d1·2⁶⁴ + d2·2¹²⁸, where
//	d0 = h0·r0 + h1·rr1
//	d1 = h0·r1 + h1·r0 + h2·rr1
//	d2 = h2·r0
//
// four 64×64→128-bit multiplications and two small ones per block. Then
// t = d0 + d1·2⁶⁴ + d2·2¹²⁸ = t0 + t1·2⁶⁴ + t2·2¹²⁸ is reduced to
// (t mod 2¹³⁰) + 5·⌊t/2¹³⁰⌋, adding 4k and k for k = ⌊t2/4⌋.
//
// Bounds, which keep every sum within its limbs: r0 and r1 are below 2⁶⁰,
// rr1 below 1.25·2⁶⁰. On entry h < 2¹³⁰ + 2⁶⁵; adding a block (less than
// 2¹²⁹ with its 2¹²⁸ term) keeps h below 2¹³¹, so h2 ≤ 7, h2·rr1 and h2·r0
// fit in 64 bits, d0 and d1 are below 2¹²⁶, and t2 < 2⁶⁴. After the
// reduction h < 2¹³⁰ + 5·2⁶² < 2¹³⁰ + 2⁶⁵ again.
//
// Nothing branches on h, r or the message: the carries are computed with
// bits.Add64 and added in.
func multiplyBlocks(s *macState, msg []byte, hibit uint64) {
	h0, h1, h2 := s.h[0], s.h[1], s.h[2]
	r0, r1 := s.r[0], s.r[1]
	rr1 := r1 + r1>>2

	for len(msg) >= TagSize {
		m := (*[TagSize]byte)(msg)
		var c uint64

		// h += m + hibit·2¹²⁸
		h0, c = bits.Add64(h0, binary.LittleEndian.Uint64(m[0:8]), 0)
		h1, c = bits.Add64(h1, binary.LittleEndian.Uint64(m[8:16]), c)
		h2 += c + hibit

		// d0 = h0·r0 + h1·rr1
		d0hi, d0lo := bits.Mul64(h0, r0)
		hi, lo := bits.Mul64(h1, rr1)
		d0lo, c = bits.Add64(d0lo, lo, 0)
		d0hi += hi + c

		// d1 = h0·r1 + h1·r0 + h2·rr1
		d1hi, d1lo := bits.Mul64(h0, r1)
		hi, lo = bits.Mul64(h1, r0)
		d1lo, c = bits.Add64(d1lo, lo, 0)
		d1hi += hi + c
		d1lo, c = bits.Add64(d1lo, h2*rr1, 0)
		d1hi += c

		// d2 = h2·r0, and t = d0 + d1·2⁶⁴ + d2·2¹²⁸.
		t0 := d0lo
		t1, c := bits.Add64(d1lo, d0hi, 0)
		t2 := d1hi + h2*r0 + c

		// h = (t mod 2¹³⁰) + 4k + k, with k = t2>>2 = ⌊t/2¹³⁰⌋.
		h0, h1, h2 = t0, t1, t2&3
		h0, c = bits.Add64(h0, t2&^3, 0)
		h1, c = bits.Add64(h1, 0, c)
		h2 += c
		h0, c = bits.Add64(h0, t2>>2, 0)
		h1, c = bits.Add64(h1, 0, c)
		h2 += c

		msg = msg[TagSize:]
	}

	s.h[0], s.h[1], s.h[2] = h0, h1, h2
}

// The prime p = 2¹³⁰-5 in three 64-bit limbs.
const (
	p0 = 0xfffffffffffffffb
	p1 = 0xffffffffffffffff
	p2 = 0x3
)

// finish sets out to the tag: h fully reduced modulo p, plus s, modulo 2¹²⁸,
// in little-endian order. It does not change s.
func finish(out *[TagSize]byte, s *macState) {
	h0, h1, h2 := s.h[0], s.h[1], s.h[2]

	// h < 2¹³⁰ + 2⁶⁵ < 2p, so h mod p is either h or h - p: compute h - p
	// and keep it unless the subtraction borrowed, choosing with a mask.
	g0, b := bits.Sub64(h0, p0, 0)
	g1, b := bits.Sub64(h1, p1, b)
	_, b = bits.Sub64(h2, p2, b)
	keep := -b // all ones if h < p
	h0 = h0&keep | g0&^keep
	h1 = h1&keep | g1&^keep

	var c uint64
	h0, c = bits.Add64(h0, s.s[0], 0)
	h1, _ = bits.Add64(h1, s.s[1], c)

	binary.LittleEndian.PutUint64(out[0:8], h0)
	binary.LittleEndian.PutUint64(out[8:16], h1)
}
