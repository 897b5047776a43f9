package edwards448

import (
	"sync"
	"unsafe"

	"github.com/crypton-go/crypton/mont/gf448"
)

// The fixed-base table holds, for j = 0..55, the multiples 1..8 of 256^j·B
// in affine form: with the signed radix-16 digits e[i] of the scalar,
//
//	[s]B = Σ_j e[2j]·256^j·B + 16·Σ_j e[2j+1]·256^j·B,
//
// so a multiplication is 112 table look-ups and mixed additions and four
// doublings. The tables (about 74 KiB) are computed on first use, with
// about 900 point operations and a single field inversion.
var (
	baseTableOnce sync.Once
	baseTable     *[56][8]affineCached
	// baseOddTable holds the odd multiples 1, 3, ..., 127 of B, for the
	// width-8 NAF of the base-point scalar in verification.
	baseOddTable *[64]affineCached
)

func basepointTables() (*[56][8]affineCached, *[64]affineCached) {
	baseTableOnce.Do(initBaseTables)
	return baseTable, baseOddTable
}

func initBaseTables() {
	// All 448 + 64 points in extended coordinates first, then one batch
	// inversion of their Z coordinates.
	pts := make([]Point, 0, 56*8+64)
	p := generator // 256^j·B
	for j := 0; j < 56; j++ {
		q := p
		for k := 0; k < 8; k++ {
			pts = append(pts, q)
			q.Add(&q, &p)
		}
		if j < 55 {
			for range 8 {
				p.double(&p)
			}
		}
	}
	var b2 Point
	b2.double(&generator)
	q := generator
	for k := 0; k < 64; k++ {
		pts = append(pts, q)
		q.Add(&q, &b2)
	}
	aff := batchToAffine(pts)
	baseTable = new([56][8]affineCached)
	baseOddTable = new([64]affineCached)
	for j := 0; j < 56; j++ {
		copy(baseTable[j][:], aff[8*j:8*j+8])
	}
	copy(baseOddTable[:], aff[56*8:])
}

// batchToAffine converts points to affine cached form with one inversion
// (Montgomery's trick). No Z may be zero (true of every curve point in
// extended coordinates).
func batchToAffine(pts []Point) []affineCached {
	n := len(pts)
	prefix := make([]gf448.Element, n)
	acc := feOne
	for i := range pts {
		prefix[i] = acc
		acc.Mul(&acc, &pts[i].z)
	}
	var inv gf448.Element
	inv.Invert(&acc) // 1 / (Z0·…·Zn−1)
	out := make([]affineCached, n)
	for i := n - 1; i >= 0; i-- {
		var zInv gf448.Element
		zInv.Mul(&inv, &prefix[i]) // 1/Zi
		inv.Mul(&inv, &pts[i].z)   // 1 / (Z0·…·Zi−1)
		out[i].x.Mul(&pts[i].x, &zInv)
		out[i].y.Mul(&pts[i].y, &zInv)
		out[i].td.Mul(&out[i].x, &out[i].y)
		out[i].td.Mul(&out[i].td, &d)
	}
	return out
}

// ctEq returns 1 if a == b and 0 otherwise, in constant time.
func ctEq(a, b uint8) int {
	x := uint32(a ^ b)
	return int((x - 1) >> 31)
}

// The look-ups below treat a table entry as its raw 64-bit words: an
// Element is exactly seven words (checked at compile time below). Each
// coordinate is selected in turn, with its seven words held in locals
// (registers) across the whole scan of the table, which costs a third of
// selecting through gf448.Element.Select or word by word in memory.
const elementWords = 7

var (
	_ [unsafe.Sizeof(gf448.Element{}) - 8*elementWords]byte
	_ [8*elementWords - unsafe.Sizeof(gf448.Element{})]byte
)

// lookupMasks returns, for a digit in [−8, 8], the masks that select entry
// |digit| − 1 of a table of eight (all zero for digit 0), and whether the
// digit is negative, in constant time.
func lookupMasks(digit int8) (masks [8]uint64, neg int) {
	sign := digit >> 7 // −1 if negative
	abs := uint8((digit + sign) ^ sign)
	for j := range masks {
		masks[j] = -uint64(ctEq(abs, uint8(j+1)))
	}
	return masks, int(sign & 1)
}

// scanElement sets out to the element at byte offset off of the entry of
// the eight-entry table at base (entries stride bytes apart) that masks
// selects, or to init if none is selected, reading every entry.
func scanElement(out, init *gf448.Element, base unsafe.Pointer, stride, off uintptr, masks *[8]uint64) {
	id := (*[elementWords]uint64)(unsafe.Pointer(init))
	a0, a1, a2, a3, a4, a5, a6 := id[0], id[1], id[2], id[3], id[4], id[5], id[6]
	p := unsafe.Add(base, off)
	for j := 0; j < 8; j++ {
		in := (*[elementWords]uint64)(unsafe.Add(p, uintptr(j)*stride))
		m := masks[j]
		a0 ^= m & (a0 ^ in[0])
		a1 ^= m & (a1 ^ in[1])
		a2 ^= m & (a2 ^ in[2])
		a3 ^= m & (a3 ^ in[3])
		a4 ^= m & (a4 ^ in[4])
		a5 ^= m & (a5 ^ in[5])
		a6 ^= m & (a6 ^ in[6])
	}
	o := (*[elementWords]uint64)(unsafe.Pointer(out))
	o[0], o[1], o[2], o[3], o[4], o[5], o[6] = a0, a1, a2, a3, a4, a5, a6
}

var (
	feZero gf448.Element
	// identityAffine and identityCached are the identity (0, 1) in the
	// two forms.
	identityAffine = affineCached{y: feOne}
	identityCached = cached{y: feOne, z: feOne}
)

// lookupAffine sets dst to digit·P from t, which holds 1·P..8·P, for a
// digit in [−8, 8], scanning the whole table in constant time.
func lookupAffine(dst *affineCached, t *[8]affineCached, digit int8) {
	masks, neg := lookupMasks(digit)
	base, stride := unsafe.Pointer(t), unsafe.Sizeof(affineCached{})
	scanElement(&dst.x, &feZero, base, stride, unsafe.Offsetof(affineCached{}.x), &masks)
	scanElement(&dst.y, &feOne, base, stride, unsafe.Offsetof(affineCached{}.y), &masks)
	scanElement(&dst.td, &feZero, base, stride, unsafe.Offsetof(affineCached{}.td), &masks)
	dst.condNegate(neg)
}

// lookupCached is lookupAffine for a table of cached points.
func lookupCached(dst *cached, t *[8]cached, digit int8) {
	masks, neg := lookupMasks(digit)
	base, stride := unsafe.Pointer(t), unsafe.Sizeof(cached{})
	scanElement(&dst.x, &feZero, base, stride, unsafe.Offsetof(cached{}.x), &masks)
	scanElement(&dst.y, &feOne, base, stride, unsafe.Offsetof(cached{}.y), &masks)
	scanElement(&dst.z, &feOne, base, stride, unsafe.Offsetof(cached{}.z), &masks)
	scanElement(&dst.td, &feZero, base, stride, unsafe.Offsetof(cached{}.td), &masks)
	dst.condNegate(neg)
}

// ScalarBaseMult sets v = [x]B, where B is the base point, and returns v.
// It runs in constant time with respect to x.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	tbl, _ := basepointTables()
	e := x.signedRadix16()
	var m affineCached
	var r completed
	var pp projective
	v.setIdentity()
	for i := 1; i < 112; i += 2 {
		lookupAffine(&m, &tbl[i/2], e[i])
		r.addAffine(v, &m)
		v.fromCompleted(&r)
	}
	pp.fromPoint(v)
	r.double(&pp)
	pp.fromCompleted(&r)
	r.double(&pp)
	pp.fromCompleted(&r)
	r.double(&pp)
	pp.fromCompleted(&r)
	r.double(&pp)
	v.fromCompleted(&r)
	for i := 0; i < 112; i += 2 {
		lookupAffine(&m, &tbl[i/2], e[i])
		r.addAffine(v, &m)
		v.fromCompleted(&r)
	}
	return v
}

// ScalarMult sets v = [x]q and returns v. It runs in constant time with
// respect to x and q: signed radix-16 digits, and a table of 1q..8q
// scanned whole for every digit.
func (v *Point) ScalarMult(x *Scalar, q *Point) *Point {
	var tbl [8]cached
	tbl[0].fromPoint(q)
	acc := *q
	for j := 1; j < 8; j++ {
		acc.Add(&acc, q)
		tbl[j].fromPoint(&acc)
	}
	e := x.signedRadix16()
	var c cached
	var r completed
	var pp projective
	acc.setIdentity()
	lookupCached(&c, &tbl, e[111])
	r.add(&acc, &c)
	for i := 110; i >= 0; i-- {
		pp.fromCompleted(&r)
		r.double(&pp)
		pp.fromCompleted(&r)
		r.double(&pp)
		pp.fromCompleted(&r)
		r.double(&pp)
		pp.fromCompleted(&r)
		r.double(&pp)
		acc.fromCompleted(&r)
		lookupCached(&c, &tbl, e[i])
		r.add(&acc, &c)
	}
	return v.fromCompleted(&r)
}

// VarTimeDoubleScalarBaseMult sets v = [a]A + [b]B, where B is the base
// point, and returns v. It runs in variable time (width-5 and width-8
// non-adjacent forms); use it only on public inputs, as in signature
// verification.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	_, bTbl := basepointTables()
	// Odd multiples A, 3A, ..., 15A.
	var aTbl [8]cached
	var a2 Point
	a2.double(A)
	acc := *A
	aTbl[0].fromPoint(&acc)
	for j := 1; j < 8; j++ {
		acc.Add(&acc, &a2)
		aTbl[j].fromPoint(&acc)
	}

	aNaf := a.nonAdjacentForm(5)
	bNaf := b.nonAdjacentForm(8)
	i := nafLen - 1
	for ; i >= 0; i-- {
		if aNaf[i] != 0 || bNaf[i] != 0 {
			break
		}
	}
	var pp projective
	pp.x.Zero()
	pp.y.One()
	pp.z.One()
	var r completed
	var t Point
	var c cached
	var m affineCached
	for ; i >= 0; i-- {
		r.double(&pp)
		if da := aNaf[i]; da != 0 {
			t.fromCompleted(&r)
			if da > 0 {
				r.add(&t, &aTbl[da/2])
			} else {
				c = aTbl[-da/2]
				c.x.Negate(&c.x)
				c.td.Negate(&c.td)
				r.add(&t, &c)
			}
		}
		if db := bNaf[i]; db != 0 {
			t.fromCompleted(&r)
			if db > 0 {
				r.addAffine(&t, &bTbl[db/2])
			} else {
				m = bTbl[-db/2]
				m.x.Negate(&m.x)
				m.td.Negate(&m.td)
				r.addAffine(&t, &m)
			}
		}
		pp.fromCompleted(&r)
	}
	return v.fromProjective(&pp)
}
