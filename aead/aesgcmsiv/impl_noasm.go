//go:build (!amd64 && !arm64) || !gc || purego

package aesgcmsiv

import (
	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

// ctrKernel names a counter-mode kernel; there is none on these builds.
type ctrKernel = uint8

// selectImpl returns the generic code, the only one on these builds.
func selectImpl() impl {
	return impl{aes: aescore.ImplGeneric, hash: hashGeneric}
}

// polyvalCLMUL and polyvalVCLMUL are never called on these builds.
func polyvalCLMUL(k *ghash.Key, acc *[blockSize]byte, p []byte)  { panic("unreachable") }
func polyvalVCLMUL(k *ghash.Key, acc *[blockSize]byte, p []byte) { panic("unreachable") }

// prepareWide does nothing: there is no 512-bit POLYVAL on these builds.
func prepareWide(i impl, h *ghash.Key, hashLen int) {}

// ctrBulk processes nothing: there is no counter-mode kernel on these
// builds.
func ctrBulk(i impl, k *aescore.Key, ctr *[blockSize]byte, dst, src []byte) int { return 0 }

// openBulk processes nothing: there is no stitched kernel on these builds.
func openBulk(i impl, k *aescore.Key, h *ghash.Key, acc, ctr *[blockSize]byte, dst, src []byte) int {
	return 0
}
