//go:build !amd64 || !gc || purego

package p256

// Only the portable Go code of mont/internal/limbs exists in this build: no
// implementation is registered with cpufeat.
