package edwards448

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/mont/gf448"
)

var bigP = func() *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
	return p.Sub(p, big.NewInt(1))
}()

func feBig(v *gf448.Element) *big.Int { return fromLE(v.Bytes()) }

// affineBig returns the affine coordinates of p.
func affineBig(p *Point) (x, y *big.Int) {
	var zInv, ax, ay gf448.Element
	zInv.Invert(&p.z)
	ax.Mul(&p.x, &zInv)
	ay.Mul(&p.y, &zInv)
	return feBig(&ax), feBig(&ay)
}

// checkOnCurve fails unless p satisfies the curve equation and T·Z = X·Y.
func checkOnCurve(t *testing.T, what string, ps ...*Point) {
	t.Helper()
	for _, p := range ps {
		x, y := affineBig(p)
		x2 := new(big.Int).Mul(x, x)
		y2 := new(big.Int).Mul(y, y)
		lhs := new(big.Int).Add(x2, y2)
		rhs := new(big.Int).Mul(x2, y2)
		rhs.Mul(rhs, big.NewInt(-39081))
		rhs.Add(rhs, big.NewInt(1))
		if lhs.Sub(lhs, rhs).Mod(lhs, bigP).Sign() != 0 {
			t.Fatalf("%s: point not on the curve", what)
		}
		var xy, tz gf448.Element
		xy.Mul(&p.x, &p.y)
		tz.Mul(&p.t, &p.z)
		if xy.Equal(&tz) != 1 {
			t.Fatalf("%s: T·Z ≠ X·Y", what)
		}
		if p.z.IsZero() == 1 {
			t.Fatalf("%s: Z = 0", what)
		}
	}
}

func TestGenerator(t *testing.T) {
	// RFC 8032, Section 5.2.
	wantX, _ := new(big.Int).SetString("224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282578032075146446173674602635247710", 10)
	wantY, _ := new(big.Int).SetString("298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660", 10)
	x, y := affineBig(NewGeneratorPoint())
	if x.Cmp(wantX) != 0 || y.Cmp(wantY) != 0 {
		t.Errorf("generator (%v, %v)", x, y)
	}
	checkOnCurve(t, "B", NewGeneratorPoint())
	if !bytes.Equal(NewGeneratorPoint().Bytes(), generatorBytes[:]) {
		t.Error("generator encoding")
	}
	// [ℓ]B is the identity: [ℓ−1]B = −B.
	lm1 := scalarFromBig(t, new(big.Int).Sub(bigL, big.NewInt(1)))
	var p, negB Point
	p.ScalarBaseMult(lm1)
	negB.Negate(NewGeneratorPoint())
	if p.Equal(&negB) != 1 {
		t.Error("[ℓ−1]B ≠ −B")
	}
	p.Add(&p, NewGeneratorPoint())
	if p.Equal(NewIdentityPoint()) != 1 {
		t.Error("[ℓ]B ≠ identity")
	}
}

// naiveMult computes [k]q by double-and-add with Add and double, as an independent reference.
func naiveMult(k *big.Int, q *Point) *Point {
	acc := NewIdentityPoint()
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc.double(acc)
		if k.Bit(i) == 1 {
			acc.Add(acc, q)
		}
	}
	return acc
}

func circlBaseMult(t *testing.T, s *Scalar) []byte {
	t.Helper()
	var cs goldilocks.Scalar
	copy(cs[:], s.Bytes()[:56])
	out := make([]byte, 57)
	if err := (goldilocks.Curve{}).ScalarBaseMult(&cs).ToBytes(out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestScalarMultVsReference(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 448))
		xs := randomBigs(r, 24)
		B := NewGeneratorPoint()
		var q Point
		q.ScalarBaseMult(scalarFromBig(t, big.NewInt(12345)))
		for i, x := range xs {
			s := scalarFromBig(t, x)
			var p1, p2, p3, p4 Point
			p1.ScalarBaseMult(s)
			p2.ScalarMult(s, B)
			p3.VarTimeDoubleScalarBaseMult(NewScalar(), &q, s)
			checkOnCurve(t, "ScalarBaseMult", &p1, &p2, &p3)
			if p1.Equal(&p2) != 1 || p1.Equal(&p3) != 1 {
				t.Fatalf("[%v]B differs between the multiplications", x)
			}
			if got, want := p1.Bytes(), circlBaseMult(t, s); !bytes.Equal(got, want) {
				t.Fatalf("[%v]B = %x, circl %x", x, got, want)
			}
			if i < 6 {
				if p4 := naiveMult(x, B); p4.Equal(&p1) != 1 {
					t.Fatalf("[%v]B differs from double-and-add", x)
				}
			}
			// [a]Q + [b]B for a second random scalar, against the
			// constant-time pieces.
			y := xs[(i*5+1)%len(xs)]
			a := scalarFromBig(t, y)
			var aq, sum Point
			aq.ScalarMult(a, &q)
			sum.Add(&aq, &p1)
			p4.VarTimeDoubleScalarBaseMult(a, &q, s)
			checkOnCurve(t, "VarTimeDoubleScalarBaseMult", &p4)
			if p4.Equal(&sum) != 1 {
				t.Fatalf("[%v]Q + [%v]B differs", y, x)
			}
			// The same with a point of mixed order (Q plus the point of
			// order 4).
			var qm, qmA, want Point
			qm.Add(&q, smallOrderPoint(t, 1))
			qmA.ScalarMult(a, &qm)
			if ref := naiveMult(y, &qm); i < 4 && ref.Equal(&qmA) != 1 {
				t.Fatalf("ScalarMult of a mixed-order point differs")
			}
			want.Add(&qmA, &p1)
			p4.VarTimeDoubleScalarBaseMult(a, &qm, s)
			if p4.Equal(&want) != 1 {
				t.Fatalf("[%v]Q' + [%v]B differs for a mixed-order Q'", y, x)
			}
		}
	})
}

// smallOrder are the points of order dividing 4: (0, 1), (1, 0), (0, −1),
// (−1, 0), with their canonical encodings.
var smallOrder = func() []string {
	pm1 := leBytes(new(big.Int).Sub(bigP, big.NewInt(1)), 57)
	return []string{
		hex.EncodeToString(leBytes(big.NewInt(1), 57)),
		hex.EncodeToString(append(make([]byte, 56), 0x80)),
		hex.EncodeToString(pm1),
		hex.EncodeToString(make([]byte, 57)),
	}
}()

func smallOrderPoint(t *testing.T, i int) *Point {
	t.Helper()
	b, _ := hex.DecodeString(smallOrder[i])
	p, err := new(Point).SetBytes(b)
	if err != nil {
		t.Fatalf("small-order point %d: %v", i, err)
	}
	return p
}

func TestSmallOrder(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		var pts [4]*Point
		for i := range pts {
			pts[i] = smallOrderPoint(t, i)
			checkOnCurve(t, "small order", pts[i])
			if got := hex.EncodeToString(pts[i].Bytes()); got != smallOrder[i] {
				t.Errorf("point %d encodes as %s", i, got)
			}
		}
		// pts[i] = [i]·T for T = (1, 0) of order 4: the complete formulas
		// add and double them without exception.
		for i := range pts {
			for j := range pts {
				var s Point
				s.Add(pts[i], pts[j])
				checkOnCurve(t, "sum", &s)
				if s.Equal(pts[(i+j)%4]) != 1 {
					t.Errorf("T%d + T%d ≠ T%d", i, j, (i+j)%4)
				}
				s.Subtract(pts[i], pts[j])
				if s.Equal(pts[(i-j+4)%4]) != 1 {
					t.Errorf("T%d − T%d", i, j)
				}
			}
			var d, c Point
			d.double(pts[i])
			if d.Equal(pts[(2*i)%4]) != 1 {
				t.Errorf("2·T%d", i)
			}
			c.MultByCofactor(pts[i])
			if c.Equal(pts[0]) != 1 {
				t.Errorf("4·T%d", i)
			}
			var m Point
			m.ScalarMult(scalarFromBig(t, big.NewInt(6)), pts[1])
			if m.Equal(pts[2]) != 1 {
				t.Error("[6]T1 ≠ T2")
			}
		}
		// B plus a small-order point, and back.
		var s Point
		s.Add(NewGeneratorPoint(), pts[1])
		s.Subtract(&s, pts[1])
		if s.Equal(NewGeneratorPoint()) != 1 {
			t.Error("B + T − T ≠ B")
		}
	})
}

// TestDecoding compares SetBytes with circl's goldilocks.FromBytes on
// valid, non-canonical and random encodings.
func TestDecoding(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 448))
	var inputs [][]byte
	pBytes := leBytes(bigP, 57)
	for k := -3; k <= 3; k++ {
		// y = p + k, with and without the sign bit.
		y := new(big.Int).Add(bigP, big.NewInt(int64(k)))
		b := leBytes(y, 57)
		inputs = append(inputs, b, append(bytes.Clone(b[:56]), 0x80))
	}
	inputs = append(inputs, pBytes)
	for _, s := range smallOrder {
		b, _ := hex.DecodeString(s)
		inputs = append(inputs, b)
		c := bytes.Clone(b)
		c[56] ^= 0x80 // the other sign: (0, ±1) with the sign bit are invalid
		inputs = append(inputs, c)
		c = bytes.Clone(b)
		c[56] |= 0x01 // high bits
		inputs = append(inputs, c)
	}
	var s Scalar
	for i := 0; i < 200; i++ {
		b := make([]byte, 57)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		switch i % 4 {
		case 0:
			b[56] &= 0x80
		case 1:
			s.SetBytesWithClamping(b)
			var p Point
			p.ScalarBaseMult(&s)
			b = p.Bytes()
			if i%8 == 1 {
				b[56] ^= 0x80
			}
		case 2:
			b[56] = 0x80
			b[55] = 0xff
		}
		inputs = append(inputs, b)
	}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		accepted := 0
		for _, in := range inputs {
			var p Point
			_, err := p.SetBytes(in)
			cp, cerr := goldilocks.FromBytes(in)
			if (err == nil) != (cerr == nil) {
				t.Fatalf("SetBytes(%x): %v; circl %v", in, err, cerr)
			}
			if err != nil {
				continue
			}
			accepted++
			checkOnCurve(t, "decoded", &p)
			if !bytes.Equal(p.Bytes(), in) {
				t.Fatalf("SetBytes(%x) re-encodes as %x", in, p.Bytes())
			}
			var ce [57]byte
			cp.ToBytes(ce[:])
			if !bytes.Equal(ce[:], in) {
				t.Fatalf("circl re-encodes %x as %x", in, ce)
			}
		}
		if accepted < 60 || accepted == len(inputs) {
			t.Fatalf("%d of %d accepted", accepted, len(inputs))
		}
	})
	for _, n := range []int{0, 56, 58} {
		if _, err := new(Point).SetBytes(make([]byte, n)); err == nil {
			t.Errorf("%d bytes accepted", n)
		}
	}
}

// TestIsogeny pins the relation between edwards448 and curve448 that X448
// key generation relies on: the isogeny maps B to the point u = 5 (a group
// homomorphism, so no factor of 4 appears: that is the dual isogeny's
// composition with it), and BytesMontgomery([s]B) is the u-coordinate of
// [s]·(u = 5), computed with the ladder.
func TestIsogeny(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 448))
		var five gf448.Element
		five.Mult32(&feOne, 5)
		if got := NewGeneratorPoint().BytesMontgomery(); !bytes.Equal(got, five.Bytes()) {
			t.Fatalf("u(B) = %x, want 5", got)
		}
		if got := NewIdentityPoint().BytesMontgomery(); !bytes.Equal(got, make([]byte, 56)) {
			t.Fatalf("u(identity) = %x, want 0", got)
		}
		for i := 0; i < 20; i++ {
			x := new(big.Int).Mod(fromLE(randBytes(r, 57)), bigL)
			var p Point
			p.ScalarBaseMult(scalarFromBig(t, x))
			var kb [56]byte
			copy(kb[:], leBytes(x, 56))
			var u gf448.Element
			gf448.X448Ladder(&u, &kb, &five)
			if got := p.BytesMontgomery(); !bytes.Equal(got, u.Bytes()) {
				t.Fatalf("u([%v]B) = %x, ladder(s, 5) = %x", x, got, u.Bytes())
			}
		}
	})
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}
