//go:build gc && !purego

package gf25519

import "testing"

// limbPatterns are limb values at the edges of the carry chains: combined
// four at a time, they give operands whose partial products and sums carry
// at every position, and whose reductions fold the top limb with and
// without the final carry.
var limbPatterns = []uint64{0, 1, 2, 19, 37, 38, 1 << 32, 1<<32 - 1, 1 << 63, 1<<63 - 1,
	1<<64 - 1, 1<<64 - 2, 1<<64 - 19, 1<<64 - 38, 1<<64 - 39, 0xffffffffffffffed}

// kernelOperands returns every element whose limbs are all one pattern,
// elements of one pattern in the low limb and another in the others, and
// the package's edge and random elements.
func kernelOperands(t *testing.T) []Element {
	es := testElements(newRand(t), 200)
	for _, u := range limbPatterns {
		for _, w := range limbPatterns {
			es = append(es, fromLimbs(u, w, w, w), fromLimbs(w, w, w, u), fromLimbs(u, w, u, w))
		}
	}
	return es
}

// TestKernelsARM64 calls the arm64 kernels directly, whatever the
// dispatch chose, and compares their limbs with the generic code's, with
// and without aliasing.
func TestKernelsARM64(t *testing.T) {
	es := kernelOperands(t)
	for i := range es {
		x := es[i]
		var want, got Element
		feSquareGeneric(&want, &x)
		if feSquareARM64(&got.l, &x.l); got != want {
			t.Errorf("feSquareARM64(%x) = %x, want %x", x.l, got.l, want.l)
		}
		got = x
		if feSquareARM64(&got.l, &got.l); got != want {
			t.Errorf("feSquareARM64 aliased (%x) = %x, want %x", x.l, got.l, want.l)
		}
		for _, n := range []int{0, 1, 2, 3, 7} {
			feSquareNGeneric(&want, &x, n)
			if feSquareNARM64(&got.l, &x.l, n); got != want {
				t.Errorf("feSquareNARM64(%x, %d) = %x, want %x", x.l, n, got.l, want.l)
			}
		}
		for j := i; j < len(es); j += 7 {
			y := es[j]
			feMulGeneric(&want, &x, &y)
			if feMulARM64(&got.l, &x.l, &y.l); got != want {
				t.Errorf("feMulARM64(%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			if feMulARM64(&got.l, &y.l, &x.l); got != want {
				t.Errorf("feMulARM64(%x, %x) = %x, want %x", y.l, x.l, got.l, want.l)
			}
			got = x
			if feMulARM64(&got.l, &got.l, &y.l); got != want {
				t.Errorf("feMulARM64 aliased x (%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
			got = y
			if feMulARM64(&got.l, &x.l, &got.l); got != want {
				t.Errorf("feMulARM64 aliased y (%x, %x) = %x, want %x", x.l, y.l, got.l, want.l)
			}
		}
	}
}

// TestLadderARM64 calls ladderARM64 directly and compares its projective
// result, limb for limb, with ladderGeneric's, on random unclamped scalars
// (all 255 bits used, bit 255 set or not), the scalars 0, 1, 2^255 − 1
// and all-ones, and u values at the edges of the representation.
func TestLadderARM64(t *testing.T) {
	r := newRand(t)
	us := edgeElements()
	us = append(us, fromLimbs(9, 0, 0, 0), fromLimbs(r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()))
	scalars := [][32]byte{{}, {1}, {0: 0xf8, 31: 0x7f}}
	var all [32]byte
	for i := range all {
		all[i] = 0xff
	}
	scalars = append(scalars, all)
	for range 8 {
		var s [32]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		scalars = append(scalars, s)
	}
	for _, s := range scalars {
		for _, u := range us {
			var x2, z2, gx2, gz2 Element
			ladderGeneric(&gx2, &gz2, &s, &u)
			ladderARM64(&x2.l, &z2.l, &s, &u.l)
			if x2 != gx2 || z2 != gz2 {
				t.Errorf("ladderARM64(%x, %x) = %x/%x, generic %x/%x", s, u.l, x2.l, z2.l, gx2.l, gz2.l)
			}
			// The result may alias the input.
			x2 = u
			ladderARM64(&x2.l, &z2.l, &s, &x2.l)
			if x2 != gx2 || z2 != gz2 {
				t.Errorf("ladderARM64 aliased (%x, %x) = %x/%x, generic %x/%x", s, u.l, x2.l, z2.l, gx2.l, gz2.l)
			}
		}
	}
}
