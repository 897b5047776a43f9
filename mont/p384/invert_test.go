package p384

import (
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/mont/internal/fieldtest"
)

// inverter is what the inversion tests need of Element and Scalar.
type inverter[E any] interface {
	*E
	SetBytes(b []byte) (*E, error)
	Bytes() []byte
	Mul(a, b *E) *E
	Invert(a *E) *E
	InvertVarTime(a *E) *E
}

// testInversion checks Invert and InvertVarTime against math/big's
// ModInverse on fieldtest's edge values (0, 1, m−1, powers of two, ...) and
// on random values, the aliased forms, and a·a⁻¹ = 1.
func testInversion[E any, P inverter[E]](t *testing.T, m *big.Int, size int) {
	n := 200
	if testing.Short() {
		n = 20
	}
	one := big.NewInt(1)
	for _, v := range fieldtest.Values(m, n) {
		a, err := P(new(E)).SetBytes(v.FillBytes(make([]byte, size)))
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).ModInverse(v, m)
		if want == nil {
			want = new(big.Int)
		}
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

func TestInvertElement(t *testing.T) {
	cputest.TestAllImplementations(t, "p384", func(t *testing.T) {
		testInversion[Element](t, params.P, ElementSize)
	})
}

func TestInvertScalar(t *testing.T) {
	cputest.TestAllImplementations(t, "p384", func(t *testing.T) {
		testInversion[Scalar](t, params.N, ScalarSize)
	})
}

// fuzzInvertVarTime compares InvertVarTime with math/big and with Invert
// on the value of the input bytes reduced modulo m.
func fuzzInvertVarTime[E any, P inverter[E]](f *testing.F, m *big.Int, size int) {
	for _, v := range fieldtest.Values(m, 8) {
		f.Add(v.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v := new(big.Int).Mod(new(big.Int).SetBytes(b), m)
		a, err := P(new(E)).SetBytes(v.FillBytes(make([]byte, size)))
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).ModInverse(v, m)
		if want == nil {
			want = new(big.Int)
		}
		z := P(new(E)).InvertVarTime(a)
		if got := new(big.Int).SetBytes(P(z).Bytes()); got.Cmp(want) != 0 {
			t.Errorf("InvertVarTime(%x) = %x, want %x", v, got, want)
		}
		if ct := P(new(E)).Invert(a); string(P(ct).Bytes()) != string(P(z).Bytes()) {
			t.Errorf("InvertVarTime(%x) and Invert differ", v)
		}
	})
}

func FuzzInvertVarTimeElement(f *testing.F) {
	fuzzInvertVarTime[Element](f, params.P, ElementSize)
}

func FuzzInvertVarTimeScalar(f *testing.F) {
	fuzzInvertVarTime[Scalar](f, params.N, ScalarSize)
}
