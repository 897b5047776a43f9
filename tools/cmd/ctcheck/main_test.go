package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdata/control.xml is valgrind 3.19's XML report of the leaky control
// case, TestCTLeakyControl.
func TestParseReport(t *testing.T) {
	b, err := os.ReadFile("testdata/control.xml")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := parseReport(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 {
		t.Fatalf("%d findings, want 2: %+v", len(fs), fs)
	}
	res := pkgResult{findings: fs, passed: true}
	if !res.hasKind("UninitCondition", controlTest) || !res.hasKind("UninitValue", controlTest) {
		t.Errorf("the control's branch and index not both found: %+v", fs)
	}
	if res.hasKind("UninitCondition", "TestCTCleanControl") {
		t.Error("hasKind matches another function")
	}
	for _, f := range fs {
		if f.Stack[0].File != "control_test.go" || f.Stack[0].Line == 0 {
			t.Errorf("finding at %+v, want a line of control_test.go", f.Stack[0])
		}
		if len(f.Origin) == 0 || !strings.HasSuffix(f.Origin[0].Fn, "clientRequest.abi0") {
			t.Errorf("origin %+v, want the client request", f.Origin)
		}
	}
	var out bytes.Buffer
	c := &checker{stdout: &out}
	c.printFindings(res)
	for _, want := range []string{"branch on a secret", "memory address", "control_test.go:24", "control_test.go:27", "secret marked by github.com/crypton-go/crypton/internal/ctgrind_test.TestCTLeakyControl"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed findings lack %q:\n%s", want, out.String())
		}
	}
	if _, err := parseReport([]byte("<valgrindoutput><error>")); err == nil {
		t.Error("a truncated report parsed")
	}
}

func TestHasCtgrindConstraint(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"//go:build ctgrind\n\npackage p\n", true},
		{"// Copyright\n\n//go:build linux && ctgrind\n\npackage p\n", true},
		{"//go:build !ctgrind\n\npackage p\n", true}, // mentions it: listed, and then has no cases
		{"//go:build ctgrindx\n\npackage p\n", false},
		{"package p\n\n//go:build ctgrind\n", false},
		{"package p\n", false},
	} {
		path := filepath.Join(dir, "x_test.go")
		if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := hasCtgrindConstraint(path)
		if err != nil || got != tc.want {
			t.Errorf("hasCtgrindConstraint(%q) = %v, %v; want %v", tc.src, got, err, tc.want)
		}
	}
}

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-nosuch"}, &out, &errOut); code != 2 {
		t.Errorf("bad flag: exit %d, want 2", code)
	}
	if code := run([]string{"-run", "("}, &out, &errOut); code != 2 {
		t.Errorf("bad -run: exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), "usage: ctcheck") {
		t.Errorf("no usage: %q", errOut.String())
	}
}

// TestSelectPackages checks that packages can be named by import path,
// directory or pattern, that each is kept once, and that an argument with
// no constant-time cases is an error.
func TestSelectPackages(t *testing.T) {
	if _, err := os.Stat("../../../ecc/ecdsa"); err != nil {
		t.Skip("tools is tested alone, outside the repository (the release check): the packages with constant-time cases are in the other modules")
	}
	all, err := ctPackages()
	if err != nil {
		t.Fatal(err)
	}
	const ecdsa = "github.com/crypton-go/crypton/ecc/ecdsa"
	got, err := selectPackages([]string{"../../../ecc/ecdsa", ecdsa, "github.com/crypton-go/crypton/mont/..."}, all)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 3 || got[0] != ecdsa || contains(got[1:], ecdsa) {
		t.Errorf("selectPackages = %q, want ecdsa once, first, then mont's packages", got)
	}
	for _, p := range got[1:] {
		if !strings.HasPrefix(p, "github.com/crypton-go/crypton/mont") {
			t.Errorf("selectPackages kept %s from the mont pattern", p)
		}
	}
	if _, err := selectPackages([]string{"github.com/crypton-go/crypton/cpufeat"}, all); err == nil {
		t.Error("cpufeat (no constant-time cases) was accepted")
	}
}

// TestParseReportRuntimeNoise checks that uninitialised memory of the Go
// runtime (here a goroutine stack, from gogo) used outside crypton's code
// is not reported, while the same origin in a crypton frame, and a secret
// from ctgrind anywhere, are.
func TestParseReportRuntimeNoise(t *testing.T) {
	report := func(at, origin string) string {
		return `<valgrindoutput><error><unique>0x1</unique><kind>UninitCondition</kind><what>x</what>` +
			`<stack><frame><fn>` + at + `</fn></frame><frame><fn>main.main</fn></frame></stack>` +
			`<auxwhat>Uninitialised value was created</auxwhat>` +
			`<stack><frame><fn>` + origin + `</fn></frame></stack></error></valgrindoutput>`
	}
	for _, tc := range []struct {
		at, origin string
		want       int
	}{
		{"internal/poll.(*FD).Write", "gogo", 0},
		{"github.com/crypton-go/crypton/hash/blake2b.hashBlocks", "gogo", 1},
		{"internal/poll.(*FD).Write", "github.com/crypton-go/crypton/internal/ctgrind.makeUndefined", 1},
	} {
		fs, err := parseReport([]byte(report(tc.at, tc.origin)))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != tc.want {
			t.Errorf("at %s, origin %s: %d findings, want %d", tc.at, tc.origin, len(fs), tc.want)
		}
	}
}
