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

// ctr32Blocks takes nothing: there are no counter-mode kernels on these
// builds.
func ctr32Blocks(impl Impl, k *Key, ctr *[BlockSize]byte, dst, src []byte) int { return 0 }

// implFor returns ImplGeneric, the only implementation on these builds.
func implFor(k *Key) Impl { return ImplGeneric }
