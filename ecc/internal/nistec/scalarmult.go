package nistec

import (
	"crypto/subtle"
	"sync"
	"unsafe"
)

// Scalar multiplication uses signed digits: a scalar s of L bytes is
// written s = Σ d[i]·2^(w·i) with d[i] in [−2^(w−1) + 1, 2^(w−1)] and
// ⌈(8L+1)/w⌉ digits, so that the multiples 1..2^(w−1) of a point suffice
// and −d[i] costs only a negation of y. ScalarMult uses w = 5 (a table of
// 16 multiples of the point, computed per call), ScalarBaseMult w = 6 (32
// precomputed multiples of 2^(6i)·G for every digit position i). The
// recoding, the table look-ups (a masked scan of every entry) and the
// additions are constant time; the sequence of operations depends only on
// the length L.
const (
	multWindow  = 5
	multEntries = 1 << (multWindow - 1) // multiples 1..16
	baseWindow  = 6
	baseEntries = 1 << (baseWindow - 1) // multiples 1..32
)

// maxWindows is the number of digits of the longest scalar, 66 bytes, with
// the narrower window.
const maxWindows = (8*66 + multWindow) / multWindow

// The variable-time double multiplication uses width-w NAFs: width 5 for
// the variable point (odd multiples 1..15) and width 7 for the generator
// (odd multiples 1..63, precomputed).
const (
	nafWidthPoint = 5
	nafWidthBase  = 7
	oddEntries    = 1 << (nafWidthBase - 2)
	maxNAF        = 8*66 + nafWidthBase + 1
)

// numWindows returns the number of radix-2^w digits of a scalar of n
// bytes.
func numWindows(n, w int) int { return (8*n + w) / w }

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

// recode sets d[0..numWindows(len(s), w)) to the signed radix-2^w digits
// of the big-endian scalar s, in constant time. Each digit is the w bits of
// its window plus the carry from the one below (0..2^w), less 2^w with a
// carry into the next window if it exceeds 2^(w−1). The top window holds
// at most w−1 bits of s, so it never carries out.
func recode(d []int8, s []byte, w int) {
	var carry uint
	for i := range numWindows(len(s), w) {
		v := bitsAt(s, i*w, w) + carry
		carry = (v + (1<<(w-1) - 1)) >> w
		d[i] = int8(int(v) - int(carry<<w))
	}
}

// lookup sets *out to table[idx−1], or to all zero bits if idx is 0, by
// reading every entry of table and keeping one with a mask: the memory
// accessed does not depend on idx. T is a point or an affine point, whose
// memory is 64-bit words only: the field element types are arrays of
// uint64 (nist-api.md), so they can be scanned word by word, which is
// several times faster than a Select per coordinate.
func lookup[T any](out *T, table []T, idx int32) {
	n := int(unsafe.Sizeof(*out)) / 8
	if n*8 != int(unsafe.Sizeof(*out)) {
		panic("nistec: table entries are not made of 64-bit words")
	}
	dst := unsafe.Slice((*uint64)(unsafe.Pointer(out)), n)
	src := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(table))), n*len(table))
	clear(dst)
	for j := range table {
		mask := -uint64(subtle.ConstantTimeEq(int32(j+1), idx))
		e := src[j*n : (j+1)*n : (j+1)*n]
		for k := range dst {
			dst[k] |= e[k] & mask
		}
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
	table     [multEntries]point[E, PE, C] // q, 2q, ..., 16q
	acc, sel  point[E, PE, C]
	negY, one E
	t         addTemps[E]
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
	for j := 1; j < multEntries; j++ {
		if j%2 == 1 {
			w.table[j].double(&w.table[j/2], &w.t) // 2(k+1)q from (k+1)q
		} else {
			w.table[j].add(&w.table[j-1], q, &w.t)
		}
	}

	PE(&w.one).One()

	var d [maxWindows]int8
	recode(d[:], scalar, multWindow)
	n := numWindows(len(scalar), multWindow)
	w.acc.setInfinity()
	for i := n - 1; i >= 0; i-- {
		if i != n-1 {
			w.acc.doubleN(&w.acc, multWindow, &w.t)
		}
		abs, neg := digitAbs(d[i])
		// A zero digit finds no entry, and (0 : 0 : 0) becomes the point
		// at infinity (0 : 1 : 0).
		lookup(&w.sel, w.table[:], abs)
		PE(&w.sel.y).Select(&w.one, &w.sel.y, subtle.ConstantTimeEq(abs, 0))
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
// of a scalar, the multiples (j+1)·64^i·G for j = 0..31 at index 32i + j.
// Building it costs one point addition per entry and a single inversion
// (the first call takes a few milliseconds: 1376 entries, 88 KiB, for
// P-256; 2080 entries, 195 KiB, for P-384; 2848 entries, 400 KiB, for
// P-521). None is the point at infinity: (j+1)·2^(6i) has no prime factor
// above 31, and the group orders are large primes.
func baseTable[E any, PE fieldElement[E], C curveParams[E]]() []affinePoint[E] {
	c := params[E, C]()
	c.baseTable.once.Do(func() {
		n := numWindows(c.scalarSize, baseWindow)
		pts := make([]point[E, PE, C], n*baseEntries)
		t := new(addTemps[E])
		b := newGenerator[E, PE, C]() // 64^i·G
		for i := range n {
			row := pts[i*baseEntries : (i+1)*baseEntries]
			row[0].Set(b)
			for j := 1; j < baseEntries; j++ {
				row[j].add(&row[j-1], b, t)
			}
			b.double(&row[baseEntries-1], t) // 2·32·64^i·G
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
// multiple of G per six bits of scalar, each found by a masked scan of its
// whole row of the table, with no doubling.
func (p *point[E, PE, C]) ScalarBaseMult(scalar []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(scalar) != c.scalarSize {
		return nil, errScalarLen
	}
	tab := baseTable[E, PE, C]()
	w := new(baseWork[E, PE, C])
	var d [maxWindows]int8
	recode(d[:], scalar, baseWindow)
	w.acc.setInfinity()
	for i := range numWindows(len(scalar), baseWindow) {
		abs, neg := digitAbs(d[i])
		lookup(&w.sel, tab[i*baseEntries:(i+1)*baseEntries], abs)
		PE(&w.negY).Negate(&w.sel.y)
		PE(&w.sel.y).Select(&w.negY, &w.sel.y, neg)
		// The mixed addition cannot add the point at infinity: for a zero
		// digit (sel = (0, 0), not a point), keep the sum as it was.
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
