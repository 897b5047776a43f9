//go:build !amd64 || !gc || purego

package nistec

import "github.com/crypton-go/crypton/mont/p521"

// P-521's pointFuncs are the generic functions: there is no assembly in
// this build.

func p521JacobianDoubleN(x, y, z *p521.Element, n int, t *addTemps[p521.Element]) {
	jacobianDoubleNGeneric[p521.Element, *p521.Element](x, y, z, n, t)
}

func p521Madd(x3, y3, z3, x1, y1, z1, x2, y2 *p521.Element, m *maddTemps[p521.Element]) {
	maddGeneric[p521.Element, *p521.Element](x3, y3, z3, x1, y1, z1, x2, y2, m)
}

func p521AddDigit(jx, jy, jz *p521.Element, sel *affinePoint[p521.Element], neg, zero int, t *digitTemps[p521.Element]) {
	addDigitGeneric[p521.Element, *p521.Element](jx, jy, jz, sel, neg, zero, t)
}
