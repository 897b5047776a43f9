//go:build gc && !purego

package poly1305

import "github.com/crypton-go/crypton/cpufeat"

// useARM64 enables updateARM64 (poly1305_arm64.s). It needs only the base
// ARMv8-A instruction set (MUL, UMULH, ADDS/ADCS); like the other scalar
// arm64 kernels of crypton it is tied to the Advanced SIMD flag, which
// every ARMv8-A CPU has, so that CRYPTON_CPU=generic (or -asimd) turns it
// off like every other assembly path.
var useARM64 = cpufeat.HasARM64ASIMD

func init() {
	cpufeat.Register("poly1305", "ARM64", &useARM64)
}

// updateARM64 is updateGeneric in hand-written arm64 assembly; it leaves
// exactly the state updateGeneric leaves.
//
//go:noescape
func updateARM64(s *macState, msg []byte)

// update absorbs the whole 16-byte blocks of msg into the accumulator; see
// updateGeneric for the contract.
func update(s *macState, msg []byte) {
	if useARM64 {
		updateARM64(s, msg)
		return
	}
	updateGeneric(s, msg)
}
