//go:build amd64 && gc && !purego && linux

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestBlockAVX2Bounds runs blockAVX2 on inputs that end right before an
// unmapped page, and that start right after one, so that reading a byte
// outside the whole blocks of p fails the test; see
// cryptotest.TestBlockFuncGuarded.
func TestBlockAVX2Bounds(t *testing.T) {
	if !haveAVX2() {
		t.Skip("AVX2 and BMI2 not available")
	}
	cryptotest.TestBlockFuncGuarded(t, BlockSize, blockAVX2, generic, nil)
}
