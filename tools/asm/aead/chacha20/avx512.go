package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/args"
	"github.com/crypton-go/crypton/tools/asm/internal/chacha"
)

// Read-only data of blocksAVX512, set up by avx512Data.
var (
	laneOffsets16 Mem // 0, 1, ..., 15: what each lane adds to the counter
	sixteenBlocks Mem // 16, one word, broadcast: the step of the counters
)

func avx512Data() {
	laneOffsets16 = chacha.LaneOffsets16("chacha20LaneOffsets16")
	sixteenBlocks = GLOBL("chacha20SixteenBlocks", RODATA|NOPTR)
	DATA(0, U32(16))
}

// The registers of blocksAVX512. Z0 to Z15 hold the sixteen words of the
// sixteen blocks of a group, Z16 to Z27 the words that the quarter rounds
// of columns 1, 2 and 3 of the first column round give (in the order of
// chacha.PreWords), Z28 the counters of the group's blocks, and Z29 to Z31 are
// free for the transposition.
var (
	zWords    = []Register{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	zPre      = []Register{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27}
	zCounters = Z28
	zFree     = []Register{Z29, Z30, Z31}
)

// g512 holds the general-purpose registers of blocksAVX512 while its code
// is emitted.
type g512 struct {
	state, dst, src Register  // pointers
	n               GPVirtual // number of blocks left to do
	labels          int
}

func (g *g512) label(prefix string) string {
	g.labels++
	return fmt.Sprintf("%s%d", prefix, g.labels)
}

// word returns the memory operand of word i of the input state.
func (g *g512) word(i int) Mem { return Mem{Base: g.state, Disp: 4 * i} }

// blocksAVX512 emits blocksAVX512, which the package comment describes.
func blocksAVX512() {
	TEXT("blocksAVX512", NOSPLIT, "func(state *[16]uint32, dst, src []byte)")
	Doc(
		"blocksAVX512 XORs len(src)/64 whole blocks of keystream into dst and adds",
		"their number to the counter in state[12]: blocksGeneric with AVX-512F,",
		"sixteen blocks at a time.",
		"len(dst) must be at least len(src)/64*64.",
	)
	g := &g512{}
	g.state, g.dst, g.src, g.n = args.Blocks("done512")

	Comment("The counters of the first group, counter+i in lane i; then state[12] += the number of blocks, modulo 2³².")
	VPBROADCASTD(g.word(12), zCounters)
	VPADDD(laneOffsets16, zCounters, zCounters)
	ADDL(g.n.As32(), g.word(12))

	Comment("The quarter rounds of columns 1, 2 and 3 of the first round, the same for every block.")
	x := make([]Register, 16)
	for j, w := range chacha.PreWords {
		x[w] = zPre[j]
		VPBROADCASTD(g.word(w), zPre[j])
	}
	chacha.NewLanes(x).QuarterRounds(nil, chacha.OtherColumns)

	Label("loop16")
	CMPQ(g.n, U32(16))
	JB(LabelRef("tail16"))
	g.group16(false)
	Comment("The counters of the next group.")
	VPADDD_BCST(sixteenBlocks, zCounters, zCounters)
	ADDQ(U32(16*64), g.src)
	ADDQ(U32(16*64), g.dst)
	SUBQ(U32(16), g.n)
	JMP(LabelRef("loop16"))

	Label("tail16")
	Comment("Zero to fifteen blocks are left.")
	TESTQ(g.n, g.n)
	JZ(LabelRef("return512"))
	g.group16(true)

	Label("return512")
	VZEROUPPER()
	Label("done512")
	RET()
}

// group16 emits the computation of sixteen blocks, one in each lane of the
// ZMM registers: the rounds, the addition of the input, the transposition
// and the XOR of the keystream into the blocks at dst from src. If tail is
// set, only the blocks j < n exist (n < 16), and the others are neither
// read nor written.
func (g *g512) group16(tail bool) {
	if tail {
		Comment("One to fifteen blocks in the lanes of the ZMM registers; store those that exist.")
	} else {
		Comment("Sixteen blocks in the lanes of the ZMM registers.")
	}
	g.rounds(zWords, zPre, zCounters)

	Comment("Transpose the words into blocks and XOR them with src.")
	free := append([]Register(nil), zFree...)
	chacha.Transpose(zWords, &free, func(r Register, j int) { g.store(r, j, tail) })
}

// rounds emits the rounds on the words of the blocks in the lanes of x and
// the addition of the input: x[i] is word i of every block on return. The
// words of chacha.PreWords start from pre, the counters from counters,
// words 0, 4 and 8 from the state.
func (g *g512) rounds(x, pre []Register, counters Register) {
	k := chacha.FirstDoubleRound(x, pre, counters, g.word)
	k.Chain = true

	Comment("The other nine double rounds.")
	i := GP64()
	MOVQ(U32(9), i)
	loop := g.label("rounds")
	Label(loop)
	k.QuarterRounds(nil, chacha.ColumnRound)
	k.QuarterRounds(nil, chacha.DiagonalRound)
	DECQ(i)
	JNZ(LabelRef(loop))

	chacha.AddInput(x, counters, g.word)
}

// store XORs block j of keystream, in r, with block j of src and stores
// the result as block j of dst. If tail is set, it does so only if block j
// exists (n > j), which the caller has made sure of for block 0.
func (g *g512) store(r Register, j int, tail bool) {
	skip := ""
	if tail && j > 0 {
		skip = g.label("skip")
		CMPQ(g.n, U32(j))
		JBE(LabelRef(skip))
	}
	VPXORD(Mem{Base: g.src, Disp: 64 * j}, r, r)
	VMOVDQU32(r, Mem{Base: g.dst, Disp: 64 * j})
	if skip != "" {
		Label(skip)
	}
}
