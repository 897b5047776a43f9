package edwards25519

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// A slow affine reference with math/big.

var (
	bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigD = func() *big.Int {
		d := new(big.Int).ModInverse(big.NewInt(121666), bigP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, bigP)
	}()
	bigBx = func() *big.Int {
		x, _ := new(big.Int).SetString("15112221349535400772501151409588531511454012693041857206046113283949847762202", 10)
		return x
	}()
	bigBy = func() *big.Int {
		y, _ := new(big.Int).SetString("46316835694926478169428394003475163141307993866256225615783033603165251855960", 10)
		return y
	}()
)

type affine struct{ x, y *big.Int }

func affineAdd(a, b affine) affine {
	// x3 = (x1y2 + y1x2)/(1 + d x1x2y1y2), y3 = (y1y2 + x1x2)/(1 − d x1x2y1y2)
	m := func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) }
	t := m(m(a.x, b.x), m(a.y, b.y))
	t.Mul(t, bigD).Mod(t, bigP)
	nx := new(big.Int).Add(m(a.x, b.y), m(a.y, b.x))
	ny := new(big.Int).Add(m(a.y, b.y), m(a.x, b.x))
	dx := new(big.Int).Add(big.NewInt(1), t)
	dy := new(big.Int).Sub(big.NewInt(1), t)
	dx.ModInverse(dx.Mod(dx, bigP), bigP)
	dy.ModInverse(dy.Mod(dy, bigP), bigP)
	return affine{nx.Mul(nx, dx).Mod(nx, bigP), ny.Mul(ny, dy).Mod(ny, bigP)}
}

func affineMul(k *big.Int, a affine) affine {
	r := affine{new(big.Int), big.NewInt(1)}
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = affineAdd(r, r)
		if k.Bit(i) == 1 {
			r = affineAdd(r, a)
		}
	}
	return r
}

func affineEncode(a affine) []byte {
	b := bigToLE(a.y, 32)
	b[31] |= byte(a.x.Bit(0) << 7)
	return b
}

func toAffine(p *Point) affine {
	x := leToBig(p.x.Bytes())
	y := leToBig(p.y.Bytes())
	z := leToBig(p.z.Bytes())
	t := leToBig(p.t.Bytes())
	zi := new(big.Int).ModInverse(z, bigP)
	ax := new(big.Int).Mul(x, zi)
	ax.Mod(ax, bigP)
	ay := new(big.Int).Mul(y, zi)
	ay.Mod(ay, bigP)
	// Check the invariant xy = T/Z.
	xy := new(big.Int).Mul(ax, ay)
	xy.Mod(xy, bigP)
	tz := new(big.Int).Mul(t, zi)
	if tz.Mod(tz, bigP).Cmp(xy) != 0 {
		panic("T/Z != xy")
	}
	return affine{ax, ay}
}

func checkPoint(t *testing.T, name string, got *Point, want affine) {
	t.Helper()
	g := toAffine(got)
	if g.x.Cmp(want.x) != 0 || g.y.Cmp(want.y) != 0 {
		t.Fatalf("%s: got (%v, %v), want (%v, %v)", name, g.x, g.y, want.x, want.y)
	}
	if !bytes.Equal(got.Bytes(), affineEncode(want)) {
		t.Fatalf("%s: Bytes() = %x, want %x", name, got.Bytes(), affineEncode(want))
	}
}

func TestGenerator(t *testing.T) {
	checkPoint(t, "B", NewGeneratorPoint(), affine{bigBx, bigBy})
}

func testScalars(r *rand.Rand, n int) []*Scalar {
	out := []*Scalar{new(Scalar)}
	for _, v := range []int64{1, 2, 7, 8, 9, 15, 16, 17, 255, 256} {
		out = append(out, scalarFromBig(big.NewInt(v)))
	}
	out = append(out, scalarFromBig(new(big.Int).Sub(bigL, big.NewInt(1))))
	out = append(out, scalarFromBig(new(big.Int).Lsh(big.NewInt(1), 252)))
	// All digits 8 or −8 in radix 16 patterns.
	out = append(out, scalarFromBig(new(big.Int).Mod(leToBig(bytes.Repeat([]byte{0x88}, 32)), bigL)))
	out = append(out, scalarFromBig(new(big.Int).Mod(leToBig(bytes.Repeat([]byte{0x77}, 32)), bigL)))
	for range n {
		out = append(out, randScalar(r))
	}
	return out
}

func scalarFromBig(n *big.Int) *Scalar {
	s, err := new(Scalar).SetCanonicalBytes(bigToLE(n, 32))
	if err != nil {
		panic(err)
	}
	return s
}

func TestScalarMultVsReference(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		B := affine{bigBx, bigBy}
		scalars := testScalars(r, 12)
		var prev *Point = NewGeneratorPoint()
		for i, s := range scalars {
			k := scalarBig(s)
			want := affineMul(k, B)
			var p Point
			p.ScalarBaseMult(s)
			checkPoint(t, "ScalarBaseMult", &p, want)

			// Variable base: q is the previous result, a point of
			// unknown discrete log.
			qa := toAffine(prev)
			var v Point
			v.ScalarMult(s, prev)
			checkPoint(t, "ScalarMult", &v, affineMul(k, qa))

			b := scalars[(i+5)%len(scalars)]
			var w Point
			w.VarTimeDoubleScalarBaseMult(s, prev, b)
			checkPoint(t, "VarTimeDoubleScalarBaseMult", &w, affineAdd(affineMul(k, qa), affineMul(scalarBig(b), B)))

			var sum, diff, neg Point
			sum.Add(&p, prev)
			checkPoint(t, "Add", &sum, affineAdd(want, qa))
			diff.Subtract(&p, prev)
			neg.Negate(prev)
			checkPoint(t, "Subtract", &diff, affineAdd(want, toAffine(&neg)))
			if diff.Add(&diff, prev).Equal(&p) != 1 {
				t.Fatal("(p − q) + q != p")
			}
			var c Point
			c.MultByCofactor(&p)
			checkPoint(t, "MultByCofactor", &c, affineMul(big.NewInt(8), want))
			prev = &v
			if v.Equal(NewIdentityPoint()) == 1 {
				prev = NewGeneratorPoint()
			}
		}
	})
}

// TestSmallOrder checks the arithmetic on the points of order 1, 2, 4 and 8
// (the complete formulas have no exceptions).
func TestSmallOrder(t *testing.T) {
	for _, enc := range smallOrderEncodings {
		var p Point
		if _, err := p.SetBytes(enc); err != nil {
			t.Fatalf("SetBytes(%x): %v", enc, err)
		}
		var c Point
		c.MultByCofactor(&p)
		if c.Equal(NewIdentityPoint()) != 1 {
			t.Errorf("8·(%x) is not the identity", enc)
		}
		var s Point
		s.Add(&p, NewGeneratorPoint())
		checkPoint(t, "small + B", &s, affineAdd(toAffine(&p), affine{bigBx, bigBy}))
	}
}

// smallOrderEncodings are the canonical encodings of the eight points of
// order dividing 8.
var smallOrderEncodings = func() [][]byte {
	hexes := []string{
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"0000000000000000000000000000000000000000000000000000000000000080",
		"0000000000000000000000000000000000000000000000000000000000000000",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	}
	var out [][]byte
	for _, h := range hexes {
		out = append(out, mustHex(h))
	}
	return out
}()

func mustHex(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		var v byte
		for _, c := range s[2*i : 2*i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			case c >= 'a' && c <= 'f':
				v |= byte(c - 'a' + 10)
			}
		}
		b[i] = v
	}
	return b
}

// stdlibAccepts reports whether crypto/ed25519 accepts enc as a public key:
// it reports a bad key with its own error, distinct from a bad signature.
func stdlibAccepts(enc []byte) bool {
	err := ed25519.VerifyWithOptions(ed25519.PublicKey(enc), nil, make([]byte, 64), &ed25519.Options{})
	return err == nil || !strings.Contains(err.Error(), "bad public key")
}

// TestSetBytesVsStdlib checks that SetBytes accepts exactly the encodings
// crypto/ed25519 accepts: random bytes, every y near 0, 1, p − 1 and p..2^255−1
// with both sign bits, and the small-order points.
func TestSetBytesVsStdlib(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		var encs [][]byte
		for range 300 {
			b := make([]byte, 32)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			encs = append(encs, b)
		}
		for _, base := range []*big.Int{big.NewInt(0), new(big.Int).Sub(bigP, big.NewInt(20)), bigP} {
			for k := int64(0); k < 40; k++ {
				y := new(big.Int).Add(base, big.NewInt(k))
				if y.BitLen() > 255 {
					continue
				}
				b := bigToLE(y, 32)
				encs = append(encs, b)
				s := bytes.Clone(b)
				s[31] |= 0x80
				encs = append(encs, s)
			}
		}
		encs = append(encs, smallOrderEncodings...)
		accepted := 0
		for _, enc := range encs {
			var p Point
			_, err := p.SetBytes(enc)
			if want := stdlibAccepts(enc); (err == nil) != want {
				t.Fatalf("SetBytes(%x): err = %v, stdlib accepts: %v", enc, err, want)
			}
			if err != nil {
				continue
			}
			accepted++
			// The decoded point is on the curve and re-encodes to the
			// canonical form of enc.
			a := toAffine(&p)
			lhs := new(big.Int).Mul(a.y, a.y)
			x2 := new(big.Int).Mul(a.x, a.x)
			lhs.Sub(lhs, x2)
			rhs := new(big.Int).Mul(x2, new(big.Int).Mul(a.y, a.y))
			rhs.Mul(rhs, bigD).Add(rhs, big.NewInt(1))
			if new(big.Int).Sub(lhs, rhs).Mod(lhs.Sub(lhs, rhs), bigP).Sign() != 0 {
				t.Fatalf("SetBytes(%x) is not on the curve", enc)
			}
			y := new(big.Int).Mod(leToBig(append(bytes.Clone(enc[:31]), enc[31]&0x7f)), bigP)
			canon := bigToLE(y, 32)
			if a.x.Sign() != 0 {
				canon[31] |= enc[31] & 0x80
			}
			if !bytes.Equal(p.Bytes(), canon) {
				t.Fatalf("SetBytes(%x).Bytes() = %x, want %x", enc, p.Bytes(), canon)
			}
		}
		if accepted < 100 {
			t.Fatalf("only %d encodings accepted", accepted)
		}
		if _, err := new(Point).SetBytes(make([]byte, 31)); err == nil {
			t.Fatal("SetBytes accepted 31 bytes")
		}
	})
}

// TestPublicKeysVsStdlib derives Ed25519 public keys as RFC 8032 does and
// compares them with crypto/ed25519.
func TestPublicKeysVsStdlib(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		for i := range 200 {
			seed := make([]byte, 32)
			for j := range seed {
				seed[j] = byte(r.Uint32())
			}
			if i == 0 {
				clear(seed)
			}
			h := sha512.Sum512(seed)
			s, _ := new(Scalar).SetBytesWithClamping(h[:32])
			var p Point
			p.ScalarBaseMult(s)
			want := ed25519.NewKeyFromSeed(seed)[32:]
			if !bytes.Equal(p.Bytes(), want) {
				t.Fatalf("seed %x: public key %x, want %x", seed, p.Bytes(), want)
			}
			var q Point
			q.ScalarMult(s, NewGeneratorPoint())
			if q.Equal(&p) != 1 {
				t.Fatal("ScalarMult(s, B) != ScalarBaseMult(s)")
			}
		}
	})
}

func TestBytesMontgomery(t *testing.T) {
	// The base point maps to u = 9, the identity to u = 0.
	want := make([]byte, 32)
	want[0] = 9
	if got := NewGeneratorPoint().BytesMontgomery(); !bytes.Equal(got, want) {
		t.Errorf("B maps to %x", got)
	}
	if got := NewIdentityPoint().BytesMontgomery(); !bytes.Equal(got, make([]byte, 32)) {
		t.Errorf("identity maps to %x", got)
	}
}

func TestAllocations(t *testing.T) {
	s := randScalar(rand.New(rand.NewPCG(1, 1)))
	var p Point
	p.ScalarBaseMult(s)
	if n := testing.AllocsPerRun(10, func() {
		p.ScalarBaseMult(s)
		p.VarTimeDoubleScalarBaseMult(s, &p, s)
		p.ScalarMult(s, &p)
		var b [32]byte
		p.bytes(&b)
	}); n > 0 {
		t.Errorf("%v allocations", n)
	}
}
