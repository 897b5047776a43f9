package mlkem

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// The vector kernels move coefficients between lanes and registers (the
// AVX-512 transforms shuffle each block of 64 coefficients, as 32 pairs,
// before each of their last four layers), so the test below puts a
// distinct value in one coefficient at a time.

// TestKernelsPositions runs the transforms and dotNTT, for every
// implementation, on each polynomial with a single nonzero coefficient (1
// and q − 1, at every position) and on q − 1 everywhere but one
// coefficient, 0: they agree with the generic code.
func TestKernelsPositions(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var full nttElement
		for i := range full {
			full[i] = q - 1
		}
		for i := range n {
			var one, top nttElement
			one[i] = 1
			top[i] = q - 1
			hole := full
			hole[i] = 0
			for k, x := range []nttElement{one, top, hole} {
				got, want := x, x
				nttInPlace(&got)
				nttGeneric(&want)
				if got != want {
					t.Fatalf("position %d, input %d: ntt differs from nttGeneric", i, k)
				}
				gotInv, wantInv := ringElement(x), ringElement(x)
				inverseNTTInPlace(&gotInv)
				inverseNTTGeneric(&wantInv)
				if gotInv != wantInv {
					t.Fatalf("position %d, input %d: inverse ntt differs from inverseNTTGeneric", i, k)
				}
				for kk := 1; kk <= maxK; kk++ {
					a := make([]nttElement, kk)
					b := make([]nttElement, kk)
					for j := range a {
						a[j], b[j] = full, full
					}
					a[kk-1], b[0] = x, one
					var got, want nttElement
					dotNTT(&got, a, 1, b)
					dotNTTGeneric(&want, a, 1, b)
					if got != want {
						t.Fatalf("position %d, input %d, k=%d: dotNTT differs from dotNTTGeneric", i, k, kk)
					}
				}
			}
		}
	})
}
