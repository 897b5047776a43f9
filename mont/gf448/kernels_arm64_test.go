//go:build gc && !purego

package gf448

import (
	"testing"
)

// arm64Operands returns the edge elements, values next to 2^448, 2^224 and
// p·k whose reductions fold twice (see TestReduceFoldsTwice), and random
// elements, some with limbs forced to 0 or all ones.
func arm64Operands(t *testing.T) []Element {
	r := newRand(t)
	es := testElements(r, 40)
	es = append(es, foldCandidates()...)
	for i := 0; i < 60; i++ {
		x := randElement(r)
		for k := range x.l {
			switch r.IntN(3) {
			case 0:
				x.l[k] = 0
			case 1:
				x.l[k] = 1<<64 - 1
			}
		}
		es = append(es, x)
	}
	return es
}

// TestARM64Kernels compares feMulARM64, feSquareARM64 and feSquareNARM64
// with the generic code, limb for limb, on every pair of operands, with
// and without aliasing. It calls the kernels directly, so it also runs
// when CRYPTON_CPU turns the implementation off.
func TestARM64Kernels(t *testing.T) {
	es := arm64Operands(t)
	folds := 0
	for i := range es {
		x := es[i]
		for j := range es {
			y := es[j]
			if foldsTwice(&x, &y) {
				folds++
			}
			var want, got Element
			feMulGeneric(&want, &x, &y)
			feMulARM64(&got.l, &x.l, &y.l)
			if got != want {
				t.Fatalf("feMulARM64(%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			got = x
			if feMulARM64(&got.l, &got.l, &y.l); got != want {
				t.Fatalf("feMulARM64(z = x) (%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			got = y
			if feMulARM64(&got.l, &x.l, &got.l); got != want {
				t.Fatalf("feMulARM64(z = y) (%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
		}
		var want, got Element
		feSquareGeneric(&want, &x)
		feSquareARM64(&got.l, &x.l)
		if got != want {
			t.Fatalf("feSquareARM64(%x) = %x, want %x", x.l, got.l, want.l)
		}
		got = x
		if feSquareARM64(&got.l, &got.l); got != want {
			t.Fatalf("feSquareARM64 aliased (%x) = %x, want %x", x.l, got.l, want.l)
		}
		got = x
		if feMulARM64(&got.l, &got.l, &got.l); got != want {
			t.Fatalf("feMulARM64(x, x, x) (%x) = %x, want %x", x.l, got.l, want.l)
		}
	}
	if folds < 20 {
		t.Fatalf("only %d pairs fold twice", folds)
	}
}

// TestARM64SquareN checks feSquareNARM64 for n = 1 to 40 and the counts
// of the inversion's chain, aliased and not, and that n ≤ 0 squares once.
func TestARM64SquareN(t *testing.T) {
	for _, x := range testElements(newRand(t), 8) {
		want := x
		for n := 1; n <= 40; n++ {
			feSquareGeneric(&want, &want)
			var got Element
			feSquareNARM64(&got.l, &x.l, n)
			if got != want {
				t.Fatalf("feSquareNARM64(%x, %d) = %x, want %x", x.l, n, got.l, want.l)
			}
			got = x
			if feSquareNARM64(&got.l, &got.l, n); got != want {
				t.Fatalf("feSquareNARM64 aliased (%x, %d) = %x, want %x", x.l, n, got.l, want.l)
			}
		}
		for _, n := range []int{111, 223} {
			var want, got Element
			feSquareNGeneric(&want, &x, n)
			feSquareNARM64(&got.l, &x.l, n)
			if got != want {
				t.Fatalf("feSquareNARM64(%x, %d) = %x, want %x", x.l, n, got.l, want.l)
			}
		}
		var once, got Element
		feSquareGeneric(&once, &x)
		for _, n := range []int{0, -1} {
			if feSquareNARM64(&got.l, &x.l, n); got != once {
				t.Fatalf("feSquareNARM64(%x, %d) = %x, want one squaring %x", x.l, n, got.l, once.l)
			}
		}
	}
}

// TestARM64LadderKernels compares the addition, subtraction and a24 step
// that ladderARM64 inlines with the Go code, limb for limb, on edge
// operands, on operands whose carries and borrows fold twice, and on
// random ones, with and without aliasing.
func TestARM64LadderKernels(t *testing.T) {
	r := newRand(t)
	es := appendTopLimbOperands(r, arm64Operands(t))
	kernels := []struct {
		name string
		asm  func(z, x, y *[7]uint64)
		ref  func(z, x, y *Element)
	}{
		{"addARM64", addARM64, func(z, x, y *Element) { z.Add(x, y) }},
		{"subARM64", subARM64, func(z, x, y *Element) { z.Sub(x, y) }},
		{"mul39081AddARM64", mul39081AddARM64, func(z, x, y *Element) { mult32Add(z, x, a24, y) }},
	}
	for i := range es {
		for j := i % 5; j < len(es); j += 4 {
			x, y := es[i], es[j]
			for _, k := range kernels {
				var want, got Element
				k.ref(&want, &x, &y)
				if k.asm(&got.l, &x.l, &y.l); got != want {
					t.Fatalf("%s(%x, %x) = %x, want %x", k.name, x.l, y.l, got.l, want.l)
				}
				got = x
				if k.asm(&got.l, &got.l, &y.l); got != want {
					t.Fatalf("%s(z = x) (%x, %x) = %x, want %x", k.name, x.l, y.l, got.l, want.l)
				}
				got = y
				if k.asm(&got.l, &x.l, &got.l); got != want {
					t.Fatalf("%s(z = y) (%x, %x) = %x, want %x", k.name, x.l, y.l, got.l, want.l)
				}
			}
		}
	}
}

// TestARM64Ladder compares ladderWithARM64 with ladderGeneric, limb for
// limb, on edge and random u and scalars (unclamped, all bits used). It
// calls the assembly directly, so it also runs under CRYPTON_CPU=generic.
func TestARM64Ladder(t *testing.T) {
	r := newRand(t)
	us := testElements(r, 3)
	scalars := [][56]byte{{}, {1}, {2}, {55: 0x80}}
	var all [56]byte
	for i := range all {
		all[i] = 0xff
	}
	scalars = append(scalars, all)
	for i := 0; i < 3; i++ {
		var s [56]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		scalars = append(scalars, s)
	}
	for _, s := range scalars {
		for _, u := range us {
			var x2, z2, gx2, gz2 Element
			ladderWithARM64(&x2, &z2, &s, &u)
			ladderGeneric(&gx2, &gz2, &s, &u)
			if x2 != gx2 || z2 != gz2 {
				t.Fatalf("ladderWithARM64(%x, %x) = %x/%x, generic %x/%x", s, u.l, x2.l, z2.l, gx2.l, gz2.l)
			}
		}
	}
}
