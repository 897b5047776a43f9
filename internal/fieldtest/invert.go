package fieldtest

import (
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// InvPtr is Ptr with InvertVarTime, which Element and Scalar both have.
type InvPtr[E any] interface {
	Ptr[E]
	InvertVarTime(a *E) *E
}

// inverse returns a⁻¹ mod m, or 0 for a = 0 (as Invert defines it).
func inverse(a, m *big.Int) *big.Int {
	if w := new(big.Int).ModInverse(a, m); w != nil {
		return w
	}
	return new(big.Int)
}

// TestInversion checks Invert and InvertVarTime of E, whose values are
// integers modulo m encoded in size bytes, against math/big's ModInverse on
// the edge values of [Values] and on random ones: into a fresh receiver, in
// place, and a·a⁻¹ = 1 for a ≠ 0.
func TestInversion[E any, P InvPtr[E]](t *testing.T, m *big.Int, size int) {
	n := 200
	if testing.Short() {
		n = 20
	}
	one := big.NewInt(1)
	for _, v := range Values(m, n) {
		a, err := P(new(E)).SetBytes(v.FillBytes(make([]byte, size)))
		if err != nil {
			t.Fatal(err)
		}
		want := inverse(v, m)
		for name, inv := range map[string]func(z, a *E) *E{
			"Invert":        func(z, a *E) *E { return P(z).Invert(a) },
			"InvertVarTime": func(z, a *E) *E { return P(z).InvertVarTime(a) },
		} {
			z := inv(new(E), a)
			if got := new(big.Int).SetBytes(P(z).Bytes()); got.Cmp(want) != 0 {
				t.Errorf("%s(%x) = %x, want %x", name, v, got, want)
			}
			c := *a
			inv(&c, &c)
			if got := new(big.Int).SetBytes(P(&c).Bytes()); got.Cmp(want) != 0 {
				t.Errorf("%s(%x) in place = %x, want %x", name, v, got, want)
			}
			if v.Sign() != 0 {
				p := new(big.Int).SetBytes(P(P(new(E)).Mul(z, a)).Bytes())
				if p.Cmp(one) != 0 {
					t.Errorf("%s(%x)·%x = %x, want 1", name, v, v, p)
				}
			}
		}
	}
}

// FuzzInvertVarTime is a differential fuzz target for InvertVarTime: the
// input bytes, reduced modulo m, are inverted and compared with math/big and
// with the constant-time Invert. The seeds are the edge values and a few
// random values of [Values].
func FuzzInvertVarTime[E any, P InvPtr[E]](f *testing.F, m *big.Int, size int) {
	for _, v := range Values(m, 8) {
		f.Add(v.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v := new(big.Int).Mod(new(big.Int).SetBytes(b), m)
		a, err := P(new(E)).SetBytes(v.FillBytes(make([]byte, size)))
		if err != nil {
			t.Fatal(err)
		}
		want := inverse(v, m)
		z := P(new(E)).InvertVarTime(a)
		if got := new(big.Int).SetBytes(P(z).Bytes()); got.Cmp(want) != 0 {
			t.Errorf("InvertVarTime(%x) = %x, want %x", v, got, want)
		}
		if ct := P(new(E)).Invert(a); string(P(ct).Bytes()) != string(P(z).Bytes()) {
			t.Errorf("InvertVarTime(%x) and Invert differ", v)
		}
	})
}

// BenchInvert runs the sub-benchmarks name (the constant-time Invert) and
// name+"VarTime" (InvertVarTime) of E, on 1/2 (all limbs busy), each result
// chained into the next call.
func BenchInvert[E any, P InvPtr[E]](b *testing.B, name string) {
	var x E
	P(&x).One()
	P(&x).Add(&x, &x)
	P(&x).Invert(&x)
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).Invert(&x)
		}
	})
	b.Run(name+"VarTime", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			P(&x).InvertVarTime(&x)
		}
	})
}
