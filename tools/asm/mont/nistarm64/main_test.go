package main

import (
	"fmt"
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// mont/internal/limbs.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "mont/internal/limbs", "mul_arm64.s", cmd)
}

// TestFunctions checks that the file defines the nine kernels with the
// argument sizes of their Go declarations (mul_arm64.go), and uses none of
// the registers it must leave alone.
func TestFunctions(t *testing.T) {
	text := generate()
	neontest.NoReservedRegisters(t, text)
	var funcs []neontest.Func
	for _, n := range []int{4, 6, 9} {
		funcs = append(funcs,
			neontest.Func{Name: fmt.Sprintf("montMul%dARM64", n), ArgSize: 40},
			neontest.Func{Name: fmt.Sprintf("montSqr%dARM64", n), ArgSize: 32},
			neontest.Func{Name: fmt.Sprintf("montSqr%dRepARM64", n), ArgSize: 40},
		)
	}
	neontest.Functions(t, text, funcs...)
}
