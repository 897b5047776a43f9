package main

import (
	"bytes"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// registerCall matches a registration in library source:
// cpufeat.Register("pkg", "name", &flag).
var registerCall = regexp.MustCompile(`cpufeat\.Register\("([^"]+)"`)

// TestCPUListsEveryPackage checks that "crypton cpu" lists every package of
// the repository that registers an implementation for this GOOS/GOARCH, so
// that a new package cannot be left out of the command.
func TestCPUListsEveryPackage(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skipf("the repository's other modules are not here (%v): this is a standalone copy of the tools module", err)
	}
	want := map[string]string{} // registered package name → file
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "tools", "testdata", ".git", "release":
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		ctxt := build.Default
		ctxt.BuildTags = buildTags
		if ok, err := ctxt.MatchFile(filepath.Dir(path), name); err != nil || !ok {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range registerCall.FindAllSubmatch(src, -1) {
			want[string(m[1])] = path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 && len(buildTags) == 0 {
		t.Fatalf("found no cpufeat.Register call under %s", root)
	}

	var out, errOut bytes.Buffer
	if code := run([]string{"cpu"}, &out, &errOut); code != 0 {
		t.Fatalf("crypton cpu exited %d: %s", code, errOut.String())
	}
	for pkg, file := range want {
		if !slices.Contains(cpufeat.Packages(), pkg) {
			t.Errorf("package %q registers implementations (%s) but the crypton command does not link it; import it in cpu.go", pkg, file)
		}
		if findLine(out.String(), pkg+" ") == "" {
			t.Errorf("crypton cpu does not list package %q", pkg)
		}
	}
	for _, pkg := range cpufeat.Packages() {
		if _, ok := want[pkg]; !ok {
			t.Errorf("crypton cpu lists %q, which no source file registers (is the regular expression out of date?)", pkg)
		}
	}
}
