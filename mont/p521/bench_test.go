package p521

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/mont/internal/fieldtest"
)

func BenchmarkElement(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p521", fieldtest.Bench[Element])
}

func BenchmarkScalar(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "p521", fieldtest.Bench[Scalar])
}
