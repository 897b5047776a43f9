//go:build (amd64 || arm64) && gc && !purego

package limbs

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// updateDEFGAsm calls the assembly kernel for n limbs (divupdate_amd64.s,
// divsteps_arm64.s).
func updateDEFGAsm(n int, d, e, f, g *s62, t *[4]int64, m *s62, minv uint64) {
	switch n {
	case 5:
		updateDEFG5(d, e, f, g, t, m, minv)
	case 7:
		updateDEFG7(d, e, f, g, t, m, minv)
	case 9:
		updateDEFG9(d, e, f, g, t, m, minv)
	default:
		panic("no kernel")
	}
}

// updateDEFGGo is what the kernels compute.
func updateDEFGGo(n int, d, e, f, g *s62, t *[4]int64, m *s62, minv uint64) {
	updateDE(d, e, *t, m, minv, n)
	updateFG(f, g, *t, n)
}

// divupdateField is what the tests need of a Field[T].
type divupdateField struct {
	name string
	n    int
	m    s62
	minv uint64
	mb   *big.Int
	// invert runs InvertCT's loop on a random x below m, calling step once
	// per batch with the state and matrix before the update (which the Go
	// code then makes); it reports whether g ended at 0, as it must.
	invert func(r *rand.Rand, step func(d, e, f, g *s62, t *[4]int64)) bool
}

// batchState returns d, e, f, g and the matrix of batch k of a random
// inversion: a state in the middle of a real run.
func (fl divupdateField) batchState(r *rand.Rand, k int) (st [4]s62, mt [4]int64) {
	i := 0
	fl.invert(r, func(d, e, f, g *s62, t *[4]int64) {
		if i == k {
			st = [4]s62{*d, *e, *f, *g}
			mt = *t
		}
		i++
	})
	return st, mt
}

func newDivupdateField[T Limbs](name string, fl *Field[T]) divupdateField {
	return divupdateField{
		name: name, n: fl.n62, m: fl.m62, minv: fl.minv62, mb: bigT(&fl.m),
		invert: func(r *rand.Rand, step func(d, e, f, g *s62, t *[4]int64)) bool {
			x := random(r, fl, false)
			F, G := fl.m62, toS62(&x, fl.n62)
			var D s62
			E := fl.e0
			zeta := int64(-1)
			for range fl.batches {
				var t [4]int64
				zeta, t = divsteps62CT(zeta, uint64(F[0]), uint64(G[0]))
				step(&D, &E, &F, &G, &t)
				updateDEFGGo(fl.n62, &D, &E, &F, &G, &t, &fl.m62, fl.minv62)
			}
			return G == s62{}
		},
	}
}

func divupdateFields() []divupdateField {
	return []divupdateField{
		newDivupdateField("p256", f4), newDivupdateField("n256", f4n),
		newDivupdateField("p384", f6), newDivupdateField("n384", f6n),
		newDivupdateField("n521", f9), newDivupdateField("p521", newP521()),
	}
}

// s62Of returns x in signed62 form on n limbs: limbs 0..n−2 in [0, 2^62),
// the top one signed (x must fit).
func s62Of(x *big.Int, n int) s62 {
	var a s62
	y := new(big.Int).Set(x)
	lm := big.NewInt(mask62)
	for i := range n - 1 {
		a[i] = new(big.Int).And(y, lm).Int64()
		y.Rsh(y, 62)
	}
	if !y.IsInt64() {
		panic("s62Of: value too large")
	}
	a[n-1] = y.Int64()
	return a
}

// checkDEFG runs the kernel and the Go code on copies of the same inputs
// and reports any difference.
func checkDEFG(t *testing.T, fl *divupdateField, d, e, f, g s62, mt [4]int64) {
	t.Helper()
	gd, ge, gf, gg := d, e, f, g
	ad, ae, af, ag := d, e, f, g
	m1, m2 := fl.m, fl.m
	t1, t2 := mt, mt
	updateDEFGGo(fl.n, &gd, &ge, &gf, &gg, &t1, &m1, fl.minv)
	updateDEFGAsm(fl.n, &ad, &ae, &af, &ag, &t2, &m2, fl.minv)
	if ad != gd || ae != ge || af != gf || ag != gg || t2 != mt || m2 != fl.m {
		t.Fatalf("%s: updateDEFG%d(d=%x, e=%x, f=%x, g=%x, t=%x):\nasm d=%x e=%x f=%x g=%x\n go d=%x e=%x f=%x g=%x",
			fl.name, fl.n, d, e, f, g, mt, ad, ae, af, ag, gd, ge, gf, gg)
	}
}

// extremeMatrices returns matrices with |u| + |v| ≤ 2^62 and |q| + |r| ≤
// 2^62 at and near the bounds.
func extremeMatrices() [][4]int64 {
	const p62, p61 = 1 << 62, 1 << 61
	rows := [][2]int64{
		{p62, 0}, {0, p62}, {-p62, 0}, {0, -p62},
		{p61, p61}, {-p61, -p61}, {p61, -p61}, {-p61, p61},
		{p62 - 1, 1}, {1, p62 - 1}, {-(p62 - 1), -1}, {-1, -(p62 - 1)}, {p62 - 1, -1},
		{0, 0}, {1, 0}, {0, 1}, {-1, 0}, {0, -1},
	}
	var ms [][4]int64
	for _, a := range rows {
		for _, b := range rows {
			ms = append(ms, [4]int64{a[0], a[1], b[0], b[1]})
		}
	}
	return ms
}

// randomMatrix returns a matrix with |u| + |v| ≤ 2^62 and |q| + |r| ≤ 2^62.
func randomMatrix(r *rand.Rand) [4]int64 {
	row := func() (int64, int64) {
		a := r.Int64N(1<<62 + 1)
		b := r.Int64N(1<<62 - a + 1)
		if r.IntN(2) == 0 {
			a = -a
		}
		if r.IntN(2) == 0 {
			b = -b
		}
		return a, b
	}
	var m [4]int64
	m[0], m[1] = row()
	m[2], m[3] = row()
	return m
}

// edgeDE returns values of d, e at the edges of (−2m, m), and random ones.
func edgeDE(r *rand.Rand, fl *divupdateField) []s62 {
	m := fl.mb
	one := big.NewInt(1)
	twoM := new(big.Int).Lsh(m, 1)
	vals := []*big.Int{
		new(big.Int).Add(new(big.Int).Neg(twoM), one), // −2m + 1
		new(big.Int).Neg(m), new(big.Int).Add(new(big.Int).Neg(m), one),
		new(big.Int).Sub(m, one), big.NewInt(0), big.NewInt(-1), one,
	}
	for range 6 {
		// Random in (−2m, m).
		buf := make([]byte, (m.BitLen()+2+7)/8+8)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		v := new(big.Int).SetBytes(buf)
		v.Mod(v, new(big.Int).Sub(new(big.Int).Add(twoM, m), one))
		vals = append(vals, v.Sub(v, new(big.Int).Sub(twoM, one)))
	}
	out := make([]s62, len(vals))
	for i, v := range vals {
		out[i] = s62Of(v, fl.n)
	}
	return out
}

// randomS62 returns a random signed62 value on n limbs, with a random
// signed top limb of up to 63 bits.
func randomS62(r *rand.Rand, n int) s62 {
	var a s62
	for i := range n - 1 {
		a[i] = int64(r.Uint64() & mask62)
	}
	a[n-1] = int64(r.Uint64()) >> r.IntN(64)
	return a
}

// TestUpdateDEFGInversions compares the kernels with the Go updates on
// every batch of real constant-time inversions.
func TestUpdateDEFGInversions(t *testing.T) {
	for _, fl := range divupdateFields() {
		r := rand.New(rand.NewPCG(21, uint64(fl.n)))
		for range 100 {
			if !fl.invert(r, func(d, e, f, g *s62, mt *[4]int64) {
				checkDEFG(t, &fl, *d, *e, *f, *g, *mt)
			}) {
				t.Fatalf("%s: g did not reach 0", fl.name)
			}
		}
	}
}

// TestUpdateDEFGEdges compares the kernels with the Go updates on extreme
// and random matrices, d and e at the edges of (−2m, m), and f, g from
// inversions and random.
func TestUpdateDEFGEdges(t *testing.T) {
	for _, fl := range divupdateFields() {
		r := rand.New(rand.NewPCG(22, uint64(fl.n)))
		// Realistic matrices and f, g from the batches of a few inversions.
		var ts [][4]int64
		var fgs [][2]s62
		for range 3 {
			fl.invert(r, func(d, e, f, g *s62, mt *[4]int64) {
				ts = append(ts, *mt)
				fgs = append(fgs, [2]s62{*f, *g})
			})
		}
		mats := append(extremeMatrices(), ts...)
		for range 50 {
			mats = append(mats, randomMatrix(r))
		}
		des := edgeDE(r, &fl)
		for _, mt := range mats {
			for i, d := range des {
				for j, e := range des {
					if (i+j)%3 != 0 && i != j {
						continue
					}
					fg := fgs[r.IntN(len(fgs))]
					f, g := fg[0], fg[1]
					if r.IntN(2) == 0 {
						f, g = randomS62(r, fl.n), randomS62(r, fl.n)
					}
					checkDEFG(t, &fl, d, e, f, g, mt)
				}
			}
		}
	}
}

// TestUpdateDEFGCarries puts limbs of all ones and zeros and the largest
// top limbs through the kernels, for the ADC chains and the shifts.
func TestUpdateDEFGCarries(t *testing.T) {
	for _, fl := range divupdateFields() {
		r := rand.New(rand.NewPCG(23, uint64(fl.n)))
		pick := func() s62 {
			var a s62
			for i := range fl.n - 1 {
				a[i] = [3]int64{0, mask62, r.Int64N(1 << 62)}[r.IntN(3)]
			}
			a[fl.n-1] = [6]int64{0, -1, 1<<62 - 1, -1 << 62, 1<<63 - 1, -1 << 63}[r.IntN(6)]
			return a
		}
		mats := extremeMatrices()
		for range 2000 {
			mt := mats[r.IntN(len(mats))]
			checkDEFG(t, &fl, pick(), pick(), pick(), pick(), mt)
		}
	}
}

func BenchmarkUpdateDEFG(b *testing.B) {
	for _, fl := range []divupdateField{newDivupdateField("p256", f4), newDivupdateField("p384", f6), newDivupdateField("p521", newP521())} {
		// The state of the middle batch of an inversion.
		st, mt := fl.batchState(rand.New(rand.NewPCG(24, 0)), 5)
		m := fl.m
		for _, impl := range []struct {
			name string
			fn   func(n int, d, e, f, g *s62, t *[4]int64, m *s62, minv uint64)
		}{{"go", updateDEFGGo}, {"asm", updateDEFGAsm}} {
			b.Run(fmt.Sprintf("%s/%d", impl.name, fl.n), func(b *testing.B) {
				cryptotest.CPUTime(b)
				s := st
				for b.Loop() {
					impl.fn(fl.n, &s[0], &s[1], &s[2], &s[3], &mt, &m, fl.minv)
				}
			})
		}
	}
}
