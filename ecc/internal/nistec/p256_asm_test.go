//go:build (amd64 || arm64) && gc && !purego

package nistec

import (
	"testing"

	"github.com/crypton-go/crypton/mont/p256"
)

// p256AsmCase is the data of the tests of the whole-point assembly of
// P-256 (p256_amd64.s, p256_arm64.s; p256Asm is in asm_amd64_test.go and
// asm_arm64_test.go).
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
