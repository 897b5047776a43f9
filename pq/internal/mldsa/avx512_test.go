package mldsa

import (
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// The vector kernels move coefficients between lanes and registers (the
// AVX-512 transforms shuffle each block of 32 coefficients before each of
// their last four layers), so the tests below put a distinct value in one
// coefficient at a time, and the sums of products at their largest for
// every number of terms.

// TestKernelsPositions runs the transforms, for every implementation, on
// each polynomial with a single nonzero coefficient (1 and q − 1, at every
// position) and on q − 1 everywhere but one coefficient, 0: they agree with
// the generic code.
func TestKernelsPositions(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for i := range n {
			var one, top, hole [n]fieldElement
			one[i] = 1
			top[i] = q - 1
			for j := range hole {
				if j != i {
					hole[j] = q - 1
				}
			}
			for k, x := range [][n]fieldElement{one, top, hole} {
				got, want := x, x
				ntt(&got)
				nttGeneric(&want)
				if got != want {
					t.Fatalf("position %d, input %d: ntt differs from nttGeneric", i, k)
				}
				for _, s := range []int32{invNTTScaleMont, -(q - 1) / 2} {
					got, want := x, x
					inverseNTTScaled(&got, s)
					inverseNTTScaledGeneric(&want, s)
					if got != want {
						t.Fatalf("position %d, input %d: inverseNTTScaled(·, %d) differs from inverseNTTScaledGeneric", i, k, s)
					}
				}
				a, b := nttElement(x), nttElement(one)
				var p, pw nttElement
				mulNTT(&p, &a, &b)
				mulNTTGeneric(&pw, &a, &b)
				if p != pw {
					t.Fatalf("position %d, input %d: mulNTT differs from mulNTTGeneric", i, k)
				}
				p = b
				mulNTT(&p, &a, &p) // out may alias b
				if p != pw {
					t.Fatalf("position %d, input %d: mulNTT with out = b differs from mulNTTGeneric", i, k)
				}
			}
		}
	})
}

// TestMulAccLargest checks the sums of products of every implementation
// at their largest, every factor q − 1, for one to eight terms with and
// without the last term x∘y, against (k·(q − 1)²)·2⁻³² mod q computed
// with math/big, and with one coefficient of one term changed, against
// the generic code.
func TestMulAccLargest(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var m nttElement
		for i := range m {
			m[i] = q - 1
		}
		sq := new(big.Int).Mul(big.NewInt(q-1), big.NewInt(q-1))
		for k := 0; k <= 8; k++ {
			for _, last := range []bool{false, true} {
				if k == 0 && !last {
					continue
				}
				a := make([]nttElement, k)
				for j := range a {
					a[j] = m
				}
				var x, y *nttElement
				terms := int64(k)
				if last {
					x, y = &m, &m
					terms++
				}
				var got nttElement
				mulAcc(&got, a, a, x, y)
				want := fieldElement(montRef(new(big.Int).Mul(sq, big.NewInt(terms))))
				for i, v := range got {
					if v != want {
						t.Fatalf("%d terms, x∘y %v: coefficient %d is %d, want %d", k, last, i, v, want)
					}
				}
				for _, i := range []int{0, 15, 16, 127, 128, 255} {
					b := make([]nttElement, k)
					copy(b, a)
					xx := m
					if k > 0 {
						b[k-1][i] = 7
					} else {
						xx[i] = 7
						x = &xx
					}
					var got, want nttElement
					mulAcc(&got, a, b, x, y)
					mulAccGeneric(&want, a, b, x, y)
					if got != want {
						t.Fatalf("%d terms, x∘y %v, coefficient %d changed: mulAcc differs from mulAccGeneric", k, last, i)
					}
				}
			}
		}
	})
}
