//go:build (!amd64 && !arm64) || !gc || purego

package aescore

// encryptBlocksWith encrypts len(src)/16 > 0 blocks; impl is always
// ImplGeneric on these builds.
func encryptBlocksWith(impl Impl, k *Key, dst, src []byte) {
	if impl != ImplGeneric {
		panic("aescore: no such implementation on this build")
	}
	encryptBlocksGeneric(k, dst, src)
}
