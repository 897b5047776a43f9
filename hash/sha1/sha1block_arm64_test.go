//go:build gc && !purego

package sha1

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestBlockSHA1 compares blockSHA1 directly with blockGeneric; see
// cryptotest.TestBlockFunc.
func TestBlockSHA1(t *testing.T) {
	if !cpufeat.Available(pkg, "ARMv8-SHA1") {
		t.Skipf("ARMv8-SHA1 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFunc(t, BlockSize, blockSHA1, generic, nil)
}

// generic is blockGeneric on a bare chaining value, like the assembly.
func generic(h *[5]uint32, p []byte) {
	d := digest{h: *h}
	blockGeneric(&d, p)
	*h = d.h
}
