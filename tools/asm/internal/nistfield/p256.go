package nistfield

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/limbs"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// P-256's field, p = 2^256 − 2^224 + 2^192 + 2^96 − 1, in Montgomery form
// with R = 2^256 on four little-endian 64-bit limbs, fully reduced:
//
//   - P256Mul: z = x·y·2^(−256) mod p, with x in four registers and y in
//     memory. First the 512-bit product t[0..7], by rows x[i]·y (MULX with
//     x[i] in DX), the halves of each row added on the two carry chains of
//     ADCX and ADOX (rows overlap: they share no flags). Then the
//     Montgomery reduction of the low half alone: four steps on a four-limb
//     state s (starting as t[0..3]) with q = s[0] (−p⁻¹ ≡ 1 mod 2^64).
//     Because p's limbs are 2^64 − 1, 2^32 − 1, 0 and c = 2^64 − 2^32 + 1,
//     (s + q·p)/2^64 is s less its lowest limb plus q·2^32 (one shift each
//     way) and q·c·2^128, and stays below 2^256; q·c = q·2^64 + q − q·2^32
//     comes from the same two shifts by one subtraction (no
//     multiplication, so the steps do not compete with the product for the
//     multiplier). After four steps s = (t mod 2^256 + Q·p)/2^256 ≤ p. The
//     result t[4..7] + s (t[4..7] < p, the sum below 2p) comes out of two
//     addition chains run side by side (P256AddSelect), a = t[4..7] + s and
//     b = (t[4..7] − p + 2^256) + s: b's carry out is set exactly when the
//     sum is at least p, and then CMOV takes b.
//   - P256Sqr: the 512-bit square from the six cross products (each
//     computed once, doubled on the ADCX chain) and the four squares (added
//     on the ADOX chain), then the same reduction and selection.
//
// Field values live in registers, which a small allocator hands out: AX,
// BX, CX, SI, DI and R8–R15 (DX is MULX's implicit operand). P256Mul needs
// at most eleven of them (its operand included), P256Sqr thirteen. The
// constants 0xffffffff and c are read from memory (P256Constants).

// P256C is the top limb of p, c = 2^64 − 2^32 + 1; its other limbs are
// 2^64 − 1, 2^32 − 1 and 0.
const P256C = 0xffffffff00000001

// P256ConstLo and P256ConstC are 0xffffffff (p's second limb) and c (its
// top limb) in read-only memory, set by P256Constants.
var P256ConstLo, P256ConstC Mem

// P256Constants emits the read-only constants p256const<> that the P-256
// emitters read; a generator calls it once, before them.
func P256Constants() {
	k := GLOBL("p256const", RODATA|NOPTR)
	DATA(0, U64(0xffffffff))
	DATA(8, U64(P256C))
	P256ConstLo, P256ConstC = k, k.Offset(8)
}

// The register allocator. Every function starts with ResetRegs.

var free []GPPhysical

func ResetRegs() {
	free = []GPPhysical{RAX, RBX, RCX, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15}
}

func Alloc() GPPhysical {
	if len(free) == 0 {
		panic("out of registers")
	}
	r := free[0]
	free = free[1:]
	return r
}

func Release(rs ...GPPhysical) {
	for _, r := range rs {
		if freeIndex(r) >= 0 {
			panic(fmt.Sprintf("register %v released twice", r))
		}
		free = append(free, r)
	}
}

// freeIndex returns r's index in the free list, or −1 if r is allocated.
func freeIndex(r GPPhysical) int {
	for i, f := range free {
		if f == r {
			return i
		}
	}
	return -1
}

// FE is a field element held in four registers, limb 0 first.
type FE [4]GPPhysical

// PreferFE are the registers AllocFE hands out when they are all free (a
// generator's calling convention, say); none if left zero.
var PreferFE FE

// AllocFE returns four fresh registers: PreferFE when they are all free,
// else the first four free ones.
func AllocFE() FE {
	if PreferFE != (FE{}) && IsFree(PreferFE) {
		TakeRegs(PreferFE[:]...)
		return PreferFE
	}
	return FE{Alloc(), Alloc(), Alloc(), Alloc()}
}

// Release returns x's registers to the allocator.
func (x FE) Release() { Release(x[:]...) }

// LoadFE returns the element at m in fresh registers.
func LoadFE(m Mem) FE {
	x := AllocFE()
	limbs.Load(m, x[:])
	return x
}

// CopyFE returns a copy of x in fresh registers.
func CopyFE(x FE) FE {
	y := AllocFE()
	for j := 0; j < 4; j++ {
		MOVQ(x[j], y[j])
	}
	return y
}

// TakeRegs removes rs from the free list; they must be free.
func TakeRegs(rs ...GPPhysical) {
	for _, r := range rs {
		k := freeIndex(r)
		if k < 0 {
			panic(fmt.Sprintf("register %v not free", r))
		}
		free = append(free[:k:k], free[k+1:]...)
	}
}

// IsFree reports whether all of x's registers are free.
func IsFree(x FE) bool {
	for _, r := range x {
		if freeIndex(r) < 0 {
			return false
		}
	}
	return true
}

// CheckAllFree panics if a register is still allocated at the end of a
// function (a value the generator forgot to release).
func CheckAllFree() {
	if len(free) != 13 {
		panic(fmt.Sprintf("%d registers still allocated", 13-len(free)))
	}
}

// FreeRegs returns how many registers are free.
func FreeRegs() int { return len(free) }

// P256Mul emits x·y·2^(−256) mod p for x, y < p, and returns the
// registers of the result (fully reduced); it consumes x. DX and the
// flags are clobbered besides the registers it allocates.
func P256Mul(x FE, y Mem) FE {
	var t [8]GPPhysical
	Comment("mul: row x[0]·y")
	MOVQ(x[0], RDX)
	Release(x[0])
	t[0], t[1] = Alloc(), Alloc()
	MULXQ(limbs.Limb(y, 0), t[0], t[1])
	lo := Alloc()
	for j := 1; j < 4; j++ {
		t[j+1] = Alloc()
		MULXQ(limbs.Limb(y, j), lo, t[j+1])
		if j == 1 {
			ADDQ(lo, t[j])
		} else {
			ADCQ(lo, t[j])
		}
	}
	ADCQ(U32(0), t[4]) // the row is below 2^320: no carry out
	hi, zero := Alloc(), Alloc()
	for i := 1; i < 4; i++ {
		Comment(fmt.Sprintf("mul: row x[%d]·y", i))
		MOVQ(x[i], RDX)
		Release(x[i])
		XORL(zero.As32(), zero.As32()) // clears CF and OF
		for j := 0; j < 3; j++ {
			MULXQ(limbs.Limb(y, j), lo, hi)
			ADCXQ(lo, t[i+j])
			ADOXQ(hi, t[i+j+1])
		}
		t[i+4] = Alloc()
		MULXQ(limbs.Limb(y, 3), lo, t[i+4])
		ADCXQ(lo, t[i+3])
		// t[0..i+4] < 2^(64(i+5)): the two carries do not overflow.
		ADOXQ(zero, t[i+4])
		ADCXQ(zero, t[i+4])
	}
	Release(hi, zero, lo)
	return p256Reduce(t)
}

// p256Reduce returns t[0..7]·2^(−256) mod p for t < p·2^256, releasing t's
// registers but those of the result.
func p256Reduce(t [8]GPPhysical) FE {
	Comment("Montgomery reduction of t[0..3]")
	s := []GPPhysical{t[0], t[1], t[2], t[3]}
	lo := Alloc()
	for k := 0; k < 4; k++ {
		q := s[0]
		h := Alloc()
		// q·c = q·2^64 + q − (q>>32)·2^64 − (q<<32) = h:q, with
		// lo = q<<32 and DX = q>>32.
		MOVQ(q, lo)
		SHLQ(U8(32), lo)
		MOVQ(q, RDX)
		SHRQ(U8(32), RDX)
		MOVQ(q, h)
		SUBQ(lo, q)
		SBBQ(RDX, h)
		ADDQ(lo, s[1])
		ADCQ(RDX, s[2])
		ADCQ(q, s[3])
		ADCQ(U32(0), h) // (s + q·p)/2^64 < 2^256: no carry out
		Release(q)
		s = append(s[1:], h)
	}
	Release(lo)
	Comment("plus t[4..7], less p if that is at least p")
	return P256AddSelect(FE{t[4], t[5], t[6], t[7]}, FE{s[0], s[1], s[2], s[3]})
}

// P256MinusP returns x − p + 2^256 in fresh registers (x stays live); the
// chain needs only x, so it runs early when x is ready before the value it
// is added to.
func P256MinusP(x FE) FE {
	n := CopyFE(x)
	SUBQ(I32(-1), n[0])
	SBBQ(P256ConstLo, n[1])
	SBBQ(U32(0), n[2])
	SBBQ(P256ConstC, n[3])
	return n
}

// P256AddSelect returns x + y mod p for x, y with x < p and x + y < 2p; it
// consumes both and returns x's registers. Two chains run side by side:
// a = x + y and b = (x − p + 2^256) + y, whose carry out is set exactly
// when x + y ≥ p; then b replaces a on that carry.
func P256AddSelect(x, y FE) FE {
	b := P256MinusP(x)
	ADDQ(y[0], x[0])
	ADCQ(y[1], x[1])
	ADCQ(y[2], x[2])
	ADCQ(y[3], x[3])
	ADDQ(y[0], b[0])
	ADCQ(y[1], b[1])
	ADCQ(y[2], b[2])
	ADCQ(y[3], b[3])
	for j := 0; j < 4; j++ {
		CMOVQCS(b[j], x[j])
	}
	b.Release()
	y.Release()
	return x
}

// P256Sqr emits x·x·2^(−256) mod p for x < p, and returns the registers
// of the result (fully reduced); it consumes x. DX and the flags are
// clobbered besides the registers it allocates.
func P256Sqr(x FE) FE {
	var t [8]GPPhysical
	Comment("sqr: cross products x[i]·x[j], i < j, into t[1..6]")
	MOVQ(x[0], RDX)
	t[1], t[2] = Alloc(), Alloc()
	MULXQ(x[1], t[1], t[2])
	lo := Alloc()
	t[3] = Alloc()
	MULXQ(x[2], lo, t[3])
	ADDQ(lo, t[2])
	t[4] = Alloc()
	MULXQ(x[3], lo, t[4])
	ADCQ(lo, t[3])
	ADCQ(U32(0), t[4])
	MOVQ(x[1], RDX)
	hi := Alloc()
	t[5] = Alloc()
	XORL(t[5].As32(), t[5].As32()) // clears CF and OF
	MULXQ(x[2], lo, hi)
	ADCXQ(lo, t[3])
	ADOXQ(hi, t[4])
	MULXQ(x[3], lo, hi)
	ADCXQ(lo, t[4])
	ADOXQ(hi, t[5]) // t[5] was 0: no carry out
	MOVL(U32(0), lo.As32())
	ADCXQ(lo, t[5]) // x1·x2·2^64 + x1·x3·2^128 + t < 2^384: no carry out
	MOVQ(x[2], RDX)
	t[6] = Alloc()
	MULXQ(x[3], lo, t[6])
	ADDQ(lo, t[5])
	ADCQ(U32(0), t[6])
	Comment("sqr: double the cross products (CF), add the squares x[i]² (OF)")
	t[7] = Alloc()
	XORL(t[7].As32(), t[7].As32()) // clears CF and OF
	for j := 1; j < 7; j++ {
		ADCXQ(t[j], t[j])
	}
	ADCXQ(t[7], t[7]) // the top bit; CF is 0 after this
	for i := 0; i < 4; i++ {
		MOVQ(x[i], RDX)
		if i == 0 {
			t[0] = x[0] // x[0] is in DX now
			MULXQ(RDX, t[0], hi)
			ADOXQ(hi, t[1])
			continue
		}
		MULXQ(RDX, lo, hi)
		ADOXQ(lo, t[2*i])
		ADOXQ(hi, t[2*i+1])
		Release(x[i])
	}
	Release(lo, hi)
	return p256Reduce(t)
}
