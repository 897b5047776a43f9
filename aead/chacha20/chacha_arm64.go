//go:build gc && !purego

package chacha20

import "github.com/crypton-go/crypton/cpufeat"

// useNEON enables blocksNEON, which computes four blocks at a time in the
// 32-bit lanes of the 128-bit NEON (Advanced SIMD) registers. Advanced SIMD
// is part of every ARMv8-A core that Go supports, but the feature is taken
// from cpufeat like any other, so that CRYPTON_CPU=-asimd switches it off.
var useNEON = cpufeat.HasARM64ASIMD

func init() {
	cpufeat.Register("chacha20", "NEON", &useNEON)
}

// blocksNEON is blocksGeneric with NEON, hand-written in chacha_arm64.s
// (see the comment at its top).
//
//go:noescape
func blocksNEON(state *[16]uint32, dst, src []byte)

// neonMinLen is the shortest input for which blocks uses blocksNEON: two
// blocks. blocksNEON always computes four blocks in parallel, so a single
// block costs it about as much as four; a scalar core runs one block of
// blocksGeneric in roughly half that time. This is an estimate from
// instruction counts: the code has only been run under emulation, where
// speed says nothing.
const neonMinLen = 2 * blockSize

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[12]; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	if useNEON && len(src) >= neonMinLen {
		blocksNEON(state, dst, src)
		return
	}
	blocksGeneric(state, dst, src)
}
