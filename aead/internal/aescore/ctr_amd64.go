//go:build gc && !purego

package aescore

// encryptBlocksWith encrypts len(src)/16 > 0 blocks with impl.
func encryptBlocksWith(impl Impl, k *Key, dst, src []byte) {
	switch {
	case impl == ImplVAES && len(src) >= vaesMinBlocks*BlockSize:
		encryptBlocksVAES(k.rounds, &k.enc[0], dst, src)
	case impl == ImplVAES || impl == ImplAESNI:
		encryptBlocksAESNI(k.rounds, &k.enc[0], dst, src)
	default:
		if k.aesni {
			panic("aescore: generic encryption with an AES-NI key")
		}
		encryptBlocksGeneric(k, dst, src)
	}
}
