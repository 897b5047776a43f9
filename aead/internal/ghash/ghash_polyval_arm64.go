//go:build gc && !purego

package ghash

import "github.com/crypton-go/crypton/cpufeat"

// The kernels of ghash_polyval_arm64.s (hand-written; see the comment at
// its top). polyvalPMULL is updatePMULL without the byte reversal of the
// data and the accumulator (see ghash_polyval.go) and needs the same CPU
// feature, PMULL. polyvalPowersPMULL fills the entries of H² up to Hᵐ in
// pow and kar from pow[15], m = min(max(n, 2), 16).

//go:noescape
func polyvalPMULL(pow, kar *[maxPowers][2]uint64, acc *[BlockSize]byte, p []byte)

//go:noescape
func polyvalPowersPMULL(pow, kar *[maxPowers][2]uint64, n int)

// UpdatePolyvalPMULL is [UpdatePolyvalGeneric] with the 64×64-bit
// carry-less multiplication of arm64 (PMULL, PMULL2), eight blocks per
// reduction. The caller must have checked cpufeat.HasARM64PMULL. k must
// have been made by [Key.InitPolyval], or by [Key.InitPolyvalShort] for at
// least len(p)/16 blocks.
func UpdatePolyvalPMULL(k *Key, acc *[BlockSize]byte, p []byte) {
	if len(p)%BlockSize != 0 {
		panic("ghash: partial block")
	}
	if len(p) > 0 {
		polyvalPMULL(&k.pow, &k.kar, acc, p)
	}
}

// powersPMULL says whether InitPolyval computes the powers of H, with
// polyvalPowersPMULL. Without PMULL no kernel reads them (only
// UpdatePolyvalPMULL does, and it needs PMULL), so they are not computed
// at all.
var powersPMULL = cpufeat.HasARM64PMULL

// initPowersPolyval fills k.pow and k.kar for UpdatePolyvalPMULL, as
// initPowers does, or at least the entries of H¹..Hᵐ, m = min(max(n, 2),
// 16): with n ≤ 1 only that of H¹, which needs no multiplication, and
// without PMULL none.
func initPowersPolyval(k *Key, n int) {
	if !powersPMULL {
		return
	}
	// pow[15] = H·x⁻¹, as in initPowers: a shift left by one bit of the
	// bit-reversed integer, the bit shifted out coming back as x⁻¹ =
	// 0xc2000000000000000000000000000001, with a mask rather than a
	// branch.
	hi, lo := k.h[0], k.h[1]
	m := -(hi >> 63)
	hi = hi<<1 | lo>>63 ^ m&0xc200000000000000
	lo = lo<<1 ^ m&1
	k.pow[maxPowers-1] = [2]uint64{lo, hi}
	k.kar[maxPowers-1] = [2]uint64{lo ^ hi, lo ^ hi}
	if n > 1 {
		polyvalPowersPMULL(&k.pow, &k.kar, n)
	}
}
