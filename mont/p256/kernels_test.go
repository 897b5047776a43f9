package p256

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/mont/internal/limbs"
)

// TestKernels checks the base field's kernels of every implementation
// (on amd64 the assembly of p's special form) against the generic
// Montgomery kernels of limbs, on random operands, p − 1 and operands whose
// limbs are all ones or zeros.
func TestKernels(t *testing.T) {
	pm1 := *fp.Modulus()
	pm1[0]--
	cputest.TestAllImplementations(t, "p256", func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for i := range 1000 {
			var x, y [4]uint64
			for j := range x {
				x[j], y[j] = r.Uint64(), r.Uint64()
			}
			if i%7 == 3 {
				// Limbs of all ones or zeros, for the carry chains.
				for j := range x {
					x[j] = -(x[j] & 1)
				}
			}
			for _, v := range []*[4]uint64{&x, &y} {
				if limbs.LessThan(v, fp.Modulus()) == 0 {
					v[3] = 0
				}
			}
			if i == 0 {
				x, y = pm1, pm1
			}
			var got, want [4]uint64
			fpMul(fp, &got, &x, &y)
			limbs.Mul4(fp, &want, &x, &y)
			if got != want {
				t.Fatalf("fpMul(%x, %x) = %x, want %x", x, y, got, want)
			}
			fpSquare(fp, &got, &x)
			limbs.Square4(fp, &want, &x)
			if got != want {
				t.Fatalf("fpSquare(%x) = %x, want %x", x, got, want)
			}
			k := 1 + i%5
			fpSquareN(fp, &got, &x, k)
			limbs.SquareN4(fp, &want, &x, k)
			if got != want {
				t.Fatalf("fpSquareN(%x, %d) = %x, want %x", x, k, got, want)
			}
		}
	})
}
