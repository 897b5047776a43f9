//go:build gc && !purego

package chacha20

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/aead/chacha20 -out chacha_amd64.s

var (
	// useAVX512 enables blocksAVX512, which computes sixteen blocks at a
	// time in the lanes of the ZMM registers. It needs AVX-512F only (no
	// VL, BW or DQ instruction). Where the CPU has AVX-512VL, two to four
	// blocks go to blocksRowsAVX512 instead (see rowsMaxBlocks).
	useAVX512 = cpufeat.HasAVX512F

	// useAVX2 enables blocksAVX2, which computes eight blocks at a time in
	// the lanes of the YMM registers.
	useAVX2 = cpufeat.HasAVX2

	// hasRowsAVX512 says whether the CPU can run blocksRowsAVX512, which
	// the AVX-512 implementation uses for two to rowsMaxBlocks blocks.
	hasRowsAVX512 = cpufeat.HasAVX2 && cpufeat.HasAVX512VL
)

func init() {
	// In order of preference.
	cpufeat.Register("chacha20", "AVX-512", &useAVX512)
	cpufeat.Register("chacha20", "AVX2", &useAVX2)
}

// blocksAVX512 is blocksGeneric with AVX-512F, sixteen blocks at a time;
// see chacha_amd64.s and its generator, tools/asm/aead/chacha20.
//
//go:noescape
func blocksAVX512(state *[16]uint32, dst, src []byte)

// blocksRowsAVX512 is blocksGeneric for one to four blocks with AVX2 and
// AVX-512VL: blocksAVX2's path for one to four blocks, with VPROLD
// rotations; see chacha_amd64.s and its generator, tools/asm/aead/chacha20.
//
//go:noescape
func blocksRowsAVX512(state *[16]uint32, dst, src []byte)

// blocksAVX2 is blocksGeneric with AVX2; see chacha_amd64.s and its
// generator, tools/asm/aead/chacha20.
//
//go:noescape
func blocksAVX2(state *[16]uint32, dst, src []byte)

// avx2MinLen is the shortest input for which blocks uses blocksAVX2: two
// blocks. One block is faster in blocksGeneric, whose single quarter-round
// chain the vector kernel's setup outweighs (BenchmarkBlockFuncs on an AMD
// EPYC, Zen 4: one block 78 ns generic, 162 ns AVX2; two blocks 153 and
// 161 ns).
const avx2MinLen = 2 * blockSize

// rowsMaxBlocks is the most blocks that blocksRowsAVX512 takes. With
// AVX-512, blocks gives the whole groups of sixteen blocks to
// blocksAVX512, and what is left after them (or an input shorter than
// sixteen blocks) to blocksAVX512 too if it is five blocks or more, to
// blocksRowsAVX512 if it is two to four, and to blocksGeneric if it is
// one: sixteen lanes cost as much for one block as for sixteen, and two
// blocks in rows are bound by the latency of their rounds, which VPROLD
// shortens. BenchmarkBlockFuncs on an Intel Xeon (Sapphire Rapids
// class), ns, rows against sixteen lanes and generic: one block 82, 165
// and 102; two blocks 82.6, 165 and 197; three and four 110, 165 and
// 290-385; sixteen lanes take 166 ns from five blocks to sixteen. On AMD
// Zen 4, one block took 78 ns generic and 137 in sixteen lanes, two
// blocks 135 in sixteen lanes and 161 in rows under AVX2, whose loop
// llvm-mca's znver4 model puts at 54 cycles per double round against 34
// with VPROLD (an estimate): so one block stays generic.
const rowsMaxBlocks = 4

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[12], with the fastest implementation that is
// enabled; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	if useAVX512 {
		nb := len(src) / blockSize
		rest := nb % 16
		if rest == 1 || hasRowsAVX512 && rest >= 2 && rest <= rowsMaxBlocks {
			if n := (nb - rest) * blockSize; n > 0 {
				blocksAVX512(state, dst[:n], src[:n])
				dst, src = dst[n:], src[n:]
			}
			if rest == 1 {
				blocksGeneric(state, dst, src)
			} else {
				blocksRowsAVX512(state, dst, src)
			}
			return
		}
		if nb >= 2 {
			blocksAVX512(state, dst, src)
			return
		}
	}
	if useAVX2 && len(src) >= avx2MinLen {
		blocksAVX2(state, dst, src)
		return
	}
	blocksGeneric(state, dst, src)
}
