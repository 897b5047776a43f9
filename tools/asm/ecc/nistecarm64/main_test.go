package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// ecc/internal/nistec.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "ecc/internal/nistec", "p256_arm64.s", cmd)
}

// TestFunctions checks that the file defines the three functions once
// each, with the frame and argument sizes of their Go declarations, and
// uses none of the registers it must leave alone.
func TestFunctions(t *testing.T) {
	text := generate()
	neontest.Functions(t, text,
		neontest.Func{Name: "p256DoubleJacobianARM64", ArgSize: 32},
		neontest.Func{Name: "p256MaddARM64", ArgSize: 80},
		neontest.Func{Name: "p256AddDigitARM64", ArgSize: 56, Frame: 104},
	)
	neontest.NoReservedRegisters(t, text)
}
