//go:build gc && !purego

package salsa

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/aead/salsa20 -out salsa_amd64.s

var (
	// useAVX512 enables blocksAVX512, which computes sixteen blocks at a
	// time in the lanes of the ZMM registers. It needs AVX-512F only.
	useAVX512 = cpufeat.HasAVX512F

	// useAVX2 enables blocksAVX2, which computes eight blocks at a time in
	// the lanes of the YMM registers.
	useAVX2 = cpufeat.HasAVX2
)

func init() {
	// In order of preference.
	cpufeat.Register("salsa20", "AVX-512", &useAVX512)
	cpufeat.Register("salsa20", "AVX2", &useAVX2)
}

// blocksAVX512 is blocksGeneric with AVX-512F, sixteen blocks at a time;
// see salsa_amd64.s and its generator, tools/asm/aead/salsa20.
//
//go:noescape
func blocksAVX512(state *[16]uint32, dst, src []byte)

// blocksAVX2 is blocksGeneric with AVX2; see salsa_amd64.s and its
// generator, tools/asm/aead/salsa20.
//
//go:noescape
func blocksAVX2(state *[16]uint32, dst, src []byte)

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[8] and state[9]; see blocksGeneric for the contract.
//
// blocksAVX2 is used for every length: on an AMD EPYC (Zen 3) it takes
// about 120 ns for one or two blocks (blocksGeneric 130 ns for one), 150 ns
// for three or four, 165 ns for five or six and 230 ns for seven or
// eight. blocksAVX512, where the CPU has it, is faster still at every
// length, one block included (BenchmarkBlocksTail on an AMD EPYC, Zen 4).
func blocks(state *[16]uint32, dst, src []byte) {
	if useAVX512 {
		blocksAVX512(state, dst, src)
		return
	}
	if useAVX2 {
		blocksAVX2(state, dst, src)
		return
	}
	blocksGeneric(state, dst, src)
}
