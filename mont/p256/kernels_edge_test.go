package p256

import (
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// edgeOperands returns the base field's edge operands, as limbs: 0, 1, 2,
// p − 1, p − 2, the powers of two at p's terms and at the top bit, 2^64 − 1,
// and every value whose limbs are each all ones or all zeros that is below
// p.
func edgeOperands() []*big.Int {
	p := fieldModulus()
	one := big.NewInt(1)
	pow := func(e uint) *big.Int { return new(big.Int).Lsh(one, e) }
	ops := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Sub(p, big.NewInt(2)),
		pow(255), pow(224), pow(192), pow(96),
		new(big.Int).Sub(pow(64), one),
	}
	ones := new(big.Int).Sub(pow(64), one)
	for mask := 1; mask < 16; mask++ {
		v := new(big.Int)
		for i := range 4 {
			if mask>>i&1 == 1 {
				v.Or(v, new(big.Int).Lsh(ones, uint(64*i)))
			}
		}
		if v.Cmp(p) < 0 {
			ops = append(ops, v)
		}
	}
	return ops
}

func fieldModulus() *big.Int { return limbsToBig(fp.Modulus()) }

func limbsToBig(l *[4]uint64) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(l[i]))
	}
	return v
}

func bigToLimbs(v *big.Int) [4]uint64 {
	var l [4]uint64
	w := new(big.Int).Set(v)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range l {
		l[i] = new(big.Int).And(w, mask).Uint64()
		w.Rsh(w, 64)
	}
	return l
}

// TestKernelsEdge checks fpMul, fpSquare and fpSquareN of every
// implementation on every pair of edge operands against math/big: the
// kernels compute x·y·2⁻²⁵⁶ mod p, fully reduced.
func TestKernelsEdge(t *testing.T) {
	p := fieldModulus()
	rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 256), p)
	mont := func(x, y *big.Int) *big.Int {
		v := new(big.Int).Mul(x, y)
		v.Mul(v, rInv)
		return v.Mod(v, p)
	}
	ops := edgeOperands()
	if len(ops) < 12 {
		t.Fatalf("only %d edge operands", len(ops))
	}
	cputest.TestAllImplementations(t, "p256", func(t *testing.T) {
		for _, xb := range ops {
			x := bigToLimbs(xb)
			for _, yb := range ops {
				y := bigToLimbs(yb)
				var got [4]uint64
				fpMul(fp, &got, &x, &y)
				if want := bigToLimbs(mont(xb, yb)); got != want {
					t.Errorf("fpMul(%#x, %#x) = %x, want %x", xb, yb, got, want)
				}
				// In place, z aliasing x and then y.
				got = x
				fpMul(fp, &got, &got, &y)
				if want := bigToLimbs(mont(xb, yb)); got != want {
					t.Errorf("fpMul(z=x=%#x, %#x) = %x, want %x", xb, yb, got, want)
				}
				got = y
				fpMul(fp, &got, &x, &got)
				if want := bigToLimbs(mont(xb, yb)); got != want {
					t.Errorf("fpMul(%#x, z=y=%#x) = %x, want %x", xb, yb, got, want)
				}
			}
			var got [4]uint64
			fpSquare(fp, &got, &x)
			want := mont(xb, xb)
			if w := bigToLimbs(want); got != w {
				t.Errorf("fpSquare(%#x) = %x, want %x", xb, got, w)
			}
			for k := 1; k <= 4; k++ {
				if k > 1 {
					want = mont(want, want)
				}
				got = x
				fpSquareN(fp, &got, &got, k)
				if w := bigToLimbs(want); got != w {
					t.Errorf("fpSquareN(%#x, %d) = %x, want %x", xb, k, got, w)
				}
			}
		}
	})
}
