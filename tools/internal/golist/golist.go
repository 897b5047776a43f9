// Package golist lists packages and their test files with "go list", for
// the commands that run a kind of test across the workspace (ctcheck,
// fuzzsmoke).
package golist

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Package is one package and the paths of its _test.go files (internal and
// external test packages).
type Package struct {
	ImportPath string
	TestFiles  []string
}

// TestFiles runs "go list" on patterns (such as "work" or "./...") with the
// given build tags (comma-separated; empty for none) and returns every
// package it names, in its order, with the test files that those tags
// select.
func TestFiles(tags string, patterns ...string) ([]Package, error) {
	args := []string{"list"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	args = append(args, "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .TestGoFiles \" \"}} {{join .XTestGoFiles \" \"}}")
	cmd := exec.Command("go", append(args, patterns...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v", err)
	}
	var pkgs []Package
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 {
			continue
		}
		p := Package{ImportPath: f[0]}
		for _, name := range strings.Fields(f[2]) {
			p.TestFiles = append(p.TestFiles, filepath.Join(f[1], name))
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}
