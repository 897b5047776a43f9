//go:build amd64 && gc && !purego

package nistec

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/mont/p521"
)

// p521Asm are the functions of p521_amd64.s.
var p521Asm = pointAsm[[9]uint64]{
	doubleN:  p521DoubleJacobianMULX,
	madd:     p521MaddMULX,
	addDigit: p521AddDigitMULX,
}

// p521AsmCase is the data of the tests of p521_amd64.s (asm_amd64_test.go).
var p521AsmCase = asmCase[p521.Element, *p521.Element, p521Curve, [9]uint64]{
	asm: p521Asm,
	extraEdges: func() []p521.Element {
		var e [2]p521.Element // 2^520 (the top bit alone), 2^520 − 1
		var b [p521.ElementSize]byte
		b[0] = 1
		if _, err := e[0].SetBytes(b[:]); err != nil {
			panic(err)
		}
		var one p521.Element
		one.One()
		e[1].Sub(&e[0], &one)
		return e[:]
	},
	topMask:    0x01,
	iterations: 1000,
}

func TestP521DoubleJacobianAsm(t *testing.T) { p521AsmCase.testDoubleJacobian(t) }
func TestP521MaddAsm(t *testing.T)           { p521AsmCase.testMadd(t) }
func TestP521AddDigitAsm(t *testing.T)       { p521AsmCase.testAddDigit(t) }

func BenchmarkP521Asm(b *testing.B)    { p521AsmCase.benchAsm(b, benchLoop) }
func BenchmarkP521AsmMin(b *testing.B) { p521AsmCase.benchAsm(b, benchMin) }

// TestP521Implementations runs the P-521 scalar multiplications of the
// package's suite on every combination of the point arithmetic (the
// assembly of p521_amd64.s and the generic code) and the table scans (the
// other P-521 tests of the suite run on the default implementations only).
func TestP521Implementations(t *testing.T) {
	var s *suite
	for _, c := range suites {
		if c.name == "P-521" {
			s = c
		}
	}
	if s == nil {
		t.Fatal("no P-521 suite")
	}
	cputest.TestAllCombinations(t, []string{"nistec", "nistec/lookup"}, func(t *testing.T) {
		t.Run("ScalarBaseMult", func(t *testing.T) { s.scalarBaseMult(t, s) })
		t.Run("ScalarMult", func(t *testing.T) { s.scalarMult(t, s) })
	})
}
