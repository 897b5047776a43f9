package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// Problem is one reason for check or prepare to fail: which module, what
// is wrong (naming the requirement) and what to do.
type Problem struct {
	Module string
	Msg    string
}

// floorResult is the outcome of testing a module at its minimum versions.
type floorResult struct {
	problems []Problem
	notes    []string
	raise    []module.Version // requirements to raise so that the tests pass
}

// testFloors copies module m's content c out as a user gets it and runs its
// tests outside the workspace, with its sibling requirements at exactly
// the versions its go.mod names, served from the recorded releases.
func (e *engine) testFloors(m *Module, c *Content) floorResult {
	var res floorResult
	fail := func(format string, args ...any) {
		res.problems = append(res.problems, Problem{m.Dir, fmt.Sprintf(format, args...)})
	}
	if err := e.ensureReqs(m.Dir, c.GoMod); err != nil {
		var u *unrecordedError
		if errors.As(err, &u) {
			fail("cannot test at minimum versions: %v.\n"+
				"Require a recorded release, or release %s first (go run ./release prepare %s).", err, u.dir, u.dir)
		} else {
			fail("cannot build the local module proxy: %v", err)
		}
		return res
	}
	dir, err := e.copyOut(c, m.Dir)
	if err != nil {
		fail("cannot copy the module out of its module zip: %v", err)
		return res
	}

	// go mod tidy says whether go.mod lists exactly what the module needs
	// and whether minimal version selection raises a requirement.
	changes, err := e.tidyDiff(dir, c.GoMod)
	if err != nil {
		fail("go mod tidy fails outside the workspace (GOWORK=off, siblings from the recorded releases):\n%s", indent(err.Error()))
	}
	for _, ch := range changes {
		sib := e.r.ModuleByPath(ch.path)
		switch {
		case ch.old == "" && sib != nil:
			fail("%s/go.mod does not require %s, which its packages or tests import.\n"+
				"Require the oldest release of %s that has what %s uses: go mod edit -require=%s@vX.Y.Z %s/go.mod (or go run ./release tidy %s for the latest).",
				m.Dir, ch.path, sib.Dir, m.Dir, ch.path, m.Dir, m.Dir)
		case ch.old == "":
			fail("%s/go.mod does not require %s, which the build of its packages or tests needs (go mod tidy adds %s %s).\n"+
				"Tidy it: go run ./release tidy %s", m.Dir, ch.path, ch.path, ch.new, m.Dir)
		case ch.new == "":
			fail("%s/go.mod requires %s %s, but no package or test of %s needs it.\n"+
				"Tidy it: go run ./release tidy %s (or go mod edit -droprequire=%s %s/go.mod)", m.Dir, ch.path, ch.old, m.Dir, m.Dir, ch.path, m.Dir)
		default:
			res.notes = append(res.notes, fmt.Sprintf("%s: requires %s %s, but minimal version selection picks %s (another requirement needs it), so %s is never tested or used; consider requiring %s",
				m.Dir, ch.path, ch.old, ch.new, ch.old, ch.new))
		}
	}

	tr := e.goTest(dir)
	if tr.ok {
		e.t.printf("ok    %-10s tests at minimum versions (%s) %s\n", m.Dir, reqSummary(e.r, c.GoMod), tr.elapsed)
		return res
	}
	e.t.printf("FAIL  %-10s tests at minimum versions (%s) %s\n", m.Dir, reqSummary(e.r, c.GoMod), tr.elapsed)
	log := e.saveLog(m.Dir, tr.out)
	e.t.printf("%s\n", failureText(tr.out, 40))
	what, raise := e.diagnose(m, c, dir, tr.out)
	res.raise = raise
	fail("its tests fail outside the workspace at the minimum versions its go.mod requires (%s; full output in %s).\n%s",
		reqSummary(e.r, c.GoMod), log, what)
	return res
}

// reqSummary lists the sibling requirements of a go.mod: "cpufeat v0.1.0, internal v0.1.0".
func reqSummary(r *Repo, gomod []byte) string {
	f, err := modfile.Parse("go.mod", gomod, nil)
	if err != nil {
		return "?"
	}
	var s []string
	for _, req := range f.Require {
		if m := r.ModuleByPath(req.Mod.Path); m != nil {
			s = append(s, m.Dir+" "+req.Mod.Version)
		}
	}
	if len(s) == 0 {
		return "no siblings"
	}
	return strings.Join(s, ", ")
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n\t")
}

// diagnose finds out why module m, copied to dir, fails at its minimum
// versions, by trying again with raised requirements: it returns what to
// do and the requirements to raise, if raising them is the fix.
func (e *engine) diagnose(m *Module, c *Content, dir, out string) (string, []module.Version) {
	gf, err := modfile.Parse("go.mod", c.GoMod, nil)
	if err != nil {
		return err.Error(), nil
	}
	// A failure to build is checked quickly with -run=^$; the fix found is
	// then confirmed by the whole test run.
	buildFailed := strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]")
	try := func(edit func(*modfile.File) error) bool {
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), c.GoMod, 0o644); err != nil {
			return false
		}
		defer os.WriteFile(filepath.Join(dir, "go.mod"), c.GoMod, 0o644)
		if err := editGoMod(dir, edit); err != nil {
			return false
		}
		if buildFailed {
			if o, err := e.goOff(dir, "test", "-trimpath", "-run=^$", "./..."); err != nil || strings.Contains(o, "[build failed]") {
				return false
			}
		}
		return e.goTest(dir).ok
	}
	raiseTo := func(vs []module.Version) func(*modfile.File) error {
		return func(f *modfile.File) error {
			for _, v := range vs {
				if err := e.ensure(m.Dir, v); err != nil {
					return err
				}
				if err := f.AddRequire(v.Path, v.Version); err != nil {
					return err
				}
			}
			return nil
		}
	}
	var sibs []*Module // direct sibling requirements, dependencies first
	cur := map[string]string{}
	for _, req := range gf.Require {
		if s := e.r.ModuleByPath(req.Mod.Path); s != nil {
			cur[s.Dir] = req.Mod.Version
		}
	}
	for _, s := range e.r.Modules {
		if _, ok := cur[s.Dir]; ok {
			sibs = append(sibs, s)
		}
	}

	// 1. One requirement raised to a later release, lowest first.
	var all []module.Version
	for _, s := range sibs {
		later := e.laterReleases(s.Dir, cur[s.Dir])
		if len(later) == 0 {
			continue
		}
		all = append(all, module.Version{Path: s.Path, Version: later[len(later)-1]})
		if len(later) > 3 { // the lowest two, then the latest
			later = append(later[:2:2], later[len(later)-1])
		}
		for _, v := range later {
			mv := module.Version{Path: s.Path, Version: v}
			e.t.printf("      %-10s trying %s %s instead of %s\n", m.Dir, s.Dir, v, cur[s.Dir])
			if try(raiseTo([]module.Version{mv})) {
				return fmt.Sprintf("It passes with %s %s: %s uses something %s %s does not have.\n"+
					"Raise the requirement: go mod edit -require=%s@%s %s/go.mod",
					s.Dir, v, m.Dir, s.Dir, cur[s.Dir], s.Path, v, m.Dir), []module.Version{mv}
			}
		}
	}
	// 2. All of them raised to their latest releases.
	if len(all) > 1 {
		e.t.printf("      %-10s trying the latest releases of all its siblings\n", m.Dir)
		if try(raiseTo(all)) {
			var s []string
			for _, v := range all {
				s = append(s, fmt.Sprintf("go mod edit -require=%s@%s %s/go.mod", v.Path, v.Version, m.Dir))
			}
			return "It passes with the latest releases of its siblings. Raise the requirements:\n\t" + strings.Join(s, "\n\t"), all
		}
	}
	// 3. Unreleased changes of the siblings it requires.
	var changed []*Module
	for _, s := range e.r.Modules {
		if s == m || !e.dependsOn(gf, s.Path) {
			continue
		}
		if ch, err := e.changed(s); err == nil && ch {
			changed = append(changed, s)
		}
	}
	withCands := func(ss []*Module) func(*modfile.File) error {
		return func(f *modfile.File) error {
			for _, s := range ss {
				sc, err := e.candidate(s)
				if err != nil {
					return err
				}
				if err := e.ensureReqs(s.Dir, sc.GoMod); err != nil {
					return err
				}
				sdir, err := e.copyOut(sc, s.Dir+"-"+sc.Origin)
				if err != nil {
					return err
				}
				if err := f.AddReplace(s.Path, "", sdir, ""); err != nil {
					return err
				}
			}
			return nil
		}
	}
	origin := "working tree"
	if len(changed) > 0 {
		c0, _ := e.candidate(changed[0])
		origin = c0.Origin
	}
	for _, s := range changed {
		e.t.printf("      %-10s trying %s's %s\n", m.Dir, s.Dir, origin)
		if try(withCands([]*Module{s})) {
			return fmt.Sprintf("It passes with %s's %s: %s needs changes to %s that are not released yet.\n"+
				"Release %s first (go run ./release prepare %s), then require the new version in %s/go.mod.",
				s.Dir, origin, m.Dir, s.Dir, s.Dir, s.Dir, m.Dir), nil
		}
	}
	if len(changed) > 1 {
		e.t.printf("      %-10s trying the %s of all its changed siblings\n", m.Dir, origin)
		if try(withCands(changed)) {
			var ds []string
			for _, s := range changed {
				ds = append(ds, s.Dir)
			}
			return fmt.Sprintf("It passes with the %s of %s: %s needs their unreleased changes.\n"+
				"Release them first (go run ./release prepare %s), then require the new versions in %s/go.mod.",
				origin, strings.Join(ds, ", "), m.Dir, strings.Join(ds, " "), m.Dir), nil
		}
	}
	return fmt.Sprintf("Raising its sibling requirements to later releases does not help: the failure is %s's own (or needs a fix in a sibling first). Run its tests with GOWORK=off to see it.", m.Dir), nil
}

// dependsOn reports whether the requirements in f reach module path p,
// directly or through the go.mod files of recorded sibling releases.
func (e *engine) dependsOn(f *modfile.File, p string) bool {
	seen := map[module.Version]bool{}
	var walk func(reqs []*modfile.Require) bool
	walk = func(reqs []*modfile.Require) bool {
		for _, req := range reqs {
			if req.Mod.Path == p {
				return true
			}
			s := e.r.ModuleByPath(req.Mod.Path)
			if s == nil || seen[req.Mod] {
				continue
			}
			seen[req.Mod] = true
			c, err := e.releasedContent(s, req.Mod.Version)
			if err != nil {
				continue
			}
			sf, err := modfile.Parse("go.mod", c.GoMod, nil)
			if err == nil && walk(sf.Require) {
				return true
			}
		}
		return false
	}
	return walk(f.Require)
}

// testDependents runs the tests of the latest released versions of the
// modules that depend on m against m's candidate content c: a change to m
// that would break users of a released dependent is caught here, before m
// is released.
func (e *engine) testDependents(m *Module, c *Content) []Problem {
	return e.testDependentsTogether([]*Module{m}, map[*Module]*Content{m: c})
}

// testDependentsTogether is testDependents for several changed modules at
// once: each released module that depends on any of them runs its tests
// once, with the candidate contents of all those it depends on. Only if
// that fails does each of them get a run of its own, so that the problem
// names the module whose change breaks the dependent; if none fails alone,
// the problem is the combination's.
func (e *engine) testDependentsTogether(ms []*Module, cs map[*Module]*Content) []Problem {
	var probs []Problem
	tested := map[*Module]bool{}
	for _, n := range e.r.Modules {
		var others []*Module
		for _, m := range ms {
			if m != n {
				others = append(others, m)
			}
		}
		d, ok, p := e.dependent(n, others)
		if p != nil {
			probs = append(probs, *p)
		}
		if !ok {
			continue
		}
		for _, m := range d.on {
			tested[m] = true
		}
		if len(d.on) == 1 {
			if _, p := e.testDependent(d, d.on, cs); p != nil {
				probs = append(probs, *p)
			}
			continue
		}
		out, p := e.testDependent(d, d.on, cs)
		if p == nil {
			continue
		}
		e.t.printf("      %-10s each of %s alone:\n", n.Dir, moduleDirs(d.on))
		alone := 0
		for _, m := range d.on {
			if _, p := e.testDependent(d, []*Module{m}, cs); p != nil {
				probs = append(probs, *p)
				alone++
			}
		}
		if alone == 0 {
			log := e.saveLog(n.Dir+"-with-all", out)
			probs = append(probs, Problem{n.Dir, fmt.Sprintf(
				"the released %s %s fails its tests with the changes of %s together, though with each alone it passes (full output in %s).\n"+
					"Users who upgrade them all would be broken: find the combination that breaks it and keep the modules compatible with what %s %s uses.",
				n.Dir, d.rel, moduleDirs(d.on), log, n.Dir, d.rel)})
		}
	}
	for _, m := range ms {
		if !tested[m] {
			e.t.printf("      %-10s no released module depends on it\n", m.Dir)
		}
	}
	return probs
}

// moduleDirs lists the directories of ms, separated by commas.
func moduleDirs(ms []*Module) string {
	dirs := make([]string, len(ms))
	for i, m := range ms {
		dirs[i] = m.Dir
	}
	return strings.Join(dirs, ", ")
}

// dependentRelease is the latest release of a module n and the changed
// modules among those it depends on.
type dependentRelease struct {
	n   *Module
	rel string
	nc  *Content
	on  []*Module
}

// dependent reports whether the latest release of n depends on any of ms,
// and which, with a problem if its content cannot be had.
func (e *engine) dependent(n *Module, ms []*Module) (dependentRelease, bool, *Problem) {
	rel, ok := e.t.repo.Versions.Latest(n.Dir) // released ones only, not those being prepared
	if !ok || len(ms) == 0 {
		return dependentRelease{}, false, nil
	}
	nc, err := e.releasedContent(n, rel.Version)
	if err != nil {
		return dependentRelease{}, false, &Problem{n.Dir, err.Error()}
	}
	nf, err := modfile.Parse("go.mod", nc.GoMod, nil)
	if err != nil {
		return dependentRelease{}, false, nil
	}
	d := dependentRelease{n: n, rel: rel.Version, nc: nc}
	for _, m := range ms {
		if e.dependsOn(nf, m.Path) {
			d.on = append(d.on, m)
		}
	}
	return d, len(d.on) > 0, nil
}

// testDependent runs the tests of the release d with the candidate
// contents cs of the modules on in place of the releases it requires, and
// returns their output, and a problem if they fail. A failure with one
// module names that module; with several, the caller attributes it.
func (e *engine) testDependent(d dependentRelease, on []*Module, cs map[*Module]*Content) (string, *Problem) {
	n, rel, nc := d.n, d.rel, d.nc
	var origins []string
	for _, m := range on {
		origins = append(origins, m.Dir+"'s "+cs[m].Origin)
	}
	with := strings.Join(origins, ", ")
	what := fmt.Sprintf("%s %s with %s", n.Dir, rel, with)
	if err := e.ensureReqs(n.Dir+" "+rel, nc.GoMod); err != nil {
		return "", &Problem{n.Dir, fmt.Sprintf("cannot test %s: %v", what, err)}
	}
	for _, m := range on {
		if err := e.ensureReqs(m.Dir, cs[m].GoMod); err != nil {
			return "", nil // reported by the minimum-version check of m
		}
	}
	ndir, err := e.copyOut(nc, n.Dir+"@"+rel)
	for _, m := range on {
		if err != nil {
			break
		}
		var mdir string
		if mdir, err = e.copyOut(cs[m], m.Dir+"-candidate"); err == nil {
			err = editGoMod(ndir, func(f *modfile.File) error { return f.AddReplace(m.Path, "", mdir, "") })
		}
	}
	if err != nil {
		return "", &Problem{n.Dir, fmt.Sprintf("cannot test %s: %v", what, err)}
	}
	tr := e.goTest(ndir)
	if tr.ok {
		e.t.printf("ok    %-10s released %s tests with %s %s\n", n.Dir, rel, with, tr.elapsed)
		return tr.out, nil
	}
	e.t.printf("FAIL  %-10s released %s tests with %s %s\n%s\n", n.Dir, rel, with, tr.elapsed, failureText(tr.out, 40))
	if len(on) > 1 {
		return tr.out, &Problem{n.Dir, "fails with " + with}
	}
	m, c := on[0], cs[on[0]]
	log := e.saveLog(n.Dir+"-with-"+m.Dir, tr.out)
	return tr.out, &Problem{m.Dir, fmt.Sprintf(
		"the released %s %s fails its tests with %s's %s (full output in %s).\n"+
			"Users of %s %s who upgrade %s would be broken: keep %s compatible with what %s %s uses (or, if %s %s relies on a bug, release a fixed %s first and say so in the changelog).",
		n.Dir, rel, m.Dir, c.Origin, log, n.Dir, rel, m.Dir, m.Dir, n.Dir, rel, n.Dir, rel, n.Dir)}
}
