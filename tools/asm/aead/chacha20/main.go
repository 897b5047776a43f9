// Command chacha20 generates aead/chacha20/chacha_amd64.s.
//
// blocksAVX2 and blocksAVX512 mirror blocksGeneric in
// aead/chacha20/chacha_generic.go: each XORs len(src)/64 whole blocks of
// ChaCha20 keystream (RFC 8439, Section 2.3) into dst and advances the
// block counter in state[12] by that many blocks, modulo 2³².
//
// # blocksAVX2
//
// Its main loop computes eight blocks at once, one block in each 32-bit
// lane of the YMM registers (on vectorizing ChaCha, see Goll and Gueron,
// "Vectorization of ChaCha Stream Cipher", ITNG 2014): register i holds
// word i of the state of all eight blocks, so that a quarter round of the
// scalar code becomes the same quarter round on whole registers, and the
// eight blocks differ only in their counter word (counter+0 ..
// counter+7). Rotations by 16 and 8 bits move whole bytes and are done with
// VPSHUFB; those by 12 and 7 take two shifts and an OR. The sixteen state
// words fill all sixteen registers, and the shift-and-OR rotations need one
// more for the shifted copy: word 0 (the first word of the "a" row, which
// the second and fourth steps of a quarter round do not use) goes to the
// stack during those steps, and its register serves as the scratch
// register.
//
// As in blocksGeneric, the quarter rounds of columns 1, 2 and 3 of the
// first column round do not involve the counter; they are computed once
// per call, and each group of eight blocks starts from their result.
//
// After the rounds and the addition of the input, the registers are
// transposed back into serialized blocks, 8×8 words at a time, which are
// XORed with src.
//
// The one to seven blocks left at the end take one of two paths. Five to
// seven go through the eight-lane code once more, which stores only the
// blocks that exist. One to four, which the eight-lane code would take as
// long as eight, instead have the rows of two blocks in the two 128-bit
// lanes of four registers (the layout of the state in RFC 8439, Section
// 2.3), one or two such pairs side by side: that code is bound by the
// latency of the quarter rounds rather than by the throughput of the vector
// units, and takes about two thirds of the time of the eight-lane code.
// Every branch depends on the length of src only.
//
// # blocksAVX512
//
// blocksAVX512 (avx512.go) has the layout of blocksAVX2 at twice the
// width: sixteen blocks at once, one in each 32-bit lane of the ZMM
// registers, register i holding word i of all sixteen and the counter word
// counter+0 .. counter+15 in lane order. The counters wrap modulo 2³²
// inside the lanes, as blocksGeneric's counter does. AVX-512F has a
// rotation, VPROLD, which does each of the four rotations of a quarter
// round in one instruction and without a scratch register: no shuffle
// masks and no shift pairs. (VPTERNLOGD would save nothing: every step is
// an addition, an XOR and a rotation, and the output an addition and an
// XOR with src, with no three-input logic to merge.)
//
// The 32 ZMM registers hold everything, with no stack frame: Z0-Z15 the
// words, Z16-Z27 the words after the quarter rounds of columns 1, 2 and 3
// of the first column round (computed once per call, as in blocksGeneric
// and blocksAVX2), Z28 the counters of the current group, and Z29-Z31 are
// scratch for the transposition. Words 0, 4 and 8 at the start of each
// group, and the input added after the rounds, are broadcast from the
// state in memory (VPBROADCASTD and the embedded broadcast of VPADDD). The
// first write to each word in the rounds reads the precomputed word or the
// counters from their registers, so that nothing is copied.
//
// The sixteen words are transposed into sixteen blocks in two parts:
// VPUNPCKLDQ/VPUNPCKHDQ then VPUNPCKLQDQ/VPUNPCKHQDQ transpose the 4×4
// words in each 128-bit lane, as in blocksAVX2, which leaves the four
// 16-byte pieces of each block in the same 128-bit lane of four registers;
// two rounds of VSHUFI32X4 (a 4×4 transposition of 128-bit lanes) gather
// them into one register, which is XORed with the block's 64 bytes of src
// and stored.
//
// The one to fifteen blocks left at the end go through the sixteen-lane
// code once more, which stores block j only if j is less than the number
// of blocks left; those comparisons are the only branches besides the
// loops, and depend on the length of src only. An eight-lane version of
// the same code (YMM registers, VPROLD with AVX-512VL) for one to eight
// blocks was measured and was no faster on AMD Zen 4, about 140 ns for
// one to eight blocks like the sixteen-lane code: with half the work per
// instruction, its rounds are bound by the latency of the chain of
// additions, XORs and rotations of each quarter round rather than by the
// throughput of the vector units (llvm-mca's znver4 model estimates 40
// cycles per double round for it, 48 for the sixteen-lane loop).
//
// # blocksRowsAVX512
//
// blocksRowsAVX512 is blocksAVX2's path for one to four blocks (rowPath)
// alone, with each rotation one VPROLD (AVX-512VL) instead of a byte
// shuffle or two shifts and an OR. That path is bound by the latency of
// the quarter rounds, on which the rotations by 12 and 7 lie: on an Intel
// Xeon (Sapphire Rapids class), two blocks take 82 ns against 102 with
// AVX2's rotations and 165 in the sixteen lanes, which that CPU runs on
// two ports only. The package's blocks gives it inputs, and ends of
// inputs, of two to four blocks when the AVX-512 implementation is on.
//
// Run it with go generate in aead/chacha20.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/args"
	"github.com/crypton-go/crypton/tools/asm/internal/chacha"
	"github.com/crypton-go/crypton/tools/asm/internal/ymm"
)

// The stack frame, in 32-byte slots from a 32-byte aligned base.
const (
	// Slots 0 to 15: word i of the input state in every lane; the counter
	// word (slot 12) holds counter+i in lane i, for the current group of
	// blocks. The rounds of each group start from these, and they are
	// added to the result of the rounds. (The code for one to four blocks,
	// rowPath, which runs instead of the eight-lane code, keeps row 3 of
	// its pairs of blocks in slots 0 and 1.)
	slotState = 0
	// Slots 16 to 27: words 1-3, 5-7, 9-11 and 13-15 after the quarter
	// rounds of columns 1, 2 and 3 of the first column round (the order of
	// chacha.PreWords).
	slotPre = 16
	// Slot 28: word 0 while its register is the scratch register.
	slotSpill = 28
	numSlots  = 29
	slotSize  = 32
)

// Read-only data, set up by main.
var (
	rot16Mask   Mem // VPSHUFB mask rotating each 32-bit word left by 16 bits
	rot8Mask    Mem // VPSHUFB mask rotating each 32-bit word left by 8 bits
	laneOffsets Mem // 0, 1, ..., 7: what each lane adds to the counter
	eightBlocks Mem // 8 in every lane: the step of the counters between groups
	// For pair p of the row path, 2p and 2p+1 in the counter word of the
	// low and high lanes.
	pairCounters Mem
)

func main() {
	ConstraintExpr("gc,!purego")

	// Rotating a little-endian word left by 8r bits moves its byte k to
	// byte k+r (mod 4): byte k of the result is byte k-r (mod 4) of the
	// word. The masks cover both 16-byte lanes of a YMM register.
	rot16Mask = ymm.RotateMask("chacha20Rot16", 2)
	rot8Mask = ymm.RotateMask("chacha20Rot8", 1)
	laneOffsets = GLOBL("chacha20LaneOffsets", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(i))
	}
	eightBlocks = GLOBL("chacha20EightBlocks", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(8))
	}

	pairCounters = GLOBL("chacha20PairCounters", RODATA|NOPTR)
	for p := 0; p < 2; p++ {
		for lane := 0; lane < 2; lane++ {
			for w := 0; w < 4; w++ {
				v := 0
				if w == 0 {
					v = 2*p + lane
				}
				DATA(32*p+16*lane+4*w, U32(v))
			}
		}
	}

	avx512Data()

	blocksAVX2()
	blocksAVX512()
	blocksRowsAVX512()
	Generate()
}

// gen holds the registers and memory of blocksAVX2 while its code is
// emitted.
type gen struct {
	state, dst, src Register  // pointers
	n               GPVirtual // number of blocks left to do
	frame           Register  // 32-byte aligned base of the slots
	labels          int       // for unique label names
}

func (g *gen) slot(i int) Mem { return Mem{Base: g.frame, Disp: slotSize * i} }

// label returns a new unique label name with the given prefix.
func (g *gen) label(prefix string) string {
	g.labels++
	return fmt.Sprintf("%s%d", prefix, g.labels)
}

func blocksAVX2() {
	TEXT("blocksAVX2", 0, "func(state *[16]uint32, dst, src []byte)")
	Doc(
		"blocksAVX2 XORs len(src)/64 whole blocks of keystream into dst and adds",
		"their number to the counter in state[12]: blocksGeneric with AVX2.",
		"len(dst) must be at least len(src)/64*64.",
	)
	g := &gen{}
	g.state, g.dst, g.src, g.n = args.Blocks("done")
	g.alignedFrame(numSlots)

	Comment("Up to four blocks take the short path alone; from five on, set up the slots.")
	CMPQ(g.n, U32(4))
	JBE(LabelRef("tail"))
	g.setup()

	Label("loop8")
	CMPQ(g.n, U32(8))
	JB(LabelRef("tail"))
	g.group(8)
	Comment("The counters of the next group, in slot 12 and in state[12], which rowPath reads.")
	VMOVDQA(g.slot(slotState+12), Y0)
	VPADDD(eightBlocks, Y0, Y0)
	VMOVDQA(Y0, g.slot(slotState+12))
	ADDL(U8(8), Mem{Base: g.state, Disp: 4 * 12})
	ADDQ(U32(8*64), g.src)
	ADDQ(U32(8*64), g.dst)
	SUBQ(U32(8), g.n)
	JMP(LabelRef("loop8"))

	Label("tail")
	Comment("Zero to seven blocks are left.")
	TESTQ(g.n, g.n)
	JZ(LabelRef("return"))
	CMPQ(g.n, U32(4))
	JA(LabelRef("tail8"))
	g.rowPaths(false, "tail4")
	JMP(LabelRef("advance"))
	Label("tail8")
	Comment("Five to seven blocks (and so the slots are set up).")
	g.group(5)

	Label("advance")
	g.advance("the last blocks")

	Label("return")
	VZEROUPPER()
	Label("done")
	RET()
}

func ymmRegs() []Register {
	return []Register{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
}

// setup fills the slots: the input state broadcast to every lane, with the
// counters of the lanes, and the words after the quarter rounds of columns
// 1, 2 and 3, which blocksGeneric computes once before its loop (p1 ... p15
// there).
func (g *gen) setup() {
	Comment("Broadcast the state to the slots, with counter+i in lane i of word 12.")
	y := ymmRegs()
	for i := 0; i < 16; i++ {
		VPBROADCASTD(Mem{Base: g.state, Disp: 4 * i}, y[i])
	}
	VPADDD(laneOffsets, y[12], y[12])
	for i := 0; i < 16; i++ {
		VMOVDQA(y[i], g.slot(slotState+i))
	}

	Comment("The quarter rounds of columns 1, 2 and 3 of the first round, the same for every block.")
	k := &rounds{g: g, x: y, scratch: y[0]}
	k.quarterRounds(chacha.OtherColumns)
	for j, w := range chacha.PreWords {
		VMOVDQA(y[w], g.slot(slotPre+j))
	}
}

// rounds emits the ChaCha rounds on the words in x, register i holding word
// i of every lane. The shift-and-OR rotations need a scratch register: if
// scratch is nil, word 0 is stored to its spill slot while they run and
// x[0] is the scratch register; spilled tells whether word 0 is currently
// in the spill slot rather than in x[0].
type rounds struct {
	g       *gen
	x       []Register
	scratch Register
	spilled bool
}

// quarterRounds emits the quarter rounds qs ({a, b, c, d} word indexes,
// disjoint) side by side, step by step: the four steps of quarterRound in
// chacha_generic.go.
func (k *rounds) quarterRounds(qs [][4]int) {
	x := k.x
	// a += b; d ^= a; d <<<= 16.
	k.addA(qs)
	for _, q := range qs {
		VPXOR(x[q[0]], x[q[3]], x[q[3]])
	}
	for _, q := range qs {
		VPSHUFB(rot16Mask, x[q[3]], x[q[3]])
	}
	// c += d; b ^= c; b <<<= 12.
	k.shiftRotateStep(qs, 12)
	// a += b; d ^= a; d <<<= 8.
	k.addA(qs)
	for _, q := range qs {
		VPXOR(x[q[0]], x[q[3]], x[q[3]])
	}
	for _, q := range qs {
		VPSHUFB(rot8Mask, x[q[3]], x[q[3]])
	}
	// c += d; b ^= c; b <<<= 7.
	k.shiftRotateStep(qs, 7)
}

// addA emits a += b for the quarter rounds qs, taking word 0 from its spill
// slot, into its register, if it is there.
func (k *rounds) addA(qs [][4]int) {
	x := k.x
	for _, q := range qs {
		if q[0] == 0 && k.spilled {
			VPADDD(k.g.slot(slotSpill), x[q[1]], x[0])
			k.spilled = false
			continue
		}
		VPADDD(x[q[1]], x[q[0]], x[q[0]])
	}
}

// shiftRotateStep emits c += d; b ^= c; b <<<= r for the quarter rounds qs.
func (k *rounds) shiftRotateStep(qs [][4]int, r uint8) {
	x := k.x
	t := k.scratch
	if t == nil {
		if !k.spilled {
			VMOVDQA(x[0], k.g.slot(slotSpill))
			k.spilled = true
		}
		t = x[0]
	}
	for _, q := range qs {
		if q[1] == 0 || q[2] == 0 || q[3] == 0 {
			panic("word 0 is always an a word")
		}
		VPADDD(x[q[3]], x[q[2]], x[q[2]])
	}
	for _, q := range qs {
		VPXOR(x[q[2]], x[q[1]], x[q[1]])
	}
	for _, q := range qs {
		VPSLLD(U8(r), x[q[1]], t)
		VPSRLD(U8(32-r), x[q[1]], x[q[1]])
		VPOR(t, x[q[1]], x[q[1]])
	}
}

// group emits the computation of a group of eight blocks, one in each lane
// of the YMM registers: the rounds from the slots, the addition of the
// input and the XOR of the keystream into the blocks at dst from src. Block
// j is only stored when j < n, which is checked at run time for the blocks
// from minBlocks on (the caller has made sure there are at least
// minBlocks).
func (g *gen) group(minBlocks int) {
	Commentf("Eight blocks in the lanes of the YMM registers (at least %d to store).", minBlocks)
	x := ymmRegs()
	for _, w := range []int{0, 4, 8, 12} {
		VMOVDQA(g.slot(slotState+w), x[w])
	}
	for j, w := range chacha.PreWords {
		VMOVDQA(g.slot(slotPre+j), x[w])
	}

	Comment("The rest of the first column round, then the first diagonal round.")
	k := &rounds{g: g, x: x}
	k.quarterRounds(chacha.FirstColumns)
	k.quarterRounds(chacha.DiagonalRound)

	Comment("The other nine double rounds.")
	i := GP64()
	MOVQ(U32(9), i)
	loop := g.label("rounds")
	Label(loop)
	if !k.spilled {
		panic("word 0 must be in its spill slot at the start of the double round")
	}
	k.quarterRounds(chacha.ColumnRound)
	k.quarterRounds(chacha.DiagonalRound)
	if !k.spilled {
		panic("word 0 must be in its spill slot at the end of the double round")
	}
	DECQ(i)
	JNZ(LabelRef(loop))

	// Word 0 is in its slot and x[0] is free. Add the input to the words,
	// transpose them back into blocks and XOR those with src, eight words
	// at a time, words 0 to 7 last. The transpositions take one scratch
	// register each step and give one back, and the registers of the
	// words 8 to 15 are free once they are stored.
	Comment("Words 8 to 15 of each block, then words 0 to 7.")
	free := []Register{x[0]}
	out := g.output(minBlocks, &free)
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

// rowPath emits the computation of 2*pairs blocks (at least 2*pairs-1 to
// store, as the caller has made sure) from state, with the rows of the
// state of two blocks in the two 128-bit lanes of four YMM registers, the
// layout of RFC 8439, Section 2.3, rather than one block per 32-bit lane:
// a column round is a quarter round on the four rows, and a diagonal round
// the same after rotating the words of rows 1, 2 and 3 by one, two and
// three places. It is slower than group for eight blocks, but much faster
// for one to four, having less to set up and transpose and the pairs of
// blocks independent of one another. With vl, each rotation is one VPROLD
// (AVX-512VL; see blocksRowsAVX512).
func (g *gen) rowPath(pairs int, vl bool) {
	Commentf("Up to %d blocks, two to a set of four YMM registers holding their rows.", 2*pairs)
	y := ymmRegs()
	// Registers: the rows of the input state in both lanes (rows 0 to 2;
	// row 3 with the counters of each pair goes to slot p), the four rows
	// of each pair, and a scratch register.
	in := y[0:3]
	t := y[3]
	var a, b, c, d []Register
	for p := 0; p < pairs; p++ {
		a = append(a, y[4+4*p])
		b = append(b, y[5+4*p])
		c = append(c, y[6+4*p])
		d = append(d, y[7+4*p])
	}
	for r := 0; r < 3; r++ {
		VBROADCASTI128(Mem{Base: g.state, Disp: 16 * r}, in[r])
	}
	VBROADCASTI128(Mem{Base: g.state, Disp: 48}, t)
	for p := 0; p < pairs; p++ {
		VPADDD(pairCounters.Offset(32*p), t, d[p])
		VMOVDQA(d[p], g.slot(p))
		VMOVDQA(in[0], a[p])
		VMOVDQA(in[1], b[p])
		VMOVDQA(in[2], c[p])
	}

	Comment("Ten double rounds.")
	i := GP64()
	MOVQ(U32(10), i)
	loop := g.label("rows")
	Label(loop)
	quarterRoundRows(a, b, c, d, t, vl)
	// Rotate row 1 left by one word, row 2 by two and row 3 by three: the
	// diagonals become columns.
	for p := range a {
		VPSHUFD(U8(0x39), b[p], b[p])
		VPSHUFD(U8(0x4e), c[p], c[p])
		VPSHUFD(U8(0x93), d[p], d[p])
	}
	quarterRoundRows(a, b, c, d, t, vl)
	for p := range a {
		VPSHUFD(U8(0x93), b[p], b[p])
		VPSHUFD(U8(0x4e), c[p], c[p])
		VPSHUFD(U8(0x39), d[p], d[p])
	}
	DECQ(i)
	JNZ(LabelRef(loop))

	Comment("Add the input and XOR the blocks that exist with src.")
	free := []Register{t}
	out := g.output(2*pairs-1, &free)
	for p := range a {
		VPADDD(in[0], a[p], a[p])
		VPADDD(in[1], b[p], b[p])
		VPADDD(in[2], c[p], c[p])
		VPADDD(g.slot(p), d[p], d[p])
		// Bytes 0-31 of the two blocks from rows 0 and 1, bytes 32-63
		// from rows 2 and 3; the low lanes are block 2p, the high ones
		// block 2p+1.
		out.StorePair(a[p], b[p], 2*p, 2*p+1, 0)
		out.StorePair(c[p], d[p], 2*p, 2*p+1, 32)
	}
}

// quarterRoundRows emits a quarter round on rows a, b, c and d of each
// pair side by side (the four steps of quarterRound), with t as the
// scratch register of the shift-and-OR rotations; with vl, each rotation
// is one VPROLD instead, and t goes unused.
func quarterRoundRows(a, b, c, d []Register, t Register, vl bool) {
	step := func(a, b, d []Register, mask Mem, r uint8) {
		for p := range a {
			VPADDD(b[p], a[p], a[p])
		}
		for p := range a {
			VPXOR(a[p], d[p], d[p])
		}
		for p := range a {
			if vl {
				VPROLD(U8(r), d[p], d[p])
			} else {
				VPSHUFB(mask, d[p], d[p])
			}
		}
	}
	shiftStep := func(b, c, d []Register, r uint8) {
		for p := range b {
			VPADDD(d[p], c[p], c[p])
		}
		for p := range b {
			VPXOR(c[p], b[p], b[p])
		}
		for p := range b {
			if vl {
				VPROLD(U8(r), b[p], b[p])
				continue
			}
			VPSLLD(U8(r), b[p], t)
			VPSRLD(U8(32-r), b[p], b[p])
			VPOR(t, b[p], b[p])
		}
	}
	step(a, b, d, rot16Mask, 16)
	shiftStep(b, c, d, 12)
	step(a, b, d, rot8Mask, 8)
	shiftStep(b, c, d, 7)
}

// blocksRowsAVX512 emits blocksRowsAVX512: blocksAVX2's path for one to
// four blocks (rowPath) alone, with VPROLD rotations. That path is bound
// by the latency of the rounds, on which the rotations by 12 and 7 (two
// shifts and an OR under AVX2) lie; and it takes a fraction of the time
// of sixteen lanes, whose 512-bit instructions some CPUs run on two ports
// only.
func blocksRowsAVX512() {
	TEXT("blocksRowsAVX512", 0, "func(state *[16]uint32, dst, src []byte)")
	Doc(
		"blocksRowsAVX512 XORs len(src)/64 whole blocks of keystream, at most",
		"four, into dst and adds their number to the counter in state[12]:",
		"blocksGeneric with AVX2 and AVX-512VL, the blocks two to a set of",
		"four YMM registers holding their rows.",
		"len(dst) must be at least len(src)/64*64.",
	)
	g := &gen{}
	g.state, g.dst, g.src, g.n = args.Blocks("done")
	g.alignedFrame(2) // rowPath's counter rows
	g.rowPaths(true, "pairs2")
	Label("advance")
	g.advance("blocks")
	VZEROUPPER()
	Label("done")
	RET()
}

// alignedFrame gives the function a frame of n slots and points g.frame at
// the first, 32-byte aligned.
func (g *gen) alignedFrame(n int) {
	frame := AllocLocal(n*slotSize + slotSize)
	g.frame = GP64()
	LEAQ(frame, g.frame)
	ADDQ(U32(slotSize-1), g.frame)
	ANDQ(I32(-slotSize), g.frame)
}

// rowPaths emits rowPath for one pair of blocks if g.n is at most 2, else
// (at the label two) for two pairs, both going on to the label advance,
// which the caller places.
func (g *gen) rowPaths(vl bool, two string) {
	CMPQ(g.n, U32(2))
	JA(LabelRef(two))
	g.rowPath(1, vl)
	JMP(LabelRef("advance"))
	Label(two)
	g.rowPath(2, vl)
}

// advance adds g.n, the number of what (blocks), to the counter in
// state[12], modulo 2³², as blocksGeneric does.
func (g *gen) advance(what string) {
	Comment("state[12] += the number of " + what + ", modulo 2³², as blocksGeneric does.")
	ctr := GP32()
	MOVL(Mem{Base: g.state, Disp: 4 * 12}, ctr)
	ADDL(g.n.As32(), ctr)
	MOVL(ctr, Mem{Base: g.state, Disp: 4 * 12})
}

// output returns the stores of keystream XORed with src into dst, for the
// blocks that exist: block j < minBlocks always does, block j ≥ minBlocks
// only if g.n > j.
func (g *gen) output(minBlocks int, free *[]Register) *ymm.Output {
	return &ymm.Output{
		Src: g.src, Dst: g.dst, Free: free,
		Guard: func(j int) func() {
			if j < minBlocks {
				return nil
			}
			skip := g.label("skip")
			CMPQ(g.n, U32(j))
			JBE(LabelRef(skip))
			return func() { Label(skip) }
		},
	}
}
