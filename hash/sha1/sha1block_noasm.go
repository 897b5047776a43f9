//go:build (!amd64 && !arm64) || !gc || purego

package sha1

// block hashes every whole block of p into dig.h with the portable Go code.
func block(dig *digest, p []byte) {
	blockGeneric(dig, p)
}
