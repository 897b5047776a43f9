//go:build (!amd64 && !arm64) || !gc || purego

package gcm

import (
	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

// selectImpl returns the generic code, the only one on these builds.
func selectImpl() impl {
	return impl{aes: aescore.ImplGeneric, hash: hashGeneric}
}

// updateCLMUL and updateVCLMUL are never called on these builds.
func updateCLMUL(k *ghash.Key, acc *[ghash.BlockSize]byte, p []byte)  { panic("unreachable") }
func updateVCLMUL(k *ghash.Key, acc *[ghash.BlockSize]byte, p []byte) { panic("unreachable") }

// sealBulk and openBulk process nothing: there are no stitched kernels on
// these builds.
func sealBulk(g *GCM, acc, ctr *[16]byte, dst, src []byte) int { return 0 }
func openBulk(g *GCM, acc, ctr *[16]byte, dst, src []byte) int { return 0 }

// initWide does nothing: there are no 512-bit kernels on these builds.
func (g *GCM) initWide() {}
