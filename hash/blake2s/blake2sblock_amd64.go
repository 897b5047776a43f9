//go:build gc && !purego

package blake2s

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/blake2s -out blake2sblock_amd64.s

var (
	// useAVX512 enables blocksAVX512, blocksAVX with AVX-512VL rotations
	// (VPRORD), three-input XORs (VPTERNLOGD) and message permutations
	// (VPERMI2D), all on XMM and YMM registers.
	useAVX512 = cpufeat.HasAVX512F && cpufeat.HasAVX512VL

	// useAVX enables blocksAVX, which keeps the rows of the working vector
	// in XMM registers and computes the four G functions of a step at once.
	// It uses VEX-encoded SSE2 and SSSE3 instructions only, which every CPU
	// with AVX has.
	useAVX = cpufeat.HasAVX
)

func init() {
	// In order of preference.
	cpufeat.Register("blake2s", "AVX-512", &useAVX512)
	cpufeat.Register("blake2s", "AVX", &useAVX)
}

// blocksAVX is blocksGeneric with AVX; see blake2sblock_amd64.s and its
// generator, tools/asm/hash/blake2s.
//
//go:noescape
func blocksAVX(h *[8]uint32, c *[2]uint32, flag uint32, p []byte)

// blocksAVX512 is blocksGeneric with AVX-512VL; see blake2sblock_amd64.s
// and its generator, tools/asm/hash/blake2s.
//
//go:noescape
func blocksAVX512(h *[8]uint32, c *[2]uint32, flag uint32, p []byte)

// blocks compresses every whole block of p into h; see blocksGeneric for the
// contract.
func blocks(h *[8]uint32, c *[2]uint32, flag uint32, p []byte) {
	switch {
	case useAVX512:
		blocksAVX512(h, c, flag, p)
	case useAVX:
		blocksAVX(h, c, flag, p)
	default:
		blocksGeneric(h, c, flag, p)
	}
}
