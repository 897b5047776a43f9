//go:build gc && !purego

package sha512

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/sha512 -out sha512block_amd64.s

var (
	// useAVX512 enables blockAVX512, which needs AVX-512F and AVX-512VL
	// (VPRORQ and VPTERNLOGQ on YMM registers) and AVX2 for the message
	// schedule, and BMI2 (RORX) for the rounds.
	useAVX512 = cpufeat.HasAVX512F && cpufeat.HasAVX512VL && cpufeat.HasAVX2 && cpufeat.HasBMI2

	// useAVX2 enables blockAVX2, which needs AVX2 for the message schedule
	// and BMI2 (RORX) for the rounds.
	useAVX2 = cpufeat.HasAVX2 && cpufeat.HasBMI2
)

func init() {
	// In order of preference.
	cpufeat.Register("sha512", "AVX-512VL", &useAVX512)
	cpufeat.Register("sha512", "AVX2", &useAVX2)
}

// blockAVX512 compresses every whole 128-byte block of p into h; it ignores
// a trailing partial block.
//
//go:noescape
func blockAVX512(h *[8]uint64, p []byte)

// blockAVX2 compresses every whole 128-byte block of p into h; it ignores a
// trailing partial block.
//
//go:noescape
func blockAVX2(h *[8]uint64, p []byte)

// block compresses the whole blocks of p into d with the fastest
// implementation that is enabled.
func block(d *digest, p []byte) {
	switch {
	case useAVX512:
		blockAVX512(&d.h, p)
	case useAVX2:
		blockAVX2(&d.h, p)
	default:
		blockGeneric(d, p)
	}
}
