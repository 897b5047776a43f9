package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// mont/p256.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "mont/p256", "p256_arm64.s", cmd)
}

// TestFunctions checks that the file defines the three kernels with the
// argument sizes of their Go declarations, and uses none of the registers
// it must leave alone.
func TestFunctions(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
	neontest.Functions(t, generate(),
		neontest.Func{Name: "p256MulARM64", ArgSize: 24},
		neontest.Func{Name: "p256SquareARM64", ArgSize: 16},
		neontest.Func{Name: "p256SquareRepARM64", ArgSize: 24},
	)
}
