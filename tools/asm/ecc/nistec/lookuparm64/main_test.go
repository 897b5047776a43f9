package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// ecc/internal/nistec.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "ecc/internal/nistec", "lookup_arm64.s", cmd)
}

// TestFunctions checks that the file defines the three scans once each,
// with the argument size of their Go declarations.
func TestFunctions(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
	neontest.Functions(t, generate(), neontest.Func{Name: "lookup8NEON", ArgSize: 28},
		neontest.Func{Name: "lookup12NEON", ArgSize: 28}, neontest.Func{Name: "lookup18NEON", ArgSize: 28})
}
