package main

import (
	"strings"
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// mont/gf448.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "mont/gf448", "fe_arm64.s", cmd)
}

// TestFunctions checks that the file defines the kernels, the ladder and
// the ladder's test kernels with the argument sizes of their Go
// declarations, and names none of the registers it must leave alone.
func TestFunctions(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
	neontest.Functions(t, generate(),
		neontest.Func{Name: "feMulARM64", ArgSize: 24},
		neontest.Func{Name: "feSquareARM64", ArgSize: 16},
		neontest.Func{Name: "feSquareNARM64", ArgSize: 24},
		neontest.Func{Name: "addARM64", ArgSize: 24},
		neontest.Func{Name: "subARM64", ArgSize: 24},
		neontest.Func{Name: "mul39081AddARM64", ArgSize: 24},
		neontest.Func{Name: "ladderARM64", ArgSize: 8},
	)
}

// TestBranches checks that the only branches are the loops of
// feSquareNARM64 (on n) and ladderARM64 (on the bit position).
func TestBranches(t *testing.T) {
	for _, line := range strings.Split(string(generate()), "\n") {
		if !strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "\t//") {
			continue
		}
		code, _, _ := strings.Cut(line, "//")
		if op := strings.Fields(code); len(op) > 0 && op[0][0] == 'B' && line != "\tBGT\tloop" && line != "\tBGE\tloop" {
			t.Errorf("unexpected branch %q", line)
		}
	}
}
