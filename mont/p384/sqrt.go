package p384

import "github.com/crypton-go/crypton/mont/internal/limbs"

// sqrt sets z = x^((p+1)/4) for p = 2^384 − 2^128 − 2^96 + 2^32 − 1, the
// square root of a square x (p ≡ 3 mod 4), by an addition chain: (p+1)/4
// is 255 ones, a zero, 32 ones, 63 zeros, a one and 30 zeros. It is built
// from the blocks x_k = x^(2^k − 1), with x_(a+b) = x_a^(2^b)·x_b; every
// run of squarings is one call of fpSquareN, called directly.
func sqrt(f *limbs.Field[[6]uint64], x1 [6]uint64) (z [6]uint64) {
	var x2, x3, x6, x12, x15, x30, x32, x60, x120, x240, x255, t [6]uint64
	join(f, &x2, &x1, 1, &x1)
	join(f, &x3, &x2, 1, &x1)
	join(f, &x6, &x3, 3, &x3)
	join(f, &x12, &x6, 6, &x6)
	join(f, &x15, &x12, 3, &x3)
	join(f, &x30, &x15, 15, &x15)
	join(f, &x32, &x30, 2, &x2)
	join(f, &x60, &x30, 30, &x30)
	join(f, &x120, &x60, 60, &x60)
	join(f, &x240, &x120, 120, &x120)
	join(f, &x255, &x240, 15, &x15)
	join(f, &t, &x255, 33, &x32)
	join(f, &t, &t, 64, &x1)
	fpSquareN(f, &z, &t, 30)
	return z
}

// join sets z = a^(2^k)·b: with a = x_i and b = x_k, z = x_(i+k). z may
// alias a but not b.
func join(f *limbs.Field[[6]uint64], z, a *[6]uint64, k int, b *[6]uint64) {
	fpSquareN(f, z, a, k)
	fpMul(f, z, z, b)
}
