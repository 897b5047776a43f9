package edwards448

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// A Scalar is an integer modulo the prime order of the base point,
//
//	ℓ = 2^446 − 13818066809895115352007386748515426880336692474882178609894547503885.
//
// The zero value is 0. Scalars are held fully reduced in seven
// little-endian 64-bit limbs (not in Montgomery form); products go through
// Montgomery multiplication with R = 2^448 and a second Montgomery
// multiplication by R² mod ℓ to leave the Montgomery domain. Every operation
// runs in constant time.
type Scalar struct {
	l [scalarLimbs]uint64
}

const (
	scalarLimbs = 7
	// ScalarSize is the length of the encoding of a Scalar, in bytes: the
	// 57 bytes of RFC 8032 (the top byte is always zero).
	ScalarSize = 57
)

// ell is ℓ in limbs.
var ell = [scalarLimbs]uint64{
	0x2378c292ab5844f3, 0x216cc2728dc58f55, 0xc44edb49aed63690, 0xffffffff7cca23e9,
	0xffffffffffffffff, 0xffffffffffffffff, 0x3fffffffffffffff,
}

// ellInv is −ℓ⁻¹ mod 2^64.
const ellInv = 0x3bd440fae918bc5

// r1, r2 and r3 are 2^448, 2^896 and 2^1344 modulo ℓ: R, R² and R³.
var (
	r1 = [scalarLimbs]uint64{
		0x721cf5b5529eec34, 0x7a4cf635c8e9c2ab, 0xeec492d944a725bf, 0x000000020cd77058, 0, 0, 0,
	}
	r2 = [scalarLimbs]uint64{
		0xe3539257049b9b60, 0x7af32c4bc1b195d9, 0x0d66de2388ea1859, 0xae17cf725ee4d838,
		0x1a9cc14ba3c47c44, 0x2052bcb7e4d070af, 0x3402a939f823b729,
	}
	r3 = [scalarLimbs]uint64{
		0x62db79e25f9b74ed, 0x32d533584f61d636, 0x3e0d0c8b5fa74964, 0x178769ed878dfcda,
		0xe4c71af86754b842, 0xed66e7f42bab736d, 0x0d30a4f69d3af5f1,
	}
)

// NewScalar returns a new zero Scalar.
func NewScalar() *Scalar { return &Scalar{} }

// condSubL sets z to t − ℓ if that does not borrow and to t otherwise, in
// constant time, where t is the eight-limb value t[0..7]. t must be below
// 2ℓ.
func condSubL(z *[scalarLimbs]uint64, t *[scalarLimbs + 1]uint64) {
	var s [scalarLimbs]uint64
	var b uint64
	for i := range s {
		s[i], b = bits.Sub64(t[i], ell[i], b)
	}
	_, b = bits.Sub64(t[scalarLimbs], 0, b)
	// b == 1: t < ℓ, keep t.
	m := -b
	for i := range z {
		z[i] = s[i] ^ (m & (s[i] ^ t[i]))
	}
}

// montMul sets z = x·y·2^−448 mod ℓ, fully reduced, by coarsely integrated
// operand scanning. x may be any value below 2^448; y must be below ℓ.
// z may alias x or y.
func montMul(z, x, y *[scalarLimbs]uint64) {
	// t < x + ℓ < 2^449 after every round, and < 2ℓ at the end.
	var t [scalarLimbs + 2]uint64
	for i := 0; i < scalarLimbs; i++ {
		yi := y[i]
		var c, cc uint64
		for j := 0; j < scalarLimbs; j++ {
			hi, lo := bits.Mul64(x[j], yi)
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j], c = lo, hi
		}
		t[7], cc = bits.Add64(t[7], c, 0)
		t[8] += cc

		// t = (t + m·ℓ) / 2^64, with m chosen so that the low limb vanishes.
		m := t[0] * ellInv
		hi, lo := bits.Mul64(m, ell[0])
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < scalarLimbs; j++ {
			hi, lo := bits.Mul64(m, ell[j])
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j-1], c = lo, hi
		}
		t[6], cc = bits.Add64(t[7], c, 0)
		t[7] = t[8] + cc
		t[8] = 0
	}
	condSubL(z, (*[scalarLimbs + 1]uint64)(t[:8]))
}

// addMod sets z = x + y mod ℓ for x, y < ℓ.
func addMod(z, x, y *[scalarLimbs]uint64) {
	var t [scalarLimbs + 1]uint64
	var c uint64
	for i := 0; i < scalarLimbs; i++ {
		t[i], c = bits.Add64(x[i], y[i], c)
	}
	t[scalarLimbs] = c
	condSubL(z, &t)
}

// load56 returns the 56-byte little-endian x in limbs.
func load56(x []byte) [scalarLimbs]uint64 {
	var l [scalarLimbs]uint64
	for i := range l {
		l[i] = binary.LittleEndian.Uint64(x[8*i:])
	}
	return l
}

// Set sets s = x and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	*s = *x
	return s
}

// SetUniformBytes sets s = x mod ℓ, where x is a 114-byte little-endian
// integer (such as the SHAKE256 output of RFC 8032's Ed448), and returns s.
// If x is not 114 bytes long, SetUniformBytes returns nil and an error, and s
// is unchanged.
func (s *Scalar) SetUniformBytes(x []byte) (*Scalar, error) {
	if len(x) != 114 {
		return nil, errors.New("edwards448: invalid SetUniformBytes input length")
	}
	// x = lo + mid·2^448 + hi·2^896, and a Montgomery multiplication by R^k
	// multiplies by 2^(448·(k−1)).
	lo, mid := load56(x[:56]), load56(x[56:112])
	hi := [scalarLimbs]uint64{uint64(x[112]) | uint64(x[113])<<8}
	montMul(&lo, &lo, &r1)
	montMul(&mid, &mid, &r2)
	montMul(&hi, &hi, &r3)
	addMod(&lo, &lo, &mid)
	addMod(&s.l, &lo, &hi)
	return s, nil
}

// SetCanonicalBytes sets s = x, where x is the 57-byte little-endian
// encoding of s (RFC 8032, Section 5.2.2), and returns s. If x is not 57
// bytes long or encodes a value not below ℓ, SetCanonicalBytes returns nil
// and an error, and s is unchanged. It runs in time that depends only on
// whether x is canonical.
func (s *Scalar) SetCanonicalBytes(x []byte) (*Scalar, error) {
	if len(x) != ScalarSize {
		return nil, errors.New("edwards448: invalid scalar length")
	}
	l := load56(x)
	var b uint64
	for i := range l {
		_, b = bits.Sub64(l[i], ell[i], b)
	}
	if b == 0 || x[56] != 0 {
		return nil, errors.New("edwards448: invalid scalar encoding")
	}
	s.l = l
	return s, nil
}

// SetBytesWithClamping applies the pruning of RFC 8032, Section 5.2.5, to
// the 57-byte x (clear the two low bits and the whole last byte, set bit
// 447), reduces the result modulo ℓ, sets s to it and returns s. If x is not
// 57 bytes long, it returns nil and an error, and s is unchanged.
func (s *Scalar) SetBytesWithClamping(x []byte) (*Scalar, error) {
	if len(x) != ScalarSize {
		return nil, errors.New("edwards448: invalid SetBytesWithClamping input length")
	}
	l := load56(x)
	l[0] &^= 3
	l[6] |= 1 << 63
	montMul(&s.l, &l, &r1)
	return s, nil
}

// setReduced sets s = x mod ℓ for any 56-byte little-endian x.
func (s *Scalar) setReduced(x *[scalarLimbs]uint64) *Scalar {
	montMul(&s.l, x, &r1)
	return s
}

// SetX448Bytes sets s to the X448 scalar of RFC 7748, Section 5, decoded
// from the 56-byte x (the two low bits cleared, bit 447 set), reduced
// modulo ℓ, and returns s. If x is not 56 bytes long, it returns nil and an
// error, and s is unchanged.
func (s *Scalar) SetX448Bytes(x []byte) (*Scalar, error) {
	if len(x) != 56 {
		return nil, errors.New("edwards448: invalid SetX448Bytes input length")
	}
	l := load56(x)
	l[0] &^= 3
	l[6] |= 1 << 63
	return s.setReduced(&l), nil
}

// Bytes returns the canonical 57-byte little-endian encoding of s.
func (s *Scalar) Bytes() []byte {
	var out [ScalarSize]byte
	return s.bytes(&out)
}

func (s *Scalar) bytes(out *[ScalarSize]byte) []byte {
	for i, v := range s.l {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
	out[56] = 0
	return out[:]
}

// Add sets s = x + y mod ℓ and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	addMod(&s.l, &x.l, &y.l)
	return s
}

// Multiply sets s = x·y mod ℓ and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	var t [scalarLimbs]uint64
	montMul(&t, &x.l, &y.l)
	montMul(&s.l, &t, &r2)
	return s
}

// MultiplyAdd sets s = x·y + z mod ℓ and returns s.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	var t [scalarLimbs]uint64
	montMul(&t, &x.l, &y.l)
	montMul(&t, &t, &r2)
	addMod(&s.l, &t, &z.l)
	return s
}

// Negate sets s = −x mod ℓ and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	// ℓ − x is in (0, ℓ], and ℓ itself reduces to 0.
	var t [scalarLimbs + 1]uint64
	var b uint64
	for i := 0; i < scalarLimbs; i++ {
		t[i], b = bits.Sub64(ell[i], x.l[i], b)
	}
	condSubL(&s.l, &t)
	return s
}

// Equal returns 1 if s and t are equal and 0 otherwise, in constant time.
func (s *Scalar) Equal(t *Scalar) int {
	var d uint64
	for i := range s.l {
		d |= s.l[i] ^ t.l[i]
	}
	_, b := bits.Sub64(d, 1, 0)
	return int(b)
}

// signedRadix16 returns the digits e[0..111] of s in radix 16, each in
// [−8, 8), the last in [−8, 8], with Σ e[i]·16^i = s. It runs in constant
// time.
func (s *Scalar) signedRadix16() [112]int8 {
	var e [112]int8
	for i := 0; i < 56; i++ {
		v := byte(s.l[i/8] >> (8 * (i % 8)))
		e[2*i] = int8(v & 15)
		e[2*i+1] = int8(v >> 4)
	}
	// s < 2^446, so the top digit is at most 3 before the carries.
	for i := 0; i < 111; i++ {
		carry := (e[i] + 8) >> 4
		e[i] -= carry << 4
		e[i+1] += carry
	}
	return e
}

// nafLen is the length of the non-adjacent forms of scalars: s < 2^446,
// and a form is at most one digit longer than the binary expansion.
const nafLen = 448

// nonAdjacentForm returns the width-w NAF of s: digits that are zero or odd
// with |d| < 2^(w−1), at most one nonzero among any w consecutive ones, and
// Σ naf[i]·2^i = s. It runs in variable time; use it on public scalars only.
func (s *Scalar) nonAdjacentForm(w uint) [nafLen]int8 {
	var naf [nafLen]int8
	// Scan the bits from the bottom with a pending carry of 0 or 1. Where
	// the next w bits plus the carry are odd, emit them as a digit in
	// (−2^(w−1), 2^(w−1)), subtracting 2^w (and carrying one) if they are
	// too big, and skip w positions. Where they are even, the digit is zero
	// and the carry moves up one bit.
	width := uint64(1) << w
	var carry uint64
	for pos := uint(0); pos < nafLen; {
		i, sh := pos/64, pos%64
		bitBuf := s.l[i] >> sh
		if i < scalarLimbs-1 && sh != 0 {
			bitBuf |= s.l[i+1] << (64 - sh)
		}
		window := bitBuf&(width-1) + carry
		if window&1 == 0 {
			pos++
			continue
		}
		if window < width/2 {
			carry = 0
			naf[pos] = int8(window)
		} else {
			carry = 1
			naf[pos] = int8(int64(window) - int64(width))
		}
		pos += w
	}
	return naf
}
