package golist

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestTestFiles lists this package: its one test file, by full path.
func TestTestFiles(t *testing.T) {
	pkgs, err := TestFiles("", ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || pkgs[0].ImportPath != "github.com/crypton-go/crypton/tools/internal/golist" {
		t.Fatalf("TestFiles(., ) = %+v, want this package", pkgs)
	}
	if !slices.ContainsFunc(pkgs[0].TestFiles, func(f string) bool { return filepath.Base(f) == "golist_test.go" && filepath.IsAbs(f) }) {
		t.Errorf("test files %q lack the absolute path of golist_test.go", pkgs[0].TestFiles)
	}
	if _, err := TestFiles("", "./no/such/dir"); err == nil {
		t.Error("a pattern matching nothing gave no error")
	}
}
