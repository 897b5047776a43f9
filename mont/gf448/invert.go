package gf448

// nSquare sets v = x^(2^n), n ≥ 1, and returns v.
func (v *Element) nSquare(x *Element, n int) *Element {
	feSquareN(v, x, n)
	return v
}

// pow222 sets a = x^(2^223 − 1) and b = x^(2^222 − 1), the two powers from
// which both p − 2 and (p − 3)/4 are built, with an addition chain of 228
// squarings and 11 multiplications.
func pow222(a, b, x *Element) {
	var e2, e3, e6, e12, e24, e30, e48, e96, t Element
	// ek is x^(2^k − 1).
	e2.Square(x)
	e2.Mul(&e2, x)
	e3.Square(&e2)
	e3.Mul(&e3, x)
	t.nSquare(&e3, 3)
	e6.Mul(&t, &e3)
	t.nSquare(&e6, 6)
	e12.Mul(&t, &e6)
	t.nSquare(&e12, 12)
	e24.Mul(&t, &e12)
	t.nSquare(&e24, 6)
	e30.Mul(&t, &e6)
	t.nSquare(&e24, 24)
	e48.Mul(&t, &e24)
	t.nSquare(&e48, 48)
	e96.Mul(&t, &e48)
	t.nSquare(&e96, 96)
	t.Mul(&t, &e96) // e192
	t.nSquare(&t, 30)
	b.Mul(&t, &e30) // e222
	a.Square(b)
	a.Mul(a, x) // e223
}

// powP34 sets v = x^((p−3)/4) = x^(2^446 − 2^222 − 1) and returns v. In
// binary the exponent is 223 ones, a zero and 222 ones.
func (v *Element) powP34(x *Element) *Element {
	var a, b Element
	pow222(&a, &b, x)
	a.nSquare(&a, 223)
	return v.Mul(&a, &b)
}

// Invert sets v = 1/z mod p, p = 2^448 − 2^224 − 1, and returns v; if z is
// 0, v is set to 0. It computes z^(p−2) = (z^((p−3)/4))^4 · z in constant
// time, with an addition chain of 453 squarings and 13 multiplications.
func (v *Element) Invert(z *Element) *Element {
	var t Element
	t.powP34(z)
	t.nSquare(&t, 2)
	return v.Mul(&t, z)
}

// SqrtRatio sets r to a square root of the ratio u/v, as the decoding of
// RFC 8032, Section 5.2.3 does, and returns r and wasSquare.
//
// The candidate root is x = u³·v·(u⁵·v³)^((p−3)/4), whose square is u/v if
// u/v is a square and −u/v if it is not (−1 is not a square modulo p).
// SqrtRatio sets r to x or −x, whichever is not negative (its canonical
// encoding is even), and returns wasSquare = 1 if v·x² = u, that is if u/v
// is a square, and 0 otherwise. If v is zero, r = 0 and wasSquare is 1
// exactly when u is zero. The caller picks the sign of the root that it
// needs (RFC 8032's x_0) with [Element.IsNegative] and [Element.Negate]. It
// runs in constant time, and r may alias u and v.
func (r *Element) SqrtRatio(u, v *Element) (R *Element, wasSquare int) {
	var u2, u3, u5, v3, uv, x, check Element
	u2.Square(u)
	u3.Mul(&u2, u)
	u5.Mul(&u3, &u2)
	v3.Square(v)
	v3.Mul(&v3, v)
	uv.Mul(&u5, &v3) // u⁵·v³
	x.powP34(&uv)
	x.Mul(&x, &u3)
	x.Mul(&x, v) // u³·v·(u⁵·v³)^((p−3)/4)

	check.Square(&x)
	check.Mul(&check, v)
	wasSquare = check.Equal(u)
	r.absolute(&x)
	return r, wasSquare
}
