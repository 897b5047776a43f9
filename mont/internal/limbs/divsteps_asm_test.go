//go:build (amd64 || arm64) && gc && !purego

package limbs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkDivsteps62CTAsm compares divsteps62CTAsm with divsteps62CT on one
// input.
func checkDivsteps62CTAsm(t *testing.T, zeta int64, f, g uint64) {
	t.Helper()
	wantZeta, want := divsteps62CT(zeta, f, g)
	var got [4]int64
	gotZeta := divsteps62CTAsm(zeta, f, g, &got)
	if gotZeta != wantZeta || got != want {
		t.Fatalf("divsteps62CTAsm(%d, %#x, %#x) = %d, %d, want %d, %d", zeta, f, g, gotZeta, got, wantZeta, want)
	}
}

// TestDivsteps62CTAsm compares divsteps62CTAsm with divsteps62CT on edge
// values of zeta (up to the int64 extremes, where both wrap alike), f and
// g, and on random, sparse and dense inputs.
func TestDivsteps62CTAsm(t *testing.T) {
	r := rand.New(rand.NewPCG(62, 1))
	zetas := []int64{0, -1, 1, -2, 2, -700, 700, -62, 62, -63, 63,
		math.MinInt64, math.MinInt64 + 1, math.MaxInt64, math.MaxInt64 - 1, math.MinInt64 + 62, math.MaxInt64 - 62}
	edges := []uint64{0, 1, 2, 3, math.MaxUint64, math.MaxUint64 - 1, 1 << 63, 1<<63 - 1, 1<<63 + 1,
		0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 1 << 21, 1<<21 - 1, 1<<42 + 1, 1<<62 + 1}
	for _, zeta := range zetas {
		for _, f := range edges {
			for _, g := range edges {
				checkDivsteps62CTAsm(t, zeta, f|1, g)
			}
			checkDivsteps62CTAsm(t, zeta, f|1, r.Uint64())
			checkDivsteps62CTAsm(t, zeta, r.Uint64()|1, f)
		}
	}
	for range 200000 {
		zeta := r.Int64N(1401) - 700
		checkDivsteps62CTAsm(t, zeta, r.Uint64()|1, r.Uint64())
	}
	// Sparse and dense inputs, which make long runs of one kind of step.
	for range 50000 {
		zeta := r.Int64N(1401) - 700
		f := r.Uint64() & r.Uint64() & r.Uint64()
		g := r.Uint64() | r.Uint64() | r.Uint64()
		if r.IntN(2) == 0 {
			f, g = ^f, ^g
		}
		checkDivsteps62CTAsm(t, zeta, f|1, g)
		checkDivsteps62CTAsm(t, zeta, g|1, f)
		checkDivsteps62CTAsm(t, zeta, 1, g>>r.IntN(64))
		checkDivsteps62CTAsm(t, zeta, math.MaxUint64, f<<r.IntN(64))
	}
}

// TestDivsteps62CTAsmChains runs the batches of InvertCT on random values
// of every field size and compares the matrices of the two functions at
// each batch, fed with the same f, g and zeta as in a real inversion.
func TestDivsteps62CTAsmChains(t *testing.T) {
	r := rand.New(rand.NewPCG(62, 2))
	chain := func(name string, n, batches int, m s62, x func() s62, count int) {
		t.Run(name, func(t *testing.T) {
			for range count {
				F, G := m, x()
				zeta := int64(-1)
				for i := range batches {
					wantZeta, want := divsteps62CT(zeta, uint64(F[0]), uint64(G[0]))
					var got [4]int64
					gotZeta := divsteps62CTAsm(zeta, uint64(F[0]), uint64(G[0]), &got)
					if gotZeta != wantZeta || got != want {
						t.Fatalf("batch %d: divsteps62CTAsm(%d, %#x, %#x) = %d, %d, want %d, %d",
							i, zeta, uint64(F[0]), uint64(G[0]), gotZeta, got, wantZeta, want)
					}
					zeta = wantZeta
					updateFG(&F, &G, want, n)
				}
				for i := range n {
					if G[i] != 0 {
						t.Fatalf("g did not reach 0 after %d batches", batches)
					}
				}
			}
		})
	}
	fieldChain(r, "p256", f4, chain)
	fieldChain(r, "n256", f4n, chain)
	fieldChain(r, "p384", f6, chain)
	fieldChain(r, "n384", f6n, chain)
	fieldChain(r, "n521", f9, chain)
	fieldChain(r, "p521", newP521(), chain)
}

// fieldChain runs chain on fl's modulus and random values below it.
func fieldChain[T Limbs](r *rand.Rand, name string, fl *Field[T], chain func(string, int, int, s62, func() s62, int)) {
	chain(name, fl.n62, fl.batches, fl.m62, func() s62 {
		x := random(r, fl, false)
		return toS62(&x, fl.n62)
	}, 2000)
}

// TestInvertCTAsm checks InvertCTAsm against math/big on every field
// directly, whatever kernels asmKernels gives the fields on this
// architecture.
func TestInvertCTAsm(t *testing.T) {
	testInvertFunc(t, f4, f4.InvertCTAsm)
	testInvertFunc(t, f4n, f4n.InvertCTAsm)
	testInvertFunc(t, f6, f6.InvertCTAsm)
	testInvertFunc(t, f6n, f6n.InvertCTAsm)
	testInvertFunc(t, f9, f9.InvertCTAsm)
	p521 := newP521()
	testInvertFunc(t, p521, p521.InvertCTAsm)
}

// BenchmarkDivsteps62CT times one batch of 62 divsteps in Go (go) and in
// assembly (asm), as InvertCT's first batch runs it.
func BenchmarkDivsteps62CT(b *testing.B) {
	r := rand.New(rand.NewPCG(62, 3))
	var in [64][2]uint64
	for i := range in {
		in[i] = [2]uint64{r.Uint64() | 1, r.Uint64()}
	}
	var sink int64
	b.Run("go", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			x := &in[i&63]
			z, t := divsteps62CT(-1, x[0], x[1])
			sink += z + t[0]
		}
	})
	b.Run("asm", func(b *testing.B) {
		var t [4]int64
		for i := 0; b.Loop(); i++ {
			x := &in[i&63]
			sink += divsteps62CTAsm(-1, x[0], x[1], &t) + t[0]
		}
	})
	_ = sink
}

// benchInvertCT times InvertCTGeneric (go) and InvertCTAsm (asm) on f.
func benchInvertCT[T Limbs](b *testing.B, name string, f *Field[T]) {
	var x T
	f.One(&x)
	f.Add(&x, &x, &x)
	for _, impl := range []struct {
		name string
		inv  func(z, x *T)
	}{{"go", f.InvertCTGeneric}, {"asm", f.InvertCTAsm}} {
		b.Run(name+"/"+impl.name, func(b *testing.B) {
			for b.Loop() {
				impl.inv(&x, &x)
			}
		})
	}
}

// BenchmarkInvertCTAsm compares the whole constant-time inversion in Go
// and with the assembly batches, for the fields of P-256, P-384 and P-521.
func BenchmarkInvertCTAsm(b *testing.B) {
	benchInvertCT(b, "p256", f4)
	benchInvertCT(b, "p384", f6)
	benchInvertCT(b, "p521", newP521())
}
