package p256

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/fieldtest"
)

// TestInvertElement and TestInvertScalar check Invert and InvertVarTime
// against math/big on every implementation; see fieldtest.TestInversion.
func TestInvertElement(t *testing.T) {
	cputest.TestAllImplementations(t, "p256", func(t *testing.T) {
		fieldtest.TestInversion[Element](t, params.P, ElementSize)
	})
}

func TestInvertScalar(t *testing.T) {
	cputest.TestAllImplementations(t, "p256", func(t *testing.T) {
		fieldtest.TestInversion[Scalar](t, params.N, ScalarSize)
	})
}

// FuzzInvertVarTimeElement and FuzzInvertVarTimeScalar compare
// InvertVarTime with math/big and with Invert; see fieldtest.FuzzInvertVarTime.
func FuzzInvertVarTimeElement(f *testing.F) {
	fieldtest.FuzzInvertVarTime[Element](f, params.P, ElementSize)
}

func FuzzInvertVarTimeScalar(f *testing.F) {
	fieldtest.FuzzInvertVarTime[Scalar](f, params.N, ScalarSize)
}
