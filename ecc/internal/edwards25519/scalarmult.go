package edwards25519

import (
	"sync"
	"unsafe"

	"github.com/crypton-go/crypton/mont/gf25519"
)

// The fixed-base table holds, for j = 0..31, the multiples 1..8 of 256^j·B
// in affine form: with signed radix-16 digits e[i] of the scalar,
//
//	[s]B = Σ_j e[2j]·256^j·B + 16·Σ_j e[2j+1]·256^j·B,
//
// so a multiplication is 64 table look-ups and mixed additions and four
// doublings. The tables are computed on first use (about 300 point
// additions and a single field inversion, under a millisecond).
var (
	baseTableOnce sync.Once
	baseTable     *[32][8]affineCached
	// baseOddTable holds the odd multiples 1, 3, ..., 127 of B, for the
	// width-8 NAF of the base-point scalar in verification.
	baseOddTable *[64]affineCached
)

func basepointTables() (*[32][8]affineCached, *[64]affineCached) {
	baseTableOnce.Do(initBaseTables)
	return baseTable, baseOddTable
}

func initBaseTables() {
	// All 256 + 64 points in extended coordinates first, then one batch
	// inversion of their Z coordinates.
	pts := make([]Point, 0, 32*8+64)
	p := generator // 256^j·B
	for j := 0; j < 32; j++ {
		q := p
		for k := 0; k < 8; k++ {
			pts = append(pts, q)
			q.Add(&q, &p)
		}
		if j < 31 {
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
	baseTable = new([32][8]affineCached)
	baseOddTable = new([64]affineCached)
	for j := 0; j < 32; j++ {
		copy(baseTable[j][:], aff[8*j:8*j+8])
	}
	copy(baseOddTable[:], aff[32*8:])
}

// batchToAffine converts points to affine cached form with one inversion
// (Montgomery's trick). No Z may be zero (true of every curve point).
func batchToAffine(pts []Point) []affineCached {
	n := len(pts)
	prefix := make([]gf25519.Element, n)
	acc := feOne
	for i := range pts {
		prefix[i] = acc
		acc.Mul(&acc, &pts[i].z)
	}
	var inv gf25519.Element
	inv.Invert(&acc) // 1 / (Z0·…·Zn−1)
	out := make([]affineCached, n)
	for i := n - 1; i >= 0; i-- {
		var zInv, x, y gf25519.Element
		zInv.Mul(&inv, &prefix[i]) // 1/Zi
		inv.Mul(&inv, &pts[i].z)   // 1 / (Z0·…·Zi−1)
		x.Mul(&pts[i].x, &zInv)
		y.Mul(&pts[i].y, &zInv)
		out[i].yPlusX.Add(&y, &x)
		out[i].yMinusX.Sub(&y, &x)
		out[i].t2d.Mul(&x, &y)
		out[i].t2d.Mul(&out[i].t2d, &d2)
	}
	return out
}

// ctEq returns 1 if a == b and 0 otherwise, in constant time.
func ctEq(a, b uint8) int {
	x := uint32(a ^ b)
	return int((x - 1) >> 31)
}

// The look-ups below treat a table entry as its raw 64-bit words: an
// Element is exactly four uint64 limbs (checked at compile time below), so
// an affineCached is 12 words and a cached is 16. Selecting word by word
// with masks, instead of through gf25519.Element.Select element by element,
// halves the cost of a fixed-base multiplication.
const (
	affineWords = 12
	cachedWords = 16
)

var (
	_ [unsafe.Sizeof(affineCached{}) - 8*affineWords]byte
	_ [8*affineWords - unsafe.Sizeof(affineCached{})]byte
	_ [unsafe.Sizeof(cached{}) - 8*cachedWords]byte
	_ [8*cachedWords - unsafe.Sizeof(cached{})]byte
)

// identityAffine and identityCached are the identity (0, 1) in the two
// forms.
var (
	identityAffine = func() (v affineCached) {
		v.yPlusX.One()
		v.yMinusX.One()
		return v
	}()
	identityCached = func() (v cached) {
		v.yPlusX.One()
		v.yMinusX.One()
		v.z2.One()
		v.z2.Add(&v.z2, &v.z2)
		return v
	}()
)

// lookupAffine sets dst to digit·P from t, which holds 1·P..8·P, for a
// digit in [−8, 8], scanning the whole table in constant time.
func lookupAffine(dst *affineCached, t *[8]affineCached, digit int8) {
	mask := digit >> 7 // −1 if negative
	abs := uint8((digit + mask) ^ mask)
	// The accumulator lives in twelve locals (registers, mostly) rather
	// than in dst, so the scan is loads and masks without stores.
	id := (*[affineWords]uint64)(unsafe.Pointer(&identityAffine))
	a0, a1, a2, a3 := id[0], id[1], id[2], id[3]
	a4, a5, a6, a7 := id[4], id[5], id[6], id[7]
	a8, a9, a10, a11 := id[8], id[9], id[10], id[11]
	for j := range t {
		m := -uint64(ctEq(abs, uint8(j+1)))
		in := (*[affineWords]uint64)(unsafe.Pointer(&t[j]))
		a0 ^= m & (a0 ^ in[0])
		a1 ^= m & (a1 ^ in[1])
		a2 ^= m & (a2 ^ in[2])
		a3 ^= m & (a3 ^ in[3])
		a4 ^= m & (a4 ^ in[4])
		a5 ^= m & (a5 ^ in[5])
		a6 ^= m & (a6 ^ in[6])
		a7 ^= m & (a7 ^ in[7])
		a8 ^= m & (a8 ^ in[8])
		a9 ^= m & (a9 ^ in[9])
		a10 ^= m & (a10 ^ in[10])
		a11 ^= m & (a11 ^ in[11])
	}
	// Negation swaps y+x with y−x and negates 2d·x·y.
	n := -uint64(mask & 1)
	s0, s1, s2, s3 := n&(a0^a4), n&(a1^a5), n&(a2^a6), n&(a3^a7)
	out := (*[affineWords]uint64)(unsafe.Pointer(dst))
	out[0], out[1], out[2], out[3] = a0^s0, a1^s1, a2^s2, a3^s3
	out[4], out[5], out[6], out[7] = a4^s0, a5^s1, a6^s2, a7^s3
	out[8], out[9], out[10], out[11] = a8, a9, a10, a11
	var neg gf25519.Element
	neg.Negate(&dst.t2d)
	dst.t2d.Select(&neg, &dst.t2d, int(mask&1))
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
	var m affineCached
	var r completed
	var pp projective
	v.setIdentity()
	for i := 1; i < 64; i += 2 {
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
	for i := 0; i < 64; i += 2 {
		lookupAffine(&m, &tbl[i/2], e[i])
		r.addAffine(v, &m)
		v.fromCompleted(&r)
	}
	return v
}

// ScalarMult sets v = [x]q and returns v. It runs in constant time with
// respect to x and q: signed radix-16 digits, a table of 1q..8q scanned
// whole for every digit.
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
	lookupCached(&c, &tbl, e[63])
	r.add(&acc, &c)
	for i := 62; i >= 0; i-- {
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
	i := 255
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
	for ; i >= 0; i-- {
		r.double(&pp)
		if da := aNaf[i]; da > 0 {
			t.fromCompleted(&r)
			r.add(&t, &aTbl[da/2])
		} else if da < 0 {
			t.fromCompleted(&r)
			r.sub(&t, &aTbl[-da/2])
		}
		if db := bNaf[i]; db > 0 {
			t.fromCompleted(&r)
			r.addAffine(&t, &bTbl[db/2])
		} else if db < 0 {
			t.fromCompleted(&r)
			r.subAffine(&t, &bTbl[-db/2])
		}
		pp.fromCompleted(&r)
	}
	return v.fromProjective(&pp)
}
