package nistec

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// suite is the generic tests instantiated for one curve. The per-curve test
// files register one each in suites.
type suite struct {
	name string
	std  stdecdh.Curve  // oracle: public keys and shared secrets
	ell  elliptic.Curve // the curve's parameters, and UnmarshalCompressed

	scalarBaseMult, scalarMult, edgeScalars, groupLaws, varTime, setBytes, allocs func(*testing.T, *suite)
}

var suites []*suite

func newSuite[E any, PE fieldElement[E], C curveParams[E]](std stdecdh.Curve, ell elliptic.Curve) *suite {
	return &suite{
		name:           ell.Params().Name,
		std:            std,
		ell:            ell,
		scalarBaseMult: testScalarBaseMult[E, PE, C],
		scalarMult:     testScalarMult[E, PE, C],
		edgeScalars:    testEdgeScalars[E, PE, C],
		groupLaws:      testGroupLaws[E, PE, C],
		varTime:        testVarTime[E, PE, C],
		setBytes:       testSetBytes[E, PE, C],
		allocs:         testAllocs[E, PE, C],
	}
}

func forSuites(t *testing.T, f func(s *suite) func(*testing.T, *suite)) {
	if len(suites) == 0 {
		t.Fatal("no curves registered")
	}
	for _, s := range suites {
		t.Run(s.name, func(t *testing.T) {
			if s.name == "P-256" {
				// P-256 has the assembly of p256_amd64.s: test every
				// path, with every table scan.
				cputest.TestAllCombinations(t, []string{"nistec", "nistec/lookup"}, func(t *testing.T) { f(s)(t, s) })
				return
			}
			f(s)(t, s)
		})
	}
}

func TestScalarBaseMult(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.scalarBaseMult })
}
func TestScalarMult(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.scalarMult })
}
func TestEdgeScalars(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.edgeScalars })
}
func TestGroupLaws(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.groupLaws })
}
func TestScalarBaseMultAddVarTime(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.varTime })
}
func TestSetBytes(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.setBytes })
}
func TestAllocations(t *testing.T) {
	forSuites(t, func(s *suite) func(*testing.T, *suite) { return s.allocs })
}

// iterations returns n, or fewer in -short mode.
func iterations(n int) int {
	if testing.Short() {
		return max(n/8, 2)
	}
	return n
}

func newRand(t *testing.T) *rand.Rand {
	var seed [32]byte
	copy(seed[:], t.Name())
	return rand.New(rand.NewChaCha8(seed))
}

// scalarSize returns the byte length of the curve's scalars.
func (s *suite) scalarSize() int { return (s.ell.Params().N.BitLen() + 7) / 8 }

// bytes encodes k mod n as a scalar.
func (s *suite) bytes(k *big.Int) []byte {
	k = new(big.Int).Mod(k, s.ell.Params().N)
	return k.FillBytes(make([]byte, s.scalarSize()))
}

// randScalar returns a uniform scalar in [1, n−1].
func (s *suite) randScalar(r *rand.Rand) *big.Int {
	n := s.ell.Params().N
	buf := make([]byte, s.scalarSize()+8)
	for {
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		k := new(big.Int).SetBytes(buf)
		k.Mod(k, n)
		if k.Sign() != 0 {
			return k
		}
	}
}

// stdPublic returns k·G from crypto/ecdh, uncompressed; k in [1, n−1].
func (s *suite) stdPublic(t *testing.T, k *big.Int) []byte {
	t.Helper()
	priv, err := s.std.NewPrivateKey(s.bytes(k))
	if err != nil {
		t.Fatal(err)
	}
	return priv.PublicKey().Bytes()
}

// infinity is the encoding of the point at infinity.
var infinity = []byte{0}

func mustSetBytes[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, b []byte) *point[E, PE, C] {
	t.Helper()
	p, err := newPoint[E, PE, C]().SetBytes(b)
	if err != nil {
		t.Fatalf("SetBytes(%x): %v", b, err)
	}
	return p
}

func baseMult[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, k []byte) *point[E, PE, C] {
	t.Helper()
	p, err := newPoint[E, PE, C]().ScalarBaseMult(k)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mult[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, q *point[E, PE, C], k []byte) *point[E, PE, C] {
	t.Helper()
	p, err := newPoint[E, PE, C]().ScalarMult(q, k)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func testScalarBaseMult[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	r := newRand(t)
	n := s.ell.Params().N
	ks := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(16), big.NewInt(17), big.NewInt(31),
		big.NewInt(32), big.NewInt(33), new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(2)),
		new(big.Int).Sub(n, big.NewInt(16)), new(big.Int).Rsh(n, 1)}
	for range iterations(64) {
		ks = append(ks, s.randScalar(r))
	}
	for _, k := range ks {
		got := baseMult[E, PE, C](t, s.bytes(k)).Bytes()
		if want := s.stdPublic(t, k); !bytes.Equal(got, want) {
			t.Errorf("ScalarBaseMult(%x) = %x, want %x", k, got, want)
		}
	}
	if got := newGenerator[E, PE, C]().Bytes(); !bytes.Equal(got, s.stdPublic(t, big.NewInt(1))) {
		t.Errorf("generator %x", got)
	}
}

func testScalarMult[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	r := newRand(t)
	n := s.ell.Params().N
	for range iterations(32) {
		a, b := s.randScalar(r), s.randScalar(r)
		q := mustSetBytes[E, PE, C](t, s.stdPublic(t, a))
		p := mult(t, q, s.bytes(b))
		// The full point against a·b·G.
		want := s.stdPublic(t, new(big.Int).Mod(new(big.Int).Mul(a, b), n))
		if got := p.Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("ScalarMult(%xG, %x) = %x, want %x", a, b, got, want)
		}
		// The x-coordinate against crypto/ecdh's shared secret.
		priv, _ := s.std.NewPrivateKey(s.bytes(b))
		pub, _ := s.std.NewPublicKey(q.Bytes())
		secret, err := priv.ECDH(pub)
		if err != nil {
			t.Fatal(err)
		}
		x, err := p.BytesX()
		if err != nil || !bytes.Equal(x, secret) {
			t.Fatalf("BytesX = %x, %v; crypto/ecdh %x", x, err, secret)
		}
		// The receiver may alias the point.
		q.ScalarMult(q, s.bytes(b))
		if !bytes.Equal(q.Bytes(), want) {
			t.Fatal("ScalarMult with p == q")
		}
	}
}

// testEdgeScalars checks scalars 0, 1, n−1, n, n+1, all-ones and, for
// P-521, values above 2^521, on the generator and on another point, with
// ScalarMult, ScalarBaseMult and ScalarBaseMultAddVarTime.
func testEdgeScalars[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	n := s.ell.Params().N
	size := s.scalarSize()
	raw := func(k *big.Int) []byte { return k.FillBytes(make([]byte, size)) }
	ones := bytes.Repeat([]byte{0xff}, size)
	top := make([]byte, size) // 2^(8·size − 1)
	top[0] = 0x80
	scalars := [][]byte{make([]byte, size), ones, top}
	for _, k := range []*big.Int{
		big.NewInt(1),
		new(big.Int).Sub(n, big.NewInt(1)),
		n,
		new(big.Int).Add(n, big.NewInt(1)),
		new(big.Int).Add(n, n),               // fits only for P-521
		new(big.Int).Lsh(big.NewInt(1), 521), // likewise
		new(big.Int).Lsh(n, 6),               // likewise
	} {
		if k.BitLen() <= 8*size {
			scalars = append(scalars, raw(k))
		}
	}
	a := big.NewInt(0x1234567)
	points := []struct {
		name string
		q    *point[E, PE, C]
		log  *big.Int // q = log·G
	}{
		{"G", newGenerator[E, PE, C](), big.NewInt(1)},
		{"aG", mustSetBytes[E, PE, C](t, s.stdPublic(t, a)), a},
	}
	for _, k := range scalars {
		kmod := new(big.Int).Mod(new(big.Int).SetBytes(k), n)
		for _, pt := range points {
			e := new(big.Int).Mod(new(big.Int).Mul(kmod, pt.log), n)
			want := infinity
			if e.Sign() != 0 {
				want = s.stdPublic(t, e)
			}
			if got := mult(t, pt.q, k).Bytes(); !bytes.Equal(got, want) {
				t.Errorf("ScalarMult(%s, %x) = %x, want %x", pt.name, k, got, want)
			}
			// k·G + k·q
			e2 := new(big.Int).Mod(new(big.Int).Add(kmod, e), n)
			want2 := infinity
			if e2.Sign() != 0 {
				want2 = s.stdPublic(t, e2)
			}
			p, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(k, pt.q, k)
			if err != nil || !bytes.Equal(p.Bytes(), want2) {
				t.Errorf("ScalarBaseMultAddVarTime(%x, %s, %x) = %x, %v; want %x", k, pt.name, k, p.Bytes(), err, want2)
			}
		}
		want := infinity
		if kmod.Sign() != 0 {
			want = s.stdPublic(t, kmod)
		}
		if got := baseMult[E, PE, C](t, k).Bytes(); !bytes.Equal(got, want) {
			t.Errorf("ScalarBaseMult(%x) = %x, want %x", k, got, want)
		}
	}
	// Scalars with a single nonzero signed digit, or all digits zero below a
	// position: the sum of ScalarBaseMult stays at infinity until a late
	// window, across the switch from Jacobian to projective coordinates.
	for i := 0; 6*i < 8*size; i++ {
		for _, m := range []int64{1, 31, 32, 33, 63} {
			k := new(big.Int).Lsh(big.NewInt(m), uint(6*i))
			if k.BitLen() > 8*size {
				continue
			}
			kmod := new(big.Int).Mod(k, n)
			want := infinity
			if kmod.Sign() != 0 {
				want = s.stdPublic(t, kmod)
			}
			if got := baseMult[E, PE, C](t, raw(k)).Bytes(); !bytes.Equal(got, want) {
				t.Errorf("ScalarBaseMult(%d·2^%d) = %x, want %x", m, 6*i, got, want)
			}
		}
	}
	// Scalars k = S + d·2^(6i) whose low part S ≡ ±d·2^(6i) (mod n): the
	// sum below window i equals the window's entry or its opposite, the
	// exceptional cases of an incomplete addition. Only P-521, with scalars
	// of 528 bits, has such scalars in its top windows.
	for i := 0; 6*i < 8*size; i++ {
		for _, dd := range []int64{1, 2, 3, 31, 32} {
			for m := int64(-4); m <= 4; m++ {
				for _, sign := range []int64{1, -1} {
					e := new(big.Int).Lsh(big.NewInt(dd), uint(6*i)) // d·2^(6i)
					low := new(big.Int).Mul(e, big.NewInt(sign))     // S = ±d·2^(6i) − m·n
					low.Sub(low, new(big.Int).Mul(big.NewInt(m), n))
					lim := new(big.Int).Lsh(big.NewInt(1), uint(6*i))
					if low.Sign() < 0 || low.Cmp(lim) >= 0 {
						continue
					}
					k := new(big.Int).Add(low, e)
					if k.BitLen() > 8*size {
						continue
					}
					kmod := new(big.Int).Mod(k, n)
					want := infinity
					if kmod.Sign() != 0 {
						want = s.stdPublic(t, kmod)
					}
					if got := baseMult[E, PE, C](t, raw(k)).Bytes(); !bytes.Equal(got, want) {
						t.Errorf("ScalarBaseMult(%x) = %x, want %x", k, got, want)
					}
				}
			}
		}
	}
	// The same for ScalarMult's 5-bit windows, on G and on aG: scalars
	// whose low part meets the window's entry, and k = n + 2d for small d,
	// which does so in the last window.
	for i := 0; 5*i < 8*size; i++ {
		for _, dd := range []int64{1, 2, 15, 16} {
			for m := int64(-2); m <= 2; m++ {
				for _, sign := range []int64{1, -1} {
					e := new(big.Int).Lsh(big.NewInt(dd), uint(5*i))
					low := new(big.Int).Mul(e, big.NewInt(sign))
					low.Sub(low, new(big.Int).Mul(big.NewInt(m), n))
					lim := new(big.Int).Lsh(big.NewInt(1), uint(5*i))
					if low.Sign() < 0 || low.Cmp(lim) >= 0 {
						continue
					}
					k := new(big.Int).Add(low, e)
					if k.BitLen() > 8*size {
						continue
					}
					for _, pt := range points {
						e := new(big.Int).Mod(new(big.Int).Mul(k, pt.log), n)
						want := infinity
						if e.Sign() != 0 {
							want = s.stdPublic(t, e)
						}
						if got := mult(t, pt.q, raw(k)).Bytes(); !bytes.Equal(got, want) {
							t.Errorf("ScalarMult(%s, %x) = %x, want %x", pt.name, k, got, want)
						}
					}
				}
			}
		}
	}
	// Scalars k = (H + d)·2^(5i) with H ≡ ±d (mod n) a multiple of 32:
	// without the reduction modulo n, the sum of the windows above i (H·q)
	// would meet the entry d·q. They fit in the scalar size only for P-521.
	for i := 1; i < 4; i++ {
		for d := int64(-15); d <= 16; d++ {
			for m := int64(1); m < 64 && d != 0; m++ {
				for _, sign := range []int64{1, -1} {
					h := new(big.Int).Mul(big.NewInt(m), n)
					h.Add(h, big.NewInt(sign*d))
					if new(big.Int).Mod(h, big.NewInt(32)).Sign() != 0 {
						continue
					}
					k := new(big.Int).Lsh(h.Add(h, big.NewInt(d)), uint(5*i))
					if k.BitLen() > 8*size {
						continue
					}
					kmod := new(big.Int).Mod(k, n)
					want := infinity
					if kmod.Sign() != 0 {
						want = s.stdPublic(t, kmod)
					}
					if got := mult(t, points[0].q, raw(k)).Bytes(); !bytes.Equal(got, want) {
						t.Errorf("ScalarMult(G, %x) = %x, want %x", k, got, want)
					}
				}
			}
		}
	}
	for d := int64(-16); d <= 16; d++ {
		k := new(big.Int).Add(n, big.NewInt(2*d))
		if k.Sign() <= 0 || k.BitLen() > 8*size {
			continue
		}
		for _, kk := range []*big.Int{k, new(big.Int).Sub(k, n)} {
			if kk.Sign() < 0 {
				continue
			}
			for _, pt := range points {
				e := new(big.Int).Mod(new(big.Int).Mul(kk, pt.log), n)
				want := infinity
				if e.Sign() != 0 {
					want = s.stdPublic(t, e)
				}
				if got := mult(t, pt.q, raw(kk)).Bytes(); !bytes.Equal(got, want) {
					t.Errorf("ScalarMult(%s, %x) = %x, want %x", pt.name, kk, got, want)
				}
			}
		}
	}
	// Any scalar times the point at infinity.
	inf := newPoint[E, PE, C]()
	for _, k := range scalars {
		if got := mult(t, inf, k).Bytes(); !bytes.Equal(got, infinity) {
			t.Errorf("ScalarMult(∞, %x) = %x", k, got)
		}
	}
	// Wrong scalar lengths.
	for _, l := range []int{0, size - 1, size + 1} {
		k := make([]byte, l)
		if _, err := newPoint[E, PE, C]().ScalarMult(inf, k); err == nil {
			t.Errorf("ScalarMult accepted a %d-byte scalar", l)
		}
		if _, err := newPoint[E, PE, C]().ScalarBaseMult(k); err == nil {
			t.Errorf("ScalarBaseMult accepted a %d-byte scalar", l)
		}
		if _, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(k, inf, make([]byte, size)); err == nil {
			t.Errorf("ScalarBaseMultAddVarTime accepted a %d-byte s1", l)
		}
		if _, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(make([]byte, size), inf, k); err == nil {
			t.Errorf("ScalarBaseMultAddVarTime accepted a %d-byte s2", l)
		}
	}
}

func testGroupLaws[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	r := newRand(t)
	randPoint := func() *point[E, PE, C] {
		return mustSetBytes[E, PE, C](t, s.stdPublic(t, s.randScalar(r)))
	}
	eq := func(what string, a, b *point[E, PE, C]) {
		t.Helper()
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: %x != %x", what, a.Bytes(), b.Bytes())
		}
	}
	inf := newPoint[E, PE, C]()
	if inf.IsInfinity() != 1 || !bytes.Equal(inf.Bytes(), infinity) || !bytes.Equal(inf.BytesCompressed(), infinity) {
		t.Fatal("NewPoint is not the point at infinity")
	}
	if _, err := inf.BytesX(); err == nil {
		t.Error("BytesX of the point at infinity")
	}
	eq("2·∞", newPoint[E, PE, C]().Double(inf), inf)
	eq("∞+∞", newPoint[E, PE, C]().Add(inf, inf), inf)
	eq("−∞", newPoint[E, PE, C]().Negate(inf), inf)
	for range iterations(16) {
		p, q, u := randPoint(), randPoint(), randPoint()
		if p.IsInfinity() != 0 {
			t.Fatal("IsInfinity of a point")
		}
		eq("P+∞", newPoint[E, PE, C]().Add(p, inf), p)
		eq("∞+P", newPoint[E, PE, C]().Add(inf, p), p)
		neg := newPoint[E, PE, C]().Negate(p)
		eq("P+(−P)", newPoint[E, PE, C]().Add(p, neg), inf)
		eq("P+P", newPoint[E, PE, C]().Add(p, p), newPoint[E, PE, C]().Double(p))
		eq("P+Q", newPoint[E, PE, C]().Add(p, q), newPoint[E, PE, C]().Add(q, p))
		l := newPoint[E, PE, C]().Add(p, q)
		l.Add(l, u)
		rr := newPoint[E, PE, C]().Add(q, u)
		rr.Add(p, rr)
		eq("(P+Q)+U = P+(Q+U)", l, rr)
		// P + Q − Q = P, with a non-normalized Z.
		d := newPoint[E, PE, C]().Add(p, q)
		d.Add(d, newPoint[E, PE, C]().Negate(q))
		eq("P+Q−Q", d, p)
		// 2P against 2·P by ScalarMult, and addAffine against add.
		two := make([]byte, s.scalarSize())
		two[len(two)-1] = 2
		eq("2P", newPoint[E, PE, C]().Double(p), mult(t, p, two))
		var xy [2]E
		q.affine(&xy[0], &xy[1])
		eq("addAffine", newPoint[E, PE, C]().addAffine(p, &xy[0], &xy[1], new(addTemps[E])), newPoint[E, PE, C]().Add(p, q))
		eq("addAffine(∞)", newPoint[E, PE, C]().addAffine(inf, &xy[0], &xy[1], new(addTemps[E])), q)
		// doubleN against repeated doubling, on P and on ∞.
		for _, a := range []*point[E, PE, C]{p, inf, d} {
			want := newPoint[E, PE, C]().Set(a)
			for k := 1; k <= 6; k++ {
				want.Double(want)
				eq("doubleN", newPoint[E, PE, C]().doubleN(a, k, new(addTemps[E])), want)
			}
		}
		// Select.
		eq("Select 1", newPoint[E, PE, C]().Select(p, q, 1), p)
		eq("Select 0", newPoint[E, PE, C]().Select(p, q, 0), q)
		// Set and aliasing.
		c := newPoint[E, PE, C]().Set(p)
		c.Add(c, c)
		eq("Add aliasing", c, newPoint[E, PE, C]().Double(p))
		c.Set(p)
		c.Double(c)
		eq("Double aliasing", c, newPoint[E, PE, C]().Double(p))
	}
}

func testVarTime[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	r := newRand(t)
	for range iterations(32) {
		a, b, c := s.randScalar(r), s.randScalar(r), s.randScalar(r)
		q := mustSetBytes[E, PE, C](t, s.stdPublic(t, c))
		want := newPoint[E, PE, C]().Add(baseMult[E, PE, C](t, s.bytes(a)), mult(t, q, s.bytes(b)))
		got, err := newPoint[E, PE, C]().ScalarBaseMultAddVarTime(s.bytes(a), q, s.bytes(b))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("ScalarBaseMultAddVarTime(%x, %xG, %x) = %x, want %x", a, c, b, got.Bytes(), want.Bytes())
		}
		// q = −(a/b)·G... simpler: s1 = a, q = G, s2 = n − a gives ∞.
		n := s.ell.Params().N
		na := new(big.Int).Sub(n, a)
		got.ScalarBaseMultAddVarTime(s.bytes(a), newGenerator[E, PE, C](), s.bytes(na))
		if got.IsInfinity() != 1 {
			t.Fatalf("a·G + (n−a)·G = %x", got.Bytes())
		}
		// s2·∞.
		got.ScalarBaseMultAddVarTime(s.bytes(a), newPoint[E, PE, C](), s.bytes(b))
		if !bytes.Equal(got.Bytes(), s.stdPublic(t, a)) {
			t.Fatal("a·G + b·∞")
		}
	}
}

func testSetBytes[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	r := newRand(t)
	params := s.ell.Params()
	size := (params.BitSize + 7) / 8
	for range iterations(32) {
		k := s.randScalar(r)
		enc := s.stdPublic(t, k)
		p := mustSetBytes[E, PE, C](t, enc)
		if !bytes.Equal(p.Bytes(), enc) {
			t.Fatalf("Bytes after SetBytes: %x, want %x", p.Bytes(), enc)
		}
		x, y := elliptic.Unmarshal(s.ell, enc)
		comp := elliptic.MarshalCompressed(s.ell, x, y)
		if got := p.BytesCompressed(); !bytes.Equal(got, comp) {
			t.Fatalf("BytesCompressed = %x, want %x", got, comp)
		}
		pc := mustSetBytes[E, PE, C](t, comp)
		if !bytes.Equal(pc.Bytes(), enc) {
			t.Fatalf("SetBytes(%x) = %x, want %x", comp, pc.Bytes(), enc)
		}
		// The other parity decodes to −P.
		comp[0] ^= 1
		x2, y2 := elliptic.UnmarshalCompressed(s.ell, comp)
		want := elliptic.Marshal(s.ell, x2, y2)
		if got := mustSetBytes[E, PE, C](t, comp).Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("SetBytes(%x) = %x, want %x", comp, got, want)
		}
		// A random x: a point exactly when crypto/elliptic decodes it.
		xr := make([]byte, size)
		for i := range xr {
			xr[i] = byte(r.Uint32())
		}
		xr[0] &= byte(0xff >> (8*size - params.BitSize))
		comp = append([]byte{2 | byte(r.Uint32()&1)}, xr...)
		x3, y3 := elliptic.UnmarshalCompressed(s.ell, comp)
		q, err := newPoint[E, PE, C]().SetBytes(comp)
		if x3 == nil {
			if err == nil || !strings.HasPrefix(err.Error(), "nistec: ") {
				t.Fatalf("SetBytes(%x) accepted an x off the curve (%v)", comp, err)
			}
		} else if err != nil || !bytes.Equal(q.Bytes(), elliptic.Marshal(s.ell, x3, y3)) {
			t.Fatalf("SetBytes(%x): %v", comp, err)
		}
	}
	// Infinity.
	if p := mustSetBytes[E, PE, C](t, infinity); p.IsInfinity() != 1 {
		t.Error("SetBytes(00) is not the point at infinity")
	}
	// Invalid encodings.
	g := newGenerator[E, PE, C]()
	gu, gc := g.Bytes(), g.BytesCompressed()
	pBytes := params.P.FillBytes(make([]byte, size))
	ones := bytes.Repeat([]byte{0xff}, size)
	offCurve := bytes.Clone(gu)
	offCurve[len(offCurve)-1] ^= 1
	// x = p with G's y, and y = y + p.
	xp := append(append([]byte{4}, pBytes...), gu[1+size:]...)
	yp := append([]byte{4}, gu[1:1+size]...)
	yp = append(yp, new(big.Int).Add(params.P, new(big.Int).SetBytes(gu[1+size:])).FillBytes(make([]byte, size+1))[1:]...)
	bad := map[string][]byte{
		"empty":               {},
		"00 00":               {0, 0},
		"01":                  {1},
		"04":                  {4},
		"02":                  {2},
		"short uncompressed":  gu[:len(gu)-1],
		"long uncompressed":   append(bytes.Clone(gu), 0),
		"short compressed":    gc[:len(gc)-1],
		"long compressed":     append(bytes.Clone(gc), 0),
		"prefix 05":           append([]byte{5}, gu[1:]...),
		"prefix 06 (hybrid)":  append([]byte{6 | gu[len(gu)-1]&1}, gu[1:]...),
		"prefix 07 (hybrid)":  append([]byte{7}, gu[1:]...),
		"prefix 00 long":      append([]byte{0}, gu[1:]...),
		"prefix 04 short":     append([]byte{4}, gc[1:]...),
		"prefix 02 long":      append([]byte{2}, gu[1:]...),
		"prefix 01 compr":     append([]byte{1}, gc[1:]...),
		"off the curve":       offCurve,
		"x = p":               xp,
		"y ≥ p":               yp,
		"x = p compressed":    append([]byte{2}, pBytes...),
		"x all ones":          append([]byte{3}, ones...),
		"x, y all ones":       append(append([]byte{4}, ones...), ones...),
		"x = 0, y = 0":        make([]byte, 1+2*size),
		"uncompressed zeroes": append([]byte{4}, make([]byte, 2*size)...),
	}
	for name, b := range bad {
		p := newGenerator[E, PE, C]()
		got, err := p.SetBytes(b)
		if err == nil || got != nil {
			t.Errorf("%s: SetBytes(%x) accepted", name, b)
			continue
		}
		if !strings.HasPrefix(err.Error(), "nistec: ") {
			t.Errorf("%s: error %q", name, err)
		}
		if !bytes.Equal(p.Bytes(), gu) {
			t.Errorf("%s: SetBytes changed the point on error", name)
		}
	}
}

func testAllocs[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under coverage or the race detector")
	}
	k := bytes.Repeat([]byte{0x5a}, s.scalarSize())
	k[0] = 0x01
	g := newGenerator[E, PE, C]()
	p := newPoint[E, PE, C]()
	baseMult[E, PE, C](t, k) // build the tables
	p.ScalarBaseMultAddVarTime(k, g, k)
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"ScalarMult", 1, func() { p.ScalarMult(g, k) }}, // the scalar reduction (the workspace comes from a pool)
		{"ScalarBaseMult", 0, func() { p.ScalarBaseMult(k) }},
		{"ScalarBaseMultAddVarTime", 1, func() { p.ScalarBaseMultAddVarTime(k, g, k) }},
		{"Add", 1, func() { p.Add(p, g) }},
	} {
		if n := testing.AllocsPerRun(10, c.f); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
}

func TestRecode(t *testing.T) {
	r := newRand(t)
	for _, size := range []int{32, 48, 66} {
		for i := range 200 {
			s := make([]byte, size)
			for j := range s {
				s[j] = byte(r.Uint32())
			}
			switch i {
			case 0:
				clear(s)
			case 1:
				for j := range s {
					s[j] = 0xff
				}
			case 2:
				for j := range s {
					s[j] = 0x84 // 10000100: digits 16, carries
				}
			}
			want := new(big.Int).SetBytes(s)
			got := new(big.Int)
			for _, w := range []int{multWindow, baseWindow} {
				var d [maxWindows]int8
				recode(d[:], s, w)
				got.SetInt64(0)
				for k := numWindows(size, w) - 1; k >= 0; k-- {
					if d[k] <= -(1<<(w-1)) || d[k] > 1<<(w-1) {
						t.Fatalf("digit %d", d[k])
					}
					got.Lsh(got, uint(w))
					got.Add(got, big.NewInt(int64(d[k])))
				}
				if got.Cmp(want) != 0 {
					t.Fatalf("recode(%x, %d) = %v", s, w, d)
				}
			}
			for _, w := range []int{nafWidthPoint, nafWidthBase} {
				var naf [maxNAF]int8
				wnaf(naf[:], s, w)
				got.SetInt64(0)
				last := -w
				for k := len(naf) - 1; k >= 0; k-- {
					got.Lsh(got, 1)
					got.Add(got, big.NewInt(int64(naf[k])))
				}
				for k, v := range naf {
					if v == 0 {
						continue
					}
					if v%2 == 0 || v >= 1<<(w-1) || v <= -(1<<(w-1)) || k-last < w {
						t.Fatalf("wnaf(%x, %d): digit %d at %d", s, w, v, k)
					}
					last = k
				}
				if got.Cmp(want) != 0 {
					t.Fatalf("wnaf(%x, %d) = %v", s, w, naf)
				}
			}
		}
	}
}

// TestLookup checks the masked scan on tables of every entry size it is
// used with (the affine points of the three curves, 8 to 18 words, through
// the curves' lookup, and 27 words) and every index, zero included.
func TestLookup(t *testing.T) {
	testLookup(t, p256Data.lookup)
	testLookup(t, p384Data.lookup)
	testLookup(t, p521Data.lookup)
	testLookup(t, lookupGeneric[[27]uint64])
}

func testLookup[T any](t *testing.T, lookup lookupFunc[T]) {
	r := newRand(t)
	for _, size := range []int{multEntries, baseEntries} {
		table := make([]T, size)
		for j := range table {
			for k := range entryWords(&table[j]) {
				entryWords(&table[j])[k] = r.Uint64()
			}
		}
		for idx := range size + 1 {
			var out T
			entryWords(&out)[0] = 1 // overwritten
			lookup(&out, table, int32(idx))
			want := make([]uint64, len(entryWords(&out)))
			if idx > 0 {
				copy(want, entryWords(&table[idx-1]))
			}
			for k, w := range entryWords(&out) {
				if w != want[k] {
					t.Fatalf("%d words, %d entries, index %d: word %d = %x, want %x", len(want), size, idx, k, w, want[k])
				}
			}
		}
	}
}
