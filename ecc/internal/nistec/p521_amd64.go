//go:build gc && !purego

package nistec

import (
	"unsafe"

	"github.com/crypton-go/crypton/mont/p521"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec/p521 -out p521_amd64.s

func init() {
	p521Data.jacobianDoubleN = p521JacobianDoubleN
	p521Data.madd = p521Madd
	p521Data.addDigit = p521AddDigit
}

func limbs9(e *p521.Element) *[9]uint64 { return (*[9]uint64)(unsafe.Pointer(e)) }

// p521JacobianDoubleN is jacobianDoubleN for P-521.
func p521JacobianDoubleN(x, y, z *p521.Element, n int, t *addTemps[p521.Element]) {
	if useMULX {
		p521DoubleJacobianMULX(limbs9(x), limbs9(y), limbs9(z), n)
		return
	}
	for range n {
		jacobianDouble[p521.Element, *p521.Element](x, y, z, t)
	}
}

// p521Madd is maddCore for P-521.
func p521Madd(x3, y3, z3, x1, y1, z1, x2, y2 *p521.Element, m *maddTemps[p521.Element]) {
	if useMULX {
		p521MaddMULX(limbs9(x3), limbs9(y3), limbs9(z3), limbs9(x1), limbs9(y1), limbs9(z1),
			limbs9(x2), limbs9(y2), limbs9(&m.h), limbs9(&m.r))
		return
	}
	maddCore[p521.Element, *p521.Element](x3, y3, z3, x1, y1, z1, x2, y2, m)
}

// p521AddDigit is addDigit for P-521 when the assembly is enabled; it
// reports whether it was.
func p521AddDigit(jx, jy, jz, x2, y2 *p521.Element, neg, zero int) bool {
	if !useMULX {
		return false
	}
	p521AddDigitMULX(limbs9(jx), limbs9(jy), limbs9(jz), limbs9(x2), limbs9(y2), neg, zero)
	return true
}

// p521AddDigitMULX is addDigit for P-521: (x : y : z) plus (x2, y2),
// negated if neg == 1, by maddCore; (x2, ±y2, 1) if z = 0; unchanged if
// zero == 1. x2 and y2 are not modified.
//
//go:noescape
func p521AddDigitMULX(x, y, z, x2, y2 *[9]uint64, neg, zero int)

// p521DoubleJacobianMULX sets (x : y : z) to its 2^n-th multiple by n runs
// of jacobianDouble, for n ≥ 0.
//
//go:noescape
func p521DoubleJacobianMULX(x, y, z *[9]uint64, n int)

// p521MaddMULX sets (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2) like
// maddCore (the outputs may alias the inputs), and h and r to the H and r
// of that formula.
//
//go:noescape
func p521MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[9]uint64)
