//go:build (amd64 || arm64) && gc && !purego

package nistec

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// The whole-point assembly (pointAsm: p256_amd64.s, p521_amd64.s on amd64,
// p256_arm64.s on arm64) against
// the generic functions it mirrors, limb for limb, on random field elements
// (the formulas are polynomials: points need not lie on the curve for the
// outputs to be compared), on points of the curve, and on the cases the
// formulas do not cover. One body per function serves every curve; the
// curve's own data is an asmCase.

// pointAsm are the whole-point assembly functions of one curve, for the
// tests: L is the array of 64-bit limbs that the curve's field element is
// made of ([4]uint64 for P-256, [9]uint64 for P-521).
type pointAsm[L any] struct {
	// doubleN is jacobianDoubleNGeneric (n < 0 leaves the point alone).
	doubleN func(x, y, z *L, n int)
	// madd is maddGeneric, with h and r the m.h and m.r of maddTemps.
	madd func(x3, y3, z3, x1, y1, z1, x2, y2, h, r *L)
	// addDigit is addDigitGeneric, with the entry (x2, y2) left alone.
	addDigit func(x, y, z, x2, y2 *L, neg, zero int)
	// prefix and backSubst, nil where the curve has none, are
	// prefixProductsGeneric and backSubstituteGeneric on n ≥ 1 elements
	// (out is x then y, 2n elements).
	prefix    func(prefix, z *L, n int)
	backSubst func(out, x, y, z, prefix, inv *L, n int)
}

// limbsOf returns the field element e as its limbs L.
func limbsOf[L, E any](e *E) *L {
	if unsafe.Sizeof(*e) != unsafe.Sizeof(*new(L)) {
		panic("nistec: the field element is not made of the assembly's limbs")
	}
	return (*L)(unsafe.Pointer(e))
}

// asmCase is the data of the tests of one curve's assembly: the curve C,
// its field element E (PE) made of the limbs L, and what is its own.
type asmCase[E comparable, PE fieldElement[E], C curveParams[E], L any] struct {
	asm pointAsm[L]
	// extraEdges returns the curve's own edge field elements, besides
	// those of every curve (see edges); nil for none.
	extraEdges func() []E
	// topMask keeps the bits of the first byte of a random big-endian
	// field element or scalar that p and n can have (P-521's 66 bytes
	// carry 521 bits).
	topMask byte
	// iterations is the number of random cases of each test (before
	// -short).
	iterations int
}

func (a asmCase[E, PE, C, L]) limbs(e *E) *L { return limbsOf[L](e) }

// edges returns the field elements at the edges: 0, 1, 2, p − 1, p − 2 (in
// that order: the tests use edges[3] and edges[4]), then extraEdges.
func (a asmCase[E, PE, C, L]) edges() []E {
	e := make([]E, 5)
	PE(&e[1]).One()
	PE(&e[2]).Add(&e[1], &e[1])
	PE(&e[3]).Negate(&e[1])
	PE(&e[4]).Negate(&e[2])
	if a.extraEdges != nil {
		e = append(e, a.extraEdges()...)
	}
	return e
}

// bytes returns the encoding of e, for messages.
func (a asmCase[E, PE, C, L]) bytes(e *E) []byte {
	return PE(e).FillBytes(make([]byte, params[E, C]().elementSize))
}

// encode returns the encodings of es, for messages.
func (a asmCase[E, PE, C, L]) encode(es ...E) [][]byte {
	out := make([][]byte, len(es))
	for i := range es {
		out[i] = a.bytes(&es[i])
	}
	return out
}

// randElement returns a random field element, one of edges one time in
// four.
func (a asmCase[E, PE, C, L]) randElement(r *rand.Rand, edges []E) E {
	if len(edges) > 0 && r.IntN(4) == 0 {
		return edges[r.IntN(len(edges))]
	}
	b := make([]byte, params[E, C]().elementSize)
	for {
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		b[0] &= a.topMask
		var e E
		if _, err := PE(&e).SetBytes(b); err == nil {
			return e
		}
	}
}

// randJacobian returns a random multiple of G in Jacobian coordinates with
// a random Z (or the point at infinity, Z = 0, one time in eight).
func (a asmCase[E, PE, C, L]) randJacobian(r *rand.Rand) (x, y, z E) {
	k := make([]byte, params[E, C]().scalarSize)
	for i := range k {
		k[i] = byte(r.Uint32())
	}
	k[0] &= a.topMask
	p, err := newPoint[E, PE, C]().ScalarBaseMult(k)
	if err != nil {
		panic(err)
	}
	var ax, ay E
	if p.IsInfinity() == 1 || r.IntN(8) == 0 {
		PE(&y).One()
		return // (0 : 1 : 0)
	}
	p.affine(&ax, &ay)
	for PE(&z).IsZero() == 1 {
		z = a.randElement(r, nil)
	}
	var z2, z3 E
	PE(&z2).Square(&z)
	PE(&z3).Mul(&z2, &z)
	PE(&x).Mul(&ax, &z2)
	PE(&y).Mul(&ay, &z3)
	return
}

// toAffineJ returns x/z², y/z³.
func (a asmCase[E, PE, C, L]) toAffineJ(x, y, z *E) (ax, ay E) {
	var zi, zi2, zi3 E
	PE(&zi).Invert(z)
	PE(&zi2).Square(&zi)
	PE(&zi3).Mul(&zi2, &zi)
	PE(&ax).Mul(x, &zi2)
	PE(&ay).Mul(y, &zi3)
	return
}

// requireAsm skips t where the assembly is off (asmEnabled, asmName: see
// asm_amd64_test.go and asm_arm64_test.go).
func requireAsm(t *testing.T) {
	if !*asmEnabled {
		t.Skip(asmName + " not available")
	}
}

func (a asmCase[E, PE, C, L]) testDoubleJacobian(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := a.edges()
	l := a.limbs
	check := func(x, y, z E, n int) {
		t.Helper()
		gx, gy, gz := x, y, z
		var tmp addTemps[E]
		for range n {
			jacobianDouble[E, PE](&gx, &gy, &gz, &tmp)
		}
		a.asm.doubleN(l(&x), l(&y), l(&z), n)
		if x != gx || y != gy || z != gz {
			t.Fatalf("n = %d: asm (%x, %x, %x), generic (%x, %x, %x)", n,
				a.bytes(&x), a.bytes(&y), a.bytes(&z), a.bytes(&gx), a.bytes(&gy), a.bytes(&gz))
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
	for i := range iterations(a.iterations) {
		n := i % 8
		if i%2 == 0 {
			x, y, z := a.randJacobian(r)
			check(x, y, z, n)
		} else {
			check(a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges), n)
		}
	}
	// n ≤ 0 leaves the point alone.
	x, y, z := a.randJacobian(r)
	x0, y0, z0 := x, y, z
	a.asm.doubleN(l(&x), l(&y), l(&z), -1)
	if x != x0 || y != y0 || z != z0 {
		t.Fatal("n = −1 changed the point")
	}
}

func (a asmCase[E, PE, C, L]) testMadd(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := a.edges()
	l := a.limbs
	// check compares the asm and maddGeneric for (x1 : y1 : z1) + (x2, y2),
	// once into separate outputs and once in place (out = in).
	check := func(x1, y1, z1, x2, y2 E) {
		t.Helper()
		var gm, am maddTemps[E]
		var g, o [3]E
		maddGeneric[E, PE](&g[0], &g[1], &g[2], &x1, &y1, &z1, &x2, &y2, &gm)
		a.asm.madd(l(&o[0]), l(&o[1]), l(&o[2]), l(&x1), l(&y1), l(&z1), l(&x2), l(&y2), l(&am.h), l(&am.r))
		if o != g || am.h != gm.h || am.r != gm.r {
			t.Fatalf("asm %x h %x r %x, generic %x h %x r %x", a.encode(o[:]...), a.bytes(&am.h), a.bytes(&am.r),
				a.encode(g[:]...), a.bytes(&gm.h), a.bytes(&gm.r))
		}
		in := [3]E{x1, y1, z1}
		a.asm.madd(l(&in[0]), l(&in[1]), l(&in[2]), l(&in[0]), l(&in[1]), l(&in[2]), l(&x2), l(&y2), l(&am.h), l(&am.r))
		if in != g {
			t.Fatalf("in place: asm %x, generic %x", a.encode(in[:]...), a.encode(g[:]...))
		}
	}
	for _, x1 := range edges {
		for _, y1 := range edges {
			for _, z1 := range edges {
				check(x1, y1, z1, edges[r.IntN(len(edges))], edges[r.IntN(len(edges))])
				check(x1, y1, z1, a.randElement(r, nil), a.randElement(r, nil))
			}
		}
	}
	for i := range iterations(a.iterations) {
		switch i % 4 {
		case 0: // random field elements
			check(a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges))
		case 1: // random points (Z1 = 0 sometimes)
			x1, y1, z1 := a.randJacobian(r)
			x2, y2, z2 := a.randJacobian(r)
			if PE(&z2).IsZero() == 1 {
				continue
			}
			ax, ay := a.toAffineJ(&x2, &y2, &z2)
			check(x1, y1, z1, ax, ay)
		case 2: // P == Q: H = 0 and r = 0
			x1, y1, z1 := a.randJacobian(r)
			if PE(&z1).IsZero() == 1 {
				continue
			}
			ax, ay := a.toAffineJ(&x1, &y1, &z1)
			var gm maddTemps[E]
			var g [3]E
			maddGeneric[E, PE](&g[0], &g[1], &g[2], &x1, &y1, &z1, &ax, &ay, &gm)
			if PE(&gm.h).IsZero() != 1 || PE(&gm.r).IsZero() != 1 {
				t.Fatal("P == Q: H or r not zero")
			}
			check(x1, y1, z1, ax, ay)
		case 3: // P == −Q: H = 0, r ≠ 0
			x1, y1, z1 := a.randJacobian(r)
			if PE(&z1).IsZero() == 1 {
				continue
			}
			ax, ay := a.toAffineJ(&x1, &y1, &z1)
			PE(&ay).Negate(&ay)
			check(x1, y1, z1, ax, ay)
		}
	}
}

func (a asmCase[E, PE, C, L]) testAddDigit(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := a.edges()
	l := a.limbs
	check := func(x1, y1, z1, x2, y2 E, neg, zero int) {
		t.Helper()
		var dt digitTemps[E]
		sel := affinePoint[E]{x2, y2}
		PE(&dt.one).One()
		g := [3]E{x1, y1, z1}
		addDigitGeneric[E, PE](&g[0], &g[1], &g[2], &sel, neg, zero, &dt)
		o := [3]E{x1, y1, z1}
		x2c, y2c := x2, y2
		a.asm.addDigit(l(&o[0]), l(&o[1]), l(&o[2]), l(&x2c), l(&y2c), neg, zero)
		if o != g {
			t.Fatalf("neg %d zero %d: asm %x, generic %x", neg, zero, a.encode(o[:]...), a.encode(g[:]...))
		}
		if x2c != x2 || y2c != y2 {
			t.Fatal("the entry was modified")
		}
	}
	for i := range iterations(a.iterations) {
		neg, zero := i&1, (i>>1)&1
		switch i / 4 % 4 {
		case 0:
			check(a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges), neg, zero)
		case 1, 2: // random points, Z1 = 0 one time in eight
			x1, y1, z1 := a.randJacobian(r)
			x2, y2, z2 := a.randJacobian(r)
			if PE(&z2).IsZero() == 1 {
				continue
			}
			ax, ay := a.toAffineJ(&x2, &y2, &z2)
			check(x1, y1, z1, ax, ay, neg, zero)
		case 3: // the entry is ±the sum
			x1, y1, z1 := a.randJacobian(r)
			if PE(&z1).IsZero() == 1 {
				continue
			}
			ax, ay := a.toAffineJ(&x1, &y1, &z1)
			check(x1, y1, z1, ax, ay, neg, zero)
		}
	}
	var zero, one E
	PE(&one).One()
	for _, neg := range []int{0, 1} {
		for _, zd := range []int{0, 1} {
			check(zero, one, zero, edges[3], edges[4], neg, zd) // from infinity
			check(zero, one, zero, edges[3], zero, neg, zd)     // −0 = 0
			check(zero, one, zero, zero, zero, neg, zd)         // a zero digit's (0, 0)
		}
	}
}

// benchPoint returns a fixed point in Jacobian coordinates with Z ≠ 0 and
// its affine coordinates.
func (a asmCase[E, PE, C, L]) benchPoint() (x, y, z, ax, ay E) {
	r := rand.New(rand.NewChaCha8([32]byte{}))
	x, y, z = a.randJacobian(r)
	for PE(&z).IsZero() == 1 {
		x, y, z = a.randJacobian(r)
	}
	ax, ay = a.toAffineJ(&x, &y, &z)
	return
}

// benchAsm runs f for each function of the assembly under run.
func (a asmCase[E, PE, C, L]) benchAsm(b *testing.B, run func(b *testing.B, f func())) {
	if !*asmEnabled {
		b.Skip(asmName + " not available")
	}
	x, y, z, ax, ay := a.benchPoint()
	var h, rr E
	l := a.limbs
	xl, yl, zl, axl, ayl, hl, rl := l(&x), l(&y), l(&z), l(&ax), l(&ay), l(&h), l(&rr)
	b.Run("Double5", func(b *testing.B) {
		run(b, func() { a.asm.doubleN(xl, yl, zl, 5) })
	})
	b.Run("AddDigit", func(b *testing.B) {
		run(b, func() { a.asm.addDigit(xl, yl, zl, axl, ayl, 1, 0) })
	})
	b.Run("Madd", func(b *testing.B) {
		run(b, func() { a.asm.madd(xl, yl, zl, xl, yl, zl, axl, ayl, hl, rl) })
	})
}

// benchLoop is the ordinary benchmark loop.
func benchLoop(b *testing.B, f func()) {
	cryptotest.CPUTime(b)
	for b.Loop() {
		f()
	}
}

// benchMin reports, besides the mean, the fastest batch of 64 calls
// ("min-ns/op"): on a shared machine the mean moves with the load of the
// neighbours, the minimum much less, so it compares two versions of the
// assembly better.
func benchMin(b *testing.B, f func()) {
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

// testBatchAffine checks the assembly of batchAffine's two loops
// (pointAsm.prefix and backSubst, through the curve's pointFuncs) against
// the generic loops, for every length up to 18, on random elements (edges
// among them, no zero z) and on points of the curve; that neither writes
// before or past its n elements (guard elements at both ends hold a
// sentinel); and that the inputs are left alone.
func (a asmCase[E, PE, C, L]) testBatchAffine(t *testing.T) {
	requireAsm(t)
	r := newRand(t)
	edges := a.edges()[1:] // no 0: z must be invertible
	c := params[E, C]()
	generic := &curve[E]{pointFuncs: pointFuncs[E]{ // batchAffine uses nothing else of c
		prefixProducts: prefixProductsGeneric[E, PE],
		backSubstitute: backSubstituteGeneric[E, PE],
	}}
	var one, sentinel E
	PE(&one).One()
	PE(&sentinel).Add(&one, &one)
	for i := range iterations(a.iterations / 20) {
		n := 1 + i%18
		// Elements 0 and n+1 are guards: z = 1 there, sentinels in the outputs.
		x, y, z := make([]E, n+2), make([]E, n+2), make([]E, n+2)
		z[0], z[n+1] = one, one
		for k := 1; k <= n; k++ {
			if i%2 == 0 {
				x[k], y[k], z[k] = a.randJacobian(r)
			} else {
				x[k], y[k], z[k] = a.randElement(r, edges), a.randElement(r, edges), a.randElement(r, edges)
			}
			if PE(&z[k]).IsZero() == 1 {
				PE(&z[k]).One()
			}
		}
		x0, y0, z0 := slices.Clone(x), slices.Clone(y), slices.Clone(z)
		var gt, at [4]E
		gOut, aOut := make([]affinePoint[E], n+2), make([]affinePoint[E], n+2)
		gPre, aPre := make([]E, n+2), make([]E, n+2)
		for _, k := range []int{0, n + 1} {
			aPre[k], aOut[k].x, aOut[k].y = sentinel, sentinel, sentinel
		}
		batchAffine[E, PE](generic, gOut[1:n+1], x[1:], y[1:], z[1:], gPre[1:], &gt, i%3 == 0)
		c.prefixProducts(aPre[1:n+1], z[1:n+1])
		PE(&at[0]).Invert(&aPre[n])
		c.backSubstitute(aOut[1:n+1], x[1:n+1], y[1:n+1], z[1:n+1], aPre[1:n+1], &at[0], (*[3]E)(at[1:]))
		for k := 1; k <= n; k++ {
			if aPre[k] != gPre[k] {
				t.Fatalf("n = %d: prefix[%d] = %x, want %x", n, k-1, a.bytes(&aPre[k]), a.bytes(&gPre[k]))
			}
			if aOut[k] != gOut[k] {
				t.Fatalf("n = %d: out[%d] = (%x, %x), want (%x, %x)", n, k-1,
					a.bytes(&aOut[k].x), a.bytes(&aOut[k].y), a.bytes(&gOut[k].x), a.bytes(&gOut[k].y))
			}
		}
		for _, k := range []int{0, n + 1} {
			if aPre[k] != sentinel || aOut[k].x != sentinel || aOut[k].y != sentinel {
				t.Fatalf("n = %d: wrote the guard element at %d", n, k)
			}
		}
		if !slices.Equal(x, x0) || !slices.Equal(y, y0) || !slices.Equal(z, z0) {
			t.Fatalf("n = %d: an input changed", n)
		}
	}
}
