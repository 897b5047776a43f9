// Command salsa20 generates aead/internal/salsa/salsa_amd64.s.
//
// blocksAVX2 mirrors blocksGeneric in aead/internal/salsa/salsa_generic.go:
// it XORs len(src)/64 whole blocks of Salsa20/20 keystream (D. J.
// Bernstein, "Salsa20 specification", Sections 8 and 9) into dst and
// advances the 64-bit block counter in state[8] (low half) and state[9]
// (high half) by that many blocks, modulo 2⁶⁴.
//
// It computes eight blocks at once, one block in each 32-bit lane of the YMM
// registers: register i holds word i of the state of all eight blocks, so
// that a quarter round of the scalar code becomes the same quarter round on
// whole registers. The eight blocks of a group differ only in their counter
// words 8 and 9, which the code computes for each lane from the 64-bit
// counter with scalar additions, so that the carry from word 8 into word 9
// is right in every lane.
//
// A Salsa20 quarter-round step is b ^= (a + d) <<< r with r = 7, 9, 13 or
// 18. None of these rotations moves whole bytes (AVX2 has no vector
// rotation, and VPSHUFB only moves bytes), so the sum goes to a scratch
// register, a copy shifted left by r to a second one, the sum is shifted
// right by 32-r in place, and both are XORed into b. The sixteen state words
// and two scratch registers do not fit in the sixteen YMM registers: two
// words (spilled, below) live in stack slots for the whole of the rounds,
// read as memory operands and written back after their updates. The two
// words are in different quarter rounds in both the column and the row
// round, so no step needs both from memory. The four quarter rounds of a
// round are emitted step by step side by side: they are independent, and
// the processor overlaps them (register renaming removes the reuse of the
// scratch registers).
//
// After the rounds and the addition of the input, the words go to stack
// slots and come back eight at a time to be transposed, 4×4 words in each
// 128-bit lane, into 32-byte halves of the serialized blocks, which are
// XORed with src and stored to dst.
//
// The one to seven blocks left at the end (or all the blocks, if there
// are no more than six) take one of two paths. Seven go through the
// eight-lane code once more, which reads and stores only the blocks that
// exist. One to six, which the eight-lane code would take as long as
// eight, instead have the state of two blocks in the two 128-bit lanes of
// four registers, along its diagonals (diagonalPath), one to three such
// pairs side by side: that code is bound by the latency of the quarter
// rounds rather than by the throughput of the vector units, and takes
// about half the time of the eight-lane code for one or two blocks, two
// thirds for three to six (measured on an AMD EPYC, Zen 3). Every branch
// depends on the length of src only.
//
// blocksAVX512 (avx512.go) is the same computation sixteen blocks at a
// time in the 32-bit lanes of the ZMM registers: with 32 registers no word
// is spilled, each rotation is one VPROLD (AVX-512F), the four sums of a
// step go to four scratch registers, and the counters of a group come from
// a broadcast of the 64-bit counter's halves plus the lane offsets, with a
// carry into word 9 in the lanes whose word 8 wrapped (VPCMPUD into a mask,
// a masked VPADDD). The transposition is that of the ChaCha20 kernel
// (tools/asm/internal/chacha); a last group of one to fifteen blocks reads
// and writes only the blocks that exist.
//
// Run it with go generate in aead/internal/salsa.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/args"
	"github.com/crypton-go/crypton/tools/asm/internal/ymm"
)

// The stack frame, in 32-byte slots from a 32-byte aligned base.
const (
	// Slots 0 to 15: word i of the input state in every lane; words 8 and
	// 9 hold the counter of the block in each lane, for the current group.
	slotState = 0
	// Slots 16 and 17: the two spilled words during the rounds.
	slotSpill = 16
	// Slots 18 to 33: the output words, after the addition of the input.
	slotOut  = 18
	numSlots = 34
	slotSize = 32
	// The diagonal path (diagonalPath), which runs after the last group
	// of the eight-lane code or instead of it, reuses slots 0 to 15.
)

// spilled are the words kept in stack slots during the rounds. Words 0 and
// 5 are the "a" words of two different quarter rounds in both rounds.
var spilled = [2]int{0, 5}

// The quarter rounds of the column round and of the row round, as the
// indexes of the words a, b, c and d of the specification's quarterround
// (Sections 4 and 5), in the order of blocksGeneric.
var (
	columnRound = [4][4]int{{0, 4, 8, 12}, {5, 9, 13, 1}, {10, 14, 2, 6}, {15, 3, 7, 11}}
	rowRound    = [4][4]int{{0, 1, 2, 3}, {5, 6, 7, 4}, {10, 11, 8, 9}, {15, 12, 13, 14}}
)

func main() {
	ConstraintExpr("gc,!purego")
	blocksAVX2()
	avx512Data()
	blocksAVX512()
	Generate()
}

// gen holds the registers and memory of blocksAVX2 while its code is
// emitted.
type gen struct {
	state, dst, src Register // pointers
	n               Register // number of blocks left to do
	ctr             Register // the 64-bit counter of the first block of the group
	frame           Register // 32-byte aligned base of the slots
	labels          int      // for unique label names

	// word[i] is the register of word i during the rounds, or nil for a
	// spilled word.
	word [16]Register
	// spill[i] is the slot of spilled word i.
	spill map[int]Mem
	// t1 and t2 are the scratch registers of the rounds.
	t1, t2 Register
}

func (g *gen) slot(i int) Mem { return Mem{Base: g.frame, Disp: slotSize * i} }

// label returns a new unique label name with the given prefix.
func (g *gen) label(prefix string) string {
	g.labels++
	return fmt.Sprintf("%s%d", prefix, g.labels)
}

func ymmRegs() []Register {
	return []Register{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
}

func blocksAVX2() {
	TEXT("blocksAVX2", 0, "func(state *[16]uint32, dst, src []byte)")
	Doc(
		"blocksAVX2 XORs len(src)/64 whole blocks of keystream into dst and adds",
		"their number to the 64-bit counter in state[8] and state[9]: blocksGeneric",
		"with AVX2. len(dst) must be at least len(src)/64*64.",
	)
	g := &gen{}
	g.state, g.dst, g.src, g.n = args.Blocks("done")

	frame := AllocLocal(numSlots*slotSize + slotSize)
	g.frame = GP64()
	LEAQ(frame, g.frame)
	ADDQ(U32(slotSize-1), g.frame)
	ANDQ(I32(-slotSize), g.frame)

	// Registers of the rounds: the words that are not spilled in order,
	// then the two scratch registers.
	y := ymmRegs()
	g.spill = map[int]Mem{}
	next := 0
	for w := 0; w < 16; w++ {
		if w == spilled[0] || w == spilled[1] {
			continue
		}
		g.word[w] = y[next]
		next++
	}
	for i, w := range spilled {
		g.spill[w] = g.slot(slotSpill + i)
	}
	g.t1, g.t2 = y[14], y[15]

	g.ctr = GP64()
	MOVQ(Mem{Base: g.state, Disp: 4 * 8}, g.ctr)
	Comment("Up to six blocks take the diagonal path alone.")
	CMPQ(g.n, U32(6))
	JBE(LabelRef("diagonals"))

	Comment("Broadcast the state words, but the counter, to their slots.")
	for i := 0; i < 16; i++ {
		if i == 8 || i == 9 {
			continue
		}
		VPBROADCASTD(Mem{Base: g.state, Disp: 4 * i}, Y0)
		VMOVDQA(Y0, g.slot(slotState+i))
	}

	Label("group")
	g.group()
	Comment("Eight blocks or fewer left: the group was the last.")
	CMPQ(g.n, U32(8))
	JBE(LabelRef("last"))
	ADDQ(U32(8), g.ctr)
	ADDQ(U32(8*64), g.src)
	ADDQ(U32(8*64), g.dst)
	SUBQ(U32(8), g.n)
	CMPQ(g.n, U32(6))
	JA(LabelRef("group"))

	Label("diagonals")
	Comment("One to six blocks left.")
	CMPQ(g.n, U32(2))
	JA(LabelRef("diagonals4"))
	g.diagonalPath(1)
	JMP(LabelRef("last"))
	Label("diagonals4")
	CMPQ(g.n, U32(4))
	JA(LabelRef("diagonals6"))
	g.diagonalPath(2)
	JMP(LabelRef("last"))
	Label("diagonals6")
	g.diagonalPath(3)

	Label("last")
	Comment("The counter after the last block, modulo 2⁶⁴, back to state[8] and state[9].")
	ADDQ(g.n, g.ctr)
	MOVQ(g.ctr, Mem{Base: g.state, Disp: 4 * 8})
	VZEROUPPER()
	Label("done")
	RET()
}

// group emits the computation of a group of eight blocks, one in each lane
// of the YMM registers, from the counter in g.ctr: the rounds, the addition
// of the input and the XOR of the keystream into the blocks at dst from
// src, for the blocks j < n.
func (g *gen) group() {
	Comment("The counters of the eight lanes, low halves to slot 8, high halves to slot 9.")
	t := GP64()
	for i := 0; i < 8; i++ {
		LEAQ(Mem{Base: g.ctr, Disp: i}, t)
		MOVL(t.As32(), g.slot(slotState+8).Offset(4*i))
		SHRQ(U8(32), t)
		MOVL(t.As32(), g.slot(slotState+9).Offset(4*i))
	}

	Comment("The state to the registers and the spill slots.")
	for w := 0; w < 16; w++ {
		if r := g.word[w]; r != nil {
			VMOVDQA(g.slot(slotState+w), r)
		} else {
			VMOVDQA(g.slot(slotState+w), g.t1)
			VMOVDQA(g.t1, g.spill[w])
		}
	}

	Comment("Ten double rounds: a column round, then a row round.")
	i := GP64()
	MOVQ(U32(10), i)
	loop := g.label("rounds")
	Label(loop)
	g.round(columnRound)
	g.round(rowRound)
	DECQ(i)
	JNZ(LabelRef(loop))

	Comment("Add the input and set the output words aside.")
	for w := 0; w < 16; w++ {
		r := g.word[w]
		if r == nil {
			VMOVDQA(g.spill[w], g.t1)
			r = g.t1
		}
		VPADDD(g.slot(slotState+w), r, r)
		VMOVDQA(r, g.slot(slotOut+w))
	}

	Comment("Bytes 0 to 31 of each block from words 0 to 7, bytes 32 to 63 from words 8 to 15.")
	y := ymmRegs()
	for _, base := range []int{0, 8} {
		for k := 0; k < 8; k++ {
			VMOVDQA(g.slot(slotOut+base+k), y[k])
		}
		free := []Register{y[8], y[9], y[10], y[11], y[12], y[13], y[14], y[15]}
		lo := ymm.Transpose4(y[0:4], &free)
		hi := ymm.Transpose4(y[4:8], &free)
		for k := 0; k < 4; k++ {
			// Block k: the low lanes of lo[k] and hi[k]; block k+4: their
			// high lanes.
			tk := free[0]
			VPERM2I128(U8(0x20), hi[k], lo[k], tk)
			g.store(tk, k, 4*base)
			VPERM2I128(U8(0x31), hi[k], lo[k], tk)
			g.store(tk, k+4, 4*base)
		}
	}
}

// round emits the four quarter rounds qs, step by step side by side.
func (g *gen) round(qs [4][4]int) {
	for _, q := range qs {
		// b ^= (a + d) <<< 7
		g.step(q[1], q[0], q[3], 7)
	}
	for _, q := range qs {
		// c ^= (b + a) <<< 9
		g.step(q[2], q[1], q[0], 9)
	}
	for _, q := range qs {
		// d ^= (c + b) <<< 13
		g.step(q[3], q[2], q[1], 13)
	}
	for _, q := range qs {
		// a ^= (d + c) <<< 18
		g.step(q[0], q[3], q[2], 18)
	}
}

// operand returns the register of word w, or its spill slot.
func (g *gen) operand(w int) Op {
	if r := g.word[w]; r != nil {
		return r
	}
	return g.spill[w]
}

// step emits target ^= (x + y) <<< r.
func (g *gen) step(target, x, y int, r uint8) {
	t1, t2 := g.t1, g.t2
	switch {
	case g.word[x] != nil:
		VPADDD(g.operand(y), g.word[x], t1)
	case g.word[y] != nil:
		VPADDD(g.operand(x), g.word[y], t1)
	default:
		panic("two spilled words in one step")
	}
	VPSLLD(U8(r), t1, t2)
	VPSRLD(U8(32-r), t1, t1)
	if b := g.word[target]; b != nil {
		VPXOR(t2, b, b)
		VPXOR(t1, b, b)
		return
	}
	m := g.spill[target]
	VPXOR(t2, t1, t1)
	VPXOR(m, t1, t1)
	VMOVDQA(t1, m)
}

// store XORs the 32 bytes of keystream in r with the bytes at offset off of
// block j of src and stores the result at the same place in dst, if block j
// exists (j < n).
func (g *gen) store(r Register, j, off int) {
	skip := ""
	if j > 0 {
		skip = g.label("skip")
		CMPQ(g.n, U32(j))
		JBE(LabelRef(skip))
	}
	m := 64*j + off
	VPXOR(Mem{Base: g.src, Disp: m}, r, r)
	VMOVDQU(r, Mem{Base: g.dst, Disp: m})
	if skip != "" {
		Label(skip)
	}
}

// blend4 sets dst to word i of r[i], in each 128-bit lane, for i = 0 to 3.
func blend4(dst Register, r [4]Register) {
	VPBLENDD(U8(0x22), r[1], r[0], dst)
	VPBLENDD(U8(0x44), r[2], dst, dst)
	VPBLENDD(U8(0x88), r[3], dst, dst)
}

// diagonalPath emits the computation of 2*pairs blocks from g.ctr on (at
// least 2*pairs-1 to store, as the caller has made sure), with the state of
// two blocks, one in each 128-bit lane, in four YMM registers along the
// diagonals of the 4×4 state, the layout of Bernstein's SIMD code:
//
//	A = x0  x5  x10 x15
//	B = x4  x9  x14 x3
//	C = x8  x13 x2  x7
//	D = x12 x1  x6  x11
//
// A column round is then the quarter round on whole registers (B ^= (A+D)
// <<< 7, C ^= (B+A) <<< 9, D ^= (C+B) <<< 13, A ^= (D+C) <<< 18), and once
// the words of D, C and B are rotated by one, two and three places, the
// row round is the same with the roles of B and D exchanged. This code is
// bound by the latency of the quarter rounds rather than by the throughput
// of the vector units, so that up to three pairs of blocks side by side
// take little more time than one.
func (g *gen) diagonalPath(pairs int) {
	Commentf("Up to %d blocks, two to a set of four YMM registers holding their diagonals.", 2*pairs)
	y := ymmRegs()
	// Slots: row 2 of the states of pair p (with their counters) in slot
	// p, the input diagonals of pair p in slots 4+4p to 7+4p.
	row2 := func(p int) Mem { return g.slot(p) }
	input := func(p, k int) Mem { return g.slot(4 + 4*p + k) }

	t := GP64()
	w := GP64()
	MOVQ(Mem{Base: g.state, Disp: 4 * 10}, w)
	for p := 0; p < pairs; p++ {
		for lane := 0; lane < 2; lane++ {
			LEAQ(Mem{Base: g.ctr, Disp: 2*p + lane}, t)
			MOVQ(t, row2(p).Offset(16*lane))
			MOVQ(w, row2(p).Offset(16*lane+8))
		}
	}

	// The rows 0, 1 and 3 of the state in both lanes, and row 2 of a pair.
	r0, r1, r2, r3 := y[0], y[1], y[2], y[3]
	VBROADCASTI128(Mem{Base: g.state, Disp: 0}, r0)
	VBROADCASTI128(Mem{Base: g.state, Disp: 16}, r1)
	VBROADCASTI128(Mem{Base: g.state, Disp: 48}, r3)
	type set struct{ a, b, c, d Register }
	sets := make([]set, pairs)
	for p := range sets {
		s := set{y[4+4*p], y[5+4*p], y[6+4*p], y[7+4*p]}
		sets[p] = s
		VMOVDQA(row2(p), r2)
		blend4(s.a, [4]Register{r0, r1, r2, r3})
		blend4(s.b, [4]Register{r1, r2, r3, r0})
		blend4(s.c, [4]Register{r2, r3, r0, r1})
		blend4(s.d, [4]Register{r3, r0, r1, r2})
		for k, r := range []Register{s.a, s.b, s.c, s.d} {
			VMOVDQA(r, input(p, k))
		}
	}

	// The rows are no longer needed: their registers are the scratch
	// registers of the rounds.
	t1, t2 := y[0], y[1]
	step := func(target, x, z func(set) Register, r uint8) {
		for _, s := range sets {
			VPADDD(z(s), x(s), t1)
			VPSLLD(U8(r), t1, t2)
			VPSRLD(U8(32-r), t1, t1)
			VPXOR(t2, target(s), target(s))
			VPXOR(t1, target(s), target(s))
		}
	}
	shuffle := func(b, c, d uint8) {
		for _, s := range sets {
			VPSHUFD(U8(b), s.b, s.b)
			VPSHUFD(U8(c), s.c, s.c)
			VPSHUFD(U8(d), s.d, s.d)
		}
	}
	A := func(s set) Register { return s.a }
	B := func(s set) Register { return s.b }
	C := func(s set) Register { return s.c }
	D := func(s set) Register { return s.d }

	Comment("Ten double rounds.")
	i := GP64()
	MOVQ(U32(10), i)
	loop := g.label("diagonalrounds")
	Label(loop)
	step(B, A, D, 7)
	step(C, B, A, 9)
	step(D, C, B, 13)
	step(A, D, C, 18)
	// Rows to the places of the columns: B = x3 x4 x9 x14, C = x2 x7 x8
	// x13, D = x1 x6 x11 x12.
	shuffle(0x93, 0x4e, 0x39)
	step(D, A, B, 7)
	step(C, D, A, 9)
	step(B, C, D, 13)
	step(A, B, C, 18)
	// Back to the diagonals.
	shuffle(0x39, 0x4e, 0x93)
	DECQ(i)
	JNZ(LabelRef(loop))

	Comment("Add the input, take the rows out of the diagonals and XOR the blocks that exist.")
	for p, s := range sets {
		for k, r := range []Register{s.a, s.b, s.c, s.d} {
			VPADDD(input(p, k), r, r)
		}
		// Row i has word j from the diagonal register holding x(4i+j).
		blend4(r0, [4]Register{s.a, s.d, s.c, s.b})
		blend4(r1, [4]Register{s.b, s.a, s.d, s.c})
		blend4(r2, [4]Register{s.c, s.b, s.a, s.d})
		blend4(r3, [4]Register{s.d, s.c, s.b, s.a})
		// Bytes 0-31 of the blocks from rows 0 and 1, bytes 32-63 from
		// rows 2 and 3; the low lanes are block 2p, the high ones 2p+1.
		// The register of A is free for the halves of the blocks.
		for half, rows := range [][2]Register{{r0, r1}, {r2, r3}} {
			VPERM2I128(U8(0x20), rows[1], rows[0], s.a)
			g.store(s.a, 2*p, 32*half)
			VPERM2I128(U8(0x31), rows[1], rows[0], s.a)
			g.store(s.a, 2*p+1, 32*half)
		}
	}
}
