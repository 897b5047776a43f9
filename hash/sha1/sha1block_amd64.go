//go:build gc && !purego

package sha1

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/sha1 -out sha1block_amd64.s

// useSHANI enables the SHA extensions implementation. PSHUFB needs SSSE3 and
// PBLENDW SSE4.1, which every CPU with the SHA extensions has.
var useSHANI = cpufeat.HasSHANI && cpufeat.HasSSSE3

func init() {
	cpufeat.Register("sha1", "SHA-NI", &useSHANI)
}

//go:noescape
func blockSHANI(h *[5]uint32, p []byte)

func block(dig *digest, p []byte) {
	if useSHANI {
		blockSHANI(&dig.h, p)
		return
	}
	blockGeneric(dig, p)
}
