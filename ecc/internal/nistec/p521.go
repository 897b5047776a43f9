package nistec

import "github.com/crypton-go/crypton/mont/p521"

// P521Point is a point of P-521 in projective coordinates. The zero value is
// not a valid point: use [NewP521Point] or [NewP521Generator].
type P521Point = point[p521.Element, *p521.Element, p521Curve]

// p521Curve leads the generic code to the constants and tables of P-521.
type p521Curve struct{}

func (p521Curve) curve() *curve[p521.Element] { return &p521Data }

var p521Data = curve[p521.Element]{
	name:        "P-521",
	elementSize: p521.ElementSize,
	scalarSize:  p521.ScalarSize,
	orderBits:   p521.OrderBits,
	b:           p521.CurveB(),
	gx:          p521.GeneratorX(),
	gy:          p521.GeneratorY(),
	reduce: func(out, in []byte) {
		var s p521.Scalar
		s.SetBytesReduced(in)
		s.FillBytes(out)
	},
	order: mustHex("01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" +
		"fa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409"),
}

// NewP521Point returns a new P521Point, the point at infinity.
func NewP521Point() *P521Point { return newPoint[p521.Element, *p521.Element, p521Curve]() }

// NewP521Generator returns a new P521Point set to the generator G of P-521.
func NewP521Generator() *P521Point {
	return newGenerator[p521.Element, *p521.Element, p521Curve]()
}
