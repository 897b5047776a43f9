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

// TestTestFilesVariants lists two packages with internal and external test
// files (hash/sha256's example_test.go is package sha256_test), in order,
// and with the ctgrind tag the files that only that tag selects.
func TestTestFilesVariants(t *testing.T) {
	pkgs, err := TestFiles("", "github.com/crypton-go/crypton/hash/sha256", "github.com/crypton-go/crypton/hash/sha512")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 2 || pkgs[0].ImportPath != "github.com/crypton-go/crypton/hash/sha256" || pkgs[1].ImportPath != "github.com/crypton-go/crypton/hash/sha512" {
		t.Fatalf("TestFiles = %+v, want sha256 and sha512 in order", pkgs)
	}
	plain := len(pkgs[0].TestFiles)
	ct, err := TestFiles("ctgrind,valgrind", "github.com/crypton-go/crypton/hash/sha256")
	if err != nil {
		t.Fatal(err)
	}
	if len(ct) != 1 || len(ct[0].TestFiles) <= plain {
		t.Errorf("with the ctgrind tag, sha256 has %d test files, without %d: the tagged ones are missing", len(ct[0].TestFiles), plain)
	}
	if !slices.ContainsFunc(ct[0].TestFiles, func(f string) bool { return filepath.Base(f) == "ct_test.go" }) {
		t.Errorf("sha256's test files with the ctgrind tag lack ct_test.go: %q", ct[0].TestFiles)
	}
}
