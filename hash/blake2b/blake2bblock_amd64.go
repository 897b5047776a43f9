//go:build gc && !purego

package blake2b

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/blake2b -out blake2bblock_amd64.s

// useAVX2 enables blocksAVX2, which keeps the rows of the working vector in
// YMM registers and computes the four G functions of a step at once.
var useAVX2 = cpufeat.HasAVX2

func init() {
	cpufeat.Register("blake2b", "AVX2", &useAVX2)
}

// blocksAVX2 is blocksGeneric with AVX2; see blake2bblock_amd64.s and its
// generator, tools/asm/hash/blake2b.
//
//go:noescape
func blocksAVX2(h *[8]uint64, c *[2]uint64, flag uint64, p []byte)

// blocks compresses every whole block of p into h; see blocksGeneric for the
// contract.
func blocks(h *[8]uint64, c *[2]uint64, flag uint64, p []byte) {
	if useAVX2 {
		blocksAVX2(h, c, flag, p)
		return
	}
	blocksGeneric(h, c, flag, p)
}
