package p256

import (
	"crypto/elliptic"
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/fieldtest"
)

var params = elliptic.P256().Params()

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "p256", wantImplementations)
}

func TestElement(t *testing.T) {
	cputest.TestAllImplementations(t, "p256", func(t *testing.T) {
		fieldtest.Test[Element](t, params.P, ElementSize)
	})
}

func TestScalar(t *testing.T) {
	cputest.TestAllImplementations(t, "p256", func(t *testing.T) {
		fieldtest.Test[Scalar](t, params.N, ScalarSize)
	})
}

// TestCurveConstants checks b and G against crypto/elliptic's parameters,
// and that G is on the curve when computed with the package's arithmetic.
func TestCurveConstants(t *testing.T) {
	for _, c := range []struct {
		name string
		e    *Element
		want *big.Int
	}{{"b", CurveB(), params.B}, {"Gx", GeneratorX(), params.Gx}, {"Gy", GeneratorY(), params.Gy}} {
		if got := new(big.Int).SetBytes(c.e.Bytes()); got.Cmp(c.want) != 0 {
			t.Errorf("%s = %x, want %x", c.name, got, c.want)
		}
	}
	var y2, x3, three Element
	y2.Square(GeneratorY())
	x3.Square(GeneratorX())
	x3.Mul(&x3, GeneratorX())
	three.One()
	three.Add(&three, new(Element).Add(new(Element).One(), new(Element).One()))
	x3.Sub(&x3, three.Mul(&three, GeneratorX()))
	x3.Add(&x3, CurveB())
	if y2.Equal(&x3) != 1 {
		t.Error("G is not on the curve")
	}
	if OrderBits != params.N.BitLen() || ElementSize != (params.BitSize+7)/8 || ScalarSize != (params.N.BitLen()+7)/8 {
		t.Error("size constants disagree with crypto/elliptic")
	}
}
