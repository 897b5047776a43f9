//go:build gc && !purego

package limbs

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// asmOK is whether the assembly kernels can run here: mul_arm64.s needs
// only baseline arm64.
const asmOK = true

// asmKernels returns the assembly kernels of f: the Montgomery kernels of
// its size, with the portable inversion. A field of plain values keeps its
// own multiplication (the kernels of 2^521 − 1 are mont/p521's).
func asmKernels[T Limbs](f *Field[T]) Kernels[T] {
	var k any
	switch f := any(f).(type) {
	case *Field[[4]uint64]:
		k = kernelsOf(Mul4ARM64, Square4ARM64, SquareN4ARM64)
	case *Field[[6]uint64]:
		k = kernelsOf(Mul6ARM64, Square6ARM64, SquareN6ARM64)
	case *Field[[9]uint64]:
		if f.k.Plain != nil {
			k = f.k
		} else {
			k = kernelsOf(Mul9ARM64, Square9ARM64, SquareN9ARM64)
		}
	}
	ak := k.(Kernels[T])
	ak.Sqrt, ak.Plain = f.k.Sqrt, f.k.Plain
	ak.Invert = func(f *Field[T], x T) T { f.InvertCTAsm(&x, &x); return x }
	return ak
}

// arm64Set is the kernels of one size, for the direct tests.
type arm64Set[T Limbs] struct {
	mul, mulGo       func(f *Field[T], z, x, y *T)
	square, squareGo func(f *Field[T], z, x *T)
	squareN          func(f *Field[T], z, x *T, k int)
}

// edges returns the edge operands of f: 0, 1, m−1, m−2, limbs of all
// ones below the top limb of m, powers of two below m.
func edges[T Limbs](f *Field[T]) []T {
	var out []T
	var z T
	out = append(out, z)
	one := z
	one[0] = 1
	out = append(out, one)
	m1, m2 := f.m, f.m
	m1[0]--
	m2[0] -= 2
	out = append(out, m1, m2)
	n := len(z)
	var ones T
	for i := range n - 1 {
		ones[i] = ^uint64(0)
	}
	out = append(out, ones) // top limb 0: below m
	alt := f.m
	for i := range n - 1 {
		alt[i] = ^uint64(0) * uint64(i&1)
	}
	alt[n-1]-- // m's top limb is not 0
	out = append(out, alt)
	top := bigT(&f.m).BitLen()
	for b := 0; b < top; b += 37 {
		var p T
		p[b/64] = 1 << (b % 64)
		out = append(out, p)
	}
	var p T
	p[(top-1)/64] = 1 << ((top - 1) % 64) // 2^(bits−1) < m
	return append(out, p)
}

// testARM64Field checks the kernels of s on f against the portable ones
// and against math/big, for edge operands and random ones, and SquareN
// against repeated squaring.
func testARM64Field[T Limbs](t *testing.T, f *Field[T], s arm64Set[T], randoms int) {
	t.Helper()
	m := bigT(&f.m)
	rInv := new(big.Int).Lsh(big.NewInt(1), uint(64*len(f.m)))
	rInv.ModInverse(rInv, m)
	r := rand.New(rand.NewPCG(7, m.Uint64()))
	vals := edges(f)
	for range randoms {
		vals = append(vals, random(r, f, false))
	}
	check := func(what string, got, want *T, wantBig *big.Int) {
		t.Helper()
		if *got != *want {
			t.Fatalf("%s: m=%x: got %x, want %x", what, f.m, *got, *want)
		}
		if wantBig != nil && bigT(got).Cmp(wantBig) != 0 {
			t.Fatalf("%s: m=%x: got %x, math/big %x", what, f.m, *got, wantBig)
		}
	}
	for i, x := range vals {
		ys := []T{vals[(i*7+3)%len(vals)], vals[len(vals)-1-i]}
		if i < len(edges(f)) {
			ys = append(ys, edges(f)...)
		}
		for _, y := range ys {
			var got, want T
			s.mulGo(f, &want, &x, &y)
			s.mul(f, &got, &x, &y)
			wb := new(big.Int).Mul(bigT(&x), bigT(&y))
			wb.Mul(wb, rInv).Mod(wb, m)
			check("Mul", &got, &want, wb)
			a, b := x, y
			s.mul(f, &a, &a, &b)
			check("Mul aliasing x", &a, &want, nil)
			a = x
			s.mul(f, &b, &a, &b)
			check("Mul aliasing y", &b, &want, nil)
		}
		var got, want T
		s.squareGo(f, &want, &x)
		s.square(f, &got, &x)
		wb := new(big.Int).Mul(bigT(&x), bigT(&x))
		wb.Mul(wb, rInv).Mod(wb, m)
		check("Square", &got, &want, wb)
		a := x
		s.square(f, &a, &a)
		check("Square aliased", &a, &want, nil)
		a = x
		s.mul(f, &a, &a, &a)
		check("Mul(x, x, x)", &a, &want, nil)
		if i%8 == 0 {
			for _, k := range []int{1, 2, 3, 5, 17} {
				want := x
				for range k {
					s.square(f, &want, &want)
				}
				var got T
				s.squareN(f, &got, &x, k)
				check("SquareN", &got, &want, nil)
				got = x
				s.squareN(f, &got, &got, k)
				check("SquareN aliased", &got, &want, nil)
			}
		}
	}
}

// randomOdd returns a random odd modulus of n full limbs (top bit set),
// or with small a top limb of up to 9 bits.
func randomOdd[T Limbs](r *rand.Rand, small bool) T {
	var m T
	for i := range len(m) {
		m[i] = r.Uint64()
	}
	m[0] |= 1
	n := len(m)
	if small {
		m[n-1] = 1 + m[n-1]%0x1ff
	} else {
		m[n-1] |= 1 << 63
	}
	return m
}

func TestARM64Kernels(t *testing.T) {
	s4 := arm64Set[[4]uint64]{Mul4ARM64, Mul4, Square4ARM64, Square4, SquareN4ARM64}
	s6 := arm64Set[[6]uint64]{Mul6ARM64, Mul6, Square6ARM64, Square6, SquareN6ARM64}
	s9 := arm64Set[[9]uint64]{Mul9ARM64, Mul9, Square9ARM64, Square9, SquareN9ARM64}
	n := 2000
	if testing.Short() {
		n = 200
	}
	testARM64Field(t, f4, s4, n)
	testARM64Field(t, f4n, s4, n)
	testARM64Field(t, f6, s6, n)
	testARM64Field(t, f6n, s6, n)
	testARM64Field(t, f9, s9, n)
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 30 {
		small := i%3 == 2
		m4 := randomOdd[[4]uint64](r, small)
		m6 := randomOdd[[6]uint64](r, small)
		m9 := randomOdd[[9]uint64](r, small)
		if i == 0 { // the largest modulus NewField accepts
			for j := range m4 {
				m4[j] = ^uint64(0)
			}
			m4[0] -= 2
			for j := range m6 {
				m6[j] = ^uint64(0)
			}
			m6[0] -= 2
			for j := range m9 {
				m9[j] = ^uint64(0)
			}
			m9[0] -= 2
		}
		testARM64Field(t, NewField(m4, Kernels[[4]uint64]{}), s4, n/20)
		testARM64Field(t, NewField(m6, Kernels[[6]uint64]{}), s6, n/20)
		testARM64Field(t, NewField(m9, Kernels[[9]uint64]{}), s9, n/20)
	}
}

// TestARM64MulFullX checks the multiplications for x up to 2^(64·N) − 1,
// which the portable code accepts.
func TestARM64MulFullX(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := range 3000 {
		x4, y4 := random(r, f4, true), random(r, f4, false)
		x6, y6 := random(r, f6n, true), random(r, f6n, false)
		x9, y9 := random(r, f9, true), random(r, f9, false)
		if i == 0 {
			for j := range x9 {
				x9[j] = ^uint64(0)
			}
			for j := range x6 {
				x6[j] = ^uint64(0)
			}
			for j := range x4 {
				x4[j] = ^uint64(0)
			}
		}
		var g4, w4 [4]uint64
		Mul4(f4, &w4, &x4, &y4)
		Mul4ARM64(f4, &g4, &x4, &y4)
		var g6, w6 [6]uint64
		Mul6(f6n, &w6, &x6, &y6)
		Mul6ARM64(f6n, &g6, &x6, &y6)
		var g9, w9 [9]uint64
		Mul9(f9, &w9, &x9, &y9)
		Mul9ARM64(f9, &g9, &x9, &y9)
		if g4 != w4 || g6 != w6 || g9 != w9 {
			t.Fatalf("x=%x/%x/%x: got %x %x %x, want %x %x %x", x4, x6, x9, g4, g6, g9, w4, w6, w9)
		}
	}
}

// BenchmarkKernelsARM64 compares the portable kernels (go) with the
// assembly (arm64): one multiplication, one squaring, 64 squarings.
func BenchmarkKernelsARM64(b *testing.B) {
	run := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				f()
			}
		})
	}
	var x4, y4 [4]uint64
	f4.One(&x4)
	f4.Add(&y4, &x4, &x4)
	var x6, y6 [6]uint64
	f6.One(&x6)
	f6.Add(&y6, &x6, &x6)
	var x9, y9 [9]uint64
	f9.One(&x9)
	f9.Add(&y9, &x9, &x9)
	run("Mul4/go", func() { Mul4(f4, &x4, &x4, &y4) })
	run("Mul4/arm64", func() { Mul4ARM64(f4, &x4, &x4, &y4) })
	run("Mul6/go", func() { Mul6(f6, &x6, &x6, &y6) })
	run("Mul6/arm64", func() { Mul6ARM64(f6, &x6, &x6, &y6) })
	run("Mul9/go", func() { Mul9(f9, &x9, &x9, &y9) })
	run("Mul9/arm64", func() { Mul9ARM64(f9, &x9, &x9, &y9) })
	run("Square4/go", func() { Square4(f4, &x4, &x4) })
	run("Square4/arm64", func() { Square4ARM64(f4, &x4, &x4) })
	run("Square6/go", func() { Square6(f6, &x6, &x6) })
	run("Square6/arm64", func() { Square6ARM64(f6, &x6, &x6) })
	run("Square9/go", func() { Square9(f9, &x9, &x9) })
	run("Square9/arm64", func() { Square9ARM64(f9, &x9, &x9) })
	run("SquareN6x64/go", func() { SquareN6(f6, &x6, &x6, 64) })
	run("SquareN6x64/arm64", func() { SquareN6ARM64(f6, &x6, &x6, 64) })
	run("SquareN9x64/go", func() { SquareN9(f9, &x9, &x9, 64) })
	run("SquareN9x64/arm64", func() { SquareN9ARM64(f9, &x9, &x9, 64) })
}
