package poly1305

// This file has no build constraint while the package has only the generic
// implementation. When assembly is added, it takes the exact opposite of
// the constraints of the assembly files together (for amd64:
// //go:build !amd64 || !gc || purego), and each assembly file comes with a
// poly1305_<arch>.go that defines update choosing the fastest available
// path.

// update absorbs the whole 16-byte blocks of msg into the accumulator; see
// updateGeneric for the contract.
func update(s *macState, msg []byte) {
	updateGeneric(s, msg)
}
