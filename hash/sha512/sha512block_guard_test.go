//go:build amd64 && gc && !purego && linux

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestBlockAVX512Bounds and TestBlockAVX2Bounds run blockAVX512 and
// blockAVX2 on inputs that end right before an unmapped page, and that start
// right after one, so that reading a byte outside the whole blocks of p
// fails the test; see cryptotest.TestBlockFuncGuarded.
func TestBlockAVX512Bounds(t *testing.T) { testBlockBounds(t, "AVX-512VL") }
func TestBlockAVX2Bounds(t *testing.T)   { testBlockBounds(t, "AVX2") }

func testBlockBounds(t *testing.T, impl string) {
	cryptotest.TestBlockFuncGuarded(t, BlockSize, asmBlock(t, impl), generic, nil)
}
