package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/blake2"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// blocksAVX512 is blocksAVX with AVX-512VL and AVX2 changes, all on XMM
// registers:
//
//   - the rotations by 12 and 7 are one VPRORD each instead of two shifts
//     and an OR: one cycle less on the latency chain of each half of G,
//     eight cycles a round (llvm-mca, Sapphire Rapids: 283 cycles a block
//     for blocksAVX, 242 for blocksAVX512). The rotations by 16 and 8 stay
//     VPSHUFB: VPRORD is no faster for them on Sapphire Rapids, and slower
//     in llvm-mca's model of Zen 4;
//   - the message words of each half step are gathered with four
//     VPBROADCASTDs from memory (load µops only) and three VPBLENDDs (any
//     vector port) instead of a load and three VPINSRDs, whose shuffle µops
//     take port 5 from G's VPSHUFBs and VPSHUFDs. Taking them from the
//     block held in two YMM registers with one VPERMI2D a half step, four
//     port-5 µops a round instead of twelve, was level with VPINSRD; the
//     blends, none on port 5 alone, are faster: 16 KiB messages on an Intel
//     Xeon (Sapphire Rapids class), six alternated runs, 957 against 1034
//     MB/s (with blocksAVX, which keeps VPINSRD, level at 838 either way:
//     its chain is longer by the shifts of its rotations);
//   - the final h ^= v[0..7] ^ v[8..15] is two VPTERNLOGDs.
func blocksAVX512(ivMem, rot16Mem, rot8Mem Mem) {
	blocksKernel("blocksAVX512", []string{
		"blocksAVX512 compresses every whole block of p into h, adding",
		"BlockSize to the counter c before each and using flag as the",
		"finalization word: blocksGeneric with AVX-512VL.",
	}, ivMem, rot16Mem, rot8Mem, kernelParts{
		round: round512,
		finish: func() {
			VPTERNLOGD(U8(0x96), a, c, h0)
			VPTERNLOGD(U8(0x96), b, d, h1)
		},
	})
}

// round512 emits round r of blocksAVX512; see round.
func round512(r int) {
	words := blake2.MessageWords(r)
	roundWith(r, func(k int) { gatherBlend(msg[k], words[k]) }, halfG512)
}

// gatherBlend loads the message words w[0..3] of the current block into
// lanes 0 to 3 of x: each word broadcast to every lane, then blended in.
func gatherBlend(x VecPhysical, w [4]int) {
	word := func(i int) Mem { return Mem{Base: src, Disp: 4 * i} }
	VPBROADCASTD(word(w[0]), x)
	for i := 1; i < 4; i++ {
		VPBROADCASTD(word(w[i]), tmp)
		VPBLENDD(U8(1<<i), tmp, x, x)
	}
}

// halfG512 is halfG with VPRORD for the rotations by 12 and 7.
func halfG512(m VecPhysical, rd int) {
	halfGWith(m, rd, func(x VecPhysical, n int) { VPRORD(U8(n), x, x) })
}
