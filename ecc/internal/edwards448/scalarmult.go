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
	baseTable     *[56][8]affine
	// baseOddTable holds the odd multiples 1, 3, ..., 127 of B, for the
	// width-8 NAF of the base-point scalar in verification.
	baseOddTable *[64]affine
)

func basepointTables() (*[56][8]affine, *[64]affine) {
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
				p.Double(&p)
			}
		}
	}
	var b2 Point
	b2.Double(&generator)
	q := generator
	for k := 0; k < 64; k++ {
		pts = append(pts, q)
		q.Add(&q, &b2)
	}
	aff := batchToAffine(pts)
	baseTable = new([56][8]affine)
	baseOddTable = new([64]affine)
	for j := 0; j < 56; j++ {
		copy(baseTable[j][:], aff[8*j:8*j+8])
	}
	copy(baseOddTable[:], aff[56*8:])
}

// batchToAffine converts points to affine form with one inversion
// (Montgomery's trick). No Z may be zero (true of every curve point in
// extended coordinates).
func batchToAffine(pts []Point) []affine {
	n := len(pts)
	prefix := make([]gf448.Element, n)
	acc := feOne
	for i := range pts {
		prefix[i] = acc
		acc.Mul(&acc, &pts[i].z)
	}
	var inv gf448.Element
	inv.Invert(&acc) // 1 / (Z0·…·Zn−1)
	out := make([]affine, n)
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
// Element is exactly seven words (checked at compile time below), so an
// affine point is 21 words and a cached point 28. Selecting word by word
// with masks is cheaper than through gf448.Element.Select.
const (
	affineWords = 21
	cachedWords = 28
)

var (
	_ [unsafe.Sizeof(affine{}) - 8*affineWords]byte
	_ [8*affineWords - unsafe.Sizeof(affine{})]byte
	_ [unsafe.Sizeof(cached{}) - 8*cachedWords]byte
	_ [8*cachedWords - unsafe.Sizeof(cached{})]byte
)

// identityAffine and identityCached are the identity (0, 1) in the two
// forms.
var (
	identityAffine = func() (v affine) {
		v.y.One()
		return v
	}()
	identityCached = func() (v cached) {
		v.y.One()
		v.z.One()
		return v
	}()
)

// lookupAffine sets dst to digit·P from t, which holds 1·P..8·P, for a
// digit in [−8, 8], scanning the whole table in constant time.
func lookupAffine(dst *affine, t *[8]affine, digit int8) {
	mask := digit >> 7 // −1 if negative
	abs := uint8((digit + mask) ^ mask)
	*dst = identityAffine
	out := (*[affineWords]uint64)(unsafe.Pointer(dst))
	for j := range t {
		m := -uint64(ctEq(abs, uint8(j+1)))
		in := (*[affineWords]uint64)(unsafe.Pointer(&t[j]))
		for i := range out {
			out[i] ^= m & (out[i] ^ in[i])
		}
	}
	dst.condNegate(int(mask & 1))
}

// lookupCached is lookupAffine for a table of cached points.
func lookupCached(dst *cached, t *[8]cached, digit int8) {
	mask := digit >> 7
	abs := uint8((digit + mask) ^ mask)
	*dst = identityCached
	out := (*[cachedWords]uint64)(unsafe.Pointer(dst))
	for j := range t {
		m := -uint64(ctEq(abs, uint8(j+1)))
		in := (*[cachedWords]uint64)(unsafe.Pointer(&t[j]))
		for i := range out {
			out[i] ^= m & (out[i] ^ in[i])
		}
	}
	dst.condNegate(int(mask & 1))
}

// ScalarBaseMult sets v = [x]B, where B is the base point, and returns v.
// It runs in constant time with respect to x.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	tbl, _ := basepointTables()
	e := x.signedRadix16()
	var m affine
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
	a2.Double(A)
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
	var m affine
	for ; i >= 0; i-- {
		r.double(&pp)
		if da := aNaf[i]; da != 0 {
			t.fromCompleted(&r)
			if da > 0 {
				r.add(&t, &aTbl[da/2])
			} else {
				c = aTbl[-da/2]
				c.condNegate(1)
				r.add(&t, &c)
			}
		}
		if db := bNaf[i]; db != 0 {
			t.fromCompleted(&r)
			if db > 0 {
				r.addAffine(&t, &bTbl[db/2])
			} else {
				m = bTbl[-db/2]
				m.condNegate(1)
				r.addAffine(&t, &m)
			}
		}
		pp.fromCompleted(&r)
	}
	return v.fromProjective(&pp)
}
