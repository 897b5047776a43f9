// Command fuzzsmoke runs every fuzz target of the workspace for a fixed time.
//
// Usage:
//
//	go run ./tools/cmd/fuzzsmoke [-fuzztime D] [-run REGEXP] [package ...]
//
// It finds each Fuzz function in the _test.go files of the workspace's
// packages (or of the packages named) and runs it alone with
// "go test -run ^$ -fuzz ^Name$ -fuzztime D", one after the other, so each
// gets the machine to itself. CI runs it with a short -fuzztime as a smoke
// test (a few seconds a target); run it with -fuzztime 10m (or more)
// to fuzz in earnest. When a target finds a failure, go test writes the
// input to the package's testdata/fuzz/<Name>/ directory, where ordinary
// go test runs it from then on; fuzzsmoke prints the failure and exits with
// status 1 at the end. Commit the input with the fix.
//
// A run that fails only with "context deadline exceeded" and writes no
// input is the race of Go's fuzzing coordinator at the end of -fuzztime
// (golang/go#75804, fixed in Go 1.27), which a loaded machine provokes;
// fuzzsmoke runs that target again, up to three runs in all.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"github.com/crypton-go/crypton/tools/internal/golist"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// target is one fuzz function of one package.
type target struct {
	pkg, name string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fuzzsmoke", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fuzztime := fs.Duration("fuzztime", 5*time.Second, "how long to fuzz each target")
	runRe := fs.String("run", "", "fuzz only the targets whose package/name matches `REGEXP`")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: fuzzsmoke [-fuzztime D] [-run REGEXP] [package ...]\n\nRuns every fuzz target of the workspace (or of the packages named) for D\neach, one at a time.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *fuzztime <= 0 {
		fmt.Fprintf(stderr, "fuzzsmoke: -fuzztime must be positive\n")
		return 2
	}
	var re *regexp.Regexp
	if *runRe != "" {
		var err error
		if re, err = regexp.Compile(*runRe); err != nil {
			fmt.Fprintf(stderr, "fuzzsmoke: bad -run: %v\n", err)
			return 2
		}
	}
	targets, err := findTargets(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "fuzzsmoke: %v\n", err)
		return 1
	}
	var selected []target
	for _, t := range targets {
		if re == nil || re.MatchString(t.pkg+"/"+t.name) {
			selected = append(selected, t)
		}
	}
	if len(selected) == 0 {
		fmt.Fprintf(stderr, "fuzzsmoke: no fuzz targets found\n")
		return 1
	}
	start := time.Now()
	var failed []string
	for _, t := range selected {
		t0 := time.Now()
		var out []byte
		var err error
		for attempt := 1; ; attempt++ {
			cmd := exec.Command("go", "test", "-run", "^$", "-fuzz", "^"+t.name+"$", "-fuzztime", fuzztime.String(), t.pkg)
			out, err = cmd.CombinedOutput()
			if err == nil || !coordinatorRace(out) || attempt == raceAttempts {
				break
			}
			fmt.Fprintf(stdout, "again %s.%s: go test's fuzzing coordinator reported its own deadline (golang/go#75804), no failing input\n", t.pkg, t.name)
		}
		if err != nil {
			failed = append(failed, t.pkg+"."+t.name)
			fmt.Fprintf(stdout, "FAIL  %s.%s (%.0fs)\n%s\n", t.pkg, t.name, time.Since(t0).Seconds(), indent(out))
			continue
		}
		fmt.Fprintf(stdout, "ok    %s.%s (%.0fs)\n", t.pkg, t.name, time.Since(t0).Seconds())
	}
	if len(failed) > 0 {
		fmt.Fprintf(stdout, "fuzzsmoke: %d of %d targets failed: %s\n(the failing inputs are in each package's testdata/fuzz; commit them with the fix)\n", len(failed), len(selected), strings.Join(failed, ", "))
		return 1
	}
	fmt.Fprintf(stdout, "fuzzsmoke: %d targets, %s each, no failures (%.0fs)\n", len(selected), fuzztime, time.Since(start).Seconds())
	return 0
}

// raceAttempts is how many times a target runs while each run fails only
// with the coordinator's deadline race (see coordinatorRace).
const raceAttempts = 3

// coordinatorRace reports whether the output of a failed "go test -fuzz"
// run is the race of Go's fuzzing coordinator at the end of -fuzztime
// (golang/go#75804, fixed in Go 1.27): the run fails with "context deadline
// exceeded" although no input failed, which happens when a loaded machine
// delays a worker past the deadline. Such a run wrote no failing input.
func coordinatorRace(out []byte) bool {
	s := string(out)
	return strings.Contains(s, "context deadline exceeded") &&
		!strings.Contains(s, "Failing input written to") &&
		!strings.Contains(s, "panic:")
}

var fuzzFunc = regexp.MustCompile(`^func (Fuzz[A-Za-z0-9_]*)\(\w+ \*testing\.F\)`)

// findTargets lists the fuzz functions of the packages (the whole
// workspace if none are named), in package order.
func findTargets(pkgs []string) ([]target, error) {
	if len(pkgs) == 0 {
		pkgs = []string{"work"}
	}
	all, err := golist.TestFiles("", pkgs...)
	if err != nil {
		return nil, err
	}
	var targets []target
	for _, p := range all {
		for _, file := range p.TestFiles {
			names, err := fuzzFuncs(file)
			if err != nil {
				return nil, err
			}
			for _, n := range names {
				targets = append(targets, target{p.ImportPath, n})
			}
		}
	}
	return targets, nil
}

// fuzzFuncs returns the names of the fuzz functions declared in a file.
func fuzzFuncs(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if m := fuzzFunc.FindStringSubmatch(sc.Text()); m != nil {
			names = append(names, m[1])
		}
	}
	return names, sc.Err()
}

func indent(b []byte) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > 40 {
		lines = append(lines[:40], fmt.Sprintf("... (%d more lines)", len(lines)-40))
	}
	return "    " + strings.Join(lines, "\n    ")
}
