// Command poly1305 generates aead/poly1305/poly1305_amd64.s.
//
// updateMULX mirrors updateGeneric (multiplyBlocks with hibit = 1) in
// aead/poly1305/poly1305_generic.go: for each whole 16-byte block m of msg it
// sets h = (h + m + 2¹²⁸)·r mod 2¹³⁰-5, partially reduced, the evaluation of
// the Poly1305 polynomial by Horner's rule of RFC 8439, Section 2.5. It
// computes what the Go code computes limb for limb, and leaves the same
// three limbs in the state, so the two can be compared state against state.
//
// The arithmetic is that of the Go code, with 64-bit limbs: h = h0 + h1·2⁶⁴ +
// h2·2¹²⁸ with h2 small, r = r0 + r1·2⁶⁴ clamped, and rr1 = r1 + r1/4, so
// that clamping (r1 is a multiple of 4) lets the terms at 2¹²⁸ and above fold
// down as r1·2¹²⁸ ≡ rr1 (mod 2¹³⁰-5): per block four 64×64→128-bit MULX
// products, two small IMUL ones, and the partial reduction
// h = (t mod 2¹³⁰) + 5·⌊t/2¹³⁰⌋. MULX leaves the flags alone, so the
// products and the carry chains that sum them interleave freely, and it
// takes its operands in any registers but DX. The differences from the Go
// code are of order, for the chain of dependences that runs from one block
// to the next, which bounds the speed:
//
//   - the next block is added to the low limbs of t while the high limb t2
//     is still being summed, so that after t2 only the reduction remains;
//   - 5·⌊t2/4⌋ is formed in one register (a shift and an LEA), which the
//     bounds below allow, and added with one carry chain;
//   - the products are summed in groups that cannot carry out of their
//     limbs, which saves the instructions that would propagate the carries.
//
// The bounds, for clamped r (r0, r1 < 2⁶⁰, rr1 < 1.25·2⁶⁰) and h < 2¹³¹
// (h2 ≤ 7) at the multiplication, as in the Go code:
//
//	h0·r0 + h1·rr1          < 2.25·2¹²⁴, high limb < 2.25·2⁶⁰
//	h0·r1 + h1·r0           < 2¹²⁵, high limb < 2⁶¹
//	h2·rr1, h2·r0           ≤ 8.75·2⁶⁰, ≤ 7·2⁶⁰
//	t2                      ≤ 9·2⁶⁰ + 1, so 5·⌊t2/4⌋ < 2⁶⁴
//
// After a reduction h < 2¹³⁰ + 2⁶⁴; with the next block and its 2¹²⁸ added,
// h < 2¹³¹ again. The state stored at the end has no block added, so
// h < 2¹³⁰ + 2⁶⁴, within the bound the Go code documents; the state read at
// the start may be anything within that bound.
//
// Other orders were measured on AMD Zen 3 (no ADX: of the sums here none
// needs two carry chains at once): taking the products of h1 and h2 before
// h0 is final, with the carry out of h0 added as a correction, shortens the
// chain but adds more instructions than it saves; so does a loop of two
// blocks.
//
// # Many blocks per step: updateNMULX
//
// updateMULX runs one block per chain of dependences (about 14 cycles on AMD
// Zen 4, where the multiplier and the ALUs could do far more).
// updateNMULX, which the Go code calls for long inputs, unrolls Horner's rule
// over N = blocksN blocks m1 … mN:
//
//	h' = (h + m1 + 2¹²⁸)·r^N + (m2 + 2¹²⁸)·r^(N-1) + … + (mN + 2¹²⁸)·r
//	   = h·r^N + U,  U = m1·r^N + m2·r^(N-1) + … + mN·r + S·2¹²⁸,
//	   S = r^N + … + r² + r
//
// U does not depend on h, so the out-of-order core computes it while the
// previous step finishes; only h·r^N (nine products, of which three small)
// and one reduction remain in the chain from one step to the next. Each
// step is bound by its instructions, not by that chain. At its start the
// function computes r², …, r^N with the multiplication and reduction of
// updateMULX (without a block), in a chain of N-1 products, and S, and
// keeps them with r0, r1, rr1 in its stack frame; the Go code skips it for
// inputs too short to repay that.
//
// The powers are not clamped, so their products fold nothing: each product
// m·P, P = P0 + P1·2⁶⁴ + P2·2¹²⁸, is summed whole into a five-limb
// accumulator t, column by column (m0·P0 at 2⁰; m0·P1 and m1·P0 at 2⁶⁴;
// m1·P1 and m0·P2 at 2¹²⁸; m1·P2 at 2¹⁹²), six MULX per block, and mN·r
// with the folding of updateMULX, four. In increasing column order the
// limb two above a column has received only carries when the column is
// summed, so one ADC $0 into it takes the carry out of a product's high
// half; where a limb cannot overflow (zero before, or holding only small
// values) that ADC is left out. U is stored in the frame, h·r^N summed the
// same way, U added, and t (below 2²⁶⁴) reduced twice:
// h = (t mod 2¹³⁰) + 5·⌊t/2¹³⁰⌋, with 5·⌊t/2¹³⁰⌋ formed as 4H + H from the
// limbs of t by a mask and two SHRQ, then the same with the top limb h2,
// as in updateMULX.
//
// The bounds, with N = 16. A power P comes out of updateMULX's reduction,
// P < 2¹³⁰ + 2⁶⁴, so P2 ≤ 4, and S < 16·(2¹³⁰ + 2⁶⁴) < 2¹³⁴:
//
//	m·P                    < 2¹²⁸·(2¹³⁰ + 2⁶⁴), 15 of them: < 15.01·2²⁵⁸
//	mN·r, folded           < 2¹⁹⁰
//	S·2¹²⁸                 < 2²⁶² = 16·2²⁵⁸
//	U                      < 31.1·2²⁵⁸
//	h·r^N, h < 2¹³⁰ + 2⁶⁵  < 4.01·2²⁵⁸ (h2 ≤ 4, h2·P2 ≤ 16)
//	t = U + h·r^N          < 35.2·2²⁵⁸ < 2²⁶⁴, so t4 < 2⁸
//	first reduction        ⌊t/2¹³⁰⌋ < 35.2·2¹²⁸, h < 2¹³⁰ + 176·2¹²⁸, h2 < 180
//	second reduction       5·⌊h2/4⌋ ≤ 220, h < 2¹³⁰ + 2⁸, h2 ≤ 4
//
// In the columns of U: t2 holds at most 15 carries and the high halves of
// mN·r (< 2⁶¹ + 17) when the carries of column 1 go to t3; t3 at most 30
// carries plus the high halves of the 15 products m0·P2 (each ≤ 3: P2 ≤ 4)
// when those of column 2 go to t4; the five limbs never overflow as their
// sum, whatever the order, stays below the bound of U. In h·r^N, t2 is zero
// when h0·P1 adds its high half, t3 at most 5 when h1·P0 adds its carry,
// and t4 is the top limb. The h that a step leaves, below 2¹³⁰ + 2⁸, is
// within the contract of update (below 2¹³⁰ + 2⁶⁵), and the next step's
// bound assumed only that; the limbs may differ from updateGeneric's by p,
// the value modulo p is the same.
//
// On AMD Zen 4, sixteen blocks per step take about 10 cycles a block
// against updateMULX's 14 (eight blocks per step: about 11; four: no
// faster than updateMULX); computing the powers for sixteen costs about
// 55 ns, which the Go code's threshold accounts for.
//
// Nothing branches on, or indexes memory with, h, r or the message: the only
// branches test the number of blocks.
//
// The functions need BMI2 (MULX); the Go code checks for it.
//
// Run it with go generate in aead/poly1305.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	Package("github.com/crypton-go/crypton/aead/poly1305")
	ConstraintExpr("gc,!purego")
	updateMULX()
	updateNMULX()
	Generate()
}

// regs holds the registers of updateMULX that live across blocks.
type regs struct {
	r0, r1, rr1 GPVirtual // the key, rr1 = r1 + r1>>2
	p, n        GPVirtual // the next block of the message, the blocks left
	h0, h1, h2  GPVirtual // the accumulator h0 + h1·2⁶⁴ + h2·2¹²⁸
}

func updateMULX() {
	TEXT("updateMULX", NOSPLIT, "func(s *macState, msg []byte)")
	Doc("updateMULX absorbs the len(msg)/16 whole blocks of msg into s.h, like",
		"updateGeneric. It needs BMI2.")

	p := Load(Param("msg").Base(), GP64())
	n := Load(Param("msg").Len(), GP64())
	SHRQ(U8(4), n) // the number of blocks
	JZ(LabelRef("done"))

	st := Dereference(Param("s"))
	g := regs{
		r0: GP64(), r1: GP64(), rr1: GP64(),
		p: p.(GPVirtual), n: n.(GPVirtual),
		h0: GP64(), h1: GP64(), h2: GP64(),
	}
	Load(st.Field("r").Index(0), g.r0)
	Load(st.Field("r").Index(1), g.r1)
	MOVQ(g.r1, g.rr1)
	SHRQ(U8(2), g.rr1)
	ADDQ(g.r1, g.rr1)

	Comment("h += m + 2¹²⁸ for the first block")
	Load(st.Field("h").Index(0), g.h0)
	Load(st.Field("h").Index(1), g.h1)
	Load(st.Field("h").Index(2), g.h2)
	ADDQ(Mem{Base: g.p}, g.h0)
	ADCQ(Mem{Base: g.p, Disp: 8}, g.h1)
	ADCQ(U8(1), g.h2)
	ADDQ(U8(16), g.p)
	DECQ(g.n) // the blocks that follow the first
	JZ(LabelRef("last"))

	Label("loop")
	g.step()
	ADDQ(U8(16), g.p)
	DECQ(g.n)
	JNZ(LabelRef("loop"))

	Label("last")
	g.multiply()
	Comment("h = t mod 2¹³⁰ + 5·⌊t/2¹³⁰⌋")
	k5 := g.fiveK()
	ADDQ(k5, g.h0)
	ADCQ(U8(0), g.h1)
	ADCQ(U8(0), g.h2)
	st = Dereference(Param("s")) // reloaded: no register holds it in the loop
	Store(g.h0, st.Field("h").Index(0))
	Store(g.h1, st.Field("h").Index(1))
	Store(g.h2, st.Field("h").Index(2))

	Label("done")
	RET()
}

// step multiplies h by r and reduces it, adding the block at p and 2¹²⁸ on
// the way.
func (g *regs) step() {
	g.multiply()
	Comment("h = t mod 2¹³⁰ + 5·⌊t/2¹³⁰⌋, plus m + 2¹²⁸ for the next block m")
	k5 := g.fiveK()
	ADDQ(Mem{Base: g.p}, g.h0)
	ADCQ(Mem{Base: g.p, Disp: 8}, g.h1)
	ADCQ(U8(1), g.h2)
	ADDQ(k5, g.h0)
	ADCQ(U8(0), g.h1)
	ADCQ(U8(0), g.h2)
}

// multiply sets h0, h1, h2 to the limbs t0, t1, t2 of
//
//	t = (h0·r0 + h1·rr1) + (h0·r1 + h1·r0 + h2·rr1)·2⁶⁴ + h2·r0·2¹²⁸
//
// the t of multiplyBlocks, congruent to h·r modulo 2¹³⁰-5.
func (g *regs) multiply() {
	Comment("t = h·r with the high terms folded: four MULX, two IMUL")
	a1, c0, c1 := GP64(), GP64(), GP64()
	d0, d1, e := GP64(), GP64(), GP64()

	MOVQ(g.h0, RDX)
	MULXQ(g.r0, g.h0, a1) // h0·r0
	MULXQ(g.r1, c0, c1)   // h0·r1
	MOVQ(g.h1, RDX)
	MULXQ(g.rr1, d0, g.h1) // h1·rr1
	ADDQ(d0, g.h0)         // t0
	ADCQ(a1, g.h1)         // no carry: < 2.25·2⁶⁰ + 1
	MULXQ(g.r0, d0, d1)    // h1·r0
	MOVQ(g.h2, e)
	IMULQ(g.rr1, e)   // h2·rr1
	IMULQ(g.r0, g.h2) // h2·r0
	ADDQ(e, g.h1)     // no carry: ≤ 11·2⁶⁰ + 1
	ADDQ(d0, c0)      // h0·r1 + h1·r0 < 2¹²⁵: no carry
	ADCQ(d1, c1)
	ADDQ(c1, g.h2)    // no carry: < 9·2⁶⁰
	ADDQ(c0, g.h1)    // t1
	ADCQ(U8(0), g.h2) // t2
}

// fiveK returns a register holding 5·⌊t2/4⌋ and leaves t2 & 3 in h2. It
// changes the flags, so it comes before any carry chain that uses them.
func (g *regs) fiveK() GPVirtual {
	k := GP64()
	MOVQ(g.h2, k)
	SHRQ(U8(2), k)
	LEAQ(Mem{Base: k, Index: k, Scale: 4}, k)
	ANDQ(U8(3), g.h2)
	return k
}

// blocksN is the number of blocks that updateNMULX absorbs per step.
const blocksN = 16

// The layout, in limbs, of updateNMULX's stack frame: r^N, r^(N-1), …, r²
// (three limbs each, partially reduced), then r0, r1, rr1, then S, then U.
const (
	pwR   = 3 * (blocksN - 1) // r0, r1, rr1 = r1 + r1>>2: the clamped key
	pwS   = pwR + 3           // S = r^N + … + r² + r, three limbs
	pwU   = pwS + 3           // U of the current step, five limbs
	pwLen = pwU + 5
)

// pwPow returns the offset of r^k in the frame, for 2 ≤ k ≤ N.
func pwPow(k int) int { return 3 * (blocksN - k) }

// quad holds the registers of updateNMULX.
type quad struct {
	p, n       GPVirtual
	h0, h1, h2 GPVirtual // the accumulator, across steps
	pw         Mem       // the powers and U, on the stack
}

func updateNMULX() {
	TEXT("updateNMULX", NOSPLIT, "func(s *macState, msg []byte)")
	Doc(fmt.Sprintf("updateNMULX absorbs the len(msg)/%d groups of %d whole blocks of msg", 16*blocksN, blocksN),
		fmt.Sprintf("into s.h, %d blocks per step with the powers of r. It leaves h", blocksN),
		"congruent to what updateGeneric leaves, below 2¹³⁰ + 2⁸, not",
		"always with the same limbs. It needs BMI2.")

	q := quad{
		p:  Load(Param("msg").Base(), GP64()).(GPVirtual),
		n:  Load(Param("msg").Len(), GP64()).(GPVirtual),
		pw: AllocLocal(8 * pwLen),
	}
	SHRQ(U8(log2(16*blocksN)), q.n) // the number of steps
	JZ(LabelRef("doneN"))

	Comment("The powers r², …, r^N, partially reduced, and their sum S with r")
	st := Dereference(Param("s"))
	g := regs{r0: GP64(), r1: GP64(), rr1: GP64(), h0: GP64(), h1: GP64(), h2: GP64()}
	Load(st.Field("r").Index(0), g.r0)
	Load(st.Field("r").Index(1), g.r1)
	MOVQ(g.r1, g.rr1)
	SHRQ(U8(2), g.rr1)
	ADDQ(g.r1, g.rr1)
	MOVQ(g.r0, q.pwMem(pwR))
	MOVQ(g.r1, q.pwMem(pwR+1))
	MOVQ(g.rr1, q.pwMem(pwR+2))
	MOVQ(g.r0, g.h0)
	MOVQ(g.r1, g.h1)
	XORL(g.h2.As32(), g.h2.As32())
	for k := 2; k <= blocksN; k++ {
		g.multiply()
		k5 := g.fiveK()
		ADDQ(k5, g.h0)
		ADCQ(U8(0), g.h1)
		ADCQ(U8(0), g.h2)
		MOVQ(g.h0, q.pwMem(pwPow(k)))
		MOVQ(g.h1, q.pwMem(pwPow(k)+1))
		MOVQ(g.h2, q.pwMem(pwPow(k)+2))
	}
	s0, s1, s2 := GP64(), GP64(), GP64()
	MOVQ(g.r0, s0)
	MOVQ(g.r1, s1)
	XORL(s2.As32(), s2.As32())
	for k := 2; k <= blocksN; k++ {
		ADDQ(q.pwMem(pwPow(k)), s0)
		ADCQ(q.pwMem(pwPow(k)+1), s1)
		ADCQ(q.pwMem(pwPow(k)+2), s2)
	}
	MOVQ(s0, q.pwMem(pwS))
	MOVQ(s1, q.pwMem(pwS+1))
	MOVQ(s2, q.pwMem(pwS+2))

	st = Dereference(Param("s"))
	q.h0, q.h1, q.h2 = GP64(), GP64(), GP64()
	Load(st.Field("h").Index(0), q.h0)
	Load(st.Field("h").Index(1), q.h1)
	Load(st.Field("h").Index(2), q.h2)

	Label("loopN")
	q.step()
	ADDQ(U32(16*blocksN), q.p)
	DECQ(q.n)
	JNZ(LabelRef("loopN"))

	st = Dereference(Param("s"))
	Store(q.h0, st.Field("h").Index(0))
	Store(q.h1, st.Field("h").Index(1))
	Store(q.h2, st.Field("h").Index(2))

	Label("doneN")
	RET()
}

func log2(n int) uint8 {
	var k uint8
	for 1<<k < n {
		k++
	}
	return k
}

// pwMem returns the memory operand of limb i of the powers.
func (q *quad) pwMem(i int) Mem { return q.pw.Offset(8 * i) }

// msg returns the memory operand of limb i (0 or 1) of block j (0 to N-1).
func (q *quad) msg(j, i int) Mem { return Mem{Base: q.p, Disp: 16*j + 8*i} }

// acc is a sum of products in five limbs, built column by column.
type acc [5]GPVirtual

// mac adds a·b·2^(64·col) to t, where DX already holds a: the low half of
// the product into t[col], the high half into t[col+1] and the carry out of
// that into t[col+2]. The columns are summed in increasing order, so that
// t[col+2] has received only carries so far (at most one per product, a few
// dozen) and nothing carries out of it. With last, there is no carry out of
// t[col+1]: the caller knows why (it is the top limb, below the bound of
// the doc comment, or it holds only small values so far).
func (t *acc) mac(b Op, col int, last bool) {
	lo, hi := GP64(), GP64()
	MULXQ(b, lo, hi)
	ADDQ(lo, t[col])
	ADCQ(hi, t[col+1])
	if !last {
		ADCQ(U8(0), t[col+2])
	}
}

// step sets h = h·r^N + U, then reduces it below 2¹³⁰ + 2⁷, where U is the
// sum of the N blocks m1 … mN at p times r^N … r, plus K:
// U = m1·r^N + m2·r^(N-1) + … + mN·r + K.
func (q *quad) step() {
	// mul adds the product of DX, loaded from src, and the limb at offset
	// pw of the powers at column col.
	var t acc
	mul := func(src Op, pw, col int) {
		MOVQ(src, RDX)
		t.mac(q.pwMem(pw), col, col == 3)
	}
	Comment("U = m1·r^N + … + mN·r + S·2¹²⁸, column by column: h does not enter it")
	for i := range t {
		t[i] = GP64()
	}
	last := blocksN - 1 // the block multiplied by r itself, first in its columns
	// add adds the product of DX, loaded from src, and the limb at offset pw
	// of the powers at column col, without the carry into t[col+2]: the
	// caller knows that t[col+1] cannot overflow.
	add := func(src Op, pw, col int) {
		MOVQ(src, RDX)
		t.mac(q.pwMem(pw), col, true)
	}
	MOVQ(q.msg(last, 0), RDX)
	MULXQ(q.pwMem(pwR), t[0], t[1]) // mN₀·r0, t1 < 2⁶⁰
	add(q.msg(last, 1), pwR+2, 0)   // mN₁·rr1, t1 < 2⁶⁰ + 1.25·2⁶⁰ + 1
	XORL(t[2].As32(), t[2].As32())
	XORL(t[3].As32(), t[3].As32())
	XORL(t[4].As32(), t[4].As32())
	for j := range last {
		mul(q.msg(j, 0), pwPow(blocksN-j), 0)
	}
	// t[2] holds only carries: < 2⁶⁰ + 1 and < 2⁶¹ + 2 after these two.
	add(q.msg(last, 0), pwR+1, 1)
	add(q.msg(last, 1), pwR, 1)
	for j := range last {
		mul(q.msg(j, 0), pwPow(blocksN-j)+1, 1)
		mul(q.msg(j, 1), pwPow(blocksN-j), 1)
	}
	// t[3] holds only carries, and each of these products has a high half
	// of at most 3 (the top limb of a power is at most 4).
	for j := range last {
		add(q.msg(j, 0), pwPow(blocksN-j)+2, 2)
	}
	for j := range last {
		mul(q.msg(j, 1), pwPow(blocksN-j)+1, 2)
	}
	for j := range last {
		mul(q.msg(j, 1), pwPow(blocksN-j)+2, 3)
	}
	ADDQ(q.pwMem(pwS), t[2]) // the 2¹²⁸ terms: S·2¹²⁸
	ADCQ(q.pwMem(pwS+1), t[3])
	ADCQ(q.pwMem(pwS+2), t[4])
	for i := range t {
		MOVQ(t[i], q.pwMem(pwU+i))
	}

	Comment("t = h·r^N, column by column")
	P := pwPow(blocksN)
	for i := range t {
		t[i] = GP64()
	}
	XORL(t[1].As32(), t[1].As32())
	XORL(t[2].As32(), t[2].As32())
	XORL(t[3].As32(), t[3].As32())
	XORL(t[4].As32(), t[4].As32())
	MOVQ(q.h0, RDX)
	MULXQ(q.pwMem(P), t[0], t[1]) // h0·r^N₀
	t.mac(q.pwMem(P+1), 1, true)  // h0·r^N₁: t2 was 0, no carry out of it
	t.mac(q.pwMem(P+2), 2, false) // h0·r^N₂
	MOVQ(q.h1, RDX)
	t.mac(q.pwMem(P), 1, false) // h1·r^N₀
	t.mac(q.pwMem(P+1), 2, false)
	t.mac(q.pwMem(P+2), 3, true)
	MOVQ(q.h2, RDX)
	t.mac(q.pwMem(P), 2, false)
	t.mac(q.pwMem(P+1), 3, true)
	IMULQ(q.pwMem(P+2), q.h2) // h2·r^N₂ ≤ 12
	ADDQ(q.h2, t[4])
	ADDQ(q.pwMem(pwU), t[0])
	ADCQ(q.pwMem(pwU+1), t[1])
	ADCQ(q.pwMem(pwU+2), t[2])
	ADCQ(q.pwMem(pwU+3), t[3])
	ADCQ(q.pwMem(pwU+4), t[4])

	Comment("h = t mod 2¹³⁰ + 4H + H, H = ⌊t/2¹³⁰⌋")
	MOVQ(t[2], q.h2)
	ANDQ(U8(3), q.h2)
	MOVQ(t[2], q.h0)
	ANDQ(I8(-4), q.h0)
	ADDQ(q.h0, t[0])
	ADCQ(t[3], t[1])
	ADCQ(t[4], q.h2)
	SHRQ(U8(2), t[3], t[2]) // H0
	SHRQ(U8(2), t[4], t[3]) // H1
	SHRQ(U8(2), t[4])       // H2
	ADDQ(t[2], t[0])
	ADCQ(t[3], t[1])
	ADCQ(t[4], q.h2)
	Comment("h = h mod 2¹³⁰ + 5·⌊h/2¹³⁰⌋")
	k := GP64()
	MOVQ(q.h2, k)
	SHRQ(U8(2), k)
	LEAQ(Mem{Base: k, Index: k, Scale: 4}, k)
	ANDQ(U8(3), q.h2)
	ADDQ(k, t[0])
	ADCQ(U8(0), t[1])
	ADCQ(U8(0), q.h2)
	MOVQ(t[0], q.h0)
	MOVQ(t[1], q.h1)
}
