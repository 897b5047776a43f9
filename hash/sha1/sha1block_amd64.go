//go:build gc && !purego

package sha1

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/sha1 -out sha1block_amd64.s

// useSHANI enables the SHA extensions implementation. PSHUFB needs SSSE3 and
// PBLENDW SSE4.1, which every CPU with the SHA extensions has.
var useSHANI = cpufeat.HasSHANI && cpufeat.HasSSSE3

// useAVX2 enables the implementation for CPUs without the SHA extensions: the
// message schedule of two blocks at a time with AVX2, the rounds with RORX
// (BMI2).
var useAVX2 = cpufeat.HasAVX2 && cpufeat.HasBMI2

func init() {
	// In order of preference.
	cpufeat.Register("sha1", "SHA-NI", &useSHANI)
	cpufeat.Register("sha1", "AVX2", &useAVX2)
}

//go:noescape
func blockSHANI(h *[5]uint32, p []byte)

//go:noescape
func blockAVX2(h *[5]uint32, p []byte)

func block(dig *digest, p []byte) {
	switch {
	case useSHANI:
		blockSHANI(&dig.h, p)
	case useAVX2:
		blockAVX2(&dig.h, p)
	default:
		blockGeneric(dig, p)
	}
}
