package mlkem

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name under which the package registers its implementations.
const pkg = "mlkem"

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// kernelInputs returns polynomials to run the kernels on: random ones, and
// the extremes (all zero, all q−1, alternating 0 and q−1, all 1).
func kernelInputs(r *rand.Rand, n int) []nttElement {
	var in []nttElement
	var zero, max, alt, one nttElement
	for i := range max {
		max[i] = q - 1
		alt[i] = fieldElement(i%2) * (q - 1)
		one[i] = 1
	}
	in = append(in, zero, max, alt, one)
	for range n {
		in = append(in, nttElement(randomPoly(r)))
	}
	return in
}

// TestKernels checks the transforms and the NTT-domain sums of every
// implementation against the generic code, on random and extreme inputs,
// and for every k and both strides of dotNTT.
func TestKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(30, 31))
		in := kernelInputs(r, 200)
		for i, x := range in {
			got, want := x, x
			nttInPlace(&got)
			nttGeneric(&want)
			if got != want {
				t.Fatalf("input %d: ntt differs from nttGeneric", i)
			}
			gotInv, wantInv := ringElement(x), ringElement(x)
			inverseNTTInPlace(&gotInv)
			inverseNTTGeneric(&wantInv)
			if gotInv != wantInv {
				t.Fatalf("input %d: inverse ntt differs from inverseNTTGeneric", i)
			}
		}
		for k := 1; k <= maxK; k++ {
			for _, stride := range []int{1, k} {
				for iter := range 50 {
					a := make([]nttElement, k*k)
					b := make([]nttElement, k)
					for j := range a {
						a[j] = in[(iter*7+j)%len(in)]
					}
					for j := range b {
						b[j] = in[(iter*3+j+1)%len(in)]
					}
					var got, want nttElement
					got[0] = 1 // the result must not depend on out's contents
					dotNTT(&got, a, stride, b)
					dotNTTGeneric(&want, a, stride, b)
					if got != want {
						t.Fatalf("k=%d, stride %d, iteration %d: dotNTT differs from dotNTTGeneric", k, stride, iter)
					}
				}
			}
		}
	})
}

// TestKernelsAll sets every coefficient position of a polynomial to every
// value of [0, q) once, in random positions otherwise: the transforms
// agree with the generic code on each.
func TestKernelsAll(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(32, 33))
		for v := range fieldElement(q) {
			x := nttElement(randomPoly(r))
			for i := range x {
				if (i+int(v))%17 == 0 {
					x[i] = v
				}
			}
			got, want := x, x
			nttInPlace(&got)
			nttGeneric(&want)
			gotInv, wantInv := ringElement(x), ringElement(x)
			inverseNTTInPlace(&gotInv)
			inverseNTTGeneric(&wantInv)
			if got != want || gotInv != wantInv {
				t.Fatalf("value %d: the transforms differ from the generic code", v)
			}
			var d1, d2 nttElement
			dotNTT(&d1, []nttElement{x, want, x, want}, 1, []nttElement{want, x, x, want})
			dotNTTGeneric(&d2, []nttElement{x, want, x, want}, 1, []nttElement{want, x, x, want})
			if d1 != d2 {
				t.Fatalf("value %d: dotNTT differs from dotNTTGeneric", v)
			}
		}
	})
}
