package internal

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The modules of the repository that are not libraries: this module, the
// generators and commands, and the release tool may import test support.
var notLibraries = map[string]bool{"internal": true, "tools": true, "release": true}

// TestNoLibraryBuildsTestSupport checks that no library module of the
// repository (every module in go.work but the three above) imports this
// module from a non-test build: a user of mont, hash, aead, ecc or rsa must
// build nothing from it. go list -deps without -test lists what a non-test
// build of every package of the module needs, for this GOOS/GOARCH and for
// the purego build.
func TestNoLibraryBuildsTestSupport(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skipf("the repository's other modules are not here (%v): this is a standalone copy of the internal module", err)
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	const prefix = "github.com/crypton-go/crypton/internal"
	checked := 0
	for _, dir := range libraryModules(t, root) {
		for _, tags := range []string{"", "purego"} {
			cmd := exec.Command(gocmd, "list", "-deps", "-tags", tags, "-f", "{{.ImportPath}}", "./...")
			cmd.Dir = filepath.Join(root, dir)
			cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK="+filepath.Join(root, "go.work"))
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("go list in %s: %v", dir, err)
			}
			for _, p := range strings.Fields(string(out)) {
				if p == prefix || strings.HasPrefix(p, prefix+"/") {
					t.Errorf("module %s builds %s outside its tests (tags %q): test support must be imported by _test.go files only", dir, p, tags)
				}
			}
		}
		checked++
	}
	if checked < 6 {
		t.Errorf("checked %d library modules; go.work lists fewer than expected", checked)
	}
}

// libraryModules returns the directories of the library modules: every
// module go.work uses but internal, tools and release.
func libraryModules(t *testing.T, root string) []string {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	cmd := exec.Command(gocmd, "work", "edit", "-json")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(root, "go.work"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go work edit -json: %v", err)
	}
	var wf struct{ Use []struct{ DiskPath string } }
	if err := json.Unmarshal(out, &wf); err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, u := range wf.Use {
		if dir := filepath.Clean(u.DiskPath); !notLibraries[dir] {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}
