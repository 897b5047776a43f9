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

// TestBlocksAVX512 compares blocksAVX512 itself with blocksGeneric, also for
// the short inputs for which blocks does not choose it.
func TestBlocksAVX512(t *testing.T) {
	if !useAVX512 {
		t.Skip("the CPU lacks AVX-512F, or it is turned off")
	}
	testBlockFunc(t, blocksAVX512)
}
