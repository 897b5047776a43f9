// Package limbs holds what the avo generators of tools/asm share about
// numbers kept as little-endian 64-bit limbs in memory: the address of a
// limb, and the loads and stores of a number held in registers. Like avo's
// instructions, Load and Store take the source first and the destination
// last.
package limbs

import (
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Limb returns limb i (the 64 bits at 8i bytes) of the number at m.
func Limb(m Mem, i int) Mem { return m.Offset(8 * i) }

// Load sets the registers r to the len(r) limbs of the number at m.
func Load(m Mem, r []GPPhysical) {
	for i := range r {
		build.MOVQ(Limb(m, i), r[i])
	}
}

// Store writes the registers r to the len(r) limbs of the number at m.
func Store(r []GPPhysical, m Mem) {
	for i := range r {
		build.MOVQ(r[i], Limb(m, i))
	}
}
