package limbs

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// mulCIOS is the loop that mul_generic.go unrolls, the reference of
// TestMulUnrolled.
func mulCIOS[T Limbs](f *Field[T], z, x, y *T) {
	a, b := *x, *y
	var t T
	var t1, t2 uint64 // the limbs N and N+1 of the accumulator
	n := len(t)
	for i := range n {
		// t += a·b[i]
		bi := b[i]
		var c, cc uint64
		for j := range n {
			hi, lo := bits.Mul64(a[j], bi)
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j], c = lo, hi
		}
		t1, t2 = bits.Add64(t1, c, 0)
		// t = (t + q·m)/2^64, with q chosen so that the low limb vanishes.
		q := t[0] * f.m0inv
		hi, lo := bits.Mul64(q, f.m[0])
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < n; j++ {
			hi, lo := bits.Mul64(q, f.m[j])
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j-1], c = lo, hi
		}
		t[n-1], cc = bits.Add64(t1, c, 0)
		t1 = t2 + cc
	}
	f.reduce(z, &t, t1)
}

// reduce sets z = (hi·2^(64·N) + t) mod m for a value below 2m, by
// subtracting m unless that borrows past hi.
func (f *Field[T]) reduce(z, t *T, hi uint64) {
	var s T
	var b uint64
	for i := range len(s) {
		s[i], b = bits.Sub64((*t)[i], f.m[i], b)
	}
	// Keep t when the subtraction borrowed and hi could not absorb it.
	keep := -(b &^ hi)
	for i := range len(s) {
		(*z)[i] = s[i] ^ (keep & (s[i] ^ (*t)[i]))
	}
}

var (
	f4  = NewField([4]uint64{0xffffffffffffffff, 0x00000000ffffffff, 0x0000000000000000, 0xffffffff00000001}, Kernels[[4]uint64]{})
	f4n = NewField([4]uint64{0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000}, Kernels[[4]uint64]{})
	f6  = NewField([6]uint64{0x00000000ffffffff, 0xffffffff00000000, 0xfffffffffffffffe, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff}, Kernels[[6]uint64]{})
	f6n = NewField([6]uint64{0xecec196accc52973, 0x581a0db248b0a77a, 0xc7634d81f4372ddf, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff}, Kernels[[6]uint64]{})
	f9  = NewField([9]uint64{0xbb6fb71e91386409, 0x3bb5c9b8899c47ae, 0x7fcc0148f709a5d0, 0x51868783bf2f966b, 0xfffffffffffffffa, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0x00000000000001ff}, Kernels[[9]uint64]{})
)

// random returns a value below f's modulus (below R if any), from r.
func random[T Limbs](r *rand.Rand, f *Field[T], any bool) T {
	var x T
	for i := range len(x) {
		x[i] = r.Uint64()
	}
	if !any {
		x[len(x)-1] %= f.m[len(x)-1]
	}
	return x
}

func testMul[T Limbs](t *testing.T, f *Field[T]) {
	r := rand.New(rand.NewPCG(1, uint64(len(f.m))))
	var ones T
	for i := range len(ones) {
		ones[i] = ^uint64(0)
	}
	for i := range 5000 {
		x, y := random(r, f, i%2 == 0), random(r, f, false)
		if i%5 == 1 {
			// Limbs of all ones or zeros, for the carry chains.
			for j := range len(x) {
				x[j] = -(x[j] & 1)
				y[j] = -(y[j] & 1)
			}
			y[len(y)-1] = 0
		}
		if i == 0 {
			x = ones // the largest x allowed: R − 1
			y = f.m
			y[0]--
		}
		var got, want T
		f.MulGeneric(&got, &x, &y)
		mulCIOS(f, &want, &x, &y)
		if got != want {
			t.Fatalf("MulGeneric(%x, %x) = %x, want %x", x, y, got, want)
		}
		if asmOK {
			if n := len(x); n == 9 {
				x[n-1] &= 1<<63 - 1 // the 9-limb kernel needs x < 2^575
				f.MulGeneric(&want, &x, &y)
			}
			mulAsm(f, &got, &x, &y)
			if got != want {
				t.Fatalf("mulAsm(%x, %x) = %x, want %x", x, y, got, want)
			}
		}
		f.SquareGeneric(&got, &y)
		mulCIOS(f, &want, &y, &y)
		if got != want {
			t.Fatalf("SquareGeneric(%x) = %x, want %x", y, got, want)
		}
		if asmOK {
			squareAsm(f, &got, &y)
			if got != want {
				t.Fatalf("squareAsm(%x) = %x, want %x", y, got, want)
			}
		}
	}
}

// TestMulUnrolled checks the generated Go code against the loop, and the
// assembly, where it runs, against both.
func TestMulUnrolled(t *testing.T) {
	testMul(t, f4)
	testMul(t, f4n)
	testMul(t, f6)
	testMul(t, f6n)
	testMul(t, f9)
}

func benchMul[T Limbs](b *testing.B, f *Field[T]) {
	r := rand.New(rand.NewPCG(1, 2))
	x, y := random(r, f, false), random(r, f, false)
	b.Run("unrolled", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			f.MulGeneric(&x, &x, &y)
		}
	})
	if asmOK {
		b.Run("asm", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				mulAsm(f, &x, &x, &y)
			}
		})
	}
	b.Run("loop", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			mulCIOS(f, &x, &x, &y)
		}
	})
}

func BenchmarkMul(b *testing.B) {
	b.Run("4", func(b *testing.B) { benchMul(b, f4) })
	b.Run("4n", func(b *testing.B) { benchMul(b, f4n) })
	b.Run("6", func(b *testing.B) { benchMul(b, f6) })
	b.Run("9", func(b *testing.B) { benchMul(b, f9) })
}

func toBig(l []uint64) *big.Int {
	x := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(l[i]))
	}
	return x
}

// newP521 returns the field of plain values modulo 2^521 − 1, as mont/p521
// builds it, with kernels by math/big (mont/p521 has and tests the fast
// ones).
func newP521() *Field[[9]uint64] {
	var m [9]uint64
	for i := range m {
		m[i] = ^uint64(0)
	}
	m[8] = 0x1ff
	p := toBig(m[:])
	reduce := func(x *big.Int) [9]uint64 {
		x.Mod(x, p)
		var z [9]uint64
		for i := range z {
			z[i] = new(big.Int).Rsh(x, uint(64*i)).Uint64()
		}
		return z
	}
	mul := func(_ *Field[[9]uint64], z, x, y *[9]uint64) {
		*z = reduce(new(big.Int).Mul(toBig(x[:]), toBig(y[:])))
	}
	square := func(f *Field[[9]uint64], z, x *[9]uint64) { mul(f, z, x, x) }
	squareN := func(f *Field[[9]uint64], z, x *[9]uint64, k int) {
		mul(f, z, x, x)
		for range k - 1 {
			mul(f, z, z, z)
		}
	}
	k := kernelsOf(mul, square, squareN)
	k.Plain = func(x [9]uint64) [9]uint64 { return reduce(toBig(x[:])) }
	return NewField(m, k)
}

// kernelsOf returns Kernels that call mul, square and squareN (tests only:
// the closures make their arguments escape).
func kernelsOf[T Limbs](mul func(f *Field[T], z, x, y *T), square func(f *Field[T], z, x *T), squareN func(f *Field[T], z, x *T, k int)) Kernels[T] {
	return Kernels[T]{
		Mul:     func(f *Field[T], x, y T) T { mul(f, &x, &x, &y); return x },
		Square:  func(f *Field[T], x T) T { square(f, &x, &x); return x },
		SquareN: func(f *Field[T], x T, k int) T { squareN(f, &x, &x, k); return x },
	}
}

// withAsm returns a copy of f with the assembly kernels (asmKernels), if
// on, or f itself, whose kernels are the portable ones; f is left as it is.
func withAsm[T Limbs](f *Field[T], on bool) *Field[T] {
	if !on {
		return f
	}
	g := *f
	g.k = asmKernels(f)
	return &g
}

// mulAsm computes f.Mul with the assembly kernels.
func mulAsm[T Limbs](f *Field[T], z, x, y *T) { withAsm(f, true).Mul(z, x, y) }

// squareAsm computes f.Square with the assembly kernels.
func squareAsm[T Limbs](f *Field[T], z, x *T) { withAsm(f, true).Square(z, x) }
