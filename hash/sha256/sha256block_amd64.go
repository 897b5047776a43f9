//go:build gc && !purego

package sha256

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/sha256 -out sha256block_amd64.s

// useSHANI enables the SHA extensions implementation. PSHUFB needs SSSE3 and
// PBLENDW SSE4.1, which every CPU with the SHA extensions has.
var useSHANI = cpufeat.HasSHANI && cpufeat.HasSSSE3

func init() {
	cpufeat.Register("sha256", "SHA-NI", &useSHANI)
}

//go:noescape
func blockSHANI(h *[8]uint32, p []byte)

func block(dig *digest, p []byte) {
	if useSHANI {
		blockSHANI(&dig.h, p)
		return
	}
	blockGeneric(dig, p)
}
