//go:build gc && !purego

package aesgcm

import (
	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat"
)

// useARMv8 selects counter mode with the AES instructions of the ARMv8
// Cryptography Extensions (aescore.ImplARMv8, eight blocks at a time) and
// GHASH with PMULL (ghash.UpdatePMULL, eight blocks per reduction), in
// separate passes: there is no stitched kernel on arm64.
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

// sealBulk and openBulk process nothing: there are no stitched kernels on
// arm64.
func sealBulk(g *gcm, acc, ctr *[16]byte, dst, src []byte) int { return 0 }
func openBulk(g *gcm, acc, ctr *[16]byte, dst, src []byte) int { return 0 }
