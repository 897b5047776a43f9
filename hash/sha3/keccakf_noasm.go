//go:build !amd64 || !gc || purego

package sha3

// keccakF1600 applies Keccak-f[1600] to a.
func keccakF1600(a *[25]uint64) {
	keccakF1600Generic(a)
}

// absorb absorbs every whole rate-byte block of p into a.
func absorb(a *[25]uint64, p []byte, rate int) {
	absorbGeneric(a, p, rate)
}
