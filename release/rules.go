package main

import (
	"fmt"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// goModProblems checks the go.mod of module m's content c: no replace
// directives, and every requirement on a sibling names a recorded release
// (in vers), never a pseudo-version; every sibling the module's files
// import is required.
func goModProblems(r *Repo, vers *Versions, m *Module, c *Content) []Problem {
	var probs []Problem
	fail := func(format string, args ...any) {
		probs = append(probs, Problem{m.Dir, fmt.Sprintf(format, args...)})
	}
	f, err := modfile.Parse(m.Dir+"/go.mod", c.GoMod, nil)
	if err != nil {
		fail("%v", err)
		return probs
	}
	if f.Module.Mod.Path != m.Path {
		fail("its go.mod in the %s declares module %s, not %s", c.Origin, f.Module.Mod.Path, m.Path)
	}
	for _, rep := range f.Replace {
		fail("%s/go.mod has the directive \"replace %s => %s\".\n"+
			"The go command ignores replace directives in dependencies, so users would build %s differently; remove it (go.work joins the modules for development).",
			m.Dir, modString(rep.Old), modString(rep.New), m.Dir)
	}
	reqd := map[string]string{}
	for _, req := range f.Require {
		reqd[req.Mod.Path] = req.Mod.Version
		s := r.ModuleByPath(req.Mod.Path)
		if s == nil {
			continue
		}
		recorded := versionList(vers, s.Dir)
		switch {
		case module.IsPseudoVersion(req.Mod.Version):
			fail("%s/go.mod requires %s at the pseudo-version %s.\n"+
				"Require a recorded release of %s (recorded: %s); if %s needs unreleased changes, release %s first (go run ./release prepare %s).",
				m.Dir, req.Mod.Path, req.Mod.Version, s.Dir, recorded, m.Dir, s.Dir, s.Dir)
		case !isRecorded(vers, s.Dir, req.Mod.Version):
			fail("%s/go.mod requires %s %s, which is not a recorded release of %s (recorded: %s).\n"+
				"Require a recorded release, or release %s %s first (go run ./release prepare %s %s).",
				m.Dir, req.Mod.Path, req.Mod.Version, s.Dir, recorded, s.Dir, req.Mod.Version, s.Dir, req.Mod.Version)
		}
	}
	imports, err := scanImports(c)
	if err != nil {
		fail("cannot read its imports: %v", err)
		return probs
	}
	missing := map[string][]string{} // sibling module path -> importing files
	for imp, files := range imports {
		s := r.ModuleOfPackage(imp)
		if s == nil || s == m {
			continue
		}
		if _, ok := reqd[s.Path]; !ok {
			missing[s.Path] = append(missing[s.Path], fmt.Sprintf("%s (%s)", imp, files[0]))
		}
	}
	var paths []string
	for p := range missing {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		s := r.ModuleByPath(p)
		sort.Strings(missing[p])
		if rel, ok := vers.Latest(s.Dir); ok {
			fail("%s imports %s, but %s/go.mod does not require %s.\n"+
				"Require the oldest release of %s that has what %s uses: go run ./release tidy %s adds the latest (%s), or go mod edit -require=%s@vX.Y.Z %s/go.mod and map it in go.work.",
				m.Dir, missing[p][0], m.Dir, p, s.Dir, m.Dir, m.Dir, rel.Version, p, m.Dir)
		} else {
			fail("%s imports %s, but %s/go.mod does not require %s, which has no release yet.\n"+
				"Require the version %s will be released at (go run ./release tidy -require v0.1.0 %s) and release both (go run ./release prepare %s %s).",
				m.Dir, missing[p][0], m.Dir, p, s.Dir, m.Dir, s.Dir, m.Dir)
		}
	}
	return probs
}

func modString(v module.Version) string {
	if v.Version == "" {
		return v.Path
	}
	return v.Path + " " + v.Version
}

func isRecorded(vers *Versions, dir, v string) bool {
	_, ok := vers.Find(dir, v)
	return ok
}

func versionList(vers *Versions, dir string) string {
	var vs []string
	for _, r := range vers.Releases[dir] {
		vs = append(vs, r.Version)
	}
	if len(vs) == 0 {
		return "none"
	}
	return strings.Join(vs, ", ")
}

// scanImports returns the packages imported by the Go files of content c
// (tests included, whatever their build constraints, except files marked
// "ignore"), each with the files importing it.
func scanImports(c *Content) (map[string][]string, error) {
	imports := map[string][]string{}
	fset := token.NewFileSet()
	for _, f := range c.files {
		name := f.Path()
		if !strings.HasSuffix(name, ".go") || skipDir(path.Dir(name)) {
			continue
		}
		base := path.Base(name)
		if strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		src, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		af, err := parser.ParseFile(fset, name, src, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			continue // the compiler reports it
		}
		ignored := false
		for _, cg := range af.Comments {
			if cg.Pos() >= af.Package {
				break
			}
			for _, cm := range cg.List {
				if constraint.IsGoBuild(cm.Text) {
					if x, err := constraint.Parse(cm.Text); err == nil && x.String() == "ignore" {
						ignored = true
					}
				}
			}
		}
		if ignored {
			continue
		}
		for _, is := range af.Imports {
			p, err := strconv.Unquote(is.Path.Value)
			if err == nil {
				imports[p] = append(imports[p], name)
			}
		}
	}
	return imports, nil
}

// nextVersion returns the version that follows last for an API change of
// the given level: a patch for none, a minor version for additions and,
// below v1, for breaking changes. At v1 and above a breaking change needs
// a new major version, which in Go is a new module path, so it has none.
func nextVersion(last string, level Level) (string, error) {
	if last == "" {
		return "v0.1.0", nil
	}
	maj, min, pat, err := parseVersion(last)
	if err != nil {
		return "", err
	}
	if semver.Prerelease(last) != "" {
		// v1.2.0-rc.1 is followed by v1.2.0.
		return fmt.Sprintf("v%d.%d.%d", maj, min, pat), nil
	}
	switch {
	case level == Breaking && maj > 0:
		return "", fmt.Errorf("breaking API changes after %s need a new major version v%d, which is a new module path (.../v%d): undo the breaking changes", last, maj+1, maj+1)
	case level >= Compatible:
		return fmt.Sprintf("v%d.%d.0", maj, min+1), nil
	default:
		return fmt.Sprintf("v%d.%d.%d", maj, min, pat+1), nil
	}
}

// checkVersion reports whether v may follow last (the latest release, ""
// if none) for module path p with an API change of the given level.
func checkVersion(p, last, v string, level Level) error {
	if !semver.IsValid(v) || semver.Canonical(v) != v || semver.Build(v) != "" || module.IsPseudoVersion(v) {
		return fmt.Errorf("%q is not a release version (vMAJOR.MINOR.PATCH)", v)
	}
	if err := module.Check(p, v); err != nil {
		return err
	}
	if last == "" {
		return nil
	}
	if semver.Compare(v, last) <= 0 {
		return fmt.Errorf("%s is not above the latest release %s", v, last)
	}
	lmaj, lmin, _, _ := parseVersion(last)
	maj, min, _, _ := parseVersion(v)
	switch {
	case level == Breaking && lmaj > 0 && maj == lmaj:
		return fmt.Errorf("the API has breaking changes since %s: at v1 and above that needs a new major version, which is a new module path (.../v%d); undo the breaking changes", last, lmaj+1)
	case level == Breaking && maj == lmaj && min == lmin:
		return fmt.Errorf("the API has breaking changes since %s: below v1 they need at least a new minor version (%s)", last, mustNext(last, level))
	case level == Compatible && maj == lmaj && min == lmin:
		return fmt.Errorf("the API has additions since %s: they need at least a new minor version (%s)", last, mustNext(last, level))
	}
	return nil
}

func mustNext(last string, level Level) string {
	v, err := nextVersion(last, level)
	if err != nil {
		return "?"
	}
	return v
}

func parseVersion(v string) (maj, min, pat int, err error) {
	core := strings.TrimPrefix(v, "v")
	if i := strings.IndexAny(core, "-+"); i >= 0 {
		core = core[:i]
	}
	if _, err := fmt.Sscanf(core, "%d.%d.%d", &maj, &min, &pat); err != nil {
		return 0, 0, 0, fmt.Errorf("cannot parse version %s", v)
	}
	return maj, min, pat, nil
}
