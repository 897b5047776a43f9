package gf448

import "math/bits"

// feMulGeneric sets v = x · y, loosely reduced. It is the reference for the
// assembly feMul: the 896-bit product by operand scanning, one row of seven
// partial products per limb of y, then reduce896.
func feMulGeneric(v, x, y *Element) {
	var t [14]uint64
	for i := 0; i < 7; i++ {
		yi := y.l[i]
		var c uint64
		for j := 0; j < 7; j++ {
			hi, lo := bits.Mul64(x.l[j], yi)
			var k uint64
			lo, k = bits.Add64(lo, t[i+j], 0)
			hi += k
			lo, k = bits.Add64(lo, c, 0)
			hi += k
			t[i+j] = lo
			c = hi
		}
		t[i+7] = c
	}
	reduce896(v, &t)
}

// feSquareGeneric sets v = x · x, loosely reduced. It computes each product
// x[i]·x[j] with i < j once, doubles their sum and adds the squares x[i]²,
// then reduce896. It is the reference for the assembly feSquare.
func feSquareGeneric(v, x *Element) {
	var t [14]uint64
	// The products x[i]·x[j], i < j, at position i+j: t[1..12].
	for i := 0; i < 6; i++ {
		xi := x.l[i]
		var c uint64
		for j := i + 1; j < 7; j++ {
			hi, lo := bits.Mul64(x.l[j], xi)
			var k uint64
			lo, k = bits.Add64(lo, t[i+j], 0)
			hi += k
			lo, k = bits.Add64(lo, c, 0)
			hi += k
			t[i+j] = lo
			c = hi
		}
		t[i+7] = c
	}
	// Double them.
	t[13] = t[12] >> 63
	for i := 12; i > 1; i-- {
		t[i] = t[i]<<1 | t[i-1]>>63
	}
	t[1] <<= 1
	// Add the squares x[i]² at position 2i.
	var c uint64
	for i := 0; i < 7; i++ {
		hi, lo := bits.Mul64(x.l[i], x.l[i])
		t[2*i], c = bits.Add64(t[2*i], lo, c)
		t[2*i+1], c = bits.Add64(t[2*i+1], hi, c)
	}
	reduce896(v, &t)
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
// word, at most 3, is folded with addFold.
func reduce896(v *Element, t *[14]uint64) {
	h0, h1, h2, h3, h4, h5, h6 := t[7], t[8], t[9], t[10], t[11], t[12], t[13]
	z := [7]uint64{
		h3>>32 | h4<<32,
		h4>>32 | h5<<32,
		h5>>32 | h6<<32,
		h3&^(1<<32-1) | h6>>32,
		h4, h5, h6,
	}
	w3, w4, w5, w6 := h0<<32, h0>>32|h1<<32, h1>>32|h2<<32, h2>>32|h3<<32

	var r [7]uint64
	var c, c1, c2 uint64
	// r = L + H
	r[0], c = bits.Add64(t[0], h0, 0)
	r[1], c = bits.Add64(t[1], h1, c)
	r[2], c = bits.Add64(t[2], h2, c)
	r[3], c = bits.Add64(t[3], h3, c)
	r[4], c = bits.Add64(t[4], h4, c)
	r[5], c = bits.Add64(t[5], h5, c)
	r[6], c = bits.Add64(t[6], h6, c)
	// r += Z
	r[0], c1 = bits.Add64(r[0], z[0], 0)
	r[1], c1 = bits.Add64(r[1], z[1], c1)
	r[2], c1 = bits.Add64(r[2], z[2], c1)
	r[3], c1 = bits.Add64(r[3], z[3], c1)
	r[4], c1 = bits.Add64(r[4], z[4], c1)
	r[5], c1 = bits.Add64(r[5], z[5], c1)
	r[6], c1 = bits.Add64(r[6], z[6], c1)
	// r += W
	r[3], c2 = bits.Add64(r[3], w3, 0)
	r[4], c2 = bits.Add64(r[4], w4, c2)
	r[5], c2 = bits.Add64(r[5], w5, c2)
	r[6], c2 = bits.Add64(r[6], w6, c2)
	v.l = addFold(&r, c+c1+c2)
}

// mult32Add sets v = x·m + y, loosely reduced, for m < 2^32, folding the top
// word once for the product and the sum together.
func mult32Add(v, x *Element, m uint64, y *Element) {
	var r [7]uint64
	var hiPrev, c, k uint64
	for i := 0; i < 7; i++ {
		hi, lo := bits.Mul64(x.l[i], m)
		r[i], c = bits.Add64(lo, hiPrev, c)
		hiPrev = hi
	}
	top := hiPrev + c
	for i := 0; i < 7; i++ {
		r[i], k = bits.Add64(r[i], y.l[i], k)
	}
	// x·m + y < 2^480, so top < 2^32.
	v.l = addFold(&r, top+k)
}
