package mont

import (
	"errors"
	"math/bits"
)

// This file holds the arithmetic on plain integers, with no odd modulus in
// Montgomery form: what RSA key set-up needs beyond the modular operations
// (the product of the primes, reductions modulo the even p-1 and q-1, an
// exact division by the public exponent) and the conversions to and from
// big-endian bytes of any length.

var (
	errValueTooLarge = errors.New("mont: value does not fit")
	errModulusZero   = errors.New("mont: modulus is zero")
)

// SetBigEndian sets x to the big-endian value b and returns x. x gets
// ceil(len(b)/8) limbs: leading zero bytes count toward its length, so the
// length of x follows from len(b) alone and the time taken depends only on
// len(b), not on the value.
func (x *Nat) SetBigEndian(b []byte) *Nat {
	// setBytes fails only for values longer than the limbs, which cannot
	// happen with ceil(len(b)/8) of them.
	if err := x.setBytes(b, (len(b)+7)/8); err != nil {
		panic("mont: internal error: " + err.Error())
	}
	return x
}

// FillBytes writes x big-endian into all of b, with leading zeros, and
// returns b. If x has nonzero bits beyond the 8·len(b) that fit, FillBytes
// clears b and returns nil and an error. The time taken depends only on len(b) and
// the length of x: the bits that do not fit are ORed together and only
// whether the result is zero decides the outcome, which is then public.
func (x *Nat) FillBytes(b []byte) ([]byte, error) {
	clear(b)
	var dropped uint64
	for k, limb := range x.limbs {
		// Bytes 8k to 8k+7 of x, counted from the least significant.
		fit := len(b) - 8*k // how many of them fit in b
		switch {
		case fit >= 8:
			for s := range 8 {
				b[len(b)-1-8*k-s] = byte(limb >> (8 * s))
			}
		case fit > 0:
			for s := range fit {
				b[len(b)-1-8*k-s] = byte(limb >> (8 * s))
			}
			dropped |= limb >> (8 * fit)
		default:
			dropped |= limb
		}
	}
	// Whether x fits is the error: public.
	tooLarge := ctEq(dropped, 0).Not()
	declassify(&tooLarge)
	if tooLarge == 1 {
		clear(b)
		return nil, errValueTooLarge
	}
	return b, nil
}

// MulPlain sets z = x·y, the full product with len(x)+len(y) limbs, and
// returns z. It is schoolbook multiplication, in time that depends only on
// the lengths of x and y. z must not alias x or y: MulPlain panics if z is
// x or y.
func (z *Nat) MulPlain(x, y *Nat) *Nat {
	if z == x || z == y {
		panic("mont: MulPlain result aliases an operand")
	}
	z.reset(len(x.limbs) + len(y.limbs))
	for i, yi := range y.limbs {
		var c uint64
		for j, xj := range x.limbs {
			hi, lo := bits.Mul64(xj, yi)
			var cc uint64
			lo, cc = bits.Add64(lo, z.limbs[i+j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			z.limbs[i+j], c = lo, hi
		}
		z.limbs[i+len(x.limbs)] = c
	}
	return z
}

// ModAny sets out = x mod m, with m's length, and returns out, for any
// m ≥ 1, even or odd (for an odd m ≥ 3, a [Modulus] and [Nat.Mod] are much
// faster). x and m may have any lengths, and m may have zero top limbs.
// It returns an error if m is zero; that check's outcome is public.
//
// ModAny runs in time that depends only on the lengths of x and m: it
// reduces one bit of x at a time, shifting it into the remainder and
// subtracting m under a mask, so it costs 64·len(x) passes over m's limbs.
// That is slow, and meant for key set-up (d mod (p-1) for RSA), not for
// operations repeated on a hot path. out may alias x or m.
func (out *Nat) ModAny(x, m *Nat) (*Nat, error) {
	// The outcome of this check is public (the error says it).
	isZero := m.IsZero()
	declassify(&isZero)
	if isZero == 1 {
		return nil, errModulusZero
	}
	n := len(m.limbs)
	// r < m holds between steps, so 2r + bit < 2m: one subtraction of m
	// (with r's carry out of the top limb as an extra bit) reduces it. Each
	// step computes both 2r + bit, in r, and 2r + bit - m, in t, and keeps
	// one of them (mask keep) as it reads r in the next step, so that a
	// step is one pass over the limbs.
	r := make([]uint64, n)
	t := make([]uint64, n)[:len(r)]
	ml := m.limbs[:len(r)]
	var keep uint64 // all ones to take t rather than r
	for i := len(x.limbs) - 1; i >= 0; i-- {
		xi := x.limbs[i]
		for s := 63; s >= 0; s-- {
			carry := (xi >> uint(s)) & 1
			var borrow uint64
			for j := range r {
				v := r[j] ^ (keep & (r[j] ^ t[j]))
				w := v<<1 | carry
				carry = v >> 63
				r[j] = w
				t[j], borrow = bits.Sub64(w, ml[j], borrow)
			}
			// Take 2r + bit - m if 2r + bit ≥ m: the shift carried out of
			// the top limb, or the subtraction did not borrow.
			keep = -(carry | (borrow ^ 1))
		}
	}
	for j := range r {
		r[j] ^= keep & (r[j] ^ t[j])
	}
	out.reset(n)
	copy(out.limbs, r)
	clear(r)
	clear(t)
	return out, nil
}

// DivExactWord sets x = x / d and returns x, for an odd d that divides x
// exactly; x keeps its length. If d does not divide x, the result is
// unspecified. DivExactWord panics if d is even.
//
// It is exact division (Jebelean, 1993): each limb of the quotient is the
// current limb, less the borrow from the limbs below, times d⁻¹ mod 2^64,
// with no trial quotient. The time taken depends only on x's length.
func (x *Nat) DivExactWord(d uint64) *Nat {
	if d&1 == 0 {
		panic("mont: DivExactWord divisor is even")
	}
	inv := -minusInverse64(d) // d⁻¹ mod 2^64
	// c is what the limbs of q·d below limb i carried into limb i: at most
	// d, as the high half of a limb times d is below d and a borrow is 1.
	var c uint64
	for i, l := range x.limbs {
		v, b := bits.Sub64(l, c, 0)
		q := v * inv // q·d ≡ v mod 2^64
		x.limbs[i] = q
		hi, _ := bits.Mul64(q, d)
		c = hi + b
	}
	return x
}
