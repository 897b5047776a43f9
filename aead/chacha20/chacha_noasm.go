//go:build (!amd64 && !arm64) || !gc || purego

package chacha20

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[12]; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	blocksGeneric(state, dst, src)
}
