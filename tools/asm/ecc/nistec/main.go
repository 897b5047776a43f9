// Command nistec generates ecc/internal/nistec/p256_amd64.s: whole P-256
// point operations in one assembly function each, with the field
// arithmetic of mont/p256 written out in them (additions, subtractions,
// halving) or called (multiplication and squaring, two small subroutines
// that all three functions share), for BMI2 (MULX) and ADX machines.
//
// Five functions, each mirroring a Go function of ecc/internal/nistec and
// computing exactly its field values (fully reduced Montgomery-form
// elements are unique, so equal field values have identical limbs; the
// package's tests check that on random points, the point at infinity,
// equal and opposite points and edge coordinates). Where the Go code
// computes a value by a longer route, the assembly takes a shorter one to
// the same field element:
//
//   - p256DoubleJacobianMULX(x, y, z, n) runs n times (n ≥ 0) the Jacobian
//     doubling dbl-2001-b of jacobianDouble (point.go), in place on
//     (x : y : z). With T = 2Y and A = T² = 4γ it computes
//     Z3 = T·Z (= (Y + Z)² − γ − δ), 4β = X·A and 8γ² = A²/2 (a halving,
//     not three doublings); α = 3(X − δ)(X + δ), X3 = α² − 8β (8β = 2·4β)
//     and Y3 = α(4β − X3) − 8γ² as in Go.
//   - p256MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r) is maddGeneric
//     (vartime.go), the mixed addition madd-2007-bl:
//     (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2), where the outputs may
//     alias the inputs; it also stores H and r of the formula into h and r,
//     the two temporaries that jacobianAddAffine reads to find the
//     exceptional cases. Whatever the inputs, including Z1 = 0 or H = 0,
//     the outputs are the values of maddGeneric's field operations, as in Go.
//     Z3 = (Z1 + H)² − Z1Z1 − HH is computed as 2·Z1·H, and
//     X3 = r² − J − 2V as r² − (J + 2V).
//   - p256AddDigitMULX(x, y, z, x2, y2, neg, zero) is addDigitGeneric
//     (scalarmult.go), one window of ScalarMult and ScalarBaseMult: the
//     entry (x2, y2), negated if neg == 1, added to (x : y : z) by the same
//     madd, the result replaced by (x2, ±y2, 1) when z = 0 and by the old
//     sum when zero == 1, with CMOV on flags set from the secret values
//     (TEST, OR), never a branch.
//   - p256PrefixMULX(prefix, z, n) and p256BackSubstMULX(out, x, y, z,
//     prefix, inv, n) are prefixProductsGeneric and backSubstituteGeneric
//     (scalarmult.go), the two loops of batchAffine before and after its
//     inversion: the running products of the n
//     Z-coordinates, then from inv = 1/prefix[n−1] each 1/z[k] and the
//     affine (x[k]·z[k]^−2, y[k]·z[k]^−3), for ScalarMult's table of
//     multiples (about 110 multiplications, each a Go call otherwise).
//     They loop over the public n; elements are addressed from the pointer
//     arguments, reloaded from the frame for each use.
//
// The formulas are from Bernstein and Lange's Explicit-Formulas Database
// (dbl-2001-b for a = −3, madd-2007-bl).
//
// The field elements are those of mont/p256: four little-endian 64-bit
// limbs, Montgomery form with R = 2^256, always fully reduced below
// p = 2^256 − 2^224 + 2^192 + 2^96 − 1. The operations:
//
//   - mul: z = x·y·2^(−256) mod p, with x in four registers and y in
//     memory (the stack frame, or an argument's array). First the 512-bit product t[0..7], by rows
//     x[i]·y (MULX with x[i] in DX), the halves of each row added on the two
//     carry chains of ADCX and ADOX (rows overlap: they share no flags).
//     Then the Montgomery reduction of the low half alone: four steps on a
//     four-limb state s (starting as t[0..3]) with q = s[0]
//     (−p⁻¹ ≡ 1 mod 2^64). Because p's limbs are 2^64 − 1, 2^32 − 1, 0 and
//     c = 2^64 − 2^32 + 1, (s + q·p)/2^64 is s less its lowest limb plus
//     q·2^32 (one shift each way) and q·c·2^128, and stays below 2^256;
//     q·c = q·2^64 + q − q·2^32 comes from the same two shifts by one
//     subtraction (no multiplication, so the steps do not compete with
//     the product for the multiplier). After four steps
//     s = (t mod 2^256 + Q·p)/2^256 ≤ p. The result
//     t[4..7] + s (t[4..7] < p, the sum below 2p) comes out of two addition
//     chains run side by side, a = t[4..7] + s and
//     b = (t[4..7] − p + 2^256) + s (the subtraction of p runs while the
//     reduction does, as t[4..7] is ready first): b's carry out is set
//     exactly when the sum is at least p, and then CMOV takes b.
//   - sqr: the 512-bit square from the six cross products (each computed
//     once, doubled on the ADCX chain) and the four squares (added on the
//     ADOX chain), then the same reduction and selection. mul and sqr
//     are emitted by tools/asm/internal/nistfield (P256Mul, P256Sqr),
//     which also emits mont/internal/limbs' p256MulMULX and
//     p256SquareMULX (tools/asm/mont/nist).
//   - add: the same two chains and selection, x + y and (y − p) + x.
//   - double: 2x on one carry chain into a top bit, then 2x − p on one
//     borrow chain through the top bit; its borrow keeps 2x. (Double-limb
//     shifts, SHLD and SHRD, are slow on AMD cores: none is used.)
//   - sub x − y: a = x − y and b = x + (p − y) side by side, b taken when
//     a borrows; y − x with x the late operand: y − x and (y + p) − x.
//     Either way the chain after the late operand is four instructions
//     long, not a subtraction then a masked addition of p.
//   - negate (0 − x): the subtraction, then p masked by the borrow.
//   - half: x/2 as (x + (p masked by x's low bit)) shifted right by one,
//     below p without a correction.
//
// Register plan. Field values live in registers between operations: each
// operation takes its first operand in four registers (and consumes them)
// and leaves its result in four registers, which the next operation takes
// as its first operand; a second operand comes from the stack frame (or,
// in p256PrefixMULX and p256BackSubstMULX, from an argument's array). Only
// values used again later are stored. A small allocator (nistfield's)
// hands out AX, BX, CX, SI, DI and R8–R15 (DX is MULX's implicit operand):
// mul needs at most eleven of them (its operand included), sqr thirteen.
// The constants 0xffffffff and c are read from memory (p256const,
// nistfield.P256Constants). The
// doubling's count lives in the frame. Inputs are copied into the frame
// first, outputs out last (so outputs may alias inputs); no register holds
// a pointer across a field operation. BP is not used.
//
// Subroutines. mul and sqr are CALLs of p256MulSub<> and p256SqrSub<>
// (NOSPLIT, no frame): x in R8–R11 (a value loaded for a call is loaded
// there; otherwise up to four MOVQ, which the core renames away), mul's y
// by its address in DI, the result in the registers the body leaves it
// in (the generator records them); nothing else is live across a call.
// Inlined, the 11 multiplications and squarings of the mixed addition and
// the 8 of the doubling made about 3000 instructions (15 KB) of code in
// the loop of ScalarMult (1267 in the doubling, 1760 in addDigit); with
// the calls it is about 1100 (379 and 519, and 228 in the two
// subroutines). On the Zen 3 this was measured on, the calls cost about 3%
// in a loop of one function alone (Double5 523 → 539 ns) and gain 2–5% at
// the minimum and 4–6% at the median of ScalarMult, where the doubling and
// the addition alternate (in-process A/B, blocks of 200 alternated 100
// times, three runs; e.g. minimum 46.0 → 43.9 µs, median 49.7 → 47.8, the
// subroutines faster in 69 of 100 pairs), and more when the machine is
// shared: the large loop probably depends on the decoded-instruction cache, which
// a neighbour on the same core takes a share of.
//
// Constant time: no branch and no address depend on data; the only branch
// is the loop over the public count n.
//
// Run it with go generate in ecc/internal/nistec.
package main

import (
	"fmt"
	"math/bits"

	"github.com/crypton-go/crypton/tools/asm/internal/limbs"
	"github.com/crypton-go/crypton/tools/asm/internal/nistfield"
	"github.com/crypton-go/crypton/tools/asm/internal/pointasm"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("gc,!purego")
	nistfield.P256Constants()
	nistfield.PreferFE = subIn
	subroutines()
	doubleJacobian()
	madd()
	addDigit()
	prefixProducts()
	backSubstitute()
	Generate()
}

// fe is a field element held in four registers, limb 0 first; the
// registers come from nistfield's allocator, which prefers subIn (a value
// loaded there needs no move before a call).
type fe = nistfield.FE

// load returns the element at m in fresh registers.
func load(m Mem) fe { return nistfield.LoadFE(m) }

// copyElem copies the element at src to dst through AX (no live values).
func copyElem(dst, src Mem) {
	for i := 0; i < 4; i++ {
		MOVQ(limbs.Limb(src, i), RAX)
		MOVQ(RAX, limbs.Limb(dst, i))
	}
}

// mul returns x·y·2^(−256) mod p in mulSub.out; it consumes x, which
// must be the only live value (see callSub).
func mul(x fe, y Mem) fe { return callSub(x, mulSub, func() { LEAQ(y, yPtr) }) }

// elem is element k (a 64-bit value in the frame slot index, times stride
// bytes, plus disp) of the array that the pointer argument param points
// to.
type elem struct {
	param        string
	index        Mem
	stride, disp int
}

// addr emits the address of e into r, through AX.
func (e elem) addr(r GPPhysical) {
	Load(Param(e.param), r)
	if bits.OnesCount(uint(e.stride)) != 1 {
		panic("the stride must be a power of 2")
	}
	MOVQ(e.index, RAX)
	SHLQ(U8(bits.TrailingZeros(uint(e.stride))), RAX)
	LEAQ(Mem{Base: r, Index: RAX, Scale: 1, Disp: e.disp}, r)
}

// mulElem is mul with y the element e.
func mulElem(x fe, e elem) fe { return callSub(x, mulSub, func() { e.addr(yPtr) }) }

// storeElem stores x to the element e; x stays live. AX and one free
// register are used.
func storeElem(x fe, e elem) {
	nistfield.TakeRegs(RAX) // panics if x is in AX
	r := nistfield.Alloc()
	e.addr(r)
	limbs.Store(x[:], Mem{Base: r})
	nistfield.Release(r, RAX)
}

// sqr returns x·x·2^(−256) mod p in sqrSub.out; it consumes x, which
// must be the only live value.
func sqr(x fe) fe { return callSub(x, sqrSub, nil) }

// subroutine is the calling convention of a field subroutine: operand
// registers in, result registers out (callers and the subroutine agree on
// them; the generator finds out while it emits the body).
type subroutine struct {
	name    string
	in, out fe
}

// mulSub and sqrSub are p256MulSub<> and p256SqrSub<>, set by
// subroutines. Both take their operand x in subIn, and mul the address
// of y in yPtr.
var mulSub, sqrSub subroutine

var (
	subIn = fe{R8, R9, R10, R11}
	yPtr  = RDI
)

// subroutines emits the field multiplication and squaring as the
// subroutines p256MulSub<> and p256SqrSub<> (nistfield.P256Mul and
// P256Sqr, then RET), which every point function calls.
func subroutines() {
	TEXT("p256MulSub<>", NOSPLIT|NOFRAME, "func()")
	Doc("p256MulSub<> is nistfield.P256Mul: x in R8–R11, the address of y in DI; the result in the registers mulSub.out names. It clobbers every general register but SP and BP.")
	nistfield.ResetRegs()
	nistfield.TakeRegs(subIn[:]...)
	nistfield.TakeRegs(yPtr)
	mulSub = subroutine{"p256MulSub<>", subIn, nistfield.P256Mul(subIn, Mem{Base: yPtr})}
	mulSub.out.Release()
	nistfield.Release(yPtr)
	RET()
	nistfield.CheckAllFree()

	TEXT("p256SqrSub<>", NOSPLIT|NOFRAME, "func()")
	Doc("p256SqrSub<> is nistfield.P256Sqr: x in R8–R11; the result in the registers sqrSub.out names. It clobbers every general register but SP and BP.")
	nistfield.ResetRegs()
	nistfield.TakeRegs(subIn[:]...)
	sqrSub = subroutine{"p256SqrSub<>", subIn, nistfield.P256Sqr(subIn)}
	sqrSub.out.Release()
	RET()
	nistfield.CheckAllFree()
}

// callSub calls s on x and returns the result, in s.out; setY, if not
// nil, emits the address of mul's y into yPtr (AX free for its use).
// Nothing but x may be live: the subroutine clobbers all registers. x is
// moved into s.in first (a parallel move; none when a load put it there,
// see load and nistfield.AllocFE).
func callSub(x fe, s subroutine, setY func()) fe {
	if nistfield.FreeRegs() != 13-4 {
		panic(fmt.Sprintf("%s: %d registers live besides the operand", s.name, 13-4-nistfield.FreeRegs()))
	}
	moveTo(x, s.in)
	if setY != nil {
		setY()
	}
	CALL(LabelRef("·" + s.name + "(SB)"))
	nistfield.ResetRegs()
	nistfield.TakeRegs(s.out[:]...)
	return s.out
}

// moveTo moves x into dst, whose registers are free or x's own, with as
// few MOVQ as the overlap allows: a limb moves once its destination holds
// no limb still to move. (A cycle, say x = (R9, R8, …), would need a
// spare register; the conventions of this generator never make one, and
// moveTo panics if they come to.) The allocator's books are the caller's
// to update.
func moveTo(x, dst fe) {
	cur := x
	for {
		pending, moved := false, false
		for i := 0; i < 4; i++ {
			if cur[i] == dst[i] {
				continue
			}
			pending = true
			blocked := false
			for j := 0; j < 4; j++ {
				if j != i && cur[j] != dst[j] && cur[j] == dst[i] {
					blocked = true
				}
			}
			if !blocked {
				MOVQ(cur[i], dst[i])
				cur[i] = dst[i]
				moved = true
			}
		}
		if !pending {
			return
		}
		if !moved {
			panic(fmt.Sprintf("moveTo: the move %v → %v is a cycle", x, dst))
		}
	}
}

// add returns x + y mod p; it consumes x. The chains are those of
// addSelect, with y − p + 2^256 formed from memory, off x's path.
func add(x fe, y Mem) fe {
	return nistfield.P256AddSelect(load(y), x)
}

// addRR returns x + y mod p; it consumes x and y.
func addRR(x, y fe) fe {
	return nistfield.P256AddSelect(y, x)
}

// dbl returns x + x mod p; it consumes x. 2x − p follows 2x on one
// borrow chain, through the top bit, whose borrow keeps 2x.
func dbl(x fe) fe {
	top := nistfield.Alloc()
	XORL(top.As32(), top.As32())
	ADDQ(x[0], x[0])
	ADCQ(x[1], x[1])
	ADCQ(x[2], x[2])
	ADCQ(x[3], x[3])
	ADCQ(U32(0), top)
	b := nistfield.P256MinusP(x)
	SBBQ(U32(0), top) // borrows exactly when 2x < p
	for j := 0; j < 4; j++ {
		CMOVQCC(b[j], x[j])
	}
	b.Release()
	nistfield.Release(top)
	return x
}

// addP adds p masked by m (all ones or zero) to x, leaving the carry in
// CF; it releases m.
func addP(x fe, m GPPhysical) {
	m1, m3 := nistfield.Alloc(), nistfield.Alloc()
	MOVQ(m, m1)
	SHRQ(U8(32), m1) // m & 0xffffffff
	MOVQ(m, m3)
	ANDQ(nistfield.P256ConstC, m3)
	ADDQ(m, x[0])
	ADCQ(m1, x[1])
	ADCQ(U32(0), x[2])
	ADCQ(m3, x[3])
	nistfield.Release(m, m1, m3)
}

// subSelect sets x to x − y mod p, given n = (p − y) mod 2^256, y's
// limbs in ys (registers or memory): a = x − y and b = x + n side by
// side, b replacing a when a borrows (then b = x − y + p < p). It
// releases n.
func subSelect(x fe, ys [4]Op, n fe) fe {
	for j := 0; j < 4; j++ {
		if j == 0 {
			ADDQ(x[j], n[j])
		} else {
			ADCQ(x[j], n[j])
		}
	}
	SUBQ(ys[0], x[0])
	for j := 1; j < 4; j++ {
		SBBQ(ys[j], x[j])
	}
	for j := 0; j < 4; j++ {
		CMOVQCS(n[j], x[j])
	}
	n.Release()
	return x
}

// pMinus returns p − y in fresh registers (flags clobbered).
func pMinus(ys [4]Op) fe {
	n := nistfield.AllocFE()
	MOVQ(I32(-1), n[0])
	MOVQ(nistfield.P256ConstLo, n[1])
	MOVL(U32(0), n[2].As32())
	MOVQ(nistfield.P256ConstC, n[3])
	SUBQ(ys[0], n[0])
	for j := 1; j < 4; j++ {
		SBBQ(ys[j], n[j])
	}
	return n
}

func memLimbs(m Mem) [4]Op {
	return [4]Op{limbs.Limb(m, 0), limbs.Limb(m, 1), limbs.Limb(m, 2), limbs.Limb(m, 3)}
}

func regLimbs(x fe) [4]Op { return [4]Op{x[0], x[1], x[2], x[3]} }

// sub returns x − y mod p; it consumes x. p − y is formed from memory,
// off x's path.
func sub(x fe, y Mem) fe {
	ys := memLimbs(y)
	return subSelect(x, ys, pMinus(ys))
}

// subFrom returns y − x mod p in fresh registers; it consumes x unless
// keep is set. Here x comes late: a = y − x and b = (y + p) − x
// (y + p formed from memory, mod 2^256) side by side, b replacing a when
// a borrows.
func subFrom(y Mem, x fe, keep bool) fe {
	z := load(y)
	b := load(y)
	ADDQ(I32(-1), b[0])
	ADCQ(nistfield.P256ConstLo, b[1])
	ADCQ(U32(0), b[2])
	ADCQ(nistfield.P256ConstC, b[3])
	SUBQ(x[0], b[0])
	for j := 1; j < 4; j++ {
		SBBQ(x[j], b[j])
	}
	SUBQ(x[0], z[0])
	for j := 1; j < 4; j++ {
		SBBQ(x[j], z[j])
	}
	for j := 0; j < 4; j++ {
		CMOVQCS(b[j], z[j])
	}
	b.Release()
	if !keep {
		x.Release()
	}
	return z
}

// negate returns 0 − x mod p (0 for 0) in fresh registers; it consumes x.
func negate(x fe) fe {
	z := nistfield.AllocFE()
	for j := 0; j < 4; j++ {
		XORL(z[j].As32(), z[j].As32())
	}
	SUBQ(x[0], z[0])
	for j := 1; j < 4; j++ {
		SBBQ(x[j], z[j])
	}
	x.Release()
	m := nistfield.Alloc()
	SBBQ(m, m)
	addP(z, m)
	return z
}

// half returns x/2 mod p; it consumes x.
func half(x fe) fe {
	carry, m := nistfield.Alloc(), nistfield.Alloc()
	XORL(carry.As32(), carry.As32())
	MOVL(U32(1), m.As32())
	ANDQ(x[0], m)
	NEGQ(m) // all ones if x is odd
	addP(x, m)
	ADCQ(U32(0), carry)
	// x + (p if odd) is even and below 2p: shift the 257 bits right by one.
	// Limb j takes the low bit of limb j+1 (shifts and OR: SHRD is slow
	// on AMD cores).
	next := append(x[1:], carry)
	t := nistfield.Alloc()
	for j := 0; j < 4; j++ {
		MOVQ(next[j], t)
		SHLQ(U8(63), t)
		SHRQ(U8(1), x[j])
		ORQ(t, x[j])
	}
	nistfield.Release(carry, t)
	return x
}

// triple returns 3x mod p as (x + x) + x; it consumes x.
func triple(x fe) fe {
	u := dbl(nistfield.CopyFE(x))
	return addRR(u, x)
}

// locals allocates named 32-byte stack slots.
func locals(names ...string) map[string]Mem {
	m := make(map[string]Mem)
	for _, n := range names {
		m[n] = AllocLocal(32)
	}
	return m
}

// doubleJacobian emits p256DoubleJacobianMULX, the n-fold jacobianDouble.
// X, Y, Z and the temporaries live in the frame between operations.
func doubleJacobian() {
	TEXT("p256DoubleJacobianMULX", 0, "func(x, y, z *[4]uint64, n int)")
	Pragma("noescape")
	Doc("p256DoubleJacobianMULX sets (x : y : z) to its 2^n-th multiple by n runs of jacobianDouble.")
	nistfield.ResetRegs()
	v := locals("x", "y", "z", "t", "s", "m", "alpha", "a", "q", "b", "b8", "g")
	X, Y, Z, T, S, M := v["x"], v["y"], v["z"], v["t"], v["s"], v["m"]
	AL, A, Q, B, B8, G := v["alpha"], v["a"], v["q"], v["b"], v["b8"], v["g"]
	count := AllocLocal(8)

	Load(Param("n"), RAX)
	TESTQ(RAX, RAX)
	JLE(LabelRef("done"))
	MOVQ(RAX, count)
	for _, c := range []struct {
		name string
		m    Mem
	}{{"x", X}, {"y", Y}, {"z", Z}} {
		Load(Param(c.name), RDX)
		copyElem(c.m, Mem{Base: RDX})
	}

	// The order interleaves the two independent strands of the formula,
	// δ → α → α² and T → A → 4β, 8γ², so that each operation's neighbours
	// in the instruction stream do not wait for it.
	Label("loop")
	Comment("δ = Z²; X − δ; X + δ")
	d := sqr(load(Z))
	m := subFrom(X, d, true)
	limbs.Store(m[:], M)
	m.Release()
	s := add(d, X)
	limbs.Store(s[:], S)
	s.Release()
	Comment("T = 2Y; Z3 = T·Z")
	t := dbl(load(Y))
	limbs.Store(t[:], T)
	z3 := mul(t, Z)
	limbs.Store(z3[:], Z)
	z3.Release()
	Comment("α = 3(X − δ)(X + δ)")
	al := triple(mul(load(S), M))
	limbs.Store(al[:], AL)
	al.Release()
	Comment("A = T² = 4γ")
	a := sqr(load(T))
	limbs.Store(a[:], A)
	a.Release()
	Comment("α²")
	q := sqr(load(AL))
	limbs.Store(q[:], Q)
	q.Release()
	Comment("4β = X·A; 8β")
	b := mul(load(A), X)
	limbs.Store(b[:], B)
	b = dbl(b)
	limbs.Store(b[:], B8)
	b.Release()
	Comment("8γ² = A²/2")
	g := half(sqr(load(A)))
	limbs.Store(g[:], G)
	g.Release()
	Comment("X3 = α² − 8β")
	x3 := sub(load(Q), B8)
	limbs.Store(x3[:], X)
	Comment("Y3 = α(4β − X3) − 8γ²")
	y := sub(mul(subFrom(B, x3, false), AL), G)
	limbs.Store(y[:], Y)
	y.Release()
	DECQ(count)
	JNZ(LabelRef("loop"))

	for _, c := range []struct {
		name string
		m    Mem
	}{{"x", X}, {"y", Y}, {"z", Z}} {
		Load(Param(c.name), RDX)
		copyElem(Mem{Base: RDX}, c.m)
	}
	Label("done")
	RET()
	nistfield.CheckAllFree()
}

// madd emits p256MaddMULX, mirroring maddGeneric.
func madd() {
	TEXT("p256MaddMULX", 0, "func(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[4]uint64)")
	Pragma("noescape")
	Doc("p256MaddMULX sets (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2) like maddGeneric, and h and r to its H and r.")
	nistfield.ResetRegs()
	v := locals(maddLocals...)
	for _, n := range []string{"x1", "y1", "z1", "x2", "y2"} {
		Load(Param(n), RDX)
		copyElem(v[n], Mem{Base: RDX})
	}

	maddBody(v)
	x3, y3, z3, h, r := v["x3"], v["y3"], v["z3"], v["h"], v["r"]

	for _, c := range []struct {
		name string
		m    Mem
	}{{"x3", x3}, {"y3", y3}, {"z3", z3}, {"h", h}, {"r", r}} {
		Load(Param(c.name), RDX)
		copyElem(Mem{Base: RDX}, c.m)
	}
	RET()
	nistfield.CheckAllFree()
}

// maddLocals are the stack slots of maddBody.
var maddLocals = []string{"x1", "y1", "z1", "x2", "y2", "z1z1", "h", "i", "j", "r", "v", "w", "jv", "x3", "y3", "z3"}

// maddBody emits maddGeneric on the slots of maddLocals: (x3 : y3 : z3) =
// (x1 : y1 : z1) + (x2, y2), and the slots h and r.
func maddBody(v map[string]Mem) {
	x1, y1, z1, x2, y2 := v["x1"], v["y1"], v["z1"], v["x2"], v["y2"]
	z1z1, h, i, j, r, vv, w, jv := v["z1z1"], v["h"], v["i"], v["j"], v["r"], v["v"], v["w"], v["jv"]
	x3, y3, z3 := v["x3"], v["y3"], v["z3"]

	// The order interleaves independent operations (see doubleJacobian).
	Comment("Z1Z1 = Z1²; Z1·Z1Z1; U2 = X2·Z1Z1; H = U2 − X1")
	zz := sqr(load(z1))
	limbs.Store(zz[:], z1z1)
	c := mul(zz, z1)
	limbs.Store(c[:], w)
	c.Release()
	hr := sub(mul(load(x2), z1z1), x1)
	limbs.Store(hr[:], h)
	hr.Release()
	Comment("r = 2(Y2·Z1·Z1Z1 − Y1); I = 4·H²")
	rr := dbl(sub(mul(load(w), y2), y1))
	limbs.Store(rr[:], r)
	rr.Release()
	ir := dbl(dbl(sqr(load(h))))
	limbs.Store(ir[:], i)
	ir.Release()
	Comment("Z3 = 2·Z1·H; r²; J = H·I; V = X1·I")
	z := dbl(mul(load(z1), h))
	limbs.Store(z[:], z3)
	z.Release()
	rq := sqr(load(r))
	limbs.Store(rq[:], x3)
	rq.Release()
	jr := mul(load(i), h)
	limbs.Store(jr[:], j)
	jr.Release()
	vr := mul(load(x1), i)
	limbs.Store(vr[:], vv)
	vr = add(dbl(vr), j)
	limbs.Store(vr[:], jv)
	vr.Release()
	Comment("2·Y1·J; X3 = r² − (J + 2V)")
	wr := dbl(mul(load(y1), j))
	limbs.Store(wr[:], w)
	wr.Release()
	xr := sub(load(x3), jv)
	limbs.Store(xr[:], x3)
	Comment("Y3 = r(V − X3) − 2·Y1·J")
	yr := sub(mul(subFrom(vv, xr, false), r), w)
	limbs.Store(yr[:], y3)
	yr.Release()
}

// montOne is 1 in Montgomery form, 2^256 mod p.
var montOne = [4]uint64{1, 0xffffffff00000000, 0xffffffffffffffff, 0xfffffffe}

// addDigit emits p256AddDigitMULX, mirroring addDigitGeneric (scalarmult.go). Its
// end, the choices between the sum, the entry and the old point, is
// pointasm.AddDigitSelect, shared with the P-521 generator.
func addDigit() {
	TEXT("p256AddDigitMULX", 0, "func(x, y, z, x2, y2 *[4]uint64, neg, zero int)")
	Pragma("noescape")
	Doc("p256AddDigitMULX adds (x2, ±y2) to (x : y : z) like addDigitGeneric.")
	nistfield.ResetRegs()
	v := locals(maddLocals...)
	for _, c := range []struct{ param, slot string }{{"x", "x1"}, {"y", "y1"}, {"z", "z1"}, {"x2", "x2"}} {
		Load(Param(c.param), RDX)
		copyElem(v[c.slot], Mem{Base: RDX})
	}
	x1, y1, z1, x2, y2 := v["x1"], v["y1"], v["z1"], v["x2"], v["y2"]
	x3, y3, z3 := v["x3"], v["y3"], v["z3"]

	Comment("y2 = −y2 if neg")
	Load(Param("y2"), RDX)
	yv := load(Mem{Base: RDX})
	ny := negate(nistfield.CopyFE(yv))
	Load(Param("neg"), RDX)
	TESTQ(RDX, RDX)
	for j := 0; j < 4; j++ {
		CMOVQNE(ny[j], yv[j])
	}
	limbs.Store(yv[:], y2)
	yv.Release()
	ny.Release()

	maddBody(v)

	pointasm.AddDigitSelect(4, x1, y1, z1, x2, y2, x3, y3, z3, func(j int) {
		MOVQ(U64(montOne[j]), RCX)
	})
	RET()
	nistfield.CheckAllFree()
}

// prefixProducts emits p256PrefixMULX, the first loop of
// batchAffine: prefix[k] = z[0]·…·z[k] for k < n (n ≥ 1).
func prefixProducts() {
	TEXT("p256PrefixMULX", 0, "func(prefix, z *[4]uint64, n int)")
	Pragma("noescape")
	Doc("p256PrefixMULX sets prefix[k] to z[0]·…·z[k] for k < n, like the first loop of batchAffine; prefix and z point to n elements.")
	nistfield.ResetRegs()
	k := AllocLocal(8)
	MOVQ(U32(0), RAX)
	MOVQ(RAX, k)
	Load(Param("z"), RDX)
	acc := load(Mem{Base: RDX})
	Load(Param("prefix"), RDX)
	limbs.Store(acc[:], Mem{Base: RDX})
	if acc != subIn {
		panic("p256PrefixMULX: the loop must start with acc in subIn")
	}
	Label("loop")
	// k is the index just stored; stop after n − 1.
	MOVQ(k, RAX)
	INCQ(RAX)
	Load(Param("n"), RDX)
	CMPQ(RAX, RDX)
	JGE(LabelRef("done"))
	MOVQ(RAX, k)
	acc = mulElem(acc, elem{"z", k, 32, 0})
	storeElem(acc, elem{"prefix", k, 32, 0})
	// The loop starts with acc in subIn.
	moveTo(acc, subIn)
	acc.Release()
	nistfield.TakeRegs(subIn[:]...)
	acc = subIn
	JMP(LabelRef("loop"))
	Label("done")
	acc.Release()
	RET()
	nistfield.CheckAllFree()
}

// backSubstitute emits p256BackSubstMULX, the second loop of
// batchAffine: with inv = 1/prefix[n−1], out[k] = (x[k]/z[k]²,
// y[k]/z[k]³) for k = n−1 down to 0, by
// 1/z[k] = inv·prefix[k−1] and inv ← inv·z[k].
func backSubstitute() {
	TEXT("p256BackSubstMULX", 0, "func(out, x, y, z, prefix, inv *[4]uint64, n int)")
	Pragma("noescape")
	Doc("p256BackSubstMULX is the second loop of batchAffine: out (n affine points) from x, y, z and prefix (n elements each) and inv = 1/prefix[n−1].")
	nistfield.ResetRegs()
	v := locals("inv", "zi", "zi2")
	INV, ZI, ZI2 := v["inv"], v["zi"], v["zi2"]
	k, km1 := AllocLocal(8), AllocLocal(8)
	Load(Param("inv"), RDX)
	copyElem(INV, Mem{Base: RDX})
	Load(Param("n"), RAX)
	Label("loop")
	// RAX is k + 1 here.
	DECQ(RAX)
	MOVQ(RAX, k)
	JZ(LabelRef("last"))
	DECQ(RAX)
	MOVQ(RAX, km1)
	Comment("1/z[k] = inv·prefix[k−1]; inv = inv·z[k]")
	zi := mulElem(load(INV), elem{"prefix", km1, 32, 0})
	limbs.Store(zi[:], ZI)
	zi.Release()
	iv := mulElem(load(INV), elem{"z", k, 32, 0})
	limbs.Store(iv[:], INV)
	iv.Release()
	emitAffine(ZI, ZI2, k)
	MOVQ(k, RAX)
	JMP(LabelRef("loop"))

	Label("last")
	Comment("1/z[0] = inv")
	emitAffine(INV, ZI2, k)
	RET()
	nistfield.CheckAllFree()
}

// emitAffine emits out[k] = (x[k]·zi², y[k]·zi³) for zi at ZI, with ZI2 a
// slot for zi².
func emitAffine(ZI, ZI2 Mem, k Mem) {
	Comment("out[k] = (x[k]·zi², y[k]·zi³)")
	zi2 := sqr(load(ZI))
	limbs.Store(zi2[:], ZI2)
	zi3 := mul(zi2, ZI)
	ry := mulElem(zi3, elem{"y", k, 32, 0})
	storeElem(ry, elem{"out", k, 64, 32})
	ry.Release()
	rx := mulElem(load(ZI2), elem{"x", k, 32, 0})
	storeElem(rx, elem{"out", k, 64, 0})
	rx.Release()
}
