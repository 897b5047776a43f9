package nistec

import (
	"crypto/subtle"
	"sync"
)

// Scalar multiplication uses signed digits in radix 2^5 (windows of five
// bits): a scalar s of L bytes is written s = Σ d[i]·32^i with d[i] in
// [−15, 16] and ⌈(8L+1)/5⌉ digits, so that the multiples 1..16 of a point
// suffice and −d[i] costs only a negation of y. The recoding, the table
// look-ups (a masked scan of every entry) and the additions are constant
// time; the sequence of operations depends only on the length L.
const (
	window       = 5
	tableEntries = 1 << (window - 1) // multiples 1..16
)

// maxWindows is the number of digits of the longest scalar, 66 bytes.
const maxWindows = (8*66 + window) / window

// The variable-time double multiplication uses width-w NAFs: width 5 for
// the variable point (odd multiples 1..15) and width 7 for the generator
// (odd multiples 1..63, precomputed).
const (
	nafWidthPoint = 5
	nafWidthBase  = 7
	oddEntries    = 1 << (nafWidthBase - 2)
	maxNAF        = 8*66 + nafWidthBase + 1
)

// numWindows returns the number of radix-2^5 digits of a scalar of n
// bytes.
func numWindows(n int) int { return (8*n + window) / window }

// bitsAt returns the w ≤ 9 bits of the big-endian s starting at bit pos
// (bit 0 is the least significant bit of the last byte); bits beyond s are
// zero. The bytes read depend only on pos and len(s), not on s.
func bitsAt(s []byte, pos, w int) uint {
	i := len(s) - 1 - pos/8
	var v uint
	if i >= 0 {
		v = uint(s[i])
	}
	if i >= 1 {
		v |= uint(s[i-1]) << 8
	}
	return (v >> (pos % 8)) & (1<<w - 1)
}

// recode sets d[0..numWindows(len(s))) to the signed radix-2^5 digits of
// the big-endian scalar s, in constant time.
func recode(d []int8, s []byte) {
	var carry uint
	for i := range numWindows(len(s)) {
		v := bitsAt(s, i*window, window) + carry // 0..32
		carry = (v + (1<<window - 1 - tableEntries)) >> window
		d[i] = int8(int(v) - int(carry<<window))
	}
}

// digitAbs returns |d| and 1 if d is negative, 0 otherwise, in constant
// time.
func digitAbs(d int8) (abs int32, neg int) {
	m := int32(d) >> 7 // −1 if negative
	return (int32(d) ^ m) - m, int(m & 1)
}

// multWork is the workspace of ScalarMult, one allocation.
type multWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	table    [tableEntries]point[E, PE, C] // q, 2q, ..., 16q
	acc, sel point[E, PE, C]
	negY     E
	t        addTemps[E]
}

// ScalarMult sets p = scalar·q and returns p. scalar is big-endian of
// exactly the curve's scalar size and may have any value, including zero
// and values at or above the group order. ScalarMult is constant time in
// scalar and q.
func (p *point[E, PE, C]) ScalarMult(q *point[E, PE, C], scalar []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(scalar) != c.scalarSize {
		return nil, errScalarLen
	}
	w := new(multWork[E, PE, C])
	w.table[0].Set(q)
	for j := 1; j < tableEntries; j++ {
		if j%2 == 1 {
			w.table[j].double(&w.table[j/2], &w.t) // 2(k+1)q from (k+1)q
		} else {
			w.table[j].add(&w.table[j-1], q, &w.t)
		}
	}

	var d [maxWindows]int8
	recode(d[:], scalar)
	n := numWindows(len(scalar))
	w.acc.setInfinity()
	for i := n - 1; i >= 0; i-- {
		if i != n-1 {
			for range window {
				w.acc.double(&w.acc, &w.t)
			}
		}
		abs, neg := digitAbs(d[i])
		w.sel.setInfinity()
		for j := range tableEntries {
			w.sel.Select(&w.table[j], &w.sel, subtle.ConstantTimeEq(int32(j+1), abs))
		}
		PE(&w.negY).Negate(&w.sel.y)
		PE(&w.sel.y).Select(&w.negY, &w.sel.y, neg)
		w.acc.add(&w.acc, &w.sel, &w.t)
	}
	clear(d[:])
	p.Set(&w.acc)
	return p, nil
}

// affinePoint is a point (x, y) in affine coordinates, an entry of the
// precomputed tables; it is never the point at infinity.
type affinePoint[E any] struct {
	x, y E
}

// tableOnce is a table of affine multiples of the generator, computed on
// first use.
type tableOnce[E any] struct {
	once sync.Once
	t    []affinePoint[E]
}

// baseTable returns the table of ScalarBaseMult: for each digit position i
// of a scalar, the multiples (j+1)·32^i·G for j = 0..15 at index 16i + j.
// Building it costs one point addition per entry and a single inversion
// (the first call takes about a millisecond for P-256).
func baseTable[E any, PE fieldElement[E], C curveParams[E]]() []affinePoint[E] {
	c := params[E, C]()
	c.baseTable.once.Do(func() {
		n := numWindows(c.scalarSize)
		pts := make([]point[E, PE, C], n*tableEntries)
		t := new(addTemps[E])
		b := newGenerator[E, PE, C]() // 32^i·G
		for i := range n {
			row := pts[i*tableEntries : (i+1)*tableEntries]
			row[0].Set(b)
			for j := 1; j < tableEntries; j++ {
				row[j].add(&row[j-1], b, t)
			}
			b.double(&row[tableEntries-1], t) // 2·16·32^i·G
		}
		c.baseTable.t = toAffine(pts)
	})
	return c.baseTable.t
}

// oddTable returns the odd multiples 1, 3, ..., 63 of G, for the width-7
// NAF of ScalarBaseMultAddVarTime.
func oddTable[E any, PE fieldElement[E], C curveParams[E]]() []affinePoint[E] {
	c := params[E, C]()
	c.oddTable.once.Do(func() {
		pts := make([]point[E, PE, C], oddEntries)
		t := new(addTemps[E])
		g := newGenerator[E, PE, C]()
		g2 := newPoint[E, PE, C]().double(g, t)
		pts[0].Set(g)
		for j := 1; j < oddEntries; j++ {
			pts[j].add(&pts[j-1], g2, t)
		}
		c.oddTable.t = toAffine(pts)
	})
	return c.oddTable.t
}

// toAffine converts points, none of which is the point at infinity, to
// affine coordinates with a single inversion (Montgomery's trick).
func toAffine[E any, PE fieldElement[E], C curveParams[E]](pts []point[E, PE, C]) []affinePoint[E] {
	n := len(pts)
	prefix := make([]E, n) // prefix[k] = Z_0·…·Z_k
	PE(&prefix[0]).Set(&pts[0].z)
	for k := 1; k < n; k++ {
		PE(&prefix[k]).Mul(&prefix[k-1], &pts[k].z)
	}
	var e [2]E // the inverse of the running product, 1/Z_k
	inv, zinv := &e[0], &e[1]
	PE(inv).Invert(&prefix[n-1])
	out := make([]affinePoint[E], n)
	for k := n - 1; k >= 0; k-- {
		if k > 0 {
			PE(zinv).Mul(inv, &prefix[k-1])
			PE(inv).Mul(inv, &pts[k].z)
		} else {
			PE(zinv).Set(inv)
		}
		PE(&out[k].x).Mul(&pts[k].x, zinv)
		PE(&out[k].y).Mul(&pts[k].y, zinv)
	}
	return out
}

// baseWork is the workspace of ScalarBaseMult, one allocation.
type baseWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	acc, sum point[E, PE, C]
	sel      affinePoint[E]
	negY     E
	t        addTemps[E]
}

// ScalarBaseMult sets p = scalar·G, where G is the generator, and returns
// p. scalar is big-endian of exactly the curve's scalar size and may have
// any value. ScalarBaseMult is constant time: it adds one precomputed
// multiple of G per five bits of scalar, each found by a masked scan of its
// whole row of the table, with no doubling.
func (p *point[E, PE, C]) ScalarBaseMult(scalar []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(scalar) != c.scalarSize {
		return nil, errScalarLen
	}
	tab := baseTable[E, PE, C]()
	w := new(baseWork[E, PE, C])
	var d [maxWindows]int8
	recode(d[:], scalar)
	w.acc.setInfinity()
	for i := range numWindows(len(scalar)) {
		abs, neg := digitAbs(d[i])
		row := tab[i*tableEntries : (i+1)*tableEntries]
		PE(&w.sel.x).Set(&row[0].x)
		PE(&w.sel.y).Set(&row[0].y)
		for j := 1; j < tableEntries; j++ {
			cond := subtle.ConstantTimeEq(int32(j+1), abs)
			PE(&w.sel.x).Select(&row[j].x, &w.sel.x, cond)
			PE(&w.sel.y).Select(&row[j].y, &w.sel.y, cond)
		}
		PE(&w.negY).Negate(&w.sel.y)
		PE(&w.sel.y).Select(&w.negY, &w.sel.y, neg)
		// The mixed addition cannot add the point at infinity: for a zero
		// digit, keep the sum as it was.
		w.sum.addAffine(&w.acc, &w.sel.x, &w.sel.y, &w.t)
		w.acc.Select(&w.acc, &w.sum, subtle.ConstantTimeEq(abs, 0))
	}
	clear(d[:])
	p.Set(&w.acc)
	return p, nil
}

// wnaf sets naf[i] to the width-w non-adjacent form of the big-endian s:
// s = Σ naf[i]·2^i, each nonzero naf[i] odd with |naf[i]| < 2^(w−1), and
// at most one nonzero in any w consecutive positions. naf must be zero and
// have at least 8·len(s) + w entries. It is variable time.
func wnaf(naf []int8, s []byte, w int) {
	n := 8 * len(s)
	var carry uint
	i := 0
	for i < n {
		if bitsAt(s, i, 1) == carry {
			i++ // the bit plus the carry is even: a zero digit
			continue
		}
		v := bitsAt(s, i, w) + carry // odd
		if v&(1<<(w-1)) != 0 {
			naf[i] = int8(int(v) - 1<<w)
			carry = 1
		} else {
			naf[i] = int8(v)
			carry = 0
		}
		i += w
	}
	if carry == 1 {
		naf[i] = 1
	}
}

// varTimeWork is the workspace of ScalarBaseMultAddVarTime, one allocation.
type varTimeWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	table    [1 << (nafWidthPoint - 2)]point[E, PE, C] // q, 3q, ..., 15q
	acc, neg point[E, PE, C]
	q2       point[E, PE, C]
	negY     E
	t        addTemps[E]
}

// ScalarBaseMultAddVarTime sets p = s1·G + s2·q, where G is the generator,
// and returns p. s1 and s2 are big-endian of exactly the curve's scalar size
// and may have any value.
//
// ScalarBaseMultAddVarTime runs in VARIABLE TIME, depending on s1, s2 and
// q: use it only on public values, such as in signature verification.
func (p *point[E, PE, C]) ScalarBaseMultAddVarTime(s1 []byte, q *point[E, PE, C], s2 []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(s1) != c.scalarSize || len(s2) != c.scalarSize {
		return nil, errScalarLen
	}
	odd := oddTable[E, PE, C]()
	w := new(varTimeWork[E, PE, C])
	w.table[0].Set(q)
	w.q2.double(q, &w.t)
	for j := 1; j < len(w.table); j++ {
		w.table[j].add(&w.table[j-1], &w.q2, &w.t)
	}

	var naf1, naf2 [maxNAF]int8
	wnaf(naf1[:], s1, nafWidthBase)
	wnaf(naf2[:], s2, nafWidthPoint)
	top := len(naf1) - 1
	for top >= 0 && naf1[top] == 0 && naf2[top] == 0 {
		top--
	}
	w.acc.setInfinity()
	for i := top; i >= 0; i-- {
		w.acc.double(&w.acc, &w.t)
		if d := naf1[i]; d > 0 {
			e := &odd[d/2]
			w.acc.addAffine(&w.acc, &e.x, &e.y, &w.t)
		} else if d < 0 {
			e := &odd[(-d)/2]
			PE(&w.negY).Negate(&e.y)
			w.acc.addAffine(&w.acc, &e.x, &w.negY, &w.t)
		}
		if d := naf2[i]; d > 0 {
			w.acc.add(&w.acc, &w.table[d/2], &w.t)
		} else if d < 0 {
			w.neg.Negate(&w.table[(-d)/2])
			w.acc.add(&w.acc, &w.neg, &w.t)
		}
	}
	p.Set(&w.acc)
	return p, nil
}
