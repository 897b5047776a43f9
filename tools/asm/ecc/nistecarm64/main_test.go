package main

import (
	"strings"
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
// each, with the argument sizes of their Go declarations, and uses none of
// the registers it must leave alone.
func TestFunctions(t *testing.T) {
	s := string(generate())
	for name, args := range map[string]string{
		"p256DoubleJacobianARM64": "-32\n",
		"p256MaddARM64":           "-80\n",
		"p256AddDigitARM64":       "-56\n",
	} {
		n := 0
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "TEXT ·"+name+"(SB), NOSPLIT, $") && strings.HasSuffix(l+"\n", args) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s is not defined once with arguments %q", name, strings.TrimSpace(args))
		}
	}
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "//") {
			continue
		}
		for _, r := range []string{"R16", "R17", "R18", "R26", "R27", "R28", "R29", "R30", "BL\t", "CALL"} {
			if strings.Contains(l+"\t", r) && !strings.Contains(l, "// ") {
				t.Errorf("the line %q uses %s", l, strings.TrimSpace(r))
			}
		}
	}
}
