//go:build gc && !purego

package p521

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// edgeOperandsARM64 returns operands at the edges of the kernels'
// contract (x < 2^521): 0, 1, 2, p − 2, p − 1, p itself (2^521 − 1, all
// ones), the powers of two at the limb boundaries and at the top bit,
// 2^64 − 1, and values whose limbs are each all ones or all zeros (the
// top limb's nine bits), for the carry chains.
func edgeOperandsARM64() [][9]uint64 {
	one := big.NewInt(1)
	pow := func(e uint) *big.Int { return new(big.Int).Lsh(one, e) }
	vals := []*big.Int{
		big.NewInt(0), one, big.NewInt(2),
		new(big.Int).Sub(p521, big.NewInt(2)), new(big.Int).Sub(p521, one), p521,
		pow(520), pow(512), pow(511), pow(64), pow(63), pow(448),
		new(big.Int).Sub(pow(64), one), new(big.Int).Sub(pow(512), one),
		new(big.Int).Sub(pow(520), one), new(big.Int).Add(pow(512), one),
	}
	var ops [][9]uint64
	for _, v := range vals {
		ops = append(ops, fromBig(v))
	}
	for _, mask := range []int{0x001, 0x003, 0x0f0, 0x100, 0x155, 0x0aa, 0x1fe, 0x1ff, 0x17f, 0x0ff, 0x181} {
		var x [9]uint64
		for i := range 8 {
			if mask>>i&1 == 1 {
				x[i] = ^uint64(0)
			}
		}
		if mask>>8&1 == 1 {
			x[8] = 0x1ff
		}
		ops = append(ops, x)
	}
	return ops
}

func mulMod(x, y *[9]uint64) [9]uint64 {
	v := new(big.Int).Mul(toBig(x[:]), toBig(y[:]))
	return fromBig(v.Mod(v, p521))
}

// TestKernelsARM64Edge checks mul521ARM64, sqr521ARM64 and sqr521RepARM64
// directly against mul521, sqr521, squareN521 and math/big on every pair
// of edge operands, out of place and with z aliasing x or y.
func TestKernelsARM64Edge(t *testing.T) {
	ops := edgeOperandsARM64()
	for _, x := range ops {
		for _, y := range ops {
			want := mulMod(&x, &y)
			var got, gen [9]uint64
			mul521ARM64(&got, &x, &y)
			mul521(&gen, &x, &y)
			if got != want || gen != want {
				t.Errorf("mul521ARM64(%x, %x) = %x, mul521 = %x, want %x", x, y, got, gen, want)
			}
			got = x
			mul521ARM64(&got, &got, &y)
			if got != want {
				t.Errorf("mul521ARM64(z=x=%x, %x) = %x, want %x", x, y, got, want)
			}
			got = y
			mul521ARM64(&got, &x, &got)
			if got != want {
				t.Errorf("mul521ARM64(%x, z=y=%x) = %x, want %x", x, y, got, want)
			}
		}
		want := mulMod(&x, &x)
		var got, gen [9]uint64
		sqr521ARM64(&got, &x)
		sqr521(&gen, &x)
		if got != want || gen != want {
			t.Errorf("sqr521ARM64(%x) = %x, sqr521 = %x, want %x", x, got, gen, want)
		}
		got = x
		sqr521ARM64(&got, &got)
		if got != want {
			t.Errorf("sqr521ARM64(z=x=%x) = %x, want %x", x, got, want)
		}
		// k ≤ 1 squares once.
		for k := -1; k <= 6; k++ {
			if k > 1 {
				want = mulMod(&want, &want)
			}
			got = x
			sqr521RepARM64(&got, &got, k)
			squareN521(&gen, &x, k)
			if got != want || gen != want {
				t.Errorf("sqr521RepARM64(%x, %d) = %x, squareN521 = %x, want %x", x, k, got, gen, want)
			}
		}
	}
}

// TestKernelsARM64Random compares the kernels with the portable ones on
// random operands below 2^521, and sqr521RepARM64 with repeated
// sqr521ARM64 and squareN521 up to k = 40.
func TestKernelsARM64Random(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	rnd := func() [9]uint64 {
		var x [9]uint64
		for i := range x {
			x[i] = r.Uint64()
		}
		x[8] &= 0x1ff
		return x
	}
	for range 5000 {
		x, y := rnd(), rnd()
		var got, want [9]uint64
		mul521ARM64(&got, &x, &y)
		mul521(&want, &x, &y)
		if got != want {
			t.Fatalf("mul521ARM64(%x, %x) = %x, want %x", x, y, got, want)
		}
		sqr521ARM64(&got, &x)
		sqr521(&want, &x)
		if got != want {
			t.Fatalf("sqr521ARM64(%x) = %x, want %x", x, got, want)
		}
	}
	for k := 1; k <= 40; k++ {
		x := rnd()
		var got, gen [9]uint64
		sqr521RepARM64(&got, &x, k)
		squareN521(&gen, &x, k)
		rep := x
		for range k {
			sqr521ARM64(&rep, &rep)
		}
		if got != gen || got != rep {
			t.Fatalf("sqr521RepARM64(%x, %d) = %x, squareN521 = %x, repeated = %x", x, k, got, gen, rep)
		}
	}
}

// TestFieldKernelsEdge runs fpMul, fpSquare and fpSquareN of every
// implementation (the registry's "ARM64" and generic) on the edge
// operands against math/big.
func TestFieldKernelsEdge(t *testing.T) {
	ops := edgeOperandsARM64()
	cputest.TestAllImplementations(t, "p521", func(t *testing.T) {
		for _, x := range ops {
			for _, y := range ops {
				var got [9]uint64
				fpMul(fp, &got, &x, &y)
				if want := mulMod(&x, &y); got != want {
					t.Errorf("fpMul(%x, %x) = %x, want %x", x, y, got, want)
				}
			}
			var got [9]uint64
			fpSquare(fp, &got, &x)
			want := mulMod(&x, &x)
			if got != want {
				t.Errorf("fpSquare(%x) = %x, want %x", x, got, want)
			}
			for k := 1; k <= 4; k++ {
				if k > 1 {
					want = mulMod(&want, &want)
				}
				fpSquareN(fp, &got, &x, k)
				if got != want {
					t.Errorf("fpSquareN(%x, %d) = %x, want %x", x, k, got, want)
				}
			}
		}
	})
}
