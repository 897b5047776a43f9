package limbs

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// testInvertVarTime checks InvertVarTime against math/big's ModInverse on
// edge and random values, in Montgomery form.
func testInvertVarTime[T Limbs](t *testing.T, f *Field[T]) {
	testInvertFunc(t, f, f.InvertVarTime)
}

// testInvertFunc checks an inversion in Montgomery form against math/big's
// ModInverse on edge and random values.
func testInvertFunc[T Limbs](t *testing.T, f *Field[T], inv func(z, x *T)) {
	m := bigT(&f.m)
	one := big.NewInt(1)
	vals := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3), new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)), new(big.Int).Rsh(m, 1)}
	for k := 1; k < m.BitLen(); k += 13 {
		p := new(big.Int).Lsh(one, uint(k))
		vals = append(vals, p, new(big.Int).Sub(p, one), new(big.Int).Sub(m, p))
	}
	r := rand.New(rand.NewPCG(11, uint64(len(f.m))))
	for range 300 {
		x := random(r, f, true)
		vals = append(vals, new(big.Int).Mod(bigT(&x), m))
	}
	for _, v := range vals {
		var plain, x, z, back T
		SetBytes(&plain, v.FillBytes(make([]byte, 8*len(plain))))
		f.ToMont(&x, &plain)
		inv(&z, &x)
		f.FromMont(&back, &z)
		want := new(big.Int).ModInverse(v, m)
		if want == nil {
			want = new(big.Int)
		}
		if bigT(&back).Cmp(want) != 0 || f.IsValid(&z) != 1 {
			t.Fatalf("InvertVarTime(%x) = %x, want %x", v, bigT(&back), want)
		}
		// Aliasing.
		inv(&x, &x)
		if x != z {
			t.Fatalf("InvertVarTime(%x) in place = %x, want %x", v, x, z)
		}
	}
}

func TestInvertVarTime(t *testing.T) {
	testInvertVarTime(t, f4)
	testInvertVarTime(t, f4n)
	testInvertVarTime(t, f6)
	testInvertVarTime(t, f6n)
	testInvertVarTime(t, f9)
	testInvertVarTime(t, newP521())
}

// bigT returns the value of x.
func bigT[T Limbs](x *T) *big.Int {
	b := make([]byte, 8*len(*x))
	FillBytes(b, x)
	return new(big.Int).SetBytes(b)
}

func TestInvertCT(t *testing.T) {
	for _, f := range []any{f4, f4n, f6, f6n, f9, newP521()} {
		switch f := f.(type) {
		case *Field[[4]uint64]:
			testInvertFunc(t, f, f.InvertCTGeneric)
			if asmOK {
				testInvertFunc(t, f, withAsm(f, true).Invert)
			}
		case *Field[[6]uint64]:
			testInvertFunc(t, f, f.InvertCTGeneric)
			if asmOK {
				testInvertFunc(t, f, withAsm(f, true).Invert)
			}
		case *Field[[9]uint64]:
			testInvertFunc(t, f, f.InvertCTGeneric)
			if asmOK {
				testInvertFunc(t, f, withAsm(f, true).Invert)
			}
		}
	}
}

// benchInvert compares the inversions of f, with the assembly on: the
// constant-time divsteps (InvertCT, what Invert runs) and the variable-time
// ones.
func benchInvert[T Limbs](b *testing.B, name string, f *Field[T]) {
	f = withAsm(f, true)
	var x T
	f.One(&x)
	f.Add(&x, &x, &x)
	b.Run(name+"/CT", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			f.Invert(&x, &x)
		}
	})
	b.Run(name+"/VarTime", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			f.InvertVarTime(&x, &x)
		}
	})
}

func BenchmarkInvert(b *testing.B) {
	benchInvert(b, "p256", f4)
	benchInvert(b, "n256", f4n)
	benchInvert(b, "p384", f6)
	benchInvert(b, "n384", f6n)
	benchInvert(b, "n521", f9)
	benchInvert(b, "p521", newP521())
}

// TestDivstepBatches pins the hddivsteps counts of InvertCT: the
// safegcd-bounds formula gives 591, 885 and 1201 hddivsteps for moduli of
// 256, 384 and 521 bits, run as whole batches of 62. (No random input
// comes near the bound: the tests that run inversions to g = 0 could not
// see a count one batch too small, so these pins are what guards it.)
func TestDivstepBatches(t *testing.T) {
	for _, c := range []struct{ bits, steps, batches int }{
		{256, 591, 10}, {384, 885, 15}, {521, 1201, 20}, {255, 588, 10}, {448, 1033, 17}, {23, 54, 1},
	} {
		if s := divstepCount(c.bits); s != c.steps {
			t.Errorf("divstepCount(%d) = %d, want %d", c.bits, s, c.steps)
		}
		if b := divstepBatches(c.bits); b != c.batches || 62*b < c.steps {
			t.Errorf("divstepBatches(%d) = %d, want %d", c.bits, b, c.batches)
		}
	}
	for _, f := range []struct {
		name    string
		batches int
	}{{"p256", f4.batches}, {"p384", f6.batches}, {"p521", newP521().batches}} {
		want := map[string]int{"p256": 10, "p384": 15, "p521": 20}[f.name]
		if f.batches != want {
			t.Errorf("%s: %d batches, want %d", f.name, f.batches, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("divstepBatches(22) did not panic")
		}
	}()
	divstepBatches(22)
}
