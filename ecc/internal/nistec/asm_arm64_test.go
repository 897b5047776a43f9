//go:build gc && !purego

package nistec

import (
	"testing"

	"github.com/crypton-go/crypton/mont/p256"
)

// The whole-point assembly of arm64 (p256_arm64.s) runs while useARM64 is
// set; the test bodies are those of asm_test.go.
var (
	asmEnabled = &useARM64
	asmName    = "ARM64"
)

// p256Asm are the functions of p256_arm64.s; batchAffine's loops are
// generic on arm64.
var p256Asm = pointAsm[[4]uint64]{
	doubleN:  p256DoubleJacobianARM64,
	madd:     p256MaddARM64,
	addDigit: p256AddDigitARM64,
}

// p256AsmCase is the data of the tests of p256_arm64.s.
var p256AsmCase = asmCase[p256.Element, *p256.Element, p256Curve, [4]uint64]{
	asm:        p256Asm,
	topMask:    0xff,
	iterations: 2000,
}

func TestP256DoubleJacobianAsm(t *testing.T) { p256AsmCase.testDoubleJacobian(t) }
func TestP256MaddAsm(t *testing.T)           { p256AsmCase.testMadd(t) }
func TestP256AddDigitAsm(t *testing.T)       { p256AsmCase.testAddDigit(t) }

func BenchmarkP256Asm(b *testing.B)    { p256AsmCase.benchAsm(b, benchLoop) }
func BenchmarkP256AsmMin(b *testing.B) { p256AsmCase.benchAsm(b, benchMin) }
