package p521

import "github.com/crypton-go/crypton/mont/internal/limbs"

// sqrt sets z = x^((p+1)/4) for p = 2^521 − 1, the square root of a square
// x (p ≡ 3 mod 4): (p+1)/4 = 2^519, 519 squarings in one call of fpSquareN.
func sqrt(f *limbs.Field[[9]uint64], x [9]uint64) (z [9]uint64) {
	fpSquareN(f, &z, &x, 519)
	return z
}
