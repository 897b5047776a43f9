package p384

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/internal/fieldtest"
)

func BenchmarkElement(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p384", fieldtest.Bench[Element])
}

func BenchmarkScalar(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p384", fieldtest.Bench[Scalar])
}

// BenchmarkInvert compares the constant-time Invert with InvertVarTime
// (the latter has no assembly: only the multiplications of Invert do).
func BenchmarkInvert(b *testing.B) {
	var e Element
	e.One()
	e.Add(&e, &e)
	e.Invert(&e) // 1/2: all limbs busy
	var s Scalar
	s.One()
	s.Add(&s, &s)
	s.Invert(&s)
	cputest.BenchmarkAllImplementations(b, "p384", func(b *testing.B) {
		b.Run("Element", func(b *testing.B) {
			b.ReportAllocs()
			cryptotest.CPUTime(b)
			for b.Loop() {
				e.Invert(&e)
			}
		})
		b.Run("ElementVarTime", func(b *testing.B) {
			b.ReportAllocs()
			cryptotest.CPUTime(b)
			for b.Loop() {
				e.InvertVarTime(&e)
			}
		})
		b.Run("Scalar", func(b *testing.B) {
			b.ReportAllocs()
			cryptotest.CPUTime(b)
			for b.Loop() {
				s.Invert(&s)
			}
		})
		b.Run("ScalarVarTime", func(b *testing.B) {
			b.ReportAllocs()
			cryptotest.CPUTime(b)
			for b.Loop() {
				s.InvertVarTime(&s)
			}
		})
	})
}
