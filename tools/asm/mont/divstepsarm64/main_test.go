package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// mont/internal/limbs.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "mont/internal/limbs", "divsteps_arm64.s", cmd)
}

// TestFunctions checks that the file defines the four kernels with the
// argument sizes of their Go declarations (divsteps_arm64.go), and uses
// none of the registers it must leave alone.
func TestFunctions(t *testing.T) {
	text := generate()
	neontest.NoReservedRegisters(t, text)
	neontest.Functions(t, text,
		neontest.Func{Name: "divsteps62CTAsm", ArgSize: 40},
		neontest.Func{Name: "updateDEFG5", ArgSize: 56},
		neontest.Func{Name: "updateDEFG7", ArgSize: 56},
		neontest.Func{Name: "updateDEFG9", ArgSize: 56},
	)
}
