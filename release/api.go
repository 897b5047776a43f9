package main

import (
	"context"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"sort"
	"strings"

	"golang.org/x/exp/apidiff"
	"golang.org/x/tools/go/packages"
)

// Level is the kind of an API change.
type Level int

const (
	None       Level = iota // no change to the API
	Compatible              // additions only
	Breaking                // something removed or changed
)

func (l Level) String() string {
	switch l {
	case None:
		return "none"
	case Compatible:
		return "compatible"
	}
	return "breaking"
}

// API is the exported API of a module: its packages, by import path, as
// the type checker sees them.
type API map[string]*types.Package

// loadAPI loads the exported API of the module with path modPath whose
// source is in dir, with the go command's environment env. Packages whose
// path has an "internal" element are included if keep says so (they are
// part of the API only if other modules of the repository import them);
// commands are not.
//
// The type information comes from the compiler's export data ("go list
// -export") read with the standard library's importer, which always
// matches the go command that wrote it.
func loadAPI(ctx context.Context, dir string, env []string, modPath string, keep func(string) bool) (API, error) {
	cfg := &packages.Config{
		Context: ctx,
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Dir:     dir,
		Env:     env,
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	export := map[string]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) { export[p.PkgPath] = p.ExportFile })
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(p string) (io.ReadCloser, error) {
		f := export[p]
		if f == "" {
			return nil, fmt.Errorf("no export data for %s", p)
		}
		return os.Open(f)
	})
	api := API{}
	for _, p := range pkgs {
		if p.Module == nil || p.Module.Path != modPath || p.Name == "main" {
			continue
		}
		if len(p.GoFiles) == 0 && len(p.Errors) == 0 {
			continue
		}
		if isInternal(p.PkgPath) && !keep(p.PkgPath) {
			continue
		}
		if len(p.Errors) > 0 {
			var msgs []string
			for _, e := range p.Errors {
				msgs = append(msgs, e.Error())
			}
			if len(p.GoFiles) == 0 && strings.Contains(strings.Join(msgs, " "), "build constraints exclude") {
				continue
			}
			return nil, fmt.Errorf("package %s does not build: %s", p.PkgPath, strings.Join(msgs, "; "))
		}
		if p.ExportFile == "" {
			return nil, fmt.Errorf("package %s has no export data: it or a package it imports does not build", p.PkgPath)
		}
		tp, err := imp.Import(p.PkgPath)
		if err != nil {
			return nil, fmt.Errorf("reading the export data of %s: %v", p.PkgPath, err)
		}
		api[p.PkgPath] = tp
	}
	return api, nil
}

func isInternal(pkgPath string) bool {
	for _, e := range strings.Split(pkgPath, "/") {
		if e == "internal" {
			return true
		}
	}
	return false
}

// apiChange is one difference between two versions of an API.
type apiChange struct {
	Level Level
	What  string // "hash/sha256: removed func Sum224"
}

// DiffAPI compares an API with its previous version, package by package,
// with golang.org/x/exp/apidiff (the rules of gorelease: what may break a
// program that uses the API, including added methods of interfaces that
// other packages can implement, lost comparability and changed method
// sets). A package added is a compatible change, one removed a breaking one.
func DiffAPI(old, new API) (Level, []apiChange) {
	var changes []apiChange
	add := func(l Level, format string, args ...any) {
		changes = append(changes, apiChange{l, fmt.Sprintf(format, args...)})
	}
	for _, p := range sortedKeys(old) {
		if _, ok := new[p]; !ok {
			add(Breaking, "%s: package removed", p)
		}
	}
	for _, p := range sortedKeys(new) {
		o, ok := old[p]
		if !ok {
			add(Compatible, "%s: package added", p)
			continue
		}
		for _, c := range apidiff.Changes(o, new[p]).Changes {
			l := Breaking
			if c.Compatible {
				l = Compatible
			}
			add(l, "%s: %s", p, c.Message)
		}
	}
	level := None
	for _, c := range changes {
		if c.Level > level {
			level = c.Level
		}
	}
	return level, changes
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// crossImports returns the packages of each module that other modules of
// the repository import (tests included), from their working trees.
func crossImports(r *Repo) (map[string]bool, error) {
	imported := map[string]bool{}
	for _, m := range r.Modules {
		c, err := r.ContentWorktree(m)
		if err != nil {
			return nil, err
		}
		imps, err := scanImports(c)
		if err != nil {
			return nil, err
		}
		for p := range imps {
			if s := r.ModuleOfPackage(p); s != nil && s != m {
				imported[p] = true
			}
		}
	}
	return imported, nil
}

// apiDiff compares the API of module m's latest release with that of its
// candidate: from the working tree in the workspace (worktree true) or
// from the candidate content copied out and built against the proxy.
func (e *engine) apiDiff(m *Module, worktree bool) (Level, []apiChange, error) {
	_, old, ok, err := e.latestContent(m)
	if err != nil {
		return 0, nil, err
	}
	if !ok {
		return Compatible, nil, nil
	}
	cand, err := e.candidate(m)
	if err != nil {
		return 0, nil, err
	}
	if cand.Hash == old.Hash {
		return None, nil, nil
	}
	if e.cross == nil {
		if e.cross, err = crossImports(e.r); err != nil {
			return 0, nil, err
		}
	}
	keep := func(p string) bool { return e.cross[p] }
	if err := e.ensureReqs(m.Dir, old.GoMod); err != nil {
		return 0, nil, err
	}
	odir, err := e.copyOut(old, m.Dir+"-released")
	if err != nil {
		return 0, nil, err
	}
	oapi, err := loadAPI(e.t.ctx, odir, e.env, m.Path, keep)
	if err != nil {
		return 0, nil, fmt.Errorf("API of the latest release: %v", err)
	}
	var napi API
	if worktree {
		napi, err = loadAPI(e.t.ctx, e.r.Root+"/"+m.Dir, e.t.env, m.Path, keep)
	} else {
		if err = e.ensureReqs(m.Dir, cand.GoMod); err != nil {
			return 0, nil, err
		}
		var ndir string
		if ndir, err = e.copyOut(cand, m.Dir+"-"+cand.Origin); err == nil {
			napi, err = loadAPI(e.t.ctx, ndir, e.env, m.Path, keep)
		}
	}
	if err != nil {
		return 0, nil, fmt.Errorf("API of the %s: %v", cand.Origin, err)
	}
	level, changes := DiffAPI(oapi, napi)
	return level, changes, nil
}
