package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// The tests work on scratch git repositories holding two toy modules,
// example.com/toy/hash and example.com/toy/ecc (which uses hash), with no
// third-party dependencies: they need git and the go command, never the
// network (GOPROXY=off behind the local file proxy).

const toyPrefix = "example.com/toy"

const toyLicense = "Toy licence.\n"

var toyFiles = map[string]string{
	"go.work": `go 1.25.0

use (
	./ecc
	./hash
)

replace example.com/toy/hash v0.1.0 => ./hash
`,
	"CHANGELOG.md": `# Changelog

## hash

### Unreleased

- Sum.

## ecc

### Unreleased

- Key.
`,
	"LICENSE":      toyLicense,
	"hash/LICENSE": toyLicense,
	"ecc/LICENSE":  toyLicense,
	"hash/go.mod":  "module example.com/toy/hash\n\ngo 1.25.0\n",
	"hash/hash.go": `// Package hash is a toy.
package hash

// Sum adds up the bytes of b.
func Sum(b []byte) int {
	s := 0
	for _, c := range b {
		s += int(c)
	}
	return s
}

// Hasher is implemented by hashes.
type Hasher interface {
	Sum(b []byte) int
}

// Digest is a running sum.
type Digest struct {
	N int
}

// Write adds b.
func (d Digest) Write(b []byte) int { return d.N + Sum(b) }

// Size is the size of a sum.
const Size = 8
`,
	"hash/hash_test.go": `package hash

import "testing"

func TestSum(t *testing.T) {
	if got := Sum([]byte{1, 2, 3}); got != 6 {
		t.Fatalf("Sum = %d, want 6", got)
	}
}
`,
	"hash/internal/impl/impl.go": "package impl\n\n// Impl is internal.\nfunc Impl() int { return 1 }\n",
	"ecc/go.mod":                 "module example.com/toy/ecc\n\ngo 1.25.0\n\nrequire example.com/toy/hash v0.1.0\n",
	"ecc/ecc.go": `// Package ecc is a toy that uses hash.
package ecc

import "example.com/toy/hash"

// Key doubles the sum of b.
func Key(b []byte) int { return 2 * hash.Sum(b) }
`,
	"ecc/ecc_test.go": `package ecc

import "testing"

func TestKey(t *testing.T) {
	if got := Key([]byte{1, 2}); got != 6 {
		t.Fatalf("Key = %d, want 6", got)
	}
}
`,
}

// testEnv returns the environment of the tool and the go and git commands
// in the tests: no network, no user git configuration, the local toolchain,
// and none of the settings of a surrounding "release check".
func testEnv() []string {
	return withEnv(os.Environ(),
		"GOWORK=", "GOFLAGS=", "GOPROXY=off", "GOSUMDB=off", "GONOSUMDB=", "GOPRIVATE=", "GONOPROXY=",
		"GOTOOLCHAIN=local", "GO111MODULE=",
		"GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com",
	)
}

// scratch is a scratch repository.
type scratch struct {
	t   *testing.T
	dir string
	env []string
}

// newScratch makes a repository holding files, committed.
func newScratch(t *testing.T, files map[string]string) *scratch {
	t.Helper()
	s := &scratch{t: t, dir: t.TempDir(), env: withEnv(testEnv(), "TMPDIR="+t.TempDir())}
	s.git("init", "-q", "-b", "main")
	for name, content := range files {
		s.write(name, content)
	}
	s.commit("initial")
	return s
}

var (
	releasedOnce sync.Once
	releasedDir  string
	releasedErr  error
)

// newReleased returns a scratch repository with the toy modules released
// at v0.1.0 (by "prepare -all v0.1.0") and that release committed. The
// repository is made once and copied for each test.
func newReleased(t *testing.T) *scratch {
	t.Helper()
	releasedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "release-test-template-")
		if err != nil {
			releasedErr = err
			return
		}
		releasedDir = dir
		s := &scratch{t: t, dir: dir, env: testEnv()}
		for _, args := range [][]string{{"init", "-q", "-b", "main"}} {
			if out, err := s.gitErr(args...); err != nil {
				releasedErr = fmt.Errorf("git %v: %v\n%s", args, err, out)
				return
			}
		}
		for name, content := range toyFiles {
			s.write(name, content)
		}
		s.commit("initial")
		if code, out := s.run("prepare", "-all", "v0.1.0"); code != 0 {
			releasedErr = fmt.Errorf("prepare -all v0.1.0: exit %d\n%s", code, out)
			return
		}
		s.commit("release v0.1.0")
	})
	if releasedErr != nil {
		t.Fatal(releasedErr)
	}
	s := &scratch{t: t, dir: t.TempDir(), env: withEnv(testEnv(), "TMPDIR="+t.TempDir())}
	if out, err := exec.Command("cp", "-a", releasedDir+"/.", s.dir).CombinedOutput(); err != nil {
		t.Fatalf("copying the template repository: %v\n%s", err, out)
	}
	return s
}

func TestMain(m *testing.M) {
	code := m.Run()
	if releasedDir != "" {
		os.RemoveAll(releasedDir)
	}
	os.Exit(code)
}

func (s *scratch) write(name, content string) {
	s.t.Helper()
	p := filepath.Join(s.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

func (s *scratch) read(name string) string {
	s.t.Helper()
	data, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(name)))
	if err != nil {
		s.t.Fatal(err)
	}
	return string(data)
}

// edit replaces old with new in file name, which must contain old.
func (s *scratch) edit(name, old, new string) {
	s.t.Helper()
	c := s.read(name)
	if !strings.Contains(c, old) {
		s.t.Fatalf("%s does not contain %q", name, old)
	}
	s.write(name, strings.Replace(c, old, new, 1))
}

func (s *scratch) gitErr(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = s.dir
	cmd.Env = s.env
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

func (s *scratch) git(args ...string) string {
	s.t.Helper()
	out, err := s.gitErr(args...)
	if err != nil {
		s.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// commit commits everything and returns the commit.
func (s *scratch) commit(msg string) string {
	s.t.Helper()
	s.git("add", "-A")
	s.git("commit", "-q", "--allow-empty", "-m", msg)
	return s.git("rev-parse", "HEAD")
}

// run runs the tool in the repository and returns its exit status and
// output.
func (s *scratch) run(args ...string) (int, string) {
	var out bytes.Buffer
	code := run(context.Background(), s.env, append([]string{"-C", s.dir}, args...), &out, &out)
	return code, out.String()
}

// mustRun runs the tool and fails the test unless it exits with want.
func (s *scratch) mustRun(want int, args ...string) string {
	s.t.Helper()
	code, out := s.run(args...)
	if code != want {
		s.t.Fatalf("release %s: exit %d, want %d; output:\n%s", strings.Join(args, " "), code, want, out)
	}
	return out
}

// statusRow returns the fields of module dir's row in the status table.
func statusRow(t *testing.T, out, dir string) []string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) > 0 && f[0] == dir {
			return f
		}
	}
	t.Fatalf("no row for %s in status output:\n%s", dir, out)
	return nil
}

func TestFirstReleaseAndCheck(t *testing.T) {
	s := newReleased(t)
	v := s.read(VersionsFile)
	commit := s.git("rev-parse", "HEAD~1")
	for _, want := range []string{"hash\n\tv0.1.0 " + commit, "ecc\n\tv0.1.0 " + commit} {
		if !strings.Contains(v, want) {
			t.Errorf("%s does not contain %q:\n%s", VersionsFile, want, v)
		}
	}
	cl := s.read(ChangelogFile)
	if !regexp.MustCompile(`## hash\n\n### Unreleased\n\n### v0\.1\.0 - \d{4}-\d\d-\d\d\n\n- Sum\.`).MatchString(cl) {
		t.Errorf("the changelog entry of hash was not moved under v0.1.0:\n%s", cl)
	}
	w := s.read("go.work")
	if !strings.Contains(w, "replace (\n\texample.com/toy/ecc v0.1.0 => ./ecc\n\texample.com/toy/hash v0.1.0 => ./hash\n)") {
		t.Errorf("go.work does not map the releases to their directories in one block:\n%s", w)
	}
	out := s.mustRun(0, "check")
	for _, want := range []string{"ok    hash", "ok    ecc", "tests at minimum versions (hash v0.1.0)", "release check passed"} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
	out = s.mustRun(0, "status")
	if row := statusRow(t, out, "hash"); strings.Join(row[1:], " ") != "v0.1.0 none none - -" {
		t.Errorf("status row of hash = %q, want unchanged v0.1.0\n%s", row, out)
	}
	// Nothing has changed: nothing to release.
	out = s.mustRun(1, "prepare", "hash")
	if !strings.Contains(out, "nothing to release") {
		t.Errorf("prepare of an unchanged module:\n%s", out)
	}
}

// TestLicenseRequired: check reports a module without its own LICENSE, and
// prepare refuses to release it even though the root has one.
func TestLicenseRequired(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	s.write("ecc/extra.go", "package ecc\n\n// Extra is new.\nconst Extra = 1\n")
	s.edit(ChangelogFile, "## ecc\n\n### Unreleased\n", "## ecc\n\n### Unreleased\n\n- Extra.\n")
	if err := os.Remove(filepath.Join(s.dir, "ecc", "LICENSE")); err != nil {
		t.Fatal(err)
	}
	s.commit("ecc: Extra, and no licence")
	out := s.mustRun(1, "check", "-tests=false")
	if !strings.Contains(out, "ecc/LICENSE is missing") || strings.Contains(out, "hash/LICENSE") {
		t.Errorf("check of a module without LICENSE:\n%s", out)
	}
	out = s.mustRun(1, "prepare", "ecc")
	if !strings.Contains(out, "ecc has no ecc/LICENSE at commit") {
		t.Errorf("prepare of a module without LICENSE:\n%s", out)
	}
	if v := s.read(VersionsFile); strings.Contains(v, "v0.2.0") || strings.Contains(v, "v0.1.1") {
		t.Errorf("prepare recorded a release without a licence:\n%s", v)
	}
	s.write("ecc/LICENSE", toyLicense)
	s.commit("ecc: licence back")
	s.mustRun(0, "prepare", "ecc")
}

// TestAPIChange checks how changes to hash are classified, and the version
// that follows v0.1.0.
func TestAPIChange(t *testing.T) {
	type edit struct{ file, old, new string }
	tests := []struct {
		name  string
		edits []edit
		level string
		next  string
	}{
		{"add function", []edit{{"hash/hash.go", "// Size is", "// Sum2 is new.\nfunc Sum2(b []byte) int { return 2 * Sum(b) }\n\n// Size is"}}, "compatible", "v0.2.0"},
		{"add struct field", []edit{{"hash/hash.go", "N int\n", "N int\n\tM int\n"}}, "compatible", "v0.2.0"},
		{"add package", []edit{{"hash/extra/extra.go", "", "package extra\n\n// X is new.\nvar X int\n"}}, "compatible", "v0.2.0"},
		{"remove interface", []edit{{"hash/hash.go", "// Hasher is implemented by hashes.\ntype Hasher interface {\n\tSum(b []byte) int\n}\n", ""}}, "breaking", "v0.2.0"},
		{"change signature", []edit{{"hash/hash.go", "func Sum(b []byte) int {", "func Sum(b []byte) int64 {"}, {"hash/hash.go", "return s\n", "return int64(s)\n"}, {"hash/hash_test.go", "6 {", "int64(6) {"}, {"ecc/ecc.go", "2 * hash.Sum(b)", "2 * int(hash.Sum(b))"}, {"hash/hash.go", "d.N + Sum(b)", "d.N + int(Sum(b))"}}, "breaking", "v0.2.0"},
		{"add interface method", []edit{{"hash/hash.go", "Sum(b []byte) int\n}", "Sum(b []byte) int\n\tSize() int\n}"}}, "breaking", "v0.2.0"},
		{"pointer receiver", []edit{{"hash/hash.go", "func (d Digest) Write", "func (d *Digest) Write"}}, "breaking", "v0.2.0"},
		{"change constant", []edit{{"hash/hash.go", "const Size = 8", "const Size = 16"}}, "breaking", "v0.2.0"},
		{"rename parameter", []edit{{"hash/hash.go", "func (d Digest) Write(b []byte) int { return d.N + Sum(b) }", "func (d Digest) Write(p []byte) int { return d.N + Sum(p) }"}}, "none", "v0.1.1"},
		{"change body", []edit{{"hash/hash.go", "s := 0", "s := 0 // the sum"}}, "none", "v0.1.1"},
		{"change internal package", []edit{{"hash/internal/impl/impl.go", "func Impl() int { return 1 }", "func Impl2() int { return 1 }"}}, "none", "v0.1.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newReleased(t)
			for _, e := range tt.edits {
				if e.old == "" {
					s.write(e.file, e.new)
				} else {
					s.edit(e.file, e.old, e.new)
				}
			}
			out := s.mustRun(0, "status", "-v")
			row := statusRow(t, out, "hash")
			if got := strings.Join(row[len(row)-3:len(row)-1], " "); got != tt.level+" "+tt.next {
				t.Errorf("API change and next version = %q, want %q\n%s", got, tt.level+" "+tt.next, out)
			}
			if tt.level == "none" {
				return
			}
			// prepare agrees, and refuses a patch release.
			s.edit(ChangelogFile, "### Unreleased\n", "### Unreleased\n\n- "+tt.name+".\n")
			s.commit(tt.name)
			out = s.mustRun(1, "prepare", "-dry-run", "hash", "v0.1.1")
			if !strings.Contains(out, "need at least a new minor version (v0.2.0)") {
				t.Errorf("prepare hash v0.1.1 after a %s change:\n%s", tt.level, out)
			}
		})
	}
}

func TestBreakingChangeAtV1(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	s.edit("hash/hash.go", "// Size is", "// Sum2 is new.\nfunc Sum2(b []byte) int { return 2 * Sum(b) }\n\n// Size is")
	s.edit(ChangelogFile, "## hash\n\n### Unreleased\n", "## hash\n\n### Unreleased\n\n- Stable.\n")
	s.commit("hash: Sum2")
	s.mustRun(0, "prepare", "hash", "v1.0.0")
	s.commit("release hash v1.0.0")

	s.edit("hash/hash.go", "const Size = 8", "const Size = 16")
	s.edit(ChangelogFile, "## hash\n\n### Unreleased\n", "## hash\n\n### Unreleased\n\n- Bigger.\n")
	s.commit("hash: bigger")
	out := s.mustRun(1, "prepare", "hash")
	if !strings.Contains(out, "need a new major version v2, which is a new module path") {
		t.Errorf("prepare of a breaking change at v1:\n%s", out)
	}
	out = s.mustRun(1, "prepare", "hash", "v1.1.0")
	if !strings.Contains(out, "at v1 and above that needs a new major version") {
		t.Errorf("prepare hash v1.1.0 with a breaking change:\n%s", out)
	}
	if v := s.read(VersionsFile); strings.Contains(v, "v1.1.0") {
		t.Errorf("a refused release was recorded:\n%s", v)
	}
}

// TestMinimumVersions: ecc starts using what hash gained in v0.2.0 but
// still requires v0.1.0. The workspace builds; check fails and names the
// requirement to raise; prepare raises it and nothing else.
func TestMinimumVersions(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	s.edit("hash/hash.go", "// Size is", "// Sum2 is new.\nfunc Sum2(b []byte) int { return 2 * Sum(b) }\n\n// Size is")
	s.edit(ChangelogFile, "## hash\n\n### Unreleased\n", "## hash\n\n### Unreleased\n\n- Sum2.\n")
	s.commit("hash: Sum2")
	out := s.mustRun(0, "prepare", "hash")
	if !strings.Contains(out, "hash v0.2.0 at") {
		t.Fatalf("prepare hash did not choose v0.2.0:\n%s", out)
	}
	if w := s.read("go.work"); !strings.Contains(w, "example.com/toy/hash v0.2.0 => ./hash") {
		t.Errorf("go.work does not map hash v0.2.0:\n%s", w)
	}
	s.commit("release hash v0.2.0")

	s.edit("ecc/ecc.go", "2 * hash.Sum(b)", "hash.Sum2(b)")
	s.edit(ChangelogFile, "## ecc\n\n### Unreleased\n", "## ecc\n\n### Unreleased\n\n- Key uses Sum2.\n")
	gotest := exec.Command("go", "test", "./...")
	gotest.Dir = filepath.Join(s.dir, "ecc")
	gotest.Env = s.env
	if out, err := gotest.CombinedOutput(); err != nil {
		t.Fatalf("ecc's tests fail in the workspace: %v\n%s", err, out)
	}
	out = s.mustRun(1, "check")
	wantOutput(t, "check", out,
		"FAIL ecc: its tests fail outside the workspace at the minimum versions its go.mod requires (hash v0.1.0",
		"It passes with hash v0.2.0",
		"go mod edit -require=example.com/toy/hash@v0.2.0 ecc/go.mod",
	)

	s.commit("ecc: Sum2")
	out = s.mustRun(1, "prepare", "ecc")
	if !strings.Contains(out, "raised the requirements in ecc/go.mod to example.com/toy/hash v0.2.0") {
		t.Errorf("prepare ecc did not raise the requirement:\n%s", out)
	}
	if gm := s.read("ecc/go.mod"); !strings.Contains(gm, "require example.com/toy/hash v0.2.0") {
		t.Errorf("ecc/go.mod after prepare:\n%s", gm)
	}
	if strings.Contains(s.read(VersionsFile), "ecc\n\tv0.1.0 "+s.git("rev-parse", "HEAD~3")+"\n\tv0.1.1") {
		t.Errorf("prepare recorded a release that failed")
	}
	s.commit("ecc: require hash v0.2.0")
	out = s.mustRun(0, "prepare", "ecc")
	if !strings.Contains(out, "ecc v0.1.1 at") {
		t.Errorf("prepare ecc after raising its requirement:\n%s", out)
	}
	s.commit("release ecc v0.1.1")
	s.mustRun(0, "check")
}

// TestCheckShort: check -short runs the module tests with -short, and
// check without it runs them whole.
func TestCheckShort(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	s.write("hash/long_test.go", "package hash\n\nimport \"testing\"\n\nfunc TestLong(t *testing.T) {\n\tif !testing.Short() {\n\t\tt.Fatal(\"the long form ran\")\n\t}\n}\n")
	s.commit("hash: a test that fails without -short")
	if out := s.mustRun(1, "check"); !strings.Contains(out, "the long form ran") {
		t.Errorf("check without -short did not run the long form:\n%s", out)
	}
	s.mustRun(0, "check", "-short")
}

// TestGoModRules: replace directives, sibling pseudo-versions and
// unrecorded versions are refused, and so is a module missing from the
// versions file.
func TestGoModRules(t *testing.T) {
	tests := []struct {
		name string
		file string
		old  string
		new  string
		want string
	}{
		{"replace", "ecc/go.mod", "require example.com/toy/hash v0.1.0\n", "require example.com/toy/hash v0.1.0\n\nreplace example.com/toy/hash => ../hash\n",
			`ecc/go.mod has the directive "replace example.com/toy/hash => ../hash"`},
		{"pseudo-version", "ecc/go.mod", "hash v0.1.0", "hash v0.1.1-0.20240101000000-0123456789ab",
			"ecc/go.mod requires example.com/toy/hash at the pseudo-version v0.1.1-0.20240101000000-0123456789ab"},
		{"unrecorded version", "ecc/go.mod", "hash v0.1.0", "hash v0.3.0",
			"ecc/go.mod requires example.com/toy/hash v0.3.0, which is not a recorded release of hash (recorded: v0.1.0)"},
		{"unlisted module", "rsa/go.mod", "", "module example.com/toy/rsa\n\ngo 1.25.0\n",
			`rsa/go.mod is not listed in versions.txt`},
		{"missing requirement", "ecc/go.mod", "\nrequire example.com/toy/hash v0.1.0\n", "",
			"ecc imports example.com/toy/hash (ecc.go), but ecc/go.mod does not require example.com/toy/hash"},
		{"unmapped in go.work", "go.work", "\texample.com/toy/hash v0.1.0 => ./hash\n", "",
			"go.work does not map that version to ./hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newReleased(t)
			if tt.old == "" {
				s.write(tt.file, tt.new)
			} else {
				s.edit(tt.file, tt.old, tt.new)
			}
			out := s.mustRun(1, "check", "-tests=false")
			if !strings.Contains(out, tt.want) {
				t.Errorf("check output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

// wantOutput fails t for each of wants that the output out of the command
// cmd lacks.
func wantOutput(t *testing.T, cmd, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("%s output lacks %q:\n%s", cmd, want, out)
		}
	}
}

// TestReverseDependencies: a change to hash that breaks the released ecc
// is caught before hash is released, by check and by prepare.
func TestReverseDependencies(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	// Behaviour, not API: hash's own tests still pass, ecc's fail.
	s.edit("hash/hash.go", "s := 0", "s := 0\n\tif len(b) == 2 {\n\t\ts = 1\n\t}")
	out := s.mustRun(1, "check")
	wantOutput(t, "check", out,
		"ok    hash       tests at minimum versions",
		"FAIL  ecc        released v0.1.0 tests with hash's working tree",
		"FAIL hash: the released ecc v0.1.0 fails its tests with hash's working tree",
		"note: hash has changes since v0.1.0 (uncommitted changes) that users of ecc v0.1.0 get only once hash is released",
	)
	s.edit(ChangelogFile, "## hash\n\n### Unreleased\n", "## hash\n\n### Unreleased\n\n- Faster.\n")
	s.commit("hash: faster")
	out = s.mustRun(1, "prepare", "hash")
	if !strings.Contains(out, "FAIL hash: the released ecc v0.1.0 fails its tests with hash's commit") {
		t.Errorf("prepare output:\n%s", out)
	}
}

// TestReverseDependenciesTogether: a released module that depends on two
// changed modules runs its tests once with both changes; when that fails,
// once with each, and the problem names the change that breaks it.
func TestReverseDependenciesTogether(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	s.write("sig/go.mod", "module example.com/toy/sig\n\ngo 1.25.0\n\nrequire (\n\texample.com/toy/ecc v0.1.0\n\texample.com/toy/hash v0.1.0\n)\n")
	s.write("sig/sig.go", "// Package sig is a toy that uses ecc and hash.\npackage sig\n\nimport (\n\t\"example.com/toy/ecc\"\n\t\"example.com/toy/hash\"\n)\n\n// Sign adds the key and the sum of b.\nfunc Sign(b []byte) int { return ecc.Key(b) + hash.Sum(b) }\n")
	s.write("sig/sig_test.go", "package sig\n\nimport \"testing\"\n\nfunc TestSign(t *testing.T) {\n\tif got := Sign([]byte{1, 2}); got != 9 {\n\t\tt.Fatalf(\"Sign = %d, want 9\", got)\n\t}\n}\n")
	s.write("sig/LICENSE", toyLicense)
	s.edit("go.work", "\t./hash\n", "\t./hash\n\t./sig\n")
	s.write(VersionsFile, s.read(VersionsFile)+"sig\n")
	s.write(ChangelogFile, s.read(ChangelogFile)+"\n## sig\n\n### Unreleased\n\n- Sign.\n")
	s.commit("sig: new")
	s.mustRun(0, "prepare", "sig", "v0.1.0")
	s.commit("release sig v0.1.0")

	// ecc changes harmlessly, hash breaks ecc and sig.
	s.edit("ecc/ecc.go", "// Key doubles", "// Key returns twice\n// the sum: it doubles")
	s.edit("hash/hash.go", "s := 0", "s := 0\n\tif len(b) == 2 {\n\t\ts = 1\n\t}")
	// both matches the line of a run with both changes, in either order.
	both := regexp.MustCompile(`(?m)^(ok|FAIL) +sig        released v0\.1\.0 tests with (ecc's working tree, hash's|hash's working tree, ecc's) working tree `)
	out := s.mustRun(1, "check")
	if m := both.FindAllStringSubmatch(out, -1); len(m) != 1 || m[0][1] != "FAIL" {
		t.Errorf("check did not run sig once with both changes, failing:\n%s", out)
	}
	wantOutput(t, "check", out,
		"ok    sig        released v0.1.0 tests with ecc's working tree ",
		"FAIL  sig        released v0.1.0 tests with hash's working tree",
		"FAIL hash: the released sig v0.1.0 fails its tests with hash's working tree",
		"FAIL hash: the released ecc v0.1.0 fails its tests with hash's working tree",
	)
	if strings.Contains(out, "FAIL ecc:") || strings.Contains(out, "FAIL sig:") {
		t.Errorf("check blames ecc or sig:\n%s", out)
	}

	// With hash's change harmless, sig runs once, with both.
	s.edit("hash/hash.go", "s := 0\n\tif len(b) == 2 {\n\t\ts = 1\n\t}", "s := 0 // the sum so far")
	out = s.mustRun(0, "check")
	if m := both.FindAllStringSubmatch(out, -1); strings.Count(out, "sig        released v0.1.0 tests with") != 1 || len(m) != 1 || m[0][1] != "ok" {
		t.Errorf("sig did not run once, with both changes, passing:\n%s", out)
	}
}

// TestTag: tag is a dry run by default, creates each missing tag once, and
// creates none if a tag is wrong.
func TestTag(t *testing.T) {
	t.Parallel()
	s := newReleased(t)
	commit := s.git("rev-parse", "HEAD~1")
	out := s.mustRun(0, "tag")
	if !strings.Contains(out, "would create tag hash/v0.1.0 at "+commit[:12]) || s.git("tag") != "" {
		t.Fatalf("tag without -dry-run=false:\n%s\ntags: %s", out, s.git("tag"))
	}
	s.mustRun(0, "tag", "-dry-run=false")
	s.mustRun(0, "tag", "-dry-run=false")
	if got := s.git("tag", "--points-at", commit); got != "ecc/v0.1.0\nhash/v0.1.0" {
		t.Errorf("tags after two runs: %q", got)
	}
	if out := s.mustRun(0, "tag", "-dry-run=false"); !strings.Contains(out, "all 2 tags exist") {
		t.Errorf("third run:\n%s", out)
	}

	// A wrong tag: nothing is created.
	s2 := newReleased(t)
	s2.git("tag", "hash/v0.1.0", "HEAD")
	out = s2.mustRun(1, "tag", "-dry-run=false")
	if !strings.Contains(out, "tag hash/v0.1.0 exists at") || s2.git("tag") != "hash/v0.1.0" {
		t.Errorf("tag with a wrong tag present:\n%s\ntags: %s", out, s2.git("tag"))
	}
	if out := s2.mustRun(1, "check", "-tests=false"); !strings.Contains(out, "tag hash/v0.1.0 points at") {
		t.Errorf("check with a wrong tag:\n%s", out)
	}
}

// TestTidy: tidy adds a missing sibling requirement at the latest release
// and maps it in go.work.
func TestTidy(t *testing.T) {
	t.Parallel()
	s := newScratch(t, map[string]string{
		"go.work":      "go 1.25.0\n\nuse (\n\t./ecc\n\t./hash\n)\n",
		"CHANGELOG.md": toyFiles["CHANGELOG.md"],
		"hash/go.mod":  toyFiles["hash/go.mod"],
		"hash/hash.go": toyFiles["hash/hash.go"],
		"ecc/go.mod":   "module example.com/toy/ecc\n\ngo 1.25.0\n",
		"ecc/ecc.go":   toyFiles["ecc/ecc.go"],
		"hash/LICENSE": toyLicense,
		"ecc/LICENSE":  toyLicense,
	})
	out := s.mustRun(1, "tidy")
	if !strings.Contains(out, "name the version it will have with -require") {
		t.Errorf("tidy with an unreleased sibling:\n%s", out)
	}
	out = s.mustRun(0, "tidy", "-require", "v0.1.0")
	if gm := s.read("ecc/go.mod"); !strings.Contains(gm, "require example.com/toy/hash v0.1.0") {
		t.Errorf("ecc/go.mod after tidy:\n%s\n%s", gm, out)
	}
	if w := s.read("go.work"); !strings.Contains(w, "example.com/toy/hash v0.1.0 => ./hash") {
		t.Errorf("go.work after tidy:\n%s", w)
	}
	if _, err := os.Stat(filepath.Join(s.dir, "ecc", "go.sum")); err == nil {
		t.Errorf("tidy wrote a go.sum with lines for siblings")
	}
	s.commit("require")
	s.mustRun(0, "prepare", "-all", "v0.1.0")
}

func TestVersionsFile(t *testing.T) {
	const c1 = "0123456789abcdef0123456789abcdef01234567"
	const c2 = "89abcdef0123456789abcdef0123456789abcdef"
	v, err := ParseVersions([]byte("# comment\nhash\n\tv0.2.0 " + c2 + "\n\tv0.1.0 " + c1 + "\n\nmont\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rel, _ := v.Latest("hash"); rel.Version != "v0.2.0" || rel.Commit != c2 {
		t.Errorf("Latest(hash) = %v", rel)
	}
	if !v.Listed("mont") || v.Listed("ecc") {
		t.Errorf("Listed: mont %v, ecc %v", v.Listed("mont"), v.Listed("ecc"))
	}
	again, err := ParseVersions(v.Format())
	if err != nil || fmt.Sprint(again.Releases) != fmt.Sprint(v.Releases) {
		t.Errorf("round trip: %v, %v\n%s", err, again.Releases, v.Format())
	}
	for _, bad := range []string{
		"\tv0.1.0 " + c1 + "\n",
		"hash\n\tv0.1 " + c1 + "\n",
		"hash\n\tv0.1.0 0123abc\n",
		"hash\n\tv0.1.0-0.20240101000000-0123456789ab " + c1 + "\n",
		"hash\n\tv0.1.0 " + c1 + "\n\tv0.1.0 " + c2 + "\n",
		"hash mont\n",
	} {
		if _, err := ParseVersions([]byte(bad)); err == nil {
			t.Errorf("ParseVersions(%q) succeeded", bad)
		}
	}
	if v, _ := ParseVersions([]byte("hash\nhash\n")); len(v.Dups) != 1 {
		t.Errorf("a module listed twice is not reported")
	}
}

func TestNextVersion(t *testing.T) {
	tests := []struct {
		last  string
		level Level
		want  string
	}{
		{"", Compatible, "v0.1.0"},
		{"v0.1.0", None, "v0.1.1"},
		{"v0.1.3", Compatible, "v0.2.0"},
		{"v0.1.3", Breaking, "v0.2.0"},
		{"v1.2.3", None, "v1.2.4"},
		{"v1.2.3", Compatible, "v1.3.0"},
		{"v1.2.3", Breaking, "error"},
		{"v1.3.0-rc.1", Breaking, "v1.3.0"},
	}
	for _, tt := range tests {
		got, err := nextVersion(tt.last, tt.level)
		if err != nil {
			got = "error"
		}
		if got != tt.want {
			t.Errorf("nextVersion(%q, %v) = %q, want %q", tt.last, tt.level, got, tt.want)
		}
	}
	const p = "example.com/toy/hash"
	for _, tt := range []struct {
		last, v string
		level   Level
		ok      bool
	}{
		{"", "v0.1.0", Compatible, true},
		{"", "v2.0.0", Compatible, false}, // needs the path .../v2
		{"v0.1.0", "v0.1.0", None, false},
		{"v0.1.0", "v0.1.1", None, true},
		{"v0.1.0", "v0.1.1", Compatible, false},
		{"v0.1.0", "v0.2.0", Breaking, true},
		{"v0.1.0", "v1.0.0", Breaking, true},
		{"v1.0.0", "v1.1.0", Breaking, false},
		{"v1.0.0", "v1.0.1", Compatible, false},
		{"v1.0.0", "v1.1.0", Compatible, true},
	} {
		if err := checkVersion(p, tt.last, tt.v, tt.level); (err == nil) != tt.ok {
			t.Errorf("checkVersion(%s after %s, %v) = %v, want ok %v", tt.v, tt.last, tt.level, err, tt.ok)
		}
	}
}

func TestChangelog(t *testing.T) {
	c := ParseChangelog([]byte("# Changelog\n\n## hash\n\n### Unreleased\n\n- New.\n\n### v0.1.0 - 2024-01-01\n\n- Old.\n\n## ecc\n\n### Unreleased\n"))
	if !c.HasSection("hash") || c.HasSection("rsa") || !c.HasVersion("hash", "v0.1.0") || c.HasVersion("ecc", "v0.1.0") {
		t.Errorf("sections and versions misread")
	}
	if err := c.Release("ecc", "v0.1.0", "2024-02-02"); err == nil {
		t.Errorf("released a module with no Unreleased entries")
	}
	if err := c.Release("hash", "v0.2.0", "2024-02-02"); err != nil {
		t.Fatal(err)
	}
	want := "# Changelog\n\n## hash\n\n### Unreleased\n\n### v0.2.0 - 2024-02-02\n\n- New.\n\n### v0.1.0 - 2024-01-01\n\n- Old.\n\n## ecc\n\n### Unreleased\n"
	if got := string(c.Bytes()); got != want {
		t.Errorf("after Release:\n%s\nwant:\n%s", got, want)
	}
}
