package gf25519

// Invert sets v = 1/z mod p, p = 2^255−19, and returns v; if z is 0, v is set to 0. It
// computes z^(p−2) in constant time with the usual addition chain of 254
// squarings and 11 multiplications.
func (v *Element) Invert(z *Element) *Element {
	var z2, z9, z11, z2_5_0, z2_10_0, z2_20_0, z2_50_0, z2_100_0, t Element

	z2.Square(z)          // 2
	t.Square(&z2)         // 4
	t.Square(&t)          // 8
	z9.Mul(&t, z)         // 9
	z11.Mul(&z9, &z2)     // 11
	t.Square(&z11)        // 22
	z2_5_0.Mul(&t, &z9)   // 31 = 2^5 − 1
	t.nSquare(&z2_5_0, 5) // 2^10 − 2^5
	z2_10_0.Mul(&t, &z2_5_0)
	t.nSquare(&z2_10_0, 10)
	z2_20_0.Mul(&t, &z2_10_0)
	t.nSquare(&z2_20_0, 20)
	t.Mul(&t, &z2_20_0) // 2^40 − 1
	t.nSquare(&t, 10)
	z2_50_0.Mul(&t, &z2_10_0)
	t.nSquare(&z2_50_0, 50)
	z2_100_0.Mul(&t, &z2_50_0)
	t.nSquare(&z2_100_0, 100)
	t.Mul(&t, &z2_100_0) // 2^200 − 1
	t.nSquare(&t, 50)
	t.Mul(&t, &z2_50_0)    // 2^250 − 1
	t.nSquare(&t, 5)       // 2^255 − 2^5
	return v.Mul(&t, &z11) // 2^255 − 21 = p − 2
}

// nSquare sets v = x^(2^n), n ≥ 1, and returns v.
func (v *Element) nSquare(x *Element, n int) *Element {
	feSquareN(v, x, n)
	return v
}

// pow22523 sets v = x^((p−5)/8) = x^(2^252−3) and returns v.
func (v *Element) pow22523(x *Element) *Element {
	var z2, z9, z11, z2_5_0, z2_10_0, z2_20_0, z2_50_0, z2_100_0, t Element

	z2.Square(x)
	t.nSquare(&z2, 2)
	z9.Mul(&t, x)
	z11.Mul(&z9, &z2)
	t.Square(&z11)
	z2_5_0.Mul(&t, &z9)
	t.nSquare(&z2_5_0, 5)
	z2_10_0.Mul(&t, &z2_5_0)
	t.nSquare(&z2_10_0, 10)
	z2_20_0.Mul(&t, &z2_10_0)
	t.nSquare(&z2_20_0, 20)
	t.Mul(&t, &z2_20_0)
	t.nSquare(&t, 10)
	z2_50_0.Mul(&t, &z2_10_0)
	t.nSquare(&z2_50_0, 50)
	z2_100_0.Mul(&t, &z2_50_0)
	t.nSquare(&z2_100_0, 100)
	t.Mul(&t, &z2_100_0)
	t.nSquare(&t, 50)
	t.Mul(&t, &z2_50_0) // 2^250 − 1
	t.nSquare(&t, 2)    // 2^252 − 4
	return v.Mul(&t, x) // 2^252 − 3
}

// SqrtRatio sets r to the non-negative square root of the ratio u/v, as in
// RFC 8032, Section 5.1.3, and RFC 9496, Section 4.2.
//
// If u/v is square, SqrtRatio returns r and 1. If u/v is not square,
// SqrtRatio sets r to a non-negative square root of i·u/v, where i is the
// square root of −1, 2^((p−1)/4), and returns r and 0. If v is zero,
// SqrtRatio returns r = 0 and 1 if u is zero, 0 if it is not. It runs in
// constant time, and r may alias u and v.
func (r *Element) SqrtRatio(u, v *Element) (R *Element, wasSquare int) {
	var a, b, v2, v3, v7, uv3, uv7, check Element

	v2.Square(v)
	v3.Mul(&v2, v)
	uv3.Mul(u, &v3)
	v7.Square(&v3)
	v7.Mul(&v7, v)
	uv7.Mul(u, &v7)
	// The candidate root w = u·v³·(u·v⁷)^((p−5)/8).
	var w Element
	w.pow22523(&uv7)
	w.Mul(&w, &uv3)

	check.Square(&w)
	check.Mul(&check, v) // v·w²

	var uNeg, uNegI Element
	uNeg.Negate(u)
	uNegI.Mul(&uNeg, &sqrtM1)
	correctSign := check.Equal(u)
	flippedSign := check.Equal(&uNeg)
	flippedSignI := check.Equal(&uNegI)

	// If v·w² = −u or −u·i, w·i is the root (of u/v or of i·u/v).
	a.Mul(&w, &sqrtM1)
	b.Select(&a, &w, flippedSign|flippedSignI)
	r.Absolute(&b)
	return r, correctSign | flippedSign
}
