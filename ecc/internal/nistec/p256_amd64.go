//go:build gc && !purego

package nistec

import "github.com/crypton-go/crypton/mont/p256"

//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec -out p256_amd64.s

// p256Asm are the functions of p256_amd64.s (see pointAsm).
var p256Asm = pointAsm[[4]uint64]{
	doubleN:   p256DoubleJacobianMULX,
	madd:      p256MaddMULX,
	addDigit:  p256AddDigitMULX,
	prefix:    p256PrefixMULX,
	backSubst: p256BackSubstMULX,
}

func init() {
	setPointAsm[p256.Element, *p256.Element](&p256Data, p256Asm)
}

// p256AddDigitMULX is pointAsm.addDigit for P-256.
//
//go:noescape
func p256AddDigitMULX(x, y, z, x2, y2 *[4]uint64, neg, zero int)

// p256DoubleJacobianMULX is pointAsm.doubleN for P-256.
//
//go:noescape
func p256DoubleJacobianMULX(x, y, z *[4]uint64, n int)

// p256MaddMULX is pointAsm.madd for P-256.
//
//go:noescape
func p256MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[4]uint64)

// p256PrefixMULX is pointAsm.prefix for P-256.
//
//go:noescape
func p256PrefixMULX(prefix, z *[4]uint64, n int)

// p256BackSubstMULX is pointAsm.backSubst for P-256.
//
//go:noescape
func p256BackSubstMULX(out, x, y, z, prefix, inv *[4]uint64, n int)
