package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// tidy runs "go mod tidy" for modules outside the workspace and writes the
// result back to the working tree, which a developer cannot do with the
// go command alone while the siblings are unpublished:
//
//	tidy [-require version] [module...]
//
// A sibling a module imports but does not require is first added at
// version (default: the sibling's latest recorded release). Siblings come
// from the recorded releases or, at versions not recorded yet (a release
// being prepared), from their working trees. go.sum gets no lines for
// siblings. go.work gets a mapping for every sibling version required.
func (t *tool) tidy(args []string) error {
	fs := flag.NewFlagSet("tidy", flag.ContinueOnError)
	fs.SetOutput(t.errOut)
	reqVersion := fs.String("require", "", "require missing siblings at `version` instead of their latest releases")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *reqVersion != "" && !semver.IsValid(*reqVersion) {
		return usageError("-require %q is not a version", *reqVersion)
	}
	r := t.repo
	only := map[string]bool{}
	for _, d := range args {
		d = strings.TrimSuffix(strings.TrimPrefix(d, "./"), "/")
		if r.Module(d) == nil {
			return usageError("no module in directory %q", d)
		}
		only[d] = true
	}
	e, err := t.newEngine(r.Versions, r.ContentWorktree)
	if err != nil {
		return err
	}
	// Unrecorded versions come from the working tree, read when first
	// needed: modules are tidied in dependency order, so a sibling's go.mod
	// is final by then.
	e.unrecorded = func(m *Module, v string) (*Content, error) { return r.ContentWorktree(m) }

	var probs []string
	for _, m := range r.Modules {
		if len(only) > 0 && !only[m.Dir] {
			continue
		}
		gmPath := filepath.Join(r.Root, filepath.FromSlash(m.Dir), "go.mod")
		before, err := os.ReadFile(gmPath)
		if err != nil {
			return err
		}
		// Missing sibling requirements.
		c, err := r.ContentWorktree(m)
		if err != nil {
			return err
		}
		imps, err := scanImports(c)
		if err != nil {
			return err
		}
		f, err := modfile.Parse(gmPath, before, nil)
		if err != nil {
			return err
		}
		reqd := reqMap(f)
		var added []string
		for _, p := range sortedKeys(imps) {
			s := r.ModuleOfPackage(p)
			if s == nil || s == m || reqd[s.Path] != "" {
				continue
			}
			v := *reqVersion
			if v == "" {
				rel, ok := r.Versions.Latest(s.Dir)
				if !ok {
					probs = append(probs, fmt.Sprintf("%s imports %s, but %s has no release: name the version it will have with -require", m.Dir, p, s.Dir))
					continue
				}
				v = rel.Version
			}
			if err := f.AddRequire(s.Path, v); err != nil {
				return err
			}
			reqd[s.Path] = v
			added = append(added, s.Dir+" "+v)
		}
		f.Cleanup()
		edited, err := f.Format()
		if err != nil {
			return err
		}
		if err := os.WriteFile(gmPath, edited, 0o644); err != nil {
			return err
		}
		c, err = r.ContentWorktree(m)
		if err != nil {
			return err
		}
		if err := e.ensureReqs(m.Dir, c.GoMod); err != nil {
			os.WriteFile(gmPath, before, 0o644)
			probs = append(probs, err.Error())
			continue
		}
		dir, err := e.copyOut(c, m.Dir)
		if err != nil {
			return err
		}
		if out, err := e.goOff(dir, "mod", "tidy"); err != nil {
			os.WriteFile(gmPath, before, 0o644)
			probs = append(probs, fmt.Sprintf("%s: go mod tidy failed:\n%s", m.Dir, indent(out)))
			continue
		}
		tidied, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err != nil {
			return err
		}
		if err := os.WriteFile(gmPath, tidied, 0o644); err != nil {
			return err
		}
		sumChanged, err := t.writeSum(m, filepath.Join(dir, "go.sum"))
		if err != nil {
			return err
		}
		// The module's go.mod is now final: refresh the repository's view.
		if m.GoMod, err = modfile.Parse(gmPath, tidied, nil); err != nil {
			return err
		}
		m.GoModRaw = tidied
		switch {
		case !bytes.Equal(before, tidied) || sumChanged:
			what := "go.mod"
			if sumChanged {
				what += ", go.sum"
			}
			if len(added) > 0 {
				what += " (required " + strings.Join(added, ", ") + ")"
			}
			t.printf("%-10s tidied: %s\n", m.Dir, what)
		default:
			t.printf("%-10s already tidy\n", m.Dir)
		}
	}
	n, err := t.mapRequired()
	if err != nil {
		return err
	}
	if n > 0 {
		t.printf("go.work: mapped %d sibling version(s) to their directories\n", n)
	}
	if len(probs) > 0 {
		for _, p := range probs {
			t.printf("FAIL %s\n", strings.ReplaceAll(p, "\n", "\n     "))
		}
		return errFailed
	}
	return nil
}

// writeSum writes the go.sum made by go mod tidy (file src) to module m,
// without the lines for siblings, and reports whether that changed it.
func (t *tool) writeSum(m *Module, src string) (bool, error) {
	data, err := os.ReadFile(src)
	if os.IsNotExist(err) {
		data = nil
	} else if err != nil {
		return false, err
	}
	var keep []string
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || t.repo.isSibling(f[0]) {
			continue
		}
		keep = append(keep, l)
	}
	sort.Strings(keep)
	dst := filepath.Join(t.repo.Root, filepath.FromSlash(m.Dir), "go.sum")
	old, err := os.ReadFile(dst)
	if err != nil && !os.IsNotExist(err) {
		return false, err
	}
	var out []byte
	if len(keep) > 0 {
		out = []byte(strings.Join(keep, "\n") + "\n")
	}
	if bytes.Equal(old, out) {
		return false, nil
	}
	if len(out) == 0 {
		return true, os.Remove(dst)
	}
	return true, os.WriteFile(dst, out, 0o644)
}

// mapRequired adds to go.work a mapping for every sibling version that a
// go.mod of the working tree requires, and reports how many it added.
func (t *tool) mapRequired() (int, error) {
	r := t.repo
	v := &Versions{}
	for _, m := range r.Modules {
		for _, req := range m.GoMod.Require {
			if s := r.ModuleByPath(req.Mod.Path); s != nil {
				if _, ok := v.Find(s.Dir, req.Mod.Version); !ok {
					v.Add(s.Dir, Release{Version: req.Mod.Version})
				}
			}
		}
	}
	return addWorkReplacements(r, v)
}
