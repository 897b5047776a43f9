//go:build (!amd64 && !arm64) || !gc || purego

package aescore

func expandKey(k *Key, key []byte) {
	k.aesni = false
	expandKeyGeneric(k, key)
}

func encryptBlock(k *Key, dst, src *[BlockSize]byte) { encryptBlockGeneric(k, dst, src) }

func decryptBlock(k *Key, dst, src *[BlockSize]byte) { decryptBlockGeneric(k, dst, src) }

func encryptBlocks(k *Key, dst, src []byte) { encryptBlocksGeneric(k, dst, src) }
