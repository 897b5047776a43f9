package ffdh

import (
	"bytes"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/mont"
)

func allGroups() []*Group {
	return []*Group{FFDHE2048(), FFDHE3072(), FFDHE4096(), FFDHE6144(), FFDHE8192()}
}

func TestGroupConstants(t *testing.T) {
	for _, g := range allGroups() {
		p := new(big.Int).SetBytes(g.pBytes)
		q := new(big.Int).SetBytes(g.q)
		if new(big.Int).Add(new(big.Int).Lsh(q, 1), big.NewInt(1)).Cmp(p) != 0 {
			t.Errorf("%s: p != 2q + 1", g.name)
		}
		if !bytes.Equal(g.p.Nat().Bytes(g.p), g.pBytes) {
			t.Errorf("%s: the copies of p differ", g.name)
		}
		if len(g.q) != g.p.Size() || g.p.BitLen() != 8*len(g.pBytes) {
			t.Errorf("%s: sizes are wrong", g.name)
		}
		if g.g.Bytes(g.p)[len(g.pBytes)-1] != 2 {
			t.Errorf("%s: generator is not 2", g.name)
		}
		// A generated exponent is below 2^expBits, which must be below q.
		if g.expBits >= q.BitLen() {
			t.Errorf("%s: exponent size %d not below q's %d bits", g.name, g.expBits, q.BitLen())
		}
	}
}

// TestSubgroupCheck checks that NewPublicKey's subgroup test, the Jacobi
// symbol, agrees with its definition, y^q = 1 mod p (computed with
// math/big), for random values and for edge values. With -short, the
// expected answer comes from math/big's Jacobi symbol instead: for the
// prime p = 2q + 1, y^q = 1 exactly when y is a nonzero square mod p
// (Euler's criterion), and math/big's full-size exponentiations are most of
// the test's time on the emulated AVX-512 CPU, which runs it with -short.
func TestSubgroupCheck(t *testing.T) {
	// Full-size exponentiations are slow for the large groups: those get
	// one residue and one non-residue.
	random := []int{16, 8, 4, 0, 0}
	for i, g := range allGroups() {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			size := len(g.pBytes)
			values := [][]byte{
				{4},
				new(big.Int).Sub(new(big.Int).SetBytes(g.pBytes), big.NewInt(2)).Bytes(),
			}
			if random[i] > 0 {
				values = append(values, []byte{3}, []byte{5}, []byte{6}, []byte{7},
					new(big.Int).Sub(new(big.Int).SetBytes(g.pBytes), big.NewInt(3)).Bytes(),
					new(big.Int).Sub(new(big.Int).SetBytes(g.pBytes), big.NewInt(4)).Bytes())
			}
			r := mrand.New(mrand.NewChaCha8([32]byte{'s', 'u', 'b', byte(i)}))
			for range random[i] {
				y := make([]byte, size)
				for j := range y {
					y[j] = byte(r.Uint32())
				}
				y[0] &= 0x7f // below p
				values = append(values, y)
			}
			p := new(big.Int).SetBytes(g.pBytes)
			q := new(big.Int).SetBytes(g.q)
			accepted := 0
			for _, y := range values {
				v := new(big.Int).SetBytes(y)
				var inSubgroup bool
				if testing.Short() {
					inSubgroup = big.Jacobi(v, p) == 1
				} else {
					inSubgroup = new(big.Int).Exp(v, q, p).Cmp(big.NewInt(1)) == 0
				}
				_, err := g.NewPublicKey(y)
				if (err == nil) != inSubgroup {
					t.Errorf("y = %x: y^q = 1 is %v, but NewPublicKey returned %v", y, inSubgroup, err)
				}
				if err == nil {
					accepted++
				}
			}
			if accepted == 0 || accepted == len(values) {
				t.Errorf("%d of %d values accepted; expected some of each", accepted, len(values))
			}
		})
	}
}

// TestSharedSecretOne reaches the check that SharedSecret's result is not 1
// with keys that NewPublicKey would refuse.
func TestSharedSecretOne(t *testing.T) {
	g := FFDHE2048()
	k, err := g.NewPrivateKey([]byte{2})
	if err != nil {
		t.Fatal(err)
	}
	for _, y := range []*mont.Nat{
		mont.NewNat().SetUint(1, g.p),
		g.p.Nat().SubOne(g.p), // (p-1)^2 = 1
	} {
		peer := &PublicKey{group: g, y: y, b: y.Bytes(g.p)}
		if s, err := k.SharedSecret(peer); err == nil {
			t.Errorf("SharedSecret with y = %x returned %x", peer.b, s)
		}
	}
}

func TestLessThan(t *testing.T) {
	r := mrand.New(mrand.NewChaCha8([32]byte{'l', 't'}))
	for n := 1; n <= 5; n++ {
		for range 2000 {
			a, b := make([]byte, n), make([]byte, n)
			for i := range n {
				// Few distinct byte values, so that equal prefixes and
				// equal values are common.
				a[i] = []byte{0, 1, 0x7f, 0x80, 0xfe, 0xff}[r.IntN(6)]
				b[i] = []byte{0, 1, 0x7f, 0x80, 0xfe, 0xff}[r.IntN(6)]
			}
			want := 0
			if bytes.Compare(a, b) < 0 {
				want = 1
			}
			if got := lessThan(a, b); got != want {
				t.Fatalf("lessThan(%x, %x) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestSmallValueChecks(t *testing.T) {
	for _, c := range []struct {
		b          []byte
		zero, low2 int
	}{
		{[]byte{0}, 1, 1},
		{[]byte{1}, 0, 1},
		{[]byte{2}, 0, 0},
		{[]byte{0, 0, 0}, 1, 1},
		{[]byte{0, 0, 1}, 0, 1},
		{[]byte{0, 0, 3}, 0, 0},
		{[]byte{1, 0, 0}, 0, 0},
		{[]byte{1, 0, 1}, 0, 0},
		{[]byte{0x80, 0, 0}, 0, 0},
	} {
		if got := isAllZero(c.b); got != c.zero {
			t.Errorf("isAllZero(%x) = %d", c.b, got)
		}
		if got := isBelowTwo(c.b); got != c.low2 {
			t.Errorf("isBelowTwo(%x) = %d", c.b, got)
		}
	}
}

// BenchmarkSubgroupCheck compares the two ways to test that y is in the
// subgroup of order q: the Jacobi symbol NewPublicKey uses, and the
// exponentiation y^q of the definition.
func BenchmarkSubgroupCheck(b *testing.B) {
	for _, g := range allGroups() {
		k, err := g.GenerateKey(nil)
		if err != nil {
			b.Fatal(err)
		}
		yBytes := k.PublicKey().Bytes()
		b.Run(g.name+"/jacobi", func(b *testing.B) {
			for b.Loop() {
				if big.Jacobi(new(big.Int).SetBytes(yBytes), new(big.Int).SetBytes(g.pBytes)) != 1 {
					b.Fatal("not a residue")
				}
			}
		})
		b.Run(g.name+"/exp", func(b *testing.B) {
			y := k.PublicKey().y
			for b.Loop() {
				if mont.NewNat().Exp(y, g.q, g.p).IsOne() != 1 {
					b.Fatal("not in the subgroup")
				}
			}
		})
	}
}
