//go:build !amd64 || !gc || purego

package blake2s

// blocks compresses every whole block of p into h with the portable Go code;
// see blocksGeneric for the contract.
func blocks(h *[8]uint32, c *[2]uint32, flag uint32, p []byte) {
	blocksGeneric(h, c, flag, p)
}
