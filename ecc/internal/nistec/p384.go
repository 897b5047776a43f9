package nistec

import "github.com/crypton-go/crypton/mont/p384"

// P384Point is a point of P-384 in projective coordinates. The zero value is
// not a valid point: use [NewP384Point] or [NewP384Generator].
type P384Point = point[p384.Element, *p384.Element, p384Curve]

// p384Curve leads the generic code to the constants and tables of P-384.
type p384Curve struct{}

func (p384Curve) curve() *curve[p384.Element] { return &p384Data }

var p384Data = curve[p384.Element]{
	name:        "P-384",
	elementSize: p384.ElementSize,
	scalarSize:  p384.ScalarSize,
	orderBits:   p384.OrderBits,
	b:           p384.CurveB(),
	gx:          p384.GeneratorX(),
	gy:          p384.GeneratorY(),
	reduce: func(out, in []byte) {
		var s p384.Scalar
		s.SetBytesReduced(in)
		s.FillBytes(out)
	},
	order: mustHex("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf" +
		"581a0db248b0a77aecec196accc52973"),
	pointFuncs: pointFuncs[p384.Element]{
		jacobianDoubleN: jacobianDoubleNGeneric[p384.Element, *p384.Element],
		madd:            maddGeneric[p384.Element, *p384.Element],
		addDigit:        addDigitGeneric[p384.Element, *p384.Element],
		prefixProducts:  prefixProductsGeneric[p384.Element, *p384.Element],
		backSubstitute:  backSubstituteGeneric[p384.Element, *p384.Element],
		lookup:          p384Lookup,
	},
}

// NewP384Point returns a new P384Point, the point at infinity.
func NewP384Point() *P384Point { return newPoint[p384.Element, *p384.Element, p384Curve]() }

// NewP384Generator returns a new P384Point set to the generator G of P-384.
func NewP384Generator() *P384Point {
	return newGenerator[p384.Element, *p384.Element, p384Curve]()
}
