// Package pointasm holds the avo code that the generators of the
// whole-point assembly of ecc/internal/nistec share: tools/asm/ecc/nistec
// (P-256, four limbs) and tools/asm/ecc/nistec/p521 (P-521, nine limbs).
// Both emit addDigit (scalarmult.go) as one function that ends the same
// way whatever the field: the choice, by CMOV on flags, between the sum,
// the entry and the old point. The functions here emit into avo's global
// context, like the generators themselves.
package pointasm

import (
	"github.com/crypton-go/crypton/tools/asm/internal/limbs"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// AddDigitSelect emits the end of an addDigit function of n-limb field
// elements, once the mixed addition has left the sum (x3 : y3 : z3) of
// (x1 : y1 : z1) and the entry (x2, y2) in the frame, all canonical:
//
//   - if z1 = 0 (the point at infinity), the sum becomes (x2, y2, 1), where
//     one(k) loads limb k of the field's 1 into CX without changing the
//     flags (MOVQ or MOVL of a constant);
//   - the point (x, y, z) of the pointer arguments "x", "y" and "z" is set
//     to the old (x1 : y1 : z1) if the argument "zero" is not 0, and to
//     the sum otherwise.
//
// Both choices are CMOVs on flags set from the values, never a branch. It
// uses AX, BX, CX and DX, and leaves the RET to the caller.
func AddDigitSelect(n int, x1, y1, z1, x2, y2, x3, y3, z3 Mem, one func(k int)) {
	Comment("from the point at infinity (z1 = 0), the sum is (x2, y2, 1)")
	MOVQ(limbs.Limb(z1, 0), RAX)
	for k := 1; k < n; k++ {
		ORQ(limbs.Limb(z1, k), RAX)
	}
	for k := 0; k < n; k++ {
		MOVQ(limbs.Limb(x3, k), RBX)
		CMOVQEQ(limbs.Limb(x2, k), RBX)
		MOVQ(RBX, limbs.Limb(x3, k))
		MOVQ(limbs.Limb(y3, k), RBX)
		CMOVQEQ(limbs.Limb(y2, k), RBX)
		MOVQ(RBX, limbs.Limb(y3, k))
		one(k)
		MOVQ(limbs.Limb(z3, k), RBX)
		CMOVQEQ(RCX, RBX)
		MOVQ(RBX, limbs.Limb(z3, k))
	}

	Comment("for a zero digit, the sum stays as it was")
	Load(Param("zero"), RAX)
	TESTQ(RAX, RAX)
	for _, c := range []struct {
		param   string
		in, out Mem
	}{{"x", x1, x3}, {"y", y1, y3}, {"z", z1, z3}} {
		Load(Param(c.param), RDX)
		for k := 0; k < n; k++ {
			MOVQ(limbs.Limb(c.out, k), RBX)
			CMOVQNE(limbs.Limb(c.in, k), RBX)
			MOVQ(RBX, Mem{Base: RDX, Disp: 8 * k})
		}
	}
}
