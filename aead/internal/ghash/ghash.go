// Package ghash is the GHASH universal hash of GCM (NIST SP 800-38D,
// Section 6.4), the multiplication in GF(2¹²⁸) that AES-GCM authenticates
// with, shared by crypton's AES-GCM and (through the byte-reversal relation
// of RFC 8452, Appendix A, POLYVAL = ByteReverse(GHASH(mulX(ByteReverse(H)),
// ByteReverse(X)))) AES-GCM-SIV.
//
// A [Key] holds the hash key H = E(K, 0¹²⁸) in the forms that the
// implementations use. [UpdateGeneric], on amd64 [UpdateCLMUL] and
// [UpdateVCLMUL], and on arm64 UpdatePMULL absorb whole 16-byte blocks into an accumulator Y:
// Y = (Y ⊕ X) · H for each block X. The callers (aead/aesgcm) choose the
// implementation and register it with cpufeat.
//
// # Constant time
//
// No implementation branches on, or indexes memory with, H or the data. The
// generic code does not use the 4-bit tables of H multiples that many
// software GHASH implementations use (the standard library's generic GHASH
// among them), whose look-ups are indexed by the data and whose contents
// depend on the key: it multiplies with integer multiplications on operands
// whose bits are spaced four apart, so that no carry can reach a bit that is
// kept (the "ctmul64" technique of Thomas Pornin's BearSSL), three 64×64
// products per 128×128 product by Karatsuba, and reduces with shifts.
package ghash

import (
	"encoding/binary"
	"math/bits"
)

// BlockSize is the size of a GHASH block and of H and Y, in bytes.
const BlockSize = 16

// maxPowers is the number of powers of H kept for the amd64 kernels: the
// 256-bit kernel multiplies 16 blocks at a time by H¹⁶..H¹.
const maxPowers = 16

// A Key is an initialized GHASH key. It is not modified after [Key.Init]
// and may be used by several goroutines at once.
//
// # Representation
//
// A field element is a polynomial over GF(2) of degree below 128; GCM
// stores the coefficient of x⁰ in the most significant bit of the first
// byte, and that of x¹²⁷ in the least significant bit of the last byte
// (SP 800-38D, Section 6.3). Reading the 16 bytes as a big-endian 128-bit
// integer therefore gives the polynomial bit-reversed: integer bit 127-i
// is the coefficient of xⁱ. The generic code works on that integer, split
// into two uint64 (hi, lo).
type Key struct {
	// h is H as (hi, lo) and hr its halves bit-reversed, for the high
	// halves of the 64×64 products (see mul).
	h, hr [2]uint64

	// pow and kar are for the amd64 and arm64 kernels (filled only there):
	// pow[i] is H^(16-i) multiplied by x⁻¹ (see powers in
	// ghash_amd64.go) as the little-endian 128-bit integer {lo, hi}, so
	// that pow[15] is H·x⁻¹; kar[i] holds lo⊕hi of pow[i] twice, the
	// second operand of the middle Karatsuba product.
	pow [maxPowers][2]uint64
	kar [maxPowers][2]uint64

	// powHi is pow for H³²..H¹⁷ (powHi[i] is H^(32-i) times x⁻¹), for
	// the amd64 kernels with 32 blocks per reduction, which multiply
	// schoolbook and need no Karatsuba operands; filled only by
	// InitWide and InitPolyvalWide, which set wide.
	powHi [maxPowers][2]uint64
	wide  bool
}

// Init sets k to the GHASH key h (H = E(K, 0¹²⁸) in GCM).
func (k *Key) Init(h *[BlockSize]byte) {
	k.h[0] = binary.BigEndian.Uint64(h[0:8])
	k.h[1] = binary.BigEndian.Uint64(h[8:16])
	k.hr[0] = bits.Reverse64(k.h[0])
	k.hr[1] = bits.Reverse64(k.h[1])
	k.wide = false
	initPowers(k)
}

// bmul64 returns the low 64 bits of the carry-less product of x and y.
//
// Each operand is split into four parts holding the bits at positions
// congruent to 0, 1, 2 and 3 modulo 4. An ordinary product of two parts
// adds, at each position p, the products of the pairs of bits whose
// positions sum to p: at most 16 of them, all in the same residue class,
// and fewer than 16 below bit 60. Those sums fit in the four bits between
// one position of the class and the next, so the bit at a position of the
// class is the parity of the sum: exactly the carry-less product's bit.
// The products landing in each class are XORed and the class masked out.
// Integer multiplication takes constant time on the targets Go supports.
func bmul64(x, y uint64) uint64 {
	const (
		m0 = 0x1111111111111111
		m1 = 0x2222222222222222
		m2 = 0x4444444444444444
		m3 = 0x8888888888888888
	)
	x0, x1, x2, x3 := x&m0, x&m1, x&m2, x&m3
	y0, y1, y2, y3 := y&m0, y&m1, y&m2, y&m3
	z0 := x0*y0 ^ x1*y3 ^ x2*y2 ^ x3*y1
	z1 := x0*y1 ^ x1*y0 ^ x2*y3 ^ x3*y2
	z2 := x0*y2 ^ x1*y1 ^ x2*y0 ^ x3*y3
	z3 := x0*y3 ^ x1*y2 ^ x2*y1 ^ x3*y0
	return z0&m0 | z1&m1 | z2&m2 | z3&m3
}

// mul sets y to y·H, y given as (hi, lo) in the representation of Key.
func mul(k *Key, y *[2]uint64) {
	a1, a0 := y[0], y[1]
	a1r, a0r := bits.Reverse64(a1), bits.Reverse64(a0)
	h1, h0 := k.h[0], k.h[1]
	h1r, h0r := k.hr[0], k.hr[1]

	// Karatsuba: (a1·X + a0)(h1·X + h0) with X = x⁶⁴ in integer terms
	// needs a0·h0, a1·h1 and (a0⊕a1)(h0⊕h1). The low half of each 128-bit
	// product comes from bmul64; the high half from bmul64 of the
	// operands bit-reversed, which is the product's bits 126..63 in
	// reverse order.
	lo0 := bmul64(a0, h0)
	lo1 := bmul64(a1, h1)
	lo2 := bmul64(a0^a1, h0^h1)
	hi0 := bits.Reverse64(bmul64(a0r, h0r)) >> 1
	hi1 := bits.Reverse64(bmul64(a1r, h1r)) >> 1
	hi2 := bits.Reverse64(bmul64(a0r^a1r, h0r^h1r)) >> 1
	lo2 ^= lo0 ^ lo1
	hi2 ^= hi0 ^ hi1

	// The 255-bit product c3:c2:c1:c0 of the bit-reversed operands is
	// the bit-reversed product: bit 254-i holds the coefficient of xⁱ.
	c0 := lo0
	c1 := hi0 ^ lo2
	c2 := lo1 ^ hi2
	c3 := hi1

	// Shift left by one, so that bit 255-i holds the coefficient of xⁱ:
	// the result is then c3:c2 once the coefficients of x¹²⁸..x²⁵⁵ in
	// c1:c0 are folded in.
	c3 = c3<<1 | c2>>63
	c2 = c2<<1 | c1>>63
	c1 = c1<<1 | c0>>63
	c0 <<= 1

	// Reduction modulo x¹²⁸ + x⁷ + x² + x + 1: the coefficient of x^(128+j)
	// is added to those of x^j, x^(j+1), x^(j+2) and x^(j+7). Integer bit
	// p < 128 (coefficient of x^(255-p)) goes to bits p+128, p+127, p+126
	// and p+121; first c0's bits, whose lowest images land in c1, then
	// c1's, which now include them.
	c2 ^= c0 ^ c0>>1 ^ c0>>2 ^ c0>>7
	c1 ^= c0<<63 ^ c0<<62 ^ c0<<57
	c3 ^= c1 ^ c1>>1 ^ c1>>2 ^ c1>>7
	c2 ^= c1<<63 ^ c1<<62 ^ c1<<57

	y[0], y[1] = c3, c2
}

// UpdateGeneric absorbs the blocks of p, whose length must be a multiple of
// BlockSize, into the accumulator acc: acc = (acc ⊕ X)·H for each block X.
func UpdateGeneric(k *Key, acc *[BlockSize]byte, p []byte) {
	if len(p)%BlockSize != 0 {
		panic("ghash: partial block")
	}
	y := [2]uint64{binary.BigEndian.Uint64(acc[0:8]), binary.BigEndian.Uint64(acc[8:16])}
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		y[0] ^= binary.BigEndian.Uint64(p[0:8])
		y[1] ^= binary.BigEndian.Uint64(p[8:16])
		mul(k, &y)
	}
	binary.BigEndian.PutUint64(acc[0:8], y[0])
	binary.BigEndian.PutUint64(acc[8:16], y[1])
}

// UpdateFunc is the signature of UpdateGeneric and of the amd64 kernels,
// which a caller keeps in a variable chosen when its key is made.
type UpdateFunc func(k *Key, acc *[BlockSize]byte, p []byte)
