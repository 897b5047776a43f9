package mldsa

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name under which the package registers its implementations.
const pkg = "mldsa"

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// edgeValues are the values near the bounds of [0, q) and of its halves.
var edgeValues = []fieldElement{0, 1, 2, 3, (q-1)/2 - 1, (q - 1) / 2, (q + 1) / 2, (q+1)/2 + 1, q - 3, q - 2, q - 1}

// kernelInputs returns polynomials to run the kernels on: the extremes (all
// 0, all q−1, all 1, alternating 0 and q−1, each value of edgeValues in
// every coefficient and in every other one), polynomials whose coefficients
// are drawn from edgeValues, and random ones.
func kernelInputs(r *rand.Rand, nRandom int) []nttElement {
	var in []nttElement
	var alt nttElement
	for i := range alt {
		alt[i] = fieldElement(i%2) * (q - 1)
	}
	in = append(in, alt)
	for _, v := range edgeValues {
		var all, every2, every8 nttElement
		for i := range all {
			all[i] = v
			if i%2 == 1 {
				every2[i] = v
			}
			if i%8 == 3 {
				every8[i] = v
			}
		}
		in = append(in, all, every2, every8)
	}
	for range nRandom {
		var e nttElement
		for i := range e {
			e[i] = edgeValues[r.IntN(len(edgeValues))]
		}
		in = append(in, e, nttElement(randomPoly(r)))
	}
	return in
}

// TestKernels checks the transforms, the products and the sums of products
// of every implementation against the generic code, on extreme and random
// inputs: the inverse transform with the two scales the package uses and
// others up to its bound, the sums with one to eight terms, with and
// without the last term x∘y.
func TestKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		in := kernelInputs(r, 100)
		scales := []int32{invNTTScale, invNTTScaleMont, 0, 1, -1, (q - 1) / 2, -(q - 1) / 2, mont2}
		for i, x := range in {
			got, want := [n]fieldElement(x), [n]fieldElement(x)
			ntt(&got)
			nttGeneric(&want)
			if got != want {
				t.Fatalf("input %d: ntt differs from nttGeneric", i)
			}
			for _, s := range append(scales, int32(r.IntN(q))-(q-1)/2) {
				got, want := [n]fieldElement(x), [n]fieldElement(x)
				inverseNTTScaled(&got, s)
				inverseNTTScaledGeneric(&want, s)
				if got != want {
					t.Fatalf("input %d: inverseNTTScaled(·, %d) differs from inverseNTTScaledGeneric", i, s)
				}
			}
			y := in[(7*i+3)%len(in)]
			var p, pw nttElement
			p[0] = 1 // the result must not depend on out's contents
			mulNTT(&p, &x, &y)
			mulNTTGeneric(&pw, &x, &y)
			if p != pw {
				t.Fatalf("input %d: mulNTT differs from mulNTTGeneric", i)
			}
			p = x
			mulNTT(&p, &p, &y) // out may alias an input
			if p != pw {
				t.Fatalf("input %d: mulNTT with out = a differs from mulNTTGeneric", i)
			}
		}
		for k := 0; k <= 8; k++ {
			for _, last := range []bool{false, true} {
				if k == 0 && !last {
					continue
				}
				for iter := range 40 {
					a := make([]nttElement, k)
					b := make([]nttElement, k+1) // longer than a: only len(a) count
					for j := range a {
						a[j] = in[(iter*5+j)%len(in)]
					}
					for j := range b {
						b[j] = in[(iter*11+j+1)%len(in)]
					}
					var x, y *nttElement
					if last {
						x, y = &in[(iter+2)%len(in)], &in[(iter*3)%len(in)]
					}
					var got, want nttElement
					got[5] = 7
					mulAcc(&got, a, b, x, y)
					mulAccGeneric(&want, a, b, x, y)
					if got != want {
						t.Fatalf("%d terms, x∘y %v, iteration %d: mulAcc differs from mulAccGeneric", k, last, iter)
					}
				}
			}
		}
		// The largest sums: eight terms of (q−1)² and the last term too.
		var m nttElement
		for i := range m {
			m[i] = q - 1
		}
		a := []nttElement{m, m, m, m, m, m, m, m}
		var got, want nttElement
		mulAcc(&got, a, a, &m, &m)
		mulAccGeneric(&want, a, a, &m, &m)
		if got != want {
			t.Fatal("mulAcc differs from mulAccGeneric on the largest sums")
		}
	})
}

// TestKernelsAll puts every value of [0, q) in some coefficient of an
// input, 256 consecutive values an input, rotated to a different position
// each time (one input in 97 with -short): the kernels agree with the
// generic code on each.
func TestKernelsAll(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		step := 1
		if testing.Short() {
			step = 97
		}
		for v := 0; v < (q+n-1)/n; v += step {
			var x nttElement
			for i := range n {
				x[(i+v)%n] = fieldElement((n*v + i) % q)
			}
			got, want := [n]fieldElement(x), [n]fieldElement(x)
			ntt(&got)
			nttGeneric(&want)
			gotInv, wantInv := [n]fieldElement(x), [n]fieldElement(x)
			inverseNTTMont(&gotInv)
			inverseNTTScaledGeneric(&wantInv, invNTTScaleMont)
			if got != want || gotInv != wantInv {
				t.Fatalf("values from %d: the transforms differ from the generic code", n*v)
			}
			w := nttElement(want)
			var p1, p2 nttElement
			mulAcc(&p1, []nttElement{x, w, x}, []nttElement{w, x, x}, &w, &x)
			mulAccGeneric(&p2, []nttElement{x, w, x}, []nttElement{w, x, x}, &w, &x)
			if p1 != p2 {
				t.Fatalf("values from %d: mulAcc differs from mulAccGeneric", n*v)
			}
		}
	})
}

// TestRejSample checks the rejection sampling of every implementation
// against the generic code (the accepted prefix and its new j): buffers of
// every length up to 600 bytes (a multiple of three), starting positions
// from 0 to 256, random bytes and bytes that make every candidate q or more,
// below q, exactly q − 1 and q, with the dropped top bit set or not.
func TestRejSample(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(15, 16))
		triples := func(b []byte, f func(i int) [3]byte) {
			for i := 0; i+3 <= len(b); i += 3 {
				c := f(i / 3)
				copy(b[i:], c[:])
			}
		}
		fills := []func(b []byte){
			func(b []byte) { randBytes(r, b) },
			func(b []byte) {
				for i := range b {
					b[i] = 0xff
				}
			},
			func(b []byte) { clear(b) },
			func(b []byte) { // q − 1 = 0x7fe000 and q = 0x7fe001, the top bit set or not
				triples(b, func(i int) [3]byte {
					return [3]byte{byte(i % 2), 0xe0, 0x7f | byte(i%4/2)<<7}
				})
			},
			func(b []byte) { // random, some runs of rejections
				triples(b, func(i int) [3]byte {
					x := r.Uint32()
					if r.IntN(4) == 0 {
						x |= 0x7fe001
					}
					return [3]byte{byte(x), byte(x >> 8), byte(x >> 16)}
				})
			},
		}
		for l := 0; l <= 600; l += 3 {
			for fi, fill := range fills {
				buf := make([]byte, l)
				fill(buf)
				for _, j := range []int{0, 1, 100, 200, 240, 247, 248, 249, 250, 255, 256} {
					var got, want nttElement
					for i := range j {
						got[i] = fieldElement(i)
						want[i] = fieldElement(i)
					}
					jg := rejSample(&got, j, buf)
					jw := rejSampleGeneric(&want, j, buf)
					// Entries from j on are scratch space for the kernels.
					if jg != jw || !slices.Equal(got[:jg], want[:jw]) {
						t.Fatalf("length %d, fill %d, j %d: got j = %d, want %d (or the coefficients differ)", l, fi, j, jg, jw)
					}
				}
			}
		}
	})
}

// TestRejBounded checks the two halves of a block of RejBoundedPoly, for
// every implementation, against the generic code: the decisions on blocks
// of random bytes and of every half byte value in every position, and the
// accepted prefix and new j of the coefficients for both values of η, every
// length of buf up to a block, starting positions from 0 to 256, and
// decisions from boundedAccept or random.
func TestRejBounded(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(17, 18))
		var bufs [][136]byte
		for v := range 256 {
			var b [136]byte
			for i := range b {
				b[i] = byte(v + 17*i)
			}
			bufs = append(bufs, b)
			randBytes(r, b[:])
			bufs = append(bufs, b)
		}
		for bi := range bufs {
			buf := &bufs[bi]
			for _, eta := range []int{2, 4} {
				limit := uint32(15)
				if eta == 4 {
					limit = 9
				}
				var got, want [272]byte
				got[0] = 7
				boundedAccept(&got, buf, limit)
				boundedAcceptGeneric(&want, buf, limit)
				if got != want {
					t.Fatalf("buffer %d, η = %d: boundedAccept differs from boundedAcceptGeneric", bi, eta)
				}
				accept := want
				if bi%3 == 2 { // decisions independent of the half bytes
					for i := range accept {
						accept[i] = byte(r.IntN(2))
					}
				}
				l := r.IntN(137)
				if bi < 137 {
					l = bi
				}
				for _, j := range []int{0, 1, 100, 200, 240, 247, 248, 249, 250, 255, 256} {
					var fg, fw ringElement
					for i := range j {
						fg[i] = fieldElement(i)
						fw[i] = fieldElement(i)
					}
					jg := rejBounded(&fg, j, buf[:l], accept[:], eta)
					jw := rejBoundedGeneric(&fw, j, buf[:l], accept[:], eta)
					if jg != jw || !slices.Equal(fg[:jg], fw[:jw]) {
						t.Fatalf("buffer %d, length %d, η = %d, j %d: got j = %d, want %d (or the coefficients differ)", bi, l, eta, j, jg, jw)
					}
				}
			}
		}
	})
}
