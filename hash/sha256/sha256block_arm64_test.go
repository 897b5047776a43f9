//go:build gc && !purego

package sha256

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestBlockSHA2 compares blockSHA2 directly with blockGeneric; see
// cryptotest.TestBlockFunc.
func TestBlockSHA2(t *testing.T) {
	if !cpufeat.Available(pkg, "ARMv8-SHA2") {
		t.Skipf("ARMv8-SHA2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFunc(t, BlockSize, blockSHA2, generic, nil)
}

// generic is blockGeneric on a bare chaining value, like the assembly.
func generic(h *[8]uint32, p []byte) {
	d := digest{h: *h}
	blockGeneric(&d, p)
	*h = d.h
}
