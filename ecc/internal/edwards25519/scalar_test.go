package edwards25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func leToBig(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

func bigToLE(n *big.Int, size int) []byte {
	be := n.FillBytes(make([]byte, size))
	out := make([]byte, size)
	for i := range be {
		out[size-1-i] = be[i]
	}
	return out
}

func scalarBig(s *Scalar) *big.Int { return leToBig(s.Bytes()) }

// edgeBytes64 returns 64-byte inputs at the edges: zero, all ones, ℓ and
// multiples of it ± 1, 2^256 boundaries.
func edgeBytes64(r *rand.Rand, n int) [][]byte {
	var out [][]byte
	add := func(x *big.Int) {
		if x.Sign() >= 0 && x.BitLen() <= 512 {
			out = append(out, bigToLE(x, 64))
		}
	}
	one := big.NewInt(1)
	max := new(big.Int).Sub(new(big.Int).Lsh(one, 512), one)
	add(new(big.Int))
	add(one)
	add(max)
	for _, k := range []int64{1, 2, 16, 1 << 40} {
		m := new(big.Int).Mul(bigL, big.NewInt(k))
		add(m)
		add(new(big.Int).Sub(m, one))
		add(new(big.Int).Add(m, one))
	}
	for _, sh := range []uint{252, 253, 255, 256, 257, 511} {
		p := new(big.Int).Lsh(one, sh)
		add(p)
		add(new(big.Int).Sub(p, one))
	}
	add(new(big.Int).Sub(max, bigL))
	for range n {
		b := make([]byte, 64)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		out = append(out, b)
	}
	return out
}

func randScalar(r *rand.Rand) *Scalar {
	b := make([]byte, 64)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	s, _ := new(Scalar).SetUniformBytes(b)
	return s
}

func TestScalarVsBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	inputs := edgeBytes64(r, 500)
	var scalars []*Scalar
	for _, in := range inputs {
		s, err := new(Scalar).SetUniformBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).Mod(leToBig(in), bigL)
		if got := scalarBig(s); got.Cmp(want) != 0 {
			t.Fatalf("SetUniformBytes(%x) = %v, want %v", in, got, want)
		}
		scalars = append(scalars, s)
	}
	for i := 0; i+2 < len(scalars); i++ {
		x, y, z := scalars[i], scalars[i+1], scalars[i+2]
		bx, by, bz := scalarBig(x), scalarBig(y), scalarBig(z)
		got := scalarBig(new(Scalar).MultiplyAdd(x, y, z))
		want := new(big.Int).Mul(bx, by)
		want.Add(want, bz).Mod(want, bigL)
		if got.Cmp(want) != 0 {
			t.Fatalf("MultiplyAdd: got %v, want %v", got, want)
		}
		got = scalarBig(new(Scalar).Multiply(x, y))
		want.Mul(bx, by).Mod(want, bigL)
		if got.Cmp(want) != 0 {
			t.Fatalf("Multiply: got %v, want %v", got, want)
		}
		got = scalarBig(new(Scalar).Add(x, y))
		want.Add(bx, by).Mod(want, bigL)
		if got.Cmp(want) != 0 {
			t.Fatalf("Add: got %v, want %v", got, want)
		}
		got = scalarBig(new(Scalar).Negate(x))
		want.Neg(bx).Mod(want, bigL)
		if got.Cmp(want) != 0 {
			t.Fatalf("Negate: got %v, want %v", got, want)
		}
		// Aliasing.
		a := *x
		a.MultiplyAdd(&a, &a, &a)
		want.Mul(bx, bx).Add(want, bx).Mod(want, bigL)
		if scalarBig(&a).Cmp(want) != 0 {
			t.Fatal("MultiplyAdd with aliasing")
		}
	}
}

func TestScalarCanonicalAndClamping(t *testing.T) {
	one := big.NewInt(1)
	cases := []struct {
		n  *big.Int
		ok bool
	}{
		{new(big.Int), true},
		{new(big.Int).Sub(bigL, one), true},
		{bigL, false},
		{new(big.Int).Add(bigL, one), false},
		{new(big.Int).Lsh(one, 253), false},
		{new(big.Int).Sub(new(big.Int).Lsh(one, 256), one), false},
	}
	for _, c := range cases {
		b := bigToLE(c.n, 32)
		s, err := new(Scalar).SetCanonicalBytes(b)
		if (err == nil) != c.ok {
			t.Errorf("SetCanonicalBytes(%x): err %v, want ok %v", b, err, c.ok)
		}
		if err == nil && !bytes.Equal(s.Bytes(), b) {
			t.Errorf("SetCanonicalBytes(%x) round trip: %x", b, s.Bytes())
		}
	}
	if _, err := new(Scalar).SetCanonicalBytes(make([]byte, 31)); err == nil {
		t.Error("SetCanonicalBytes accepted 31 bytes")
	}
	if _, err := new(Scalar).SetUniformBytes(make([]byte, 32)); err == nil {
		t.Error("SetUniformBytes accepted 32 bytes")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		s, _ := new(Scalar).SetBytesWithClamping(b)
		c := bytes.Clone(b)
		c[0] &= 248
		c[31] &= 127
		c[31] |= 64
		want := new(big.Int).Mod(leToBig(c), bigL)
		if scalarBig(s).Cmp(want) != 0 {
			t.Fatalf("SetBytesWithClamping(%x)", b)
		}
	}
}

func TestScalarDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	scalars := []*Scalar{new(Scalar)}
	m1, _ := new(Scalar).SetCanonicalBytes(bigToLE(new(big.Int).Sub(bigL, big.NewInt(1)), 32))
	scalars = append(scalars, m1)
	for range 300 {
		scalars = append(scalars, randScalar(r))
	}
	for _, s := range scalars {
		want := scalarBig(s)
		e := s.signedRadix16()
		sum := new(big.Int)
		for i := 63; i >= 0; i-- {
			if e[i] < -8 || e[i] > 8 || (i < 63 && e[i] == 8) {
				t.Fatalf("digit %d = %d", i, e[i])
			}
			sum.Lsh(sum, 4).Add(sum, big.NewInt(int64(e[i])))
		}
		if sum.Cmp(want) != 0 {
			t.Fatalf("signedRadix16 of %v sums to %v", want, sum)
		}
		for _, w := range []uint{5, 8} {
			naf := s.nonAdjacentForm(w)
			sum.SetInt64(0)
			last := -1000
			for i := 255; i >= 0; i-- {
				sum.Lsh(sum, 1).Add(sum, big.NewInt(int64(naf[i])))
				if d := naf[i]; d != 0 {
					if dd := int(d); dd%2 == 0 || dd >= 1<<(w-1) || dd <= -(1<<(w-1)) {
						t.Fatalf("NAF digit %d", d)
					}
					if last-i < int(w) && last != -1000 {
						t.Fatalf("NAF digits too close: %d and %d", last, i)
					}
					last = i
				}
			}
			if sum.Cmp(want) != 0 {
				t.Fatalf("NAF(%d) of %v sums to %v", w, want, sum)
			}
		}
	}
}

func TestScalarConstants(t *testing.T) {
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	chk := func(name string, l [4]uint64, want *big.Int) {
		s := Scalar{l}
		if scalarBig(&s).Cmp(want) != 0 {
			t.Errorf("%s wrong", name)
		}
	}
	chk("ell", ell, bigL)
	chk("rModL", rModL, new(big.Int).Mod(R, bigL))
	chk("rrModL", rrModL, new(big.Int).Mod(new(big.Int).Mul(R, R), bigL))
	inv := new(big.Int).ModInverse(bigL, new(big.Int).Lsh(big.NewInt(1), 64))
	inv.Neg(inv).Mod(inv, new(big.Int).Lsh(big.NewInt(1), 64))
	if inv.Uint64() != ellInv {
		t.Error("ellInv wrong")
	}
}
