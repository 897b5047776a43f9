//go:build (!amd64 && !arm64) || !gc || purego

package sha512

// block compresses the whole blocks of p into d with the portable Go
// implementation, on the architectures and in the builds (purego, gccgo)
// that have no assembly.
func block(d *digest, p []byte) {
	blockGeneric(d, p)
}
