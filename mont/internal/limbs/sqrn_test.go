package limbs

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// squareNRef is k squarings with MulGeneric, one call each.
func squareNRef[T Limbs](f *Field[T], z, x *T, k int) {
	*z = *x
	for range k {
		f.Mul(z, z, z) // f has the portable kernels
	}
}

// testSquareN checks SquareN, portable and (where it runs) assembly, with
// and without aliasing, against k calls of MulGeneric.
func testSquareN[T Limbs](t *testing.T, f *Field[T]) {
	r := rand.New(rand.NewPCG(3, uint64(len(f.m))))
	for i := range 40 {
		x := random(r, f, false)
		if f.k.Plain != nil {
			x[len(x)-1] &= 0x1ff
			x = f.k.Plain(x)
		}
		if i == 0 {
			x = f.m
			x[0]--
		}
		for _, k := range []int{0, 1, 2, 3, 7, 32, 100} {
			var want T
			squareNRef(f, &want, &x, k)
			for _, asm := range []bool{false, true} {
				if asm && !asmOK {
					continue
				}
				g := withAsm(f, asm)
				var got T
				g.SquareN(&got, &x, k)
				alias := x
				g.SquareN(&alias, &alias, k)
				if got != want || alias != want {
					t.Fatalf("SquareN(%x, %d) asm=%v = %x (aliased %x), want %x", x, k, asm, got, alias, want)
				}
			}
		}
	}
}

func TestSquareN(t *testing.T) {
	testSquareN(t, f4)
	testSquareN(t, f4n)
	testSquareN(t, f6)
	testSquareN(t, f6n)
	testSquareN(t, f9)
	testSquareN(t, newP521())
}

// TestExp checks Exp and the compiled programs of Invert and Sqrt against
// math/big for exponents with runs of every length and random ones.
func TestExp(t *testing.T) {
	f := f6n
	m := toBig(f.m[:])
	r := rand.New(rand.NewPCG(9, 10))
	for i := range 60 {
		xp := random(r, f, false)
		var e [6]uint64
		switch {
		case i == 0: // e = 0
		case i < 10:
			e[0] = uint64(i) // small exponents
		case i%3 == 0:
			e = [6]uint64{^uint64(0), 0, ^uint64(0) >> uint(i), 1 << uint(i), 0, 7}
		default:
			for j := range e {
				e[j] = r.Uint64()
			}
		}
		var x, z, plain [6]uint64
		f.ToMont(&x, &xp)
		f.Exp(&z, &x, &e)
		f.FromMont(&plain, &z)
		want := new(big.Int).Exp(toBig(xp[:]), toBig(e[:]), m)
		if toBig(plain[:]).Cmp(want) != 0 {
			t.Fatalf("Exp(%x, %x) = %x, want %x", xp, e, toBig(plain[:]), want)
		}
	}
}

func BenchmarkSquareN(b *testing.B) {
	bench := func(name string, sq func()) {
		b.Run(name, func(b *testing.B) {
			cryptotest.CPUTime(b) // cpu-ns/op: 256 squarings
			for b.Loop() {
				sq()
			}
		})
	}
	var x4 [4]uint64
	f4.One(&x4)
	var x6 [6]uint64
	f6.One(&x6)
	var x9 [9]uint64
	f9.One(&x9)
	a4, a4n, a6, a9, a521 := withAsm(f4, true), withAsm(f4n, true), withAsm(f6, true), withAsm(f9, true), withAsm(newP521(), true)
	bench("p256", func() { a4.SquareN(&x4, &x4, 256) })
	bench("4", func() { a4n.SquareN(&x4, &x4, 256) })
	bench("6", func() { a6.SquareN(&x6, &x6, 256) })
	bench("9", func() { a9.SquareN(&x9, &x9, 256) })
	bench("p521", func() { a521.SquareN(&x9, &x9, 256) })
}
