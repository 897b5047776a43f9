//go:build gc && !purego

package sha512

import "github.com/crypton-go/crypton/cpufeat"

// useSHA512 enables blockSHA512, which needs the ARMv8.2 SHA512 instructions
// (SHA512H, SHA512H2, SHA512SU0, SHA512SU1).
var useSHA512 = cpufeat.HasARM64SHA512

func init() {
	cpufeat.Register("sha512", "ARMv8-SHA512", &useSHA512)
}

// blockSHA512 compresses every whole 128-byte block of p into h, as
// blockGeneric does; it ignores a trailing partial block. It must only be
// called when useSHA512 is set.
//
//go:noescape
func blockSHA512(h *[8]uint64, p []byte)

// block compresses the whole blocks of p into d with the fastest
// implementation that is enabled.
func block(d *digest, p []byte) {
	if useSHA512 {
		blockSHA512(&d.h, p)
	} else {
		blockGeneric(d, p)
	}
}
