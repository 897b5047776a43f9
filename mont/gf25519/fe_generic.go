package gf25519

import "math/bits"

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/gf25519arm64 -out fe_arm64.s

// feMulGeneric sets v = x · y, loosely reduced. It is the reference for the
// assembly feMul: the 512-bit product by operand scanning, one row per limb
// of y, each row adding the low halves of the four partial products on one
// carry chain and the high halves on another, then reduce512.
func feMulGeneric(v, x, y *Element) {
	x0, x1, x2, x3 := x.l[0], x.l[1], x.l[2], x.l[3]

	// Row 0: t0..t4 = x·y0.
	y0 := y.l[0]
	h0, t0 := bits.Mul64(x0, y0)
	h1, l1 := bits.Mul64(x1, y0)
	h2, l2 := bits.Mul64(x2, y0)
	h3, l3 := bits.Mul64(x3, y0)
	t1, c := bits.Add64(l1, h0, 0)
	t2, c := bits.Add64(l2, h1, c)
	t3, c := bits.Add64(l3, h2, c)
	t4 := h3 + c

	// Row 1: t1..t5 += x·y1.
	y1 := y.l[1]
	h0, l0 := bits.Mul64(x0, y1)
	h1, l1 = bits.Mul64(x1, y1)
	h2, l2 = bits.Mul64(x2, y1)
	h3, l3 = bits.Mul64(x3, y1)
	t1, c = bits.Add64(t1, l0, 0)
	t2, c = bits.Add64(t2, l1, c)
	t3, c = bits.Add64(t3, l2, c)
	t4, c = bits.Add64(t4, l3, c)
	t5 := c
	t2, c = bits.Add64(t2, h0, 0)
	t3, c = bits.Add64(t3, h1, c)
	t4, c = bits.Add64(t4, h2, c)
	t5 += h3 + c

	// Row 2: t2..t6 += x·y2.
	y2 := y.l[2]
	h0, l0 = bits.Mul64(x0, y2)
	h1, l1 = bits.Mul64(x1, y2)
	h2, l2 = bits.Mul64(x2, y2)
	h3, l3 = bits.Mul64(x3, y2)
	t2, c = bits.Add64(t2, l0, 0)
	t3, c = bits.Add64(t3, l1, c)
	t4, c = bits.Add64(t4, l2, c)
	t5, c = bits.Add64(t5, l3, c)
	t6 := c
	t3, c = bits.Add64(t3, h0, 0)
	t4, c = bits.Add64(t4, h1, c)
	t5, c = bits.Add64(t5, h2, c)
	t6 += h3 + c

	// Row 3: t3..t7 += x·y3.
	y3 := y.l[3]
	h0, l0 = bits.Mul64(x0, y3)
	h1, l1 = bits.Mul64(x1, y3)
	h2, l2 = bits.Mul64(x2, y3)
	h3, l3 = bits.Mul64(x3, y3)
	t3, c = bits.Add64(t3, l0, 0)
	t4, c = bits.Add64(t4, l1, c)
	t5, c = bits.Add64(t5, l2, c)
	t6, c = bits.Add64(t6, l3, c)
	t7 := c
	t4, c = bits.Add64(t4, h0, 0)
	t5, c = bits.Add64(t5, h1, c)
	t6, c = bits.Add64(t6, h2, c)
	t7 += h3 + c

	reduce512(v, &[8]uint64{t0, t1, t2, t3, t4, t5, t6, t7})
}

// feSquareGeneric sets v = x · x, loosely reduced. It computes each product
// x[i]·x[j] with i < j once, doubles their sum and adds the squares x[i]²,
// then reduce512. It is the reference for the assembly feSquare.
func feSquareGeneric(v, x *Element) {
	x0, x1, x2, x3 := x.l[0], x.l[1], x.l[2], x.l[3]

	// The products x[i]·x[j], i < j, at position i+j: t1..t6.
	h01, t1 := bits.Mul64(x0, x1)
	h02, l02 := bits.Mul64(x0, x2)
	h03, l03 := bits.Mul64(x0, x3)
	t2, c := bits.Add64(l02, h01, 0)
	t3, c := bits.Add64(l03, h02, c)
	t4 := h03 + c
	h12, l12 := bits.Mul64(x1, x2)
	h13, l13 := bits.Mul64(x1, x3)
	t3, c = bits.Add64(t3, l12, 0)
	t4, c = bits.Add64(t4, l13, c)
	t5 := c
	t4, c = bits.Add64(t4, h12, 0)
	t5 += h13 + c
	h23, l23 := bits.Mul64(x2, x3)
	t5, c = bits.Add64(t5, l23, 0)
	t6 := h23 + c

	// Double them.
	t7 := t6 >> 63
	t6 = t6<<1 | t5>>63
	t5 = t5<<1 | t4>>63
	t4 = t4<<1 | t3>>63
	t3 = t3<<1 | t2>>63
	t2 = t2<<1 | t1>>63
	t1 <<= 1

	// Add the squares x[i]² at position 2i.
	h, t0 := bits.Mul64(x0, x0)
	t1, c = bits.Add64(t1, h, 0)
	h, l := bits.Mul64(x1, x1)
	t2, c = bits.Add64(t2, l, c)
	t3, c = bits.Add64(t3, h, c)
	h, l = bits.Mul64(x2, x2)
	t4, c = bits.Add64(t4, l, c)
	t5, c = bits.Add64(t5, h, c)
	h, l = bits.Mul64(x3, x3)
	t6, c = bits.Add64(t6, l, c)
	t7 += h + c

	reduce512(v, &[8]uint64{t0, t1, t2, t3, t4, t5, t6, t7})
}

// feSquareNGeneric sets v = x^(2^n), for n ≥ 1, by n squarings.
func feSquareNGeneric(v, x *Element, n int) {
	feSquareGeneric(v, x)
	for i := 1; i < n; i++ {
		feSquareGeneric(v, v)
	}
}

// reduce512 sets v to the 512-bit t modulo p, loosely reduced, using
// 2^256 ≡ 38.
func reduce512(v *Element, t *[8]uint64) {
	h0, l0 := bits.Mul64(t[4], 38)
	h1, l1 := bits.Mul64(t[5], 38)
	h2, l2 := bits.Mul64(t[6], 38)
	h3, l3 := bits.Mul64(t[7], 38)
	var c uint64
	r0, c := bits.Add64(t[0], l0, 0)
	r1, c := bits.Add64(t[1], l1, c)
	r2, c := bits.Add64(t[2], l2, c)
	r3, c := bits.Add64(t[3], l3, c)
	top := h3 + c
	r1, c = bits.Add64(r1, h0, 0)
	r2, c = bits.Add64(r2, h1, c)
	r3, c = bits.Add64(r3, h2, c)
	top += c // top ≤ 38
	// Fold top·2^256 ≡ top·38. A carry out of that means the value wrapped
	// to below top·38 < 2^11, so adding the last 38 cannot carry.
	r0, c = bits.Add64(r0, top*38, 0)
	r1, c = bits.Add64(r1, 0, c)
	r2, c = bits.Add64(r2, 0, c)
	r3, c = bits.Add64(r3, 0, c)
	v.l = [4]uint64{r0 + c*38, r1, r2, r3}
}
