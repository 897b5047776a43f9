// Command gf25519 generates mont/gf25519/fe_amd64.s, the MULX/ADCX/ADOX
// kernels of crypton's GF(2^255−19) arithmetic.
//
// The functions mirror the portable Go code of mont/gf25519 and give exactly
// the same limbs, which the package's tests check:
//
//   - feMulMULX computes what feMulGeneric (fe_generic.go) computes: the
//     512-bit product of two elements of four 64-bit limbs, by operand
//     scanning, one row per limb of y, then its reduction with 2^256 ≡ 38.
//   - feSquareMULX computes what feSquareGeneric computes: each product
//     x[i]·x[j] with i < j once, the sum doubled, plus the squares x[i]².
//   - feSquareNMULX computes n squarings in a row, the bulk of inversions
//     and square roots, without a call per squaring.
//   - ladderMULX computes what ladderGeneric (ladder.go) computes: the
//     Montgomery ladder of RFC 7748, Section 5, over bits 254 to 0 of the
//     scalar, with every field operation of a ladder step inlined and the
//     conditional swap done with masks. Its z2 = E·(AA + a24·E) uses
//     mul121665Add, which mirrors mult32Add (ladder.go). It leaves the
//     projective result X2/Z2; the Go code inverts Z2.
//
// Products use MULX, which does not touch the flags, and the two carry
// chains of the ADX extension, ADCX through the carry flag and ADOX through
// the overflow flag, so that the low half of one partial product and the
// high half of its neighbour are added into the accumulator in one sweep;
// see Intel's white paper "New Instructions Supporting Large Integer
// Arithmetic on Intel Architecture Processors" (Ozturk, Guilford, Gopal,
// Feghali, 2012). The 4-limb layout and the reduction by 38 are those of
// "High-speed high-security signatures" (Bernstein, Duif, Lange, Schwabe,
// Yang, 2011), as used by OpenSSL, s2n-bignum and CIRCL.
//
// Registers. Every field kernel keeps the eight limbs of the product t[0..7]
// in R8–R15, uses AX and BX for the halves of a partial product, DX for
// MULX's implicit operand and CX as a zero register; reduction leaves the
// result in R8–R11 and stores it. Operands are memory: the caller's
// elements in feMulMULX and feSquareMULX, the stack frame in ladderMULX,
// which holds the ladder's state (x1, x2, z2, x3, z3) and the temporaries
// of a step. BP is never used.
//
// Results are loosely reduced (any value below 2^256), the representation of
// the Go code. Everything is constant time: the only branches are loops over
// public counts (the ladder's bit positions, feSquareNMULX's n), and every
// address depends only on those.
//
// The functions need BMI2 (MULX) and ADX; the Go code checks for them.
//
// Run it with go generate in mont/gf25519.
package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/limbs"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("gc,!purego")
	feMulFunc()
	feSquareFunc()
	feSquareNFunc()
	ladderFunc()
	Generate()
}

// t are the registers of the 512-bit accumulator, least significant first.
var t = [8]GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}

// zero is the register that the kernels keep at 0.
var zero = RCX

// The kernels below (mul, square, sub, addSub, mul121665Add) expect
// zero to hold 0 and keep it so; they leave the flags undefined.

// mul emits z = x·y: the 512-bit product into t, then reduce.
func mul(z, x, y Mem) {
	// Row 0: t[0..4] = x·y[0], one carry chain.
	MOVQ(limbs.Limb(y, 0), RDX)
	MULXQ(limbs.Limb(x, 0), t[0], t[1])
	MULXQ(limbs.Limb(x, 1), RAX, t[2])
	ADDQ(RAX, t[1])
	MULXQ(limbs.Limb(x, 2), RAX, t[3])
	ADCQ(RAX, t[2])
	MULXQ(limbs.Limb(x, 3), RAX, t[4])
	ADCQ(RAX, t[3])
	ADCQ(zero, t[4])
	// Rows 1–3: t[i..i+4] += x·y[i]; low halves on the CF chain, high
	// halves on the OF chain. Clearing t[i+4] also clears both flags.
	for i := 1; i < 4; i++ {
		MOVQ(limbs.Limb(y, i), RDX)
		XORQ(t[i+4], t[i+4])
		for j := 0; j < 4; j++ {
			MULXQ(limbs.Limb(x, j), RAX, RBX)
			ADCXQ(RAX, t[i+j])
			ADOXQ(RBX, t[i+j+1])
		}
		// The OF chain ended in t[i+4] = hi + OF without a carry out;
		// the CF chain ends here, and the row cannot overflow.
		ADCXQ(zero, t[i+4])
	}
	reduce(z)
}

// square emits z = x·x.
func square(z, x Mem) {
	// Off-diagonal products x[i]·x[j], i < j, at position i+j, in t[1..6].
	MOVQ(limbs.Limb(x, 0), RDX)
	MULXQ(limbs.Limb(x, 1), t[1], t[2])
	MULXQ(limbs.Limb(x, 2), RAX, t[3])
	ADDQ(RAX, t[2])
	MULXQ(limbs.Limb(x, 3), RAX, t[4])
	ADCQ(RAX, t[3])
	ADCQ(zero, t[4])
	MOVQ(limbs.Limb(x, 1), RDX)
	XORQ(t[5], t[5])
	MULXQ(limbs.Limb(x, 2), RAX, RBX)
	ADCXQ(RAX, t[3])
	ADOXQ(RBX, t[4])
	MULXQ(limbs.Limb(x, 3), RAX, RBX)
	ADCXQ(RAX, t[4])
	ADOXQ(RBX, t[5])
	ADCXQ(zero, t[5])
	MOVQ(limbs.Limb(x, 2), RDX)
	MULXQ(limbs.Limb(x, 3), RAX, t[6])
	ADDQ(RAX, t[5])
	ADCQ(zero, t[6])
	// Double them on the CF chain (ADCX r, r is a shift left through the
	// carry) while adding the squares x[i]² at 2i on the OF chain.
	XORQ(t[7], t[7])
	MOVQ(limbs.Limb(x, 0), RDX)
	MULXQ(RDX, t[0], RBX)
	ADCXQ(t[1], t[1])
	ADOXQ(RBX, t[1])
	for i := 1; i < 4; i++ {
		MOVQ(limbs.Limb(x, i), RDX)
		MULXQ(RDX, RAX, RBX)
		ADCXQ(t[2*i], t[2*i])
		ADOXQ(RAX, t[2*i])
		ADCXQ(t[2*i+1], t[2*i+1])
		ADOXQ(RBX, t[2*i+1])
	}
	reduce(z)
}

// reduce emits z = t mod p, loosely reduced, as reduce512 does: t[0..3] +
// 38·t[4..7] gives four limbs and a top word below 39, which is folded again
// as top·38; a last carry out is folded as 38 and cannot carry further.
// zero must hold 0.
func reduce(z Mem) {
	MOVQ(U32(38), RDX)
	XORQ(RAX, RAX) // clears CF and OF
	for i := 0; i < 3; i++ {
		MULXQ(t[4+i], RAX, RBX)
		ADCXQ(RAX, t[i])
		ADOXQ(RBX, t[i+1])
	}
	top := t[4]
	MULXQ(t[7], RAX, top)
	ADCXQ(RAX, t[3])
	ADOXQ(zero, top)
	ADCXQ(zero, top)
	foldTop(top)
	if beforeStore != nil {
		beforeStore()
	}
	limbs.Store(t[:4], z)
}

// beforeStore, if set, is emitted by reduce before the result is stored:
// feMulMULX and feSquareMULX load the pointer z there, into a register the
// product no longer needs.
var beforeStore func()

// foldTop adds top·38 to t[0..3], then a carry out as 38.
func foldTop(top GPPhysical) {
	IMUL3Q(U8(38), top, top)
	ADDQ(top, t[0])
	ADCQ(zero, t[1])
	ADCQ(zero, t[2])
	ADCQ(zero, t[3])
	SBBQ(RAX, RAX)
	ANDQ(U8(38), RAX)
	ADDQ(RAX, t[0])
}

// sub emits z = x − y, as Element.Sub.
func sub(z, x, y Mem) {
	for i := 0; i < 4; i++ {
		MOVQ(limbs.Limb(x, i), t[i])
	}
	SUBQ(limbs.Limb(y, 0), t[0])
	for i := 1; i < 4; i++ {
		SBBQ(limbs.Limb(y, i), t[i])
	}
	SBBQ(RAX, RAX)
	ANDQ(U8(38), RAX)
	SUBQ(RAX, t[0])
	for i := 1; i < 4; i++ {
		SBBQ(zero, t[i])
	}
	SBBQ(RAX, RAX)
	ANDQ(U8(38), RAX)
	SUBQ(RAX, t[0])
	limbs.Store(t[:4], z)
}

// addSub emits s = x + y and d = x − y, as Element.Add and Element.Sub
// do, loading x once.
func addSub(s, d, x, y Mem) {
	var u = [4]GPPhysical{R12, R13, R14, R15}
	for i := 0; i < 4; i++ {
		MOVQ(limbs.Limb(x, i), t[i])
		MOVQ(t[i], u[i])
	}
	ADDQ(limbs.Limb(y, 0), t[0])
	for i := 1; i < 4; i++ {
		ADCQ(limbs.Limb(y, i), t[i])
	}
	SBBQ(RAX, RAX)
	SUBQ(limbs.Limb(y, 0), u[0])
	for i := 1; i < 4; i++ {
		SBBQ(limbs.Limb(y, i), u[i])
	}
	SBBQ(RBX, RBX)
	ANDQ(U8(38), RAX)
	ADDQ(RAX, t[0])
	for i := 1; i < 4; i++ {
		ADCQ(zero, t[i])
	}
	SBBQ(RAX, RAX)
	ANDQ(U8(38), RAX)
	ADDQ(RAX, t[0])
	ANDQ(U8(38), RBX)
	SUBQ(RBX, u[0])
	for i := 1; i < 4; i++ {
		SBBQ(zero, u[i])
	}
	SBBQ(RBX, RBX)
	ANDQ(U8(38), RBX)
	SUBQ(RBX, u[0])
	limbs.Store(t[:4], s)
	for i := 0; i < 4; i++ {
		MOVQ(u[i], limbs.Limb(d, i))
	}
}

// mul121665Add emits z = x·121665 + y, as mult32Add(z, x, 121665, y) in
// ladder.go: the five-limb sum, then the top limb folded as in Mult32.
func mul121665Add(z, x, y Mem) {
	MOVQ(U32(121665), RDX)
	MULXQ(limbs.Limb(x, 0), t[0], t[1])
	MULXQ(limbs.Limb(x, 1), RAX, t[2])
	ADDQ(RAX, t[1])
	MULXQ(limbs.Limb(x, 2), RAX, t[3])
	ADCQ(RAX, t[2])
	MULXQ(limbs.Limb(x, 3), RAX, t[4])
	ADCQ(RAX, t[3])
	ADCQ(zero, t[4])
	ADDQ(limbs.Limb(y, 0), t[0])
	for i := 1; i < 4; i++ {
		ADCQ(limbs.Limb(y, i), t[i])
	}
	ADCQ(zero, t[4])
	foldTop(t[4])
	limbs.Store(t[:4], z)
}

// cswap emits the swap of the 4-limb elements at a and b if mask is all
// ones, and nothing if it is 0, with the same instructions either way.
func cswap(mask GPPhysical, a, b Mem) {
	for i := 0; i < 4; i++ {
		MOVQ(limbs.Limb(a, i), RAX)
		MOVQ(limbs.Limb(b, i), RBX)
		MOVQ(RAX, RDX)
		XORQ(RBX, RDX)
		ANDQ(mask, RDX)
		XORQ(RDX, RAX)
		XORQ(RDX, RBX)
		MOVQ(RAX, limbs.Limb(a, i))
		MOVQ(RBX, limbs.Limb(b, i))
	}
}

func feMulFunc() {
	TEXT("feMulMULX", NOSPLIT, "func(z, x, y *[4]uint64)")
	Doc("feMulMULX sets z = x·y mod 2^255−19, loosely reduced, like feMulGeneric.",
		"It needs BMI2 and ADX. z may alias x and y.")
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	XORQ(zero, zero)
	beforeStore = func() { Load(Param("z"), RSI) }
	mul(Mem{Base: RSI}, Mem{Base: RSI}, Mem{Base: RDI})
	beforeStore = nil
	RET()
}

func feSquareFunc() {
	TEXT("feSquareMULX", NOSPLIT, "func(z, x *[4]uint64)")
	Doc("feSquareMULX sets z = x·x mod 2^255−19, loosely reduced, like feSquareGeneric.",
		"It needs BMI2 and ADX. z may alias x.")
	Load(Param("x"), RSI)
	XORQ(zero, zero)
	beforeStore = func() { Load(Param("z"), RSI) }
	square(Mem{Base: RSI}, Mem{Base: RSI})
	beforeStore = nil
	RET()
}

func feSquareNFunc() {
	TEXT("feSquareNMULX", NOSPLIT, "func(z, x *[4]uint64, n int)")
	Doc("feSquareNMULX sets z = x^(2^n) mod 2^255−19, loosely reduced, by n ≥ 1",
		"squarings like feSquareGeneric's. It needs BMI2 and ADX. z may alias x.")
	Load(Param("x"), RSI)
	Load(Param("z"), RDI)
	XORQ(zero, zero)
	z := Mem{Base: RDI}
	square(z, Mem{Base: RSI})
	Load(Param("n"), RSI)
	JMP(LabelRef("sqrn_next"))
	Label("sqrn_loop")
	square(z, z)
	Label("sqrn_next")
	DECQ(RSI)
	JNZ(LabelRef("sqrn_loop"))
	RET()
}

func ladderFunc() {
	TEXT("ladderMULX", 0, "func(x2, z2 *[4]uint64, scalar *[32]byte, x1 *[4]uint64)")
	Doc("ladderMULX sets x2/z2 to the projective u-coordinate of scalar·P, where P",
		"has u-coordinate x1, like ladderGeneric. It needs BMI2 and ADX.")

	// The frame: the ladder state, the step's temporaries, the bit
	// position, the pending swap bit and the scalar pointer.
	frame := AllocLocal(32*15 + 3*8)
	el := func(i int) Mem { return frame.Offset(32 * i) }
	var (
		X1, X2, Z2, X3, Z3       = el(0), el(1), el(2), el(3), el(4)
		A, B, C, D, DA, CB       = el(5), el(6), el(7), el(8), el(9), el(10)
		AA, BB, E, T             = el(11), el(12), el(13), el(14)
		pos, swap, scalarPtr Mem = frame.Offset(480), frame.Offset(488), frame.Offset(496)
	)

	Comment("x1 = *x1, x2 = 1, z2 = 0, x3 = x1, z3 = 1")
	Load(Param("x1"), RSI)
	for i := 0; i < 4; i++ {
		MOVQ(limbs.Limb(Mem{Base: RSI}, i), RAX)
		MOVQ(RAX, limbs.Limb(X1, i))
		MOVQ(RAX, limbs.Limb(X3, i))
	}
	XORQ(RAX, RAX)
	for i := 0; i < 4; i++ {
		MOVQ(RAX, limbs.Limb(Z2, i))
		if i > 0 {
			MOVQ(RAX, limbs.Limb(X2, i))
			MOVQ(RAX, limbs.Limb(Z3, i))
		}
	}
	MOVQ(U32(1), limbs.Limb(X2, 0))
	MOVQ(U32(1), limbs.Limb(Z3, 0))
	MOVQ(RAX, swap)
	Load(Param("scalar"), RSI)
	MOVQ(RSI, scalarPtr)
	MOVQ(U32(254), pos)

	Label("loop")
	Comment("bit = scalar[pos/8] >> (pos%8) & 1; mask = -(swap ^ bit); swap = bit",
		"The position is public; the bit is not.")
	MOVQ(scalarPtr, RSI)
	MOVQ(pos, RCX)
	MOVQ(RCX, RBX)
	SHRQ(U8(3), RBX)
	MOVBQZX(Mem{Base: RSI, Index: RBX, Scale: 1}, RDI)
	ANDQ(U8(7), RCX)
	SHRQ(CL, RDI)
	ANDQ(U8(1), RDI)
	MOVQ(swap, RSI)
	XORQ(RDI, RSI)
	MOVQ(RDI, swap)
	NEGQ(RSI)
	cswap(RSI, X2, X3)
	cswap(RSI, Z2, Z3)

	Comment("The ladder step of RFC 7748, Section 5.")
	XORQ(zero, zero)
	addSub(A, B, X2, Z2)
	addSub(C, D, X3, Z3)
	// The two halves of the step (x2, z2 and x3, z3) are interleaved so
	// that independent operations are close together in the instruction
	// stream.
	square(AA, A)
	mul(DA, D, A)
	square(BB, B)
	mul(CB, C, B)
	sub(E, AA, BB)
	addSub(X3, Z3, DA, CB)
	mul121665Add(T, E, AA)
	square(X3, X3)
	mul(Z2, T, E)
	square(Z3, Z3)
	mul(X2, AA, BB)
	mul(Z3, Z3, X1)

	DECQ(pos)
	JGE(LabelRef("loop"))

	Comment("Undo the last pending swap and return x2, z2.")
	MOVQ(swap, RSI)
	NEGQ(RSI)
	cswap(RSI, X2, X3)
	cswap(RSI, Z2, Z3)
	Load(Param("x2"), RSI)
	Load(Param("z2"), RDI)
	for i := 0; i < 4; i++ {
		MOVQ(limbs.Limb(X2, i), RAX)
		MOVQ(RAX, limbs.Limb(Mem{Base: RSI}, i))
		MOVQ(limbs.Limb(Z2, i), RAX)
		MOVQ(RAX, limbs.Limb(Mem{Base: RDI}, i))
	}
	RET()
}
