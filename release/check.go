package main

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
)

// check runs the release checks on the working tree.
func (t *tool) check(args []string) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(t.errOut)
	tests := fs.Bool("tests", true, "run the tests (minimum versions, reverse dependencies); false runs only the quick checks")
	short := fs.Bool("short", false, "run those tests with -short")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
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
	selected := func(m *Module) bool { return len(only) == 0 || only[m.Dir] }

	start := time.Now()
	var probs []Problem
	var notes []string
	fail := func(dir, format string, args ...any) {
		probs = append(probs, Problem{dir, fmt.Sprintf(format, args...)})
	}
	step := func(s string) { t.printf("\n--- %s (at %s)\n", s, time.Since(start).Round(time.Second)) }

	e, err := t.newEngine(r.Versions, r.ContentWorktree)
	if err != nil {
		return err
	}
	e.short = *short

	step("1. every module is in " + VersionsFile + " once and has a " + ChangelogFile + " section and a LICENSE")
	for _, m := range r.Modules {
		if !r.Versions.Listed(m.Dir) {
			fail(m.Dir, "%s/go.mod is not listed in %s.\n"+
				"Add a line %q to %s (a module with no release yet), or record its first release: go run ./release prepare %s v0.1.0",
				m.Dir, VersionsFile, m.Dir, VersionsFile, m.Dir)
		}
		if !r.Changelog.HasSection(m.Dir) {
			fail(m.Dir, "%s has no \"## %s\" section: add one, with a \"### Unreleased\" subsection for what changes next.", ChangelogFile, m.Dir)
		}
		if !r.HasLicenseWorktree(m) {
			fail(m.Dir, "%s is missing: every module carries its licence in its own directory (its zip holds nothing else); copy the root LICENSE there.", licensePath(m))
		}
		for _, rel := range r.Versions.Releases[m.Dir] {
			if r.Changelog.HasSection(m.Dir) && !r.Changelog.HasVersion(m.Dir, rel.Version) {
				fail(m.Dir, "%s records %s %s, but the \"## %s\" section of %s has no \"### %s\" heading: add it with what the release changed.",
					VersionsFile, m.Dir, rel.Version, m.Dir, ChangelogFile, rel.Version)
			}
		}
	}
	for _, d := range r.Versions.Dups {
		fail(d, "%s lists %s more than once: merge its releases under one line %q.", VersionsFile, d, d)
	}
	for _, d := range r.Versions.Dirs {
		if r.Module(d) == nil {
			fail(d, "%s lists %s, but there is no %s/go.mod in the working tree: remove its lines from %s if the module is gone for good.", VersionsFile, d, d, VersionsFile)
		}
	}
	t.printf("%d modules, %d recorded releases\n", len(r.Modules), countReleases(r.Versions))

	badGoMod := map[string]bool{} // modules whose go.mod must be fixed before their tests can run
	step("2. go.mod files: no replace directives, siblings required at recorded releases (and mapped in go.work)")
	for _, m := range r.Modules {
		if msg := checkModulePath(m); msg != "" {
			fail(m.Dir, "%s", msg)
		}
		for _, rel := range r.Versions.Releases[m.Dir] {
			probs = append(probs, t.checkRecorded(e, m, rel)...)
		}
		c, err := e.candidate(m)
		if err != nil {
			fail(m.Dir, "%v", err)
			continue
		}
		ps := goModProblems(r, r.Versions, m, c)
		if len(ps) > 0 {
			badGoMod[m.Dir] = true
		}
		probs = append(probs, ps...)
	}
	probs = append(probs, workProblems(r)...)
	if len(probs) == 0 {
		t.printf("ok\n")
	}

	if *tests {
		step("3. minimum versions: each module's tests, outside the workspace, against the releases its go.mod requires")
		for _, m := range r.Modules {
			if !selected(m) {
				continue
			}
			if badGoMod[m.Dir] {
				t.printf("skip  %-10s (fix the problems of its go.mod first)\n", m.Dir)
				continue
			}
			c, err := e.candidate(m)
			if err != nil {
				fail(m.Dir, "%v", err)
				continue
			}
			res := e.testFloors(m, c)
			probs = append(probs, res.problems...)
			notes = append(notes, res.notes...)
		}

		step("4. reverse dependencies: released dependents of changed modules, tested with their working trees")
		var changed []*Module
		cands := map[*Module]*Content{}
		for _, m := range r.Modules {
			if !selected(m) {
				continue
			}
			if _, ok := r.Versions.Latest(m.Dir); !ok {
				continue
			}
			ch, err := e.changed(m)
			if err != nil {
				fail(m.Dir, "%v", err)
				continue
			}
			if !ch {
				continue
			}
			c, _ := e.candidate(m)
			changed = append(changed, m)
			cands[m] = c
		}
		if len(changed) == 0 {
			t.printf("no released module has changes since its release\n")
		} else {
			// One run per dependent with all the changes it depends on;
			// runs per change only to find the one that breaks it.
			probs = append(probs, e.testDependentsTogether(changed, cands)...)
		}
	}

	step("5. unreleased changes that released modules depend on")
	flagged := t.unreleasedNotes(e)
	for _, m := range r.Modules {
		if rel, ok := r.Versions.Latest(m.Dir); ok && r.Changelog.HasSection(m.Dir) && r.Changelog.Unreleased(m.Dir) == "" {
			if ch, err := e.changed(m); err == nil && ch {
				flagged = append(flagged, fmt.Sprintf("%s has changes since %s but no entries under \"### Unreleased\" in %s (prepare will need them)", m.Dir, rel.Version, ChangelogFile))
			}
		}
	}
	for _, n := range flagged {
		t.printf("note: %s\n", n)
	}
	if len(flagged) == 0 {
		t.printf("none\n")
	}

	t.printf("\n")
	for _, n := range notes {
		t.printf("note: %s\n", n)
	}
	if len(probs) > 0 {
		sort.SliceStable(probs, func(i, j int) bool { return probs[i].Module < probs[j].Module })
		t.printf("\n%d problem(s):\n", len(probs))
		for _, p := range probs {
			t.printf("\nFAIL %s: %s\n", p.Module, strings.ReplaceAll(p.Msg, "\n", "\n     "))
		}
		t.printf("\nrelease check failed (%s)\n", time.Since(start).Round(time.Second))
		return errFailed
	}
	t.printf("release check passed (%s)\n", time.Since(start).Round(time.Second))
	return nil
}

func countReleases(v *Versions) int {
	n := 0
	for _, rs := range v.Releases {
		n += len(rs)
	}
	return n
}

// checkRecorded checks one recorded release: its commit exists and has the
// module (with the right path) in its directory, and a tag for it, if
// there is one, points at the commit.
func (t *tool) checkRecorded(e *engine, m *Module, rel Release) []Problem {
	r := t.repo
	var probs []Problem
	fail := func(format string, args ...any) {
		probs = append(probs, Problem{m.Dir, fmt.Sprintf(format, args...)})
	}
	if _, err := r.git("cat-file", "-e", rel.Commit+"^{commit}"); err != nil {
		fail("%s records %s %s at commit %s, which this clone does not have.\n"+
			"Fetch the whole history (git fetch --unshallow, or a full clone), or fix the commit in %s.", VersionsFile, m.Dir, rel.Version, rel.Commit, VersionsFile)
		return probs
	}
	c, err := e.releasedContent(m, rel.Version)
	if err != nil {
		fail("%s %s (commit %s): %v", m.Dir, rel.Version, short(rel.Commit), err)
		return probs
	}
	f, err := modfile.Parse("go.mod", c.GoMod, nil)
	if err != nil {
		fail("%s %s (commit %s): %v", m.Dir, rel.Version, short(rel.Commit), err)
		return probs
	}
	if f.Module.Mod.Path != m.Path {
		fail("%s %s (commit %s) is module %s, not %s", m.Dir, rel.Version, short(rel.Commit), f.Module.Mod.Path, m.Path)
	}
	tag := m.TagPrefix() + rel.Version
	if got, err := r.git("rev-parse", "--verify", "--quiet", "refs/tags/"+tag+"^{commit}"); err == nil && got != "" && got != rel.Commit {
		fail("tag %s points at %s, but %s records %s %s at %s.\n"+
			"Tags are derived from %s: one of them is wrong; a published tag must never move.", tag, short(got), VersionsFile, m.Dir, rel.Version, short(rel.Commit), VersionsFile)
	}
	return probs
}

// unreleasedNotes lists the modules with changes since their latest release
// that released modules depend on: those changes reach the dependents'
// users only when the module is released.
func (t *tool) unreleasedNotes(e *engine) []string {
	r := t.repo
	var notes []string
	for _, m := range r.Modules {
		rel, ok := r.Versions.Latest(m.Dir)
		if !ok {
			continue
		}
		ch, err := e.changed(m)
		if err != nil || !ch {
			continue
		}
		var deps []string
		for _, n := range r.Modules {
			nrel, ok := r.Versions.Latest(n.Dir)
			if !ok || n == m {
				continue
			}
			nc, err := e.releasedContent(n, nrel.Version)
			if err != nil {
				continue
			}
			if f, err := modfile.Parse("go.mod", nc.GoMod, nil); err == nil && e.dependsOn(f, m.Path) {
				deps = append(deps, n.Dir+" "+nrel.Version)
			}
		}
		if len(deps) == 0 {
			continue
		}
		notes = append(notes, fmt.Sprintf("%s has changes since %s (%s) that users of %s get only once %s is released (go run ./release prepare %s)",
			m.Dir, rel.Version, t.changeSummary(m, rel), strings.Join(deps, ", "), m.Dir, m.Dir))
	}
	return notes
}

// changeSummary says how module m changed since release rel: commits and
// uncommitted changes.
func (t *tool) changeSummary(m *Module, rel Release) string {
	r := t.repo
	var parts []string
	if n, err := r.git("rev-list", "--count", rel.Commit+"..HEAD", "--", m.Dir); err == nil && n != "0" {
		s := "s"
		if n == "1" {
			s = ""
		}
		parts = append(parts, n+" commit"+s)
	}
	if st, err := r.git("status", "--porcelain", "--", m.Dir); err == nil && st != "" {
		parts = append(parts, "uncommitted changes")
	}
	if len(parts) == 0 {
		return "content differs"
	}
	return strings.Join(parts, " and ")
}
