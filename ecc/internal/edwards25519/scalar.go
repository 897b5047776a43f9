package edwards25519

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// A Scalar is an integer modulo the prime group order
//
//	ℓ = 2^252 + 27742317777372353535851937790883648493.
//
// The zero value is 0. Scalars are held fully reduced, in four
// little-endian 64-bit limbs (not in Montgomery form); products are computed
// with Montgomery multiplication (CIOS, R = 2^256) followed by a second
// Montgomery multiplication by R² to leave the Montgomery domain. Every
// operation runs in constant time.
type Scalar struct {
	l [4]uint64
}

// ell is ℓ in limbs.
var ell = [4]uint64{0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000}

// ellInv is −ℓ⁻¹ mod 2^64.
const ellInv = 0xd2b51da312547e1b

// rModL is 2^256 mod ℓ and rrModL is 2^512 mod ℓ.
var (
	rModL  = [4]uint64{0xd6ec31748d98951d, 0xc6ef5bf4737dcf70, 0xfffffffffffffffe, 0x0fffffffffffffff}
	rrModL = [4]uint64{0xa40611e3449c0f01, 0xd00e1ba768859347, 0xceec73d217f5be65, 0x0399411b7c309a3d}
)

// NewScalar returns a new zero Scalar.
func NewScalar() *Scalar { return &Scalar{} }

// subL sets z to the five-limb value t minus ℓ if that does not borrow, and
// to t otherwise, in constant time. t must be below 2ℓ.
func subL(z *[4]uint64, t0, t1, t2, t3, t4 uint64) {
	var b uint64
	s0, b := bits.Sub64(t0, ell[0], 0)
	s1, b := bits.Sub64(t1, ell[1], b)
	s2, b := bits.Sub64(t2, ell[2], b)
	s3, b := bits.Sub64(t3, ell[3], b)
	_, b = bits.Sub64(t4, 0, b)
	// b == 1: t < ℓ, keep t.
	m := -b
	z[0] = s0 ^ (m & (s0 ^ t0))
	z[1] = s1 ^ (m & (s1 ^ t1))
	z[2] = s2 ^ (m & (s2 ^ t2))
	z[3] = s3 ^ (m & (s3 ^ t3))
}

// montMul sets z = x·y·2^−256 mod ℓ, fully reduced. x may be any value
// below 2^256; y must be below ℓ. z may alias x or y.
func montMul(z, x, y *[4]uint64) {
	var t0, t1, t2, t3, t4, t5 uint64
	for i := 0; i < 4; i++ {
		yi := y[i]
		// t += x·yi
		var c, cc, hi, lo uint64
		hi, lo = bits.Mul64(x[0], yi)
		t0, cc = bits.Add64(t0, lo, 0)
		c = hi + cc
		hi, lo = bits.Mul64(x[1], yi)
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		t1, cc = bits.Add64(t1, lo, 0)
		c = hi + cc
		hi, lo = bits.Mul64(x[2], yi)
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		t2, cc = bits.Add64(t2, lo, 0)
		c = hi + cc
		hi, lo = bits.Mul64(x[3], yi)
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		t3, cc = bits.Add64(t3, lo, 0)
		c = hi + cc
		t4, cc = bits.Add64(t4, c, 0)
		t5 = cc

		// t = (t + m·ℓ) / 2^64 with m chosen so the low limb vanishes.
		m := t0 * ellInv
		hi, lo = bits.Mul64(m, ell[0])
		_, cc = bits.Add64(t0, lo, 0)
		c = hi + cc
		hi, lo = bits.Mul64(m, ell[1])
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		t0, cc = bits.Add64(t1, lo, 0)
		c = hi + cc
		// ell[2] is zero.
		t1, cc = bits.Add64(t2, c, 0)
		c = cc
		hi, lo = bits.Mul64(m, ell[3])
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		t2, cc = bits.Add64(t3, lo, 0)
		c = hi + cc
		t3, cc = bits.Add64(t4, c, 0)
		t4 = t5 + cc
	}
	subL(z, t0, t1, t2, t3, t4)
}

// addMod sets z = x + y mod ℓ for x, y < ℓ.
func addMod(z, x, y *[4]uint64) {
	var c uint64
	t0, c := bits.Add64(x[0], y[0], 0)
	t1, c := bits.Add64(x[1], y[1], c)
	t2, c := bits.Add64(x[2], y[2], c)
	t3, c := bits.Add64(x[3], y[3], c)
	subL(z, t0, t1, t2, t3, c)
}

// load32 returns the 32-byte little-endian x in limbs.
func load32(x []byte) [4]uint64 {
	return [4]uint64{
		binary.LittleEndian.Uint64(x[0:]),
		binary.LittleEndian.Uint64(x[8:]),
		binary.LittleEndian.Uint64(x[16:]),
		binary.LittleEndian.Uint64(x[24:]),
	}
}

// Set sets s = x and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	*s = *x
	return s
}

// SetUniformBytes sets s = x mod ℓ, where x is a 64-byte little-endian
// integer (such as a SHA-512 output), and returns s. If x is not 64 bytes
// long, SetUniformBytes returns nil and an error, and s is unchanged.
func (s *Scalar) SetUniformBytes(x []byte) (*Scalar, error) {
	if len(x) != 64 {
		return nil, errors.New("edwards25519: invalid SetUniformBytes input length")
	}
	lo, hi := load32(x[:32]), load32(x[32:])
	// lo·R·R⁻¹ + hi·R²·R⁻¹ = lo + hi·2^256.
	montMul(&lo, &lo, &rModL)
	montMul(&hi, &hi, &rrModL)
	addMod(&s.l, &lo, &hi)
	return s, nil
}

// SetCanonicalBytes sets s = x, where x is the 32-byte little-endian
// encoding of s, and returns s. If x is not 32 bytes long or is not below ℓ,
// SetCanonicalBytes returns nil and an error, and s is unchanged.
func (s *Scalar) SetCanonicalBytes(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("edwards25519: invalid scalar length")
	}
	l := load32(x)
	var b uint64
	_, b = bits.Sub64(l[0], ell[0], 0)
	_, b = bits.Sub64(l[1], ell[1], b)
	_, b = bits.Sub64(l[2], ell[2], b)
	_, b = bits.Sub64(l[3], ell[3], b)
	if b == 0 {
		return nil, errors.New("edwards25519: invalid scalar encoding")
	}
	s.l = l
	return s, nil
}

// SetBytesWithClamping applies the clamping of RFC 8032, Section 5.1.5, to
// the 32-byte x (clear the three low bits and the top bit, set bit 254),
// reduces the result modulo ℓ, sets s to it and returns s. If x is not 32
// bytes long, it returns nil and an error, and s is unchanged.
func (s *Scalar) SetBytesWithClamping(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("edwards25519: invalid SetBytesWithClamping input length")
	}
	l := load32(x)
	l[0] &^= 7
	l[3] &^= 1 << 63
	l[3] |= 1 << 62
	montMul(&s.l, &l, &rModL)
	return s, nil
}

// Bytes returns the canonical 32-byte little-endian encoding of s.
func (s *Scalar) Bytes() []byte {
	var out [32]byte
	return s.bytes(&out)
}

func (s *Scalar) bytes(out *[32]byte) []byte {
	for i, v := range s.l {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
	return out[:]
}

// Add sets s = x + y mod ℓ and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	addMod(&s.l, &x.l, &y.l)
	return s
}

// Multiply sets s = x·y mod ℓ and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	var t [4]uint64
	montMul(&t, &x.l, &y.l)
	montMul(&s.l, &t, &rrModL)
	return s
}

// MultiplyAdd sets s = x·y + z mod ℓ and returns s.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	var t [4]uint64
	montMul(&t, &x.l, &y.l)
	montMul(&t, &t, &rrModL)
	addMod(&s.l, &t, &z.l)
	return s
}

// Negate sets s = −x mod ℓ and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	// ℓ − x, then reduce (x = 0 gives ℓ, which subL maps to 0).
	var b uint64
	t0, b := bits.Sub64(ell[0], x.l[0], 0)
	t1, b := bits.Sub64(ell[1], x.l[1], b)
	t2, b := bits.Sub64(ell[2], x.l[2], b)
	t3, _ := bits.Sub64(ell[3], x.l[3], b)
	subL(&s.l, t0, t1, t2, t3, 0)
	return s
}

// Equal returns 1 if s and t are equal and 0 otherwise, in constant time.
func (s *Scalar) Equal(t *Scalar) int {
	d := (s.l[0] ^ t.l[0]) | (s.l[1] ^ t.l[1]) | (s.l[2] ^ t.l[2]) | (s.l[3] ^ t.l[3])
	_, b := bits.Sub64(d, 1, 0)
	return int(b)
}

// signedRadix16 returns the digits e[0..63] of s in radix 16 with each
// digit in [−8, 8) (the last in [−8, 8]), Σ e[i]·16^i = s. It runs in
// constant time.
func (s *Scalar) signedRadix16() [64]int8 {
	var b [32]byte
	s.bytes(&b)
	var e [64]int8
	for i, v := range b {
		e[2*i] = int8(v & 15)
		e[2*i+1] = int8(v >> 4)
	}
	// s < 2^253, so the top digit is at most 1 before the carries.
	for i := 0; i < 63; i++ {
		carry := (e[i] + 8) >> 4
		e[i] -= carry << 4
		e[i+1] += carry
	}
	return e
}

// nonAdjacentForm returns the width-w NAF of s: digits that are zero or odd
// with |d| < 2^(w−1), at most one nonzero in any w consecutive positions,
// Σ naf[i]·2^i = s. It runs in variable time; use it on public scalars only.
func (s *Scalar) nonAdjacentForm(w uint) [256]int8 {
	var naf [256]int8
	// Scan the bits from the bottom with a pending carry of 0 or 1. Where
	// the next w bits plus the carry are odd, emit them as a digit in
	// (−2^(w−1), 2^(w−1)), subtracting 2^w (and carrying one into the next
	// window) if they are too big, and skip w positions. Where they are
	// even, the digit is zero and the carry passes on to the next bit
	// (bit + carry is 0 or 2). s < 2^253, so the last carry lands within
	// 256 positions.
	width := uint64(1) << w
	var carry uint64
	for pos := uint(0); pos < 256; {
		i, sh := pos/64, pos%64
		bitBuf := s.l[i] >> sh
		if i < 3 && sh != 0 {
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
