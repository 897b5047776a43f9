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

// avx2MinLen is the shortest input for which blocks uses blocksAVX2: one
// block. blocksAVX2 is faster from there on (measured on an AMD EPYC with
// AVX2: one or two blocks in about 120 ns, against about 180 ns per block
// for blocksGeneric).
const avx2MinLen = blockSize

// avx512MinLen is the shortest input for which blocks uses blocksAVX512:
// one block. blocksAVX512 is faster than blocksAVX2 at every length
// (measured on an AMD EPYC, Zen 4: one to sixteen blocks in about 140 ns,
// against 170 ns for one to eight blocks and 370 ns for sixteen with
// blocksAVX2).
const avx512MinLen = blockSize

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
