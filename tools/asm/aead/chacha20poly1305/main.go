// Command chacha20poly1305 generates
// aead/chacha20poly1305/chacha20poly1305_amd64.s, the assembly of sealAVX2
// and openAVX2 in aead/chacha20poly1305/chacha20poly1305_amd64.go.
//
// chachaPolyAVX2 mirrors the bulk of sealGeneric and openGeneric in
// aead/chacha20poly1305/chacha20poly1305_generic.go: for each 512-byte chunk
// of src it XORs eight blocks of ChaCha20 keystream (RFC 8439, Section 2.3)
// into dst, and absorbs 16-byte blocks from a second pointer, hash, into a
// Poly1305 accumulator (RFC 8439, Section 2.5), 32 per chunk (the first
// chunk may take fewer: Seal's first takes the 448 bytes of chachaKeyAVX2),
// the two computations interleaved instruction by instruction. ChaCha20
// runs in the vector units and Poly1305 in the scalar multiplier and adders,
// so each fills the other's idle execution ports: the loop takes little
// more time than ChaCha20 alone. Seal passes as hash the ciphertext written
// before the chunk, Open the ciphertext of the chunk itself, which is read
// before the chunk is decrypted (the stores come after all the rounds), so
// that Open works in place.
//
// The ChaCha20 part is the eight-lane code of tools/asm/aead/chacha20: one
// block in each 32-bit lane of the YMM registers, register i holding word i
// of the state of all eight blocks, whose counters are counter+0 ..
// counter+7; rotations by 16 and 8 bits with VPSHUFB, by 12 and 7 with two
// shifts and an OR; the sixteen state words fill all sixteen registers, and
// word 0 goes to a stack slot while its register is the scratch register of
// the shift-and-OR rotations. The ten double rounds are loops
// (stitchedRounds): k = min(blocks/3, 10) double rounds with three Poly1305
// blocks spread over each, the other 10-k alone, then the blocks - 3k
// Poly1305 blocks left alone (for 32 blocks: ten with three, and two after).
// Unrolled, the rounds made a 12 KB loop body that the instruction cache
// and the op cache could not keep beside the rest of Seal or Open, which
// made messages of one or two chunks a third slower. After the rounds the
// input is added, the registers are transposed back into serialized blocks
// and XORed with src.
//
// The Poly1305 part is the arithmetic of tools/asm/aead/poly1305: h = h0 +
// h1·2⁶⁴ + h2·2¹²⁸ in three general-purpose registers, r = r0 + r1·2⁶⁴ and
// rr1 = r1 + r1/4 in stack slots, per block h += m + 2¹²⁸, four 64×64→128-bit
// MULX products and two IMUL ones, and a partial reduction, which here
// takes the bits of t from 2¹³⁰ on before the carry from the middle word
// reaches them, a step earlier on the chain of dependent instructions that
// bounds Poly1305's speed (see poly.block for it and the bounds); within
// the three blocks of a double round, each block's message is added inside
// the reduction of the block before (poly.blocks), another step off that
// chain. Its instructions are merged evenly into the stream of vector
// instructions of the rounds: neither changes what the other reads (vector instructions
// leave the flags alone), so the out-of-order core runs them side by side.
//
// Registers of chachaPolyAVX2: Y0-Y15 hold the sixteen words of the eight
// blocks (Y0 also the scratch register, word 0 then in its slot); in
// general-purpose registers, which avo allocates, the pointers dst, src and
// hash, the number of chunks left, the 32-byte aligned base of the stack
// slots, the accumulator h0, h1, h2, and per Poly1305 block the temporaries
// of the products, with RDX the implicit operand of MULX. The stack slots
// hold the input state broadcast to the lanes (counter+0 .. counter+7 in the
// lanes of word 12, advanced by 8 per chunk), the spilled word 0, r0, r1,
// rr1, which MULX and IMUL take as memory operands, and the counts of the
// loops.
//
// Seal (sealAVX2) runs in three steps, so that only a short end of the
// ciphertext is authenticated after the last keystream is computed:
//
//   - chachaKeyAVX2: eight blocks of ChaCha20 as above with nothing to
//     authenticate yet; block 0, in lane 0, gives the one-time Poly1305 key
//     (RFC 8439, Section 2.6), moved from the vector registers to
//     general-purpose ones, clamped and stored, and the additional data is
//     absorbed; blocks 1 to 7 encrypt the first 448 bytes.
//   - chachaPolyAVX2 over the whole chunks after those, the first one
//     absorbing the 448 bytes, each later one the chunk before it.
//   - chachaRowsPolyAVX2 for a rest of at most two blocks: those two blocks
//     in rows, one in each 128-bit lane of four YMM registers, whose rounds
//     are bound by their latency and leave the scalar units free for the
//     Poly1305 of the last chunk, merged in by stitchedRounds; then the
//     whole blocks it encrypts are absorbed from the registers they were
//     computed in (not read back from memory just written) and, unless a
//     partial block is left for polyFinishMULX, the lengths block and the
//     tag follow in the same call. (A longer rest goes to chachaRowsAVX2,
//     its Poly1305 to polyFinishMULX.)
//
// chachaPolyAVX2 also absorbs the additional data, padded, before its
// chunks, for Open: the out-of-order core runs those blocks beside the
// first rounds. (Seal's chachaKeyAVX2 takes it instead, after its rounds:
// measured, that was the faster of the two for Seal.)
//
// chachaRowsAVX2 is the ChaCha20 of short messages and of the ends of long
// ones: blocks in rows, two to a set of four YMM registers, one to three
// sets side by side, the one-time key block first (see its comment).
// polyFinishMULX is the end of the Poly1305 computation in one call: the
// additional data, the ciphertext and their partial blocks, the lengths
// block and the final reduction and addition of s.
//
// # AVX-512: chachaPolyAVX512 (avx512.go)
//
// chachaPolyAVX512 is chachaPolyAVX2 with 1024-byte chunks: ChaCha20 as in
// blocksAVX512 of tools/asm/aead/chacha20 (sixteen blocks, one in each
// 32-bit lane of the ZMM registers, VPROLD rotations, the words of columns
// 1 to 3 of the first round computed once per call;
// tools/asm/internal/chacha), and Poly1305 sixteen blocks per step with
// the powers r², …, r¹⁶ (tools/asm/internal/polymulx, the arithmetic of
// updateNMULX in tools/asm/aead/poly1305), one step merged into each of
// the first four pairs of double rounds after the first double round: 64
// blocks, the chunk's 1024 bytes. All 32 ZMM registers go to ChaCha20, the
// general-purpose ones to Poly1305; the state, the powers, the accumulator,
// the pointers and the counts live in the stack frame, read by memory
// operands. polyPowersMULX computes the powers once per message, and
// polyStepsMULX absorbs, sixteen blocks per step, the chunk that Seal's
// last call leaves unauthenticated (Seal authenticates each chunk during
// the next one; Open each chunk during itself, reading it before it is
// decrypted). The rest of a message after its chunks, less than 1024 bytes,
// goes to the AVX2 functions.
//
// chachaKeyAVX512 starts Seal, and is the whole ChaCha20 of messages of 128
// to 1024 bytes: sixteen blocks from counter 1 in the ZMM lanes, and the
// key block (counter 0) in fifteen general-purpose registers and one word
// of the stack frame, its ten double rounds merged into the first eight of
// the sixteen lanes (the vector units bound the sixteen blocks, and leave
// the integer units idle); then r is clamped and stored, and the
// scalar products that give r², …, r⁸ for polyIFMA
// (tools/asm/internal/polyifma) merge into the last two. chachaKey8AVX512
// is the same with eight blocks in the YMM registers (AVX-512VL), for
// messages of at most 512 bytes. The Poly1305 of
// those messages then runs alone: in polyIFMA (AVX-512 IFMA, radix 2⁴⁴,
// the code of aead/poly1305's updateIFMA) or, without IFMA, in polyAVX512
// (AVX-512F, radix 2²⁶ with VPMULUDQ, tools/asm/internal/poly26, the code
// of updateAVX512); that of Seal's last chunk in polyStepsMULX, with the
// powers the chunks before it used. The functions need AVX-512F and VL.
//
// Every branch depends on lengths only; nothing indexes memory with a
// secret. The functions need AVX2 and BMI2; the Go code checks for them.
//
// Run it with go generate in aead/chacha20poly1305.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/chacha"
	"github.com/crypton-go/crypton/tools/asm/internal/poly26"
	"github.com/crypton-go/crypton/tools/asm/internal/polyifma"
	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
	"github.com/crypton-go/crypton/tools/asm/internal/ymm"
)

// The stack frames of chachaPolyAVX2 and chachaKeyAVX2, in 32-byte slots from a 32-byte
// aligned base.
const (
	// Slots 0 to 15: word i of the input state in every lane; the counter
	// word (slot 12) holds counter+i in lane i for the current chunk.
	slotState = 0
	// Slot 16: word 0 while its register is the scratch register.
	slotSpill = 16
	// Slot 17: r0, r1 and rr1 of Poly1305, 8 bytes each, then the count
	// of the loop running (see loopSlots).
	slotKey = 17
	// Slot 18: the other counts of stitchedRounds (see loopSlots).
	slotLoops = 18
	numSlots  = 19
	slotSize  = 32

	chunkSize   = 512
	chunkBlocks = chunkSize / 16 // Poly1305 blocks per chunk
)

// Read-only data, set up by main.
var (
	rot16Mask   Mem // VPSHUFB mask rotating each 32-bit word left by 16 bits
	rot8Mask    Mem // VPSHUFB mask rotating each 32-bit word left by 8 bits
	laneOffsets Mem // 0, 1, ..., 7: what each lane adds to the counter
	eightBlocks Mem // 8 in every lane: the step of the counters between chunks
	twoBlocks   Mem // 2 in word 0 of each 128-bit lane: the step between row sets
	oneHigh     Mem // 1 in word 0 of the high 128-bit lane
)

func main() {
	Package("github.com/crypton-go/crypton/aead/chacha20poly1305")
	ConstraintExpr("gc,!purego")

	rot16Mask = ymm.RotateMask("chachaPolyRot16", 2)
	rot8Mask = ymm.RotateMask("chachaPolyRot8", 1)
	laneOffsets = GLOBL("chachaPolyLaneOffsets", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(i))
	}
	eightBlocks = GLOBL("chachaPolyEightBlocks", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(8))
	}

	chachaPolyAVX2()
	chachaKeyAVX2()
	twoBlocks = GLOBL("chachaPolyTwoBlocks", RODATA|NOPTR)
	DATA(0, U32(2))
	DATA(4, U32(0))
	DATA(8, U64(0))
	DATA(16, U32(2))
	DATA(20, U32(0))
	DATA(24, U64(0))
	oneHigh = GLOBL("chachaPolyOneHigh", RODATA|NOPTR)
	DATA(0, U64(0))
	DATA(8, U64(0))
	DATA(16, U32(1))
	DATA(20, U32(0))
	DATA(24, U64(0))
	chachaRowsAVX2(false)
	chachaRowsAVX2(true)
	chachaRowsPolyAVX2(false)
	chachaRowsPolyAVX2(true)
	chachaSealShortAVX512(false)
	chachaSealShortAVX512(true)
	polyFinishMULX()
	avx512Data()
	chachaPolyAVX512()
	polyPowersMULX()
	polyStepsMULX()
	chachaKeyAVX512(16)
	chachaKeyAVX512(8)
	polyPaddedMULX()
	polyifma.Data("chachaPoly")
	polyifma.Update("polyIFMA", "func(s *polyState, pw *[24]uint64, msg []byte)", true)
	polyTagIFMA()
	polyifma.RowsFunc("polyRowsIFMA", "func(s *polyState, pw *[24]uint64)")
	polyifma.StitchedData("chachaPoly")
	chachaSealGroupsIFMA()
	chachaPolyIFMA(false, false)
	chachaPolyIFMA(true, false)
	chachaPolyIFMA(false, true)
	chachaPolyIFMA(true, true)
	poly26.Data("chachaPoly")
	poly26.Update("polyAVX512", "func(s *polyState, pw *[24]uint64, msg []byte)", true)
	Generate()
}

// poly holds the registers and operands of the Poly1305 arithmetic.
type poly struct {
	h0, h1, h2  GPVirtual // the accumulator
	r0, r1, rr1 Op        // the key: registers or stack slots
}

// loadState loads the accumulator h of the Poly1305 state st (the
// function's parameter s) into h0, h1, h2.
func (p *poly) loadState(st gotypes.Component) {
	Load(st.Field("h").Index(0), p.h0)
	Load(st.Field("h").Index(1), p.h1)
	Load(st.Field("h").Index(2), p.h2)
}

// storeState stores h0, h1, h2 into the accumulator of the function's
// parameter s, the Poly1305 state.
func (p *poly) storeState() {
	st := Dereference(Param("s"))
	Store(p.h0, st.Field("h").Index(0))
	Store(p.h1, st.Field("h").Index(1))
	Store(p.h2, st.Field("h").Index(2))
}

// block appends to o the instructions that absorb the 16-byte block m:
// h = (h + m + 2¹²⁸)·r, partially reduced. They are those of updateMULX in
// aead/poly1305 (see tools/asm/aead/poly1305) but for the reduction, which
// takes ⌊t2/4⌋ before the carry out of t1 reaches t2, one step earlier.
//
// Bounds: h2 ≤ 5 between blocks (h < 6·2¹²⁸), so h2 ≤ 7 after the block is
// added; r0, r1 < 2⁶⁰ and rr1 = r1 + r1/4 < 1.25·2⁶⁰ by the clamping.
// Then h2·rr1 < 2^63.2 and h2·r0 < 2^62.9 fit in 64 bits; t1 before c0,
// the high halves of h0·r0 and h1·rr1 plus a carry plus h2·rr1, is below
// 2^60.4 + 2⁶⁰ + 1 + 2^63.2 < 2⁶⁴; t2 before the carry out of t1, h2·r0
// plus the high halves of h0·r1 and h1·r0 plus a carry, is below 2^63.4.
// After the reduction, h2 = (t2 mod 4) + (carry out of t1) + (carry of
// adding 5·⌊t2/4⌋ < 2^63.8) ≤ 5. Since 6·2¹²⁸ < 2p, one conditional
// subtraction of p reduces h fully at the end.
func (p *poly) block(o *stitch.Ops, m Mem) {
	hi := m
	hi.Disp += 8
	p.blockOps(o, m, hi)
}

// blocks appends to o the instructions that absorb the n 16-byte blocks
// from m on, each block's message added inside the reduction of the block
// before it: h = t mod 2¹³⁰ + m' + 2¹²⁸ + 5·⌊t/2¹³⁰⌋, the same sum, and so
// the same h with the same bounds, as reducing and then adding, but with
// the carries of m' out of the way of those of the reduction, which are
// the end of the chain of dependent instructions from one block to the
// next.
func (p *poly) blocks(o *stitch.Ops, m Mem, n int) {
	half := func(i int) (Mem, Mem) {
		lo := m
		lo.Disp += 16 * i
		hi := lo
		hi.Disp += 8
		return lo, hi
	}
	for i := 0; i < n; i++ {
		lo, hi := half(i)
		var next []Op
		if i+1 < n {
			nlo, nhi := half(i + 1)
			next = []Op{nlo, nhi}
		}
		p.blockNext(o, lo, hi, i == 0, next)
	}
}

// blockOps is block for the block whose low and high 64 bits are lo and
// hi (memory or registers).
func (p *poly) blockOps(o *stitch.Ops, m, hi Op) {
	p.blockNext(o, m, hi, true, nil)
}

// blockNext is blockOps, but it adds the block m, hi to h only if add is
// set (else blocks added it already), and if next holds the low and high
// halves of the next block, adds that block inside the reduction (see
// blocks).
func (p *poly) blockNext(o *stitch.Ops, m, hi Op, add bool, next []Op) {
	h0, h1, h2 := p.h0, p.h1, p.h2
	a1, c0, c1 := GP64(), GP64(), GP64()
	d0, d1, d2, e, k := GP64(), GP64(), GP64(), GP64(), GP64()
	if add {
		o.Add(func() { ADDQ(m, h0) })
		o.Add(func() { ADCQ(hi, h1) })
		o.Add(func() { ADCQ(U8(1), h2) })
	}
	// t = h·r with the terms at 2¹²⁸ and above folded with rr1.
	o.Add(func() { MOVQ(h0, RDX) })
	o.Add(func() { MULXQ(p.r0, h0, a1) }) // h0·r0
	o.Add(func() { MULXQ(p.r1, c0, c1) }) // h0·r1
	o.Add(func() { MOVQ(h1, RDX) })
	o.Add(func() { MULXQ(p.rr1, d0, h1) }) // h1·rr1
	o.Add(func() { ADDQ(d0, h0) })         // t0
	o.Add(func() { ADCQ(a1, h1) })
	o.Add(func() { MULXQ(p.r0, d1, d2) }) // h1·r0
	o.Add(func() { MOVQ(h2, e) })
	o.Add(func() { IMULQ(p.rr1, e) }) // h2·rr1
	o.Add(func() { IMULQ(p.r0, h2) }) // h2·r0
	o.Add(func() { ADDQ(e, h1) })
	o.Add(func() { ADDQ(d1, c0) })
	o.Add(func() { ADCQ(d2, c1) })
	o.Add(func() { ADDQ(c1, h2) }) // t2 but for the carry out of t1
	// h = t0 + t1·2⁶⁴ + (t2 mod 4)·2¹²⁸ + 5·⌊t2/4⌋, with t2 taken before
	// the carry out of t1 is added (to its low bits), so that ⌊t2/4⌋ does
	// not wait for that carry: congruent to t modulo 2¹³⁰-5, and h2 ≤ 5.
	o.Add(func() { MOVQ(h2, k) })
	o.Add(func() { ANDQ(U8(3), h2) })
	o.Add(func() { SHRQ(U8(2), k) })
	o.Add(func() { LEAQ(Mem{Base: k, Index: k, Scale: 4}, k) })
	o.Add(func() { ADDQ(c0, h1) }) // t1
	o.Add(func() { ADCQ(U8(0), h2) })
	if next != nil {
		o.Add(func() { ADDQ(next[0], h0) })
		o.Add(func() { ADCQ(next[1], h1) })
		o.Add(func() { ADCQ(U8(1), h2) })
	}
	o.Add(func() { ADDQ(k, h0) })
	o.Add(func() { ADCQ(U8(0), h1) })
	o.Add(func() { ADCQ(U8(0), h2) })
}

// loadPoly loads the Poly1305 state of the function's parameter s: its
// accumulator and its key, with rr1 = r1 + r1/4, in registers.
func loadPoly() *poly {
	st := Dereference(Param("s"))
	p := &poly{h0: GP64(), h1: GP64(), h2: GP64()}
	r0, r1, rr1 := GP64(), GP64(), GP64()
	Load(st.Field("r").Index(0), r0)
	Load(st.Field("r").Index(1), r1)
	MOVQ(r1, rr1)
	SHRQ(U8(2), rr1)
	ADDQ(r1, rr1)
	p.r0, p.r1, p.rr1 = r0, r1, rr1
	p.loadState(st)
	return p
}

// gen holds the registers of chachaPolyAVX2 while its code is emitted.
type gen struct {
	dst, src, hash GPVirtual // pointers to the current chunks
	n              GPVirtual // chunks left
	frame          GPVirtual // 32-byte aligned base of the slots
	// keyOut, if set, takes the first 32 bytes of block 0 from a vector
	// register (which it may change), in place of any store of block 0.
	keyOut func(r Register)
}

func (g *gen) slot(i int) Mem { return Mem{Base: g.frame, Disp: slotSize * i} }

func ymmRegs() []Register {
	return []Register{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
}

func chachaPolyAVX2() {
	TEXT("chachaPolyAVX2", 0, "func(state *[16]uint32, s *polyState, dst, src []byte, hash *byte, first int, ad []byte)")
	Doc(
		"chachaPolyAVX2 absorbs ad into s.h, followed by zeros up to a multiple",
		"of 16 bytes, then XORs the keystream of the blocks from state[12] on into",
		"the len(src)/512 whole chunks of 512 bytes of src, writing them to dst,",
		"and absorbs 16-byte blocks from hash into s.h: first blocks (at most 32)",
		"with the first chunk, 32 with each of the others. It leaves state alone.",
		"dst and src are the same or do not overlap; hash is read before dst is",
		"written, chunk by chunk. It needs AVX2 and BMI2.",
	)
	g := &gen{}

	frame := AllocLocal(numSlots*slotSize + slotSize)
	g.frame = GP64().(GPVirtual)
	LEAQ(frame, g.frame)
	ADDQ(U32(slotSize-1), g.frame)
	ANDQ(I32(-slotSize), g.frame)

	g.broadcast(Load(Param("state"), GP64()))

	Comment("The Poly1305 key in slots, rr1 = r1 + r1/4, and the accumulator in registers.")
	st := Dereference(Param("s"))
	t := GP64()
	Load(st.Field("r").Index(0), t)
	MOVQ(t, g.key(0))
	Load(st.Field("r").Index(1), t)
	MOVQ(t, g.key(1))
	u := GP64()
	MOVQ(t, u)
	SHRQ(U8(2), u)
	ADDQ(t, u)
	MOVQ(u, g.key(2))
	p := &poly{h0: GP64(), h1: GP64(), h2: GP64(), r0: g.key(0), r1: g.key(1), rr1: g.key(2)}
	p.loadState(st)
	f := Load(Param("first"), GP64())
	MOVQ(f, g.loopSlots().blocks)

	Comment("The additional data, before the chunks: the out-of-order core runs it beside")
	Comment("the first rounds, which do not depend on it.")
	p.absorbPadded("ad", Load(Param("ad").Base(), GP64()), Load(Param("ad").Len(), GP64()))
	g.dst = Load(Param("dst").Base(), GP64()).(GPVirtual)
	g.src = Load(Param("src").Base(), GP64()).(GPVirtual)
	g.hash = Load(Param("hash"), GP64()).(GPVirtual)
	g.n = GP64().(GPVirtual)
	Load(Param("src").Len(), g.n)
	SHRQ(U8(9), g.n)
	JZ(LabelRef("end"))

	Label("chunk")
	Comment("Eight blocks of ChaCha20, with the chunk's Poly1305 blocks merged into the rounds.")
	x := ymmRegs()
	for i := 1; i < 16; i++ {
		VMOVDQA(g.slot(slotState+i), x[i])
	}
	VMOVDQA(g.slot(slotState), x[0])
	VMOVDQA(x[0], g.slot(slotSpill))
	doubleRound := func(o *stitch.Ops) {
		k := &rounds{g: g, x: x, o: o, spilled: true}
		k.quarterRounds(chacha.ColumnRound)
		k.quarterRounds(chacha.DiagonalRound)
		if !k.spilled {
			panic("word 0 must be in its spill slot after the rounds")
		}
	}
	stitchedRounds(g.loopSlots(), doubleRound, p, g.hash, "")

	g.output(x)

	Comment("The counters of the next chunk, which absorbs 32 blocks.")
	VMOVDQA(g.slot(slotState+12), Y0)
	VPADDD(eightBlocks, Y0, Y0)
	VMOVDQA(Y0, g.slot(slotState+12))
	MOVQ(U32(chunkBlocks), g.loopSlots().blocks)
	ADDQ(U32(chunkSize), g.src)
	ADDQ(U32(chunkSize), g.dst)
	DECQ(g.n)
	JNZ(LabelRef("chunk"))

	Label("end")
	p.storeState()
	VZEROUPPER()
	RET()
}

// stitchedRounds emits the ten double rounds of ChaCha20 that doubleRound
// records, with Poly1305 blocks, as many as the 8-byte slot sl.blocks
// holds, from the pointer hash (which it advances past them) merged into
// them: a loop of k = min(blocks/3, 10) double rounds with three blocks in
// each, a loop of the 10-k others alone, and a loop of the blocks left
// (blocks - 3k), alone. label prefixes its labels. Every branch depends on
// blocks only.
func stitchedRounds(sl loopSlots, doubleRound func(*stitch.Ops), p *poly, hash GPVirtual, label string) {
	Comment("k = min(blocks/3, 10) double rounds with three Poly1305 blocks each, 10-k")
	Comment("without, then the blocks - 3k left.")
	b, k, t := GP64(), GP64(), GP64()
	MOVQ(sl.blocks, b)
	IMUL3Q(U32(0xaaab), b, k) // ⌊b/3⌋ = ⌊b·0xaaab/2¹⁷⌋ for b < 2¹⁵
	SHRQ(U8(17), k)
	MOVQ(U32(10), t)
	CMPQ(k, t)
	CMOVQHI(t, k)
	SUBQ(k, t)
	MOVQ(t, sl.plain)
	LEAQ(Mem{Base: k, Index: k, Scale: 2}, t)
	SUBQ(t, b)
	MOVQ(b, sl.rest)
	MOVQ(k, sl.count)
	TESTQ(k, k)
	JZ(LabelRef(label + "plain"))
	Label(label + "stitched")
	var vec, sc stitch.Ops
	doubleRound(&vec)
	p.blocks(&sc, Mem{Base: hash}, roundBlocks)
	stitch.Merge(vec, sc)
	ADDQ(U8(16*roundBlocks), hash)
	DECQ(sl.count)
	JNZ(LabelRef(label + "stitched"))

	Label(label + "plain")
	Comment("The 10-k double rounds without Poly1305.")
	t = GP64()
	MOVQ(sl.plain, t)
	MOVQ(t, sl.count)
	TESTQ(t, t)
	JZ(LabelRef(label + "rest"))
	Label(label + "plainloop")
	var vec2 stitch.Ops
	doubleRound(&vec2)
	stitch.Merge(vec2, nil)
	DECQ(sl.count)
	JNZ(LabelRef(label + "plainloop"))

	Label(label + "rest")
	Comment("The blocks - 3k Poly1305 blocks left.")
	CMPQ(sl.rest, U8(0))
	JE(LabelRef(label + "rounded"))
	Label(label + "restloop")
	var o stitch.Ops
	p.block(&o, Mem{Base: hash})
	stitch.Merge(o, nil)
	ADDQ(U8(16), hash)
	DECQ(sl.rest)
	JNZ(LabelRef(label + "restloop"))
	Label(label + "rounded")
}

// loopSlots are the 8-byte stack slots of stitchedRounds: the number of
// Poly1305 blocks to merge, the count of the loop running, the number of
// double rounds without Poly1305 and the number of blocks left after the
// rounds.
type loopSlots struct {
	blocks, count, plain, rest Mem
}

// broadcast fills the state slots from the state at the pointer state:
// word i in every lane, with counter+i in lane i of word 12.
func (g *gen) broadcast(state Register) {
	Comment("Broadcast the state to the slots, with counter+i in lane i of word 12.")
	y := ymmRegs()
	for i := 0; i < 16; i++ {
		VPBROADCASTD(Mem{Base: state, Disp: 4 * i}, y[i])
	}
	VPADDD(laneOffsets, y[12], y[12])
	for i := 0; i < 16; i++ {
		VMOVDQA(y[i], g.slot(slotState+i))
	}
}

// output adds the input to the words in x after the rounds (word 0 in its
// spill slot), transposes them back into blocks and XORs these with the
// chunk at src into dst.
func (g *gen) output(x []Register) {
	Comment("Add the input, transpose into blocks and XOR with src: words 8 to 15, then 0 to 7.")
	free := []Register{x[0]}
	out := &ymm.Output{Src: g.src, Dst: g.dst, Free: &free}
	if g.keyOut != nil {
		// Block 0 is the Poly1305 key block: its first 32 bytes go to
		// keyOut, the rest nowhere.
		out.Divert = func(r Register, j, off int) bool {
			if j != 0 {
				return false
			}
			if off == 0 {
				g.keyOut(r)
			}
			return true
		}
	}
	for _, base := range []int{8, 0} {
		if base == 0 {
			r := ymm.Take(out.Free)
			VMOVDQA(g.slot(slotSpill), r)
			x[0] = r
		}
		for w := base; w < base+8; w++ {
			VPADDD(g.slot(slotState+w), x[w], x[w])
		}
		lo := ymm.Transpose4(x[base:base+4], &free)
		hi := ymm.Transpose4(x[base+4:base+8], &free)
		out.StoreYMM(lo, hi, 4*base)
	}
}

// chachaKeyAVX2 emits the first chunk of Seal: eight blocks of ChaCha20,
// as in chachaPolyAVX2 but with no Poly1305 in the rounds, whose block 0
// (the counter of the state, 0 for Seal) gives the one-time Poly1305 key
// (RFC 8439, Section 2.6) and whose blocks 1 to 7 are XORed into 448 bytes
// of src. The key goes from the vector registers straight to
// general-purpose ones, is clamped and stored in the Poly1305 state, and
// the additional data, padded, is absorbed at once, while the last
// keystream stores drain.
func chachaKeyAVX2() {
	TEXT("chachaKeyAVX2", 0, "func(state *[16]uint32, s *polyState, dst, src []byte, ad []byte)")
	Doc(
		"chachaKeyAVX2 sets s to the start of the Poly1305 computation under the",
		"first 32 bytes of the keystream block with counter state[12] (the",
		"Poly1305 key of RFC 8439, Section 2.6), absorbs ad into it, followed by",
		"zeros up to a multiple of 16 bytes, and XORs the keystream of the seven",
		"blocks after the key block into the first 448 bytes of src, writing",
		"them to dst. len(src) must be at least 448. It needs AVX2 and BMI2.",
	)
	g := &gen{}
	frame := AllocLocal(numSlots*slotSize + slotSize)
	g.frame = GP64().(GPVirtual)
	LEAQ(frame, g.frame)
	ADDQ(U32(slotSize-1), g.frame)
	ANDQ(I32(-slotSize), g.frame)
	g.broadcast(Load(Param("state"), GP64()))

	Comment("Eight blocks of ChaCha20: a loop of ten double rounds.")
	x := ymmRegs()
	for i := 1; i < 16; i++ {
		VMOVDQA(g.slot(slotState+i), x[i])
	}
	VMOVDQA(g.slot(slotState), x[0])
	VMOVDQA(x[0], g.slot(slotSpill))
	MOVQ(U32(10), g.count())
	Label("double")
	var vec stitch.Ops
	k := &rounds{g: g, x: x, o: &vec, spilled: true}
	k.quarterRounds(chacha.ColumnRound)
	k.quarterRounds(chacha.DiagonalRound)
	stitch.Merge(vec, nil)
	DECQ(g.count())
	JNZ(LabelRef("double"))

	Comment("Blocks 1 to 7 go to dst and src from offset 0: block j at offset 64j-64.")
	g.dst = Load(Param("dst").Base(), GP64()).(GPVirtual)
	g.src = Load(Param("src").Base(), GP64()).(GPVirtual)
	SUBQ(U8(64), g.dst)
	SUBQ(U8(64), g.src)
	var key [4]GPVirtual
	g.keyOut = func(r Register) {
		Comment("The key: r0, r1, s0, s1 to general-purpose registers.")
		y := r.(VecPhysical)
		for i := range key {
			key[i] = GP64().(GPVirtual)
		}
		VMOVQ(y.AsX(), key[0])
		VPEXTRQ(U8(1), y.AsX(), key[1])
		VEXTRACTI128(U8(1), y, y.AsX())
		VMOVQ(y.AsX(), key[2])
		VPEXTRQ(U8(1), y.AsX(), key[3])
	}
	g.output(x)
	VZEROUPPER()

	Comment("Clamp r, store r and s, and absorb the additional data from h = 0.")
	mask := GP64()
	MOVQ(U64(0x0ffffffc0fffffff), mask)
	ANDQ(mask, key[0])
	MOVQ(U64(0x0ffffffc0ffffffc), mask)
	ANDQ(mask, key[1])
	st := Dereference(Param("s"))
	Store(key[0], st.Field("r").Index(0))
	Store(key[1], st.Field("r").Index(1))
	Store(key[2], st.Field("s").Index(0))
	Store(key[3], st.Field("s").Index(1))
	rr1 := GP64()
	MOVQ(key[1], rr1)
	SHRQ(U8(2), rr1)
	ADDQ(key[1], rr1)
	p := &poly{h0: GP64(), h1: GP64(), h2: GP64(), r0: key[0], r1: key[1], rr1: rr1}
	XORQ(p.h0, p.h0)
	XORQ(p.h1, p.h1)
	XORQ(p.h2, p.h2)
	p.absorbPadded("ad", Load(Param("ad").Base(), GP64()), Load(Param("ad").Len(), GP64()))
	p.storeState()
	RET()
}

// count returns the stack slot of the count of double rounds left, after
// r0, r1 and rr1 (or words 10 and 11).
func (g *gen) count() Mem { return Mem{Base: g.frame, Disp: slotSize*slotKey + 24} }

// loopSlots returns the slots of stitchedRounds: the count of the loop
// running after r0, r1 and rr1, the others in their own slot.
func (g *gen) loopSlots() loopSlots {
	return loopSlots{
		count:  g.count(),
		blocks: Mem{Base: g.frame, Disp: slotSize * slotLoops},
		plain:  Mem{Base: g.frame, Disp: slotSize*slotLoops + 8},
		rest:   Mem{Base: g.frame, Disp: slotSize*slotLoops + 16},
	}
}

// roundBlocks is the number of Poly1305 blocks that chachaPolyAVX2 absorbs
// in each double round: 3 in each of the ten, and the last 2 of the 32
// after them.
const roundBlocks = 3

// key returns the stack slot of r0 (i = 0), r1 (1) or rr1 (2).
func (g *gen) key(i int) Mem { return Mem{Base: g.frame, Disp: slotSize*slotKey + 8*i} }

// rounds records the ChaCha rounds on the words in x, register i holding
// word i of every lane. The shift-and-OR rotations need a scratch register:
// word 0 is stored to its spill slot while they run and x[0] serves;
// spilled tells whether word 0 is in the spill slot rather than in x[0].
type rounds struct {
	g       *gen
	x       []Register
	o       *stitch.Ops
	spilled bool
}

// quarterRounds records the quarter rounds qs ({a, b, c, d} word indexes,
// disjoint) side by side, step by step: the four steps of quarterRound in
// aead/chacha20/chacha_generic.go.
func (k *rounds) quarterRounds(qs [][4]int) {
	x, o := k.x, k.o
	// a += b; d ^= a; d <<<= 16.
	k.addA(qs)
	for _, q := range qs {
		o.Add(func() { VPXOR(x[q[0]], x[q[3]], x[q[3]]) })
	}
	for _, q := range qs {
		o.Add(func() { VPSHUFB(rot16Mask, x[q[3]], x[q[3]]) })
	}
	// c += d; b ^= c; b <<<= 12.
	k.shiftRotateStep(qs, 12)
	// a += b; d ^= a; d <<<= 8.
	k.addA(qs)
	for _, q := range qs {
		o.Add(func() { VPXOR(x[q[0]], x[q[3]], x[q[3]]) })
	}
	for _, q := range qs {
		o.Add(func() { VPSHUFB(rot8Mask, x[q[3]], x[q[3]]) })
	}
	// c += d; b ^= c; b <<<= 7.
	k.shiftRotateStep(qs, 7)
}

// addA records a += b for the quarter rounds qs, taking word 0 back from
// its spill slot, into its register, if it is there.
func (k *rounds) addA(qs [][4]int) {
	x, o := k.x, k.o
	for _, q := range qs {
		if q[0] == 0 && k.spilled {
			o.Add(func() { VPADDD(k.g.slot(slotSpill), x[q[1]], x[0]) })
			k.spilled = false
			continue
		}
		o.Add(func() { VPADDD(x[q[1]], x[q[0]], x[q[0]]) })
	}
}

// shiftRotateStep records c += d; b ^= c; b <<<= r for the quarter rounds
// qs.
func (k *rounds) shiftRotateStep(qs [][4]int, r uint8) {
	x, o := k.x, k.o
	t := x[0]
	if !k.spilled {
		o.Add(func() { VMOVDQA(x[0], k.g.slot(slotSpill)) })
		k.spilled = true
	}
	for _, q := range qs {
		if q[1] == 0 || q[2] == 0 || q[3] == 0 {
			panic("word 0 is always an a word")
		}
		o.Add(func() { VPADDD(x[q[3]], x[q[2]], x[q[2]]) })
	}
	for _, q := range qs {
		o.Add(func() { VPXOR(x[q[2]], x[q[1]], x[q[1]]) })
	}
	for _, q := range qs {
		o.Add(func() { VPSLLD(U8(r), x[q[1]], t) })
		o.Add(func() { VPSRLD(U8(32-r), x[q[1]], x[q[1]]) })
		o.Add(func() { VPOR(t, x[q[1]], x[q[1]]) })
	}
}

// maxRowSets is the most sets of four YMM registers that chachaRowsAVX2
// computes side by side: two blocks per set, one in each 128-bit lane.
const maxRowSets = 3

// chachaRowsAVX2 emits the short-message function: ChaCha20 blocks in rows,
// one block in each 128-bit lane of a set of four YMM registers (register
// i holding row i, words 4i to 4i+3), as RFC 8439, Section 2.3 draws the
// state. A column round is four quarter rounds done by the lanes of the
// rows at once; the diagonal round first rotates the words of rows 0, 2 and
// 3 (VPSHUFD) so that the diagonals line up as columns, and rotates them
// back afterwards.
//
// One set alone is bound by the latency of its chain of dependent
// instructions; more sets interleaved fill the idle issue slots until the
// shuffle and shift ports are saturated: measured on Zen 3, one set (two
// blocks) takes about 100 ns, two sets 135 ns, three sets 170 ns. So each
// round of the loop takes as many sets as the blocks still to compute
// need, up to three.
//
// The blocks are numbered v = 0, 1, 2, ...: block 0 has the counter
// state[12] and is the Poly1305 key block, whose first 32 bytes go to key;
// block v ≥ 1 has the counter ctr+v-1: blocks 1 to full (full =
// len(src)/64) are XORed into the whole blocks of src, and block full+1,
// if src ends with a partial block, goes to ks as keystream for it. The
// surplus block of an odd count is dropped. Every branch depends on
// len(src) only.
//
// With vl it emits chachaRowsAVX512, the same with each rotation one
// VPROLD (AVX-512VL) instead of a byte shuffle or two shifts and an XOR:
// the rotations by 12 and 7 are on the chain of the rounds, and one set
// is bound by that chain's latency.
func chachaRowsAVX2(vl bool) {
	name, needs := "chachaRowsAVX2", "AVX2"
	if vl {
		name, needs = "chachaRowsAVX512", "AVX2 and AVX-512VL"
	}
	TEXT(name, 0, "func(state *[16]uint32, ctr uint32, key *[32]byte, dst, src []byte, ks *[64]byte)")
	Doc(
		name+" sets key to the first 32 bytes of the ChaCha20 block",
		"with counter state[12], XORs the keystream of the blocks with counters",
		"ctr, ctr+1, ... into the len(src)/64 whole blocks of src, writing them",
		"to dst, and, if len(src) is not a multiple of 64, sets ks to the",
		"keystream of the block after those. It needs "+needs+".",
	)
	// Stack: the counter rows of the sets of the current round of the loop
	// (32 bytes each), then that of the first set of the next round.
	frame := AllocLocal(32 * (maxRowSets + 1))
	slot := func(i int) Mem { m := frame; m.Disp += 32 * i; return m }
	next := slot(maxRowSets)

	state := Load(Param("state"), GP64())
	row := func(i int) Mem { return Mem{Base: state, Disp: 16 * i} }
	ctr := Load(Param("ctr"), GP32())
	src := Load(Param("src").Base(), GP64())
	dst := Load(Param("dst").Base(), GP64())
	full := Load(Param("src").Len(), GP64())
	// last = ⌈len(src)/64⌉, full = ⌊len(src)/64⌋.
	last := GP64()
	LEAQ(Mem{Base: full, Disp: 63}, last)
	SHRQ(U8(6), last)
	SHRQ(U8(6), full)
	v := GP64()
	XORQ(v, v)
	left := GP64()

	Comment("Counter row of the first set: ctr-1 in the low lane, ctr in the high one.")
	DECL(ctr)
	VMOVD(ctr, X0)
	VPBROADCASTD(X0, Y0)
	VBROADCASTI128(row(3), Y1)
	VPBLENDD(U8(0x11), Y0, Y1, Y1)
	VPADDD(oneHigh, Y1, Y1)
	VMOVDQU(Y1, next)

	a := []VecPhysical{Y0, Y4, Y8}
	b := []VecPhysical{Y1, Y5, Y9}
	c := []VecPhysical{Y2, Y6, Y10}
	d := []VecPhysical{Y3, Y7, Y11}
	t := []VecPhysical{Y12, Y13, Y14}
	keyPtr := Load(Param("key"), GP64())
	ksPtr := Load(Param("ks"), GP64())
	n := GP64()

	Label("rows")
	Comment("Blocks v to last are left: take one, two or three sets.")
	MOVQ(last, left)
	SUBQ(v, left)
	CMPQ(left, U8(1))
	JBE(LabelRef("sets1"))
	CMPQ(left, U8(3))
	JBE(LabelRef("sets2"))

	for _, sets := range []int{3, 1, 2} {
		id := func(name string) string { return name + string(rune('0'+sets)) }
		Label(id("sets"))
		Comment("The counter rows of the sets of this round, and of the next.")
		VMOVDQU(next, Y3)
		TESTQ(v, v)
		JNZ(LabelRef(id("counters")))
		Comment("Block 0, in the low lane of the first set, has the counter state[12].")
		VBROADCASTI128(row(3), Y12)
		VPBLENDD(U8(0x01), Y12, Y3, Y3)
		Label(id("counters"))
		VMOVDQU(Y3, slot(0))
		VMOVDQU(next, Y12)
		for s := 1; s < sets; s++ {
			VPADDD(twoBlocks, Y12, Y12)
			VMOVDQU(Y12, slot(s))
			VMOVDQA(Y12, d[s])
		}
		VPADDD(twoBlocks, Y12, Y12)
		VMOVDQU(Y12, next)
		for s := 0; s < sets; s++ {
			VBROADCASTI128(row(0), a[s])
			VBROADCASTI128(row(1), b[s])
			VBROADCASTI128(row(2), c[s])
		}

		Comment("Ten double rounds: a column round, then a diagonal round.")
		MOVQ(U32(10), n)
		Label(id("double"))
		var o stitch.Ops
		rowDoubleRound(&o, a[:sets], b[:sets], c[:sets], d[:sets], t[:sets], vl)
		stitch.Merge(o, nil)
		DECQ(n)
		JNZ(LabelRef(id("double")))

		Comment("Add the input and store each block where it goes.")
		for s := 0; s < sets; s++ {
			VBROADCASTI128(row(0), t[0])
			VPADDD(t[0], a[s], a[s])
			VBROADCASTI128(row(1), t[0])
			VPADDD(t[0], b[s], b[s])
			VBROADCASTI128(row(2), t[0])
			VPADDD(t[0], c[s], c[s])
			VPADDD(slot(s), d[s], d[s])
			// Block 2s (low lanes) in Y12:Y13, block 2s+1 (high lanes) in a:c.
			VPERM2I128(U8(0x20), b[s], a[s], Y12)
			VPERM2I128(U8(0x20), d[s], c[s], Y13)
			VPERM2I128(U8(0x31), b[s], a[s], a[s])
			VPERM2I128(U8(0x31), d[s], c[s], c[s])
			for h, p := range [][2]VecPhysical{{Y12, Y13}, {a[s], c[s]}} {
				bid := id(string(rune('a'+s)) + string(rune('0'+h)) + "_")
				TESTQ(v, v)
				JNZ(LabelRef("notkey_" + bid))
				VMOVDQU(p[0], Mem{Base: keyPtr})
				JMP(LabelRef("next_" + bid))
				Label("notkey_" + bid)
				CMPQ(v, full)
				JA(LabelRef("notfull_" + bid))
				VPXOR(Mem{Base: src}, p[0], p[0])
				VPXOR(Mem{Base: src, Disp: 32}, p[1], p[1])
				VMOVDQU(p[0], Mem{Base: dst})
				VMOVDQU(p[1], Mem{Base: dst, Disp: 32})
				ADDQ(U8(64), src)
				ADDQ(U8(64), dst)
				JMP(LabelRef("next_" + bid))
				Label("notfull_" + bid)
				CMPQ(v, last)
				JNE(LabelRef("next_" + bid))
				VMOVDQU(p[0], Mem{Base: ksPtr})
				VMOVDQU(p[1], Mem{Base: ksPtr, Disp: 32})
				Label("next_" + bid)
				INCQ(v)
			}
		}
		CMPQ(v, last)
		JBE(LabelRef("rows"))
		JMP(LabelRef("done"))
	}
	Label("done")
	VZEROUPPER()
	RET()
}

// rowDoubleRound records a double round of ChaCha20 on the sets of rows
// a, b, c and d (row i of set s in the i-th slice at s), with the scratch
// registers t: a column round, done by the lanes of the rows at once, the
// words of rows 0, 2 and 3 rotated so that the diagonals line up as
// columns, a column round again, and the words rotated back. The rotation
// lines up word j of row 1 (b), which a round writes last, with words j-1,
// j+1 and j+2 of rows 0, 2 and 3, so that b, on the longest chain, is
// never shuffled. With vl, each rotation is one VPROLD (AVX-512VL), and t
// goes unused.
func rowDoubleRound(o *stitch.Ops, a, b, c, d, t []VecPhysical, vl bool) {
	sets := len(a)
	each := func(f func(s int)) {
		for s := 0; s < sets; s++ {
			o.Add(func() { f(s) })
		}
	}
	quarter := func() {
		for _, r := range [][2]uint8{{16, 12}, {8, 7}} {
			mask := rot16Mask
			if r[0] == 8 {
				mask = rot8Mask
			}
			each(func(s int) { VPADDD(b[s], a[s], a[s]) })
			each(func(s int) { vpxor(a[s], d[s], d[s]) })
			if vl {
				each(func(s int) { VPROLD(U8(r[0]), d[s], d[s]) })
			} else {
				each(func(s int) { VPSHUFB(mask, d[s], d[s]) })
			}
			each(func(s int) { VPADDD(d[s], c[s], c[s]) })
			each(func(s int) { vpxor(c[s], b[s], b[s]) })
			if vl {
				each(func(s int) { VPROLD(U8(r[1]), b[s], b[s]) })
				continue
			}
			each(func(s int) { VPSLLD(U8(r[1]), b[s], t[s]) })
			each(func(s int) { VPSRLD(U8(32-r[1]), b[s], b[s]) })
			each(func(s int) { VPXOR(t[s], b[s], b[s]) })
		}
	}
	shuffle := func(ia, ic, id uint8) {
		for s := 0; s < sets; s++ {
			o.Add(func() { VPSHUFD(U8(ia), a[s], a[s]) })
			o.Add(func() { VPSHUFD(U8(ic), c[s], c[s]) })
			o.Add(func() { VPSHUFD(U8(id), d[s], d[s]) })
		}
	}
	quarter()
	shuffle(0x93, 0x39, 0x4e)
	quarter()
	shuffle(0x39, 0x93, 0x4e)
}

// vpxor emits VPXOR, or VPXORD (AVX-512VL) when a register is one of
// Y16 to Y31, which only the EVEX encoding reaches.
func vpxor(x, y, z VecPhysical) {
	if evex(x, y, z) {
		VPXORD(x, y, z)
		return
	}
	VPXOR(x, y, z)
}

// vmovdqa emits VMOVDQA, or VMOVDQA64 (AVX-512VL) when a register is one
// of Y16 to Y31.
func vmovdqa(x, y VecPhysical) {
	if evex(x, y) {
		VMOVDQA64(x, y)
		return
	}
	VMOVDQA(x, y)
}

// evex reports whether one of rs is among the vector registers 16 to 31.
func evex(rs ...VecPhysical) bool {
	for _, r := range rs {
		if r.PhysicalIndex() >= 16 {
			return true
		}
	}
	return false
}

// chachaRowsPolyAVX2 emits the end of a long Seal: two blocks of ChaCha20
// in rows, one set of chachaRowsAVX2, with the Poly1305 blocks of the last
// chunk merged into their rounds by stitchedRounds, the Poly1305 key and
// the loop counts in stack slots. Two blocks alone are bound by the
// latency of their rounds, which leaves the scalar units idle: Poly1305
// takes them and the pair costs little more than the Poly1305 blocks
// alone. With vl it emits chachaRowsPolyAVX512, whose rotations are
// VPROLD (see chachaRowsAVX2).
func chachaRowsPolyAVX2(vl bool) {
	name, needs := "chachaRowsPolyAVX2", "AVX2 and BMI2"
	if vl {
		name, needs = "chachaRowsPolyAVX512", "AVX2, AVX-512VL and BMI2"
	}
	TEXT(name, 0, "func(state *[16]uint32, s *polyState, dst, src []byte, ks *[64]byte, hash []byte, adLen, ctLen int, tag *[16]byte)")
	Doc(
		name+" XORs the keystream of the blocks with counters",
		"state[12] and state[12]+1 into the len(src)/64 whole blocks of src",
		"(len(src) ≤ 128), writing them to dst, and absorbs into s.h the",
		"len(hash)/16 blocks of hash, then the whole blocks written. If",
		"len(src) is a multiple of 64 it ends the computation (the lengths",
		"block of adLen and ctLen) and writes the tag; otherwise it sets ks to",
		"the keystream of the block after the whole ones. dst and src are the",
		"same or do not overlap. It needs "+needs+".",
	)
	frame := AllocLocal(8 * 8)
	fm := func(i int) Mem { m := frame; m.Disp += 8 * i; return m }
	sl := loopSlots{blocks: fm(3), count: fm(4), plain: fm(5), rest: fm(6)}

	state := Load(Param("state"), GP64())
	row := func(i int) Mem { return Mem{Base: state, Disp: 16 * i} }
	Comment("The input rows in Y4 to Y7, the counters of the two blocks in the lanes of Y7.")
	in := []VecPhysical{Y4, Y5, Y6, Y7}
	for i := 0; i < 4; i++ {
		VBROADCASTI128(row(i), in[i])
	}
	VPADDD(oneHigh, Y7, Y7)
	a, b, c, d, t := Y0, Y1, Y2, Y3, Y8
	VMOVDQA(Y4, a)
	VMOVDQA(Y5, b)
	VMOVDQA(Y6, c)
	VMOVDQA(Y7, d)

	Comment("The Poly1305 key in slots, rr1 = r1 + r1/4, and the accumulator in registers.")
	st := Dereference(Param("s"))
	r := GP64()
	Load(st.Field("r").Index(0), r)
	MOVQ(r, fm(0))
	Load(st.Field("r").Index(1), r)
	MOVQ(r, fm(1))
	u := GP64()
	MOVQ(r, u)
	SHRQ(U8(2), u)
	ADDQ(r, u)
	MOVQ(u, fm(2))
	p := &poly{h0: GP64(), h1: GP64(), h2: GP64(), r0: fm(0), r1: fm(1), rr1: fm(2)}
	p.loadState(st)
	hash := Load(Param("hash").Base(), GP64()).(GPVirtual)
	nb := Load(Param("hash").Len(), GP64())
	SHRQ(U8(4), nb)
	MOVQ(nb, sl.blocks)

	doubleRound := func(o *stitch.Ops) {
		rowDoubleRound(o, []VecPhysical{a}, []VecPhysical{b}, []VecPhysical{c}, []VecPhysical{d}, []VecPhysical{t}, vl)
	}
	stitchedRounds(sl, doubleRound, p, hash, "")

	Comment("Add the input; block 0 (low lanes) to Y9:Y10, block 1 (high lanes) to a:c.")
	VPADDD(Y4, a, a)
	VPADDD(Y5, b, b)
	VPADDD(Y6, c, c)
	VPADDD(Y7, d, d)
	VPERM2I128(U8(0x20), b, a, Y9)
	VPERM2I128(U8(0x20), d, c, Y10)
	VPERM2I128(U8(0x31), b, a, a)
	VPERM2I128(U8(0x31), d, c, c)

	n := Load(Param("src").Len(), GP64())
	MOVQ(n, fm(7))
	for j, blk := range [][2]VecPhysical{{Y9, Y10}, {a, c}} {
		id := string(rune('0' + j))
		Comment("Block " + id + ": whole (then absorbed from the registers), partial, or none.")
		CMPQ(fm(7), U8(64*(j+1)))
		JB(LabelRef("partial" + id))
		src := Load(Param("src").Base(), GP64())
		dst := Load(Param("dst").Base(), GP64())
		VPXOR(Mem{Base: src, Disp: 64 * j}, blk[0], blk[0])
		VPXOR(Mem{Base: src, Disp: 64*j + 32}, blk[1], blk[1])
		VMOVDQU(blk[0], Mem{Base: dst, Disp: 64 * j})
		VMOVDQU(blk[1], Mem{Base: dst, Disp: 64*j + 32})
		for _, y := range blk {
			for half := 0; half < 2; half++ {
				if half == 1 {
					VEXTRACTI128(U8(1), y, y.AsX())
				}
				lo, hi := GP64(), GP64()
				VMOVQ(y.AsX(), lo)
				VPEXTRQ(U8(1), y.AsX(), hi)
				var o stitch.Ops
				p.blockOps(&o, lo, hi)
				stitch.Merge(o, nil)
			}
		}
	}
	Label("finish")
	Comment("No partial block: the lengths block and the tag.")
	VZEROUPPER()
	p.lengthsAndTag()
	RET()

	for j, blk := range [][2]VecPhysical{{Y9, Y10}, {a, c}} {
		id := string(rune('0' + j))
		Label("partial" + id)
		CMPQ(fm(7), U8(64*j))
		JE(LabelRef("finish"))
		Comment("Block " + id + " is the keystream of the partial block: to ks, and h to s.")
		ks := Load(Param("ks"), GP64())
		VMOVDQU(blk[0], Mem{Base: ks})
		VMOVDQU(blk[1], Mem{Base: ks, Disp: 32})
		JMP(LabelRef("done"))
	}
	Label("done")
	p.storeState()
	VZEROUPPER()
	RET()
}

// absorbPadded emits the absorption of the n bytes at m, followed by
// zeros up to a multiple of 16 bytes; name prefixes its labels. A partial
// block goes into two registers with 8-byte loads that end at the end of
// the bytes at the latest, shifted to drop what they read twice; only a
// slice of fewer than 8 bytes is gathered byte by byte. Nothing outside
// the n bytes is read. It changes m and n.
func (p *poly) absorbPadded(name string, m, n Register) {
	blocks := GP64()
	MOVQ(n, blocks)
	SHRQ(U8(4), blocks)
	JZ(LabelRef(name + "_partial"))
	Label(name + "_loop")
	var o stitch.Ops
	p.block(&o, Mem{Base: m})
	stitch.Merge(o, nil)
	ADDQ(U8(16), m)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))

	Label(name + "_partial")
	whole := GP64()
	MOVQ(n, whole) // the length of the slice: at least 16 if there were whole blocks
	ANDQ(U8(15), n)
	JZ(LabelRef(name + "_done"))
	Comment("The partial block in two registers, zero-padded: 8 to 15 bytes as two loads,")
	Comment("the second ending at the end and shifted right; fewer as one load ending at the")
	Comment("end, shifted, if whole blocks precede them, else gathered byte by byte.")
	lo, hi, sh := GP64(), GP64(), GP64()
	XORQ(lo, lo)
	XORQ(hi, hi)
	CMPQ(n, U8(8))
	JB(LabelRef(name + "_small"))
	MOVQ(Mem{Base: m}, lo)
	JE(LabelRef(name + "_absorb"))
	MOVQ(Mem{Base: m, Index: n, Scale: 1, Disp: -8}, hi)
	MOVQ(U32(16), sh)
	SUBQ(n, sh)
	SHLQ(U8(3), sh)
	SHRXQ(sh, hi, hi)
	JMP(LabelRef(name + "_absorb"))
	Label(name + "_small")
	CMPQ(whole, U8(16))
	JB(LabelRef(name + "_bytes"))
	MOVQ(Mem{Base: m, Index: n, Scale: 1, Disp: -8}, lo)
	MOVQ(U32(8), sh)
	SUBQ(n, sh)
	SHLQ(U8(3), sh)
	SHRXQ(sh, lo, lo)
	JMP(LabelRef(name + "_absorb"))
	Label(name + "_bytes")
	b := GP64()
	DECQ(n)
	MOVBQZX(Mem{Base: m, Index: n, Scale: 1}, b)
	SHLQ(U8(8), lo)
	ORQ(b, lo)
	TESTQ(n, n)
	JNZ(LabelRef(name + "_bytes"))
	Label(name + "_absorb")
	var o2 stitch.Ops
	p.blockOps(&o2, lo, hi)
	stitch.Merge(o2, nil)
	Label(name + "_done")
}

// lengthsAndTag emits the end of the Poly1305 computation of RFC 8439,
// Section 2.8, for a function with the parameters s, adLen, ctLen and tag:
// the block of the two lengths, the final reduction of h and the addition
// of s, and the store of the tag.
func (p *poly) lengthsAndTag() {
	Comment("The lengths block.")
	adLen := Load(Param("adLen"), GP64())
	ctLen := Load(Param("ctLen"), GP64())
	var o stitch.Ops
	p.blockOps(&o, adLen, ctLen)
	stitch.Merge(o, nil)
	p.tag()
}

// tag emits the end of lengthsAndTag: the final reduction of h (below
// 2¹³¹ - 10), the addition of s, and the store of the tag.
func (p *poly) tag() {
	Comment("h mod 2¹³⁰-5: h-p unless that borrows, then plus s, mod 2¹²⁸.")
	g0, g1, g2 := GP64(), GP64(), GP64()
	MOVQ(p.h0, g0)
	MOVQ(p.h1, g1)
	MOVQ(p.h2, g2)
	SUBQ(I8(-5), g0)
	SBBQ(I8(-1), g1)
	SBBQ(U8(3), g2)
	CMOVQCC(g0, p.h0)
	CMOVQCC(g1, p.h1)
	st := Dereference(Param("s"))
	s0, s1 := GP64(), GP64()
	Load(st.Field("s").Index(0), s0)
	Load(st.Field("s").Index(1), s1)
	ADDQ(s0, p.h0)
	ADCQ(s1, p.h1)
	tag := Load(Param("tag"), GP64())
	MOVQ(p.h0, Mem{Base: tag})
	MOVQ(p.h1, Mem{Base: tag, Disp: 8})
}

// polyFinishMULX emits the end of the Poly1305 computation of RFC 8439,
// Section 2.8, in one call: the additional data and the ciphertext (or
// what is left of them), each padded with zeros to a multiple of 16 bytes,
// the block of the two lengths, and the final reduction and addition of s
// (finish in aead/chacha20poly1305/chacha20poly1305_amd64.go). A partial
// block is loaded as absorbPadded describes, reading nothing outside its
// slice.
func polyFinishMULX() {
	TEXT("polyFinishMULX", 0, "func(s *polyState, ad, ct []byte, adLen, ctLen int, tag *[16]byte)")
	Doc(
		"polyFinishMULX absorbs ad and ct into s.h, each followed by zeros up",
		"to a multiple of 16 bytes, then the block of adLen and ctLen, and",
		"writes the tag. It needs BMI2.",
	)
	p := loadPoly()

	for _, name := range []string{"ad", "ct"} {
		p.absorbPadded(name, Load(Param(name).Base(), GP64()), Load(Param(name).Len(), GP64()))
	}

	p.lengthsAndTag()
	RET()
}
