//go:build gc && !purego

package sha1

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestBlockAVX2Bounds runs blockAVX2 on inputs that end right before a page
// the process may not read, and that start right after one, so that a read
// outside the whole blocks (for instance of a second block when the count
// is odd) fails the test; see cryptotest.TestBlockFuncGuarded.
func TestBlockAVX2Bounds(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX2") {
		t.Skipf("AVX2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFuncGuarded(t, BlockSize, blockAVX2, generic, nil)
}
