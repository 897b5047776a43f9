package main

import (
	"fmt"
	"github.com/mmcloughlin/avo/gotypes"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/chacha"
	"github.com/crypton-go/crypton/tools/asm/internal/polyifma"
	"github.com/crypton-go/crypton/tools/asm/internal/polymulx"
	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
	"github.com/crypton-go/crypton/tools/asm/internal/ymm"
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
	laneOffsets16 = chacha.LaneOffsets16("chachaPolyLaneOffsets16")
	sixteenBlocks = GLOBL("chachaPolySixteenBlocks", RODATA|NOPTR)
	DATA(0, U32(16))
	oneBlock = GLOBL("chachaPolyOneBlock", RODATA|NOPTR)
	DATA(0, U32(1))
	sigmaZero = GLOBL("chachaPolySigmaZero", RODATA|NOPTR)
	for i, w := range []uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 0} {
		DATA(4*i, U32(w))
	}
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
// and polymulx.StepBy read: the powers of the key r of a Poly1305 state.
func polyPowersMULX() {
	TEXT("polyPowersMULX", NOSPLIT, "func(s *polyState, pw *polyPowers)")
	Doc(
		"polyPowersMULX sets pw to r², …, r¹⁶ for the key r of s, partially",
		"reduced, their sum with r, r, and r³². It needs BMI2.",
	)
	st := Dereference(Param("s"))
	g := polymulx.Regs{R0: GP64(), R1: GP64(), RR1: GP64(), H0: GP64(), H1: GP64(), H2: GP64()}
	Load(st.Field("r").Index(0), g.R0)
	Load(st.Field("r").Index(1), g.R1)
	g.LoadKey()
	pw := Mem{Base: Load(Param("pw"), GP64())}
	g.Powers(pw)
	polymulx.Wide(pw)
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
		copyToFrame(powers, Mem{Base: Load(Param("pw"), GP64())}, polymulx.PowersSize)
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

	startLanes(word)

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
		xorChunk(dst, src)
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

// copyToFrame copies size bytes (a multiple of 8) from src to dst, 64 at a
// time through Z0, then 8 at a time: before the lanes take the ZMM
// registers.
func copyToFrame(dst, src Mem, size int) {
	off := 0
	for ; size-off >= 64; off += 64 {
		VMOVDQU64(src.Offset(off), Z0)
		VMOVDQU64(Z0, dst.Offset(off))
	}
	for ; off < size; off += 8 {
		t := GP64()
		MOVQ(src.Offset(off), t)
		MOVQ(t, dst.Offset(off))
	}
}

// startLanes emits the start of the sixteen-lane kernels, from the input
// state's words: the counters of the first chunk in zCounters, and in zPre
// what the quarter rounds of columns 1, 2 and 3 of the first round give,
// the same for every chunk.
func startLanes(word func(int) Mem) {
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
}

// xorChunk emits the transposition of the sixteen blocks of zWords and
// their XOR with the chunk at src into the one at dst.
func xorChunk(dst, src Register) {
	free := append([]Register(nil), zFree...)
	chacha.Transpose(zWords, &free, func(r Register, j int) {
		VPXORD(Mem{Base: src, Disp: 64 * j}, r, r)
		VMOVDQU32(r, Mem{Base: dst, Disp: 64 * j})
	})
}

// keyRounds is the number of double rounds of chachaKeyAVX512's sixteen
// blocks into which the key block's ten merge.
const keyRounds = 8

// oneBlock is 1, one word, broadcast: what the lanes of chachaKeyAVX512
// add to the counters of chachaPolyLaneOffsets16.
var oneBlock Mem

// sigmaZero is the four constant words of the ChaCha20 state, "expand
// 32-byte k", and a zero word: words 0 to 3 and 12 of the state of a
// message's first block (keyNonceWords).
var sigmaZero Mem

// stateWords returns the words of the ChaCha20 state of the function's
// parameter state, as operands, its pointer loaded into a register first.
func stateWords() func(i int) Mem {
	state := Load(Param("state"), GP64())
	return func(i int) Mem { return Mem{Base: state, Disp: 4 * i} }
}

// keyNonceWords returns the words of the ChaCha20 state of the function's
// parameters key and nonce with block counter 0, as operands: the
// constants and the counter from sigmaZero, the others from key and nonce,
// their pointers loaded into registers when first needed. A function that
// takes the key and the nonce spares its caller the state's stores, which
// the loads here would wait for: Seal of 1 KiB on an AMD EPYC (Zen 4),
// chachaSealGroupsIFMA taking key and nonce against a state that its
// caller set, 278.8 against 285.7 ns (the fastest of 10 alternated runs).
func keyNonceWords() func(i int) Mem {
	var key, nonce Register
	return func(i int) Mem {
		switch {
		case i < 4:
			return sigmaZero.Offset(4 * i)
		case i < 12:
			if key == nil {
				key = Load(Param("key"), GP64())
			}
			return Mem{Base: key, Disp: 4 * (i - 4)}
		case i == 12:
			return sigmaZero.Offset(16)
		default:
			if nonce == nil {
				nonce = Load(Param("nonce"), GP64())
			}
			return Mem{Base: nonce, Disp: 4 * (i - 13)}
		}
	}
}

// chachaKeyAVX512 emits chachaKeyAVX512, the start of Seal and Open with
// AVX-512: the one-time key block and the first sixteen blocks at once.
// Its ten double rounds are unrolled: the key block's ten, in
// general-purpose registers (chacha.Scalar), merge into the first
// keyRounds of the sixteen lanes, and the powers of the key r for
// polyIFMA, a chain of scalar products, into the others. The sixteen
// blocks keep the vector units busy and leave the integer units idle:
// measured on an AMD EPYC (Zen 4), the key block in rows in XMM registers
// (a double round of one block is bound by its latency) made the kernel
// 167 ns against 145 ns for the sixteen blocks alone; in general-purpose
// registers Seal of 1 KiB went from about 347 to 303 ns (sealShortAVX512,
// the same hour). Merged into the first 6, 7, 8, 9 or 10 double rounds
// (the powers after) it gave 319, 296, 297, 304 and 316 ns.
//
// chachaKey8AVX512 is the same with eight blocks in the lanes of the YMM
// registers (AVX-512VL for VPROLD), for messages of at most 512 bytes.
func chachaKeyAVX512(lanes int) {
	name := "chachaKeyAVX512"
	words := zWords
	if lanes == 8 {
		name = "chachaKey8AVX512"
		words = make([]Register, 16)
		for i, z := range zWords {
			words[i] = z.(VecPhysical).AsY()
		}
	}
	TEXT(name, NOSPLIT, "func(state *[16]uint32, s *polyState, pw *[24]uint64, dst, src []byte, ks *[64]byte)")
	Doc(
		name+" sets s to the start of the Poly1305 computation under the",
		"first 32 bytes of the ChaCha20 block with counter state[12] (the one-time",
		"key when that counter is 0) and pw to r, r², …, r⁸ for polyIFMA, XORs",
		"the keystream of the blocks from state[12]+1 on into the len(src)/64",
		fmt.Sprintf("whole blocks of src (at most %d), writing them to dst, and, if fewer than", lanes),
		fmt.Sprintf("%d, sets ks to the keystream of the next block, for a partial block at", lanes),
		"the end. It leaves state alone; dst and src are the same or do not",
		"overlap. It needs AVX-512F and VL, and BMI2.",
	)
	keyRounds16(lanes, words, stateWords, func() Mem { return Mem{Base: Load(Param("pw"), GP64())} })
	Comment("Transpose the words into blocks: the whole ones XORed with src, the next one to ks.")
	{
		n := GP64()
		Load(Param("src").Len(), n)
		SHRQ(U8(6), n)
		dst := Load(Param("dst").Base(), GP64())
		src := Load(Param("src").Base(), GP64())
		ks := Load(Param("ks"), GP64())
		// store writes r, bytes off on of block j: XORed with src to dst
		// if the block is whole, to ks if it is the next one.
		store := func(r Register, j, off int) {
			whole, skip := fmt.Sprintf("kwhole%d_%d", j, off), fmt.Sprintf("kskip%d_%d", j, off)
			CMPQ(n, U32(j))
			JA(LabelRef(whole))
			JB(LabelRef(skip))
			VMOVDQU32(r, Mem{Base: ks, Disp: off})
			JMP(LabelRef(skip))
			Label(whole)
			VPXORD(Mem{Base: src, Disp: 64*j + off}, r, r)
			VMOVDQU32(r, Mem{Base: dst, Disp: 64*j + off})
			Label(skip)
		}
		if lanes == 16 {
			free := []Register{Z21, Z22, Z23}
			chacha.Transpose(words, &free, func(r Register, j int) { store(r, j, 0) })
		} else {
			transpose8(words, store)
		}
	}
	VZEROUPPER()
	RET()
}

// keyRounds16 emits the start of chachaKeyAVX512 (lanes 16) or
// chachaKey8AVX512 (lanes 8) into a function with the parameter s and the
// ChaCha20 state that input gives (stateWords or keyNonceWords; each call
// loads what the operands it returns need): the key block of the state's
// counter and the blocks from counter+1 on in words, their ten
// double rounds, the key into s, and the powers r, …, r⁸ of polyifma.Rows
// to the rows that powerRows returns (called when they are written), and
// the input added to the lanes (chacha.AddInput), which leaves words
// holding the keystream of the blocks, one in each lane.
func keyRounds16(lanes int, words []Register, input func() func(i int) Mem, powerRows func() Mem) {
	// A frame, so that BP may hold a value: the key block takes fifteen
	// general-purpose registers and one word of the frame, the powers
	// fifteen registers at their peak.
	slot := AllocLocal(8)
	word := input()

	counters := Register(Z16)
	if lanes == 8 {
		counters = Y16
	}
	Comment(fmt.Sprintf("The %d blocks from counter+1 on, one in each lane: words 0, 4, 8 and", lanes),
		"the counters here, the others from the key block's first column round.")
	for _, w := range []int{0, 4, 8} {
		VPBROADCASTD(word(w), words[w])
	}
	VPBROADCASTD(word(12), counters)
	VPADDD(laneOffsets16, counters, counters)
	VPADDD_BCST(oneBlock, counters, counters)
	Comment("The key block in general-purpose registers, word 11 in the frame.")
	var kb chacha.Scalar
	{
		t := GP32()
		MOVL(word(11), t)
		MOVL(t, slot)
	}
	for i := range kb.W {
		if i == 11 {
			kb.W[i] = slot
			continue
		}
		w := GP32()
		MOVL(word(i), w)
		kb.W[i] = w
	}

	Comment("Columns 1 to 3 of the first round, which the counter does not enter:",
		"the same for the key block and the lanes, so computed once, in the",
		"key block's registers, and broadcast.")
	kb.QuarterRounds(nil, chacha.OtherColumns)
	k := chacha.NewLanes(words)
	k.Loc[12] = counters
	for _, w := range chacha.PreWords {
		VPBROADCASTD(kb.W[w], words[w])
	}
	var first, second, rows stitch.Ops
	k.QuarterRounds(&first, chacha.FirstColumns)
	k.QuarterRounds(&first, chacha.DiagonalRound)
	kb.QuarterRounds(&rows, chacha.FirstColumns)
	kb.QuarterRounds(&rows, chacha.DiagonalRound)
	for i := 1; i < 10; i++ {
		o := &first
		if i >= keyRounds {
			o = &second
		}
		k.QuarterRounds(o, chacha.ColumnRound)
		k.QuarterRounds(o, chacha.DiagonalRound)
		kb.QuarterRounds(&rows, chacha.ColumnRound)
		kb.QuarterRounds(&rows, chacha.DiagonalRound)
	}
	Comment(fmt.Sprintf("Double rounds 1 to %d of the %d blocks, with the ten of the key block.", keyRounds, lanes))
	stitch.Merge(first, rows)

	Comment("The key: words 0 to 7 of the key block, r clamped, h = 0.")
	r := &polymulx.Regs{R0: GP64(), R1: GP64(), RR1: GP64(), H0: GP64(), H1: GP64(), H2: GP64()}
	{
		word := input()
		sp := Load(Param("s"), GP64())
		for i := 0; i < 8; i++ {
			ADDL(word(i), kb.W[i])
			MOVL(kb.W[i], Mem{Base: sp, Disp: 24 + 4*i})
		}
		t := GP64()
		MOVQ(Mem{Base: sp, Disp: 24}, r.R0)
		MOVQ(U64(0x0ffffffc0fffffff), t)
		ANDQ(t, r.R0)
		MOVQ(Mem{Base: sp, Disp: 32}, r.R1)
		MOVQ(U64(0x0ffffffc0ffffffc), t)
		ANDQ(t, r.R1)
		MOVQ(r.R0, Mem{Base: sp, Disp: 24})
		MOVQ(r.R1, Mem{Base: sp, Disp: 32})
		MOVQ(U32(0), Mem{Base: sp})
		MOVQ(U32(0), Mem{Base: sp, Disp: 8})
		MOVQ(U32(0), Mem{Base: sp, Disp: 16})
		r.LoadKey()
	}
	Comment(fmt.Sprintf("Double rounds %d to 10 of the %d blocks, with r, r², …, r⁸ to pw.", keyRounds+1, lanes))
	var powers stitch.Ops
	polyifma.Rows(&powers, powerRows(), r)
	stitch.Merge(second, powers)

	chacha.AddInput(words, counters, input())
}

// chachaSealGroupsIFMA emits chachaSealGroupsIFMA, Seal with AVX-512 IFMA
// of a plaintext of whole groups of 128 bytes, splitGroupsMin to eight of
// them, in one call: chachaKeyAVX512's key block and sixteen lanes, with
// the powers of r in the frame, then polyTagSplit over the ciphertext
// that the transposition just stored. Seal of 1 KiB on an AMD EPYC (Zen
// 4), the fastest of 60 alternated runs, against chachaKeyAVX512 and then
// polyTagIFMA: 287.2 against 298.0 ns (13 bytes of additional data); 768
// bytes 268.5 against 276.3, 896 bytes 279.2 against 286.5 (none). One
// call with polyTagIFMA's code (polyifma.Single) instead of polyTagSplit
// measured no faster than two (296.2 against 294.7 ns). Also tried and
// slower or no faster: the powers up to r¹⁷ in radix 2⁴⁴ from the
// general-purpose registers beside the last double rounds, sparing the
// lanes the product R·r^(8-i) (306 to 310 ns: the longer chain of
// products delays the rounds); the rows' conversion and that product
// merged into the transposition (289.6 against 289.0).
func chachaSealGroupsIFMA() {
	TEXT("chachaSealGroupsIFMA", 0, "func(key *[32]byte, nonce *[12]byte, s *polyState, ad, dst, src []byte, tag *[16]byte)")
	Doc(
		"chachaSealGroupsIFMA XORs the ChaCha20 keystream of key and nonce from",
		"block 1 on into src, len(src)/128 whole groups of 128 bytes (6 to 8),",
		"writing dst, and writes the tag of ad and dst under the one-time key of",
		"block 0 into tag: Seal in one call. s is its Poly1305 state, for the",
		"code it shares with polyTagIFMA. dst and src are the same or do not",
		"overlap. It needs AVX-512F, VL, BW and IFMA, and BMI2.",
	)
	pw := AllocLocal(polyifma.RowsSize)
	keyRounds16(16, zWords, keyNonceWords, func() Mem { return pw })
	Comment("Transpose the words into blocks: the 2n whole ones XORed with src into dst.")
	{
		blocks := GP64()
		Load(Param("src").Len(), blocks)
		SHRQ(U8(6), blocks)
		dst := Load(Param("dst").Base(), GP64())
		src := Load(Param("src").Base(), GP64())
		free := []Register{Z21, Z22, Z23}
		chacha.Transpose(zWords, &free, func(r Register, j int) {
			skip := fmt.Sprintf("gskip%d", j)
			if j >= 2*splitGroupsMin {
				CMPQ(blocks, U32(j))
				JBE(LabelRef(skip))
			}
			VPXORD(Mem{Base: src, Disp: 64 * j}, r, r)
			VMOVDQU32(r, Mem{Base: dst, Disp: 64 * j})
			if j >= 2*splitGroupsMin {
				Label(skip)
			}
		})
	}
	Comment("Poly1305: the additional data with MULX, then polyTagSplit over dst.")
	p := loadPoly()
	p.absorbPadded("ad", Load(Param("ad").Base(), GP64()), Load(Param("ad").Len(), GP64()))
	p.storeState()
	msg, n := GP64(), GP64()
	Load(Param("dst").Base(), msg)
	Load(Param("dst").Len(), n)
	SHRQ(U8(7), n)
	polyTagSplit(msg, n, Param("ad").Len(), Param("dst").Len(), pw)
	RET()
}

// transpose8 turns the sixteen YMM registers w, word i of eight blocks in
// w[i], into the blocks, calling store(r, j, off) with bytes off to off+31
// of block j in r (which store may change).
func transpose8(w []Register, store func(r Register, j, off int)) {
	free := []Register{Y21, Y22, Y23}
	var u [4][4]Register
	for q := 0; q < 4; q++ {
		u[q] = ymm.Transpose4(w[4*q:4*q+4], &free)
	}
	// u[q][j] holds, in 128-bit lane l, words 4q to 4q+3 of block 4l+j.
	for half := 0; half < 2; half++ {
		for j := 0; j < 4; j++ {
			a, b := u[2*half][j], u[2*half+1][j]
			t := ymm.Take(&free)
			VSHUFI32X4(U8(0), b, a, t) // lane 0 of a, lane 0 of b: block j
			store(t, j, 32*half)
			VSHUFI32X4(U8(3), b, a, t) // lanes 1: block 4+j
			store(t, 4+j, 32*half)
			ymm.Give(&free, t)
		}
	}
}

// polyIFMA and polyPaddedMULX: the Poly1305 of the AVX-512 path for
// messages of at most 1024 bytes, after chachaKeyAVX512.
func polyPaddedMULX() {
	TEXT("polyPaddedMULX", NOSPLIT, "func(s *polyState, m []byte)")
	Doc(
		"polyPaddedMULX absorbs m into s.h, followed by zeros up to a multiple of",
		"16 bytes. It needs BMI2.",
	)
	p := loadPoly()
	p.absorbPadded("m", Load(Param("m").Base(), GP64()), Load(Param("m").Len(), GP64()))
	p.storeState()
	RET()
}

// polyTagIFMA emits polyTagIFMA, the whole Poly1305 of a message of the
// AVX-512 IFMA path, 256 to 1024 bytes of ciphertext, in one call. The
// additional data goes first into h with polymulx's one-block product.
// A ciphertext of whole 128-byte groups then goes into the lanes of the
// vector code (polyifma.Single), and the lengths block after it. Else, of
// the blocks of RFC 8439 (c blocks of ciphertext, the last one padded
// with zeros, then the lengths block), the last 8·G, G = ⌊(c+1)/8⌋, go
// into the lanes (polyifma.SingleLast): the last group holds the last
// seven blocks of ciphertext, masked loads padding the partial one with
// zeros, and the lengths block. The first c+1-8·G blocks of ciphertext,
// whole ones, go into h before them with the one-block product, and the
// tag follows the vector code's sum at once: no ciphertext and no lengths
// block left for the one-block product after the vector code, where each
// block would wait for the one before.
func polyTagIFMA() {
	TEXT("polyTagIFMA", 0, "func(s *polyState, pw *[24]uint64, ad, msg []byte, adLen, ctLen int, tag *[16]byte)")
	Doc(
		"polyTagIFMA absorbs ad and msg (the ciphertext, 256 to 1024 bytes) into",
		"s.h, each followed by zeros up to a multiple of 16 bytes, then the block",
		"of adLen and ctLen, and writes the tag, with the powers pw of the key",
		"of s: the last groups of eight blocks, the lengths block among them, in",
		"the lanes of the ZMM registers with IFMA as polyIFMA absorbs them, the",
		"blocks before them in general-purpose registers. It needs AVX-512F, BW",
		"and IFMA, and BMI2.",
	)
	p := loadPoly()
	p.absorbPadded("ad", Load(Param("ad").Base(), GP64()), Load(Param("ad").Len(), GP64()))
	p.storeState()
	Comment("A whole number of groups: all in the lanes, then the lengths block.")
	{
		n := Load(Param("msg").Len(), GP64())
		TESTQ(U32(127), n)
		JNZ(LabelRef("tailGroup"))
		SHRQ(U8(7), n)
		polyifma.Single(Load(Param("msg").Base(), GP64()), n, Mem{Base: Load(Param("pw"), GP64())})
		p := loadPoly()
		p.lengthsAndTag()
		RET()
	}
	Label("tailGroup")
	Comment("c = ⌈ctLen/16⌉ blocks, G = ⌊(c+1)/8⌋ groups, the first c+1-8·G blocks before them")
	p = loadPoly()
	m := Load(Param("msg").Base(), GP64())
	groups, pre := GP64(), GP64()
	Load(Param("msg").Len(), groups)
	ADDQ(U8(15+16), groups) // (c+1)·16 + something below 16
	SHRQ(U8(7), groups)     // G
	Load(Param("msg").Len(), pre)
	ADDQ(U8(15), pre)
	ANDQ(I8(-16), pre) // c·16
	ADDQ(U8(16), pre)  // (c+1)·16
	t := GP64()
	MOVQ(groups, t)
	SHLQ(U8(7), t)
	SUBQ(t, pre) // (c+1-8·G)·16 bytes of whole blocks
	p.absorbPadded("pre", m, pre)
	p.storeState()
	Comment("m is at the first group: the rest of the ciphertext and the lengths block")
	polyifma.SingleLast(m, groups, Mem{Base: Load(Param("pw"), GP64())}, func() (Register, Register) {
		// The last group's ciphertext is 97 to 112 bytes: 64, then 33 to
		// 48 under the mask, then the lengths block in bytes 112 to 127.
		last := GP64()
		Load(Param("msg").Base(), last)
		n := Load(Param("msg").Len(), GP64())
		ADDQ(n, last)
		ANDQ(U8(15), n)
		// last = the end of the ciphertext; the group starts at the
		// start of its 7th block from the end, ⌈ctLen/16⌉·16 - 112 bytes
		// from msg: end - (ctLen mod 16, or 16) - 96.
		k := GP64()
		MOVQ(U32(16), k)
		TESTQ(n, n)
		CMOVQNE(n, k) // the bytes of the last block, 1 to 16
		SUBQ(k, last)
		SUBQ(U8(96), last)
		first, second := ZMM(), ZMM()
		VMOVDQU64(Mem{Base: last}, first)
		ADDQ(U8(32), k) // the bytes of the second half: 33 to 48
		ones := GP64()
		MOVQ(I32(-1), ones)
		BZHIQ(k, ones, ones) // the low k bits
		KMOVQ(ones, K1)
		VMOVDQU8_Z(Mem{Base: last, Disp: 64}, K1, second)
		ls := XMM()
		adLen, ctLen := Load(Param("adLen"), GP64()), Load(Param("ctLen"), GP64())
		VMOVQ(adLen, ls)
		VPINSRQ(U8(1), ctLen, ls, ls)
		VINSERTI32X4(U8(3), ls, second, second)
		return first, second
	})
	Comment("The tag: h mod 2¹³⁰-5, plus s.")
	p.h0, p.h1, p.h2 = GP64(), GP64(), GP64()
	p.loadState(Dereference(Param("s")))
	p.tag()
	RET()
}

// splitGroupsMin is the fewest groups of 128 bytes that Seal gives to
// chachaSealGroupsIFMA (groupsMinLen in the package). With fewer, the
// lanes take too few steps for T's nine blocks beside them: the blocks
// left over go before the steps, where, a chain that the vector code
// behind it waits to be dispatched past, each costs about its latency
// (the split tried in polyTagIFMA, AMD EPYC Zen 4: 384 bytes 70 ns
// against 40, eight blocks before the lanes' one step).
const splitGroupsMin = 6

// polyTagSplit emits the Poly1305 of chachaSealGroupsIFMA after the
// additional data: the n groups of eight blocks at msg, splitGroupsMin ≤
// n ≤ 8, and the lengths block of adLen and ctLen (components to load),
// with the rows pw of polyifma.Rows, and the tag. The lanes absorb groups
// 1 to n-1 (polyifma.SingleMul) while a chain of one-block MULX products
// absorbs the last group and the lengths block into T, from zero, one or
// two blocks with each step of the lanes. The lanes' last multiplication
// takes R·r^(8-i) in lane i, R = r⁹, which gives the blocks before the
// last group the powers that the nine blocks after them add; h = lanes +
// T then. Against polyTagIFMA's lanes for all n groups and the lengths
// block after them: one step of the lanes fewer, and no one-block product
// between the lanes' sum and the tag. In polyTagIFMA itself (Open) it
// measured no faster on an AMD EPYC (Zen 4): Open of 1 KiB 306.6 against
// 304.6 ns, 768 bytes 285.8 against 286.2 (the fastest of 25 runs).
func polyTagSplit(msg, n GPVirtual, adLen, ctLen gotypes.Component, pw Mem) {
	Comment("n groups: the last group and the lengths block in the frame, contiguous")
	f := AllocLocal(144 + polyifma.MulSize + 3*8)
	mul, key := f.Offset(144), f.Offset(144+polyifma.MulSize)
	{
		end := GP64()
		MOVQ(n, end)
		SHLQ(U8(7), end)
		ADDQ(msg, end)
		z := ZMM()
		VMOVDQU64(Mem{Base: end, Disp: -128}, z)
		VMOVDQU64(z, f)
		VMOVDQU64(Mem{Base: end, Disp: -64}, z)
		VMOVDQU64(z, f.Offset(64))
		t := GP64()
		Load(adLen, t)
		MOVQ(t, f.Offset(128))
		Load(ctLen, t)
		MOVQ(t, f.Offset(136))
	}
	{
		st := Dereference(Param("s"))
		r := &polymulx.Regs{R0: GP64(), R1: GP64(), RR1: GP64(), H0: GP64(), H1: GP64(), H2: GP64()}
		Load(st.Field("r").Index(0), r.R0)
		Load(st.Field("r").Index(1), r.R1)
		r.LoadKey()
		MOVQ(r.R0, key)
		MOVQ(r.R1, key.Offset(8))
		MOVQ(r.RR1, key.Offset(16))
		Comment("R = r⁹ = r⁸·r, r⁸ from lane 0 of pw's rows, for the lanes' last step")
		MOVQ(pw, r.H0)
		MOVQ(pw.Offset(64), r.H1)
		MOVQ(pw.Offset(128), r.H2)
		r.Power(nil)
		polyifma.StoreMul(mul, r.H0, r.H1, r.H2)
	}
	Comment("T: the last group and the lengths block. The lanes take s = n-2 steps;",
		"a = min(s, 9-s) of them absorb two blocks of T each, the others one, and",
		"9-a-s blocks go before them.")
	q := &poly{h0: GP64(), h1: GP64(), h2: GP64(), r0: key, r1: key.Offset(8), rr1: key.Offset(16)}
	XORL(q.h0.As32(), q.h0.As32())
	XORL(q.h1.As32(), q.h1.As32())
	XORL(q.h2.As32(), q.h2.As32())
	mp := GP64()
	LEAQ(f, mp)
	steps, twice, pre := GP64(), GP64(), GP64()
	MOVQ(n, steps)
	SUBQ(U8(2), steps)
	MOVQ(U32(9), twice)
	SUBQ(steps, twice)
	CMPQ(steps, twice)
	CMOVQLT(steps, twice) // min(s, 9-s)
	MOVQ(U32(9), pre)
	SUBQ(twice, pre)
	SUBQ(steps, pre)
	JZ(LabelRef("splitPreDone"))
	Label("splitPre")
	{
		var o stitch.Ops
		q.block(&o, Mem{Base: mp})
		stitch.Merge(o, nil)
	}
	ADDQ(U8(16), mp)
	DECQ(pre)
	JNZ(LabelRef("splitPre"))
	Label("splitPreDone")
	Comment("The lanes: groups 1 to n-1, with blocks of T in each step")
	DECQ(n)
	perStep := func(k int) stitch.Ops {
		var o stitch.Ops
		q.blocks(&o, Mem{Base: mp}, k)
		o.Add(func() { ADDQ(U8(16*k), mp) })
		return o
	}
	h0, h1, h2 := polyifma.SingleMul(msg, n, twice, pw, mul, perStep)
	Comment("h = lanes + T (h2 ≤ 4 + 5 + 1), 4·⌊h2/4⌋·2¹²⁸ folded as 5·⌊h2/4⌋: h < 2¹³⁰ + 2⁶¹")
	ADDQ(q.h0, h0)
	ADCQ(q.h1, h1)
	ADCQ(q.h2, h2)
	c := GP64()
	MOVQ(h2, c)
	SHRQ(U8(2), c)
	ANDQ(U8(3), h2)
	LEAQ(Mem{Base: c, Index: c, Scale: 4}, c)
	ADDQ(c, h0)
	ADCQ(U8(0), h1)
	ADCQ(U8(0), h2)
	t := &poly{h0: h0, h1: h1, h2: h2}
	t.tag()
}

// chachaPolyIFMA emits chachaPolyIFMA, or with seal chachaSealIFMA:
// chachaPolyAVX512's sixteen blocks with the Poly1305 of a kilobyte per
// chunk merged into their rounds, in polyifma.Stitched steps (AVX-512
// IFMA): after the first double round, four times two double rounds, each
// pair with one step of sixteen blocks, then the last double round alone.
// The rounds and the steps share the two vector ports of 512-bit code, and
// the steps, a chain of products, no longer wait on their own latency, as
// they did in a pass of their own. Seal of 16 KiB on an Intel Xeon
// (Sapphire Rapids class), ns, medians of six alternated runs: 4147
// against 4480 with ChaCha20 and polyIFMA in passes of their own; Open 4230
// against 4620.
//
// chachaSealIFMA merges the last step into the last three double rounds
// and the transposition instead, whose shuffles leave port 0, where IFMA
// runs, idle: about 1.4 % faster (the same machine, ten alternated runs).
// Open cannot do that: it authenticates the chunk it decrypts, and in
// place the transposition overwrites it.
func chachaPolyIFMA(seal, split bool) {
	name := "chachaPolyIFMA"
	if seal {
		name = "chachaSealIFMA"
	}
	signature := "func(state *[16]uint32, s *polyState, pw *[24]uint64, dst, src []byte, hash *byte)"
	if split {
		name += "MULX"
		signature = "func(state *[16]uint32, s *polyState, pw *[24]uint64, mpw *polyPowers, dst, src []byte, hash *byte)"
	}
	TEXT(name, 0, signature)
	Doc(
		name+" XORs the keystream of the blocks from state[12] on into",
		"the len(src)/1024 whole chunks of 1024 bytes of src, writing them to dst,",
		"and absorbs into s.h the same number of kilobytes from hash, one with",
		"each chunk, with the powers pw of the key of s (r, …, r⁸, as polyIFMA",
		"reads them). It leaves state alone. dst and src are the same or do not",
		"overlap.",
	)
	if seal {
		Doc(
			"hash may not be src or any part of dst that the call writes: the",
			"kilobyte of a chunk is read while the chunk is written. Seal passes",
			"1024 bytes behind dst.",
		)
	} else {
		Doc(
			"The kilobyte that hash gives a chunk is read before the chunk is",
			"written, so hash may be src (Open) or 1024 bytes behind dst.",
		)
	}
	if split {
		Doc(
			"The four steps of sixteen blocks of a chunk alternate between the",
			"lanes (IFMA, steps 0 and 2) and the general-purpose registers (MULX,",
			"steps 1 and 3, with the powers mpw of polyPowersMULX): two",
			"accumulators, each multiplied by r³² from one of its steps to the",
			"next. At the end the lanes' sum is multiplied by r¹⁶ and the MULX",
			"accumulator added. It leaves h congruent to what updateGeneric",
			"leaves, below 2¹³⁰ + 2⁸. It needs AVX-512F, BW and IFMA, and BMI2.",
		)
	} else {
		Doc(
			"It leaves h congruent to what updateGeneric leaves, below 2¹³⁰ + 2⁶⁰.",
			"It needs AVX-512F, BW and IFMA.",
		)
	}
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(10), n)
	JZ(LabelRef("end"))
	var word func(int) Mem
	var chunks Op = n
	var mpw, mh Mem
	if split {
		// The chunk count, the input state, the MULX powers and
		// accumulator in the frame: the MULX steps take most
		// general-purpose registers.
		c := AllocLocal(8)
		MOVQ(n, c)
		chunks = c
		words := AllocLocal(64)
		word = func(i int) Mem { return words.Offset(4 * i) }
		mpw = AllocLocal(polymulx.WideSize)
		mh = AllocLocal(24)
		Comment("The input state and the MULX powers to the frame; the MULX accumulator zero.")
		copyToFrame(words, Mem{Base: Load(Param("state"), GP64())}, 64)
		copyToFrame(mpw, Mem{Base: Load(Param("mpw"), GP64())}, polymulx.WideSize)
		for i := range 3 {
			MOVQ(U32(0), mh.Offset(8*i))
		}
	} else {
		st := Load(Param("state"), GP64())
		word = func(i int) Mem { return Mem{Base: st, Disp: 4 * i} }
	}

	// The lanes first: the accumulators of the steps live from
	// NewStitched on, and so may not take a register that the lanes'
	// start uses.
	startLanes(word)
	Comment("The words of the quarter rounds of columns 1, 2 and 3 to the frame.")
	pre := AllocLocal(64 * len(chacha.PreWords))
	for j := range chacha.PreWords {
		VMOVDQU64(zPre[j], pre.Offset(64*j))
	}
	ps := polyifma.NewStitched(Mem{Base: Load(Param("pw"), GP64())}, split)
	mul := GP64()
	LEAQ(ps.One(), mul)
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	hash := Load(Param("hash"), GP64())
	// step records step i of a chunk into sc: with split, even steps in
	// the lanes and odd ones with MULX; else all in the lanes.
	step := func(sc *stitch.Ops, i int) {
		switch {
		case !split:
			ps.Step(sc, Mem{Base: hash}, mul)
			sc.Add(func() { LEAQ(ps.R16(), mul) })
		case i%2 == 0:
			ps.Step(sc, Mem{Base: hash}, mul)
			sc.Add(func() { LEAQ(ps.R32(), mul) })
		default:
			polymulx.StepBy(sc, hash, mh, mh.Offset(8), mh.Offset(16), mpw, polymulx.R32(mpw))
		}
	}

	Label("chunk")
	preRegs := make([]Register, len(chacha.PreWords))
	for j, w := range chacha.PreWords {
		preRegs[j] = zWords[w]
		VMOVDQU64(pre.Offset(64*j), zWords[w])
	}
	k := chacha.FirstDoubleRound(zWords, preRegs, zCounters, word)
	loopSteps := stepsPerChunk
	if seal {
		loopSteps--
	}
	// twoDoubleRounds emits two double rounds merged with step i.
	twoDoubleRounds := func(i int) {
		var vec, sc stitch.Ops
		for range 2 {
			k.QuarterRounds(&vec, chacha.ColumnRound)
			k.QuarterRounds(&vec, chacha.DiagonalRound)
		}
		step(&sc, i)
		stitch.Merge(vec, sc)
		ADDQ(U32(stepBytes), hash)
	}
	if split {
		// Unrolled: the steps differ.
		for i := range loopSteps {
			Comment(fmt.Sprintf("Two double rounds with step %d", i))
			twoDoubleRounds(i)
		}
	} else {
		steps := GP64()
		MOVQ(U32(loopSteps), steps)
		Label("stitched")
		twoDoubleRounds(0)
		DECQ(steps)
		JNZ(LabelRef("stitched"))
	}
	if !seal {
		k.QuarterRounds(nil, chacha.ColumnRound)
		k.QuarterRounds(nil, chacha.DiagonalRound)
		chacha.AddInput(zWords, zCounters, word)
		Comment("Transpose the words into blocks and XOR them with src.")
		xorChunk(dst, src)
	} else {
		Comment("The last three double rounds, the input added, the transposition and")
		Comment("the XOR with src, with the last step.")
		var vec, sc stitch.Ops
		for range 3 {
			k.QuarterRounds(&vec, chacha.ColumnRound)
			k.QuarterRounds(&vec, chacha.DiagonalRound)
		}
		chacha.AddInputOps(&vec, zWords, zCounters, word)
		free := append([]Register(nil), zFree...)
		chacha.TransposeOps(&vec, zWords, &free, func(r Register, j int) {
			vec.Add(func() { VPXORD(Mem{Base: src, Disp: 64 * j}, r, r) })
			vec.Add(func() { VMOVDQU32(r, Mem{Base: dst, Disp: 64 * j}) })
		})
		step(&sc, loopSteps)
		stitch.Merge(vec, sc)
		ADDQ(U32(stepBytes), hash)
	}
	ADDQ(U32(chunk512), dst)
	ADDQ(U32(chunk512), src)
	VPADDD_BCST(sixteenBlocks, zCounters, zCounters)
	DECQ(chunks)
	JNZ(LabelRef("chunk"))

	ps.Finish()
	if split {
		Comment("h = h·r¹⁶ + the MULX accumulator: the lanes' last step came sixteen blocks before the end")
		h := Mem{Base: Load(Param("s"), GP64())}
		polymulx.MulAdd(nil, h, h.Offset(8), h.Offset(16), polymulx.R16(mpw), [5]Op{mh, mh.Offset(8), mh.Offset(16)})
	}
	Label("end")
	RET()
}
