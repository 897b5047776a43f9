package main

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Versions is the content of the versions file: for each module directory,
// its releases. The file looks like this:
//
//	# comments
//	cpufeat
//		v0.1.0 9f2090b6c0d1...   (the full 40-digit commit)
//		v0.2.0 3c1e...
//	mont
//
// A line that starts at the left margin names a module by its directory
// (relative to the repository root, "." for a root module); the indented
// lines under it are its releases, a version and the commit it was
// released at. A module without releases is listed with no indented lines.
type Versions struct {
	Dirs     []string             // module directories, in the order of the file
	Releases map[string][]Release // releases of each module, oldest first
	Dups     []string             // module directories listed more than once
}

// Release is one recorded release.
type Release struct {
	Version string
	Commit  string
}

var commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)

// ParseVersions parses the versions file.
func ParseVersions(data []byte) (*Versions, error) {
	v := &Versions{Releases: map[string][]Release{}}
	cur := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		text := strings.TrimSpace(line)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		if line[0] != ' ' && line[0] != '\t' {
			if len(fields) != 1 {
				return nil, fmt.Errorf("line %d: a module line holds just the module's directory, got %q", n, text)
			}
			cur = fields[0]
			if _, ok := v.Releases[cur]; ok {
				v.Dups = append(v.Dups, cur)
			} else {
				v.Dirs = append(v.Dirs, cur)
				v.Releases[cur] = nil
			}
			continue
		}
		if cur == "" {
			return nil, fmt.Errorf("line %d: release %q before any module line", n, text)
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("line %d: a release line holds a version and a commit, got %q", n, text)
		}
		ver, commit := fields[0], fields[1]
		if !semver.IsValid(ver) || semver.Canonical(ver) != ver || semver.Build(ver) != "" || module.IsPseudoVersion(ver) {
			return nil, fmt.Errorf("line %d: %s: %q is not a release version (vMAJOR.MINOR.PATCH)", n, cur, ver)
		}
		if !commitRE.MatchString(commit) {
			return nil, fmt.Errorf("line %d: %s %s: %q is not a full 40-digit commit hash", n, cur, ver, commit)
		}
		for _, r := range v.Releases[cur] {
			if r.Version == ver {
				return nil, fmt.Errorf("line %d: %s %s is recorded twice", n, cur, ver)
			}
		}
		v.Releases[cur] = append(v.Releases[cur], Release{ver, commit})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, rs := range v.Releases {
		sortReleases(rs)
	}
	return v, nil
}

func sortReleases(rs []Release) {
	sort.Slice(rs, func(i, j int) bool { return semver.Compare(rs[i].Version, rs[j].Version) < 0 })
}

// Listed reports whether module directory dir has a line in the file.
func (v *Versions) Listed(dir string) bool {
	_, ok := v.Releases[dir]
	return ok
}

// Latest returns the highest recorded release of dir, if any.
func (v *Versions) Latest(dir string) (Release, bool) {
	rs := v.Releases[dir]
	if len(rs) == 0 {
		return Release{}, false
	}
	return rs[len(rs)-1], true
}

// Find returns the recorded release of dir at version ver, if any.
func (v *Versions) Find(dir, ver string) (Release, bool) {
	for _, r := range v.Releases[dir] {
		if r.Version == ver {
			return r, true
		}
	}
	return Release{}, false
}

// Clone returns a deep copy of v.
func (v *Versions) Clone() *Versions {
	c := &Versions{Dirs: append([]string(nil), v.Dirs...), Releases: map[string][]Release{}, Dups: append([]string(nil), v.Dups...)}
	for d, rs := range v.Releases {
		c.Releases[d] = append([]Release(nil), rs...)
	}
	return c
}

// List adds a line for module dir, with no release, if it has none.
func (v *Versions) List(dir string) {
	if v.Releases == nil {
		v.Releases = map[string][]Release{}
	}
	if _, ok := v.Releases[dir]; !ok {
		v.Dirs = append(v.Dirs, dir)
		v.Releases[dir] = nil
	}
}

// Add records a release of dir.
func (v *Versions) Add(dir string, r Release) {
	v.List(dir)
	v.Releases[dir] = append(v.Releases[dir], r)
	sortReleases(v.Releases[dir])
}

// Format returns the file's content: a header, then the modules sorted by
// directory, each followed by its releases, oldest first.
func (v *Versions) Format() []byte {
	var b bytes.Buffer
	b.WriteString(`# The released versions of this repository's modules: the source of truth for
# "go run ./release" (see release/README.md). A module's line is its directory;
# each indented line under it is one release: version and commit. Tags
# <dir>/<version> are derived from this file by "go run ./release tag".
# "go run ./release prepare" writes it; edit by hand only to add a new module.
`)
	dirs := append([]string(nil), v.Dirs...)
	sort.Strings(dirs)
	for _, d := range dirs {
		fmt.Fprintf(&b, "\n%s\n", d)
		for _, r := range v.Releases[d] {
			fmt.Fprintf(&b, "\t%s %s\n", r.Version, r.Commit)
		}
	}
	return b.Bytes()
}
