//go:build gc && !purego

package sha256

import "github.com/crypton-go/crypton/cpufeat"

// useSHA2 enables the implementation with the ARMv8 Cryptography Extensions
// (SHA256H, SHA256H2, SHA256SU0, SHA256SU1) in sha256block_arm64.s.
var useSHA2 = cpufeat.HasARM64SHA2

func init() {
	cpufeat.Register("sha256", "ARMv8-SHA2", &useSHA2)
}

// blockSHA2 hashes every whole block of p into h, as blockGeneric does. It
// must only be called when useSHA2 is set.
//
//go:noescape
func blockSHA2(h *[8]uint32, p []byte)

func block(dig *digest, p []byte) {
	if useSHA2 {
		blockSHA2(&dig.h, p)
		return
	}
	blockGeneric(dig, p)
}
