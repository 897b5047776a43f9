package p521

import (
	"testing"

	"github.com/crypton-go/crypton/internal/fieldtest"
)

// FuzzElement and FuzzScalar compare the arithmetic with math/big on the
// implementation the CPU selects (TestElement and TestScalar cover every
// implementation).
func FuzzElement(f *testing.F) {
	fieldtest.Fuzz[Element](f, params.P, ElementSize)
}

func FuzzScalar(f *testing.F) {
	fieldtest.Fuzz[Scalar](f, params.N, ScalarSize)
}
