package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// mont/p521.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "mont/p521", "p521_arm64.s", cmd)
}

// TestFunctions checks that the file defines the three kernels with the
// argument sizes of their Go declarations and the frame of the low half
// of the product.
func TestFunctions(t *testing.T) {
	neontest.Functions(t, generate(),
		neontest.Func{Name: "mul521ARM64", ArgSize: 24, Frame: frame},
		neontest.Func{Name: "sqr521ARM64", ArgSize: 16, Frame: frame},
		neontest.Func{Name: "sqr521RepARM64", ArgSize: 24, Frame: frame},
	)
}

// TestNoReservedRegisters checks that the code leaves the platform,
// linker, runtime and link registers alone and calls nothing.
func TestNoReservedRegisters(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
}
