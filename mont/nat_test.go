package mont

import (
	"bytes"
	"crypto/rand"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// testModuli returns odd moduli of many shapes: one limb to 66 limbs, with
// the top bit set or a small top limb, all ones, and the RSA and FFDH
// sizes.
func testModuli(t *testing.T, r *mrand.Rand) []*big.Int {
	t.Helper()
	var ms []*big.Int
	sizes := []int{2, 3, 63, 64, 65, 127, 128, 129, 200, 255, 256, 257, 384, 521, 1000, 1024, 1025, 1536, 2048, 3072, 4096}
	if !testing.Short() {
		sizes = append(sizes, 4224, 6144)
	}
	for _, bitLen := range sizes {
		// Random with the top bit set.
		m := randBig(r, bitLen)
		m.SetBit(m, bitLen-1, 1)
		m.SetBit(m, 0, 1)
		ms = append(ms, m)
		if bitLen < 4 {
			continue
		}
		// All ones: 2^bitLen - 1.
		ones := new(big.Int).Lsh(big.NewInt(1), uint(bitLen))
		ones.Sub(ones, big.NewInt(1))
		ms = append(ms, ones)
		// 2^(bitLen-1) + 1: a top limb with one bit and a low limb of 1.
		pow := new(big.Int).Lsh(big.NewInt(1), uint(bitLen-1))
		ms = append(ms, pow.Add(pow, big.NewInt(1)))
	}
	return ms
}

func randBig(r *mrand.Rand, bitLen int) *big.Int {
	b := make([]byte, (bitLen+7)/8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	if excess := len(b)*8 - bitLen; excess > 0 {
		b[0] &= 0xff >> excess
	}
	return new(big.Int).SetBytes(b)
}

// testOperands returns values below m: edge values and random ones.
func testOperands(r *mrand.Rand, m *big.Int) []*big.Int {
	one := big.NewInt(1)
	mMinus1 := new(big.Int).Sub(m, one)
	ops := []*big.Int{big.NewInt(0), one, mMinus1, new(big.Int).Rsh(m, 1)}
	// Limbs all ones below m: 2^(64k) - 1 for the largest k that fits.
	for k := (m.BitLen() - 1) / 64; k >= 1; k = 0 {
		v := new(big.Int).Lsh(one, uint(64*k))
		ops = append(ops, v.Sub(v, one))
	}
	for range 4 {
		ops = append(ops, new(big.Int).Mod(randBig(r, m.BitLen()), m))
	}
	var out []*big.Int
	for _, v := range ops {
		if v.Cmp(m) < 0 && v.Sign() >= 0 {
			out = append(out, v)
		}
	}
	return out
}

func natFromBig(t *testing.T, v *big.Int, m *Modulus) *Nat {
	t.Helper()
	x, err := NewNat().SetBytes(v.Bytes(), m)
	if err != nil {
		t.Fatalf("SetBytes(%x): %v", v, err)
	}
	return x
}

func modFromBig(t *testing.T, v *big.Int) *Modulus {
	t.Helper()
	m, err := NewModulus(v.Bytes())
	if err != nil {
		t.Fatalf("NewModulus(%x): %v", v, err)
	}
	return m
}

func checkNat(t *testing.T, op string, got *Nat, m *Modulus, want *big.Int) {
	t.Helper()
	g := new(big.Int).SetBytes(got.Bytes(m))
	if g.Cmp(want) != 0 {
		t.Errorf("%s: got %x, want %x", op, g, want)
	}
	if len(got.limbs) != len(m.nat.limbs) {
		t.Errorf("%s: result has %d limbs, modulus %d", op, len(got.limbs), len(m.nat.limbs))
	}
}

func TestArithmetic(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mrand.New(mrand.NewPCG(1, 2))
		for _, mb := range testModuli(t, r) {
			m := modFromBig(t, mb)
			ops := testOperands(r, mb)
			for i, a := range ops {
				for _, b := range ops[i:] {
					x, y := natFromBig(t, a, m), natFromBig(t, b, m)
					want := new(big.Int)

					checkNat(t, "Add", NewNat().Set(x).Add(y, m), m, want.Mod(want.Add(a, b), mb))
					checkNat(t, "Sub", NewNat().Set(x).Sub(y, m), m, want.Mod(want.Sub(a, b), mb))
					checkNat(t, "Sub reversed", NewNat().Set(y).Sub(x, m), m, want.Mod(want.Sub(b, a), mb))
					checkNat(t, "Mul", NewNat().Set(x).Mul(y, m), m, want.Mod(want.Mul(a, b), mb))
					checkNat(t, "Mul aliased", NewNat().Set(x).Mul(x, m), m, want.Mod(want.Mul(a, a), mb))
					checkNat(t, "Square", NewNat().Set(y).Square(m), m, want.Mod(want.Mul(b, b), mb))

					if got, want := x.Equal(y), Choice(btoi(a.Cmp(b) == 0)); got != want {
						t.Errorf("Equal(%x, %x) = %d", a, b, got)
					}
				}
				x := natFromBig(t, a, m)
				if got := x.IsZero(); got != Choice(btoi(a.Sign() == 0)) {
					t.Errorf("IsZero(%x) = %d", a, got)
				}
				if got := x.IsOne(); got != Choice(btoi(a.Cmp(big.NewInt(1)) == 0)) {
					t.Errorf("IsOne(%x) = %d", a, got)
				}
				if got := x.IsMinusOne(m); got != Choice(btoi(new(big.Int).Add(a, big.NewInt(1)).Cmp(mb) == 0)) {
					t.Errorf("IsMinusOne(%x) = %d", a, got)
				}
				if got := x.IsOdd(); got != Choice(a.Bit(0)) {
					t.Errorf("IsOdd(%x) = %d", a, got)
				}
				want := new(big.Int).Sub(a, big.NewInt(1))
				checkNat(t, "SubOne", NewNat().Set(x).SubOne(m), m, want.Mod(want, mb))
			}
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestExp(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mrand.New(mrand.NewPCG(3, 4))
		for _, mb := range testModuli(t, r) {
			if mb.BitLen() > 2048 && testing.Short() {
				continue
			}
			m := modFromBig(t, mb)
			ops := testOperands(r, mb)
			exps := [][]byte{nil, {0}, {1}, {2}, {0x1f}, {0x20}, {0xff, 0xff}, {0, 0, 1}, {1, 0, 1}}
			exps = append(exps, randBig(r, 67).Bytes(), randBig(r, 1024).Bytes())
			if mb.BitLen() > 4096 {
				ops = ops[:2] // the looped kernel; keep the test short
			}
			for _, a := range ops[:min(5, len(ops))] {
				x := natFromBig(t, a, m)
				for _, e := range exps {
					want := new(big.Int).Exp(a, new(big.Int).SetBytes(e), mb)
					if mb.Cmp(big.NewInt(1)) != 0 && len(e) == 0 {
						want.SetInt64(1)
					}
					checkNat(t, "Exp", NewNat().Exp(x, e, m), m, want)
					if len(e) <= 8 {
						var v uint64
						for _, c := range e {
							v = v<<8 | uint64(c)
						}
						checkNat(t, "ExpShortVarTime", NewNat().ExpShortVarTime(x, v, m), m, want)
					}
				}
				// Aliased output.
				e := []byte{3, 0xa5}
				y := NewNat().Set(x)
				checkNat(t, "Exp aliased", y.Exp(y, e, m), m, new(big.Int).Exp(a, big.NewInt(0x3a5), mb))
				y = NewNat().Set(x)
				checkNat(t, "ExpShortVarTime aliased", y.ExpShortVarTime(y, 0x10001, m), m, new(big.Int).Exp(a, big.NewInt(0x10001), mb))
			}
		}
	})
}

func TestMod(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mrand.New(mrand.NewPCG(5, 6))
		for _, mb := range testModuli(t, r) {
			m := modFromBig(t, mb)
			n := len(m.nat.limbs)
			for _, limbs := range []int{0, 1, n - 1, n, n + 1, 2 * n, 2*n + 1, 3 * n} {
				if limbs < 0 {
					continue
				}
				for _, fill := range []string{"random", "ones"} {
					x := NewNat().reset(limbs)
					for i := range x.limbs {
						if fill == "ones" {
							x.limbs[i] = ^uint64(0)
						} else {
							x.limbs[i] = r.Uint64()
						}
					}
					xb := make([]byte, limbs*8)
					x.fillBytes(xb)
					xv := new(big.Int).SetBytes(xb)
					checkNat(t, "Mod", NewNat().Mod(x, m), m, new(big.Int).Mod(xv, mb))
				}
			}
		}
	})
}

func TestInverse(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mrand.New(mrand.NewPCG(7, 8))
		for _, mb := range testModuli(t, r) {
			m := modFromBig(t, mb)
			for _, a := range testOperands(r, mb) {
				x := natFromBig(t, a, m)
				got, ok := NewNat().InverseVarTime(x, m)
				want := new(big.Int).ModInverse(a, mb)
				if (want != nil) != ok || (mb.Cmp(big.NewInt(1)) == 0) {
					t.Errorf("InverseVarTime(%x) mod %x: ok = %v, want %v", a, mb, ok, want != nil)
					continue
				}
				if ok {
					checkNat(t, "InverseVarTime", got, m, want)
				}
				got, ok = NewNat().Inverse(x, m)
				if (want != nil) != ok {
					t.Errorf("Inverse(%x) mod %x: ok = %v, want %v", a, mb, ok, want != nil)
					continue
				}
				if want == nil {
					want = new(big.Int)
				}
				checkNat(t, "Inverse", got, m, want)
			}
		}
		// A prime modulus for InversePrime: 2^255 - 19 and 2^521 - 1.
		for _, pb := range []*big.Int{
			new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19)),
			new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 521), big.NewInt(1)),
		} {
			p := modFromBig(t, pb)
			for _, a := range testOperands(r, pb) {
				want := new(big.Int).ModInverse(a, pb)
				if want == nil {
					want = new(big.Int)
				}
				checkNat(t, "InversePrime", NewNat().InversePrime(natFromBig(t, a, p), p), p, want)
			}
		}
	})
}

func TestRecombineCRT(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		for _, bits := range []int{64, 128, 512, 1024} {
			for range 3 {
				pb, _ := rand.Prime(rand.Reader, bits)
				qb, _ := rand.Prime(rand.Reader, bits)
				nb := new(big.Int).Mul(pb, qb)
				p, q := modFromBig(t, pb), modFromBig(t, qb)
				n, err := NewModulusProduct(pb.Bytes(), qb.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				if got := new(big.Int).SetBytes(n.Nat().Bytes(n)); got.Cmp(nb) != 0 {
					t.Fatalf("NewModulusProduct = %x, want %x", got, nb)
				}
				qInv := natFromBig(t, new(big.Int).ModInverse(qb, pb), p)
				r := mrand.New(mrand.NewPCG(9, 10))
				for _, z := range testOperands(r, nb) {
					xp := natFromBig(t, new(big.Int).Mod(z, pb), p)
					xq := natFromBig(t, new(big.Int).Mod(z, qb), q)
					checkNat(t, "RecombineCRT", NewNat().RecombineCRT(xp, p, xq, q, qInv, n), n, z)
				}
			}
		}
	})
}

func TestSetBytes(t *testing.T) {
	m := modFromBig(t, big.NewInt(0x1_0000_0000_0001))
	for _, tc := range []struct {
		in      []byte
		ok      bool
		overOK  bool
		wantOvr uint64
	}{
		{[]byte{}, true, true, 0},
		{[]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5}, true, false, 0},
		{[]byte{1, 0, 0, 0, 0, 0, 0}, true, true, 1 << 48},
		{[]byte{1, 0, 0, 0, 0, 0, 1}, false, true, 0},
		{[]byte{1, 0, 0, 0, 0, 0, 2}, false, true, 1},
		{[]byte{2, 0, 0, 0, 0, 0, 0}, false, false, 0},
		{[]byte{1, 0, 0, 0, 0, 0, 0, 0}, false, false, 0},
	} {
		x, err := NewNat().SetBytes(tc.in, m)
		if (err == nil) != tc.ok {
			t.Errorf("SetBytes(%x): err = %v, want ok %v", tc.in, err, tc.ok)
		}
		if err == nil && !bytes.Equal(new(big.Int).SetBytes(x.Bytes(m)).Bytes(), new(big.Int).SetBytes(tc.in).Bytes()) {
			t.Errorf("SetBytes(%x) round trip = %x", tc.in, x.Bytes(m))
		}
		x, err = NewNat().SetOverflowingBytes(tc.in, m)
		if (err == nil) != tc.overOK {
			t.Errorf("SetOverflowingBytes(%x): err = %v, want ok %v", tc.in, err, tc.overOK)
		}
		if err == nil && tc.ok == false && x.limbs[0] != tc.wantOvr {
			t.Errorf("SetOverflowingBytes(%x) = %x, want %x", tc.in, x.limbs[0], tc.wantOvr)
		}
	}
}

func TestNewModulusErrors(t *testing.T) {
	for _, in := range [][]byte{nil, {0}, {0, 0}, {1}, {2}, {0, 1}, {4, 0}, {0xff, 0xfe}} {
		if _, err := NewModulus(in); err == nil {
			t.Errorf("NewModulus(%x) succeeded", in)
		}
	}
	m, err := NewModulus([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 3})
	if err != nil || m.BitLen() != 2 || m.Size() != 1 || len(m.nat.limbs) != 1 {
		t.Errorf("NewModulus(0...03) = %v, %v", m, err)
	}
	if _, err := NewModulusProduct([]byte{2}, []byte{3}); err == nil {
		t.Error("NewModulusProduct(2, 3) succeeded")
	}
}

// primeTests are the two primality tests, which must agree.
var primeTests = []struct {
	name string
	f    func(w []byte, rounds int, rand io.Reader) (bool, error)
}{
	{"ProbablyPrimeVarTime", ProbablyPrimeVarTime},
	{"ProbablyPrime", ProbablyPrime},
}

func TestProbablyPrime(t *testing.T) {
	for _, pt := range primeTests {
		t.Run(pt.name, func(t *testing.T) { testProbablyPrime(t, pt.f) })
	}
}

func testProbablyPrime(t *testing.T, probablyPrime func([]byte, int, io.Reader) (bool, error)) {
	r := mrand.New(mrand.NewPCG(11, 12))
	for v := uint64(0); v < 2000; v++ {
		b := new(big.Int).SetUint64(v)
		got, err := probablyPrime(b.Bytes(), 10, rand.Reader)
		if err != nil || got != b.ProbablyPrime(20) {
			t.Errorf("%d: %v, %v", v, got, err)
		}
	}
	// Around 2^16, where ProbablyPrime leaves its small-number path, and
	// around the squares of the trial divisors.
	for _, base := range []uint64{1 << 16, 1 << 17, 1699 * 1699, 1697 * 1709, 1 << 32, 1<<63 - 1000} {
		for v := base - 300; v < base+300; v++ {
			b := new(big.Int).SetUint64(v)
			got, err := probablyPrime(b.Bytes(), 10, rand.Reader)
			if err != nil || got != b.ProbablyPrime(20) {
				t.Errorf("%d: %v, %v", v, got, err)
			}
		}
	}
	// Carmichael numbers and strong pseudoprimes to small bases; the
	// Carmichael numbers (6k+1)(12k+1)(18k+1) of 41 to 191 bits have no
	// factor that trial division finds, so that Miller–Rabin must tell
	// (every base coprime to them reaches 1, most without −1 before).
	for _, s := range []string{"561", "41041", "3215031751", "3825123056546413051", "318665857834031151167461", "3317044064679887385961981",
		"1396066334401", "1494567203952363107041", "1722679487144027224942814568581450379409", "1986114220962193666411479745396577410163873092323808013209"} {
		b, _ := new(big.Int).SetString(s, 10)
		if got, _ := probablyPrime(b.Bytes(), 20, rand.Reader); got {
			t.Errorf("true for the composite %s", s)
		}
	}
	for range 20 {
		p, _ := rand.Prime(rand.Reader, 64+r.IntN(1000))
		if got, _ := probablyPrime(p.Bytes(), 5, rand.Reader); !got {
			t.Errorf("false for the prime %x", p)
		}
		// With leading zero bytes.
		if got, _ := probablyPrime(append([]byte{0, 0}, p.Bytes()...), 5, rand.Reader); !got {
			t.Errorf("false for the prime %x with leading zeros", p)
		}
		c := new(big.Int).Mul(p, big.NewInt(257))
		if got, _ := probablyPrime(c.Bytes(), 5, rand.Reader); got {
			t.Errorf("true for the composite %x", c)
		}
		q, _ := rand.Prime(rand.Reader, 300)
		c.Mul(p, q)
		if got, _ := probablyPrime(c.Bytes(), 5, rand.Reader); got {
			t.Errorf("true for the product of primes %x", c)
		}
	}
	// Primes p with p − 1 divisible by a large power of two (a is large),
	// and their neighbours: p = k·2^s + 1.
	for _, s := range []int{1, 2, 30, 63, 64, 65, 127, 200} {
		k := big.NewInt(3)
		for range 1000 {
			p := new(big.Int).Add(new(big.Int).Lsh(k, uint(s)), big.NewInt(1))
			if p.BitLen() > 16 && p.ProbablyPrime(20) {
				if got, err := probablyPrime(p.Bytes(), 8, rand.Reader); !got || err != nil {
					t.Errorf("2^%d·%d + 1: %v, %v", s, k, got, err)
				}
				c := new(big.Int).Mul(p, new(big.Int).Add(new(big.Int).Lsh(big.NewInt(5), uint(s)), big.NewInt(1)))
				if got, _ := probablyPrime(c.Bytes(), 8, rand.Reader); got != c.ProbablyPrime(20) {
					t.Errorf("%x: %v", c, got)
				}
				break
			}
			k.Add(k, big.NewInt(2))
		}
	}
	if _, err := probablyPrime([]byte{7}, 0, rand.Reader); err == nil {
		t.Error("0 rounds succeeded")
	}
}

func TestSelectEntry(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mrand.New(mrand.NewPCG(13, 14))
		for _, n := range []int{1, 3, 8, 16, 24, 32, 40, 48, 64, 96, 128} {
			for _, count := range []int{1, 2, 16, 32} {
				table := make([]uint64, n*count)
				for i := range table {
					table[i] = r.Uint64()
				}
				for k := range count + 1 {
					z := make([]uint64, n)
					for i := range z {
						z[i] = r.Uint64() // garbage to overwrite
					}
					selectEntry(z, table, n, uint64(k))
					for j := range n {
						want := uint64(0)
						if k < count {
							want = table[k*n+j]
						}
						if z[j] != want {
							t.Fatalf("n=%d count=%d k=%d: limb %d = %x, want %x", n, count, k, j, z[j], want)
						}
					}
				}
			}
		}
	})
}
