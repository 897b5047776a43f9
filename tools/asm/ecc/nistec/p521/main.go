// Command p521 generates ecc/internal/nistec/p521_amd64.s: whole P-521
// point operations in one assembly function each, with the field
// arithmetic of mont/p521 written out in them (additions, subtractions,
// rotations) or called (multiplication and squaring, two small
// subroutines that all three functions share), for BMI2 (MULX) and ADX
// machines. It is the P-521 counterpart of tools/asm/ecc/nistec (P-256),
// with the same three point functions and the same contracts.
//
// Each function mirrors a Go function of ecc/internal/nistec and leaves
// exactly the limbs that function leaves: it computes the same field
// elements by the same formula, and every value it stores to its outputs
// is fully reduced, as the Go code keeps every value (the package's tests
// check the limbs on random points, the point at infinity, equal and
// opposite points and edge coordinates). Where the Go code computes a
// value by a longer route, the assembly may take a shorter one to the same
// field element: 2·Y·Z for (Y + Z)² − γ − δ in the doubling, 2·Z1·H for
// (Z1 + H)² − Z1Z1 − HH in the mixed addition, 4β and 8γ² as rotations.
//
//   - p521DoubleJacobianMULX(x, y, z, n) runs n times (n ≥ 0) the Jacobian
//     doubling dbl-2001-b of jacobianDouble (point.go), in place on
//     (x : y : z).
//   - p521MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r) is maddGeneric
//     (vartime.go), the mixed addition madd-2007-bl:
//     (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2), where the outputs may
//     alias the inputs; it also stores the H and r of the formula into h
//     and r. Whatever the inputs, including Z1 = 0 or H = 0, the outputs
//     are the values of maddGeneric's field operations.
//   - p521AddDigitMULX(x, y, z, x2, y2, neg, zero) is addDigitGeneric
//     (scalarmult.go), one window of ScalarMult and ScalarBaseMult: the
//     entry (x2, y2), negated if neg == 1, added to (x : y : z) by the same
//     madd, the result replaced by (x2, ±y2, 1) when z = 0 and by the old
//     sum when zero == 1, with masks and CMOV on flags set from the secret
//     values, never a branch. x2 and y2 are not modified.
//
// The formulas are from Bernstein and Lange's Explicit-Formulas Database
// (dbl-2001-b for a = −3, madd-2007-bl).
//
// Field representation. mont/p521 keeps an element of GF(p),
// p = 2^521 − 1, as the plain number (not in Montgomery form) on nine
// little-endian 64-bit limbs, fully reduced: below p, the top limb below
// 2^9. Inside the functions, values are only weakly reduced: at most p, so
// that p also stands for 0. Every operation takes and gives such values,
// and the functions' outputs are made canonical (p becomes 0) as they are
// stored, which gives the limbs of the Go code. Because p is all ones:
//
//   - mul: the 1042-bit product by rows (MULX, with the two carry chains of
//     ADCX and ADOX, a ten-register window of the accumulator rotating as
//     its lowest limb is final and goes to the stack frame; the first row,
//     with nothing to accumulate, on one ADD/ADC chain), then the fold
//     2^521 ≡ 1: bits 521 and up (shifted down with SHRQ, SHLXQ and ORQ)
//     are added to bits 0–520, which gives s < 2^522, and bit 521 of s is
//     added back at bit 0, which gives at most p. mul and sqr are
//     emitted by tools/asm/internal/nistfield (Mul521, Sqr521), which
//     also emits mont/internal/limbs' mul521MULX and sqr521MULX
//     (tools/asm/mont/nist); here with the operands on the stack and
//     without the last step of those kernels (p to 0).
//   - sqr: the same with each cross product x[i]·x[j], i < j, once, then
//     one pass that doubles the 18 limbs (ADCX) while the squares x[i]²
//     come in (ADOX).
//   - add: x + y ≤ 2p, and the same fold of bit 521: at most p.
//   - sub: x + (p − y), where p − y is y with its 521 bits complemented
//     (NOT on limbs 0–7, 0x1ff − y[8] on the top limb), and the fold.
//   - 2^k·x: a rotation of the 521 bits by k (each limb shifted left, ORed
//     with the top bits of the limb below through SHRXQ, and the bits
//     shifted past bit 520 moved to bits 0 to k − 1, which are zero), which
//     maps p to p and every value below p below p.
//   - canonical form: a value at most p that is p (limbs 0–7 all ones,
//     limb 8 0x1ff) is cleared with a mask.
//
// The double-register shifts (SHLQ/SHRQ with two registers) are avoided:
// on AMD's Zen 3 they issue at about one per 1.7 cycles, against one limb
// of SHRQ, SHLXQ and ORQ per cycle. On that core a product costs about 1.5
// cycles (MULX, ADCX, ADOX), so a mul is about 120 cycles of products and
// a sqr about 70, and the doubling (four of each) is mostly products.
//
// Register plan. mul and sqr keep the ten-limb window of their accumulator
// in R8–R15, CX and DI (rotating), with DX for MULX's implicit operand and
// AX and BX for the product halves; the limbs 0–7 of the product go to a
// stack slot; the fold uses DX for the shift count. Their result stays in
// nine of those ten registers (CX, DI and R8–R14, where the rotation
// ends), where the next operation (a rotation, a subtraction) may work on
// it before it is stored. add, sub and the rotations work on nine registers, with AX
// and BX (add, sub) or AX and DX (rotations) as temporaries. The
// doubling's count lives in the frame. All field values live in 72-byte
// slots of the stack frame (the inputs are copied in first, the outputs
// out last, so outputs may alias inputs): the operands of add, sub and
// the products are read off SP (mul's y through SI, see below) and no
// register holds a pointer across an operation. BP is not used.
//
// Subroutines. mul and sqr are CALLs of p521MulSub<> and p521SqrSub<>
// (NOSPLIT, no frame). x is passed in R8–R15 and CX, the registers add,
// sub and the rotations work on, so that a value they have just computed
// goes as it is (otherwise nine loads); mul's y by its address in SI, with
// its limbs 0 and 1 already in DX and BX. Both leave the result in CX, DI
// and R8–R14 (where the rotation of the accumulator ends; the generator
// records them) and clobber every general register but SP and BP. Every
// point function allocates first, at 0(SP) and 64(SP) of its frame, the
// two slots the subroutines use, which they see 8 bytes further (past the
// return address): lo, for the low limbs of the product, and xSlot, where
// they store x before reading it back as MULX's memory operand. x goes in
// registers, not by its address, because of store-to-load forwarding: on
// Zen 3 a load from the address of a recent store off SP, with the same
// SP, seems to get the value at once (memory renaming), a load through
// another register several cycles later, and the products of one point
// operation mostly wait for the one before. With x and y read through pointers the
// mixed addition (Madd) was 4–6% slower than inlined, with x copied by
// the caller to a slot it shares with the subroutine (the CALL moves SP
// in between) 17–30% slower; stored by the subroutine itself, x is read
// back at once, and y's limbs 2 to 8, read through SI, come long before
// their rows need them. Inlined, the 11 multiplications and squarings of
// the mixed addition and the 8 of the doubling made functions of about
// 4300 and 3100 instructions; with the calls they are about 950 and 740,
// and the two subroutines about 330 and 290. On the Zen 3 this was
// measured on, the calls cost 2–10% in a loop of one function alone
// (Double5 1650–1680 → 1712 ns, Madd 510 → 525–537, AddDigit 530 →
// 549–581), nothing measurable at the minimum of the scalar
// multiplications where doublings and additions alternate, and 1–6% at
// the minimum of ScalarBaseMult, additions only (in-process A/B, blocks
// of 50 alternated 100 times, three runs: ScalarMult 267 → 269, 272 → 270
// and 266 → 268 µs, ScalarBaseMultAddVarTime 296 → 294, 305 → 310 and
// 295 → 292; ScalarBaseMult 58.3 → 58.8, 56.2 → 59.4 and 56.2 → 57.9);
// they gain up to 15% in the medians on the shared machine (ScalarMult
// 387 → 349, 431 → 365 and 355 → 325 µs, the subroutines faster in 73, 83
// and 70 of 100 pairs): the large inlined functions probably depend on the
// decoded-instruction cache, which a neighbour on the same core takes a
// share of.
//
// Constant time: no branch and no address depend on data; the only branch
// is the loop over the public count n.
//
// Run it with go generate in ecc/internal/nistec.
package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/limbs"
	"github.com/crypton-go/crypton/tools/asm/internal/nistfield"
	"github.com/crypton-go/crypton/tools/asm/internal/pointasm"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("gc,!purego")
	subroutines()
	doubleJacobian()
	madd()
	addDigit()
	Generate()
}

// elemSize is the size of a field element: nine 64-bit limbs.
const elemSize = 72

// pool are the registers of the accumulator window of mul and sqr.
var pool = nistfield.Window521

// fused are the nine registers add, sub and the rotations load values into.
var fused = pool[:9]

// lo and xSlot are the stack slots, at 0(SP) and 64(SP) of the frame of
// every point function (allocated first, see locals), where the
// subroutines keep the low limbs 0–7 of a product and their operand x.
// The subroutines have no frame of their own: they see the caller's slots
// 8 bytes further, at loSub and xSlotSub, past the return address of the
// CALL.
var (
	loSub    = Mem{Base: StackPointer, Disp: 8}
	xSlotSub = Mem{Base: StackPointer, Disp: 8 + 64}
)

// subIn are the registers of the operand x of the subroutines: the nine
// registers add, sub and the rotations work on (fused), so that a value
// they leave goes to a subroutine as it is.
var subIn = fused

// yAddr holds the address of mul's operand y at the call; DX and BX hold
// its limbs 0 and 1.
var yAddr = RSI

// copyElem copies the element at src to dst through AX.
func copyElem(dst, src Mem) {
	for k := 0; k < 9; k++ {
		MOVQ(limbs.Limb(src, k), RAX)
		MOVQ(RAX, limbs.Limb(dst, k))
	}
}

// subroutine is a field subroutine: its name and the registers of its
// result (which the body leaves it in, recorded by subroutines).
type subroutine struct {
	name string
	out  []GPPhysical
}

// mulSub and sqrSub are p521MulSub<> and p521SqrSub<>.
var mulSub, sqrSub subroutine

// subroutines emits the field multiplication and squaring as the
// subroutines p521MulSub<> and p521SqrSub<> (nistfield.Mul521 and
// nistfield.Sqr521, then RET), which every point function calls. Each first stores its operand
// x from subIn to xSlot, off SP, where its loads of x find it.
func subroutines() {
	mulSub.name = "p521MulSub<>"
	TEXT(mulSub.name, NOSPLIT|NOFRAME, "func()")
	Doc("p521MulSub<> is nistfield.Mul521: x in R8–R15 and CX, the address of y in SI and y's limbs 0 and 1 in DX and BX; the slots lo and xSlot at 0(SP) and 64(SP) of the caller's frame; the result in CX, DI and R8–R14. It clobbers every general register but SP and BP.")
	limbs.Store(subIn, xSlotSub)
	mulSub.out = nistfield.Mul521(xSlotSub, func(i int) {
		switch i {
		case 0: // DX holds y[0]
		case 1: // BX holds y[1] until row 1's first product
			MOVQ(RBX, RDX)
		default:
			MOVQ(Mem{Base: yAddr, Disp: 8 * i}, RDX)
		}
	}, loSub)
	RET()

	sqrSub.name = "p521SqrSub<>"
	TEXT(sqrSub.name, NOSPLIT|NOFRAME, "func()")
	Doc("p521SqrSub<> is nistfield.Sqr521: x in R8–R15 and CX; the slots lo and xSlot at 0(SP) and 64(SP) of the caller's frame; the result in CX, DI and R8–R14. It clobbers every general register but SP and BP.")
	limbs.Store(subIn, xSlotSub)
	sqrSub.out = nistfield.Sqr521(xSlotSub, loSub)
	RET()

	// The docs above name the result registers.
	for _, out := range [][]GPPhysical{mulSub.out, sqrSub.out} {
		for k, r := range []GPPhysical{RCX, RDI, R8, R9, R10, R11, R12, R13, R14} {
			if out[k] != r {
				panic("subroutine result not in CX, DI and R8–R14")
			}
		}
	}
}

// mul emits x·y mod p (at most p) for x, y at most p, slots of the frame,
// as a call of p521MulSub<>, and returns the nine registers that hold the
// result. Every general register but SP and BP is clobbered.
func mul(x, y Mem) []GPPhysical {
	limbs.Load(x, subIn)
	return mulIn(subIn, y)
}

// mulIn is mul with x in the registers r, which must be subIn (a value
// that add, sub or a rotation just left there).
func mulIn(r []GPPhysical, y Mem) []GPPhysical {
	checkSubIn(r)
	LEAQ(y, yAddr)
	MOVQ(limbs.Limb(y, 0), RDX)
	MOVQ(limbs.Limb(y, 1), RBX)
	CALL(LabelRef("·" + mulSub.name + "(SB)"))
	return mulSub.out
}

// sqr emits x·x mod p (at most p) for x at most p, a slot of the frame, as
// a call of p521SqrSub<>, and returns the nine registers that hold the
// result. Every general register but SP and BP is clobbered.
func sqr(x Mem) []GPPhysical {
	limbs.Load(x, subIn)
	return sqrIn(subIn)
}

// sqrIn is sqr with x in the registers r, which must be subIn.
func sqrIn(r []GPPhysical) []GPPhysical {
	checkSubIn(r)
	CALL(LabelRef("·" + sqrSub.name + "(SB)"))
	return sqrSub.out
}

// framed is set by locals, which puts lo and xSlot where the subroutines
// expect them, and cleared at each TEXT (see text); a call without it
// would let the subroutine write over whatever the frame holds there.
var framed bool

// text starts a point function: TEXT, and no slots yet.
func text(name, signature string) {
	TEXT(name, 0, signature)
	framed = false
}

// checkSubIn panics if r is not subIn, or if the function has not
// allocated the subroutines' slots.
func checkSubIn(r []GPPhysical) {
	if !framed {
		panic("a subroutine call before locals allocated lo and xSlot")
	}
	for k := range subIn {
		if r[k] != subIn[k] {
			panic("operand not in subIn")
		}
	}
}

// addMem sets r = r + y (at most p).
func addMem(r []GPPhysical, y Mem) {
	ADDQ(limbs.Limb(y, 0), r[0])
	for k := 1; k < 9; k++ {
		ADCQ(limbs.Limb(y, k), r[k])
	}
	nistfield.Fold521(r)
}

// subMem sets r = r − y (at most p), as r + (p − y).
func subMem(r []GPPhysical, y Mem) {
	MOVL(U32(0x1ff), EBX)
	SUBQ(limbs.Limb(y, 8), RBX)
	for k := 0; k < 8; k++ {
		MOVQ(limbs.Limb(y, k), RAX)
		NOTQ(RAX) // NOT leaves the flags alone
		if k == 0 {
			ADDQ(RAX, r[k])
		} else {
			ADCQ(RAX, r[k])
		}
	}
	ADCQ(RBX, r[8])
	nistfield.Fold521(r)
}

// rotl sets r = 2^s·r mod p, for 1 ≤ s ≤ 8: the 521 bits rotated left by
// s. AX and DX are clobbered.
func rotl(r []GPPhysical, s int) {
	MOVL(U32(64-s), EDX)
	for k := 8; k > 0; k-- {
		SHLQ(U8(s), r[k])
		SHRXQ(RDX, r[k-1], RAX)
		ORQ(RAX, r[k])
	}
	SHLQ(U8(s), r[0])
	MOVQ(r[8], RAX)
	SHRQ(U8(9), RAX)
	ANDQ(U32(0x1ff), r[8])
	ORQ(RAX, r[0])
}

// locals allocates lo and xSlot, at 0(SP) and 64(SP) where the
// subroutines expect them, then named element slots.
func locals(names ...string) map[string]Mem {
	m := make(map[string]Mem)
	lo, xSlot := AllocLocal(8*8), AllocLocal(elemSize)
	if lo.Disp != loSub.Disp-8 || xSlot.Disp != xSlotSub.Disp-8 {
		panic("lo and xSlot are not where the subroutines expect them")
	}
	framed = true
	for _, n := range names {
		m[n] = AllocLocal(elemSize)
	}
	return m
}

// copyIn copies the element at the pointer argument param into slot.
func copyIn(slot Mem, param string) {
	Load(Param(param), RDX)
	copyElem(slot, Mem{Base: RDX})
}

// copyOut stores the element of slot, made canonical, to the pointer
// argument param.
func copyOut(param string, slot Mem) {
	limbs.Load(slot, fused)
	nistfield.Canonical521(fused)
	Load(Param(param), RDX)
	limbs.Store(fused, Mem{Base: RDX})
}

// doubleJacobian emits p521DoubleJacobianMULX, mirroring jacobianDouble.
func doubleJacobian() {
	text("p521DoubleJacobianMULX", "func(x, y, z *[9]uint64, n int)")
	Pragma("noescape")
	Doc("p521DoubleJacobianMULX sets (x : y : z) to its 2^n-th multiple by n runs of jacobianDouble.")
	v := locals("x", "y", "z", "delta", "gamma", "beta", "alpha")
	X, Y, Z := v["x"], v["y"], v["z"]
	delta, gamma, beta, alpha := v["delta"], v["gamma"], v["beta"], v["alpha"]

	count := AllocLocal(8)
	Load(Param("n"), RAX)
	MOVQ(RAX, count)
	TESTQ(RAX, RAX)
	JLE(LabelRef("done"))
	copyIn(X, "x")
	copyIn(Y, "y")
	copyIn(Z, "z")

	Label("loop")
	// The operations of jacobianDouble, ordered so that consecutive ones
	// are mostly independent (the next can start while one ends).
	limbs.Store(sqr(Z), delta) // δ = Z²
	// Z3 = (Y + Z)² − γ − δ, which is 2·Y·Z: the same element.
	r := mul(Y, Z)
	rotl(r, 1)
	limbs.Store(r, Z)
	limbs.Store(sqr(Y), gamma) // γ = Y²
	Comment("X − δ, X + δ")
	limbs.Load(X, fused)
	subMem(fused, delta)
	limbs.Store(fused, alpha)
	limbs.Load(X, fused)
	addMem(fused, delta)
	Comment("(X + δ)(X − δ)")
	limbs.Store(mulIn(fused, alpha), alpha)
	Comment("β = X·γ")
	r = mul(X, gamma)
	rotl(r, 2)
	limbs.Store(r, beta) // 4β
	Comment("α = 3(X − δ)(X + δ)")
	limbs.Load(alpha, fused)
	rotl(fused, 1)
	addMem(fused, alpha)
	limbs.Store(fused, alpha)
	Comment("X3 = α² − 4β − 4β")
	r = sqrIn(fused)
	subMem(r, beta)
	subMem(r, beta)
	limbs.Store(r, X)
	Comment("8γ²")
	r = sqr(gamma)
	rotl(r, 3)
	limbs.Store(r, gamma)
	Comment("4β − X3")
	limbs.Load(beta, fused)
	subMem(fused, X)
	Comment("Y3 = (4β − X3)α − 8γ²")
	r = mulIn(fused, alpha)
	subMem(r, gamma)
	limbs.Store(r, Y)
	DECQ(count)
	JNZ(LabelRef("loop"))

	copyOut("x", X)
	copyOut("y", Y)
	copyOut("z", Z)
	Label("done")
	RET()
}

// maddLocals are the stack slots of maddBody.
var maddLocals = []string{"x1", "y1", "z1", "x2", "y2", "z1z1", "u2", "s2", "h", "hh", "i", "j", "r", "v", "x3", "y3", "z3"}

// madd emits p521MaddMULX, mirroring maddGeneric.
func madd() {
	text("p521MaddMULX", "func(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[9]uint64)")
	Pragma("noescape")
	Doc("p521MaddMULX sets (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2) like maddGeneric, and h and r to its H and r.")
	v := locals(maddLocals...)
	for _, n := range []string{"x1", "y1", "z1", "x2", "y2"} {
		copyIn(v[n], n)
	}
	maddBody(v)
	for _, n := range []string{"x3", "y3", "z3", "h", "r"} {
		copyOut(n, v[n])
	}
	RET()
}

// maddBody emits maddGeneric on the slots of maddLocals: (x3 : y3 : z3) =
// (x1 : y1 : z1) + (x2, y2), every value at most p.
func maddBody(v map[string]Mem) {
	x1, y1, z1, x2, y2 := v["x1"], v["y1"], v["z1"], v["x2"], v["y2"]
	z1z1, u2, s2, h, hh := v["z1z1"], v["u2"], v["s2"], v["h"], v["hh"]
	i, j, r, vv := v["i"], v["j"], v["r"], v["v"]
	x3, y3, z3 := v["x3"], v["y3"], v["z3"]

	limbs.Store(sqr(z1), z1z1)     // Z1Z1 = Z1²
	limbs.Store(mul(x2, z1z1), u2) // U2 = X2·Z1Z1
	limbs.Store(mul(z1, z1z1), s2) //
	t := mul(y2, s2)               // S2 = Y2·Z1·Z1Z1
	Comment("r = 2(S2 − Y1)")
	subMem(t, y1)
	rotl(t, 1)
	limbs.Store(t, r)
	Comment("H = U2 − X1")
	limbs.Load(u2, fused)
	subMem(fused, x1)
	limbs.Store(fused, h)
	t = sqrIn(fused) // HH = H²
	limbs.Store(t, hh)
	rotl(t, 2)
	limbs.Store(t, i)           // I = 4·HH
	limbs.Store(mul(h, i), j)   // J = H·I
	limbs.Store(mul(x1, i), vv) // V = X1·I
	// Z3 = (Z1 + H)² − Z1Z1 − HH, which is 2·Z1·H: the same element.
	t = mul(z1, h)
	rotl(t, 1)
	limbs.Store(t, z3)
	Comment("X3 = r² − J − 2V")
	t = sqr(r)
	subMem(t, j)
	subMem(t, vv)
	subMem(t, vv)
	limbs.Store(t, x3)
	Comment("2·Y1·J")
	t = mul(y1, j)
	rotl(t, 1)
	limbs.Store(t, j)
	Comment("V − X3")
	limbs.Load(vv, fused)
	subMem(fused, x3)
	Comment("Y3 = (V − X3)r − 2·Y1·J")
	t = mulIn(fused, r)
	subMem(t, j)
	limbs.Store(t, y3)
}

// addDigit emits p521AddDigitMULX, mirroring addDigitGeneric (scalarmult.go). Its
// end, the choices between the sum, the entry and the old point, is
// pointasm.AddDigitSelect, shared with the P-256 generator.
func addDigit() {
	text("p521AddDigitMULX", "func(x, y, z, x2, y2 *[9]uint64, neg, zero int)")
	Pragma("noescape")
	Doc("p521AddDigitMULX adds (x2, ±y2) to (x : y : z) like addDigitGeneric.")
	v := locals(maddLocals...)
	for _, c := range []struct{ param, slot string }{{"x", "x1"}, {"y", "y1"}, {"z", "z1"}, {"x2", "x2"}} {
		copyIn(v[c.slot], c.param)
	}
	x1, y1, z1, x2, y2 := v["x1"], v["y1"], v["z1"], v["x2"], v["y2"]
	x3, y3, z3 := v["x3"], v["y3"], v["z3"]

	Comment("y2 = −y2 = p − y2 (its 521 bits complemented) if neg, made canonical")
	Load(Param("neg"), RBX)
	NEGQ(RBX) // all ones if neg == 1
	MOVQ(RBX, RDX)
	ANDQ(U32(0x1ff), RDX)
	Load(Param("y2"), RAX)
	for k := 0; k < 9; k++ {
		MOVQ(Mem{Base: RAX, Disp: 8 * k}, fused[k])
		if k < 8 {
			XORQ(RBX, fused[k])
		} else {
			XORQ(RDX, fused[k])
		}
	}
	nistfield.Canonical521(fused)
	limbs.Store(fused, y2)

	maddBody(v)

	Comment("the outputs of the madd, canonical")
	for _, m := range []Mem{x3, y3, z3} {
		limbs.Load(m, fused)
		nistfield.Canonical521(fused)
		limbs.Store(fused, m)
	}

	pointasm.AddDigitSelect(9, x1, y1, z1, x2, y2, x3, y3, z3, func(k int) {
		if k == 0 {
			MOVL(U32(1), ECX) // MOVL leaves the flags alone
		} else {
			MOVL(U32(0), ECX)
		}
	})
	RET()
}
