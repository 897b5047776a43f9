//go:build !amd64 || !gc || purego

package salsa

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[8] and state[9]; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	blocksGeneric(state, dst, src)
}
