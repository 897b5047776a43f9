//go:build gc && !purego

package blake2s

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/blake2s -out blake2sblock_amd64.s

// useAVX enables blocksAVX, which keeps the rows of the working vector in
// XMM registers and computes the four G functions of a step at once. It uses
// VEX-encoded SSE2 and SSSE3 instructions only, which every CPU with AVX has.
var useAVX = cpufeat.HasAVX

func init() {
	cpufeat.Register("blake2s", "AVX", &useAVX)
}

// blocksAVX is blocksGeneric with AVX; see blake2sblock_amd64.s and its
// generator, tools/asm/hash/blake2s.
//
//go:noescape
func blocksAVX(h *[8]uint32, c *[2]uint32, flag uint32, p []byte)

// blocks compresses every whole block of p into h; see blocksGeneric for the
// contract.
func blocks(h *[8]uint32, c *[2]uint32, flag uint32, p []byte) {
	if useAVX {
		blocksAVX(h, c, flag, p)
		return
	}
	blocksGeneric(h, c, flag, p)
}
