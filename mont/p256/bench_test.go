package p256

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/fieldtest"
)

func BenchmarkElement(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p256", fieldtest.Bench[Element])
}

func BenchmarkScalar(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p256", fieldtest.Bench[Scalar])
}

// BenchmarkInvert compares the constant-time Invert with InvertVarTime
// (the latter has no assembly: only the multiplications of Invert do).
func BenchmarkInvert(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p256", func(b *testing.B) {
		fieldtest.BenchInvert[Element](b, "Element")
		fieldtest.BenchInvert[Scalar](b, "Scalar")
	})
}
