//go:build gc && !purego

package chacha20

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/aead/chacha20 -out chacha_amd64.s

// useAVX2 enables blocksAVX2, which computes eight blocks at a time in the
// lanes of the YMM registers.
var useAVX2 = cpufeat.HasAVX2

func init() {
	cpufeat.Register("chacha20", "AVX2", &useAVX2)
}

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

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[12]; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	if useAVX2 && len(src) >= avx2MinLen {
		blocksAVX2(state, dst, src)
		return
	}
	blocksGeneric(state, dst, src)
}
