package fieldtest

import (
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// Bench runs the benchmarks of E's arithmetic as sub-benchmarks: Mul,
// Square, Add, Sub, Invert, and Sqrt if E has it. The operand is a fixed element
// derived from 3 (the benchmarks chain each result into the next call).
func Bench[E any, P Ptr[E]](b *testing.B) {
	var x, y E
	P(&x).One()
	P(&x).Add(&x, P(new(E)).Add(P(new(E)).One(), P(new(E)).One()))
	P(&x).Invert(&x) // 1/3: all limbs busy
	y = x
	b.Run("Mul", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).Mul(&x, &y)
		}
	})
	b.Run("Square", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).Square(&x)
		}
	})
	b.Run("Add", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).Add(&x, &y)
		}
	})
	b.Run("Sub", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).Sub(&x, &y)
		}
	})
	b.Run("Invert", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).Invert(&x)
		}
	})
	if _, ok := any(P(&x)).(sqrter[E]); ok {
		b.Run("Sqrt", func(b *testing.B) {
			b.ReportAllocs()
			cryptotest.CPUTime(b)
			s := *P(new(E)).Square(&y)
			for b.Loop() {
				any(P(&x)).(sqrter[E]).Sqrt(&s)
			}
		})
	}
}
