package gf448

import (
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// foldsTwice reports whether reduce896 of the product x·y carries out of
// 2^448 when it folds the top word, so that its second fold runs: it
// recomputes the reduction's sum L + H + Z + W with math/big.
func foldsTwice(x, y *Element) bool {
	one := big.NewInt(1)
	two448, two224 := new(big.Int).Lsh(one, 448), new(big.Int).Lsh(one, 224)
	t := new(big.Int).Mul(rawBig(x), rawBig(y))
	l := new(big.Int).Mod(t, two448)
	h := new(big.Int).Rsh(t, 448)
	hlo, hhi := new(big.Int).Mod(h, two224), new(big.Int).Rsh(h, 224)
	s := new(big.Int).Add(l, h)
	s.Add(s, hhi)
	s.Add(s, new(big.Int).Lsh(hhi, 224))
	s.Add(s, new(big.Int).Lsh(hlo, 224))
	top := new(big.Int).Rsh(s, 448)
	s.Mod(s, two448)
	s.Add(s, top)
	s.Add(s, new(big.Int).Lsh(top, 224))
	return s.Cmp(two448) >= 0
}

// foldCandidates returns the values next to 2^448, 2^224 and 2^448 − k·2^224
// whose products' reductions fold their top word twice, a path random
// operands never reach (see foldsTwice).
func foldCandidates() []Element {
	one := big.NewInt(1)
	two448, two224 := new(big.Int).Lsh(one, 448), new(big.Int).Lsh(one, 224)
	var cands []Element
	for k := int64(1); k < 12; k++ {
		bk := big.NewInt(k)
		for _, n := range []*big.Int{
			new(big.Int).Sub(two448, bk),
			new(big.Int).Sub(two448, new(big.Int).Lsh(bk, 224)),
			new(big.Int).Sub(two448, new(big.Int).Add(new(big.Int).Lsh(bk, 224), one)),
			new(big.Int).Add(two224, bk),
			new(big.Int).Sub(two224, bk),
		} {
			cands = append(cands, fromBig(n))
		}
	}
	return cands
}

// TestReduceFoldsTwice checks Mul and Square on products whose reduction
// folds its top word twice, a path random operands never reach, against
// math/big and, limb for limb, against the generic code.
func TestReduceFoldsTwice(t *testing.T) {
	cands := foldCandidates()
	var pairs [][2]Element
	squares := 0
	for i := range cands {
		for j := range cands {
			if foldsTwice(&cands[i], &cands[j]) {
				pairs = append(pairs, [2]Element{cands[i], cands[j]})
				if i == j {
					squares++
				}
			}
		}
	}
	if len(pairs) < 20 || squares == 0 {
		t.Fatalf("only %d pairs (%d squares) fold twice", len(pairs), squares)
	}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		for _, p := range pairs {
			x, y := p[0], p[1]
			var v, g Element
			want := new(big.Int).Mul(toBig(&x), toBig(&y))
			checkEq(t, "Mul", v.Mul(&x, &y), want.Mod(want, bigP), &x, &y)
			if feMulGeneric(&g, &x, &y); v != g {
				t.Errorf("Mul(%x, %x): limbs %x, generic %x", x.l, y.l, v.l, g.l)
			}
			if x == y {
				checkEq(t, "Square", v.Square(&x), want, &x)
				if feSquareGeneric(&g, &x); v != g {
					t.Errorf("Square(%x): limbs %x, generic %x", x.l, v.l, g.l)
				}
			}
		}
	})
}

// TestMulRandomVsGeneric compares Mul and Square of every implementation
// with the generic code, limb for limb, on many random operands whose limbs
// are biased towards 0 and all ones, where carries run long.
func TestMulRandomVsGeneric(t *testing.T) {
	r := newRand(t)
	var xs []Element
	for i := 0; i < 3000; i++ {
		var x Element
		for k := range x.l {
			switch r.IntN(4) {
			case 0:
				x.l[k] = 0
			case 1:
				x.l[k] = 1<<64 - 1
			default:
				x.l[k] = r.Uint64()
			}
		}
		xs = append(xs, x)
	}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		for i := range xs {
			x, y := xs[i], xs[(i*7+1)%len(xs)]
			var v, g Element
			v.Mul(&x, &y)
			if feMulGeneric(&g, &x, &y); v != g {
				t.Fatalf("Mul(%x, %x): limbs %x, generic %x", x.l, y.l, v.l, g.l)
			}
			v.Square(&x)
			if feSquareGeneric(&g, &x); v != g {
				t.Fatalf("Square(%x): limbs %x, generic %x", x.l, v.l, g.l)
			}
		}
	})
}
