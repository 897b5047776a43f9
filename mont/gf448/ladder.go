package gf448

// a24 is (A − 2)/4 for Curve448's A = 156326, the constant of the ladder
// step in RFC 7748, Section 5.
const a24 = 39081

// X448Ladder sets out to the u-coordinate of the product of the scalar and
// the point with u-coordinate u on Curve448, with the Montgomery ladder of
// RFC 7748, Section 5, and returns out.
//
// scalar is little-endian; the ladder uses all of its 448 bits. The caller
// does the clamping that X448 requires (RFC 7748, Section 5: clearing bits
// 0 and 1 and setting bit 447); the ladder computes the product for any
// scalar. u may be any element, on the curve or on its twist. If the
// product is the point at infinity, out is 0.
//
// The ladder runs in constant time: it does the same operations, with the
// same memory accesses, for every scalar and every u. out may alias u.
func X448Ladder(out *Element, scalar *[56]byte, u *Element) *Element {
	var x2, z2 Element
	ladder(&x2, &z2, scalar, u)
	z2.Invert(&z2)
	return out.Mul(&x2, &z2)
}

// ladderGeneric sets x2/z2 to the projective u-coordinate of scalar·P, where
// P has u-coordinate x1, using bits 447 to 0 of scalar. It is the reference
// for the assembly ladder.
func ladderGeneric(x2, z2 *Element, scalar *[56]byte, x1 *Element) {
	var x3, z3, a, aa, b, bb, e, c, d, da, cb Element
	u := *x1
	x2.One()
	z2.Zero()
	x3 = u
	z3.One()
	swap := 0
	for t := 447; t >= 0; t-- {
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
		mult32Add(z2, &e, a24, &aa)
		z2.Mul(z2, &e)
	}
	x2.Swap(&x3, swap)
	z2.Swap(&z3, swap)
}
