//go:build gc && !purego

package gf448

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/gf448 -out fe_amd64.s

// useMULX enables the MULX/ADCX/ADOX kernels of fe_amd64.s.
var useMULX = cpufeat.HasBMI2 && cpufeat.HasADX

func init() {
	cpufeat.Register("gf448", "MULX/ADX", &useMULX)
}

// The kernels need BMI2 and ADX; z may alias the operands.

//go:noescape
func feMulMULX(z, x, y *[7]uint64)

//go:noescape
func feSquareMULX(z, x *[7]uint64)

//go:noescape
func feSquareNMULX(z, x *[7]uint64, n int)

//go:noescape
func ladderMULX(x2, z2 *[7]uint64, scalar *[56]byte, x1 *[7]uint64)

func feMul(v, x, y *Element) {
	if useMULX {
		feMulMULX(&v.l, &x.l, &y.l)
	} else {
		feMulGeneric(v, x, y)
	}
}

func feSquare(v, x *Element) {
	if useMULX {
		feSquareMULX(&v.l, &x.l)
	} else {
		feSquareGeneric(v, x)
	}
}

// feSquareN sets v = x^(2^n), for n ≥ 1.
func feSquareN(v, x *Element, n int) {
	if useMULX {
		feSquareNMULX(&v.l, &x.l, n)
	} else {
		feSquareNGeneric(v, x, n)
	}
}

func ladder(x2, z2 *Element, scalar *[56]byte, x1 *Element) {
	if useMULX {
		ladderMULX(&x2.l, &z2.l, scalar, &x1.l)
	} else {
		ladderGeneric(x2, z2, scalar, x1)
	}
}

// The ladder's inlined addition, subtraction and a24 step, as functions for
// the tests (TestLadderKernels); z may alias the operands.

//go:noescape
func addADX(z, x, y *[7]uint64)

//go:noescape
func subADX(z, x, y *[7]uint64)

//go:noescape
func mul39081AddMULX(z, x, y *[7]uint64)
