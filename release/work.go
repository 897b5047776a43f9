package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// In workspace mode the go command still reads the go.mod file of every
// module version in the module graph, sibling requirements included, from
// the module cache or GOPROXY, even though the workspace's own copy of
// the sibling is what gets built. A sibling release is not on any proxy
// until its tag is published, and a fresh clone has no module cache, so
// go.work maps each recorded release to the sibling's directory:
//
//	replace github.com/crypton-go/crypton/cpufeat v0.1.0 => ./cpufeat
//
// (a replacement of every version of a workspace module is an error).
// The go command then needs neither network nor checksums for siblings.

// workDir returns the go.work form of module m's directory: "./dir".
func workDir(m *Module) string {
	if m.Dir == "." {
		return "."
	}
	return "./" + m.Dir
}

// workProblems checks go.work: it uses every module, and maps every sibling
// version a go.mod of the working tree requires to the sibling's directory.
func workProblems(r *Repo) []Problem {
	if r.Work == nil {
		return nil
	}
	var probs []Problem
	used := map[string]bool{}
	for _, u := range r.Work.Use {
		used[path.Clean(filepath.ToSlash(u.Path))] = true
	}
	for _, m := range r.Modules {
		if !used[path.Clean(m.Dir)] {
			probs = append(probs, Problem{m.Dir, fmt.Sprintf("go.work does not use %s: add it: go work use %s", workDir(m), workDir(m))})
		}
	}
	repl := workReplacements(r)
	for _, m := range r.Modules {
		for _, req := range m.GoMod.Require {
			s := r.ModuleByPath(req.Mod.Path)
			if s == nil {
				continue
			}
			got, ok := repl[req.Mod]
			switch {
			case !ok:
				probs = append(probs, Problem{m.Dir, fmt.Sprintf(
					"%s/go.mod requires %s %s, but go.work does not map that version to %s, so the workspace would fetch its go.mod from GOPROXY.\n"+
						"Add the mapping: go work edit -replace=%s@%s=%s",
					m.Dir, req.Mod.Path, req.Mod.Version, workDir(s), req.Mod.Path, req.Mod.Version, workDir(s))})
			case got != path.Clean(s.Dir):
				probs = append(probs, Problem{m.Dir, fmt.Sprintf("go.work replaces %s %s with ./%s, not with %s: fix it: go work edit -replace=%s@%s=%s",
					req.Mod.Path, req.Mod.Version, got, workDir(s), req.Mod.Path, req.Mod.Version, workDir(s))})
			}
		}
	}
	return probs
}

// workReplacements returns go.work's replacements of sibling versions
// with local directories (cleaned, slash-separated).
func workReplacements(r *Repo) map[module.Version]string {
	repl := map[module.Version]string{}
	for _, rp := range r.Work.Replace {
		if r.ModuleByPath(rp.Old.Path) != nil && rp.New.Version == "" {
			repl[rp.Old] = path.Clean(filepath.ToSlash(rp.New.Path))
		}
	}
	return repl
}

// addWorkReplacements adds to go.work the mappings of the releases in vers
// that it lacks, and writes it; it reports how many it added.
func addWorkReplacements(r *Repo, vers *Versions) (int, error) {
	if r.Work == nil {
		return 0, nil
	}
	repl := workReplacements(r)
	var add []module.Version
	for _, m := range r.Modules {
		for _, rel := range vers.Releases[m.Dir] {
			mv := module.Version{Path: m.Path, Version: rel.Version}
			if _, ok := repl[mv]; !ok {
				add = append(add, mv)
			}
		}
	}
	if len(add) == 0 {
		return 0, nil
	}
	sort.Slice(add, func(i, j int) bool {
		if add[i].Path != add[j].Path {
			return add[i].Path < add[j].Path
		}
		return add[i].Version < add[j].Version
	})
	for _, mv := range add {
		if err := r.Work.AddReplace(mv.Path, mv.Version, workDir(r.ModuleByPath(mv.Path)), ""); err != nil {
			return 0, err
		}
	}
	r.Work.Cleanup()
	groupReplaces(r.Work.Syntax, func(p string) bool { return r.ModuleByPath(p) != nil })
	data := modfile.Format(r.Work.Syntax)
	if err := os.WriteFile(filepath.Join(r.Root, "go.work"), data, 0o644); err != nil {
		return 0, err
	}
	return len(add), nil
}

// groupReplaces gathers the replace directives of siblings (sibling
// reports whether a module path is one) into one sorted block, where the
// first of them was.
func groupReplaces(fs *modfile.FileSyntax, sibling func(string) bool) {
	var lines []*modfile.Line
	var out []modfile.Expr
	at := -1
	take := func(l *modfile.Line, toks []string) {
		if at < 0 {
			at = len(out)
			out = append(out, nil)
		}
		c := *l
		c.Token = toks
		c.InBlock = true
		lines = append(lines, &c)
	}
	for _, st := range fs.Stmt {
		switch x := st.(type) {
		case *modfile.Line:
			if len(x.Token) > 1 && x.Token[0] == "replace" && sibling(x.Token[1]) {
				take(x, x.Token[1:])
				continue
			}
		case *modfile.LineBlock:
			if len(x.Token) == 1 && x.Token[0] == "replace" {
				all := true
				for _, l := range x.Line {
					all = all && len(l.Token) > 0 && sibling(l.Token[0])
				}
				if all {
					for _, l := range x.Line {
						take(l, l.Token)
					}
					continue
				}
			}
		}
		out = append(out, st)
	}
	if at < 0 {
		return
	}
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i].Token, lines[j].Token
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		if len(a) > 1 && len(b) > 1 {
			return semver.Compare(a[1], b[1]) < 0
		}
		return false
	})
	out[at] = &modfile.LineBlock{Token: []string{"replace"}, Line: lines}
	fs.Stmt = out
}
