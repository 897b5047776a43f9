//go:build gc && !purego

package gf448

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestLadderKernels compares the addition, subtraction and a24 step that
// the assembly ladder inlines with the Go code, limb for limb, on edge
// operands, on operands whose carries and borrows fold twice, and on random
// ones.
func TestLadderKernels(t *testing.T) {
	if !cpufeat.HasBMI2 || !cpufeat.HasADX {
		t.Skip("the CPU lacks BMI2 or ADX")
	}
	r := newRand(t)
	es := appendTopLimbOperands(r, testElements(r, 30))
	for i := range es {
		for j := i % 7; j < len(es); j += 3 {
			x, y := es[i], es[j]
			var want, got Element
			want.Add(&x, &y)
			addADX(&got.l, &x.l, &y.l)
			if got != want {
				t.Errorf("addADX(%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			want.Sub(&x, &y)
			subADX(&got.l, &x.l, &y.l)
			if got != want {
				t.Errorf("subADX(%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			mult32Add(&want, &x, a24, &y)
			mul39081AddMULX(&got.l, &x.l, &y.l)
			if got != want {
				t.Errorf("mul39081AddMULX(%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			// Aliasing.
			got = x
			if addADX(&got.l, &got.l, &y.l); got.Equal(new(Element).Add(&x, &y)) != 1 {
				t.Errorf("addADX aliased")
			}
		}
	}
}
