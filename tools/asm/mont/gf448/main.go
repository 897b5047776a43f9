// Command gf448 generates mont/gf448/fe_amd64.s, the MULX/ADCX/ADOX kernels
// of crypton's GF(2^448 − 2^224 − 1) arithmetic.
//
// The functions mirror the portable Go code of mont/gf448 and give exactly
// the same limbs, which the package's tests check:
//
//   - feMulMULX computes what feMulGeneric (fe_generic.go) computes: the
//     896-bit product of two elements of seven 64-bit limbs, by operand
//     scanning, one row per limb of y, then its reduction as reduce896 does
//     it.
//   - feSquareMULX computes what feSquareGeneric computes: each product
//     x[i]·x[j] with i < j once, the sum doubled, plus the squares x[i]².
//   - feSquareNMULX computes n squarings in a row, the bulk of inversions
//     and square roots, without a call per squaring.
//   - ladderMULX computes what ladderGeneric (ladder.go) computes: the
//     Montgomery ladder of RFC 7748, Section 5, over bits 447 to 0 of the
//     scalar, with every field operation of a ladder step inlined and the
//     conditional swap done with masks. Its additions and subtractions
//     mirror Element.Add and Element.Sub (gf448.go), and z2 = E·(AA + a24·E)
//     uses mul39081Add, which mirrors mult32Add (fe_generic.go). It leaves
//     the projective result X2/Z2; the Go code inverts Z2.
//
// Products use MULX, which does not touch the flags, and the two carry
// chains of the ADX extension, ADCX through the carry flag and ADOX through
// the overflow flag, so that the low half of one partial product and the
// high half of its neighbour are added into the accumulator in one sweep;
// see Intel's white paper "New Instructions Supporting Large Integer
// Arithmetic on Intel Architecture Processors" (Ozturk, Guilford, Gopal,
// Feghali, 2012). The reduction uses 2^448 ≡ 2^224 + 1 (mod p) in the form
// of Hamburg's "Ed448-Goldilocks, a new elliptic curve" (2015): with the
// product t = L + H·2^448 and H = Hlo + Hhi·2^224,
//
//	t ≡ L + H + (Hhi + Hhi·2^224) + Hlo·2^224,
//
// where the last two terms are seven-limb values made of 32-bit shifts of
// the limbs of H (SHLD/SHRD), so that the reduction needs no multiplication.
// The sum is below 2^450; its top word is folded back as 2^224 + 1, twice
// at most.
//
// Registers. A product keeps its 14 limbs t[0..13] in a window of eight
// registers, R8–R15, t[k] in R(8 + k mod 8): limb k of the finished part of
// the product leaves the window (to the stack frame) when the window needs
// its register again, so that t[0..5] end in the frame and t[6..13] in
// R14, R15, R8–R13. MULX takes its implicit operand in DX and writes the
// halves of a partial product to AX and BX; the carry of the ADCX chain at
// the end of a row is added with ADC $0 into the row's fresh top limb, so
// no zero register is needed. The reduction computes into AX, BX, CX, DX,
// R11, R12 and R13, using SI and DI as scratch and the four registers of
// t[7..10] for the shifted limbs. Additions, subtractions and the a24 step
// keep their seven limbs in R8–R14. Operands are memory: the caller's
// elements in feMulMULX, feSquareMULX and feSquareNMULX, the stack frame in
// ladderMULX, which holds the ladder's state (x1, x2, z2, x3, z3) and the
// temporaries of a step. BP is never used.
//
// Results are loosely reduced (any value below 2^448), the representation
// of the Go code. Everything is constant time: the only branches are loops
// over public counts (the ladder's bit positions, feSquareNMULX's n), and
// every address depends only on those.
//
// The functions need BMI2 (MULX) and ADX; the Go code checks for them.
//
// Run it with go generate in mont/gf448.
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
	kernelFuncs()
	Generate()
}

// win is the window of registers holding the limbs of a product: t[k] is
// in win[k%8].
var win = [8]GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}

// hi are the registers of t[7..13] at the end of a product, and l6 that of
// t[6]; t[0..5] are in the frame.
var (
	hi = [7]GPPhysical{R15, R8, R9, R10, R11, R12, R13}
	l6 = R14
)

// mulProduct emits the 896-bit product t = x·y, with t[0..5] stored in
// slots and t[6..13] left in l6 and hi.
func mulProduct(x, y, slots Mem) {
	t := func(k int) GPPhysical { return win[k%8] }
	// Row 0: t[0..7] = x·y[0], one carry chain.
	MOVQ(limbs.Limb(y, 0), RDX)
	MULXQ(limbs.Limb(x, 0), t(0), t(1))
	MULXQ(limbs.Limb(x, 1), RAX, t(2))
	ADDQ(RAX, t(1))
	for j := 2; j < 7; j++ {
		MULXQ(limbs.Limb(x, j), RAX, t(j+1))
		ADCQ(RAX, t(j))
	}
	ADCQ(U8(0), t(7))
	MOVQ(t(0), limbs.Limb(slots, 0))
	// Rows 1–6: t[i..i+7] += x·y[i]; low halves on the CF chain, high
	// halves on the OF chain. Clearing t[i+7] also clears both flags.
	for i := 1; i < 7; i++ {
		MOVQ(limbs.Limb(y, i), RDX)
		XORQ(t(i+7), t(i+7))
		for j := 0; j < 7; j++ {
			MULXQ(limbs.Limb(x, j), RAX, RBX)
			ADCXQ(RAX, t(i+j))
			ADOXQ(RBX, t(i+j+1))
		}
		// The OF chain ended in t[i+7] = hi + OF without a carry out;
		// the CF chain ends here, and the row cannot overflow.
		ADCQ(U8(0), t(i+7))
		if i < 6 {
			MOVQ(t(i), limbs.Limb(slots, i))
		}
	}
}

// sqrProduct emits the 896-bit square t = x·x, laid out as mulProduct's.
func sqrProduct(x, slots Mem) {
	t := func(k int) GPPhysical { return win[k%8] }
	// The products x[i]·x[j], i < j, at position i+j, in t[1..12]; row i
	// adds x[i]·x[i+1..6] at positions 2i+1 to i+7, after which positions
	// 2i+1 and 2i+2 are final, and leave the window but for t[6].
	MOVQ(limbs.Limb(x, 0), RDX)
	MULXQ(limbs.Limb(x, 1), t(1), t(2))
	MULXQ(limbs.Limb(x, 2), RAX, t(3))
	ADDQ(RAX, t(2))
	for j := 3; j < 7; j++ {
		MULXQ(limbs.Limb(x, j), RAX, t(j+1))
		ADCQ(RAX, t(j))
	}
	ADCQ(U8(0), t(7))
	MOVQ(t(1), limbs.Limb(slots, 1))
	MOVQ(t(2), limbs.Limb(slots, 2))
	for i := 1; i < 6; i++ {
		MOVQ(limbs.Limb(x, i), RDX)
		XORQ(t(i+7), t(i+7))
		for j := i + 1; j < 7; j++ {
			MULXQ(limbs.Limb(x, j), RAX, RBX)
			ADCXQ(RAX, t(i+j))
			ADOXQ(RBX, t(i+j+1))
		}
		ADCQ(U8(0), t(i+7))
		for _, k := range []int{2*i + 1, 2*i + 2} {
			if k < 6 {
				MOVQ(t(k), limbs.Limb(slots, k))
			}
		}
	}
	// Double them on the CF chain (ADCX r, r is a shift left through the
	// carry) while adding the squares x[i]² at 2i on the OF chain. The
	// limbs in the frame pass through CX.
	XORQ(t(13), t(13))
	MOVQ(limbs.Limb(x, 0), RDX)
	MULXQ(RDX, RAX, RBX)
	MOVQ(RAX, limbs.Limb(slots, 0))
	step := func(k int, sq GPPhysical) {
		if k < 6 {
			MOVQ(limbs.Limb(slots, k), RCX)
			ADCXQ(RCX, RCX)
			ADOXQ(sq, RCX)
			MOVQ(RCX, limbs.Limb(slots, k))
		} else {
			ADCXQ(t(k), t(k))
			ADOXQ(sq, t(k))
		}
	}
	step(1, RBX)
	for i := 1; i < 7; i++ {
		MOVQ(limbs.Limb(x, i), RDX)
		MULXQ(RDX, RAX, RBX)
		step(2*i, RAX)
		step(2*i+1, RBX)
	}
}

// reduce emits the reduction of the product left by mulProduct or
// sqrProduct, as reduce896 does, and returns the registers of the result's
// limbs. It uses AX, BX, CX, DX, SI, DI and the registers of t[7..13];
// those of t[7..10] (R15, R8, R9, R10) are free when it returns.
func reduce(slots Mem) [7]GPPhysical {
	h := hi
	var l [7]Op
	for i := 0; i < 6; i++ {
		l[i] = limbs.Limb(slots, i)
	}
	l[6] = l6
	r := [7]GPPhysical{RAX, RBX, RCX, RDX, h[4], h[5], h[6]}

	Comment("Z = Hhi + Hhi·2^224: limbs 0–3 into AX, BX, CX, DX; limbs 4–6 are h[4..6].")
	MOVQ(h[3], RAX)
	SHRQ(U8(32), h[4], RAX)
	MOVQ(h[4], RBX)
	SHRQ(U8(32), h[5], RBX)
	MOVQ(h[5], RCX)
	SHRQ(U8(32), h[6], RCX)
	MOVQ(h[3], RDX)
	SHRQ(U8(32), RDX)
	SHLQ(U8(32), h[6], RDX)

	Comment("r = Z + H (CF chain) + L (OF chain); limbs 4–6 are 2·h + l.")
	XORQ(RDI, RDI)
	XORQ(RSI, RSI)
	for i := 0; i < 4; i++ {
		ADCXQ(h[i], r[i])
		ADOXQ(l[i], r[i])
	}
	for i := 4; i < 7; i++ {
		ADCXQ(h[i], h[i])
		ADOXQ(l[i], h[i])
	}
	top := RSI
	ADCXQ(RDI, top)
	ADOXQ(RDI, top)

	Comment("r += W = Hlo·2^224, limbs 3–6, made in place from h[0..3].")
	SHLQ(U8(32), h[2], h[3])
	SHLQ(U8(32), h[1], h[2])
	SHLQ(U8(32), h[0], h[1])
	SHLQ(U8(32), h[0])
	ADDQ(h[0], r[3])
	ADCQ(h[1], r[4])
	ADCQ(h[2], r[5])
	ADCQ(h[3], r[6])
	ADCQ(U8(0), top)

	Comment("Fold top ≤ 3 as top·(2^224 + 1); a carry out leaves a value below",
		"2^226, so that folding it in turn stops at limb 3.")
	foldTop(r, top, RDI, 4)
	return r
}

// foldTop adds c·(2^224 + 1) to the limbs r, as addFold does: c at limb 0
// and c·2^32 at limb 3, then the carry out k likewise, whose chain stops at
// limb last, beyond which it cannot carry. It clobbers c and tmp.
func foldTop(r [7]GPPhysical, c, tmp GPPhysical, last int) {
	for pass := 0; pass < 2; pass++ {
		MOVQ(c, tmp)
		SHLQ(U8(32), tmp)
		ADDQ(c, r[0])
		ADCQ(U8(0), r[1])
		ADCQ(U8(0), r[2])
		ADCQ(tmp, r[3])
		n := 7
		if pass == 1 {
			n = last
		}
		for i := 4; i < n; i++ {
			ADCQ(U8(0), r[i])
		}
		if pass == 0 {
			SBBQ(c, c)
			NEGQ(c)
		}
	}
}

// mul emits z = x·y; the operands are in the frame.
func mul(z, x, y, slots Mem) {
	mulProduct(x, y, slots)
	r := reduce(slots)
	limbs.Store(r[:], z)
}

// square emits z = x·x; the operands are in the frame.
func square(z, x, slots Mem) {
	sqrProduct(x, slots)
	r := reduce(slots)
	limbs.Store(r[:], z)
}

// acc are the registers of additions and subtractions.
var acc = [7]GPPhysical{R8, R9, R10, R11, R12, R13, R14}

// add emits z = x + y, as Element.Add: the carry is folded as 2^224 + 1,
// and a carry out of that leaves a value below 2^224 + 1, whose second fold
// stops at limb 3.
func add(z, x, y Mem) {
	for i := 0; i < 7; i++ {
		MOVQ(limbs.Limb(x, i), acc[i])
	}
	ADDQ(limbs.Limb(y, 0), acc[0])
	for i := 1; i < 7; i++ {
		ADCQ(limbs.Limb(y, i), acc[i])
	}
	SBBQ(RAX, RAX)
	NEGQ(RAX)
	foldTop(acc, RAX, RBX, 4)
	limbs.Store(acc[:], z)
}

// sub emits z = x − y, as Element.Sub: the borrow is subtracted as
// 2^224 + 1, and a borrow out of that leaves a value of at least
// 2^448 − 2^224 − 1, whose second subtraction stops at limb 3.
func sub(z, x, y Mem) {
	for i := 0; i < 7; i++ {
		MOVQ(limbs.Limb(x, i), acc[i])
	}
	SUBQ(limbs.Limb(y, 0), acc[0])
	for i := 1; i < 7; i++ {
		SBBQ(limbs.Limb(y, i), acc[i])
	}
	for pass := 0; pass < 2; pass++ {
		SBBQ(RAX, RAX)
		NEGQ(RAX)
		MOVQ(RAX, RBX)
		SHLQ(U8(32), RBX)
		SUBQ(RAX, acc[0])
		SBBQ(U8(0), acc[1])
		SBBQ(U8(0), acc[2])
		SBBQ(RBX, acc[3])
		if pass == 0 {
			for i := 4; i < 7; i++ {
				SBBQ(U8(0), acc[i])
			}
		}
	}
	limbs.Store(acc[:], z)
}

// mul39081Add emits z = x·39081 + y, as mult32Add(z, x, a24, y): the
// eight-limb sum, then its top word, below 2^16, folded as in addFold; a
// carry out of that leaves a value below 2^241, whose second fold stops at
// limb 3.
func mul39081Add(z, x, y Mem) {
	top := R15
	MOVQ(U32(39081), RDX)
	MULXQ(limbs.Limb(x, 0), acc[0], acc[1])
	MULXQ(limbs.Limb(x, 1), RAX, acc[2])
	ADDQ(RAX, acc[1])
	for j := 2; j < 7; j++ {
		if j < 6 {
			MULXQ(limbs.Limb(x, j), RAX, acc[j+1])
		} else {
			MULXQ(limbs.Limb(x, j), RAX, top)
		}
		ADCQ(RAX, acc[j])
	}
	ADCQ(U8(0), top)
	ADDQ(limbs.Limb(y, 0), acc[0])
	for i := 1; i < 7; i++ {
		ADCQ(limbs.Limb(y, i), acc[i])
	}
	ADCQ(U8(0), top)
	foldTop(acc, top, RBX, 4)
	limbs.Store(acc[:], z)
}

// cswap emits the swap of the elements at a and b if mask is all ones, and
// nothing if it is 0, with the same instructions either way.
func cswap(mask GPPhysical, a, b Mem) {
	for i := 0; i < 7; i++ {
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
	TEXT("feMulMULX", NOSPLIT, "func(z, x, y *[7]uint64)")
	Doc("feMulMULX sets z = x·y mod 2^448 − 2^224 − 1, loosely reduced, like",
		"feMulGeneric. It needs BMI2 and ADX. z may alias x and y.")
	slots := AllocLocal(56)
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	mulProduct(Mem{Base: RSI}, Mem{Base: RDI}, slots)
	r := reduce(slots)
	Load(Param("z"), R15)
	limbs.Store(r[:], Mem{Base: R15})
	RET()
}

func feSquareFunc() {
	TEXT("feSquareMULX", NOSPLIT, "func(z, x *[7]uint64)")
	Doc("feSquareMULX sets z = x·x mod 2^448 − 2^224 − 1, loosely reduced, like",
		"feSquareGeneric. It needs BMI2 and ADX. z may alias x.")
	slots := AllocLocal(56)
	Load(Param("x"), RSI)
	sqrProduct(Mem{Base: RSI}, slots)
	r := reduce(slots)
	Load(Param("z"), R15)
	limbs.Store(r[:], Mem{Base: R15})
	RET()
}

func feSquareNFunc() {
	TEXT("feSquareNMULX", NOSPLIT, "func(z, x *[7]uint64, n int)")
	Doc("feSquareNMULX sets z = x^(2^n) mod 2^448 − 2^224 − 1, loosely reduced, by",
		"n ≥ 1 squarings like feSquareGeneric's. It needs BMI2 and ADX. z may alias x.")
	frame := AllocLocal(64)
	slots, count := frame, frame.Offset(56)
	Load(Param("n"), RCX)
	MOVQ(RCX, count)
	Load(Param("x"), RSI)
	Label("sqrn_loop")
	sqrProduct(Mem{Base: RSI}, slots)
	r := reduce(slots)
	Load(Param("z"), RSI)
	limbs.Store(r[:], Mem{Base: RSI})
	DECQ(count)
	JNZ(LabelRef("sqrn_loop"))
	RET()
}

func ladderFunc() {
	TEXT("ladderMULX", 0, "func(x2, z2 *[7]uint64, scalar *[56]byte, x1 *[7]uint64)")
	Doc("ladderMULX sets x2/z2 to the projective u-coordinate of scalar·P, where P",
		"has u-coordinate x1, like ladderGeneric. It needs BMI2 and ADX.")

	// The frame: the ladder state, the step's temporaries, the slots of
	// the products, the bit position, the pending swap bit and the scalar
	// pointer.
	frame := AllocLocal(56*16 + 3*8)
	el := func(i int) Mem { return frame.Offset(56 * i) }
	var (
		X1, X2, Z2, X3, Z3       = el(0), el(1), el(2), el(3), el(4)
		A, B, C, D, DA, CB       = el(5), el(6), el(7), el(8), el(9), el(10)
		AA, BB, E, T, slots      = el(11), el(12), el(13), el(14), el(15)
		pos, swap, scalarPtr Mem = frame.Offset(896), frame.Offset(904), frame.Offset(912)
	)

	Comment("x1 = *x1, x2 = 1, z2 = 0, x3 = x1, z3 = 1")
	Load(Param("x1"), RSI)
	for i := 0; i < 7; i++ {
		MOVQ(limbs.Limb(Mem{Base: RSI}, i), RAX)
		MOVQ(RAX, limbs.Limb(X1, i))
		MOVQ(RAX, limbs.Limb(X3, i))
	}
	XORQ(RAX, RAX)
	for i := 0; i < 7; i++ {
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
	MOVQ(U32(447), pos)

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
	add(A, X2, Z2)
	sub(B, X2, Z2)
	add(C, X3, Z3)
	sub(D, X3, Z3)
	square(AA, A, slots)
	mul(DA, D, A, slots)
	square(BB, B, slots)
	mul(CB, C, B, slots)
	sub(E, AA, BB)
	add(X3, DA, CB)
	sub(Z3, DA, CB)
	mul39081Add(T, E, AA)
	square(X3, X3, slots)
	mul(Z2, T, E, slots)
	square(Z3, Z3, slots)
	mul(X2, AA, BB, slots)
	mul(Z3, Z3, X1, slots)

	DECQ(pos)
	JGE(LabelRef("loop"))

	Comment("Undo the last pending swap and return x2, z2.")
	MOVQ(swap, RSI)
	NEGQ(RSI)
	cswap(RSI, X2, X3)
	cswap(RSI, Z2, Z3)
	Load(Param("x2"), RSI)
	Load(Param("z2"), RDI)
	for i := 0; i < 7; i++ {
		MOVQ(limbs.Limb(X2, i), RAX)
		MOVQ(RAX, limbs.Limb(Mem{Base: RSI}, i))
		MOVQ(limbs.Limb(Z2, i), RAX)
		MOVQ(RAX, limbs.Limb(Mem{Base: RDI}, i))
	}
	RET()
}

// kernelFuncs emits the ladder's addition, subtraction and a24 step as
// functions of their own, so that the tests can compare them limb for limb
// with Element.Add, Element.Sub and mult32Add on chosen operands.
func kernelFuncs() {
	for _, k := range []struct {
		name, doc string
		emit      func(z, x, y Mem)
	}{
		{"addADX", "addADX sets z = x + y like Element.Add, with the ladder's code.", add},
		{"subADX", "subADX sets z = x − y like Element.Sub, with the ladder's code.", sub},
		{"mul39081AddMULX", "mul39081AddMULX sets z = x·39081 + y like mult32Add, with the ladder's code.", mul39081Add},
	} {
		TEXT(k.name, NOSPLIT, "func(z, x, y *[7]uint64)")
		Doc(k.doc, "It is used by the tests only. z may alias x and y.")
		Load(Param("x"), RSI)
		Load(Param("y"), RDI)
		Load(Param("z"), RCX)
		k.emit(Mem{Base: RCX}, Mem{Base: RSI}, Mem{Base: RDI})
		RET()
	}
}
