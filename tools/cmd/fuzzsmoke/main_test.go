package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFuzzFuncs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x_test.go")
	src := "package p\n\nfunc FuzzA(f *testing.F) {}\nfunc FuzzB_2(ff *testing.F) {\n}\nfunc Fuzzy() {}\nfunc TestFuzzC(f *testing.F) {}\n// func FuzzD(f *testing.F)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := fuzzFuncs(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"FuzzA", "FuzzB_2"}; !slices.Equal(got, want) {
		t.Errorf("fuzzFuncs = %q, want %q", got, want)
	}
}

// TestFindTargets finds a fuzz target that this repository has.
func TestFindTargets(t *testing.T) {
	targets, err := findTargets([]string{"github.com/crypton-go/crypton/aead/poly1305"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(targets, func(x target) bool { return strings.HasPrefix(x.name, "Fuzz") }) {
		t.Errorf("no fuzz target found in aead/poly1305: %v", targets)
	}
}

// TestRunOne fuzzes one target for a moment.
func TestRunOne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fuzzes a package: not in -short")
	}
	var out, errOut bytes.Buffer
	code := run([]string{"-fuzztime", (500 * time.Millisecond).String(), "-run", "poly1305/Fuzz", "github.com/crypton-go/crypton/aead/poly1305"}, &out, &errOut)
	if code != 0 || !strings.Contains(out.String(), "no failures") {
		t.Errorf("exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
}

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	for _, args := range [][]string{{"-fuzztime", "0s"}, {"-run", "("}, {"-nosuch"}} {
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("fuzzsmoke %q: exit %d, want 2", args, code)
		}
	}
}
