//go:build gc && !purego

package nistec

import (
	"unsafe"

	"github.com/crypton-go/crypton/mont/p521"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec/p521 -out p521_amd64.s

// p521Limbs returns the field element e as its nine limbs, which the
// assembly takes.
func p521Limbs(e *p521.Element) *[9]uint64 { return (*[9]uint64)(unsafe.Pointer(e)) }

// A P-521 element is its nine limbs: these fail to compile otherwise.
var (
	_ [unsafe.Sizeof(p521.Element{}) - 9*8]struct{}
	_ [9*8 - unsafe.Sizeof(p521.Element{})]struct{}
)

// The dispatching functions of P-521's pointFuncs: the assembly of
// p521_amd64.s while useMULX (p256_amd64.go) is set, the generic function
// otherwise. P-521 has no assembly for the loops of batchAffine.

func p521JacobianDoubleN(x, y, z *p521.Element, n int, t *addTemps[p521.Element]) {
	if useMULX {
		p521DoubleJacobianMULX(p521Limbs(x), p521Limbs(y), p521Limbs(z), n)
		return
	}
	jacobianDoubleNGeneric[p521.Element, *p521.Element](x, y, z, n, t)
}

func p521Madd(x3, y3, z3, x1, y1, z1, x2, y2 *p521.Element, m *maddTemps[p521.Element]) {
	if useMULX {
		p521MaddMULX(p521Limbs(x3), p521Limbs(y3), p521Limbs(z3), p521Limbs(x1), p521Limbs(y1), p521Limbs(z1),
			p521Limbs(x2), p521Limbs(y2), p521Limbs(&m.h), p521Limbs(&m.r))
		return
	}
	maddGeneric[p521.Element, *p521.Element](x3, y3, z3, x1, y1, z1, x2, y2, m)
}

func p521AddDigit(jx, jy, jz *p521.Element, sel *affinePoint[p521.Element], neg, zero int, t *digitTemps[p521.Element]) {
	if useMULX {
		p521AddDigitMULX(p521Limbs(jx), p521Limbs(jy), p521Limbs(jz), p521Limbs(&sel.x), p521Limbs(&sel.y), neg, zero)
		return
	}
	addDigitGeneric[p521.Element, *p521.Element](jx, jy, jz, sel, neg, zero, t)
}

// p521AddDigitMULX is addDigitGeneric for P-521, with the entry (x2, y2)
// left alone.
//
//go:noescape
func p521AddDigitMULX(x, y, z, x2, y2 *[9]uint64, neg, zero int)

// p521DoubleJacobianMULX is jacobianDoubleNGeneric for P-521.
//
//go:noescape
func p521DoubleJacobianMULX(x, y, z *[9]uint64, n int)

// p521MaddMULX is maddGeneric for P-521; h and r are the m.h and m.r of
// maddTemps.
//
//go:noescape
func p521MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[9]uint64)
