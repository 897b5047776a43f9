// Package edwards448 implements group operations on edwards448, the
// Edwards curve x² + y² = 1 + d·x²·y², d = −39081, over
// GF(2^448 − 2^224 − 1): the curve of Ed448 (RFC 8032, Section 5.2), which
// RFC 7748, Section 4.2, relates to curve448, the curve of X448, by a
// 4-isogeny.
//
// It is the internal engine of crypton's ecc/ed448 and of X448 key
// generation in ecc/ecdh. Its API has the shape of this module's
// edwards25519 package; the arithmetic runs on mont/gf448's seven
// saturated 64-bit limbs.
//
// Points are held in extended coordinates (X:Y:Z:T) with x = X/Z, y = Y/Z,
// x·y = T/Z, and added with the unified formulas of Hisil, Wong, Carter and
// Dawson, "Twisted Edwards Curves Revisited" (2008), Section 3.1, with
// a = 1. Because d is not a square, these formulas are complete: they add
// any two points of the curve, the identity and points of small order
// included. Precomputed multiples of the base point are kept in affine form
// (x, y, d·x·y).
//
// Everything is constant time except the functions whose names end in
// VarTime, which are meant for signature verification, where every input
// is public.
package edwards448

import (
	"errors"

	"github.com/crypton-go/crypton/mont/gf448"
)

// PointSize is the length of the encoding of a point, in bytes (RFC 8032,
// Section 5.2.2).
const PointSize = 57

// Point is a point on edwards448. The zero value is NOT valid; use
// [NewIdentityPoint], [NewGeneratorPoint] or [Point.SetBytes].
type Point struct {
	x, y, z, t gf448.Element
}

// projective is a point in projective coordinates (X:Y:Z), x = X/Z, y = Y/Z.
type projective struct {
	x, y, z gf448.Element
}

// completed is the result of an addition or a doubling before its final
// multiplications, named after the formulas' E, F, G, H: the point is
// (E·F : G·H : F·G : E·H) in extended coordinates.
type completed struct {
	e, f, g, h gf448.Element
}

// cached is a point prepared as the second operand of an addition.
type cached struct {
	x, y, z, td gf448.Element // td = d·T
}

// affineCached is an affine point (Z = 1) prepared as the second operand of
// an addition.
type affineCached struct {
	x, y, td gf448.Element // td = d·x·y
}

var (
	feOne = *new(gf448.Element).One()
	// d = −39081.
	d = func() gf448.Element {
		var v gf448.Element
		v.Mult32(&feOne, 39081)
		return *v.Negate(&v)
	}()
)

// generatorBytes is the encoding of the base point B of RFC 8032,
// Section 5.2 (x even).
var generatorBytes = [PointSize]byte{
	0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e, 0x2c, 0x13, 0xbd, 0xfd,
	0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a, 0xd7, 0xc2, 0xa0, 0x05, 0x1e, 0x9c, 0x78, 0x87,
	0x40, 0x98, 0xa3, 0x6c, 0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7, 0xc9, 0x56, 0x37, 0x20, 0x76, 0x88,
	0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69, 0x00,
}

var generator = func() Point {
	var p Point
	if _, err := p.SetBytes(generatorBytes[:]); err != nil {
		panic("edwards448: bad generator encoding")
	}
	return p
}()

// NewIdentityPoint returns a new Point set to the identity (0, 1).
func NewIdentityPoint() *Point {
	return new(Point).setIdentity()
}

// NewGeneratorPoint returns a new Point set to the base point B of RFC 8032.
func NewGeneratorPoint() *Point {
	p := generator
	return &p
}

func (v *Point) setIdentity() *Point {
	v.x.Zero()
	v.y.One()
	v.z.One()
	v.t.Zero()
	return v
}

// Set sets v = u and returns v.
func (v *Point) Set(u *Point) *Point {
	*v = *u
	return v
}

// Bytes returns the 57-byte encoding of v, RFC 8032, Section 5.2.2: the
// canonical little-endian y-coordinate in 56 bytes, then a byte holding
// the low bit of x in its top bit.
func (v *Point) Bytes() []byte {
	var out [PointSize]byte
	return v.bytes(&out)
}

func (v *Point) bytes(out *[PointSize]byte) []byte {
	var zInv, x, y gf448.Element
	zInv.Invert(&v.z)
	x.Mul(&v.x, &zInv)
	y.Mul(&v.y, &zInv)
	copy(out[:56], y.Bytes())
	out[56] = byte(x.IsNegative() << 7)
	return out[:]
}

// SetBytes sets v to the point encoded by x, RFC 8032, Section 5.2.3, and
// returns v. If x is not a valid encoding, SetBytes returns nil and an
// error, and v is unchanged.
//
// Only canonical encodings are valid: x is 57 bytes long, the low seven
// bits of its last byte are zero, the y-coordinate is below p, and the sign
// bit is clear if the x-coordinate is 0. Points of small order are
// accepted. Decoding is constant time, except that whether x was valid is
// revealed.
func (v *Point) SetBytes(x []byte) (*Point, error) {
	if len(x) != PointSize {
		return nil, errors.New("edwards448: invalid point encoding length")
	}
	var y gf448.Element
	if _, err := y.SetCanonicalBytes(x[:56]); err != nil || x[56]&0x7f != 0 {
		return nil, errors.New("edwards448: invalid point encoding")
	}

	// x² = (y² − 1) / (d·y² − 1). The denominator is never zero, as d is
	// not a square.
	var y2, u, w, xx gf448.Element
	y2.Square(&y)
	u.Sub(&y2, &feOne)
	w.Mul(&y2, &d)
	w.Sub(&w, &feOne)
	_, wasSquare := xx.SqrtRatio(&u, &w)
	sign := int(x[56] >> 7)
	if wasSquare == 0 || xx.IsZero()&sign == 1 {
		return nil, errors.New("edwards448: invalid point encoding")
	}
	// Pick the root whose low bit is the sign bit.
	var neg gf448.Element
	neg.Negate(&xx)
	xx.Select(&neg, &xx, xx.IsNegative()^sign)

	v.x = xx
	v.y = y
	v.z.One()
	v.t.Mul(&xx, &y)
	return v, nil
}

// Equal returns 1 if v and u are the same point and 0 otherwise, in constant
// time.
func (v *Point) Equal(u *Point) int {
	var a, b, c, e gf448.Element
	a.Mul(&v.x, &u.z)
	b.Mul(&u.x, &v.z)
	c.Mul(&v.y, &u.z)
	e.Mul(&u.y, &v.z)
	return a.Equal(&b) & c.Equal(&e)
}

// Negate sets v = −p and returns v.
func (v *Point) Negate(p *Point) *Point {
	v.x.Negate(&p.x)
	v.y = p.y
	v.z = p.z
	v.t.Negate(&p.t)
	return v
}

// Add sets v = p + q and returns v.
func (v *Point) Add(p, q *Point) *Point {
	var qc cached
	qc.fromPoint(q)
	var r completed
	r.add(p, &qc)
	return v.fromCompleted(&r)
}

// Subtract sets v = p − q and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	var qc cached
	qc.fromPoint(q)
	qc.condNegate(1)
	var r completed
	r.add(p, &qc)
	return v.fromCompleted(&r)
}

// double sets v = 2p and returns v.
func (v *Point) double(p *Point) *Point {
	var pp projective
	pp.fromPoint(p)
	var r completed
	r.double(&pp)
	return v.fromCompleted(&r)
}

// MultByCofactor sets v = 4p and returns v.
func (v *Point) MultByCofactor(p *Point) *Point {
	var pp projective
	pp.fromPoint(p)
	var r completed
	r.double(&pp)
	pp.fromCompleted(&r)
	r.double(&pp)
	return v.fromCompleted(&r)
}

// Conversions.

func (v *projective) fromPoint(p *Point) *projective {
	v.x, v.y, v.z = p.x, p.y, p.z
	return v
}

func (v *projective) fromCompleted(r *completed) *projective {
	v.x.Mul(&r.e, &r.f)
	v.y.Mul(&r.g, &r.h)
	v.z.Mul(&r.f, &r.g)
	return v
}

func (v *Point) fromCompleted(r *completed) *Point {
	v.x.Mul(&r.e, &r.f)
	v.y.Mul(&r.g, &r.h)
	v.z.Mul(&r.f, &r.g)
	v.t.Mul(&r.e, &r.h)
	return v
}

func (v *Point) fromProjective(p *projective) *Point {
	v.x.Mul(&p.x, &p.z)
	v.y.Mul(&p.y, &p.z)
	v.z.Square(&p.z)
	v.t.Mul(&p.x, &p.y)
	return v
}

func (v *cached) fromPoint(p *Point) *cached {
	v.x, v.y, v.z = p.x, p.y, p.z
	v.td.Mul(&p.t, &d)
	return v
}

// Formulas: HWCD 2008, Section 3.1 (unified addition, "add-2008-hwcd")
// and Section 3.3 (doubling, "dbl-2008-hwcd"), with a = 1, the results
// left in completed form so that the caller picks three or four
// multiplications.

// add sets v = p + q:
//
//	A = X1·X2, B = Y1·Y2, C = d·T1·T2, D = Z1·Z2,
//	E = (X1+Y1)(X2+Y2) − A − B, F = D − C, G = D + C, H = B − A.
func (v *completed) add(p *Point, q *cached) *completed {
	var a, b, c, dd, s1, s2 gf448.Element
	a.Mul(&p.x, &q.x)
	b.Mul(&p.y, &q.y)
	c.Mul(&p.t, &q.td)
	dd.Mul(&p.z, &q.z)
	s1.Add(&p.x, &p.y)
	s2.Add(&q.x, &q.y)
	v.e.Mul(&s1, &s2)
	v.e.Sub(&v.e, &a)
	v.e.Sub(&v.e, &b)
	v.f.Sub(&dd, &c)
	v.g.Add(&dd, &c)
	v.h.Sub(&b, &a)
	return v
}

// addAffine sets v = p + q for an affine q (Z2 = 1, so D = Z1).
func (v *completed) addAffine(p *Point, q *affineCached) *completed {
	var a, b, c, s1, s2 gf448.Element
	a.Mul(&p.x, &q.x)
	b.Mul(&p.y, &q.y)
	c.Mul(&p.t, &q.td)
	s1.Add(&p.x, &p.y)
	s2.Add(&q.x, &q.y)
	v.e.Mul(&s1, &s2)
	v.e.Sub(&v.e, &a)
	v.e.Sub(&v.e, &b)
	v.f.Sub(&p.z, &c)
	v.g.Add(&p.z, &c)
	v.h.Sub(&b, &a)
	return v
}

// double sets v = 2p:
//
//	A = X², B = Y², C = 2Z², E = (X+Y)² − A − B, G = A + B, F = G − C,
//	H = A − B.
func (v *completed) double(p *projective) *completed {
	var a, b, c gf448.Element
	a.Square(&p.x)
	b.Square(&p.y)
	c.Square(&p.z)
	c.Add(&c, &c)
	v.e.Add(&p.x, &p.y)
	v.e.Square(&v.e)
	v.g.Add(&a, &b)
	v.e.Sub(&v.e, &v.g)
	v.f.Sub(&v.g, &c)
	v.h.Sub(&a, &b)
	return v
}

// Conditional negation: −(x, y) = (−x, y), and T changes sign with x.

func (v *cached) condNegate(cond int) {
	var n gf448.Element
	n.Negate(&v.x)
	v.x.Select(&n, &v.x, cond)
	n.Negate(&v.td)
	v.td.Select(&n, &v.td, cond)
}

func (v *affineCached) condNegate(cond int) {
	var n gf448.Element
	n.Negate(&v.x)
	v.x.Select(&n, &v.x, cond)
	n.Negate(&v.td)
	v.td.Select(&n, &v.td, cond)
}

// BytesMontgomery returns the 56-byte encoding (RFC 7748, Section 5) of
// u = y²/x² = (Y/X)², the u-coordinate of the curve448 point that the
// 4-isogeny of RFC 7748, Section 4.2, maps v to. Points with x = 0 (the
// identity and the point of order 2) give u = 0. It runs in constant time.
//
// The isogeny is a group homomorphism that maps the base point B of RFC
// 8032 to the base point u = 5 of RFC 7748, so the image of [s]B is
// [s]·(u = 5): X448 key generation is a fixed-base multiplication of B by
// the clamped scalar reduced modulo ℓ. (The factor of 4 of RFC 7748 belongs
// to the isogeny composed with its dual, which this map is not.)
func (v *Point) BytesMontgomery() []byte {
	var u gf448.Element
	u.Invert(&v.x) // 0⁻¹ = 0
	u.Mul(&u, &v.y)
	u.Square(&u)
	return u.Bytes()
}
