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
// that a new package cannot be left out of the command. A package of a
// module that versions.txt lists with no release yet may be missing: the
// tools module cannot require it before its first release.
func TestCPUListsEveryPackage(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skipf("the repository's other modules are not here (%v): this is a standalone copy of the tools module", err)
	}
	want := map[string]string{} // registered package name → file
	released := recordedModules(t, root)
	notYet := map[string]string{} // registered package name → its module, which has no release yet
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
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		mod := ""
		for dir := range released {
			if strings.HasPrefix(filepath.ToSlash(rel), dir+"/") && len(dir) > len(mod) {
				mod = dir
			}
		}
		for _, m := range registerCall.FindAllSubmatch(src, -1) {
			want[string(m[1])] = path
			if r, listed := released[mod]; listed && !r {
				notYet[string(m[1])] = mod
			}
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
		if mod, ok := notYet[pkg]; ok && !slices.Contains(cpufeat.Packages(), pkg) {
			// The tools module may require only recorded releases of its
			// siblings (go run ./release check), so the command can link
			// a module only from its first release on.
			t.Logf("package %q (%s) is not linked: module %s has no release yet", pkg, file, mod)
			continue
		}
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

// recordedModules returns the modules that versions.txt at root lists, by
// directory, and whether each has a release: a line at the left margin
// names a module, and the indented lines under it are its releases (see
// release/README.md).
func recordedModules(t *testing.T, root string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "versions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	released := map[string]bool{}
	cur := ""
	for line := range strings.Lines(string(data)) {
		text := strings.TrimSpace(line)
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case line[0] != ' ' && line[0] != '\t':
			cur = text
			if _, ok := released[cur]; !ok {
				released[cur] = false
			}
		case cur != "":
			released[cur] = true
		}
	}
	return released
}
