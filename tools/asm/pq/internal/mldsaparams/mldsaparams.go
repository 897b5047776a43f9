// Package mldsaparams holds the constants of ML-DSA (FIPS 204) that the
// generators of tools/asm/pq/mldsa (AMD64) and tools/asm/pq/mldsaarm64
// (arm64) both write into their tables: the modulus, its inverse modulo
// 2³², and the twiddle factors of the NTT in the Montgomery domain.
package mldsaparams

import "math/bits"

const (
	Q    = 8380417  // the modulus q = 2²³ − 2¹³ + 1
	Zeta = 1753     // ζ, the primitive 512-th root of unity of FIPS 204
	QInv = 58728449 // q⁻¹ mod 2³²
)

// ZetasMont[m] is ζ^BitRev₈(m)·2³² mod q, centered in [−(q−1)/2, (q−1)/2]
// it, as in pq/internal/mldsa.
var ZetasMont [256]int32

func init() {
	for m := range ZetasMont {
		e := int(bits.Reverse8(uint8(m)))
		x := uint64(1)
		for range e {
			x = x * Zeta % Q
		}
		ZetasMont[m] = centered(x << 32 % Q)
	}
}

// centered returns the representative of x mod q in [−(q−1)/2, (q−1)/2].
func centered(x uint64) int32 {
	v := int64(x % Q)
	if v > (Q-1)/2 {
		v -= Q
	}
	return int32(v)
}
