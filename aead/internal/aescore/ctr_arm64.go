//go:build gc && !purego

package aescore

// ImplARMv8 is the ARMv8 Cryptography Extensions code (arm64): AESE and
// AESMC, eight blocks in flight. It works with any Key, whichever way it
// was initialized. It exists on arm64 builds with assembly only; the
// caller must have checked cpufeat.HasARM64AES.
const ImplARMv8 Impl = ImplVAES + 1

// encryptBlocksWith encrypts len(src)/16 > 0 blocks with impl.
func encryptBlocksWith(impl Impl, k *Key, dst, src []byte) {
	switch impl {
	case ImplARMv8:
		encryptBlocksARMv8(k.rounds, &k.enc[0], dst, src)
	case ImplGeneric:
		if k.aesni {
			panic("aescore: generic encryption with an ARMv8 key")
		}
		encryptBlocksGeneric(k, dst, src)
	default:
		panic("aescore: no such implementation on this build")
	}
}
