//go:build gc && !purego

package chacha20

import "testing"

// TestBlocksNEON compares blocksNEON itself with blocksGeneric, also for the
// single blocks for which blocks does not choose it.
func TestBlocksNEON(t *testing.T) {
	if !useNEON {
		// TestImplementations fails if the CPU has ASIMD and this is not set.
		t.Skip("ASIMD not available on this CPU or turned off")
	}
	testBlockFunc(t, blocksNEON)
}
