package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/blake2"

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
// step k, the four message words blake2.MessageWords(r)[k] at offset 16*(4r+k).
// Loaded into an XMM register, an index vector has zeros in its upper
// half, which VPERMI2D on YMM reads as word 0: harmless, as only the lower
// half of the result is used.
func sigmaTable() Mem {
	m := GLOBL("blake2sSigma512", RODATA|NOPTR)
	for r := 0; r < 10; r++ {
		w := blake2.MessageWords(r)
		for k := 0; k < 4; k++ {
			for i := 0; i < 4; i++ {
				DATA(16*(4*r+k)+4*i, U32(w[k][i]))
			}
		}
	}
	return m
}

func blocksAVX512(ivMem, sigmaMem, rot16Mem, rot8Mem Mem) {
	blocksKernel("blocksAVX512", []string{
		"blocksAVX512 compresses every whole block of p into h, adding",
		"BlockSize to the counter c before each and using flag as the",
		"finalization word: blocksGeneric with AVX-512VL.",
	}, ivMem, rot16Mem, rot8Mem, kernelParts{
		loadBlock: func() {
			VMOVDQU32(Mem{Base: src}, blkLo)
			VMOVDQU32(Mem{Base: src, Disp: 32}, blkHi)
		},
		round: func(r int) { round512(r, sigmaMem) },
		finish: func() {
			VPTERNLOGD(U8(0x96), a, c, h0)
			VPTERNLOGD(U8(0x96), b, d, h1)
		},
		vzeroupper: true,
	})
}

// round512 emits round r of blocksAVX512; see round.
func round512(r int, sigmaMem Mem) {
	roundWith(r, func(k int) {
		VMOVDQU(sigmaMem.Offset(16*(4*r+k)), msg[k])
		VPERMI2D(blkHi, blkLo, msg[k].AsY())
	}, halfG512)
}

// halfG512 is halfG with VPRORD for the rotations by 12 and 7.
func halfG512(m VecPhysical, rd int) {
	halfGWith(m, rd, func(x VecPhysical, n int) { VPRORD(U8(n), x, x) })
}
