package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// pq/internal/mlkem.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "pq/internal/mlkem", "ntt_arm64.s",
		"github.com/crypton-go/crypton/tools/asm/pq/mlkemarm64 -out ntt_arm64.s")
}

// TestFunctions checks that the file defines the four kernels with the
// argument sizes of their Go declarations.
func TestFunctions(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
	neontest.Functions(t, generate(),
		neontest.Func{Name: "nttNEON", ArgSize: 8},
		neontest.Func{Name: "inverseNTTNEON", ArgSize: 8},
		neontest.Func{Name: "dotNTTNEON", ArgSize: 40},
		neontest.Func{Name: "rejSampleNEON", ArgSize: 56},
	)
}
