//go:build gc && !purego

package sha256

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestBlockAVX2 compares blockAVX2, which hashes blocks in pairs, directly
// with blockGeneric; see cryptotest.TestBlockFunc.
func TestBlockAVX2(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX2") {
		t.Skipf("AVX2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFunc(t, BlockSize, blockAVX2, generic, nil)
}

// generic is blockGeneric on a bare chaining value, like the assembly.
func generic(h *[8]uint32, p []byte) {
	d := digest{h: *h}
	blockGeneric(&d, p)
	*h = d.h
}
