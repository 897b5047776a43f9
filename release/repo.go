package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// VersionsFile is the name of the versions file at the repository root.
const VersionsFile = "versions.txt"

// ChangelogFile is the name of the changelog at the repository root.
const ChangelogFile = "CHANGELOG.md"

// Repo is the repository: its modules, versions file and changelog.
type Repo struct {
	Root      string    // absolute path of the repository root
	Modules   []*Module // sorted so that a module comes after the siblings it requires
	Versions  *Versions // the versions file; empty if there is none yet
	Changelog *Changelog
	Work      *modfile.WorkFile // go.work at the root, or nil

	env    []string
	ctx    context.Context
	byDir  map[string]*Module
	byPath map[string]*Module
}

// Module is one module of the repository, as its working tree has it.
type Module struct {
	Dir      string // slash-separated directory relative to the root; "." for the root
	Path     string // module path
	GoMod    *modfile.File
	GoModRaw []byte
}

// TagPrefix returns the prefix of the module's tags: "dir/" (nothing for a
// module at the repository root).
func (m *Module) TagPrefix() string {
	if m.Dir == "." {
		return ""
	}
	return m.Dir + "/"
}

// LoadRepo finds the git repository around dir (the current directory if
// dir is empty) and loads its modules, versions file and changelog.
func LoadRepo(ctx context.Context, env []string, dir string) (*Repo, error) {
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	r := &Repo{env: env, ctx: ctx}
	top, err := r.gitIn(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s is not in a git repository: %v", dir, err)
	}
	r.Root = filepath.Clean(top)

	// The go.mod files git knows of or would add: ignored directories
	// (scratch copies, build output) hold no modules of the repository.
	out, err := r.gitBytes(nil, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "go.mod", ":(glob)**/go.mod")
	if err != nil {
		return nil, err
	}
	var mods []*Module
	seen := map[string]bool{}
	for _, rel := range strings.Split(string(out), "\x00") {
		if rel == "" || seen[rel] {
			continue
		}
		seen[rel] = true
		dir := path.Dir(rel)
		if skipDir(dir) {
			continue
		}
		p := filepath.Join(r.Root, filepath.FromSlash(rel))
		data, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		} else if err != nil {
			return nil, err
		}
		f, err := modfile.Parse(p, data, nil)
		if err != nil {
			return nil, err
		}
		if f.Module == nil {
			return nil, fmt.Errorf("%s has no module directive", p)
		}
		mods = append(mods, &Module{Dir: dir, Path: f.Module.Mod.Path, GoMod: f, GoModRaw: data})
	}
	if len(mods) == 0 {
		return nil, fmt.Errorf("no go.mod files in %s", r.Root)
	}
	r.byDir = map[string]*Module{}
	r.byPath = map[string]*Module{}
	for _, m := range mods {
		if o := r.byPath[m.Path]; o != nil {
			return nil, fmt.Errorf("%s/go.mod and %s/go.mod both declare module %s", o.Dir, m.Dir, m.Path)
		}
		r.byDir[m.Dir] = m
		r.byPath[m.Path] = m
	}
	if r.Modules, err = topoSort(mods, func(m *Module) []string { return r.siblingReqs(m.GoMod) }); err != nil {
		return nil, err
	}

	r.Versions = &Versions{}
	if data, err := os.ReadFile(filepath.Join(r.Root, VersionsFile)); err == nil {
		if r.Versions, err = ParseVersions(data); err != nil {
			return nil, fmt.Errorf("%s: %v", VersionsFile, err)
		}
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	if data, err := os.ReadFile(filepath.Join(r.Root, "go.work")); err == nil {
		if r.Work, err = modfile.ParseWork("go.work", data, nil); err != nil {
			return nil, err
		}
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	r.Changelog = &Changelog{}
	if data, err := os.ReadFile(filepath.Join(r.Root, ChangelogFile)); err == nil {
		r.Changelog = ParseChangelog(data)
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	return r, nil
}

// skipDir reports whether the go command ignores the slash-separated
// directory dir: it or a parent is testdata, vendor or starts with . or _.
func skipDir(dir string) bool {
	if dir == "." {
		return false
	}
	for _, e := range strings.Split(dir, "/") {
		if e == "testdata" || e == "vendor" || strings.HasPrefix(e, ".") || strings.HasPrefix(e, "_") {
			return true
		}
	}
	return false
}

// Module returns the module in directory dir, or nil.
func (r *Repo) Module(dir string) *Module { return r.byDir[dir] }

// ModuleByPath returns the module with module path p, or nil.
func (r *Repo) ModuleByPath(p string) *Module { return r.byPath[p] }

// ModuleOfPackage returns the module of the repository that provides the
// package with import path pkg, or nil.
func (r *Repo) ModuleOfPackage(pkg string) *Module {
	for p := pkg; ; p = path.Dir(p) {
		if m := r.byPath[p]; m != nil {
			return m
		}
		if !strings.Contains(p, "/") {
			return nil
		}
	}
}

// siblingReqs returns the directories of the siblings that f requires.
func (r *Repo) siblingReqs(f *modfile.File) []string {
	var dirs []string
	for _, req := range f.Require {
		if m := r.byPath[req.Mod.Path]; m != nil {
			dirs = append(dirs, m.Dir)
		}
	}
	return dirs
}

// topoSort sorts modules so that each comes after the modules it requires
// (deps returns their directories), and otherwise by directory.
func topoSort(mods []*Module, deps func(*Module) []string) ([]*Module, error) {
	sort.Slice(mods, func(i, j int) bool { return mods[i].Dir < mods[j].Dir })
	byDir := map[string]*Module{}
	for _, m := range mods {
		byDir[m.Dir] = m
	}
	const (
		visiting = 1
		done     = 2
	)
	state := map[string]int{}
	var out []*Module
	var visit func(m *Module, stack []string) error
	visit = func(m *Module, stack []string) error {
		switch state[m.Dir] {
		case done:
			return nil
		case visiting:
			return fmt.Errorf("modules require each other in a cycle: %s -> %s (dependencies must point one way)", strings.Join(stack, " -> "), m.Dir)
		}
		state[m.Dir] = visiting
		ds := deps(m)
		sort.Strings(ds)
		for _, d := range ds {
			if dm := byDir[d]; dm != nil {
				if err := visit(dm, append(stack, m.Dir)); err != nil {
					return err
				}
			}
		}
		state[m.Dir] = done
		out = append(out, m)
		return nil
	}
	for _, m := range mods {
		if err := visit(m, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// git runs git in the repository root and returns its trimmed output.
func (r *Repo) git(args ...string) (string, error) {
	return r.gitIn(r.Root, args...)
}

func (r *Repo) gitIn(dir string, args ...string) (string, error) {
	out, err := r.gitBytesIn(dir, nil, args...)
	return strings.TrimSpace(string(out)), err
}

// gitBytes runs git in the repository root with stdin (which may be nil)
// and returns its output.
func (r *Repo) gitBytes(stdin []byte, args ...string) ([]byte, error) {
	return r.gitBytesIn(r.Root, stdin, args...)
}

func (r *Repo) gitBytesIn(dir string, stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(r.ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = r.env
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return stdout.Bytes(), fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.Bytes(), nil
}

// resolveCommit returns the full hash of the commit rev names.
func (r *Repo) resolveCommit(rev string) (string, error) {
	c, err := r.git("rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil || c == "" {
		return "", fmt.Errorf("%s does not name a commit of this repository", rev)
	}
	return c, nil
}

// isSibling reports whether module path p is a module of this repository.
func (r *Repo) isSibling(p string) bool { return r.byPath[p] != nil }

// sumdbPattern returns a GONOSUMDB pattern list covering every module of the
// repository: the longest common path prefix of their paths.
func (r *Repo) sumdbPattern() string {
	var paths []string
	for _, m := range r.Modules {
		paths = append(paths, m.Path)
	}
	prefix := paths[0]
	for _, p := range paths[1:] {
		for prefix != "" && p != prefix && !strings.HasPrefix(p, prefix+"/") {
			if i := strings.LastIndex(prefix, "/"); i >= 0 {
				prefix = prefix[:i]
			} else {
				prefix = ""
			}
		}
	}
	if prefix == "" || !strings.Contains(prefix, ".") {
		return strings.Join(paths, ",")
	}
	return prefix
}

// checkModulePath reports a problem if a module's path does not match the
// directory its tags are named after: the go command finds module m at tag
// <dir>/vX.Y.Z only if its path ends in /<dir> (plus a /vN suffix).
func checkModulePath(m *Module) string {
	if m.Dir == "." {
		return ""
	}
	p, _, _ := module.SplitPathVersion(m.Path)
	if !strings.HasSuffix(p, "/"+m.Dir) && !strings.HasSuffix(m.Path, "/"+m.Dir) {
		return fmt.Sprintf("module path %s does not end in /%s: the go command would not find its tags %s/vX.Y.Z", m.Path, m.Dir, m.Dir)
	}
	return ""
}

// getenv returns the value of key in env (the last one wins), or "".
func getenv(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// withEnv returns env with the settings kv (key=value) replacing any
// earlier values of the same keys.
func withEnv(env []string, kv ...string) []string {
	drop := map[string]bool{}
	for _, s := range kv {
		k, _, _ := strings.Cut(s, "=")
		drop[k] = true
	}
	var out []string
	for _, s := range env {
		k, _, _ := strings.Cut(s, "=")
		if !drop[k] {
			out = append(out, s)
		}
	}
	return append(out, kv...)
}

// removeAll removes dir even if it holds read-only directories, as a
// module cache does.
func removeAll(dir string) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o755)
		}
		return nil
	})
	os.RemoveAll(dir)
}
