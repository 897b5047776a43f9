package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFuzzFuncs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x_test.go")
	src := "package p\n\nfunc FuzzA(f *testing.F) {}\nfunc FuzzB_2(ff *testing.F) {\n}\nfunc Fuzzy() {}\nfunc TestFuzzC(f *testing.F) {}\n// func FuzzD(f *testing.F)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := fuzzFuncs(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"FuzzA", "FuzzB_2"}; !slices.Equal(got, want) {
		t.Errorf("fuzzFuncs = %q, want %q", got, want)
	}
}

// demoModule makes a module with two fuzz targets, one of which fails on
// the input "bad", and makes it the current directory.
func demoModule(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":  "module fuzzdemo\n\ngo 1.25\n",
		"demo.go": "package demo\n\nfunc Check(b []byte) bool { return string(b) != \"bad\" }\n",
		"demo_test.go": `package demo

import "testing"

func FuzzGood(f *testing.F) {
	f.Add([]byte("x"))
	f.Fuzz(func(t *testing.T, b []byte) { _ = Check(b) })
}

func FuzzBad(f *testing.F) {
	f.Add([]byte("bad"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if !Check(b) {
			t.Fatal("bad input")
		}
	})
}
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	t.Setenv("GOWORK", "off")
}

func TestFindTargets(t *testing.T) {
	demoModule(t)
	targets, err := findTargets([]string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	want := []target{{"fuzzdemo", "FuzzGood"}, {"fuzzdemo", "FuzzBad"}}
	if !slices.Equal(targets, want) {
		t.Errorf("findTargets = %v, want %v", targets, want)
	}
}

// TestRun fuzzes the demo targets for a moment: the good one passes, the bad
// one (whose seed fails) is reported and makes the run fail.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fuzzes a module: not in -short")
	}
	demoModule(t)
	var out, errOut bytes.Buffer
	code := run([]string{"-fuzztime", (300 * time.Millisecond).String(), "-run", "Good", "./..."}, &out, &errOut)
	if code != 0 || !strings.Contains(out.String(), "ok    fuzzdemo.FuzzGood") || !strings.Contains(out.String(), "no failures") {
		t.Errorf("good target: exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
	out.Reset()
	code = run([]string{"-fuzztime", (300 * time.Millisecond).String(), "./..."}, &out, &errOut)
	if code != 1 || !strings.Contains(out.String(), "FAIL  fuzzdemo.FuzzBad") || !strings.Contains(out.String(), "1 of 2 targets failed") {
		t.Errorf("bad target: exit %d, want 1 and a FAIL line:\n%s", code, out.String())
	}
}

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	for _, args := range [][]string{{"-fuzztime", "0s"}, {"-run", "("}, {"-nosuch"}} {
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("fuzzsmoke %q: exit %d, want 2", args, code)
		}
	}
}

func TestCoordinatorRace(t *testing.T) {
	race := "fuzz: elapsed: 5s, execs: 6632 (0/sec), new interesting: 0 (total: 32)\n--- FAIL: FuzzEncryptBlocks (5.03s)\n    context deadline exceeded\nFAIL\nexit status 1\n"
	if !coordinatorRace([]byte(race)) {
		t.Errorf("the coordinator's deadline race is not recognised:\n%s", race)
	}
	for _, out := range []string{
		"--- FAIL: FuzzX (0.10s)\n    --- FAIL: FuzzX (0.00s)\n        x_test.go:12: mismatch\n    Failing input written to testdata/fuzz/FuzzX/abc\n    To re-run:\n",
		"--- FAIL: FuzzX (3.00s)\n    context deadline exceeded\n    Failing input written to testdata/fuzz/FuzzX/abc\n",
		"panic: runtime error: index out of range\n",
	} {
		if coordinatorRace([]byte(out)) {
			t.Errorf("a real failure is taken for the coordinator's race:\n%s", out)
		}
	}
}
