package gf25519

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

func BenchmarkMul(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf25519", func(b *testing.B) {
		x := fromLimbs(1<<64-5, 0x1234567890abcdef, 0xfedcba0987654321, 1<<63-1)
		y := x
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			x.Mul(&x, &y)
		}
	})
}

func BenchmarkSquare(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf25519", func(b *testing.B) {
		x := fromLimbs(1<<64-5, 0x1234567890abcdef, 0xfedcba0987654321, 1<<63-1)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			x.Square(&x)
		}
	})
}

func BenchmarkInvert(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf25519", func(b *testing.B) {
		x := fromLimbs(1<<64-5, 0x1234567890abcdef, 0xfedcba0987654321, 1<<63-1)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			x.Invert(&x)
		}
	})
}

func BenchmarkLadder(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf25519", func(b *testing.B) {
		u := fromLimbs(9, 0, 0, 0)
		s := [32]byte{0: 0x48, 31: 0x7f, 10: 0x55}
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			X25519Ladder(&u, &s, &u)
		}
	})
}

// BenchmarkLadderCallPerOp runs the Go ladder, which calls the field kernels
// once per multiplication or squaring, for comparison with BenchmarkLadder,
// where the assembly implementations run the whole ladder in assembly.
func BenchmarkLadderCallPerOp(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "gf25519", func(b *testing.B) {
		u := fromLimbs(9, 0, 0, 0)
		s := [32]byte{0: 0x48, 31: 0x7f, 10: 0x55}
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
