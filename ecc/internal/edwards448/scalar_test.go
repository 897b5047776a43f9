package edwards448

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bigL, _ = new(big.Int).SetString("181709681073901722637330951972001133588410340171829515070372549795146003961539585716195755291692375963310293709091662304773755859649779", 10)

func leBytes(n *big.Int, size int) []byte {
	b := n.FillBytes(make([]byte, size))
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

func fromLE(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

func scalarBig(s *Scalar) *big.Int { return fromLE(s.Bytes()) }

func scalarFromBig(t testing.TB, n *big.Int) *Scalar {
	t.Helper()
	s, err := new(Scalar).SetCanonicalBytes(leBytes(new(big.Int).Mod(n, bigL), ScalarSize))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestScalarConstants(t *testing.T) {
	l := new(big.Int).Lsh(big.NewInt(1), 446)
	c, _ := new(big.Int).SetString("13818066809895115352007386748515426880336692474882178609894547503885", 10)
	l.Sub(l, c)
	if l.Cmp(bigL) != 0 {
		t.Fatal("ℓ")
	}
	var el [scalarLimbs]uint64 = ell
	if fromLE(limbBytes(&el)).Cmp(bigL) != 0 {
		t.Error("ell limbs")
	}
	m := new(big.Int).Lsh(big.NewInt(1), 64)
	if new(big.Int).Mod(new(big.Int).Mul(big.NewInt(0).SetUint64(ellInv), bigL), m).Cmp(new(big.Int).Sub(m, big.NewInt(1))) != 0 {
		t.Error("ellInv")
	}
	for i, r := range []*[scalarLimbs]uint64{&r1, &r2, &r3} {
		want := new(big.Int).Lsh(big.NewInt(1), uint(448*(i+1)))
		want.Mod(want, bigL)
		if fromLE(limbBytes(r)).Cmp(want) != 0 {
			t.Errorf("R^%d", i+1)
		}
	}
}

func limbBytes(l *[scalarLimbs]uint64) []byte {
	s := Scalar{*l}
	return s.Bytes()
}

// randomBig returns random values of n bits, with extra weight on values
// near 0, ℓ and powers of two.
func randomBigs(r *rand.Rand, n int) []*big.Int {
	var out []*big.Int
	for _, v := range []int64{0, 1, 2, 3, -1, -2} {
		x := big.NewInt(v)
		if v < 0 {
			x.Add(x, bigL)
		}
		out = append(out, x)
	}
	for i := 0; i < n; i++ {
		b := make([]byte, 56)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		x := fromLE(b)
		switch i % 4 {
		case 0:
			x.Mod(x, bigL)
		case 1:
			x.Rsh(x, uint(r.IntN(446)))
		case 2:
			x.Sub(bigL, x.Rsh(x, uint(200+r.IntN(240))))
			if x.Sign() < 0 {
				x.SetInt64(0)
			}
		default:
			x.Mod(x, bigL)
		}
		out = append(out, x)
	}
	return out
}

func TestScalarVsBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 448))
	xs := randomBigs(r, 200)
	for i, x := range xs {
		y := xs[(i*7+3)%len(xs)]
		z := xs[(i*13+5)%len(xs)]
		sx, sy, sz := scalarFromBig(t, x), scalarFromBig(t, y), scalarFromBig(t, z)
		check := func(op string, got *Scalar, want *big.Int) {
			t.Helper()
			want = new(big.Int).Mod(want, bigL)
			if scalarBig(got).Cmp(want) != 0 {
				t.Fatalf("%s(%v, %v, %v) = %v, want %v", op, x, y, z, scalarBig(got), want)
			}
		}
		check("Add", new(Scalar).Add(sx, sy), new(big.Int).Add(x, y))
		check("Multiply", new(Scalar).Multiply(sx, sy), new(big.Int).Mul(x, y))
		check("MultiplyAdd", new(Scalar).MultiplyAdd(sx, sy, sz), new(big.Int).Add(new(big.Int).Mul(x, y), z))
		check("Negate", new(Scalar).Negate(sx), new(big.Int).Neg(x))
		// Aliasing.
		a := *sx
		check("Multiply aliased", a.Multiply(&a, &a), new(big.Int).Mul(x, x))
		if new(Scalar).Set(sx).Equal(sx) != 1 || (x.Cmp(y) != 0) != (sx.Equal(sy) == 0) {
			t.Fatal("Equal")
		}
	}
}

func TestScalarSetUniformBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 448))
	for i := 0; i < 300; i++ {
		b := make([]byte, 114)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		switch i {
		case 0:
			clear(b)
		case 1:
			for j := range b {
				b[j] = 0xff
			}
		case 2:
			copy(b, leBytes(bigL, 114))
		}
		s, err := new(Scalar).SetUniformBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).Mod(fromLE(b), bigL)
		if scalarBig(s).Cmp(want) != 0 {
			t.Fatalf("SetUniformBytes(%x) = %v, want %v", b, scalarBig(s), want)
		}
	}
	if _, err := new(Scalar).SetUniformBytes(make([]byte, 64)); err == nil {
		t.Error("64 bytes accepted")
	}
}

func TestScalarSetCanonicalBytes(t *testing.T) {
	for _, tc := range []struct {
		n  *big.Int
		ok bool
	}{
		{big.NewInt(0), true},
		{new(big.Int).Sub(bigL, big.NewInt(1)), true},
		{bigL, false},
		{new(big.Int).Add(bigL, big.NewInt(1)), false},
		{new(big.Int).Lsh(big.NewInt(1), 446), false},
		{new(big.Int).Lsh(big.NewInt(1), 447), false},
		{new(big.Int).Lsh(big.NewInt(1), 448), false},
		{new(big.Int).Lsh(big.NewInt(1), 455), false},
		{new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 448), big.NewInt(5)), false},
	} {
		b := leBytes(tc.n, ScalarSize)
		s, err := new(Scalar).SetCanonicalBytes(b)
		if (err == nil) != tc.ok {
			t.Errorf("SetCanonicalBytes(%v): %v", tc.n, err)
		}
		if err == nil && !bytes.Equal(s.Bytes(), b) {
			t.Errorf("round trip of %v: %x", tc.n, s.Bytes())
		}
	}
	for _, n := range []int{0, 56, 58, 114} {
		if _, err := new(Scalar).SetCanonicalBytes(make([]byte, n)); err == nil {
			t.Errorf("%d bytes accepted", n)
		}
	}
}

func TestScalarClamping(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 448))
	for i := 0; i < 100; i++ {
		b := make([]byte, 57)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		if i == 0 {
			clear(b)
		}
		s, err := new(Scalar).SetBytesWithClamping(b)
		if err != nil {
			t.Fatal(err)
		}
		c := bytes.Clone(b)
		c[0] &= 0xfc
		c[55] |= 0x80
		c[56] = 0
		want := new(big.Int).Mod(fromLE(c), bigL)
		if scalarBig(s).Cmp(want) != 0 {
			t.Fatalf("SetBytesWithClamping(%x)", b)
		}
		x, err := new(Scalar).SetX448Bytes(b[:56])
		if err != nil || x.Equal(s) != 1 {
			t.Fatalf("SetX448Bytes(%x) differs", b[:56])
		}
	}
	if _, err := new(Scalar).SetBytesWithClamping(make([]byte, 56)); err == nil {
		t.Error("56 bytes accepted")
	}
	if _, err := new(Scalar).SetX448Bytes(make([]byte, 57)); err == nil {
		t.Error("57 bytes accepted")
	}
}

func TestScalarDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 448))
	for _, x := range randomBigs(r, 200) {
		s := scalarFromBig(t, x)
		e := s.signedRadix16()
		sum := new(big.Int)
		for i := len(e) - 1; i >= 0; i-- {
			if e[i] < -8 || e[i] > 8 || (i < len(e)-1 && e[i] == 8) {
				t.Fatalf("digit %d of %v: %d", i, x, e[i])
			}
			sum.Lsh(sum, 4)
			sum.Add(sum, big.NewInt(int64(e[i])))
		}
		if sum.Cmp(x) != 0 {
			t.Fatalf("radix 16 of %v sums to %v", x, sum)
		}
		for _, w := range []uint{5, 8} {
			naf := s.nonAdjacentForm(w)
			sum := new(big.Int)
			last := 1 << 20
			for i := len(naf) - 1; i >= 0; i-- {
				if d := int(naf[i]); d != 0 {
					if d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) || last-i < int(w) {
						t.Fatalf("NAF(%d) of %v: digit %d at %d", w, x, d, i)
					}
					last = i
				}
				sum.Lsh(sum, 1)
				sum.Add(sum, big.NewInt(int64(naf[i])))
			}
			if sum.Cmp(x) != 0 {
				t.Fatalf("NAF(%d) of %v sums to %v", w, x, sum)
			}
		}
	}
}
