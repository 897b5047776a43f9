//go:build gc && !purego

package ghash

// updatePMULL is the kernel of ghash_arm64.s (hand-written; see the comment
// at its top): it absorbs len(p)/16 blocks (len(p) a multiple of 16) into
// acc, as UpdateGeneric does, with the PMULL and PMULL2 instructions of the
// ARMv8 Cryptography Extensions, eight blocks per reduction.
//
//go:noescape
func updatePMULL(pow, kar *[maxPowers][2]uint64, acc *[BlockSize]byte, p []byte)

// UpdatePMULL is UpdateGeneric with the 64×64-bit carry-less
// multiplication of arm64 (PMULL, PMULL2), eight blocks at a time. The
// caller must have checked cpufeat.HasARM64PMULL. k must have been made
// by [Key.Init].
func UpdatePMULL(k *Key, acc *[BlockSize]byte, p []byte) {
	if len(p)%BlockSize != 0 {
		panic("ghash: partial block")
	}
	if len(p) > 0 {
		updatePMULL(&k.pow, &k.kar, acc, p)
	}
}

// initPowers fills k.pow and k.kar as on amd64 (see Key): pow[i] is
// H^(16-i) multiplied by x⁻¹, as the little-endian 128-bit integer
// {lo, hi} of the bit-reversed polynomial, and kar[i] holds lo⊕hi of it in
// both halves. The arm64 kernel uses the same forms as the amd64 ones: a
// block byte-reversed into a vector register is that integer with lo in
// lane 0, the extra factor x⁻¹ makes up for the carry-less product of two
// bit-reversed values landing one bit too low, and kar is the second
// operand of the middle Karatsuba product.
//
// In the bit-reversed integer a multiplication by x⁻¹ is a shift left by
// one bit; the coefficient of x⁰ shifted out at the top comes back as
// x⁻¹ = x¹²⁷+x⁶+x+1 mod the GCM polynomial, the integer
// 0xc2000000000000000000000000000001. The mask keeps it branch-free.
func initPowers(k *Key) {
	y := k.h // H¹, then H², ... as (hi, lo)
	for j := 1; j <= maxPowers; j++ {
		hi, lo := y[0], y[1]
		top := -(hi >> 63)
		hi = hi<<1 | lo>>63
		lo <<= 1
		hi ^= top & 0xc200000000000000
		lo ^= top & 1
		k.pow[maxPowers-j] = [2]uint64{lo, hi}
		k.kar[maxPowers-j] = [2]uint64{lo ^ hi, lo ^ hi}
		mul(k, &y)
	}
}
