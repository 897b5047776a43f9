//go:build (!amd64 && !arm64) || !gc || purego

package ghash

// initPowersPolyval does nothing: only the amd64 and arm64 kernels use the powers.
func initPowersPolyval(*Key, int) {}
