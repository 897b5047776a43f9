package internal

import (
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The build constraints of the dispatch files, spelled one way everywhere
// (CONTRIBUTING.md, "One dispatch shape").
const (
	asmConstraint       = "gc && !purego"
	noasmAMD64          = "!amd64 || !gc || purego"
	noasmAMD64AndARM64  = "(!amd64 && !arm64) || !gc || purego"
	dispatchSuffixNoasm = "_noasm.go"
)

// TestDispatchFiles checks the file layout of every package with assembly
// in the library modules: each X_amd64.go or X_arm64.go built with
// "gc && !purego" that chooses an implementation (it imports cpufeat) has
// an X_noasm.go whose constraint is exactly the opposite (for every
// GOARCH, compiler and purego setting, exactly one of the files is built),
// spelled canonically; and every X_noasm.go has an assembly counterpart.
// An assembly file that imports no cpufeat and has no X_noasm.go only
// provides kernels to another package's dispatch (mont/internal/limbs).
func TestDispatchFiles(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skipf("the repository's other modules are not here (%v): this is a standalone copy of the internal module", err)
	}
	checked := 0
	for _, dir := range libraryModules(t, root) {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() {
				checked += checkDispatchDir(t, root, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Errorf("checked only %d dispatch files: is the walk broken?", checked)
	}
}

// checkDispatchDir checks the dispatch files of one directory and returns
// how many it checked.
func checkDispatchDir(t *testing.T, root, dir string) int {
	t.Helper()
	rel, _ := filepath.Rel(root, dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	asm := map[string][]string{}  // stem → architectures
	dispatch := map[string]bool{} // stems whose asm files import cpufeat
	noasm := map[string]constraint.Expr{}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		expr := fileConstraint(t, filepath.Join(dir, name))
		if strings.HasSuffix(name, dispatchSuffixNoasm) {
			noasm[strings.TrimSuffix(name, dispatchSuffixNoasm)] = expr
			n++
			continue
		}
		for _, arch := range []string{"amd64", "arm64"} {
			stem, ok := strings.CutSuffix(name, "_"+arch+".go")
			if !ok || expr == nil || !strings.Contains(expr.String(), "purego") {
				continue // not an assembly dispatch file (e.g. CPU detection)
			}
			n++
			if expr.String() != asmConstraint {
				t.Errorf("%s/%s: constraint %q, want //go:build %s", rel, name, expr, asmConstraint)
			}
			asm[stem] = append(asm[stem], arch)
			if importsCpufeat(t, filepath.Join(dir, name)) {
				dispatch[stem] = true
			}
		}
	}
	for stem, arches := range asm {
		sort.Strings(arches)
		want := noasmAMD64
		if len(arches) == 2 {
			want = noasmAMD64AndARM64
		}
		expr, ok := noasm[stem]
		if !ok && !dispatch[stem] {
			continue // kernels for another package's dispatch
		}
		if !ok {
			t.Errorf("%s: %s_%s.go has no %s%s with //go:build %s", rel, stem, strings.Join(arches, ".go and "+stem+"_"), stem, dispatchSuffixNoasm, want)
			continue
		}
		if expr == nil || expr.String() != want {
			t.Errorf("%s/%s%s: constraint %v, want //go:build %s", rel, stem, dispatchSuffixNoasm, expr, want)
			continue
		}
		// Exactly one of the files is built in every configuration.
		for _, goarch := range []string{"amd64", "arm64", "386", "riscv64"} {
			for _, gc := range []bool{true, false} {
				for _, purego := range []bool{true, false} {
					tags := map[string]bool{goarch: true, "gc": gc, "purego": purego}
					built := 0
					for _, a := range arches {
						if a == goarch && gc && !purego {
							built++
						}
					}
					if expr.Eval(func(tag string) bool { return tags[tag] }) {
						built++
					}
					if built != 1 {
						t.Errorf("%s: for GOARCH=%s gc=%v purego=%v, %d of %s's files are built, want 1", rel, goarch, gc, purego, built, stem)
					}
				}
			}
		}
	}
	for stem := range noasm {
		if _, ok := asm[stem]; !ok {
			t.Errorf("%s/%s%s has no %s_amd64.go or %s_arm64.go with //go:build %s", rel, stem, dispatchSuffixNoasm, stem, stem, asmConstraint)
		}
	}
	return n
}

// fileConstraint returns the //go:build constraint of a Go file, or nil.
func fileConstraint(t *testing.T, path string) constraint.Expr {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "package ") {
			break
		}
		if constraint.IsGoBuild(line) {
			expr, err := constraint.Parse(line)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				return nil
			}
			return expr
		}
	}
	return nil
}

// importsCpufeat reports whether the Go file imports the cpufeat package.
func importsCpufeat(t *testing.T, path string) bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		if imp.Path.Value == `"github.com/crypton-go/crypton/cpufeat"` {
			return true
		}
	}
	return false
}
