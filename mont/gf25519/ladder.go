package gf25519

import "math/bits"

// X25519Ladder sets out to the u-coordinate of the product of the scalar
// and the point with u-coordinate u on Curve25519, with the Montgomery
// ladder of RFC 7748, Section 5, and returns out.
//
// scalar is little-endian; the ladder uses its bits 0 to 254 and ignores bit
// 255. The caller does the clamping that X25519 requires (RFC 7748,
// Section 5: clearing bits 0, 1, 2 and 255 and setting bit 254); the ladder
// computes the product for any scalar below 2^255. u may be any element,
// on the curve or on its twist. If the product is the point at infinity, out
// is 0.
//
// The ladder runs in constant time: it does the same operations, with the
// same memory accesses, for every scalar and every u. out may alias u.
func X25519Ladder(out *Element, scalar *[32]byte, u *Element) *Element {
	var x2, z2 Element
	ladder(&x2, &z2, scalar, u)
	z2.Invert(&z2)
	return out.Mul(&x2, &z2)
}

// ladderGeneric sets x2/z2 to the projective u-coordinate of scalar·P, where
// P has u-coordinate x1, using bits 254 to 0 of scalar. It is the reference
// for the assembly ladder.
func ladderGeneric(x2, z2 *Element, scalar *[32]byte, x1 *Element) {
	var x3, z3, a, aa, b, bb, e, c, d, da, cb Element
	u := *x1
	x2.One()
	z2.Zero()
	x3 = u
	z3.One()
	swap := 0
	for t := 254; t >= 0; t-- {
		// The bit position is public; only the bit's value is secret.
		bit := int(scalar[t>>3]>>(t&7)) & 1
		swap ^= bit
		x2.Swap(&x3, swap)
		z2.Swap(&z3, swap)
		swap = bit

		a.Add(x2, z2)
		aa.Square(&a)
		b.Sub(x2, z2)
		bb.Square(&b)
		e.Sub(&aa, &bb)
		c.Add(&x3, &z3)
		d.Sub(&x3, &z3)
		da.Mul(&d, &a)
		cb.Mul(&c, &b)
		x3.Add(&da, &cb)
		x3.Square(&x3)
		z3.Sub(&da, &cb)
		z3.Square(&z3)
		z3.Mul(&z3, &u)
		x2.Mul(&aa, &bb)
		mult32Add(z2, &e, 121665, &aa)
		z2.Mul(z2, &e)
	}
	x2.Swap(&x3, swap)
	z2.Swap(&z3, swap)
}

// mult32Add sets v = x·m + y, loosely reduced, folding the top limb once
// for the product and the sum together.
func mult32Add(v, x *Element, m uint64, y *Element) {
	h0, l0 := bits.Mul64(x.l[0], m)
	h1, l1 := bits.Mul64(x.l[1], m)
	h2, l2 := bits.Mul64(x.l[2], m)
	h3, l3 := bits.Mul64(x.l[3], m)
	var c uint64
	r1, c := bits.Add64(l1, h0, 0)
	r2, c := bits.Add64(l2, h1, c)
	r3, c := bits.Add64(l3, h2, c)
	top := h3 + c
	r0, c := bits.Add64(l0, y.l[0], 0)
	r1, c = bits.Add64(r1, y.l[1], c)
	r2, c = bits.Add64(r2, y.l[2], c)
	r3, c = bits.Add64(r3, y.l[3], c)
	top += c // < 2^32 for m < 2^32
	r0, c = bits.Add64(r0, top*38, 0)
	r1, c = bits.Add64(r1, 0, c)
	r2, c = bits.Add64(r2, 0, c)
	r3, c = bits.Add64(r3, 0, c)
	v.l = [4]uint64{r0 + c*38, r1, r2, r3}
}
