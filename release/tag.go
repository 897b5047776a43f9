package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// tag creates the tags <dir>/<version> of the recorded releases that have
// none, all or nothing: if any tag exists at another commit, or a recorded
// commit is missing, it creates none. Tags that exist at the right commit
// are left alone, so running it again is safe. By default it only prints
// what it would do.
func (t *tool) tag(args []string) error {
	fs := flag.NewFlagSet("tag", flag.ContinueOnError)
	fs.SetOutput(t.errOut)
	dry := fs.Bool("dry-run", true, "print the tags to create, create none (-dry-run=false creates them)")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return usageError("tag takes no arguments")
	}
	r := t.repo
	type newTag struct{ name, commit string }
	var create []newTag
	var probs []string
	existing := 0
	dirs := append([]string(nil), r.Versions.Dirs...)
	sort.Strings(dirs)
	for _, d := range dirs {
		prefix := d + "/"
		if d == "." {
			prefix = ""
		}
		for _, rel := range r.Versions.Releases[d] {
			name := prefix + rel.Version
			if _, err := r.git("cat-file", "-e", rel.Commit+"^{commit}"); err != nil {
				probs = append(probs, fmt.Sprintf("%s %s: commit %s is not in this clone (fetch the whole history)", d, rel.Version, rel.Commit))
				continue
			}
			got, err := r.git("rev-parse", "--verify", "--quiet", "refs/tags/"+name+"^{commit}")
			switch {
			case err == nil && got == rel.Commit:
				existing++
			case err == nil && got != "":
				probs = append(probs, fmt.Sprintf("tag %s exists at %s, but %s records %s %s at %s: fix %s or the tag (a published tag must never move)",
					name, short(got), VersionsFile, d, rel.Version, short(rel.Commit), VersionsFile))
			default:
				create = append(create, newTag{name, rel.Commit})
			}
		}
	}
	if len(probs) > 0 {
		for _, p := range probs {
			fmt.Fprintf(t.out, "FAIL %s\n", p)
		}
		fmt.Fprintf(t.out, "no tags created\n")
		return errFailed
	}
	if len(create) == 0 {
		fmt.Fprintf(t.out, "all %d tags exist\n", existing)
		return nil
	}
	var stdin strings.Builder
	var names []string
	for _, nt := range create {
		verb := "create"
		if *dry {
			verb = "would create"
		}
		fmt.Fprintf(t.out, "%s tag %s at %s\n", verb, nt.name, short(nt.commit))
		// "create" fails if the ref exists; git applies all or none.
		fmt.Fprintf(&stdin, "create refs/tags/%s %s\n", nt.name, nt.commit)
		names = append(names, nt.name)
	}
	if *dry {
		fmt.Fprintf(t.out, "dry run (%d tags exist): run with -dry-run=false to create them\n", existing)
		return nil
	}
	if _, err := r.gitBytes([]byte(stdin.String()), "update-ref", "--stdin"); err != nil {
		return fmt.Errorf("no tags created: %v", err)
	}
	fmt.Fprintf(t.out, "created %d tags; publish them with:\n\tgit push origin %s\n", len(create), strings.Join(names, " "))
	return nil
}

// proxyCmd writes a module proxy directory holding every recorded release,
// for trying the releases as a user would:
//
//	GOPROXY=file://DIR,https://proxy.golang.org GONOSUMDB=... GOFLAGS=-mod=mod
func (t *tool) proxyCmd(args []string) error {
	if len(args) != 1 {
		return usageError("proxy DIR")
	}
	r := t.repo
	e, err := t.newEngine(r.Versions, r.ContentWorktree)
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(args[0])
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	e.proxy = NewProxy(dir)
	n := 0
	for _, m := range r.Modules {
		for _, rel := range r.Versions.Releases[m.Dir] {
			c, err := e.releasedContent(m, rel.Version)
			if err != nil {
				return err
			}
			if err := e.proxy.Add(c, rel.Version); err != nil {
				return err
			}
			n++
		}
	}
	fmt.Fprintf(t.out, "wrote %d releases to %s; use them with\n\tGOWORK=off GOFLAGS=-mod=mod GONOSUMDB=%s GOPROXY=%s,%s\n",
		n, dir, r.sumdbPattern(), e.proxy.URL(), "https://proxy.golang.org")
	return nil
}
