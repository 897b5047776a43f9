package mldsa

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// Tests of the per-polynomial steps (bit packing, Power2Round, Decompose,
// the hints and the norm checks) against their generic versions, for every
// implementation.

// packInputs returns polynomials of values below 2^bits: zeros, the largest
// value, alternations of the two, single high bits, and random values.
func packInputs(r *rand.Rand, bits uint) [][n]uint32 {
	top := uint32(1)<<bits - 1
	var in [][n]uint32
	var zero, full, alt, stair [n]uint32
	for i := range n {
		full[i] = top
		alt[i] = top * uint32(i%2)
		stair[i] = uint32(1) << (uint(i) % bits)
	}
	in = append(in, zero, full, alt, stair)
	for range 20 {
		var v [n]uint32
		for i := range v {
			v[i] = r.Uint32() & top
		}
		in = append(in, v)
	}
	return in
}

func TestPackKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testPackKernels)
}

func testPackKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for bits := uint(1); bits <= 32; bits++ {
		size := packedSize(bits)
		for _, v := range packInputs(r, bits) {
			want := packBitsGeneric(nil, &v, bits)
			if got := packBits(nil, &v, bits); !bytes.Equal(got, want) {
				t.Fatalf("packBits(%d bits) differs from packBitsGeneric", bits)
			}
			// Appended in place after a prefix, with bytes to spare that
			// must stay as they were.
			buf := make([]byte, 5+size+40)
			for i := range buf {
				buf[i] = 0xa5
			}
			got := packBits(buf[:5], &v, bits)
			if &got[0] != &buf[0] || !bytes.Equal(got[5:], want) {
				t.Fatalf("packBits(%d bits) after a prefix differs", bits)
			}
			for i, x := range buf[5+size:] {
				if x != 0xa5 {
					t.Fatalf("packBits(%d bits) wrote byte %d past its output", bits, i)
				}
			}
			// And in exactly the capacity needed.
			exact := make([]byte, 3, 3+size)
			if got := packBits(exact, &v, bits); &got[0] != &exact[0] || !bytes.Equal(got[3:], want) {
				t.Fatalf("packBits(%d bits) in exact capacity differs", bits)
			}

			var u, w [n]uint32
			unpackBits(&u, want, bits)
			if u != v {
				t.Fatalf("unpackBits(%d bits) does not invert packBits", bits)
			}
			in := make([]byte, size)
			randBytes(r, in)
			unpackBits(&u, in, bits)
			unpackBitsGeneric(&w, in, bits)
			if u != w {
				t.Fatalf("unpackBits(%d bits) differs from unpackBitsGeneric", bits)
			}
		}
	}
}

// centeredCases are the encodings BitPack(f, a, b) of FIPS 204: s₁ and s₂
// for η = 2 and 4, t₀, and z for γ₁ = 2¹⁷ and 2¹⁹, with the largest value
// b + a that their decoding accepts.
var centeredCases = []struct {
	b, bits, max uint32
}{
	{2, 3, 4},
	{4, 4, 8},
	{1 << 12, 13, 1<<13 - 1},
	{1 << 17, 18, 1<<18 - 1},
	{1 << 19, 20, 1<<20 - 1},
	{1 << 9, 10, 1000},
}

func TestPackCenteredKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testPackCenteredKernels)
}

func testPackCenteredKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, c := range centeredCases {
		bits := uint(c.bits)
		for _, v := range packInputs(r, bits) {
			// The coefficients b − v mod q of values v ≤ max.
			var f ringElement
			for i, x := range v {
				f[i] = fieldFromInt(int32(c.b) - int32(min(x, c.max)))
			}
			want := packCenteredGeneric(nil, &f, c.b, bits)
			got := packCentered([]byte{7}, &f, c.b, bits)
			if got[0] != 7 || !bytes.Equal(got[1:], want) {
				t.Fatalf("packCentered(%d, %d bits) differs from packCenteredGeneric", c.b, bits)
			}
			var g ringElement
			if bad := unpackCentered(&g, want, c.b, bits, c.max); bad != 0 || g != f {
				t.Fatalf("unpackCentered(%d, %d bits) does not invert packCentered (bad = %d)", c.b, bits, bad)
			}

			// Any bytes: the same coefficients and the same verdict.
			var h ringElement
			in := make([]byte, packedSize(bits))
			randBytes(r, in)
			badG := unpackCentered(&g, in, c.b, bits, c.max)
			badH := unpackCenteredGeneric(&h, in, c.b, bits, c.max)
			if g != h || badG != badH {
				t.Fatalf("unpackCentered(%d, %d bits) differs from unpackCenteredGeneric", c.b, bits)
			}
		}
		// max accepted and max + 1 rejected, in every position.
		for i := range n {
			for _, x := range []uint32{c.max, c.max + 1} {
				if x >= 1<<c.bits {
					continue
				}
				var v [n]uint32
				v[i] = x
				var g ringElement
				want := uint32(0)
				if x > c.max {
					want = 1
				}
				if bad := unpackCentered(&g, packBitsGeneric(nil, &v, bits), c.b, bits, c.max); bad != want {
					t.Fatalf("unpackCentered(%d, %d bits) = %d for the value %d at %d, want %d", c.b, bits, bad, x, i, want)
				}
			}
		}
	}
}

// decomposers are those of the two values of γ₂ of FIPS 204, with β.
var decomposers = []struct {
	c    decomposer
	beta uint32
}{
	{newDecomposer((q - 1) / 88), 78},
	{newDecomposer((q - 1) / 32), 196},
}

// TestDecomposeKernels compares the kernels built on Decompose with their
// generic versions for every r in [0, q), filled into polynomials in
// order, and Power2Round likewise.
func TestDecomposeKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testDecomposeKernels)
}

func testDecomposeKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	step := 1
	if testing.Short() {
		step = 97
	}
	for _, d := range decomposers {
		c := &d.c
		var zero, ones [n]byte
		for i := range ones {
			ones[i] = 1
		}
		for v := 0; v < (q+n-1)/n; v += step {
			var w ringElement
			for i := range n {
				w[i] = fieldElement((n*v + i) % q)
			}
			rnd := ringElement(randomPoly(r))

			var got, want [n]uint32
			highBitsPoly(&got, &w, c)
			highBitsPolyGeneric(&want, &w, c)
			if got != want {
				t.Fatalf("α = %d: highBitsPoly differs at %d", c.alpha, n*v)
			}
			for _, h := range []*[n]byte{&zero, &ones} {
				useHintPoly(&got, h, &w, c)
				useHintPolyGeneric(&want, h, &w, c)
				if got != want {
					t.Fatalf("α = %d: useHintPoly(%d) differs at %d", c.alpha, h[0], n*v)
				}
			}

			for _, x := range []*ringElement{{}, &rnd} {
				// w − x, with x = 0 the values themselves.
				w1, w2 := w, w
				for _, bound := range []uint32{c.alpha/2 - d.beta, 1, c.alpha / 2} {
					g := subLowBits(&w1, x, c, bound)
					e := subLowBitsGeneric(&w2, x, c, bound)
					if g != e || w1 != w2 {
						t.Fatalf("α = %d: subLowBits(%d) differs at %d", c.alpha, bound, n*v)
					}
					w1, w2 = w, w
				}
				var hg, he [n]byte
				g := makeHints(&hg, &w, x, c)
				e := makeHintsGeneric(&he, &w, x, c)
				if g != e || hg != he {
					t.Fatalf("α = %d: makeHints differs at %d", c.alpha, n*v)
				}

				var t1, e1 [n]uint32
				var t0, e0 ringElement
				power2RoundPoly(&t1, &t0, &w, x)
				power2RoundPolyGeneric(&e1, &e0, &w, x)
				if t1 != e1 || t0 != e0 {
					t.Fatalf("power2RoundPoly differs at %d", n*v)
				}
			}
		}
	}
}

// TestLowBitsEdges checks the verdict of subLowBits and the hints at the
// edges: r₀ = ±(bound − 1) and ±bound around every multiple of α, one
// coefficient in a polynomial of zeros.
func TestLowBitsEdges(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testLowBitsEdges)
}

func testLowBitsEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for _, d := range decomposers {
		c := &d.c
		bound := c.alpha/2 - d.beta
		for k := uint32(0); k <= c.m; k++ {
			for _, off := range []int32{int32(bound) - 1, int32(bound), -int32(bound) + 1, -int32(bound), 1, -1, int32(c.alpha / 2), -int32(c.alpha/2) + 1} {
				x := fieldFromInt(int32((int64(k)*int64(c.alpha) + int64(off)) % q))
				_, r0 := c.decompose(x)
				want := uint32(0)
				if r0 >= int32(bound) || -r0 >= int32(bound) {
					want = 1
				}
				var w, zero ringElement
				i := r.IntN(n)
				w[i] = x
				w2 := w
				if got := subLowBits(&w2, &zero, c, bound); got != want || w2 != w {
					t.Fatalf("α = %d: subLowBits of %d (r₀ = %d) = %d, want %d", c.alpha, x, r0, got, want)
				}
				// The hint of adding −x to x: whether x has high bits.
				var neg ringElement
				neg[i] = fieldSub(0, x)
				var h [n]byte
				wantHint := uint32(0)
				if c.highBits(x) != 0 {
					wantHint = 1
				}
				if got := makeHints(&h, &w, &neg, c); got != wantHint || uint32(h[i]) != wantHint {
					t.Fatalf("α = %d: makeHints of %d = %d, want %d", c.alpha, x, got, wantHint)
				}
			}
		}
	}
	// The count of the hints, up to all 256.
	c := &decomposers[1].c
	var w, x ringElement
	for i := range n {
		// α·j + α/2 + 1 has the high bits j + 1, and one less j.
		w[i] = fieldElement(c.alpha*(uint32(i)%c.m) + c.alpha/2 + 1)
	}
	for i := range n {
		x[i] = q - 1
		var h [n]byte
		if got := makeHints(&h, &w, &x, c); got != uint32(i+1) {
			t.Fatalf("makeHints counted %d hints, want %d", got, i+1)
		}
	}
}

// TestExceedsKernel checks the infinity-norm check at ±(bound − 1) and
// ±bound, in every position, for the bounds of ML-DSA.
func TestExceedsKernel(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testExceedsKernel)
}

func testExceedsKernel(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for _, bound := range []uint32{1<<17 - 78, 1<<19 - 196, 1<<19 - 120, (q - 1) / 88, (q - 1) / 32, 1, (q - 1) / 2} {
		for _, v := range []int32{0, 1, int32(bound) - 1, int32(bound), (q - 1) / 2} {
			for _, sign := range []int32{1, -1} {
				var f ringElement
				i := r.IntN(n)
				f[i] = fieldFromInt(sign * v)
				want := uint32(0)
				if uint32(v) >= bound {
					want = 1
				}
				if got := exceeds(&f, bound); got != want || exceedsGeneric(&f, bound) != want {
					t.Fatalf("exceeds(±%d at %d, %d) = %d, want %d", v, i, bound, got, want)
				}
			}
		}
		for range 20 {
			f := ringElement(randomPoly(r))
			if exceeds(&f, bound) != exceedsGeneric(&f, bound) {
				t.Fatalf("exceeds(·, %d) differs from exceedsGeneric", bound)
			}
		}
	}
}

// TestDecodeMask checks decodeMask, the BitUnpack of ExpandMask, against
// decodeMaskGeneric and against γ₁ − v for the values v packed by
// packBitsGeneric, for both values of γ₁.
func TestDecodeMask(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(71, 72))
		for _, g := range []int{17, 19} {
			bits := uint(g) + 1
			for _, v := range packInputs(r, bits) {
				b := packBitsGeneric(nil, &v, bits)
				var got, want ringElement
				got[0], want[0] = 1, 2
				decodeMask(&got, b, g)
				decodeMaskGeneric(&want, b, g)
				if got != want {
					t.Fatalf("γ₁ = 2^%d: decodeMask differs from decodeMaskGeneric", g)
				}
				for i, x := range v {
					if want[i] != fieldFromInt(int32(1)<<g-int32(x)) {
						t.Fatalf("γ₁ = 2^%d: coefficient %d is %d for v = %d", g, i, want[i], x)
					}
				}
			}
		}
	})
}
