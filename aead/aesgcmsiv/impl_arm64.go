//go:build gc && !purego

package aesgcmsiv

import (
	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat"
)

// useARMv8 selects AES with the ARMv8 Cryptography Extensions (counter mode
// in Go over aescore's eight-blocks-in-flight encryption) and POLYVAL with
// PMULL, eight blocks per reduction.
var useARMv8 = cpufeat.HasARM64AES && cpufeat.HasARM64PMULL

func init() {
	cpufeat.Register("aesgcmsiv", "ARMv8-AES", &useARMv8)
}

// ctrKernel names a counter-mode kernel; there is none on arm64.
type ctrKernel = uint8

// selectImpl returns the fastest implementation selected now.
func selectImpl() impl {
	if useARMv8 {
		return impl{aes: aescore.ImplARMv8, hash: hashCLMUL}
	}
	return impl{aes: aescore.ImplGeneric, hash: hashGeneric}
}

// polyvalCLMUL is POLYVAL with PMULL on arm64 (hashCLMUL names the
// carry-less-multiplication code of either architecture).
func polyvalCLMUL(k *ghash.Key, acc *[blockSize]byte, p []byte) {
	ghash.UpdatePolyvalPMULL(k, acc, p)
}

// polyvalVCLMUL is never called on arm64.
func polyvalVCLMUL(k *ghash.Key, acc *[blockSize]byte, p []byte) { panic("unreachable") }

// prepareWide does nothing: there is no 512-bit POLYVAL on these builds.
func prepareWide(i impl, h *ghash.Key, hashLen int) {}

// ctrBulk processes nothing: counter mode is ctrBlocks over aescore.
func ctrBulk(i impl, k *aescore.Key, ctr *[blockSize]byte, dst, src []byte) int { return 0 }

// openBulk processes nothing: there is no stitched kernel on arm64.
func openBulk(i impl, k *aescore.Key, h *ghash.Key, acc, ctr *[blockSize]byte, dst, src []byte) int {
	return 0
}
