//go:build (!amd64 && !arm64) || !gc || purego

package ghash

// initPowers does nothing: only the amd64 kernels use the powers of H.
func initPowers(*Key) {}
