//go:build amd64 && gc && !purego

package nistec

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/p521"
)

// The assembly of p521_amd64.s against the generic functions it mirrors,
// limb for limb, on random field elements (the formulas are polynomials:
// points need not lie on the curve for the outputs to be compared), on
// points of the curve, and on the cases the formulas do not cover.

// p521Edges are the field elements at the edges: 0, 1, 2, p − 1, p − 2,
// 2^520 (the top bit alone) and 2^520 − 1.
func p521Edges() []p521.Element {
	var e [7]p521.Element
	e[1].One()
	e[2].Add(&e[1], &e[1])
	e[3].Negate(&e[1])
	e[4].Negate(&e[2])
	var b [p521.ElementSize]byte
	b[0] = 1
	if _, err := e[5].SetBytes(b[:]); err != nil {
		panic(err)
	}
	e[6].Sub(&e[5], &e[1])
	return e[:]
}

func p521RandElement(r *rand.Rand, edges []p521.Element) p521.Element {
	if len(edges) > 0 && r.IntN(4) == 0 {
		return edges[r.IntN(len(edges))]
	}
	var b [p521.ElementSize]byte
	for {
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		b[0] &= 1
		var e p521.Element
		if _, err := e.SetBytes(b[:]); err == nil {
			return e
		}
	}
}

// p521RandJacobian returns a random multiple of G in Jacobian coordinates
// with a random Z (or the point at infinity, Z = 0, one time in eight).
func p521RandJacobian(r *rand.Rand) (x, y, z p521.Element) {
	var k [p521.ScalarSize]byte
	for i := range k {
		k[i] = byte(r.Uint32())
	}
	k[0] &= 1
	p, err := NewP521Point().ScalarBaseMult(k[:])
	if err != nil {
		panic(err)
	}
	var ax, ay p521.Element
	if p.IsInfinity() == 1 || r.IntN(8) == 0 {
		y.One()
		return // (0 : 1 : 0)
	}
	p.affine(&ax, &ay)
	for z.IsZero() == 1 {
		z = p521RandElement(r, nil)
	}
	var z2, z3 p521.Element
	z2.Square(&z)
	z3.Mul(&z2, &z)
	x.Mul(&ax, &z2)
	y.Mul(&ay, &z3)
	return
}

// p521ToAffineJ returns x/z², y/z³.
func p521ToAffineJ(x, y, z *p521.Element) (ax, ay p521.Element) {
	var zi, zi2, zi3 p521.Element
	zi.Invert(z)
	zi2.Square(&zi)
	zi3.Mul(&zi2, &zi)
	ax.Mul(x, &zi2)
	ay.Mul(y, &zi3)
	return
}

func p521RequireAsm(t *testing.T) {
	if !useMULX {
		t.Skip("MULX/ADX not available")
	}
}

func TestP521DoubleJacobianAsm(t *testing.T) {
	p521RequireAsm(t)
	r := newRand(t)
	edges := p521Edges()
	check := func(x, y, z p521.Element, n int) {
		t.Helper()
		gx, gy, gz := x, y, z
		var tmp addTemps[p521.Element]
		for range n {
			jacobianDouble[p521.Element, *p521.Element](&gx, &gy, &gz, &tmp)
		}
		p521DoubleJacobianMULX(limbs9(&x), limbs9(&y), limbs9(&z), n)
		if x != gx || y != gy || z != gz {
			t.Fatalf("n = %d: asm (%x, %x, %x), generic (%x, %x, %x)", n, x.Bytes(), y.Bytes(), z.Bytes(), gx.Bytes(), gy.Bytes(), gz.Bytes())
		}
	}
	// Every combination of edge coordinates, including Z = 0.
	for _, x := range edges {
		for _, y := range edges {
			for _, z := range edges {
				for _, n := range []int{0, 1, 2, 5} {
					check(x, y, z, n)
				}
			}
		}
	}
	for i := range iterations(1000) {
		n := i % 8
		if i%2 == 0 {
			x, y, z := p521RandJacobian(r)
			check(x, y, z, n)
		} else {
			check(p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges), n)
		}
	}
	// n ≤ 0 leaves the point alone.
	x, y, z := p521RandJacobian(r)
	x0, y0, z0 := x, y, z
	p521DoubleJacobianMULX(limbs9(&x), limbs9(&y), limbs9(&z), -1)
	if x != x0 || y != y0 || z != z0 {
		t.Fatal("n = −1 changed the point")
	}
}

func TestP521MaddAsm(t *testing.T) {
	p521RequireAsm(t)
	r := newRand(t)
	edges := p521Edges()
	// check compares the asm and maddCore for (x1 : y1 : z1) + (x2, y2),
	// once into separate outputs and once in place (out = in).
	check := func(x1, y1, z1, x2, y2 p521.Element) {
		t.Helper()
		var gm, am maddTemps[p521.Element]
		var g, a [3]p521.Element
		maddCore[p521.Element, *p521.Element](&g[0], &g[1], &g[2], &x1, &y1, &z1, &x2, &y2, &gm)
		p521MaddMULX(limbs9(&a[0]), limbs9(&a[1]), limbs9(&a[2]), limbs9(&x1), limbs9(&y1), limbs9(&z1),
			limbs9(&x2), limbs9(&y2), limbs9(&am.h), limbs9(&am.r))
		if a != g || am.h != gm.h || am.r != gm.r {
			t.Fatalf("asm %x h %x r %x, generic %x h %x r %x", a, am.h, am.r, g, gm.h, gm.r)
		}
		in := [3]p521.Element{x1, y1, z1}
		p521MaddMULX(limbs9(&in[0]), limbs9(&in[1]), limbs9(&in[2]), limbs9(&in[0]), limbs9(&in[1]), limbs9(&in[2]),
			limbs9(&x2), limbs9(&y2), limbs9(&am.h), limbs9(&am.r))
		if in != g {
			t.Fatalf("in place: asm %x, generic %x", in, g)
		}
	}
	for _, x1 := range edges {
		for _, y1 := range edges {
			for _, z1 := range edges {
				check(x1, y1, z1, edges[r.IntN(len(edges))], edges[r.IntN(len(edges))])
				check(x1, y1, z1, p521RandElement(r, nil), p521RandElement(r, nil))
			}
		}
	}
	for i := range iterations(1000) {
		switch i % 4 {
		case 0: // random field elements
			check(p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges))
		case 1: // random points (Z1 = 0 sometimes)
			x1, y1, z1 := p521RandJacobian(r)
			x2, y2, z2 := p521RandJacobian(r)
			if z2.IsZero() == 1 {
				continue
			}
			ax, ay := p521ToAffineJ(&x2, &y2, &z2)
			check(x1, y1, z1, ax, ay)
		case 2: // P == Q: H = 0 and r = 0
			x1, y1, z1 := p521RandJacobian(r)
			if z1.IsZero() == 1 {
				continue
			}
			ax, ay := p521ToAffineJ(&x1, &y1, &z1)
			var gm maddTemps[p521.Element]
			var g [3]p521.Element
			maddCore[p521.Element, *p521.Element](&g[0], &g[1], &g[2], &x1, &y1, &z1, &ax, &ay, &gm)
			if gm.h.IsZero() != 1 || gm.r.IsZero() != 1 {
				t.Fatal("P == Q: H or r not zero")
			}
			check(x1, y1, z1, ax, ay)
		case 3: // P == −Q: H = 0, r ≠ 0
			x1, y1, z1 := p521RandJacobian(r)
			if z1.IsZero() == 1 {
				continue
			}
			ax, ay := p521ToAffineJ(&x1, &y1, &z1)
			ay.Negate(&ay)
			check(x1, y1, z1, ax, ay)
		}
	}
}

func TestP521AddDigitAsm(t *testing.T) {
	p521RequireAsm(t)
	r := newRand(t)
	edges := p521Edges()
	generic := new(curve[p521.Element]) // no replacements
	check := func(x1, y1, z1, x2, y2 p521.Element, neg, zero int) {
		t.Helper()
		var w struct {
			sel                   affinePoint[p521.Element]
			rx, ry, rz, negY, one p521.Element
			m                     maddTemps[p521.Element]
		}
		w.sel = affinePoint[p521.Element]{x2, y2}
		w.one.One()
		g := [3]p521.Element{x1, y1, z1}
		addDigit[p521.Element, *p521.Element](generic, &g[0], &g[1], &g[2], &w.sel, neg, zero, &w.rx, &w.ry, &w.rz, &w.negY, &w.one, &w.m)
		a := [3]p521.Element{x1, y1, z1}
		x2c, y2c := x2, y2
		p521AddDigitMULX(limbs9(&a[0]), limbs9(&a[1]), limbs9(&a[2]), limbs9(&x2c), limbs9(&y2c), neg, zero)
		if a != g {
			t.Fatalf("neg %d zero %d: asm %x, generic %x", neg, zero, a, g)
		}
		if x2c != x2 || y2c != y2 {
			t.Fatal("the entry was modified")
		}
	}
	for i := range iterations(1000) {
		neg, zero := i&1, (i>>1)&1
		switch i / 4 % 4 {
		case 0:
			check(p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges), p521RandElement(r, edges), neg, zero)
		case 1, 2: // random points, Z1 = 0 one time in eight
			x1, y1, z1 := p521RandJacobian(r)
			x2, y2, z2 := p521RandJacobian(r)
			if z2.IsZero() == 1 {
				continue
			}
			ax, ay := p521ToAffineJ(&x2, &y2, &z2)
			check(x1, y1, z1, ax, ay, neg, zero)
		case 3: // the entry is ±the sum
			x1, y1, z1 := p521RandJacobian(r)
			if z1.IsZero() == 1 {
				continue
			}
			ax, ay := p521ToAffineJ(&x1, &y1, &z1)
			check(x1, y1, z1, ax, ay, neg, zero)
		}
	}
	var zero, one p521.Element
	one.One()
	for _, neg := range []int{0, 1} {
		for _, zd := range []int{0, 1} {
			check(zero, one, zero, edges[3], edges[4], neg, zd) // from infinity
			check(zero, one, zero, edges[3], zero, neg, zd)     // −0 = 0
			check(zero, one, zero, zero, zero, neg, zd)         // a zero digit's (0, 0)
		}
	}
}

// TestP521Implementations runs the P-521 scalar multiplications of the
// package's suite on every implementation, the assembly of p521_amd64.s
// and the generic code (the other P-521 tests of the suite run on the
// default implementation only).
func TestP521Implementations(t *testing.T) {
	var s *suite
	for _, c := range suites {
		if c.name == "P-521" {
			s = c
		}
	}
	if s == nil {
		t.Fatal("no P-521 suite")
	}
	cputest.TestAllImplementations(t, "nistec", func(t *testing.T) {
		t.Run("ScalarBaseMult", func(t *testing.T) { s.scalarBaseMult(t, s) })
		t.Run("ScalarMult", func(t *testing.T) { s.scalarMult(t, s) })
	})
}

func BenchmarkP521Asm(b *testing.B) {
	if !useMULX {
		b.Skip("MULX/ADX not available")
	}
	r := rand.New(rand.NewChaCha8([32]byte{}))
	x, y, z := p521RandJacobian(r)
	for z.IsZero() == 1 {
		x, y, z = p521RandJacobian(r)
	}
	ax, ay := p521ToAffineJ(&x, &y, &z)
	b.Run("Double5", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p521DoubleJacobianMULX(limbs9(&x), limbs9(&y), limbs9(&z), 5)
		}
	})
	b.Run("Madd", func(b *testing.B) {
		var h, rr p521.Element
		cryptotest.CPUTime(b)
		for b.Loop() {
			p521MaddMULX(limbs9(&x), limbs9(&y), limbs9(&z), limbs9(&x), limbs9(&y), limbs9(&z), limbs9(&ax), limbs9(&ay), limbs9(&h), limbs9(&rr))
		}
	})
	b.Run("AddDigit", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p521AddDigitMULX(limbs9(&x), limbs9(&y), limbs9(&z), limbs9(&ax), limbs9(&ay), 1, 0)
		}
	})
}
