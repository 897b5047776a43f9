package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// blocksAVX512 is blocksAVX2 with two AVX-512VL instructions, on YMM
// registers:
//
//   - the rotation by 63 is one VPRORQ instead of an addition, a shift and
//     an OR: one cycle less on the latency chain of each second half of G,
//     two cycles a round, 24 of about 315 a block (llvm-mca, Sapphire
//     Rapids: 316 cycles a block for blocksAVX2, 293 for blocksAVX512);
//   - the final h ^= v[0..7] ^ v[8..15] is two VPTERNLOGQs.
//
// The rotations by 32, 24 and 16 stay VPSHUFD and VPSHUFB: VPRORQ is no
// faster for them on Sapphire Rapids, where all take one cycle, and slower
// in llvm-mca's model of Zen 4, which gives VPRORQ two.
//
// The message words are gathered as in blocksAVX2. Taking them instead from
// the block held in two ZMM registers, with one VPERMI2Q a half step and
// the index vectors in a table (the BLAKE2s kernel's scheme, which needs
// ZMM here because VPERMI2Q on YMM chooses among eight words only), gained
// nothing on a Sapphire Rapids Xeon (the same speed as blocksAVX2 at 16 KiB,
// where the gathering version is 9% faster), although llvm-mca gives both
// the same cycles: the loop is bound by the latency of G, 24 cycles a
// round, and the 512-bit µops cost more than the gathering they save.
func blocksAVX512(ivMem, rot24Mem, rot16Mem Mem) {
	TEXT("blocksAVX512", NOSPLIT, "func(h *[8]uint64, c *[2]uint64, flag uint64, p []byte)")
	Doc(
		"blocksAVX512 compresses every whole block of p into h, adding",
		"BlockSize to the counter c before each and using flag as the",
		"finalization word: blocksGeneric with AVX-512VL.",
	)
	// The flag and a zero word, which fill the upper half of the counter
	// vector.
	flagSlot := AllocLocal(16)

	Load(Param("h"), hPtr)
	Load(Param("c"), cPtr)
	Load(Param("flag"), flagReg)
	Load(Param("p").Base(), src)
	Load(Param("p").Len(), lenRg)
	MOVQ(lenRg, blocks)
	SHRQ(U8(7), blocks)
	JZ(LabelRef("done"))

	MOVQ(flagReg, flagSlot)
	MOVQ(U32(0), flagSlot.Offset(8))
	VMOVDQU(Mem{Base: hPtr}, h0)
	VMOVDQU(Mem{Base: hPtr, Disp: 32}, h1)
	VMOVDQU(ivMem, iv0)
	VMOVDQU(ivMem.Offset(32), iv1)
	VMOVDQU(rot24Mem, rot24)
	VMOVDQU(rot16Mem, rot16)
	MOVQ(Mem{Base: cPtr}, cLow)
	MOVQ(Mem{Base: cPtr, Disp: 8}, cHigh)

	Label("loop")
	Comment("The counter of this block, with the flag: v12..v15 = iv[4..7] ^ (c0, c1, flag, 0).")
	ADDQ(U32(128), cLow)
	ADCQ(U32(0), cHigh)
	VMOVQ(cLow, ctr.AsX())
	VPINSRQ(U8(1), cHigh, ctr.AsX(), ctr.AsX())
	VINSERTI128(U8(1), flagSlot, ctr, ctr)
	VMOVDQA(h0, a)
	VMOVDQA(h1, b)
	VMOVDQA(iv0, c)
	VPXOR(ctr, iv1, d)

	for r := 0; r < 12; r++ {
		round512(r)
	}

	Comment("h ^= v[0..7] ^ v[8..15]")
	VPTERNLOGQ(U8(0x96), a, c, h0)
	VPTERNLOGQ(U8(0x96), b, d, h1)
	ADDQ(U32(128), src)
	DECQ(blocks)
	JNZ(LabelRef("loop"))

	VMOVDQU(h0, Mem{Base: hPtr})
	VMOVDQU(h1, Mem{Base: hPtr, Disp: 32})
	MOVQ(cLow, Mem{Base: cPtr})
	MOVQ(cHigh, Mem{Base: cPtr, Disp: 8})
	VZEROUPPER()
	Label("done")
	RET()
}

// round512 emits round r of blocksAVX512; see round.
func round512(r int) {
	Commentf("Round %d.", r+1)
	words := messageWords(r % 10)
	for k := 0; k < 4; k++ {
		gather(msg[k], words[k])
	}
	halfG512(msg[0], 32)
	halfG512(msg[1], 16)
	Comment("Onto the diagonals: lane j takes a[j-1], c[j+1], d[j+2]; b stays.")
	VPERMQ(U8(fromPrev), a, a)
	VPERMQ(U8(fromOpp), d, d)
	VPERMQ(U8(fromNext), c, c)
	halfG512(msg[2], 32)
	halfG512(msg[3], 16)
	Comment("Back onto the columns.")
	VPERMQ(U8(fromNext), a, a)
	VPERMQ(U8(fromOpp), d, d)
	VPERMQ(U8(fromPrev), c, c)
}

// halfG512 is halfG with VPRORQ for the rotation by 63.
func halfG512(m VecPhysical, rd int) {
	VPADDQ(m, a, a)
	VPADDQ(b, a, a)
	VPXOR(a, d, d)
	if rd == 32 {
		VPSHUFD(U8(0xb1), d, d)
	} else {
		VPSHUFB(rot16, d, d)
	}
	VPADDQ(d, c, c)
	VPXOR(c, b, b)
	if rd == 32 {
		VPSHUFB(rot24, b, b)
	} else {
		VPRORQ(U8(63), b, b)
	}
}
