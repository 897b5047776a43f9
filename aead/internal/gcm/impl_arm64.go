//go:build gc && !purego

package gcm

import (
	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat"
)

// useARMv8 selects counter mode with the AES instructions of the ARMv8
// Cryptography Extensions (aescore.ImplARMv8, eight blocks at a time) and
// GHASH with PMULL (ghash.UpdatePMULL, eight blocks per reduction). There
// is no stitched kernel on arm64: sealBulk and openBulk run counter mode
// (aescore.CTR32, whose ARMv8 kernel takes the whole blocks) and GHASH one
// after the other on chunks of 4 KiB.
var useARMv8 = cpufeat.HasARM64AES && cpufeat.HasARM64PMULL

func init() {
	cpufeat.Register("aesgcm", "ARMv8-AES", &useARMv8)
}

// selectImpl returns the fastest implementation selected now. On arm64
// the hash implementation hashCLMUL stands for the carry-less
// multiplication of this architecture, PMULL (see updateCLMUL).
func selectImpl() impl {
	if useARMv8 {
		return impl{aes: aescore.ImplARMv8, hash: hashCLMUL}
	}
	return impl{aes: aescore.ImplGeneric, hash: hashGeneric}
}

// updateCLMUL is GHASH with PMULL on arm64.
func updateCLMUL(k *ghash.Key, acc *[ghash.BlockSize]byte, p []byte) {
	ghash.UpdatePMULL(k, acc, p)
}

// updateVCLMUL is never called on arm64.
func updateVCLMUL(k *ghash.Key, acc *[ghash.BlockSize]byte, p []byte) { panic("unreachable") }

// bulkChunk is the number of bytes that sealBulk and openBulk encrypt (or
// decrypt) and hash in one step, so that GHASH reads the ciphertext while
// it is still in the L1 cache.
const bulkChunk = 4096

// sealBulk encrypts all the whole blocks of src into dst with the ARMv8
// counter-mode kernel (through aescore.CTR32) and absorbs them into acc
// with PMULL, a chunk at a time, and returns their length: 0 if g does not
// use the ARMv8 code.
func sealBulk(g *GCM, acc, ctr *[16]byte, dst, src []byte) int {
	if g.impl.aes != aescore.ImplARMv8 {
		return 0
	}
	n := len(src) &^ (aescore.BlockSize - 1)
	for i := 0; i < n; i += bulkChunk {
		j := min(i+bulkChunk, n)
		aescore.CTR32(aescore.ImplARMv8, &g.key, ctr, dst[i:j], src[i:j])
		ghash.UpdatePMULL(&g.hash, acc, dst[i:j])
	}
	return n
}

// openBulk is sealBulk for decryption: it absorbs each chunk of ciphertext
// into acc and then decrypts it. The plaintext is thus written before the
// tag is checked, as with the stitched kernels of amd64, and open clears
// it if the tag is wrong.
func openBulk(g *GCM, acc, ctr *[16]byte, dst, src []byte) int {
	if g.impl.aes != aescore.ImplARMv8 {
		return 0
	}
	n := len(src) &^ (aescore.BlockSize - 1)
	for i := 0; i < n; i += bulkChunk {
		j := min(i+bulkChunk, n)
		ghash.UpdatePMULL(&g.hash, acc, src[i:j])
		aescore.CTR32(aescore.ImplARMv8, &g.key, ctr, dst[i:j], src[i:j])
	}
	return n
}

// initWide does nothing: the 512-bit kernels are amd64's.
func (g *GCM) initWide() {}
