package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// engine runs modules' tests outside the workspace, the way a user of
// the modules builds them: each module copied out of its module zip, with
// GOWORK=off, its siblings served from a local file proxy holding the
// recorded releases (and, in prepare, the releases being prepared) and
// every other module from the module cache or the user's GOPROXY.
type engine struct {
	t        *tool
	r        *Repo
	vers     *Versions           // recorded releases plus those being prepared
	cand     map[string]*Content // candidate content of each module (working tree or commit)
	candFn   func(*Module) (*Content, error)
	released map[string]*Content // content of releases, by dir@version
	proxy    *Proxy
	env      []string        // environment of go commands outside the workspace
	cross    map[string]bool // packages imported by other modules of the repository

	// unrecorded, if set, supplies the content of sibling versions that
	// are not recorded (tidy serves working trees as the versions about to
	// be released).
	unrecorded func(m *Module, v string) (*Content, error)
	n          int  // numbers scratch directories
	short      bool // run the tests with -short
}

// newEngine prepares the scratch directories and the environment. cand
// returns the content of a module being checked or prepared.
func (t *tool) newEngine(vers *Versions, cand func(*Module) (*Content, error)) (*engine, error) {
	e := &engine{
		t:        t,
		r:        t.repo,
		vers:     vers,
		cand:     map[string]*Content{},
		candFn:   cand,
		released: map[string]*Content{},
		proxy:    NewProxy(filepath.Join(t.tmp, "proxy")),
	}
	if err := os.MkdirAll(e.proxy.Dir, 0o755); err != nil {
		return nil, err
	}
	out, err := e.run(t.repo.Root, withEnv(t.env, "GOWORK=off", "GOFLAGS="), "go", "env", "GOPROXY", "GOMODCACHE", "GONOSUMDB")
	if err != nil {
		return nil, fmt.Errorf("go env: %v\n%s", err, out)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 3 {
		return nil, fmt.Errorf("unexpected output of go env:\n%s", out)
	}
	userProxy, userCache, userNoSum := lines[0], lines[1], lines[2]
	chain := []string{e.proxy.URL()}
	if userCache != "" {
		// The module cache's download directory has the layout of a
		// proxy: third-party modules already downloaded need no network.
		chain = append(chain, "file://"+filepath.ToSlash(filepath.Join(userCache, "cache", "download")))
	}
	if userProxy == "" {
		userProxy = "https://proxy.golang.org,direct"
	}
	chain = append(chain, userProxy)
	nosum := t.repo.sumdbPattern()
	if userNoSum != "" {
		nosum += "," + userNoSum
	}
	e.env = withEnv(t.env,
		"GOWORK=off",
		"GOFLAGS=-mod=mod",
		"GOPROXY="+strings.Join(chain, ","),
		"GONOSUMDB="+nosum,
		// A module cache of this run only: the siblings' versions here may
		// differ from same-numbered ones seen before (another clone, a
		// test), and must not be mixed up with them.
		"GOMODCACHE="+filepath.Join(t.tmp, "modcache"),
	)
	return e, nil
}

// run runs a command in dir and returns its combined output.
func (e *engine) run(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(e.t.ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var b bytes.Buffer
	cmd.Stdout = &b
	cmd.Stderr = &b
	err := cmd.Run()
	return b.String(), err
}

// goOff runs the go command in dir outside the workspace.
func (e *engine) goOff(dir string, args ...string) (string, error) {
	return e.run(dir, e.env, "go", args...)
}

// candidate returns the content of module m being checked or prepared.
func (e *engine) candidate(m *Module) (*Content, error) {
	if c := e.cand[m.Dir]; c != nil {
		return c, nil
	}
	c, err := e.candFn(m)
	if err != nil {
		return nil, err
	}
	e.cand[m.Dir] = c
	return c, nil
}

// releasedContent returns the content of the recorded (or pending) release
// of m at version v.
func (e *engine) releasedContent(m *Module, v string) (*Content, error) {
	key := m.Dir + "@" + v
	if c := e.released[key]; c != nil {
		return c, nil
	}
	rel, ok := e.vers.Find(m.Dir, v)
	if !ok {
		return nil, fmt.Errorf("%s %s is not a recorded release", m.Dir, v)
	}
	c, err := e.r.ContentAt(m, rel.Commit)
	if err != nil {
		return nil, err
	}
	e.released[key] = c
	return c, nil
}

// latestContent returns the latest recorded release of m and its content.
func (e *engine) latestContent(m *Module) (Release, *Content, bool, error) {
	rel, ok := e.vers.Latest(m.Dir)
	if !ok {
		return Release{}, nil, false, nil
	}
	c, err := e.releasedContent(m, rel.Version)
	return rel, c, true, err
}

// changed reports whether m's candidate differs from its latest release
// (true if there is no release).
func (e *engine) changed(m *Module) (bool, error) {
	c, err := e.candidate(m)
	if err != nil {
		return false, err
	}
	_, lc, ok, err := e.latestContent(m)
	if err != nil || !ok {
		return true, err
	}
	return c.Hash != lc.Hash, nil
}

// ensureReqs puts into the proxy every sibling release that go.mod data
// gomod requires, directly or through the requirements of those releases.
func (e *engine) ensureReqs(who string, gomod []byte) error {
	f, err := modfile.Parse(who+"/go.mod", gomod, nil)
	if err != nil {
		return err
	}
	for _, req := range f.Require {
		if err := e.ensure(who, req.Mod); err != nil {
			return err
		}
	}
	return nil
}

// ensure puts release mv of a sibling, and its sibling requirements, into
// the proxy. Modules that are not siblings are left to the module cache
// and GOPROXY.
func (e *engine) ensure(who string, mv module.Version) error {
	m := e.r.ModuleByPath(mv.Path)
	if m == nil || e.proxy.Has(mv) {
		return nil
	}
	var c *Content
	var err error
	if _, ok := e.vers.Find(m.Dir, mv.Version); ok {
		c, err = e.releasedContent(m, mv.Version)
	} else if e.unrecorded != nil {
		c, err = e.unrecorded(m, mv.Version)
	} else {
		return &unrecordedError{who: who, req: mv, dir: m.Dir, recorded: e.versionList(m.Dir)}
	}
	if err != nil {
		return err
	}
	if err := e.proxy.Add(c, mv.Version); err != nil {
		return err
	}
	return e.ensureReqs(fmt.Sprintf("%s %s", m.Dir, mv.Version), c.GoMod)
}

// unrecordedError is a requirement on a sibling version with no recorded
// release.
type unrecordedError struct {
	who      string
	req      module.Version
	dir      string
	recorded string
}

func (u *unrecordedError) Error() string {
	return fmt.Sprintf("%s requires %s %s, which is not a recorded release of %s (recorded: %s)", u.who, u.req.Path, u.req.Version, u.dir, u.recorded)
}

func (e *engine) versionList(dir string) string {
	var vs []string
	for _, r := range e.vers.Releases[dir] {
		vs = append(vs, r.Version)
	}
	if len(vs) == 0 {
		return "none"
	}
	return strings.Join(vs, ", ")
}

// copyOut extracts content c into a new scratch directory and returns it.
func (e *engine) copyOut(c *Content, what string) (string, error) {
	e.n++
	dir := filepath.Join(e.t.tmp, "work", fmt.Sprintf("%02d-%s", e.n, strings.NewReplacer("/", "_", ".", "_", " ", "_").Replace(what)))
	if err := c.Extract(dir); err != nil {
		return "", err
	}
	return dir, nil
}

// testResult is the outcome of running a module's tests in a copy.
type testResult struct {
	ok      bool
	out     string
	elapsed time.Duration
}

// goTest runs the tests of the module copied to dir.
func (e *engine) goTest(dir string) testResult {
	start := time.Now()
	// -trimpath keeps the build cache working across the scratch
	// directories, which differ from run to run.
	args := []string{"test", "-trimpath"}
	if e.short {
		args = append(args, "-short")
	}
	out, err := e.goOff(dir, append(args, "./...")...)
	return testResult{ok: err == nil, out: out, elapsed: time.Since(start).Round(100 * time.Millisecond)}
}

// reqChange is a difference between a go.mod's requirements and what
// "go mod tidy" makes of them.
type reqChange struct {
	path, old, new string // old or new is "" for an added or removed requirement
}

// tidyDiff runs "go mod tidy" in the copy in dir, restores its go.mod and
// returns how tidy would change the requirements (// indirect markers
// aside).
func (e *engine) tidyDiff(dir string, gomod []byte) ([]reqChange, error) {
	out, err := e.goOff(dir, "mod", "tidy")
	if err != nil {
		return nil, fmt.Errorf("go mod tidy: %v\n%s", err, strings.TrimSpace(out))
	}
	gmPath := filepath.Join(dir, "go.mod")
	tidied, err := os.ReadFile(gmPath)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(gmPath, gomod, 0o644); err != nil {
		return nil, err
	}
	before, err := modfile.Parse("go.mod", gomod, nil)
	if err != nil {
		return nil, err
	}
	after, err := modfile.Parse("go.mod", tidied, nil)
	if err != nil {
		return nil, err
	}
	old, new := reqMap(before), reqMap(after)
	var ch []reqChange
	for p, v := range new {
		if old[p] != v {
			ch = append(ch, reqChange{p, old[p], v})
		}
	}
	for p, v := range old {
		if _, ok := new[p]; !ok {
			ch = append(ch, reqChange{p, v, ""})
		}
	}
	sort.Slice(ch, func(i, j int) bool { return ch[i].path < ch[j].path })
	return ch, nil
}

func reqMap(f *modfile.File) map[string]string {
	m := map[string]string{}
	for _, r := range f.Require {
		m[r.Mod.Path] = r.Mod.Version
	}
	return m
}

// selected returns the versions minimal version selection picks for the
// copy in dir ("go list -m all").
func (e *engine) selected(dir string) (map[string]string, error) {
	out, err := e.goOff(dir, "list", "-m", "-f", "{{.Path}} {{.Version}}", "all")
	if err != nil {
		return nil, fmt.Errorf("go list -m all: %v\n%s", err, out)
	}
	sel := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if p, v, ok := strings.Cut(strings.TrimSpace(l), " "); ok {
			sel[p] = v
		}
	}
	return sel, nil
}

// editGoMod rewrites the go.mod of the copy in dir with f applied.
func editGoMod(dir string, f func(*modfile.File) error) error {
	p := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	mf, err := modfile.Parse(p, data, nil)
	if err != nil {
		return err
	}
	if err := f(mf); err != nil {
		return err
	}
	mf.Cleanup()
	out, err := mf.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(p, out, 0o644)
}

// failureText returns the interesting part of a failed go test's output:
// everything but the lines of passing packages, at most max lines.
func failureText(out string, max int) string {
	var keep []string
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if strings.HasPrefix(l, "ok  ") || strings.HasSuffix(l, "[no test files]") {
			continue
		}
		keep = append(keep, l)
	}
	if len(keep) > max {
		n := len(keep) - max
		keep = append(keep[:max:max], fmt.Sprintf("... (%d more lines)", n))
	}
	return "\t" + strings.Join(keep, "\n\t")
}

// saveLog writes a failed run's full output to a file that outlives the
// run and returns its name.
func (e *engine) saveLog(what, out string) string {
	f, err := os.CreateTemp(e.t.tempDir(), "crypton-release-"+strings.NewReplacer("/", "_", " ", "_").Replace(what)+"-*.log")
	if err != nil {
		return ""
	}
	defer f.Close()
	f.WriteString(out)
	return f.Name()
}

// laterReleases returns the recorded versions of dir above v, ascending.
func (e *engine) laterReleases(dir, v string) []string {
	var vs []string
	for _, r := range e.vers.Releases[dir] {
		if semver.Compare(r.Version, v) > 0 {
			vs = append(vs, r.Version)
		}
	}
	return vs
}

var errNoDiagnosis = errors.New("no diagnosis")
