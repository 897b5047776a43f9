// Package golist lists packages and their test files, for the commands that
// run a kind of test across the workspace (ctcheck, fuzzsmoke). It loads
// them with golang.org/x/tools/go/packages.
package golist

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Package is one package and the paths of its _test.go files (internal and
// external test packages).
type Package struct {
	ImportPath string
	TestFiles  []string
}

// TestFiles loads the packages that patterns (such as "work" or "./...")
// name, with the given build tags (comma-separated; empty for none), and
// returns each of them, sorted by import path, with the absolute paths of
// the test files that those tags select. A pattern that names no package,
// or a package that does not load, is an error.
func TestFiles(tags string, patterns ...string) ([]Package, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Tests: true}
	if tags != "" {
		cfg.BuildFlags = []string{"-tags", tags}
	}
	loaded, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %v", strings.Join(patterns, " "), err)
	}
	var errs []error
	byPath := map[string]*Package{}
	for _, p := range loaded {
		for _, e := range p.Errors {
			errs = append(errs, e)
		}
		// The package itself, its test variant "p [p.test]" (its files
		// and its internal _test.go files), the external test package
		// "p_test [p.test]", and the test main "p.test", which is skipped.
		// The IDs of the two test packages name the package under test.
		path := p.PkgPath
		if i := strings.Index(p.ID, " ["); i >= 0 && strings.HasSuffix(p.ID, ".test]") {
			path = strings.TrimSuffix(p.ID[i+2:], ".test]")
		} else if strings.HasSuffix(p.ID, ".test") {
			continue
		}
		pkg := byPath[path]
		if pkg == nil {
			pkg = &Package{ImportPath: path}
			byPath[path] = pkg
		}
		for _, f := range p.GoFiles {
			if strings.HasSuffix(f, "_test.go") && !contains(pkg.TestFiles, f) {
				pkg.TestFiles = append(pkg.TestFiles, f)
			}
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), errors.Join(errs...))
	}
	if len(byPath) == 0 {
		return nil, fmt.Errorf("%s: no packages", strings.Join(patterns, " "))
	}
	pkgs := make([]Package, 0, len(byPath))
	for _, p := range byPath {
		sort.Strings(p.TestFiles)
		pkgs = append(pkgs, *p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].ImportPath < pkgs[j].ImportPath })
	return pkgs, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
