//go:build amd64 && gc && !purego

package nistec

import (
	"testing"

	"github.com/crypton-go/crypton/mont/p256"
)

// p256Asm are the functions of p256_amd64.s.
var p256Asm = pointAsm[[4]uint64]{
	doubleN:   p256DoubleJacobianMULX,
	madd:      p256MaddMULX,
	addDigit:  p256AddDigitMULX,
	prefix:    p256PrefixMULX,
	backSubst: p256BackSubstMULX,
}

// p256AsmCase is the data of the tests of p256_amd64.s (asm_amd64_test.go).
var p256AsmCase = asmCase[p256.Element, *p256.Element, p256Curve, [4]uint64]{
	asm:        p256Asm,
	topMask:    0xff,
	iterations: 2000,
}

func TestP256DoubleJacobianAsm(t *testing.T) { p256AsmCase.testDoubleJacobian(t) }
func TestP256MaddAsm(t *testing.T)           { p256AsmCase.testMadd(t) }
func TestP256AddDigitAsm(t *testing.T)       { p256AsmCase.testAddDigit(t) }
func TestP256BatchAffineAsm(t *testing.T)    { p256AsmCase.testBatchAffine(t) }

func BenchmarkP256Asm(b *testing.B)    { p256AsmCase.benchAsm(b, benchLoop) }
func BenchmarkP256AsmMin(b *testing.B) { p256AsmCase.benchAsm(b, benchMin) }
