package gcm

import (
	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

// impl is the implementation chosen for one AEAD when it is made: the AES
// code for counter mode and the GHASH code.
type impl struct {
	aes    aescore.Impl
	hash   hashImpl
	stitch stitchImpl
}

// stitchImpl names the kernel that runs counter mode and GHASH together
// on whole chunks, if any.
type stitchImpl uint8

const (
	stitchNone    stitchImpl = iota
	stitchAVX                // gcmEncAVX/gcmDecAVX: 8 blocks in XMM registers
	stitchVAES               // gcmEncVAES/gcmDecVAES: 16 blocks in YMM registers
	stitchVAES512            // gcmEncVAES512/gcmDecVAES512: 32 blocks in ZMM registers
)

// hashImpl names a GHASH implementation.
type hashImpl uint8

const (
	hashGeneric hashImpl = iota
	hashCLMUL            // ghash.UpdateCLMUL (amd64), ghash.UpdatePMULL (arm64)
	hashVCLMUL           // ghash.UpdateVCLMUL (amd64)
)

// update absorbs p, a whole number of blocks, into acc with the GHASH code
// of i. A switch of direct calls, rather than a function value, lets the
// compiler see that acc and p do not escape, so that Seal and Open do not
// allocate.
func (i impl) update(k *ghash.Key, acc *[ghash.BlockSize]byte, p []byte) {
	if len(p) == 0 {
		return
	}
	switch i.hash {
	case hashCLMUL:
		updateCLMUL(k, acc, p)
	case hashVCLMUL:
		updateVCLMUL(k, acc, p)
	default:
		ghash.UpdateGeneric(k, acc, p)
	}
}
