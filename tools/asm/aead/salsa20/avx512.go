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
	oneWord       Mem // 1, one word, broadcast: the carry into word 9
)

func avx512Data() {
	laneOffsets16 = chacha.LaneOffsets16("salsaLaneOffsets16")
	oneWord = GLOBL("salsaOne", RODATA|NOPTR)
	DATA(0, U32(1))
}

// The ZMM registers of blocksAVX512: zWords hold the sixteen words of the
// sixteen blocks of a group, zLo and zHi the words 8 and 9 (the counter) of
// the group's blocks, zTmp the sums of the four quarter rounds of a step,
// zOffsets the lane offsets; zFree are free for the transposition.
var (
	zWords   = []Register{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	zLo, zHi = Z16, Z17
	zTmp     = []Register{Z18, Z19, Z20, Z21}
	zFree    = []Register{Z22, Z23, Z24}
	zOffsets = Z31
)

// g512 holds the general-purpose registers of blocksAVX512.
type g512 struct {
	state, dst, src Register
	n, ctr          Register
	labels          int
}

func (g *g512) label(prefix string) string {
	g.labels++
	return fmt.Sprintf("%s%d", prefix, g.labels)
}

// blocksAVX512 emits blocksAVX512: blocksAVX2's computation sixteen blocks
// at a time, one in each 32-bit lane of the ZMM registers, every rotation
// one VPROLD, with no word spilled (AVX-512 has 32 registers).
func blocksAVX512() {
	TEXT("blocksAVX512", NOSPLIT, "func(state *[16]uint32, dst, src []byte)")
	Doc(
		"blocksAVX512 XORs len(src)/64 whole blocks of keystream into dst and adds",
		"their number to the 64-bit counter in state[8] and state[9]: blocksGeneric",
		"with AVX-512F, sixteen blocks at a time. len(dst) must be at least",
		"len(src)/64*64.",
	)
	g := &g512{}
	g.state, g.dst, g.src, g.n = args.Blocks("done512")
	g.ctr = GP64()
	MOVQ(Mem{Base: g.state, Disp: 4 * 8}, g.ctr)
	Comment("The 64-bit counter in the state advances by the number of blocks.")
	ADDQ(g.n, Mem{Base: g.state, Disp: 4 * 8})
	VMOVDQU32(laneOffsets16, zOffsets)

	Label("loop16")
	CMPQ(g.n, U32(16))
	JB(LabelRef("tail16"))
	g.group(false)
	ADDQ(U32(16), g.ctr)
	ADDQ(U32(16*64), g.src)
	ADDQ(U32(16*64), g.dst)
	SUBQ(U32(16), g.n)
	JMP(LabelRef("loop16"))

	Label("tail16")
	Comment("Zero to fifteen blocks are left.")
	TESTQ(g.n, g.n)
	JZ(LabelRef("return512"))
	g.group(true)

	Label("return512")
	VZEROUPPER()
	Label("done512")
	RET()
}

// group emits sixteen blocks from the counter ctr: the counters, the
// rounds, the addition of the input, the transposition and the XOR into
// the blocks at dst from src. If tail is set, only the blocks j < n exist
// (n < 16), and the others are neither read nor written.
func (g *g512) group(tail bool) {
	Comment("Words 8 and 9 of block i: the 64-bit ctr+i, the carry into word 9 where word 8 wraps.")
	t := GP64()
	VPBROADCASTD(g.ctr.(GPVirtual).As32(), zLo)
	MOVQ(g.ctr, t)
	SHRQ(U8(32), t)
	VPBROADCASTD(t.As32(), zHi)
	VPADDD(zOffsets, zLo, zLo)
	VPCMPUD(U8(1), zOffsets, zLo, K1) // lanes where ctr+i wrapped: lo < i
	VPADDD_BCST(oneWord, zHi, K1, zHi)

	x := zWords
	for i := 0; i < 16; i++ {
		switch i {
		case 8:
			VMOVDQA64(zLo, x[i])
		case 9:
			VMOVDQA64(zHi, x[i])
		default:
			VPBROADCASTD(Mem{Base: g.state, Disp: 4 * i}, x[i])
		}
	}
	Comment("Ten double rounds: a column round and a row round each.")
	i := GP64()
	MOVQ(U32(10), i)
	loop := g.label("rounds")
	Label(loop)
	round(x, columnRound)
	round(x, rowRound)
	DECQ(i)
	JNZ(LabelRef(loop))

	Comment("Add the input.")
	for w := 0; w < 16; w++ {
		switch w {
		case 8:
			VPADDD(zLo, x[w], x[w])
		case 9:
			VPADDD(zHi, x[w], x[w])
		default:
			VPADDD_BCST(Mem{Base: g.state, Disp: 4 * w}, x[w], x[w])
		}
	}
	Comment("Transpose the words into blocks and XOR them with src.")
	free := append([]Register(nil), zFree...)
	chacha.Transpose(x, &free, func(r Register, j int) {
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
	})
}

// round emits the four quarter rounds qs on the lanes of x, step by step
// side by side: target ^= (x + y) <<< r, the sum in a scratch register.
func round(x []Register, qs [4][4]int) {
	for _, st := range []struct {
		target, a, b int // positions in a quarter round
		r            uint8
	}{{1, 0, 3, 7}, {2, 1, 0, 9}, {3, 2, 1, 13}, {0, 3, 2, 18}} {
		for j, q := range qs {
			VPADDD(x[q[st.b]], x[q[st.a]], zTmp[j])
		}
		for j := range qs {
			VPROLD(U8(st.r), zTmp[j], zTmp[j])
		}
		for j, q := range qs {
			VPXORD(zTmp[j], x[q[st.target]], x[q[st.target]])
		}
	}
}
