//go:build gc && !purego

package chacha20

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/aead/chacha20 -out chacha_amd64.s

var (
	// useAVX512 enables blocksAVX512, which computes sixteen blocks at a
	// time in the lanes of the ZMM registers. It needs AVX-512F only (no
	// VL, BW or DQ instruction).
	useAVX512 = cpufeat.HasAVX512F

	// useAVX2 enables blocksAVX2, which computes eight blocks at a time in
	// the lanes of the YMM registers.
	useAVX2 = cpufeat.HasAVX2
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

// blocksAVX2 is blocksGeneric with AVX2; see chacha_amd64.s and its
// generator, tools/asm/aead/chacha20.
//
//go:noescape
func blocksAVX2(state *[16]uint32, dst, src []byte)

// avx512MinLen and avx2MinLen are the shortest inputs for which blocks
// uses blocksAVX512 and blocksAVX2: two blocks. One block is faster in
// blocksGeneric, whose single quarter-round chain the vector kernels' setup
// and transposition outweigh (BenchmarkBlockFuncs on an AMD EPYC, Zen 4:
// one block 78 ns generic, 137 ns AVX-512, 162 ns AVX2; two blocks 153,
// 135 and 161 ns; one to sixteen blocks about 135 ns with AVX-512).
const (
	avx512MinLen = 2 * blockSize
	avx2MinLen   = 2 * blockSize
)

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[12], with the fastest implementation that is
// enabled; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	if useAVX512 && len(src) >= avx512MinLen {
		blocksAVX512(state, dst, src)
		return
	}
	if useAVX2 && len(src) >= avx2MinLen {
		blocksAVX2(state, dst, src)
		return
	}
	blocksGeneric(state, dst, src)
}
