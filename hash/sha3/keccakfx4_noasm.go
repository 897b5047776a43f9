//go:build !amd64 || !gc || purego

package sha3

// keccakF1600x4 applies Keccak-f[1600] to each of the four states
// interleaved in a.
func keccakF1600x4(a *[25][4]uint64) {
	keccakF1600x4Generic(a)
}
