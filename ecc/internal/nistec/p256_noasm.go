//go:build (!amd64 && !arm64) || !gc || purego

package nistec

import "github.com/crypton-go/crypton/mont/p256"

// P-256's pointFuncs are the generic functions: there is no assembly in
// this build.

func p256JacobianDoubleN(x, y, z *p256.Element, n int, t *addTemps[p256.Element]) {
	jacobianDoubleNGeneric[p256.Element, *p256.Element](x, y, z, n, t)
}

func p256Madd(x3, y3, z3, x1, y1, z1, x2, y2 *p256.Element, m *maddTemps[p256.Element]) {
	maddGeneric[p256.Element, *p256.Element](x3, y3, z3, x1, y1, z1, x2, y2, m)
}

func p256AddDigit(jx, jy, jz *p256.Element, sel *affinePoint[p256.Element], neg, zero int, t *digitTemps[p256.Element]) {
	addDigitGeneric[p256.Element, *p256.Element](jx, jy, jz, sel, neg, zero, t)
}

func p256PrefixProducts(prefix, z []p256.Element) {
	prefixProductsGeneric[p256.Element, *p256.Element](prefix, z)
}

func p256BackSubstitute(out []affinePoint[p256.Element], x, y, z, prefix []p256.Element, inv *p256.Element, t *[3]p256.Element) {
	backSubstituteGeneric[p256.Element, *p256.Element](out, x, y, z, prefix, inv, t)
}
