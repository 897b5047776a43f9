//go:build gc && !purego

package nistec

import "testing"

// The whole-point assembly of amd64 (p256_amd64.s, p521_amd64.s) runs
// while useMULX is set; the test bodies are those of asm_test.go, the case
// tables those of p256_asm_test.go and p521_asm_test.go.
var (
	asmEnabled = &useMULX
	asmName    = "MULX/ADX"
)

// p256Asm are the functions of p256_amd64.s.
var p256Asm = pointAsm[[4]uint64]{
	doubleN:   p256DoubleJacobianMULX,
	madd:      p256MaddMULX,
	addDigit:  p256AddDigitMULX,
	prefix:    p256PrefixMULX,
	backSubst: p256BackSubstMULX,
}

func TestP256BatchAffineAsm(t *testing.T) { p256AsmCase.testBatchAffine(t) }
