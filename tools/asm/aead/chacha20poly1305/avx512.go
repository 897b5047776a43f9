package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/chacha"
	"github.com/crypton-go/crypton/tools/asm/internal/polymulx"
	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
)

// chunk512 is the number of bytes that chachaPolyAVX512 encrypts per
// iteration: sixteen ChaCha20 blocks, 64 Poly1305 blocks, four steps of
// polymulx.Step.
const (
	chunk512      = 1024
	stepBytes     = 16 * polymulx.BlocksN
	stepsPerChunk = chunk512 / stepBytes
)

// Read-only data of chachaPolyAVX512, set up by avx512Data.
var (
	laneOffsets16 Mem // 0, 1, ..., 15: what each lane adds to the counter
	sixteenBlocks Mem // 16, one word, broadcast: the step of the counters
)

func avx512Data() {
	laneOffsets16 = GLOBL("chachaPolyLaneOffsets16", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(4*i, U32(i))
	}
	sixteenBlocks = GLOBL("chachaPolySixteenBlocks", RODATA|NOPTR)
	DATA(0, U32(16))
}

// The ZMM registers of chachaPolyAVX512: zWords hold the sixteen words of
// the sixteen blocks of a chunk, zPre the words that the quarter rounds of
// columns 1, 2 and 3 of the first column round give (chacha.PreWords),
// zCounters the counters of the chunk's blocks; zFree are free for the
// transposition.
var (
	zWords    = []Register{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	zPre      = []Register{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27}
	zCounters = Z28
	zFree     = []Register{Z29, Z30, Z31}
)

// polyPowersMULX emits polyPowersMULX, which computes what polymulx.Step
// reads: the powers of the key r of a Poly1305 state.
func polyPowersMULX() {
	TEXT("polyPowersMULX", NOSPLIT, "func(s *polyState, pw *polyPowers)")
	Doc(
		"polyPowersMULX sets pw to r², …, r¹⁶ for the key r of s, partially",
		"reduced, their sum with r, and r. It needs BMI2.",
	)
	st := Dereference(Param("s"))
	g := polymulx.Regs{R0: GP64(), R1: GP64(), RR1: GP64(), H0: GP64(), H1: GP64(), H2: GP64()}
	Load(st.Field("r").Index(0), g.R0)
	Load(st.Field("r").Index(1), g.R1)
	g.LoadKey()
	g.Powers(Mem{Base: Load(Param("pw"), GP64())})
	RET()
}

// polyStepsMULX emits polyStepsMULX: polymulx.Step over the whole steps of
// a message, the Poly1305 of what a stitched kernel leaves.
func polyStepsMULX() {
	TEXT("polyStepsMULX", NOSPLIT, "func(s *polyState, pw *polyPowers, msg []byte)")
	Doc(
		fmt.Sprintf("polyStepsMULX absorbs the first len(msg)/%d·%d bytes of msg into s.h,", stepBytes, stepBytes),
		fmt.Sprintf("%d blocks per step with the powers pw of polyPowersMULX. It needs BMI2.", polymulx.BlocksN),
	)
	m := Load(Param("msg").Base(), GP64())
	n := Load(Param("msg").Len(), GP64())
	SHRQ(U8(8), n)
	JZ(LabelRef("done"))
	pw := Mem{Base: Load(Param("pw"), GP64())}
	// h is the first field of polyState: the steps read and write it there.
	h := Mem{Base: Load(Param("s"), GP64())}
	Label("loop")
	polymulx.Step(nil, m, h, h.Offset(8), h.Offset(16), pw)
	ADDQ(U32(stepBytes), m)
	DECQ(n)
	JNZ(LabelRef("loop"))
	Label("done")
	RET()
}

// chachaPolyAVX512 emits chachaPolyAVX512, which the package comment
// describes.
func chachaPolyAVX512() {
	TEXT("chachaPolyAVX512", 0, "func(state *[16]uint32, s *polyState, pw *polyPowers, dst, src []byte, hash *byte, first int, ad []byte)")
	Doc(
		"chachaPolyAVX512 absorbs ad into s.h, followed by zeros up to a multiple",
		"of 16 bytes, then XORs the keystream of the blocks from state[12] on into",
		"the len(src)/1024 whole chunks of 1024 bytes of src, writing them to dst,",
		"and absorbs 16-byte blocks from hash into s.h: first blocks (a multiple",
		"of 16, at most 64) with the first chunk, 64 with each of the others,",
		"with the powers pw of polyPowersMULX. It leaves state alone. dst and src",
		"are the same or do not overlap; hash is read before dst is written, chunk",
		"by chunk. It needs AVX-512F and BMI2.",
	)
	words := AllocLocal(64)
	powers := AllocLocal(polymulx.PowersSize)
	slots := AllocLocal(4 * 8)
	dstSlot, srcSlot, chunksSlot, stepsSlot := slots, slots.Offset(8), slots.Offset(16), slots.Offset(24)
	countSlot := AllocLocal(8)
	// The accumulator, in the frame while the chunks run: the steps read
	// it only after their products of the message are formed.
	hSlots := AllocLocal(24)
	word := func(i int) Mem { return words.Offset(4 * i) }

	Comment("The input state and the powers of r to the frame, which the loop reads without a register.")
	{
		st := Load(Param("state"), GP64())
		VMOVDQU64(Mem{Base: st}, Z0)
		VMOVDQU64(Z0, words)
		pw := Load(Param("pw"), GP64())
		for off := 0; off < polymulx.PowersSize; off += 64 {
			if polymulx.PowersSize-off >= 64 {
				VMOVDQU64(Mem{Base: pw, Disp: off}, Z0)
				VMOVDQU64(Z0, powers.Offset(off))
			} else {
				for ; off < polymulx.PowersSize; off += 8 {
					t := GP64()
					MOVQ(Mem{Base: pw, Disp: off}, t)
					MOVQ(t, powers.Offset(off))
				}
			}
		}
	}

	r0, r1, rr1 := polymulx.Key(powers)
	p := &poly{h0: GP64(), h1: GP64(), h2: GP64(), r0: r0, r1: r1, rr1: rr1}
	p.loadState(Dereference(Param("s")))

	Comment("The additional data, before the chunks.")
	p.absorbPadded("ad", Load(Param("ad").Base(), GP64()), Load(Param("ad").Len(), GP64()))
	MOVQ(p.h0, hSlots)
	MOVQ(p.h1, hSlots.Offset(8))
	MOVQ(p.h2, hSlots.Offset(16))

	{
		n := Load(Param("src").Len(), GP64())
		SHRQ(U8(10), n)
		JZ(LabelRef("end"))
		MOVQ(n, chunksSlot)
		t := Load(Param("dst").Base(), GP64())
		MOVQ(t, dstSlot)
		t = Load(Param("src").Base(), GP64())
		MOVQ(t, srcSlot)
		t = Load(Param("first"), GP64())
		SHRQ(U8(4), t) // first/16 steps
		MOVQ(t, stepsSlot)
	}
	hash := Load(Param("hash"), GP64()).(GPVirtual)

	Comment("The counters of the first chunk, counter+i in lane i.")
	VPBROADCASTD(word(12), zCounters)
	VPADDD(laneOffsets16, zCounters, zCounters)
	Comment("The quarter rounds of columns 1, 2 and 3 of the first round, the same for every block.")
	x := make([]Register, 16)
	for j, w := range chacha.PreWords {
		x[w] = zPre[j]
		VPBROADCASTD(word(w), zPre[j])
	}
	chacha.NewLanes(x).QuarterRounds(nil, chacha.OtherColumns)

	Label("chunk")
	Comment("Sixteen blocks in the lanes of the ZMM registers, the chunk's Poly1305 steps")
	Comment("merged into the rounds: after the first double round, one step for each of")
	Comment("the first steps pairs of double rounds, then the other 9 - 2·steps alone.")
	k := chacha.FirstDoubleRound(zWords, zPre, zCounters, word)
	{
		t := GP64()
		MOVQ(stepsSlot, t)
		MOVQ(t, countSlot)
		TESTQ(t, t)
		JZ(LabelRef("plain"))
	}
	Label("stitched")
	var vec, sc stitch.Ops
	k.QuarterRounds(&vec, chacha.ColumnRound)
	k.QuarterRounds(&vec, chacha.DiagonalRound)
	k.QuarterRounds(&vec, chacha.ColumnRound)
	k.QuarterRounds(&vec, chacha.DiagonalRound)
	polymulx.Step(&sc, hash, hSlots, hSlots.Offset(8), hSlots.Offset(16), powers)
	stitch.Merge(vec, sc)
	ADDQ(U32(stepBytes), hash)
	DECQ(countSlot)
	JNZ(LabelRef("stitched"))

	Label("plain")
	{
		t := GP64()
		MOVQ(stepsSlot, t)
		NEGQ(t)
		LEAQ(Mem{Base: t, Index: t, Scale: 1, Disp: 9}, t) // 9 - 2·steps
		Label("plainloop")
		k.QuarterRounds(nil, chacha.ColumnRound)
		k.QuarterRounds(nil, chacha.DiagonalRound)
		DECQ(t)
		JNZ(LabelRef("plainloop"))
	}
	chacha.AddInput(zWords, zCounters, word)

	Comment("Transpose the words into blocks and XOR them with src.")
	{
		dst, src := GP64(), GP64()
		MOVQ(dstSlot, dst)
		MOVQ(srcSlot, src)
		free := append([]Register(nil), zFree...)
		chacha.Transpose(zWords, &free, func(r Register, j int) {
			VPXORD(Mem{Base: src, Disp: 64 * j}, r, r)
			VMOVDQU32(r, Mem{Base: dst, Disp: 64 * j})
		})
		ADDQ(U32(chunk512), dst)
		ADDQ(U32(chunk512), src)
		MOVQ(dst, dstSlot)
		MOVQ(src, srcSlot)
	}
	Comment("The counters of the next chunk, which absorbs 64 blocks.")
	VPADDD_BCST(sixteenBlocks, zCounters, zCounters)
	MOVQ(U32(stepsPerChunk), stepsSlot)
	DECQ(chunksSlot)
	JNZ(LabelRef("chunk"))

	VZEROUPPER()
	Label("end")
	MOVQ(hSlots, p.h0)
	MOVQ(hSlots.Offset(8), p.h1)
	MOVQ(hSlots.Offset(16), p.h2)
	p.storeState()
	RET()
}
