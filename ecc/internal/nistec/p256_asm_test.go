//go:build amd64 && gc && !purego

package nistec

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/p256"
)

// The assembly of p256_amd64.s against the generic functions it mirrors,
// limb for limb, on random field elements (the formulas are polynomials:
// points need not lie on the curve for the outputs to be compared), on
// points of the curve, and on the cases the formulas do not cover.

// p256Edges are the field elements at the edges: 0, 1, 2, p − 1, p − 2.
func p256Edges() []p256.Element {
	var e [5]p256.Element
	e[1].One()
	e[2].Add(&e[1], &e[1])
	e[3].Negate(&e[1])
	e[4].Negate(&e[2])
	return e[:]
}

func randElement(r *rand.Rand, edges []p256.Element) p256.Element {
	if len(edges) > 0 && r.IntN(4) == 0 {
		return edges[r.IntN(len(edges))]
	}
	var b [32]byte
	for {
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var e p256.Element
		if _, err := e.SetBytes(b[:]); err == nil {
			return e
		}
	}
}

// randJacobian returns a random multiple of G in Jacobian coordinates with
// a random Z (or the point at infinity, Z = 0, one time in eight).
func randJacobian(r *rand.Rand) (x, y, z p256.Element) {
	var k [32]byte
	for i := range k {
		k[i] = byte(r.Uint32())
	}
	p, err := NewP256Point().ScalarBaseMult(k[:])
	if err != nil {
		panic(err)
	}
	var ax, ay p256.Element
	if p.IsInfinity() == 1 || r.IntN(8) == 0 {
		y.One()
		return // (0 : 1 : 0)
	}
	p.affine(&ax, &ay)
	for z.IsZero() == 1 {
		z = randElement(r, nil)
	}
	var z2, z3 p256.Element
	z2.Square(&z)
	z3.Mul(&z2, &z)
	x.Mul(&ax, &z2)
	y.Mul(&ay, &z3)
	return
}

// toAffineJ returns x/z², y/z³.
func toAffineJ(x, y, z *p256.Element) (ax, ay p256.Element) {
	var zi, zi2, zi3 p256.Element
	zi.Invert(z)
	zi2.Square(&zi)
	zi3.Mul(&zi2, &zi)
	ax.Mul(x, &zi2)
	ay.Mul(y, &zi3)
	return
}

func requireAsm(t *testing.T) {
	if !useMULX {
		t.Skip("MULX/ADX not available")
	}
}

func TestP256DoubleJacobianAsm(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := p256Edges()
	check := func(x, y, z p256.Element, n int) {
		t.Helper()
		gx, gy, gz := x, y, z
		var tmp addTemps[p256.Element]
		for range n {
			jacobianDouble[p256.Element, *p256.Element](&gx, &gy, &gz, &tmp)
		}
		p256DoubleJacobianMULX(limbs(&x), limbs(&y), limbs(&z), n)
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
	for i := range iterations(2000) {
		n := i % 8
		if i%2 == 0 {
			x, y, z := randJacobian(r)
			check(x, y, z, n)
		} else {
			check(randElement(r, edges), randElement(r, edges), randElement(r, edges), n)
		}
	}
	// n ≤ 0 leaves the point alone.
	x, y, z := randJacobian(r)
	x0, y0, z0 := x, y, z
	p256DoubleJacobianMULX(limbs(&x), limbs(&y), limbs(&z), -1)
	if x != x0 || y != y0 || z != z0 {
		t.Fatal("n = −1 changed the point")
	}
}

func TestP256MaddAsm(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := p256Edges()
	// check compares the asm and maddCore for (x1 : y1 : z1) + (x2, y2),
	// once into separate outputs and once in place (out = in).
	check := func(x1, y1, z1, x2, y2 p256.Element) {
		t.Helper()
		var gm, am maddTemps[p256.Element]
		var g, a [3]p256.Element
		maddCore[p256.Element, *p256.Element](&g[0], &g[1], &g[2], &x1, &y1, &z1, &x2, &y2, &gm)
		p256MaddMULX(limbs(&a[0]), limbs(&a[1]), limbs(&a[2]), limbs(&x1), limbs(&y1), limbs(&z1),
			limbs(&x2), limbs(&y2), limbs(&am.h), limbs(&am.r))
		if a != g || am.h != gm.h || am.r != gm.r {
			t.Fatalf("asm %x h %x r %x, generic %x h %x r %x", a, am.h, am.r, g, gm.h, gm.r)
		}
		in := [3]p256.Element{x1, y1, z1}
		p256MaddMULX(limbs(&in[0]), limbs(&in[1]), limbs(&in[2]), limbs(&in[0]), limbs(&in[1]), limbs(&in[2]),
			limbs(&x2), limbs(&y2), limbs(&am.h), limbs(&am.r))
		if in != g {
			t.Fatalf("in place: asm %x, generic %x", in, g)
		}
	}
	for _, x1 := range edges {
		for _, y1 := range edges {
			for _, z1 := range edges {
				check(x1, y1, z1, edges[r.IntN(len(edges))], edges[r.IntN(len(edges))])
				check(x1, y1, z1, randElement(r, nil), randElement(r, nil))
			}
		}
	}
	for i := range iterations(2000) {
		switch i % 4 {
		case 0: // random field elements
			check(randElement(r, edges), randElement(r, edges), randElement(r, edges), randElement(r, edges), randElement(r, edges))
		case 1: // random points (Z1 = 0 sometimes)
			x1, y1, z1 := randJacobian(r)
			x2, y2, z2 := randJacobian(r)
			if z2.IsZero() == 1 {
				continue
			}
			ax, ay := toAffineJ(&x2, &y2, &z2)
			check(x1, y1, z1, ax, ay)
		case 2: // P == Q: H = 0 and r = 0
			x1, y1, z1 := randJacobian(r)
			if z1.IsZero() == 1 {
				continue
			}
			ax, ay := toAffineJ(&x1, &y1, &z1)
			var gm maddTemps[p256.Element]
			var g [3]p256.Element
			maddCore[p256.Element, *p256.Element](&g[0], &g[1], &g[2], &x1, &y1, &z1, &ax, &ay, &gm)
			if gm.h.IsZero() != 1 || gm.r.IsZero() != 1 {
				t.Fatal("P == Q: H or r not zero")
			}
			check(x1, y1, z1, ax, ay)
		case 3: // P == −Q: H = 0, r ≠ 0
			x1, y1, z1 := randJacobian(r)
			if z1.IsZero() == 1 {
				continue
			}
			ax, ay := toAffineJ(&x1, &y1, &z1)
			ay.Negate(&ay)
			check(x1, y1, z1, ax, ay)
		}
	}
}

func BenchmarkP256Asm(b *testing.B) {
	if !useMULX {
		b.Skip("MULX/ADX not available")
	}
	r := rand.New(rand.NewChaCha8([32]byte{}))
	x, y, z := randJacobian(r)
	for z.IsZero() == 1 {
		x, y, z = randJacobian(r)
	}
	ax, ay := toAffineJ(&x, &y, &z)
	b.Run("Double5", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p256DoubleJacobianMULX(limbs(&x), limbs(&y), limbs(&z), 5)
		}
	})
	b.Run("AddDigit", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p256AddDigitMULX(limbs(&x), limbs(&y), limbs(&z), limbs(&ax), limbs(&ay), 1, 0)
		}
	})
	b.Run("Madd", func(b *testing.B) {
		var h, rr p256.Element
		cryptotest.CPUTime(b)
		for b.Loop() {
			p256MaddMULX(limbs(&x), limbs(&y), limbs(&z), limbs(&x), limbs(&y), limbs(&z), limbs(&ax), limbs(&ay), limbs(&h), limbs(&rr))
		}
	})
}

func TestP256AddDigitAsm(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := p256Edges()
	generic := new(curve[p256.Element]) // no replacements
	check := func(x1, y1, z1, x2, y2 p256.Element, neg, zero int) {
		t.Helper()
		var w struct {
			sel                   affinePoint[p256.Element]
			rx, ry, rz, negY, one p256.Element
			m                     maddTemps[p256.Element]
		}
		w.sel = affinePoint[p256.Element]{x2, y2}
		w.one.One()
		g := [3]p256.Element{x1, y1, z1}
		addDigit[p256.Element, *p256.Element](generic, &g[0], &g[1], &g[2], &w.sel, neg, zero, &w.rx, &w.ry, &w.rz, &w.negY, &w.one, &w.m)
		a := [3]p256.Element{x1, y1, z1}
		x2c, y2c := x2, y2
		p256AddDigitMULX(limbs(&a[0]), limbs(&a[1]), limbs(&a[2]), limbs(&x2c), limbs(&y2c), neg, zero)
		if a != g {
			t.Fatalf("neg %d zero %d: asm %x, generic %x", neg, zero, a, g)
		}
		if x2c != x2 || y2c != y2 {
			t.Fatal("the entry was modified")
		}
	}
	for i := range iterations(2000) {
		neg, zero := i&1, (i>>1)&1
		switch i / 4 % 4 {
		case 0:
			check(randElement(r, edges), randElement(r, edges), randElement(r, edges), randElement(r, edges), randElement(r, edges), neg, zero)
		case 1, 2: // random points, Z1 = 0 one time in eight
			x1, y1, z1 := randJacobian(r)
			x2, y2, z2 := randJacobian(r)
			if z2.IsZero() == 1 {
				continue
			}
			ax, ay := toAffineJ(&x2, &y2, &z2)
			check(x1, y1, z1, ax, ay, neg, zero)
		case 3: // the entry is ±the sum
			x1, y1, z1 := randJacobian(r)
			if z1.IsZero() == 1 {
				continue
			}
			ax, ay := toAffineJ(&x1, &y1, &z1)
			check(x1, y1, z1, ax, ay, neg, zero)
		}
	}
	var zero p256.Element
	var one p256.Element
	one.One()
	check(zero, one, zero, edges[3], edges[4], 1, 0) // from infinity, negated entry
	check(zero, one, zero, edges[3], zero, 1, 0)     // −0 = 0
}

// BenchmarkP256AsmMin reports, besides the mean, the fastest batch of 64
// calls ("min-ns/op"): on a shared machine the mean moves with the load of
// the neighbours, the minimum much less, so it compares two versions of
// the assembly better.
func BenchmarkP256AsmMin(b *testing.B) {
	if !useMULX {
		b.Skip("MULX/ADX not available")
	}
	r := rand.New(rand.NewChaCha8([32]byte{}))
	x, y, z := randJacobian(r)
	for z.IsZero() == 1 {
		x, y, z = randJacobian(r)
	}
	ax, ay := toAffineJ(&x, &y, &z)
	var h, rr p256.Element
	run := func(b *testing.B, f func()) {
		const batch = 64
		best := time.Duration(1 << 62)
		for b.Loop() {
			t0 := time.Now()
			for range batch {
				f()
			}
			best = min(best, time.Since(t0))
		}
		b.ReportMetric(float64(best.Nanoseconds())/batch, "min-ns/op")
	}
	b.Run("Double5", func(b *testing.B) {
		run(b, func() { p256DoubleJacobianMULX(limbs(&x), limbs(&y), limbs(&z), 5) })
	})
	b.Run("AddDigit", func(b *testing.B) {
		run(b, func() { p256AddDigitMULX(limbs(&x), limbs(&y), limbs(&z), limbs(&ax), limbs(&ay), 1, 0) })
	})
	b.Run("Madd", func(b *testing.B) {
		run(b, func() {
			p256MaddMULX(limbs(&x), limbs(&y), limbs(&z), limbs(&x), limbs(&y), limbs(&z), limbs(&ax), limbs(&ay), limbs(&h), limbs(&rr))
		})
	})
}
