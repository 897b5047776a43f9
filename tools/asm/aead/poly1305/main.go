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
// accumulator t, row by row: for each 64-bit half m0 or m1 of a block, one
// load into DX serves its three MULX with P0, P1 and P2, whose halves are
// combined into the four limbs of the product (below 2¹⁹⁵), added to t
// with one carry chain that runs up to the top limb t4. mN·r comes first,
// with the folding of updateMULX (four products into t0 to t2, which
// cannot carry further). Every partial sum is below the bound of U, so no
// carry leaves t4. U is stored in the frame; h·r^N is summed column by
// column (where the limb two above a column has received only carries when
// the column is summed, so one ADC $0 into it takes the carry out of a
// product's high half), U added, and t (below 2²⁶⁴) reduced twice:
// h = (t mod 2¹³⁰) + 5·⌊t/2¹³⁰⌋, with 5·⌊t/2¹³⁰⌋ formed as 4H + H from the
// limbs of t by a mask and two SHRQ, then the same with the top limb h2,
// as in updateMULX. h stays in the frame between steps: the step reads it
// only after U is formed, and the registers go to the row sums.
//
// The bounds, with N = 16. A power P comes out of updateMULX's reduction,
// P < 2¹³⁰ + 2⁶⁴, so P2 ≤ 4, and S < 16·(2¹³⁰ + 2⁶⁴) < 2¹³⁴:
//
//	m·P                    < 2¹²⁸·(2¹³⁰ + 2⁶⁴), 15 of them: < 15.01·2²⁵⁸
//	mN·r, folded           < 2¹⁹⁰
//	S·2¹²⁸                 < 2²⁶² = 16·2²⁵⁸
//	U                      < 31.1·2²⁵⁸
//	h·r^N, h < 6·2¹²⁸+2⁶⁵  < 6.01·2²⁵⁸ (h2 ≤ 5, h2·P2 ≤ 20)
//	t = U + h·r^N          < 37.2·2²⁵⁸ < 2²⁶⁴, so t4 < 2⁸
//	first reduction        ⌊t/2¹³⁰⌋ < 37.2·2¹²⁸, h < 2¹³⁰ + 186·2¹²⁸, h2 < 190
//	second reduction       5·⌊h2/4⌋ ≤ 235, h < 2¹³⁰ + 2⁸, h2 ≤ 4
//
// In U, t2 is zero when the products of mN·r at 2⁶⁴ add their high halves
// (so t2 < 2⁶¹ + 2); after that every carry chain runs to t4, which the
// bound of U keeps from overflowing. In h·r^N (h2 ≤ 5 allowed, for callers
// that come from the one-block code), t2 is zero when h0·P1 adds its high
// half, t3 at most 5 when h1·P0 adds its carry, and t4 is the top limb. The
// h that a step leaves, below 2¹³⁰ + 2⁸, is within the contract of update
// (below 2¹³⁰ + 2⁶⁵), and the next step's bound assumed only that; the
// limbs may differ from updateGeneric's by p, the value modulo p is the
// same.
//
// On AMD Zen 4, sixteen blocks per step take about 8 cycles a block
// against updateMULX's 14 (with column sums: 10; eight blocks per step
// with them: about 11; four: no faster than updateMULX); computing the
// powers for sixteen costs about 55 ns, which the Go code's threshold
// accounts for. The code is in tools/asm/internal/polymulx, which the
// stitched ChaCha20-Poly1305 kernel shares.
//
// updateAVX512 is the same for CPUs with AVX-512F but no IFMA, in radix
// 2²⁶ with VPMULUDQ (tools/asm/internal/poly26): eight blocks per step in
// one accumulator, 25 products a step.
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

	"github.com/crypton-go/crypton/tools/asm/internal/poly26"
	"github.com/crypton-go/crypton/tools/asm/internal/polyifma"
	"github.com/crypton-go/crypton/tools/asm/internal/polymulx"
)

func main() {
	Package("github.com/crypton-go/crypton/aead/poly1305")
	ConstraintExpr("gc,!purego")
	updateMULX()
	updateNMULX()
	polyifma.Data("poly1305")
	polyifma.Update("updateIFMA", "func(s *macState, msg []byte)", false)
	poly26.Data("poly1305")
	poly26.Update("updateAVX512", "func(s *macState, msg []byte)", false)
	Generate()
}

// regs holds the registers of updateMULX that live across blocks: the key
// and the accumulator, and p and n, the next block of the message and the
// blocks left.
type regs struct {
	polymulx.Regs
	p, n GPVirtual
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
		Regs: polymulx.Regs{
			R0: GP64(), R1: GP64(), RR1: GP64(),
			H0: GP64(), H1: GP64(), H2: GP64(),
		},
		p: p.(GPVirtual), n: n.(GPVirtual),
	}
	Load(st.Field("r").Index(0), g.R0)
	Load(st.Field("r").Index(1), g.R1)
	g.LoadKey()

	Comment("h += m + 2¹²⁸ for the first block")
	Load(st.Field("h").Index(0), g.H0)
	Load(st.Field("h").Index(1), g.H1)
	Load(st.Field("h").Index(2), g.H2)
	ADDQ(Mem{Base: g.p}, g.H0)
	ADCQ(Mem{Base: g.p, Disp: 8}, g.H1)
	ADCQ(U8(1), g.H2)
	ADDQ(U8(16), g.p)
	DECQ(g.n) // the blocks that follow the first
	JZ(LabelRef("last"))

	Label("loop")
	g.step()
	ADDQ(U8(16), g.p)
	DECQ(g.n)
	JNZ(LabelRef("loop"))

	Label("last")
	g.Multiply()
	Comment("h = t mod 2¹³⁰ + 5·⌊t/2¹³⁰⌋")
	k5 := g.FiveK()
	ADDQ(k5, g.H0)
	ADCQ(U8(0), g.H1)
	ADCQ(U8(0), g.H2)
	st = Dereference(Param("s")) // reloaded: no register holds it in the loop
	Store(g.H0, st.Field("h").Index(0))
	Store(g.H1, st.Field("h").Index(1))
	Store(g.H2, st.Field("h").Index(2))

	Label("done")
	RET()
}

// step multiplies h by r and reduces it, adding the block at p and 2¹²⁸ on
// the way.
func (g *regs) step() {
	g.Multiply()
	Comment("h = t mod 2¹³⁰ + 5·⌊t/2¹³⁰⌋, plus m + 2¹²⁸ for the next block m")
	k5 := g.FiveK()
	ADDQ(Mem{Base: g.p}, g.H0)
	ADCQ(Mem{Base: g.p, Disp: 8}, g.H1)
	ADCQ(U8(1), g.H2)
	ADDQ(k5, g.H0)
	ADCQ(U8(0), g.H1)
	ADCQ(U8(0), g.H2)
}

// blocksN is the number of blocks that updateNMULX absorbs per step.
const blocksN = polymulx.BlocksN

func updateNMULX() {
	TEXT("updateNMULX", NOSPLIT, "func(s *macState, msg []byte)")
	Doc(fmt.Sprintf("updateNMULX absorbs the len(msg)/%d groups of %d whole blocks of msg", 16*blocksN, blocksN),
		fmt.Sprintf("into s.h, %d blocks per step with the powers of r. It leaves h", blocksN),
		"congruent to what updateGeneric leaves, below 2¹³⁰ + 2⁸, not",
		"always with the same limbs. It needs BMI2.")

	p := Load(Param("msg").Base(), GP64())
	n := Load(Param("msg").Len(), GP64())
	pw := AllocLocal(polymulx.PowersSize)
	SHRQ(U8(log2(16*blocksN)), n) // the number of steps
	JZ(LabelRef("doneN"))

	Comment("The powers r², …, r^N, partially reduced, and their sum S with r")
	st := Dereference(Param("s"))
	g := polymulx.Regs{R0: GP64(), R1: GP64(), RR1: GP64(), H0: GP64(), H1: GP64(), H2: GP64()}
	Load(st.Field("r").Index(0), g.R0)
	Load(st.Field("r").Index(1), g.R1)
	g.LoadKey()
	g.Powers(pw)

	Comment("h in the frame: the step reads it only after U is formed")
	h := AllocLocal(24)
	st = Dereference(Param("s"))
	for i := 0; i < 3; i++ {
		t := GP64()
		Load(st.Field("h").Index(i), t)
		MOVQ(t, h.Offset(8*i))
	}

	Label("loopN")
	polymulx.Step(nil, p, h, h.Offset(8), h.Offset(16), pw)
	ADDQ(U32(16*blocksN), p)
	DECQ(n)
	JNZ(LabelRef("loopN"))

	st = Dereference(Param("s"))
	for i := 0; i < 3; i++ {
		t := GP64()
		MOVQ(h.Offset(8*i), t)
		Store(t, st.Field("h").Index(i))
	}

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
