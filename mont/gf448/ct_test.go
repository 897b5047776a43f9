//go:build ctgrind

package gf448

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTField is the constant-time case of the field arithmetic, run by
// tools/cmd/ctcheck under valgrind: every operand is secret, and so is the
// condition of Select and Swap. Results are marked public only to be
// compared. SetCanonicalBytes is left out: its error reveals whether the
// input is canonical, by design.
func TestCTField(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		var xb, yb [56]byte
		for i := range xb {
			xb[i] = byte(7*i + 3)
			yb[i] = byte(11*i + 200)
		}
		ctgrind.Secret(xb[:])
		ctgrind.Secret(yb[:])
		var x, y, v, w Element
		x.SetBytes(xb[:])
		y.SetBytes(yb[:])

		v.Mul(&x, &y)
		v.Square(&v)
		v.Add(&v, &x)
		v.Sub(&v, &y)
		v.Negate(&v)
		v.Mult32(&v, a24)
		w.Invert(&v)
		w.Mul(&w, &v) // 1
		var r Element
		_, wasSquare := r.SqrtRatio(&x, &y)
		eq := w.Equal(new(Element).One())
		neg := v.IsNegative()
		zero := v.IsZero()
		cond := int(xb[0] & 1)
		v.Select(&x, &v, cond)
		x.Swap(&y, cond)

		out := w.Bytes()
		ctgrind.Public(out)
		ctgrind.PublicValue(&eq)
		ctgrind.PublicValue(&wasSquare)
		ctgrind.PublicValue(&neg)
		ctgrind.PublicValue(&zero)
		if out[0] != 1 || eq != 1 {
			t.Errorf("x·x⁻¹ = %x, Equal = %d", out, eq)
		}
		_ = r.Bytes()
		_ = v.Bytes()
	})
}

// TestCTLadder runs the X448 ladder on a secret scalar and a secret u.
func TestCTLadder(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		var s, ub [56]byte
		for i := range s {
			s[i] = byte(13*i + 5)
			ub[i] = byte(3*i + 9)
		}
		ctgrind.Secret(s[:])
		ctgrind.Secret(ub[:])
		var u, out Element
		u.SetBytes(ub[:])
		X448Ladder(&out, &s, &u)
		b := out.Bytes()
		ctgrind.Public(b)
		if len(b) != 56 {
			t.Fatal("bad length")
		}
	})
}
