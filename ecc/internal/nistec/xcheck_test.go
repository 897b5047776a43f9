package nistec

import (
	"bytes"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// TestXModOrderEqualVarTime checks the inversion-free final check of ECDSA
// verification against BytesX and math/big's reduction modulo n: on random
// points in the projective coordinates the multiplications leave, on
// points whose x is not below n (so that only X = (r + n)·Z matches), on
// points with a small x (so that r + n < p for every r tried), on the
// point at infinity, and with wrong values of r.
func TestXModOrderEqualVarTime(t *testing.T) {
	for _, tc := range []struct {
		ell elliptic.Curve
		f   func(*testing.T, elliptic.Curve)
	}{
		{elliptic.P256(), testXModOrder[p256.Element, *p256.Element, p256Curve]},
		{elliptic.P384(), testXModOrder[p384.Element, *p384.Element, p384Curve]},
		{elliptic.P521(), testXModOrder[p521.Element, *p521.Element, p521Curve]},
	} {
		t.Run(tc.ell.Params().Name, func(t *testing.T) {
			if tc.ell == elliptic.P256() {
				// The points come from the multiplications, which have
				// assembly on P-256: take them from both paths.
				cputest.TestAllCombinations(t, []string{"nistec", "nistec/lookup"}, func(t *testing.T) { tc.f(t, tc.ell) })
				return
			}
			tc.f(t, tc.ell)
		})
	}
}

// TestVarTimeTable checks ScalarBaseMultAddTableVarTime, with a table made
// once and used many times, against ScalarBaseMultAddVarTime (which
// TestScalarBaseMultAddVarTime checks against crypto/elliptic).
func TestVarTimeTable(t *testing.T) {
	for _, tc := range []struct {
		ell elliptic.Curve
		f   func(*testing.T, elliptic.Curve)
	}{
		{elliptic.P256(), testVarTimeTable[p256.Element, *p256.Element, p256Curve]},
		{elliptic.P384(), testVarTimeTable[p384.Element, *p384.Element, p384Curve]},
		{elliptic.P521(), testVarTimeTable[p521.Element, *p521.Element, p521Curve]},
	} {
		t.Run(tc.ell.Params().Name, func(t *testing.T) {
			if tc.ell == elliptic.P256() {
				cputest.TestAllCombinations(t, []string{"nistec", "nistec/lookup"}, func(t *testing.T) { tc.f(t, tc.ell) })
				return
			}
			tc.f(t, tc.ell)
		})
	}
}

func testVarTimeTable[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, ell elliptic.Curve) {
	c := params[E, C]()
	n := ell.Params().N
	rnd := rand.New(rand.NewChaCha8([32]byte{'t', 'a', 'b', 'l', 'e'}))
	enc := func(k *big.Int) []byte { return new(big.Int).Mod(k, n).FillBytes(make([]byte, c.scalarSize)) }
	scalars := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), new(big.Int).Sub(n, big.NewInt(1))}
	for range iterations(8) {
		scalars = append(scalars, randBelow(rnd, n))
	}
	g := newGenerator[E, PE, C]()
	q, err := newPoint[E, PE, C]().ScalarBaseMult(enc(randBelow(rnd, n)))
	if err != nil {
		t.Fatal(err)
	}
	for name, q := range map[string]*point[E, PE, C]{"G": g, "random": q, "infinity": newPoint[E, PE, C]()} {
		table := q.NewVarTimeTable()
		if table.infinity != (q.IsInfinity() == 1) {
			t.Errorf("q = %s: table.infinity = %v", name, table.infinity)
		}
		for j := range table.entries {
			if table.infinity {
				break
			}
			// Entry j is (2j+1)·q, affine.
			want, err := newPoint[E, PE, C]().ScalarMult(q, enc(big.NewInt(int64(2*j+1))))
			if err != nil {
				t.Fatal(err)
			}
			got := newPoint[E, PE, C]()
			got.x, got.y = table.entries[j].x, table.entries[j].y
			PE(&got.z).One()
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("q = %s: entry %d = %x, want %x", name, j, got.Bytes(), want.Bytes())
			}
		}
		for i, a := range scalars {
			for _, b := range []*big.Int{scalars[(i+1)%len(scalars)], scalars[(i+3)%len(scalars)], new(big.Int).Sub(n, a)} {
				want, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(enc(a), q, enc(b))
				if err != nil {
					t.Fatal(err)
				}
				got, err := newPoint[E, PE, C]().ScalarBaseMultAddTableVarTime(enc(a), table, enc(b))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("q = %s: ScalarBaseMultAddTableVarTime(%x, %x) = %x, want %x", name, a, b, got.Bytes(), want.Bytes())
				}
			}
		}
	}
	table := g.NewVarTimeTable()
	k := enc(big.NewInt(7))
	for _, l := range []int{0, c.scalarSize - 1, c.scalarSize + 1} {
		bad := make([]byte, l)
		if _, err := newPoint[E, PE, C]().ScalarBaseMultAddTableVarTime(bad, table, k); err == nil {
			t.Errorf("ScalarBaseMultAddTableVarTime accepted a %d-byte s1", l)
		}
		if _, err := newPoint[E, PE, C]().ScalarBaseMultAddTableVarTime(k, table, bad); err == nil {
			t.Errorf("ScalarBaseMultAddTableVarTime accepted a %d-byte s2", l)
		}
	}
	if testing.CoverMode() == "" && !raceEnabled {
		p := newPoint[E, PE, C]()
		if a := testing.AllocsPerRun(10, func() { p.ScalarBaseMultAddTableVarTime(k, table, k) }); a > 1 {
			t.Errorf("ScalarBaseMultAddTableVarTime: %v allocations, want at most 1", a)
		}
	}
}

// xcheck calls p.XModOrderEqualVarTime(r) on r, an integer in [0, n) (or
// any value, for the misuse cases), encoded as a scalar.
func xcheck[E any, PE fieldElement[E], C curveParams[E]](p *point[E, PE, C], r *big.Int) bool {
	c := params[E, C]()
	b := make([]byte, c.scalarSize)
	if r.Sign() < 0 || r.BitLen() > 8*c.scalarSize {
		panic("xcheck: r does not fit")
	}
	return p.XModOrderEqualVarTime(r.FillBytes(b))
}

// rescaled returns (λX : λY : λZ) for a random λ ≠ 0, the same point in
// other projective coordinates.
func rescaled[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, rnd *rand.Rand, p *point[E, PE, C]) *point[E, PE, C] {
	c := params[E, C]()
	var l E
	b := make([]byte, c.elementSize)
	for {
		for i := range b {
			b[i] = byte(rnd.Uint32())
		}
		if c.elementSize == 66 {
			b[0] &= 1 // P-521's p has 521 bits
		}
		if _, err := PE(&l).SetBytes(b); err == nil && PE(&l).IsZero() == 0 {
			break
		}
	}
	q := new(point[E, PE, C])
	PE(&q.x).Mul(&p.x, &l)
	PE(&q.y).Mul(&p.y, &l)
	PE(&q.z).Mul(&p.z, &l)
	return q
}

// checkX checks p.XModOrderEqualVarTime against BytesX: true for x mod n,
// false for its neighbors and a random scalar (unless one of them is
// x mod n, or out of range).
func checkX[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, rnd *rand.Rand, ell elliptic.Curve, p *point[E, PE, C]) {
	t.Helper()
	n := ell.Params().N
	xb, err := p.BytesX()
	if err != nil {
		t.Fatal(err)
	}
	x := new(big.Int).SetBytes(xb)
	r := new(big.Int).Mod(x, n)
	if r.Sign() == 0 {
		t.Fatalf("x = %x is 0 mod n", xb)
	}
	if !xcheck(p, r) {
		t.Errorf("x = %x: XModOrderEqualVarTime(x mod n = %x) = false", xb, r)
	}
	if q := rescaled(t, rnd, p); !xcheck(q, r) {
		t.Errorf("x = %x, other coordinates: XModOrderEqualVarTime(x mod n = %x) = false", xb, r)
	}
	random := randBelow(rnd, n)
	one := big.NewInt(1)
	for _, w := range []*big.Int{
		new(big.Int).Add(r, one), new(big.Int).Sub(r, one), random,
		new(big.Int).Sub(n, one), one, new(big.Int).Sub(x, n),
	} {
		if w.Sign() <= 0 || w.Cmp(n) >= 0 || w.Cmp(r) == 0 {
			continue
		}
		if xcheck(p, w) {
			t.Errorf("x = %x: XModOrderEqualVarTime(%x) = true", xb, w)
		}
	}
}

// randBelow returns a random integer in [0, n) (with a bias of 2⁻⁶⁴ at
// most, which does not matter here).
func randBelow(rnd *rand.Rand, n *big.Int) *big.Int {
	b := make([]byte, (n.BitLen()+7)/8+8)
	for i := range b {
		b[i] = byte(rnd.Uint32())
	}
	return new(big.Int).Mod(new(big.Int).SetBytes(b), n)
}

// pointsWithX returns up to count points whose x-coordinates are from, from
// + 1, ... (those that are on the curve), from the compressed encoding,
// with both parities of y.
func pointsWithX[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, from *big.Int, count int) []*point[E, PE, C] {
	c := params[E, C]()
	var out []*point[E, PE, C]
	x := new(big.Int).Set(from)
	for tries := 0; len(out) < count && tries < 64*count; tries++ {
		enc := make([]byte, 1+c.elementSize)
		enc[0] = 2 | byte(tries&1)
		x.FillBytes(enc[1:])
		if p, err := new(point[E, PE, C]).SetBytes(enc); err == nil {
			out = append(out, p)
		}
		if tries&1 == 1 {
			x.Add(x, big.NewInt(1))
		}
	}
	if len(out) < count {
		t.Fatalf("found %d points with x from %x, want %d", len(out), from, count)
	}
	return out
}

func testXModOrder[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, ell elliptic.Curve) {
	c := params[E, C]()
	n, p := ell.Params().N, ell.Params().P
	rnd := rand.New(rand.NewChaCha8([32]byte{'x', 'c', 'h', 'e', 'c', 'k'}))
	if !bytes.Equal(c.order, n.FillBytes(make([]byte, c.scalarSize))) {
		t.Fatalf("order = %x, want %x", c.order, n)
	}
	if new(big.Int).Lsh(n, 1).Cmp(p) <= 0 || n.Cmp(p) >= 0 {
		t.Fatal("not n < p < 2n: the check's premise fails")
	}
	scalar := func() []byte {
		k := randBelow(rnd, n)
		return k.FillBytes(make([]byte, c.scalarSize))
	}

	t.Run("random", func(t *testing.T) {
		g := newGenerator[E, PE, C]()
		for range iterations(32) {
			q, err := newPoint[E, PE, C]().ScalarBaseMult(scalar())
			if err != nil {
				t.Fatal(err)
			}
			checkX(t, rnd, ell, q)
			q, err = newPoint[E, PE, C]().ScalarMult(q, scalar())
			if err != nil {
				t.Fatal(err)
			}
			checkX(t, rnd, ell, q)
			q, err = newPoint[E, PE, C]().ScalarBaseMultAddVarTime(scalar(), q, scalar())
			if err != nil {
				t.Fatal(err)
			}
			checkX(t, rnd, ell, q)
		}
		checkX(t, rnd, ell, g)
	})

	t.Run("x≥n", func(t *testing.T) {
		// x in [n, p): x mod n = x − n, matched only through r + n.
		pts := pointsWithX[E, PE, C](t, new(big.Int).Add(n, big.NewInt(1)), 8)
		pts = append(pts, pointsWithX[E, PE, C](t, new(big.Int).Sub(p, big.NewInt(64)), 4)...)
		for _, q := range pts {
			xb, _ := q.BytesX()
			if new(big.Int).SetBytes(xb).Cmp(n) < 0 {
				t.Fatalf("x = %x is below n", xb)
			}
			checkX(t, rnd, ell, q)
			checkX(t, rnd, ell, new(point[E, PE, C]).Double(q)) // some other Z
			checkX(t, rnd, ell, new(point[E, PE, C]).Negate(q)) // the same x
		}
	})

	t.Run("small x", func(t *testing.T) {
		// x < p − n: both x and x + n are candidates for every r.
		for _, q := range pointsWithX[E, PE, C](t, big.NewInt(1), 8) {
			checkX(t, rnd, ell, q)
		}
	})

	t.Run("infinity", func(t *testing.T) {
		inf := newPoint[E, PE, C]()
		for _, r := range []*big.Int{big.NewInt(1), new(big.Int).Sub(n, big.NewInt(1)), randBelow(rnd, n)} {
			if xcheck(inf, r) {
				t.Errorf("infinity: XModOrderEqualVarTime(%x) = true", r)
			}
		}
		// 0·q from the double multiplication, and (0 : 0 : 0) are
		// infinite too as far as the check goes (Z = 0).
		zero := make([]byte, c.scalarSize)
		q, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(zero, newGenerator[E, PE, C](), zero)
		if err != nil {
			t.Fatal(err)
		}
		if xcheck(q, big.NewInt(1)) || xcheck(new(point[E, PE, C]), big.NewInt(1)) {
			t.Error("XModOrderEqualVarTime on a point with Z = 0 = true")
		}
	})

	t.Run("misuse", func(t *testing.T) {
		// Wrong lengths are rejected, not a panic; r ≥ p cannot match.
		g := newGenerator[E, PE, C]()
		xb, _ := g.BytesX()
		for _, r := range [][]byte{nil, xb[1:], append([]byte{0}, xb...), bytes.Repeat([]byte{0xff}, c.scalarSize)} {
			if g.XModOrderEqualVarTime(r) {
				t.Errorf("XModOrderEqualVarTime(%x) = true", r)
			}
		}
	})

	t.Run("allocs", func(t *testing.T) {
		if testing.CoverMode() != "" || raceEnabled {
			t.Skip("allocation counts differ under -cover and -race")
		}
		g := newGenerator[E, PE, C]()
		r := new(big.Int).Add(n, big.NewInt(5))
		r.Mod(r, n)
		rb := r.FillBytes(make([]byte, c.scalarSize))
		if a := testing.AllocsPerRun(10, func() { g.XModOrderEqualVarTime(rb) }); a > 1 {
			t.Errorf("%v allocations, want at most 1", a)
		}
	})
}

// BenchmarkXModOrderEqualVarTime compares the final check of ECDSA
// verification with what it replaces: BytesX (an inversion) and a
// reduction modulo n.
func BenchmarkXModOrderEqualVarTime(b *testing.B) {
	b.Run("P-256", benchmarkXModOrder[p256.Element, *p256.Element, p256Curve])
	b.Run("P-384", benchmarkXModOrder[p384.Element, *p384.Element, p384Curve])
	b.Run("P-521", benchmarkXModOrder[p521.Element, *p521.Element, p521Curve])
}

func benchmarkXModOrder[E any, PE fieldElement[E], C curveParams[E]](b *testing.B) {
	c := params[E, C]()
	k := bytes.Repeat([]byte{0x5a}, c.scalarSize)
	k[0] = 0x01
	q, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(k, newGenerator[E, PE, C](), k)
	if err != nil {
		b.Fatal(err)
	}
	x, err := q.BytesX()
	if err != nil {
		b.Fatal(err)
	}
	r := make([]byte, c.scalarSize)
	c.reduce(r, x)
	b.Run("XModOrderEqualVarTime", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !q.XModOrderEqualVarTime(r) {
				b.Fatal("no match")
			}
		}
	})
	b.Run("BytesX+reduce", func(b *testing.B) {
		b.ReportAllocs()
		out := make([]byte, c.scalarSize)
		for b.Loop() {
			x, _ := q.BytesX()
			c.reduce(out, x)
			if !bytes.Equal(out, r) {
				b.Fatal("no match")
			}
		}
	})
}

// BenchmarkNewVarTimeTable measures the precomputation that
// ScalarBaseMultAddVarTime does and ScalarBaseMultAddTableVarTime skips.
func BenchmarkNewVarTimeTable(b *testing.B) {
	b.Run("P-256", benchmarkNewVarTimeTable[p256.Element, *p256.Element, p256Curve])
	b.Run("P-384", benchmarkNewVarTimeTable[p384.Element, *p384.Element, p384Curve])
	b.Run("P-521", benchmarkNewVarTimeTable[p521.Element, *p521.Element, p521Curve])
}

func benchmarkNewVarTimeTable[E any, PE fieldElement[E], C curveParams[E]](b *testing.B) {
	c := params[E, C]()
	k := bytes.Repeat([]byte{0x5a}, c.scalarSize)
	q, err := newPoint[E, PE, C]().ScalarBaseMult(k)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cryptotest.CPUTime(b)
	for b.Loop() {
		q.NewVarTimeTable()
	}
}
