package gf448

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// benchElement is an arbitrary element with every limb in use.
func benchElement() Element {
	return fromLimbs(1<<64-5, 0x1234567890abcdef, 0xfedcba0987654321, 0x0f1e2d3c4b5a6978,
		0x8877665544332211, 0xdeadbeefcafef00d, 1<<63-1)
}

func BenchmarkMul(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		x := benchElement()
		y := x
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			x.Mul(&x, &y)
		}
	})
}

func BenchmarkSquare(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		x := benchElement()
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			x.Square(&x)
		}
	})
}

func BenchmarkInvert(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		x := benchElement()
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			x.Invert(&x)
		}
	})
}

func BenchmarkX448Ladder(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		u := fromLimbs(5)
		s := [56]byte{0: 0x48, 55: 0xff, 10: 0x55}
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			X448Ladder(&u, &s, &u)
		}
	})
}

// BenchmarkX448LadderCallPerOp runs the Go ladder, which calls the field
// kernels once per multiplication or squaring, for comparison with
// BenchmarkX448Ladder, where the MULX/ADX implementation runs the whole
// ladder in assembly.
func BenchmarkX448LadderCallPerOp(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		u := fromLimbs(5)
		s := [56]byte{0: 0x48, 55: 0xff, 10: 0x55}
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			var x2, z2 Element
			ladderGeneric(&x2, &z2, &s, &u)
			z2.Invert(&z2)
			u.Mul(&x2, &z2)
		}
	})
}
