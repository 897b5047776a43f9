package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// prepare records the next release of modules.
//
//	prepare [-commit rev] [-dry-run] (-all | module...) [version]
//
// For each module, in dependency order: its content at the commit must
// differ from its latest release and (at HEAD) equal its working tree; the
// changelog must have Unreleased entries; its go.mod must follow the rules;
// the version follows from the API change (or is checked against it); its
// tests must pass at minimum versions against the recorded releases plus
// the ones being prepared, and the released modules that depend on it must
// pass with it. Only if every module passes are the versions recorded and
// the changelog entries moved; nothing is committed.
func (t *tool) prepare(args []string) error {
	fs := flag.NewFlagSet("prepare", flag.ContinueOnError)
	fs.SetOutput(t.errOut)
	rev := fs.String("commit", "HEAD", "record the releases at `rev`")
	dry := fs.Bool("dry-run", false, "check and print the releases, but write nothing")
	all := fs.Bool("all", false, "every module that is new or has changed since its latest release")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	explicitCommit := false
	fs.Visit(func(f *flag.Flag) { explicitCommit = explicitCommit || f.Name == "commit" })
	r := t.repo

	rest := args
	version := ""
	if n := len(rest); n > 0 && semver.IsValid(rest[n-1]) && r.Module(rest[n-1]) == nil {
		version, rest = rest[n-1], rest[:n-1]
	}
	want := map[string]bool{}
	for _, d := range rest {
		d = strings.TrimSuffix(strings.TrimPrefix(d, "./"), "/")
		if r.Module(d) == nil {
			return usageError("no module in directory %q", d)
		}
		want[d] = true
	}
	if *all == (len(want) > 0) {
		return usageError("name the modules to release, or -all")
	}
	commit, err := r.resolveCommit(*rev)
	if err != nil {
		return err
	}

	vers := r.Versions.Clone()
	e, err := t.newEngine(vers, func(m *Module) (*Content, error) { return r.ContentAt(m, commit) })
	if err != nil {
		return err
	}
	t.printf("preparing releases at commit %s\n", short(commit))

	type plan struct {
		m       *Module
		version string
		level   Level
		changes []apiChange
	}
	var plans []plan
	var probs []Problem
	fail := func(m *Module, format string, args ...any) {
		probs = append(probs, Problem{m.Dir, fmt.Sprintf(format, args...)})
	}
	raised := map[string][]module.Version{}
	for _, m := range r.Modules {
		if !*all && !want[m.Dir] {
			continue
		}
		t.printf("\n--- %s\n", m.Dir)
		c, err := e.candidate(m)
		if err != nil {
			fail(m, "%s has no module %s at commit %s: %v", m.Dir, m.Path, short(commit), err)
			continue
		}
		last, released := r.Versions.Latest(m.Dir)
		if released {
			_, lc, _, err := e.latestContent(m)
			if err != nil {
				fail(m, "%v", err)
				continue
			}
			if lc.Hash == c.Hash {
				if *all {
					t.printf("unchanged since %s: skipped\n", last.Version)
				} else {
					fail(m, "%s at commit %s is the same as its latest release %s: nothing to release.", m.Dir, short(commit), last.Version)
				}
				continue
			}
		}
		if !explicitCommit {
			wt, err := r.ContentWorktree(m)
			if err != nil {
				fail(m, "%v", err)
				continue
			}
			if wt.Hash != c.Hash {
				fail(m, "%s has changes in the working tree that are not in %s (%s): the release would not be what you see.\n"+
					"Commit them first (or name the commit to release with -commit).", m.Dir, *rev, short(commit))
				continue
			}
		}
		if !r.HasLicenseAt(m, commit) {
			fail(m, "%s has no %s at commit %s: a module's zip carries only its own directory, so add the licence there (a copy of the root LICENSE) before releasing it.", m.Dir, licensePath(m), short(commit))
			continue
		}
		if !r.Changelog.HasSection(m.Dir) {
			fail(m, "%s has no \"## %s\" section: add one, with a \"### Unreleased\" subsection saying what this release changes.", ChangelogFile, m.Dir)
			continue
		}
		if r.Changelog.Unreleased(m.Dir) == "" {
			fail(m, "the \"## %s\" section of %s has no entries under \"### Unreleased\": write down what this release changes first.", m.Dir, ChangelogFile)
			continue
		}
		if ps := goModProblems(r, vers, m, c); len(ps) > 0 {
			probs = append(probs, ps...)
			continue
		}

		// The tests at minimum versions, against the recorded releases and
		// the ones prepared before this one.
		res := e.testFloors(m, c)
		for _, n := range res.notes {
			t.printf("note: %s\n", n)
		}
		if len(res.problems) > 0 {
			probs = append(probs, res.problems...)
			if len(res.raise) > 0 {
				raised[m.Dir] = res.raise
			}
			continue
		}

		// The API change decides the version.
		p := plan{m: m, level: Compatible}
		lastV := ""
		if released {
			lastV = last.Version
			p.level, p.changes, err = e.apiDiff(m, false)
			if err != nil {
				fail(m, "cannot compare the API with %s: %v", last.Version, err)
				continue
			}
		}
		for _, ch := range p.changes {
			t.printf("api: %-10s %s\n", ch.Level, ch.What)
		}
		if version != "" {
			if err := checkVersion(m.Path, lastV, version, p.level); err != nil {
				fail(m, "cannot release %s %s: %v", m.Dir, version, err)
				continue
			}
			p.version = version
		} else if p.version, err = nextVersion(lastV, p.level); err != nil {
			fail(m, "%v", err)
			continue
		}
		if released {
			t.printf("API change since %s: %s -> %s\n", last.Version, p.level, p.version)
		} else {
			t.printf("first release: %s\n", p.version)
		}

		// The released modules that depend on this one, with this one.
		if released {
			if ps := e.testDependents(m, c); len(ps) > 0 {
				probs = append(probs, ps...)
				continue
			}
		}
		vers.Add(m.Dir, Release{p.version, commit})
		plans = append(plans, p)
	}

	if len(raised) > 0 && !*dry {
		for dir, reqs := range raised {
			m := r.Module(dir)
			if err := raiseRequirements(r, m, reqs); err != nil {
				fail(m, "cannot raise the requirements in %s/go.mod: %v", dir, err)
				continue
			}
			if _, err := t.mapRequired(); err != nil {
				fail(m, "cannot map the raised requirements in go.work: %v", err)
			}
			var s []string
			for _, v := range reqs {
				s = append(s, v.Path+" "+v.Version)
			}
			fail(m, "raised the requirements in %s/go.mod to %s, with which its tests pass (and mapped them in go.work).\n"+
				"Review and commit %s/go.mod and go.work, then run prepare again.", dir, strings.Join(s, ", "), dir)
		}
	}
	if len(probs) > 0 {
		t.printf("\n%d problem(s); nothing recorded:\n", len(probs))
		for _, p := range probs {
			t.printf("\nFAIL %s: %s\n", p.Module, strings.ReplaceAll(p.Msg, "\n", "\n     "))
		}
		return errFailed
	}
	if len(plans) == 0 {
		t.printf("\nnothing to release\n")
		return nil
	}

	t.printf("\n")
	for _, p := range plans {
		t.printf("%s %s at %s\n", p.m.Dir, p.version, short(commit))
	}
	if *dry {
		t.printf("dry run: nothing written\n")
		return nil
	}
	date := time.Now().UTC().Format("2006-01-02")
	out := r.Versions.Clone()
	for _, m := range r.Modules {
		out.List(m.Dir) // every module is listed, released or not
	}
	for _, p := range plans {
		out.Add(p.m.Dir, Release{p.version, commit})
		if err := r.Changelog.Release(p.m.Dir, p.version, date); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(r.Root, VersionsFile), out.Format(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(r.Root, ChangelogFile), r.Changelog.Bytes(), 0o644); err != nil {
		return err
	}
	files := VersionsFile + " " + ChangelogFile
	if n, err := addWorkReplacements(r, out); err != nil {
		return err
	} else if n > 0 {
		files += " go.work"
	}
	t.printf("\nwrote %s. Next:\n"+
		"\tgit commit %s -m 'release: ...'\n"+
		"\tgo run ./release tag -dry-run=false   # tags at %s\n"+
		"\tgit push origin <tags>\n", files, files, short(commit))
	return nil
}

// raiseRequirements raises module m's requirements in its working-tree
// go.mod.
func raiseRequirements(r *Repo, m *Module, reqs []module.Version) error {
	p := filepath.Join(r.Root, filepath.FromSlash(m.Dir), "go.mod")
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(p, data, nil)
	if err != nil {
		return err
	}
	for _, v := range reqs {
		if err := f.AddRequire(v.Path, v.Version); err != nil {
			return err
		}
	}
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return err
	}
	if err := os.WriteFile(p, out, 0o644); err != nil {
		return err
	}
	m.GoModRaw = out
	m.GoMod, err = modfile.Parse(p, out, nil)
	return err
}
