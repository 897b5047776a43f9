//go:build gc && !purego

package salsa

import "testing"

// TestBlocksAVX2 compares blocksAVX2 itself with blocksGeneric, also for the
// short inputs for which blocks may not choose it.
func TestBlocksAVX2(t *testing.T) {
	if !useAVX2 {
		// TestImplementations fails if the CPU has AVX2 and this is not set.
		t.Skip("AVX2 not available on this CPU or turned off")
	}
	testBlockFunc(t, blocksAVX2)
}
