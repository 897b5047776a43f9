//go:build gc && !purego

package blake2b

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/blake2b -out blake2bblock_amd64.s

var (
	// useAVX512 enables blocksAVX512, blocksAVX2 with the rotation by 63 as
	// an AVX-512VL VPRORQ and the final XORs as VPTERNLOGQ, on YMM
	// registers. (cpufeat.HasAVX512F implies cpufeat.HasAVX2.)
	useAVX512 = cpufeat.HasAVX512F && cpufeat.HasAVX512VL

	// useAVX2 enables blocksAVX2, which keeps the rows of the working
	// vector in YMM registers and computes the four G functions of a step
	// at once.
	useAVX2 = cpufeat.HasAVX2
)

func init() {
	// In order of preference.
	cpufeat.Register("blake2b", "AVX-512", &useAVX512)
	cpufeat.Register("blake2b", "AVX2", &useAVX2)
}

// blocksAVX2 is blocksGeneric with AVX2; see blake2bblock_amd64.s and its
// generator, tools/asm/hash/blake2b.
//
//go:noescape
func blocksAVX2(h *[8]uint64, c *[2]uint64, flag uint64, p []byte)

// blocksAVX512 is blocksGeneric with AVX-512VL; see blake2bblock_amd64.s
// and its generator, tools/asm/hash/blake2b.
//
//go:noescape
func blocksAVX512(h *[8]uint64, c *[2]uint64, flag uint64, p []byte)

// blocks compresses every whole block of p into h; see blocksGeneric for the
// contract.
func blocks(h *[8]uint64, c *[2]uint64, flag uint64, p []byte) {
	switch {
	case useAVX512:
		blocksAVX512(h, c, flag, p)
	case useAVX2:
		blocksAVX2(h, c, flag, p)
	default:
		blocksGeneric(h, c, flag, p)
	}
}
