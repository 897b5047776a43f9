package mlkem

import (
	"math/rand/v2"
	"slices"
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

// TestRejSample checks the rejection sampling of every implementation
// against the generic code (the accepted prefix and its length): buffers of every length up to 600 bytes (a
// multiple of three), starting positions from 0 to 256, random bytes and
// bytes that make every candidate q or more, below q, or exactly q − 1 and
// q.
func TestRejSample(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(34, 35))
		fills := []func(b []byte){
			func(b []byte) {
				for i := range b {
					b[i] = byte(r.Uint32())
				}
			},
			func(b []byte) {
				for i := range b {
					b[i] = 0xff
				}
			},
			func(b []byte) { clear(b) },
			func(b []byte) { // d1 = q − 1 = 0xd00, d2 = q = 0xd01
				for i := 0; i+3 <= len(b); i += 3 {
					b[i], b[i+1], b[i+2] = 0x00, 0x1d, 0xd0
				}
			},
			func(b []byte) { // mostly random, some runs of rejections
				for i := range b {
					b[i] = byte(r.Uint32())
					if r.IntN(4) == 0 {
						b[i] = 0xff
					}
				}
			},
		}
		for l := 0; l <= 600; l += 3 {
			for fi, fill := range fills {
				buf := make([]byte, l)
				fill(buf)
				for _, n := range []int{0, 1, 100, 200, 239, 240, 241, 250, 255, 256} {
					var got, want nttElement
					for i := range n {
						got[i] = fieldElement(i)
						want[i] = fieldElement(i)
					}
					ng := rejSample(&got, n, buf)
					nw := rejSampleGeneric(&want, n, buf)
					// Entries from n on are scratch space for the kernels.
					if ng != nw || !slices.Equal(got[:ng], want[:nw]) {
						t.Fatalf("length %d, fill %d, n %d: got n = %d, want %d (or the coefficients differ)", l, fi, n, ng, nw)
					}
				}
			}
		}
	})
}
