package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// blocksAVX512 is blocksAVX with three AVX-512VL changes, all on XMM and
// YMM registers (no 512-bit instruction):
//
//   - the rotations by 12 and 7 are one VPRORD each instead of two shifts
//     and an OR: one cycle less on the latency chain of each half of G,
//     eight cycles a round (llvm-mca, Sapphire Rapids: 283 cycles a block
//     for blocksAVX, 242 for blocksAVX512). The rotations by 16 and 8 stay
//     VPSHUFB: VPRORD is no faster for them on Sapphire Rapids, and slower
//     in llvm-mca's model of Zen 4;
//   - the message words of each half step are taken from the block, held
//     in two YMM registers, with one VPERMI2D whose index vector comes from
//     blake2sSigma512 (one row of four word numbers per half step), instead
//     of a load and three VPINSRDs: four shuffle µops a round instead of
//     twelve, and twelve fewer loads. The loop being bound by the latency
//     of G, this changes little (the same cycles in llvm-mca, the same
//     speed within the noise of the machine), but it is 80 instructions a
//     block fewer;
//   - the final h ^= v[0..7] ^ v[8..15] is two VPTERNLOGDs.
//
// The VPERMI2Ds write whole YMM registers, so the function ends with
// VZEROUPPER: without it, the SSE code that runs after it pays for the
// dirty upper halves, and Sum256 of 64 bytes took twice as long.

// The registers of blocksAVX512 besides those of blocksAVX.
var blkLo, blkHi = Y16, Y17 // the current block, words 0-7 and 8-15

// sigmaTable defines the index vectors of VPERMI2D: for round r and half
// step k, the four message words messageWords(r)[k] at offset 16*(4r+k).
// Loaded into an XMM register, an index vector has zeros in its upper
// half, which VPERMI2D on YMM reads as word 0: harmless, as only the lower
// half of the result is used.
func sigmaTable() Mem {
	m := GLOBL("blake2sSigma512", RODATA|NOPTR)
	for r := 0; r < 10; r++ {
		w := messageWords(r)
		for k := 0; k < 4; k++ {
			for i := 0; i < 4; i++ {
				DATA(16*(4*r+k)+4*i, U32(w[k][i]))
			}
		}
	}
	return m
}

func blocksAVX512(ivMem, sigmaMem, rot16Mem, rot8Mem Mem) {
	TEXT("blocksAVX512", NOSPLIT, "func(h *[8]uint32, c *[2]uint32, flag uint32, p []byte)")
	Doc(
		"blocksAVX512 compresses every whole block of p into h, adding",
		"BlockSize to the counter c before each and using flag as the",
		"finalization word: blocksGeneric with AVX-512VL.",
	)
	Load(Param("h"), hPtr)
	Load(Param("c"), cPtr)
	Load(Param("flag"), flagReg.As32())
	Load(Param("p").Base(), src)
	Load(Param("p").Len(), lng)
	MOVQ(lng, blocks)
	SHRQ(U8(6), blocks)
	JZ(LabelRef("done"))

	VMOVDQU(Mem{Base: hPtr}, h0)
	VMOVDQU(Mem{Base: hPtr, Disp: 16}, h1)
	VMOVDQU(ivMem, iv0)
	VMOVDQU(ivMem.Offset(16), iv1)
	VMOVDQU(rot16Mem, rot16)
	VMOVDQU(rot8Mem, rot8)
	MOVL(Mem{Base: cPtr}, cLow.As32())
	MOVL(Mem{Base: cPtr, Disp: 4}, cHigh.As32())

	Label("loop")
	Comment("The counter of this block, with the flag: v12..v15 = iv[4..7] ^ (c0, c1, flag, 0).")
	ADDL(U32(64), cLow.As32())
	ADCL(U32(0), cHigh.As32())
	VMOVD(cLow.As32(), ctr)
	VPINSRD(U8(1), cHigh.As32(), ctr, ctr)
	VPINSRD(U8(2), flagReg.As32(), ctr, ctr)
	VMOVDQU32(Mem{Base: src}, blkLo)
	VMOVDQU32(Mem{Base: src, Disp: 32}, blkHi)
	VMOVDQA(h0, a)
	VMOVDQA(h1, b)
	VMOVDQA(iv0, c)
	VPXOR(ctr, iv1, d)

	for r := 0; r < 10; r++ {
		round512(r, sigmaMem)
	}

	Comment("h ^= v[0..7] ^ v[8..15]")
	VPTERNLOGD(U8(0x96), a, c, h0)
	VPTERNLOGD(U8(0x96), b, d, h1)
	ADDQ(U32(64), src)
	DECQ(blocks)
	JNZ(LabelRef("loop"))

	VMOVDQU(h0, Mem{Base: hPtr})
	VMOVDQU(h1, Mem{Base: hPtr, Disp: 16})
	MOVL(cLow.As32(), Mem{Base: cPtr})
	MOVL(cHigh.As32(), Mem{Base: cPtr, Disp: 4})
	VZEROUPPER()
	Label("done")
	RET()
}

// round512 emits round r of blocksAVX512; see round.
func round512(r int, sigmaMem Mem) {
	Commentf("Round %d.", r+1)
	for k := 0; k < 4; k++ {
		VMOVDQU(sigmaMem.Offset(16*(4*r+k)), msg[k])
		VPERMI2D(blkHi, blkLo, msg[k].AsY())
	}
	halfG512(msg[0], 16)
	halfG512(msg[1], 8)
	Comment("Onto the diagonals: lane j takes a[j-1], c[j+1], d[j+2]; b stays.")
	VPSHUFD(U8(fromPrev), a, a)
	VPSHUFD(U8(fromOpp), d, d)
	VPSHUFD(U8(fromNext), c, c)
	halfG512(msg[2], 16)
	halfG512(msg[3], 8)
	Comment("Back onto the columns.")
	VPSHUFD(U8(fromNext), a, a)
	VPSHUFD(U8(fromOpp), d, d)
	VPSHUFD(U8(fromPrev), c, c)
}

// halfG512 is halfG with VPRORD for the rotations by 12 and 7.
func halfG512(m VecPhysical, rd int) {
	VPADDD(m, a, a)
	VPADDD(b, a, a)
	VPXOR(a, d, d)
	if rd == 16 {
		VPSHUFB(rot16, d, d)
	} else {
		VPSHUFB(rot8, d, d)
	}
	VPADDD(d, c, c)
	VPXOR(c, b, b)
	if rd == 16 {
		VPRORD(U8(12), b, b)
	} else {
		VPRORD(U8(7), b, b)
	}
}
