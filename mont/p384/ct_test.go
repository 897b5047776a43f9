//go:build ctgrind

package p384

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/fieldtest"
)

// TestCTElement and TestCTScalar are the constant-time cases of the
// package's arithmetic, run by tools/cmd/ctcheck under valgrind on every
// implementation; see fieldtest.CT.
func TestCTElement(t *testing.T) {
	cputest.TestAllImplementations(t, "p384", func(t *testing.T) {
		fieldtest.CT[Element](t, ElementSize)
	})
}

func TestCTScalar(t *testing.T) {
	cputest.TestAllImplementations(t, "p384", func(t *testing.T) {
		fieldtest.CT[Scalar](t, ScalarSize)
	})
}
