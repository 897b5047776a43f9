package chacha20

// This file has no build constraint while the package has only the generic
// implementation. When assembly is added, it takes the exact opposite of
// the constraints of the assembly files together (for amd64:
// //go:build !amd64 || !gc || purego), and each assembly file comes with a
// chacha_<arch>.go that defines blocks choosing the fastest available path.

// blocks XORs len(src)/64 whole blocks of keystream into dst and advances
// the counter in state[12]; see blocksGeneric for the contract.
func blocks(state *[16]uint32, dst, src []byte) {
	blocksGeneric(state, dst, src)
}
