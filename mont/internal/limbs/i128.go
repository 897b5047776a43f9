package limbs

import "math/bits"

// I128 is a signed 128-bit accumulator, two's complement in Hi:Lo, for the
// signed62 arithmetic of the divstep inversions (this package's field
// inversions and mont's Nat.Inverse).
type I128 struct{ Lo, Hi uint64 }

// Mul128 returns a·b.
func Mul128(a, b int64) I128 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// The unsigned product of the two's complement words is too large by
	// b·2^64 if a < 0 and by a·2^64 if b < 0.
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return I128{lo, hi}
}

// Add returns x + y.
func (x I128) Add(y I128) I128 {
	lo, c := bits.Add64(x.Lo, y.Lo, 0)
	return I128{lo, x.Hi + y.Hi + c}
}

// Shr62 returns x >> 62, rounding toward −∞.
func (x I128) Shr62() I128 {
	return I128{x.Lo>>62 | x.Hi<<2, uint64(int64(x.Hi) >> 62)}
}
