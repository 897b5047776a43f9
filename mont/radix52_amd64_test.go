//go:build gc && !purego

package mont

import (
	"os"
	"strings"
	"testing"
)

// TestAMM52AssemblyShape reads amm52_amd64.s and checks what makes its
// kernels constant time by construction: the only conditional branch of a
// product kernel closes a loop counted down by DECQ (a public count), and
// no instruction but LEAQ (arithmetic, not a memory access) and select52
// (whose index is a public block offset) addresses memory through an index
// register, so every address is a pointer argument plus a constant.
func TestAMM52AssemblyShape(t *testing.T) {
	src, err := os.ReadFile("amm52_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	var fn, prev string
	funcs := 0
	for _, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "//") || strings.HasSuffix(f[0], ":") {
			continue
		}
		if f[0] == "TEXT" {
			fn = f[1]
			funcs++
			continue
		}
		op := f[0]
		if strings.HasPrefix(op, "J") && op != "JMP" {
			switch {
			case strings.HasPrefix(fn, "·select52"):
				// The loop over entries, and the block width from the
				// lane count.
			case op == "JNZ" && strings.HasPrefix(prev, "DECQ"):
			default:
				t.Errorf("%s: %s after %q: a branch that does not close a counted loop", fn, strings.TrimSpace(line), prev)
			}
		}
		if strings.Contains(line, ")(") && op != "LEAQ" && !strings.HasPrefix(fn, "·select52") {
			t.Errorf("%s: %s: an indexed memory operand", fn, strings.TrimSpace(line))
		}
		prev = strings.Join(f, " ")
	}
	if funcs < 30 {
		t.Errorf("read %d functions from amm52_amd64.s", funcs)
	}
}
