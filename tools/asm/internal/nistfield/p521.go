// Package nistfield holds the field arithmetic of the NIST primes that two
// generators emit: tools/asm/mont/nist (mont/internal/limbs, one kernel per
// field operation) and tools/asm/ecc/nistec and its p521 (ecc/internal/nistec,
// whole point operations). The emitters here write the multiplication,
// squaring and reduction once; each generator says where the operands come
// from and where the result goes. Like the generators, they emit into avo's
// global context.
//
// P-521's field, p = 2^521 − 1, on nine little-endian 64-bit limbs:
//
//   - Mul521: the 1042-bit product by rows (MULX, with the two carry chains
//     of ADCX and ADOX, a ten-register window of the accumulator rotating
//     as its lowest limb is final and goes to the stack frame; the first
//     row, with nothing to accumulate, on one ADD/ADC chain), then the fold
//     2^521 ≡ 1: bits 521 and up (shifted down with SHRQ, SHLXQ and ORQ)
//     are added to bits 0–520, which gives s < 2^522, and bit 521 of s is
//     added back at bit 0 (Fold521), which gives at most p.
//   - Sqr521: the same with each cross product x[i]·x[j], i < j, once, then
//     one pass that doubles the 18 limbs (ADCX) while the squares x[i]²
//     come in (ADOX).
//   - Canonical521: p, which the weakly reduced results may be, becomes 0.
//
// The double-register shifts (SHLQ/SHRQ with two registers) are avoided:
// on AMD's Zen 3 they issue at about one per 1.7 cycles, against one limb
// of SHRQ, SHLXQ and ORQ per cycle.
package nistfield

import (
	"github.com/crypton-go/crypton/tools/asm/internal/limbs"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Window521 are the ten registers of the accumulator window of Mul521 and
// Sqr521. Their result is in nine of them: CX, DI and R8–R14, where the
// rotation ends.
var Window521 = []GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15, RCX, RDI}

// Mul521 emits x·y mod p (at most p) for x, y below 2^521, and returns the
// nine registers that hold it; x is read as MULX's memory operand at x,
// loadY(i) loads limb i of y into DX, and the low limbs 0–7 of the product
// go to the 64 bytes at lo. AX, BX, DX and the registers of Window521 are
// clobbered.
func Mul521(x Mem, loadY func(i int), lo Mem) []GPPhysical {
	Comment("mul")
	a := append([]GPPhysical(nil), Window521...)
	// Row 0, a = x·y[0]: the low halves on CF, the high halves into the
	// next limb.
	loadY(0)
	MULXQ(limbs.Limb(x, 0), a[0], a[1])
	for j := 1; j < 9; j++ {
		MULXQ(limbs.Limb(x, j), RAX, a[j+1])
		if j == 1 {
			ADDQ(RAX, a[j])
		} else {
			ADCQ(RAX, a[j])
		}
	}
	ADCQ(U32(0), a[9])
	MOVQ(a[0], limbs.Limb(lo, 0))
	XORQ(a[0], a[0]) // the new top limb; clears CF and OF
	a = append(a[1:], a[0])
	for i := 1; i < 9; i++ {
		// a holds limbs i to i+9 of the partial product; a[9] is 0 and
		// both carry flags are clear.
		loadY(i)
		for j := 0; j < 9; j++ {
			MULXQ(limbs.Limb(x, j), RAX, RBX)
			ADCXQ(RAX, a[j])
			ADOXQ(RBX, a[j+1])
		}
		MOVL(U32(0), EAX) // MOVL leaves the flags alone
		ADCXQ(RAX, a[9])
		if i < 8 {
			MOVQ(a[0], limbs.Limb(lo, i))
			XORQ(a[0], a[0]) // the new top limb; clears CF and OF
			a = append(a[1:], a[0])
		}
	}
	return foldProduct(a, lo)
}

// Sqr521 emits x·x mod p (at most p) for x below 2^521, like Mul521, and
// returns the nine registers that hold it.
func Sqr521(x Mem, lo Mem) []GPPhysical {
	Comment("sqr")
	a := append([]GPPhysical(nil), Window521...)
	for _, r := range a {
		XORQ(r, r)
	}
	for i := 0; i < 8; i++ {
		// a holds limbs i to i+9; add x[i]·x[j] for j > i at limb i+j.
		MOVQ(limbs.Limb(x, i), RDX)
		for j := i + 1; j < 9; j++ {
			MULXQ(limbs.Limb(x, j), RAX, RBX)
			ADCXQ(RAX, a[j])
			ADOXQ(RBX, a[j+1])
		}
		MOVL(U32(0), EAX)
		ADCXQ(RAX, a[9])
		MOVQ(a[0], limbs.Limb(lo, i))
		XORQ(a[0], a[0]) // clears CF and OF
		a = append(a[1:], a[0])
	}
	Comment("t = 2t + Σ x[i]²·2^(128i)")
	for i := 0; i < 9; i++ {
		MOVQ(limbs.Limb(x, i), RDX)
		MULXQ(RDX, RAX, RBX)
		for h, sq := range []GPPhysical{RAX, RBX} {
			k := 2*i + h
			if k < 8 {
				MOVQ(limbs.Limb(lo, k), RDX)
				ADCXQ(RDX, RDX)
				ADOXQ(sq, RDX)
				MOVQ(RDX, limbs.Limb(lo, k))
			} else {
				ADCXQ(a[k-8], a[k-8])
				ADOXQ(sq, a[k-8])
			}
		}
	}
	// Nothing carries out of limb 17: the square is below 2^1042.
	return foldProduct(a, lo)
}

// foldProduct reduces the product with limbs 0–7 at lo and 8–17 in a (ten
// registers) to at most p, in a[0..8], which it returns. Limb 17 is 0 (the
// product is below 2^1042). The shifts are SHRQ, SHLXQ and ORQ, which are
// cheaper than the double-register SHRQ on AMD's cores. AX, BX and DX are
// clobbered.
func foldProduct(a []GPPhysical, lo Mem) []GPPhysical {
	Comment("fold: t[0:521] + t >> 521, then bit 521 of that")
	MOVQ(a[0], RBX)
	ANDQ(U32(0x1ff), RBX)
	MOVL(U32(55), EDX)
	for k := 0; k < 8; k++ {
		SHRQ(U8(9), a[k])
		SHLXQ(RDX, a[k+1], RAX)
		ORQ(RAX, a[k])
	}
	SHRQ(U8(9), a[8])
	ADDQ(limbs.Limb(lo, 0), a[0])
	for k := 1; k < 8; k++ {
		ADCQ(limbs.Limb(lo, k), a[k])
	}
	ADCQ(RBX, a[8])
	Fold521(a[:9])
	return a[:9]
}

// Fold521 sets r (nine registers, r[8] < 2^10, the value below 2^522) to
// the value with bit 521 and above added back at bit 0: at most p. AX is
// clobbered.
func Fold521(r []GPPhysical) {
	MOVQ(r[8], RAX)
	SHRQ(U8(9), RAX)
	ANDQ(U32(0x1ff), r[8])
	ADDQ(RAX, r[0])
	for k := 1; k < 9; k++ {
		ADCQ(U32(0), r[k])
	}
}

// Canonical521 sets r (nine registers, at most p) to r mod p: p becomes 0.
// AX and BX are clobbered.
func Canonical521(r []GPPhysical) {
	MOVQ(r[0], RAX)
	for k := 1; k < 8; k++ {
		ANDQ(r[k], RAX)
	}
	NOTQ(RAX)
	MOVQ(r[8], RBX)
	XORQ(U32(0x1ff), RBX)
	ORQ(RBX, RAX) // 0 if and only if r = p
	NEGQ(RAX)     // CF = (AX ≠ 0)
	SBBQ(RAX, RAX)
	for k := 0; k < 9; k++ {
		ANDQ(RAX, r[k])
	}
}
