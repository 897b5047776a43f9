// Package neontest holds the tests that the arm64 generators of tools/asm
// share: that a generator's output is the same from run to
// run, that it is the file checked in, and that it defines the functions
// the Go code declares.
package neontest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Deterministic fails t if two calls of generate return different texts:
// go generate must reproduce a file byte for byte.
func Deterministic(t *testing.T, generate func() []byte) {
	t.Helper()
	if !bytes.Equal(generate(), generate()) {
		t.Fatal("two runs of the generator differ")
	}
}

// CheckedIn fails t if the file name in the directory dir of the
// repository (relative to its root, in slash form, such as
// "pq/internal/mlkem") differs from the text generate returns, so that a
// generator changed without go generate fails its tests. The message
// names cmd, the package and arguments that rewrite the file when run in
// dir. The root is the nearest directory above the test's that holds the
// file; t is skipped where there is none, as in a standalone copy of the
// tools/asm module.
func CheckedIn(t *testing.T, generate func() []byte, dir, name, cmd string) {
	t.Helper()
	rel := filepath.Join(filepath.FromSlash(dir), name)
	path, err := findAbove(rel)
	if err != nil {
		t.Fatal(err)
	}
	if path == "" {
		t.Skipf("%s is not here (a standalone copy of the tools/asm module?)", rel)
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, generate()) {
		t.Fatalf("%s is out of date: run go run %s in %s", path, cmd, dir)
	}
}

// findAbove returns the path of rel below the nearest directory, from the
// working directory up, that holds it, or "" if none does.
func findAbove(rel string) (string, error) {
	d, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(d, rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", nil
		}
		d = up
	}
}

// Func is a function the generated file must define: its name, the size
// of its arguments and results, as the Go declaration implies, and the
// size of its stack frame (0 for none).
type Func struct {
	Name    string
	ArgSize int
	Frame   int
}

// Functions fails t unless text defines each of funcs exactly once, with
// the given frame and argument sizes.
func Functions(t *testing.T, text []byte, funcs ...Func) {
	t.Helper()
	s := string(text)
	for _, f := range funcs {
		line := fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d\n", f.Name, f.Frame, f.ArgSize)
		if strings.Count(s, line) != 1 {
			t.Errorf("the file does not define %q once", strings.TrimSpace(line))
		}
	}
}

// reserved are the registers generated code must leave alone: the linker's
// veneer registers R16 and R17, the platform register R18, the context
// register R26, the assembler's temporary R27, g (R28), the frame pointer
// R29 and the link register R30 (also by their names g and LR); and the
// calls, since the functions are leaves.
var reserved = []string{"R16", "R17", "R18", "R26", "R27", "R28", "R29", "R30", "g", "LR", "BL", "CALL"}

// NoReservedRegisters fails t if an instruction of text names one of the
// registers generated code must leave alone, or calls a function.
func NoReservedRegisters(t *testing.T, text []byte) {
	t.Helper()
	for _, l := range strings.Split(string(text), "\n") {
		code, _, _ := strings.Cut(l, "//")
		fields := strings.FieldsFunc(code, func(r rune) bool {
			return r == ' ' || r == '\t' || r == ',' || r == '(' || r == ')' || r == '<' || r == '>'
		})
		for _, f := range fields {
			if slices.Contains(reserved, f) {
				t.Errorf("the line %q uses %s", strings.TrimSpace(l), f)
			}
		}
	}
}
