package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// mont/gf25519.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "mont/gf25519", "fe_arm64.s", cmd)
}

// TestFunctions checks that the file defines the kernels and the ladder
// with the argument sizes of their Go declarations, that the ladder's
// frame holds its slots, and that the code names none of the registers it
// must leave alone.
func TestFunctions(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
	neontest.Functions(t, generate(),
		neontest.Func{Name: "feMulARM64", ArgSize: 24},
		neontest.Func{Name: "feSquareARM64", ArgSize: 16},
		neontest.Func{Name: "feSquareNARM64", ArgSize: 24},
		neontest.Func{Name: "ladderARM64", ArgSize: 32, Frame: ladderFrame},
	)
	if ladderFrame%16 != 8 || ladderFrame < 8+32*numSlots {
		t.Errorf("ladder frame %d: want 8 below a multiple of 16, room for %d slots", ladderFrame, numSlots)
	}
}
