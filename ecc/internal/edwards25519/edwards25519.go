// Package edwards25519 implements group operations on the twisted Edwards
// curve −x² + y² = 1 + d·x²·y² over GF(2^255−19), the curve of Ed25519
// (RFC 8032) and, by the birational map to Curve25519, of X25519 (RFC 7748).
//
// It is the internal engine of crypton's ecc/ed25519 and of X25519 key
// generation in ecc/ecdh. Its API follows the shape of Go's
// crypto/internal/fips140/edwards25519 (and filippo.io/edwards25519), but the
// arithmetic runs on mont/gf25519's four saturated 64-bit limbs.
//
// Points are held in extended coordinates (X:Y:Z:T) with x = X/Z, y = Y/Z,
// x·y = T/Z, and added with the complete formulas of Hisil, Wong, Carter and
// Dawson, "Twisted Edwards Curves Revisited" (2008), Section 3.1 (a = −1).
// Additions take the second operand in a cached form (Y+X, Y−X, 2Z, 2d·T)
// or, for precomputed multiples of the base point, in affine form
// (y+x, y−x, 2d·x·y).
//
// Everything is constant time except the functions whose names end in
// VarTime, which are meant for signature verification, where every input
// is public.
package edwards25519

import (
	"errors"

	"github.com/crypton-go/crypton/mont/gf25519"
)

// Point is a point on edwards25519. The zero value is NOT valid; use
// [NewIdentityPoint], [NewGeneratorPoint] or [Point.SetBytes].
type Point struct {
	x, y, z, t gf25519.Element
}

// projective is a point in projective coordinates (X:Y:Z), x = X/Z, y = Y/Z.
type projective struct {
	x, y, z gf25519.Element
}

// completed is the result of an addition or a doubling before the final
// multiplications: x = X/Z, y = Y/T.
type completed struct {
	x, y, z, t gf25519.Element
}

// cached is a point prepared as the second operand of an addition.
type cached struct {
	yPlusX, yMinusX, z2, t2d gf25519.Element
}

// affineCached is an affine point (Z = 1) prepared as the second operand of
// an addition.
type affineCached struct {
	yPlusX, yMinusX, t2d gf25519.Element
}

func feFromBytes(hex [32]byte) gf25519.Element {
	var e gf25519.Element
	e.SetBytes(hex[:])
	return e
}

var (
	// d is −121665/121666 and d2 is 2d.
	d = feFromBytes([32]byte{
		0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
		0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52})
	d2 = feFromBytes([32]byte{
		0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
		0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24})
	feOne = *new(gf25519.Element).One()
)

// generatorBytes is the encoding of the base point B of RFC 8032, y = 4/5.
var generatorBytes = [32]byte{
	0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66}

var generator = func() Point {
	var p Point
	if _, err := p.SetBytes(generatorBytes[:]); err != nil {
		panic("edwards25519: bad generator encoding")
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

// Bytes returns the 32-byte encoding of v, RFC 8032, Section 5.1.2: the
// canonical little-endian y-coordinate with the sign of x in the top bit.
func (v *Point) Bytes() []byte {
	var out [32]byte
	return v.bytes(&out)
}

func (v *Point) bytes(out *[32]byte) []byte {
	var zInv, x, y gf25519.Element
	zInv.Invert(&v.z)
	x.Mul(&v.x, &zInv)
	y.Mul(&v.y, &zInv)
	copy(out[:], y.Bytes())
	out[31] |= byte(x.IsNegative() << 7)
	return out[:]
}

// SetBytes sets v to the point encoded by x, RFC 8032, Section 5.1.3, and
// returns v. If x is not a valid encoding, SetBytes returns nil and an
// error, and v is unchanged.
//
// It accepts exactly the encodings that Go's crypto/ed25519 accepts, which
// are more than the canonical ones: a y-coordinate from p to 2^255−1 is
// reduced rather than rejected, and the sign bit set with x = 0 (the points
// y = ±1) is ignored rather than rejected. Decoding is constant time, except
// that whether x was valid is revealed.
func (v *Point) SetBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, errors.New("edwards25519: invalid point encoding length")
	}
	var y gf25519.Element
	y.SetBytes(x) // ignores the top bit, accepts y ≥ p

	// x² = (y² − 1) / (d·y² + 1)
	var y2, u, w, xx gf25519.Element
	y2.Square(&y)
	u.Sub(&y2, &feOne)
	w.Mul(&y2, &d)
	w.Add(&w, &feOne)
	_, wasSquare := xx.SqrtRatio(&u, &w)
	if wasSquare == 0 {
		return nil, errors.New("edwards25519: invalid point encoding")
	}
	// xx is the non-negative root; negate it if the sign bit asks for the
	// other one (for x = 0 both are 0).
	var neg gf25519.Element
	neg.Negate(&xx)
	xx.Select(&neg, &xx, int(x[31]>>7))

	v.x = xx
	v.y = y
	v.z.One()
	v.t.Mul(&xx, &y)
	return v, nil
}

// Equal returns 1 if v and u are the same point and 0 otherwise, in constant
// time.
func (v *Point) Equal(u *Point) int {
	var a, b, c, e gf25519.Element
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
	var r completed
	r.sub(p, &qc)
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

// MultByCofactor sets v = 8p and returns v.
func (v *Point) MultByCofactor(p *Point) *Point {
	var pp projective
	pp.fromPoint(p)
	var r completed
	r.double(&pp)
	pp.fromCompleted(&r)
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
	v.x.Mul(&r.x, &r.t)
	v.y.Mul(&r.y, &r.z)
	v.z.Mul(&r.z, &r.t)
	return v
}

func (v *Point) fromCompleted(r *completed) *Point {
	v.x.Mul(&r.x, &r.t)
	v.y.Mul(&r.y, &r.z)
	v.z.Mul(&r.z, &r.t)
	v.t.Mul(&r.x, &r.y)
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
	v.yPlusX.Add(&p.y, &p.x)
	v.yMinusX.Sub(&p.y, &p.x)
	v.z2.Add(&p.z, &p.z)
	v.t2d.Mul(&p.t, &d2)
	return v
}

// fromPoint sets v to p in affine cached form; it inverts Z, so it is slow.
func (v *affineCached) fromPoint(p *Point) *affineCached {
	var zInv, x, y gf25519.Element
	zInv.Invert(&p.z)
	x.Mul(&p.x, &zInv)
	y.Mul(&p.y, &zInv)
	v.yPlusX.Add(&y, &x)
	v.yMinusX.Sub(&y, &x)
	v.t2d.Mul(&x, &y)
	v.t2d.Mul(&v.t2d, &d2)
	return v
}

// Formulas: HWCD 2008, Section 3.1 (unified addition, "add-2008-hwcd-3")
// and Section 3.3 (doubling, "dbl-2008-hwcd"), with a = −1 and the results
// left in completed form so that the caller picks 3 or 4 multiplications.

// add sets v = p + q.
func (v *completed) add(p *Point, q *cached) *completed {
	var a, b, c, dd gf25519.Element
	a.Sub(&p.y, &p.x)
	a.Mul(&a, &q.yMinusX) // (Y1−X1)(Y2−X2)
	b.Add(&p.y, &p.x)
	b.Mul(&b, &q.yPlusX) // (Y1+X1)(Y2+X2)
	c.Mul(&p.t, &q.t2d)  // 2d·T1·T2
	dd.Mul(&p.z, &q.z2)  // 2·Z1·Z2
	v.x.Sub(&b, &a)
	v.y.Add(&b, &a)
	v.z.Add(&dd, &c)
	v.t.Sub(&dd, &c)
	return v
}

// sub sets v = p − q: −(x, y) = (−x, y) swaps Y+X with Y−X and negates T.
func (v *completed) sub(p *Point, q *cached) *completed {
	var a, b, c, dd gf25519.Element
	a.Sub(&p.y, &p.x)
	a.Mul(&a, &q.yPlusX)
	b.Add(&p.y, &p.x)
	b.Mul(&b, &q.yMinusX)
	c.Mul(&p.t, &q.t2d)
	dd.Mul(&p.z, &q.z2)
	v.x.Sub(&b, &a)
	v.y.Add(&b, &a)
	v.z.Sub(&dd, &c)
	v.t.Add(&dd, &c)
	return v
}

// addAffine sets v = p + q for an affine q.
func (v *completed) addAffine(p *Point, q *affineCached) *completed {
	var a, b, c, dd gf25519.Element
	a.Sub(&p.y, &p.x)
	a.Mul(&a, &q.yMinusX)
	b.Add(&p.y, &p.x)
	b.Mul(&b, &q.yPlusX)
	c.Mul(&p.t, &q.t2d)
	dd.Add(&p.z, &p.z)
	v.x.Sub(&b, &a)
	v.y.Add(&b, &a)
	v.z.Add(&dd, &c)
	v.t.Sub(&dd, &c)
	return v
}

// subAffine sets v = p − q for an affine q.
func (v *completed) subAffine(p *Point, q *affineCached) *completed {
	var a, b, c, dd gf25519.Element
	a.Sub(&p.y, &p.x)
	a.Mul(&a, &q.yPlusX)
	b.Add(&p.y, &p.x)
	b.Mul(&b, &q.yMinusX)
	c.Mul(&p.t, &q.t2d)
	dd.Add(&p.z, &p.z)
	v.x.Sub(&b, &a)
	v.y.Add(&b, &a)
	v.z.Sub(&dd, &c)
	v.t.Add(&dd, &c)
	return v
}

// double sets v = 2p.
func (v *completed) double(p *projective) *completed {
	var xx, yy, zz2, s gf25519.Element
	xx.Square(&p.x)
	yy.Square(&p.y)
	zz2.Square(&p.z)
	zz2.Add(&zz2, &zz2)
	s.Add(&p.x, &p.y)
	s.Square(&s)
	// In completed form, up to a common sign: X = 2XY, Y = Y²+X²,
	// Z = Y²−X², T = 2Z² − (Y²−X²).
	v.y.Add(&yy, &xx)
	v.z.Sub(&yy, &xx)
	v.x.Sub(&s, &v.y)
	v.t.Sub(&zz2, &v.z)
	return v
}

// Conditional negation: −(x, y) = (−x, y) swaps y+x with y−x and negates
// 2d·x·y.

func (v *cached) condNegate(cond int) {
	v.yPlusX.Swap(&v.yMinusX, cond)
	var n gf25519.Element
	n.Negate(&v.t2d)
	v.t2d.Select(&n, &v.t2d, cond)
}

func (v *affineCached) condNegate(cond int) {
	v.yPlusX.Swap(&v.yMinusX, cond)
	var n gf25519.Element
	n.Negate(&v.t2d)
	v.t2d.Select(&n, &v.t2d, cond)
}

// BytesMontgomery returns the u-coordinate of the Curve25519 point that
// corresponds to v under the birational map of RFC 7748, Section 4.1,
// u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y), encoded as in RFC 7748. The
// identity (y = 1) maps to u = 0. It runs in constant time.
func (v *Point) BytesMontgomery() []byte {
	var n, m gf25519.Element
	n.Add(&v.z, &v.y)
	m.Sub(&v.z, &v.y)
	m.Invert(&m) // 0⁻¹ = 0
	n.Mul(&n, &m)
	return n.Bytes()
}
