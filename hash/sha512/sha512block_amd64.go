//go:build gc && !purego

package sha512

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/sha512 -out sha512block_amd64.s

// useAVX2 enables blockAVX2, which needs AVX2 for the message schedule and
// BMI2 (RORX) for the rounds.
var useAVX2 = cpufeat.HasAVX2 && cpufeat.HasBMI2

func init() {
	cpufeat.Register("sha512", "AVX2", &useAVX2)
}

// blockAVX2 compresses every whole 128-byte block of p into h; it ignores a
// trailing partial block.
//
//go:noescape
func blockAVX2(h *[8]uint64, p []byte)

// block compresses the whole blocks of p into d with the fastest
// implementation that is enabled.
func block(d *digest, p []byte) {
	if useAVX2 {
		blockAVX2(&d.h, p)
	} else {
		blockGeneric(d, p)
	}
}
