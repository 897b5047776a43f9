//go:build !amd64 || !gc || purego

package blake2b

// blocks compresses every whole block of p into h with the portable Go code;
// see blocksGeneric for the contract.
func blocks(h *[8]uint64, c *[2]uint64, flag uint64, p []byte) {
	blocksGeneric(h, c, flag, p)
}
