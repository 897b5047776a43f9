//go:build (!amd64 && !arm64) || !gc || purego

package poly1305

// update absorbs the whole 16-byte blocks of msg into the accumulator; see
// updateGeneric for the contract.
func update(s *macState, msg []byte) {
	updateGeneric(s, msg)
}
