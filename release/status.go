package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
)

// status prints a table of every module: last release, commits since, API
// change since, the suggested next version and whether the changelog has
// an entry.
func (t *tool) status(args []string) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	fs.SetOutput(t.errOut)
	verbose := fs.Bool("v", false, "list the API changes")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return usageError("status takes no arguments")
	}
	r := t.repo
	e, err := t.newEngine(r.Versions, r.ContentWorktree)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(t.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MODULE\tRELEASED\tCHANGES SINCE\tAPI CHANGE\tNEXT\tCHANGELOG")
	var details []string
	for _, m := range r.Modules {
		rel, released := r.Versions.Latest(m.Dir)
		last, since, api, next, log := "-", "-", "", "-", ""
		changed, err := e.changed(m)
		if err != nil {
			api = "error"
			details = append(details, fmt.Sprintf("%s: %v", m.Dir, err))
		}
		entry := r.Changelog.Unreleased(m.Dir) != ""
		switch {
		case !r.Changelog.HasSection(m.Dir):
			log = "no section"
		case entry:
			log = "yes"
		case changed:
			log = "NO"
		default:
			log = "-"
		}
		if !released {
			since = "never released"
			api = "new"
			next = "v0.1.0"
		} else {
			last = rel.Version
			since = t.changeSummary(m, rel)
			if !changed {
				since = "none"
			}
			if api == "" {
				level, changes, err := e.apiDiff(m, true)
				if err != nil {
					api = "error"
					details = append(details, fmt.Sprintf("%s: %v", m.Dir, err))
				} else {
					api = level.String()
					if changed {
						if v, err := nextVersion(rel.Version, level); err == nil {
							next = v
						} else {
							next = "new major"
							details = append(details, fmt.Sprintf("%s: %v", m.Dir, err))
						}
					}
					if *verbose {
						for _, c := range changes {
							details = append(details, fmt.Sprintf("%s: %-10s %s", m.Dir, c.Level, c.What))
						}
					}
				}
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", m.Dir, last, since, api, next, log)
	}
	tw.Flush()
	if _, err := os.Stat(filepath.Join(r.Root, VersionsFile)); err != nil {
		fmt.Fprintf(t.out, "\nno %s yet: record the first releases with go run ./release prepare -all v0.1.0\n", VersionsFile)
	}
	if len(details) > 0 {
		fmt.Fprintf(t.out, "\n%s\n", strings.Join(details, "\n"))
	}
	if notes := t.unreleasedNotes(e); len(notes) > 0 {
		fmt.Fprintln(t.out)
		for _, n := range notes {
			fmt.Fprintf(t.out, "note: %s\n", n)
		}
	}
	return nil
}
