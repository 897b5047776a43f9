package gf448

import "math/bits"

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/gf448arm64 -out fe_arm64.s

// feMulGeneric sets v = x · y, loosely reduced. It is the reference for the
// assembly feMul: the 896-bit product by operand scanning, one row of seven
// partial products per limb of y, each row adding the low halves of its
// products on one carry chain and the high halves on another, then
// reduce896.
func feMulGeneric(v, x, y *Element) {
	x0, x1, x2, x3, x4, x5, x6 := x.l[0], x.l[1], x.l[2], x.l[3], x.l[4], x.l[5], x.l[6]
	var c, l0 uint64

	// Row 0: t0..t7 = x·y0.
	y0 := y.l[0]
	h0, t0 := bits.Mul64(x0, y0)
	h1, l1 := bits.Mul64(x1, y0)
	h2, l2 := bits.Mul64(x2, y0)
	h3, l3 := bits.Mul64(x3, y0)
	h4, l4 := bits.Mul64(x4, y0)
	h5, l5 := bits.Mul64(x5, y0)
	h6, l6 := bits.Mul64(x6, y0)
	t1, c := bits.Add64(l1, h0, 0)
	t2, c := bits.Add64(l2, h1, c)
	t3, c := bits.Add64(l3, h2, c)
	t4, c := bits.Add64(l4, h3, c)
	t5, c := bits.Add64(l5, h4, c)
	t6, c := bits.Add64(l6, h5, c)
	t7 := h6 + c

	// Row 1: t1..t8 += x·y1.
	y1 := y.l[1]
	h0, l0 = bits.Mul64(x0, y1)
	h1, l1 = bits.Mul64(x1, y1)
	h2, l2 = bits.Mul64(x2, y1)
	h3, l3 = bits.Mul64(x3, y1)
	h4, l4 = bits.Mul64(x4, y1)
	h5, l5 = bits.Mul64(x5, y1)
	h6, l6 = bits.Mul64(x6, y1)
	t1, c = bits.Add64(t1, l0, 0)
	t2, c = bits.Add64(t2, l1, c)
	t3, c = bits.Add64(t3, l2, c)
	t4, c = bits.Add64(t4, l3, c)
	t5, c = bits.Add64(t5, l4, c)
	t6, c = bits.Add64(t6, l5, c)
	t7, c = bits.Add64(t7, l6, c)
	t8 := c
	t2, c = bits.Add64(t2, h0, 0)
	t3, c = bits.Add64(t3, h1, c)
	t4, c = bits.Add64(t4, h2, c)
	t5, c = bits.Add64(t5, h3, c)
	t6, c = bits.Add64(t6, h4, c)
	t7, c = bits.Add64(t7, h5, c)
	t8 += h6 + c

	// Row 2: t2..t9 += x·y2.
	y2 := y.l[2]
	h0, l0 = bits.Mul64(x0, y2)
	h1, l1 = bits.Mul64(x1, y2)
	h2, l2 = bits.Mul64(x2, y2)
	h3, l3 = bits.Mul64(x3, y2)
	h4, l4 = bits.Mul64(x4, y2)
	h5, l5 = bits.Mul64(x5, y2)
	h6, l6 = bits.Mul64(x6, y2)
	t2, c = bits.Add64(t2, l0, 0)
	t3, c = bits.Add64(t3, l1, c)
	t4, c = bits.Add64(t4, l2, c)
	t5, c = bits.Add64(t5, l3, c)
	t6, c = bits.Add64(t6, l4, c)
	t7, c = bits.Add64(t7, l5, c)
	t8, c = bits.Add64(t8, l6, c)
	t9 := c
	t3, c = bits.Add64(t3, h0, 0)
	t4, c = bits.Add64(t4, h1, c)
	t5, c = bits.Add64(t5, h2, c)
	t6, c = bits.Add64(t6, h3, c)
	t7, c = bits.Add64(t7, h4, c)
	t8, c = bits.Add64(t8, h5, c)
	t9 += h6 + c

	// Row 3: t3..t10 += x·y3.
	y3 := y.l[3]
	h0, l0 = bits.Mul64(x0, y3)
	h1, l1 = bits.Mul64(x1, y3)
	h2, l2 = bits.Mul64(x2, y3)
	h3, l3 = bits.Mul64(x3, y3)
	h4, l4 = bits.Mul64(x4, y3)
	h5, l5 = bits.Mul64(x5, y3)
	h6, l6 = bits.Mul64(x6, y3)
	t3, c = bits.Add64(t3, l0, 0)
	t4, c = bits.Add64(t4, l1, c)
	t5, c = bits.Add64(t5, l2, c)
	t6, c = bits.Add64(t6, l3, c)
	t7, c = bits.Add64(t7, l4, c)
	t8, c = bits.Add64(t8, l5, c)
	t9, c = bits.Add64(t9, l6, c)
	t10 := c
	t4, c = bits.Add64(t4, h0, 0)
	t5, c = bits.Add64(t5, h1, c)
	t6, c = bits.Add64(t6, h2, c)
	t7, c = bits.Add64(t7, h3, c)
	t8, c = bits.Add64(t8, h4, c)
	t9, c = bits.Add64(t9, h5, c)
	t10 += h6 + c

	// Row 4: t4..t11 += x·y4.
	y4 := y.l[4]
	h0, l0 = bits.Mul64(x0, y4)
	h1, l1 = bits.Mul64(x1, y4)
	h2, l2 = bits.Mul64(x2, y4)
	h3, l3 = bits.Mul64(x3, y4)
	h4, l4 = bits.Mul64(x4, y4)
	h5, l5 = bits.Mul64(x5, y4)
	h6, l6 = bits.Mul64(x6, y4)
	t4, c = bits.Add64(t4, l0, 0)
	t5, c = bits.Add64(t5, l1, c)
	t6, c = bits.Add64(t6, l2, c)
	t7, c = bits.Add64(t7, l3, c)
	t8, c = bits.Add64(t8, l4, c)
	t9, c = bits.Add64(t9, l5, c)
	t10, c = bits.Add64(t10, l6, c)
	t11 := c
	t5, c = bits.Add64(t5, h0, 0)
	t6, c = bits.Add64(t6, h1, c)
	t7, c = bits.Add64(t7, h2, c)
	t8, c = bits.Add64(t8, h3, c)
	t9, c = bits.Add64(t9, h4, c)
	t10, c = bits.Add64(t10, h5, c)
	t11 += h6 + c

	// Row 5: t5..t12 += x·y5.
	y5 := y.l[5]
	h0, l0 = bits.Mul64(x0, y5)
	h1, l1 = bits.Mul64(x1, y5)
	h2, l2 = bits.Mul64(x2, y5)
	h3, l3 = bits.Mul64(x3, y5)
	h4, l4 = bits.Mul64(x4, y5)
	h5, l5 = bits.Mul64(x5, y5)
	h6, l6 = bits.Mul64(x6, y5)
	t5, c = bits.Add64(t5, l0, 0)
	t6, c = bits.Add64(t6, l1, c)
	t7, c = bits.Add64(t7, l2, c)
	t8, c = bits.Add64(t8, l3, c)
	t9, c = bits.Add64(t9, l4, c)
	t10, c = bits.Add64(t10, l5, c)
	t11, c = bits.Add64(t11, l6, c)
	t12 := c
	t6, c = bits.Add64(t6, h0, 0)
	t7, c = bits.Add64(t7, h1, c)
	t8, c = bits.Add64(t8, h2, c)
	t9, c = bits.Add64(t9, h3, c)
	t10, c = bits.Add64(t10, h4, c)
	t11, c = bits.Add64(t11, h5, c)
	t12 += h6 + c

	// Row 6: t6..t13 += x·y6.
	y6 := y.l[6]
	h0, l0 = bits.Mul64(x0, y6)
	h1, l1 = bits.Mul64(x1, y6)
	h2, l2 = bits.Mul64(x2, y6)
	h3, l3 = bits.Mul64(x3, y6)
	h4, l4 = bits.Mul64(x4, y6)
	h5, l5 = bits.Mul64(x5, y6)
	h6, l6 = bits.Mul64(x6, y6)
	t6, c = bits.Add64(t6, l0, 0)
	t7, c = bits.Add64(t7, l1, c)
	t8, c = bits.Add64(t8, l2, c)
	t9, c = bits.Add64(t9, l3, c)
	t10, c = bits.Add64(t10, l4, c)
	t11, c = bits.Add64(t11, l5, c)
	t12, c = bits.Add64(t12, l6, c)
	t13 := c
	t7, c = bits.Add64(t7, h0, 0)
	t8, c = bits.Add64(t8, h1, c)
	t9, c = bits.Add64(t9, h2, c)
	t10, c = bits.Add64(t10, h3, c)
	t11, c = bits.Add64(t11, h4, c)
	t12, c = bits.Add64(t12, h5, c)
	t13 += h6 + c

	reduce896(v, &[14]uint64{t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13})
}

// feSquareGeneric sets v = x · x, loosely reduced. It computes each product
// x[i]·x[j] with i < j once, row by row as feMulGeneric does, doubles their
// sum and adds the squares x[i]², then reduce896. It is the reference for
// the assembly feSquare.
func feSquareGeneric(v, x *Element) {
	x0, x1, x2, x3, x4, x5, x6 := x.l[0], x.l[1], x.l[2], x.l[3], x.l[4], x.l[5], x.l[6]
	var c, h, l uint64

	// Row 0: t1..t7 = x0·(x1..x6).
	h1, t1 := bits.Mul64(x1, x0)
	h2, l2 := bits.Mul64(x2, x0)
	h3, l3 := bits.Mul64(x3, x0)
	h4, l4 := bits.Mul64(x4, x0)
	h5, l5 := bits.Mul64(x5, x0)
	h6, l6 := bits.Mul64(x6, x0)
	t2, c := bits.Add64(l2, h1, 0)
	t3, c := bits.Add64(l3, h2, c)
	t4, c := bits.Add64(l4, h3, c)
	t5, c := bits.Add64(l5, h4, c)
	t6, c := bits.Add64(l6, h5, c)
	t7 := h6 + c

	// Row 1: t3..t8 += x1·(x2..x6).
	h2, l2 = bits.Mul64(x2, x1)
	h3, l3 = bits.Mul64(x3, x1)
	h4, l4 = bits.Mul64(x4, x1)
	h5, l5 = bits.Mul64(x5, x1)
	h6, l6 = bits.Mul64(x6, x1)
	t3, c = bits.Add64(t3, l2, 0)
	t4, c = bits.Add64(t4, l3, c)
	t5, c = bits.Add64(t5, l4, c)
	t6, c = bits.Add64(t6, l5, c)
	t7, c = bits.Add64(t7, l6, c)
	t8 := c
	t4, c = bits.Add64(t4, h2, 0)
	t5, c = bits.Add64(t5, h3, c)
	t6, c = bits.Add64(t6, h4, c)
	t7, c = bits.Add64(t7, h5, c)
	t8 += h6 + c

	// Row 2: t5..t9 += x2·(x3..x6).
	h3, l3 = bits.Mul64(x3, x2)
	h4, l4 = bits.Mul64(x4, x2)
	h5, l5 = bits.Mul64(x5, x2)
	h6, l6 = bits.Mul64(x6, x2)
	t5, c = bits.Add64(t5, l3, 0)
	t6, c = bits.Add64(t6, l4, c)
	t7, c = bits.Add64(t7, l5, c)
	t8, c = bits.Add64(t8, l6, c)
	t9 := c
	t6, c = bits.Add64(t6, h3, 0)
	t7, c = bits.Add64(t7, h4, c)
	t8, c = bits.Add64(t8, h5, c)
	t9 += h6 + c

	// Row 3: t7..t10 += x3·(x4..x6).
	h4, l4 = bits.Mul64(x4, x3)
	h5, l5 = bits.Mul64(x5, x3)
	h6, l6 = bits.Mul64(x6, x3)
	t7, c = bits.Add64(t7, l4, 0)
	t8, c = bits.Add64(t8, l5, c)
	t9, c = bits.Add64(t9, l6, c)
	t10 := c
	t8, c = bits.Add64(t8, h4, 0)
	t9, c = bits.Add64(t9, h5, c)
	t10 += h6 + c

	// Row 4: t9..t11 += x4·(x5..x6).
	h5, l5 = bits.Mul64(x5, x4)
	h6, l6 = bits.Mul64(x6, x4)
	t9, c = bits.Add64(t9, l5, 0)
	t10, c = bits.Add64(t10, l6, c)
	t11 := c
	t10, c = bits.Add64(t10, h5, 0)
	t11 += h6 + c

	// Row 5: t11..t12 += x5·(x6..x6).
	h6, l6 = bits.Mul64(x6, x5)
	t11, c = bits.Add64(t11, l6, 0)
	t12 := c
	t12 += h6

	// Double them.
	t13 := t12 >> 63
	t12 = t12<<1 | t11>>63
	t11 = t11<<1 | t10>>63
	t10 = t10<<1 | t9>>63
	t9 = t9<<1 | t8>>63
	t8 = t8<<1 | t7>>63
	t7 = t7<<1 | t6>>63
	t6 = t6<<1 | t5>>63
	t5 = t5<<1 | t4>>63
	t4 = t4<<1 | t3>>63
	t3 = t3<<1 | t2>>63
	t2 = t2<<1 | t1>>63
	t1 <<= 1

	// Add the squares x[i]² at position 2i.
	h, t0 := bits.Mul64(x0, x0)
	t1, c = bits.Add64(t1, h, 0)
	h, l = bits.Mul64(x1, x1)
	t2, c = bits.Add64(t2, l, c)
	t3, c = bits.Add64(t3, h, c)
	h, l = bits.Mul64(x2, x2)
	t4, c = bits.Add64(t4, l, c)
	t5, c = bits.Add64(t5, h, c)
	h, l = bits.Mul64(x3, x3)
	t6, c = bits.Add64(t6, l, c)
	t7, c = bits.Add64(t7, h, c)
	h, l = bits.Mul64(x4, x4)
	t8, c = bits.Add64(t8, l, c)
	t9, c = bits.Add64(t9, h, c)
	h, l = bits.Mul64(x5, x5)
	t10, c = bits.Add64(t10, l, c)
	t11, c = bits.Add64(t11, h, c)
	h, l = bits.Mul64(x6, x6)
	t12, c = bits.Add64(t12, l, c)
	t13 += h + c

	reduce896(v, &[14]uint64{t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13})
}

// feSquareNGeneric sets v = x^(2^n), for n ≥ 1, by n squarings.
func feSquareNGeneric(v, x *Element, n int) {
	feSquareGeneric(v, x)
	for i := 1; i < n; i++ {
		feSquareGeneric(v, v)
	}
}

// reduce896 sets v to the 896-bit t modulo p, loosely reduced.
//
// With L = t[0..6] and H = t[7..13], t = L + H·2^448 ≡ L + H + H·2^224, as
// 2^448 ≡ 2^224 + 1. Splitting H into its low and high 224 bits, H·2^224 =
// Hlo·2^224 + Hhi·2^448 ≡ Hlo·2^224 + Hhi·2^224 + Hhi, so
//
//	t ≡ L + H + Z + W,  Z = Hhi + Hhi·2^224,  W = Hlo·2^224,
//
// where Z and W are seven-limb values that take only shifts of the limbs of
// H (Hhi < 2^224 makes Z a concatenation). The sum is below 2^450; its top
// word, at most 3, is folded with setFolded.
func reduce896(v *Element, t *[14]uint64) {
	h0, h1, h2, h3, h4, h5, h6 := t[7], t[8], t[9], t[10], t[11], t[12], t[13]
	z0 := h3>>32 | h4<<32
	z1 := h4>>32 | h5<<32
	z2 := h5>>32 | h6<<32
	z3 := h3&^(1<<32-1) | h6>>32
	w3, w4, w5, w6 := h0<<32, h0>>32|h1<<32, h1>>32|h2<<32, h2>>32|h3<<32

	// r = L + H
	r0, c := bits.Add64(t[0], h0, 0)
	r1, c := bits.Add64(t[1], h1, c)
	r2, c := bits.Add64(t[2], h2, c)
	r3, c := bits.Add64(t[3], h3, c)
	r4, c := bits.Add64(t[4], h4, c)
	r5, c := bits.Add64(t[5], h5, c)
	r6, c := bits.Add64(t[6], h6, c)
	// r += Z, whose limbs 4–6 are those of H
	r0, c1 := bits.Add64(r0, z0, 0)
	r1, c1 = bits.Add64(r1, z1, c1)
	r2, c1 = bits.Add64(r2, z2, c1)
	r3, c1 = bits.Add64(r3, z3, c1)
	r4, c1 = bits.Add64(r4, h4, c1)
	r5, c1 = bits.Add64(r5, h5, c1)
	r6, c1 = bits.Add64(r6, h6, c1)
	// r += W
	r3, c2 := bits.Add64(r3, w3, 0)
	r4, c2 = bits.Add64(r4, w4, c2)
	r5, c2 = bits.Add64(r5, w5, c2)
	r6, c2 = bits.Add64(r6, w6, c2)
	v.setFolded(r0, r1, r2, r3, r4, r5, r6, c+c1+c2)
}

// mult32Add sets v = x·m + y, loosely reduced, for m < 2^32, folding the top
// word once for the product and the sum together.
func mult32Add(v, x *Element, m uint64, y *Element) {
	h0, r0 := bits.Mul64(x.l[0], m)
	h1, l1 := bits.Mul64(x.l[1], m)
	h2, l2 := bits.Mul64(x.l[2], m)
	h3, l3 := bits.Mul64(x.l[3], m)
	h4, l4 := bits.Mul64(x.l[4], m)
	h5, l5 := bits.Mul64(x.l[5], m)
	h6, l6 := bits.Mul64(x.l[6], m)
	r1, c := bits.Add64(l1, h0, 0)
	r2, c := bits.Add64(l2, h1, c)
	r3, c := bits.Add64(l3, h2, c)
	r4, c := bits.Add64(l4, h3, c)
	r5, c := bits.Add64(l5, h4, c)
	r6, c := bits.Add64(l6, h5, c)
	top := h6 + c
	r0, c = bits.Add64(r0, y.l[0], 0)
	r1, c = bits.Add64(r1, y.l[1], c)
	r2, c = bits.Add64(r2, y.l[2], c)
	r3, c = bits.Add64(r3, y.l[3], c)
	r4, c = bits.Add64(r4, y.l[4], c)
	r5, c = bits.Add64(r5, y.l[5], c)
	r6, c = bits.Add64(r6, y.l[6], c)
	// x·m + y < 2^480, so top + c < 2^32.
	v.setFolded(r0, r1, r2, r3, r4, r5, r6, top+c)
}
