//go:build gc && !purego

package nistec

import "github.com/crypton-go/crypton/mont/p521"

//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec/p521 -out p521_amd64.s

// p521Asm are the functions of p521_amd64.s (see pointAsm).
var p521Asm = pointAsm[[9]uint64]{
	doubleN:  p521DoubleJacobianMULX,
	madd:     p521MaddMULX,
	addDigit: p521AddDigitMULX,
}

func init() {
	setPointAsm[p521.Element, *p521.Element](&p521Data, p521Asm)
}

// p521AddDigitMULX is pointAsm.addDigit for P-521.
//
//go:noescape
func p521AddDigitMULX(x, y, z, x2, y2 *[9]uint64, neg, zero int)

// p521DoubleJacobianMULX is pointAsm.doubleN for P-521.
//
//go:noescape
func p521DoubleJacobianMULX(x, y, z *[9]uint64, n int)

// p521MaddMULX is pointAsm.madd for P-521.
//
//go:noescape
func p521MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[9]uint64)
