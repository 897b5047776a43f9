package p521

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

var p521 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 521), big.NewInt(1))

func toBig(l []uint64) *big.Int {
	x := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(l[i]))
	}
	return x
}

func fromBig(v *big.Int) [9]uint64 {
	var x [9]uint64
	for i := range x {
		x[i] = new(big.Int).Rsh(v, uint(64*i)).Uint64()
	}
	return x
}

// TestReduce521 checks the fold modulo 2^521 − 1 against math/big, at the
// edges (p, p ± 1, 2^521, 2^522 − 2, 2^576 − 1) and on random values.
func TestReduce521(t *testing.T) {
	p := p521
	one := big.NewInt(1)
	vals := []*big.Int{
		new(big.Int), one, p, new(big.Int).Sub(p, one), new(big.Int).Add(p, one),
		new(big.Int).Lsh(one, 521), new(big.Int).Lsh(p, 1),
		new(big.Int).Sub(new(big.Int).Lsh(one, 576), one),
		new(big.Int).Sub(new(big.Int).Lsh(one, 575), one),
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		var x [9]uint64
		for i := range x {
			x[i] = r.Uint64()
		}
		vals = append(vals, toBig(x[:]))
	}
	for _, v := range vals {
		x := fromBig(v)
		var z [9]uint64
		reduce521(&z, &x)
		if want := new(big.Int).Mod(v, p); toBig(z[:]).Cmp(want) != 0 {
			t.Errorf("reduce521(%x) = %x, want %x", v, toBig(z[:]), want)
		}
	}
}

// TestMul521 checks the base field's kernels of every implementation
// (mul521, sqr521 and squareN521, or their assembly) against math/big, on
// random operands, p − 1 and operands whose limbs are all ones or zeros.
func TestMul521(t *testing.T) {
	cputest.TestAllImplementations(t, "p521", func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for i := range 1000 {
			var x, y [9]uint64
			for j := range x {
				x[j], y[j] = r.Uint64(), r.Uint64()
			}
			if i%7 == 3 {
				// Limbs of all ones or zeros, for the carry chains.
				for j := range x {
					x[j] = -(x[j] & 1)
				}
			}
			x[8] &= 0x1ff
			y[8] &= 0x1ff
			reduce521(&x, &x)
			reduce521(&y, &y)
			if i == 0 {
				x = fromBig(new(big.Int).Sub(p521, big.NewInt(1)))
				y = x
			}
			var got [9]uint64
			fpMul(fp, &got, &x, &y)
			want := new(big.Int).Mul(toBig(x[:]), toBig(y[:]))
			if want.Mod(want, p521); toBig(got[:]).Cmp(want) != 0 {
				t.Fatalf("fpMul(%x, %x) = %x, want %x", x, y, got, want)
			}
			fpSquare(fp, &got, &x)
			want.Mul(toBig(x[:]), toBig(x[:])).Mod(want, p521)
			if toBig(got[:]).Cmp(want) != 0 {
				t.Fatalf("fpSquare(%x) = %x, want %x", x, got, want)
			}
			k := 1 + i%5
			fpSquareN(fp, &got, &x, k)
			want.Exp(toBig(x[:]), new(big.Int).Lsh(big.NewInt(1), uint(k)), p521)
			if toBig(got[:]).Cmp(want) != 0 {
				t.Fatalf("fpSquareN(%x, %d) = %x, want %x", x, k, got, want)
			}
		}
	})
}
