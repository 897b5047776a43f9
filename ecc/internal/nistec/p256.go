package nistec

import "github.com/crypton-go/crypton/mont/p256"

// p256_arm64.s is generated here, on any host, rather than in p256_arm64.go,
// which is built for arm64 only.
//
//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistecarm64 -out p256_arm64.s

// P256Point is a point of P-256 in projective coordinates. The zero value is
// not a valid point: use [NewP256Point] or [NewP256Generator].
type P256Point = point[p256.Element, *p256.Element, p256Curve]

// p256Curve leads the generic code to the constants and tables of P-256.
// Its pointFuncs are the dispatching functions of p256_amd64.go (whole
// Jacobian doublings, mixed additions, scalar multiplication windows and
// the loops of batchAffine in p256_amd64.s, registered with cpufeat as
// "nistec" "MULX/ADX") and lookup_amd64.go; on arm64 those of
// p256_arm64.go (the doublings, mixed additions and windows in
// p256_arm64.s, registered as "nistec" "ARM64"; batchAffine's loops and
// the table lookup generic); in other builds, and with -tags purego, those
// of p256_noasm.go and lookup_noasm.go, the generic code.
type p256Curve struct{}

func (p256Curve) curve() *curve[p256.Element] { return &p256Data }

var p256Data = curve[p256.Element]{
	name:        "P-256",
	elementSize: p256.ElementSize,
	scalarSize:  p256.ScalarSize,
	orderBits:   p256.OrderBits,
	b:           p256.CurveB(),
	gx:          p256.GeneratorX(),
	gy:          p256.GeneratorY(),
	reduce: func(out, in []byte) {
		var s p256.Scalar
		s.SetBytesReduced(in)
		s.FillBytes(out)
	},
	order: mustHex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
	pointFuncs: pointFuncs[p256.Element]{
		jacobianDoubleN: p256JacobianDoubleN,
		madd:            p256Madd,
		addDigit:        p256AddDigit,
		prefixProducts:  p256PrefixProducts,
		backSubstitute:  p256BackSubstitute,
		lookup:          p256Lookup,
	},
}

// NewP256Point returns a new P256Point, the point at infinity.
func NewP256Point() *P256Point { return newPoint[p256.Element, *p256.Element, p256Curve]() }

// NewP256Generator returns a new P256Point set to the generator G of P-256.
func NewP256Generator() *P256Point {
	return newGenerator[p256.Element, *p256.Element, p256Curve]()
}
