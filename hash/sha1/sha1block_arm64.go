//go:build gc && !purego

package sha1

import "github.com/crypton-go/crypton/cpufeat"

// useSHA1 enables the implementation with the ARMv8 Cryptography Extensions
// (SHA1C, SHA1P, SHA1M, SHA1H, SHA1SU0, SHA1SU1) in sha1block_arm64.s.
var useSHA1 = cpufeat.HasARM64SHA1

func init() {
	cpufeat.Register("sha1", "ARMv8-SHA1", &useSHA1)
}

// blockSHA1 hashes every whole block of p into h, as blockGeneric does. It
// must only be called when useSHA1 is set.
//
//go:noescape
func blockSHA1(h *[5]uint32, p []byte)

func block(dig *digest, p []byte) {
	if useSHA1 {
		blockSHA1(&dig.h, p)
		return
	}
	blockGeneric(dig, p)
}
