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
// The message words are gathered as in blocksAVX2, broadcasts and blends.
// Taking them instead from the block held in two ZMM registers, with one
// VPERMI2Q a half step and the index vectors in a table (the BLAKE2s
// kernel's scheme, which needs ZMM here because VPERMI2Q on YMM chooses
// among eight words only), gained nothing on a Sapphire Rapids Xeon: the
// VPERMI2Qs take port 5, which G's VPERMQs and shuffles need, and the
// 512-bit µops shut the vector ALU of port 1. The rotations by 16 and 24
// as VPRORQ (port 0) instead of VPSHUFB made no difference there either.
func blocksAVX512(ivMem, rot24Mem, rot16Mem Mem) {
	blocksKernel("blocksAVX512", []string{
		"blocksAVX512 compresses every whole block of p into h, adding",
		"BlockSize to the counter c before each and using flag as the",
		"finalization word: blocksGeneric with AVX-512VL.",
	}, ivMem, rot24Mem, rot16Mem, round512, func() {
		VPTERNLOGQ(U8(0x96), a, c, h0)
		VPTERNLOGQ(U8(0x96), b, d, h1)
	})
}

// round512 emits round r of blocksAVX512; see round.
func round512(r int) { roundWith(r, halfG512) }

// halfG512 is halfG with VPRORQ for the rotation by 63.
func halfG512(m VecPhysical, rd int) {
	halfGWith(m, rd, func(x VecPhysical) { VPRORQ(U8(63), x, x) })
}
