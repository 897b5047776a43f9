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
// blocks. Processing two blocks at once with r² would need eight more
// products per pair, r² not being clamped.
//
// Nothing branches on, or indexes memory with, h, r or the message: the only
// branches test the number of blocks.
//
// The function needs BMI2 (MULX); the Go code checks for it.
//
// Run it with go generate in aead/poly1305.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	Package("github.com/crypton-go/crypton/aead/poly1305")
	ConstraintExpr("gc,!purego")
	updateMULX()
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
