// Command ctcheck checks under valgrind that crypton's secret-handling code
// runs in constant time.
//
// Usage:
//
//	go run ./tools/cmd/ctcheck [-v] [-run REGEXP] [-keep DIR] [-force FEATURES] [package ...]
//
// Constant-time cases are tests named TestCT... in _test.go files with the
// build constraint //go:build ctgrind. They mark their secret inputs
// undefined with [github.com/crypton-go/crypton/internal/ctgrind.Secret],
// run an operation, and mark what the protocol reveals defined again with
// ctgrind.Public; valgrind's memcheck then reports every conditional branch
// and every memory address that depends on a secret.
//
// For every package of the workspace with such files (or those among the
// packages named: import paths, directories like ./ecc/ecdsa, or patterns
// like ./mont/...), ctcheck builds the test binary with the tags "ctgrind" and
// "valgrind" (and DWARF 4, which the valgrind of Debian 12 reads), runs its
// TestCT cases under memcheck with the runtime's suppressions (runtime.supp:
// frames of Go's runtime only), and prints each finding with the function,
// file and line where a secret decided a branch or an address, and where it
// was called from. It exits with status 1 if any case is reported, any case
// fails, or the leaky control in internal/ctgrind is not reported: that
// control branches on a secret and indexes a table with one, so if memcheck
// stays quiet about it, the check itself is broken.
//
// Only uses of undefined values whose origin is a ctgrind secret, or that
// happen in crypton's code, are reported: the Go runtime's own
// uninitialised memory (a fresh goroutine stack) reaching, say, the test
// binary's final write is not a secret.
//
// Valgrind must be installed (apt-get install valgrind). The cases run
// every implementation, through the cpufeat registry, that the CPU valgrind
// emulates reports, plus those of -force: valgrind 3.19 executes ADX
// (which mont's MULX/ADX kernel needs) but hides it from CPUID, so the
// ctgrind builds of cpufeat take CRYPTON_CPU_FORCE=adx from ctcheck and
// treat it as present. Instructions valgrind cannot execute (SHA-NI, VAES)
// stay off, and their implementations are not covered by this check.
package main

import (
	"bufio"
	_ "embed"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/crypton-go/crypton/tools/internal/golist"
)

//go:embed runtime.supp
var runtimeSupp []byte

// controlPkg holds the leaky and the clean control cases.
const (
	controlPkg  = "github.com/crypton-go/crypton/internal/ctgrind"
	controlTest = "TestCTLeakyControl"
	modulePath  = "github.com/crypton-go/crypton/"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.Bool("v", false, "print each case's test output")
	runRe := fs.String("run", "", "run only the TestCT cases matching `REGEXP` (as go test -run)")
	keep := fs.String("keep", "", "keep the test binaries and valgrind's XML reports in `DIR`")
	force := fs.String("force", "adx", "cpufeat `features` to treat as present although valgrind's CPUID hides them (valgrind 3.19 runs ADX but does not report it)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ctcheck [-v] [-run REGEXP] [-keep DIR] [-force FEATURES] [package ...]\n\n"+
			"Runs the constant-time cases (TestCT..., in files tagged ctgrind) of the\n"+
			"given packages, or of every workspace package that has them, under\n"+
			"valgrind's memcheck, and reports every branch or memory index that\n"+
			"depends on a secret.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *runRe != "" {
		if _, err := regexp.Compile(*runRe); err != nil {
			fmt.Fprintf(stderr, "ctcheck: bad -run: %v\n", err)
			return 2
		}
	}
	c := &checker{stdout: stdout, stderr: stderr, verbose: *verbose, run: *runRe, force: *force}
	if err := c.main(fs.Args(), *keep); err != nil {
		fmt.Fprintf(stderr, "ctcheck: %v\n", err)
		return 1
	}
	return 0
}

type checker struct {
	stdout, stderr io.Writer
	verbose        bool
	run            string
	force          string // CRYPTON_CPU_FORCE for the cases
	dir            string // binaries, suppressions, reports
	supp           string
}

func (c *checker) main(pkgs []string, keep string) error {
	valgrind, err := exec.LookPath("valgrind")
	if err != nil {
		return errors.New("valgrind is not installed (apt-get install valgrind)")
	}
	if keep != "" {
		if err := os.MkdirAll(keep, 0o755); err != nil {
			return err
		}
		c.dir = keep
	} else {
		d, err := os.MkdirTemp("", "ctcheck")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		c.dir = d
	}
	c.supp = filepath.Join(c.dir, "runtime.supp")
	if err := os.WriteFile(c.supp, runtimeSupp, 0o644); err != nil {
		return err
	}

	all, err := ctPackages()
	if err != nil {
		return err
	}
	if len(pkgs) == 0 {
		pkgs = all
	} else if pkgs, err = selectPackages(pkgs, all); err != nil {
		return err
	}
	if !contains(all, controlPkg) {
		return fmt.Errorf("the control package %s has no ctgrind cases", controlPkg)
	}

	start := time.Now()
	failed := 0
	// The control first: if valgrind does not see the leak, nothing else
	// the check says can be trusted.
	res, err := c.runPkg(valgrind, controlPkg, "^"+controlTest+"$", "")
	if err != nil {
		return err
	}
	if !res.passed || !res.hasKind("UninitCondition", controlTest) || !res.hasKind("UninitValue", controlTest) {
		c.printFindings(res)
		return fmt.Errorf("the leaky control %s.%s was not reported as a secret-dependent branch and a secret-dependent address (%d findings): the check is not working", controlPkg, controlTest, len(res.findings))
	}
	fmt.Fprintf(c.stdout, "ok    %s %s: the leak is reported (%d findings, as intended)\n", controlPkg, controlTest, len(res.findings))

	for _, p := range pkgs {
		run := "^TestCT"
		if c.run != "" {
			run = c.run
		}
		res, err := c.runPkg(valgrind, p, run, "^"+controlTest+"$")
		if err != nil {
			return err
		}
		switch {
		case len(res.findings) > 0 || !res.passed:
			failed++
			fmt.Fprintf(c.stdout, "FAIL  %s (%d cases, %.1fs)\n", p, len(res.cases), res.elapsed.Seconds())
			c.printFindings(res)
		default:
			fmt.Fprintf(c.stdout, "ok    %s (%d cases, %.1fs)\n", p, len(res.cases), res.elapsed.Seconds())
		}
		if c.verbose || !res.passed {
			c.stdout.Write(res.output)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d packages are not constant time or failed (%.0fs)", failed, len(pkgs), time.Since(start).Seconds())
	}
	fmt.Fprintf(c.stdout, "constant time: %d packages, no findings (%.0fs)\n", len(pkgs), time.Since(start).Seconds())
	return nil
}

// ctPackages lists the workspace packages that have constant-time cases:
// a _test.go file whose build constraint mentions ctgrind.
// selectPackages resolves the command line's arguments (import paths,
// directories such as ./ecc/ecdsa, or patterns such as ./mont/...) with go
// list and keeps the packages that have constant-time cases, in order and
// once each. An argument none of whose packages has any is an error.
func selectPackages(args, all []string) ([]string, error) {
	var sel []string
	for _, a := range args {
		named, err := golist.TestFiles("ctgrind,valgrind", a)
		if err != nil {
			return nil, err
		}
		found := false
		for _, p := range named {
			if contains(all, p.ImportPath) {
				found = true
				if !contains(sel, p.ImportPath) {
					sel = append(sel, p.ImportPath)
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("%s has no constant-time cases (no _test.go file with //go:build ctgrind)", a)
		}
	}
	return sel, nil
}

func ctPackages() ([]string, error) {
	all, err := golist.TestFiles("ctgrind,valgrind", "work")
	if err != nil {
		return nil, err
	}
	var pkgs []string
	for _, p := range all {
		for _, file := range p.TestFiles {
			ok, err := hasCtgrindConstraint(file)
			if err != nil {
				return nil, err
			}
			if ok {
				pkgs = append(pkgs, p.ImportPath)
				break
			}
		}
	}
	return pkgs, nil
}

var ctgrindTag = regexp.MustCompile(`\bctgrind\b`)

// hasCtgrindConstraint reports whether the //go:build line of a Go file,
// which precedes its package clause, mentions the ctgrind tag.
func hasCtgrindConstraint(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "package ") {
			break
		}
		if strings.HasPrefix(line, "//go:build ") && ctgrindTag.MatchString(line) {
			return true, nil
		}
	}
	return false, sc.Err()
}

// pkgResult is what one run of a package's cases under valgrind found.
type pkgResult struct {
	pkg      string
	passed   bool // the test binary exited 0
	cases    []string
	findings []finding
	output   []byte
	elapsed  time.Duration
}

func (r pkgResult) hasKind(kind, fn string) bool {
	for _, f := range r.findings {
		if f.Kind == kind && len(f.Stack) > 0 && strings.HasSuffix(f.Stack[0].Fn, "."+fn) {
			return true
		}
	}
	return false
}

func (c *checker) runPkg(valgrind, pkg, run, skip string) (pkgResult, error) {
	res := pkgResult{pkg: pkg}
	name := strings.ReplaceAll(strings.TrimPrefix(pkg, modulePath), "/", "_")
	bin := filepath.Join(c.dir, name+".test")
	build := exec.Command("go", "test", "-c", "-tags", "ctgrind,valgrind", "-o", bin, pkg)
	build.Env = append(os.Environ(), "GOEXPERIMENT="+addExperiment(os.Getenv("GOEXPERIMENT"), "nodwarf5"))
	if out, err := build.CombinedOutput(); err != nil {
		return res, fmt.Errorf("building the tests of %s: %v\n%s", pkg, err, out)
	}
	xmlFile := filepath.Join(c.dir, name+".xml")
	args := []string{
		"--tool=memcheck", "--error-limit=no", "--leak-check=no", "--track-origins=yes",
		"--suppressions=" + c.supp, "--xml=yes", "--xml-file=" + xmlFile,
		// Not -test.v: its timing code makes memcheck report noise in
		// package testing.
		bin, "-test.run=" + run, "-test.count=1",
	}
	if skip != "" {
		args = append(args, "-test.skip="+skip)
	}
	cmd := exec.Command(valgrind, args...)
	cmd.Dir = filepath.Dir(bin)
	// One OS thread runs Go code: the cases are sequential, and the runtime
	// is quieter under memcheck.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "CRYPTON_CPU_FORCE="+c.force)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	res.elapsed = time.Since(start)
	res.output = out
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return res, fmt.Errorf("running valgrind: %v", err)
	}
	res.passed = err == nil
	// The cases that ran: listed by the binary itself, outside valgrind.
	listArgs := []string{"-test.list=" + run}
	if skip != "" {
		listArgs = append(listArgs, "-test.skip="+skip)
	}
	list, err := exec.Command(bin, listArgs...).Output()
	if err != nil {
		return res, fmt.Errorf("listing the cases of %s: %v", pkg, err)
	}
	for _, name := range strings.Fields(string(list)) {
		if strings.HasPrefix(name, "TestCT") && (skip == "" || name != controlTest) {
			res.cases = append(res.cases, name)
		}
	}
	report, err := os.ReadFile(xmlFile)
	if err != nil {
		return res, fmt.Errorf("valgrind wrote no report for %s: %v\n%s", pkg, err, out)
	}
	res.findings, err = parseReport(report)
	if err != nil {
		return res, fmt.Errorf("valgrind's report for %s: %v", pkg, err)
	}
	if len(res.cases) == 0 && skip != "" {
		res.passed = false
		res.output = append(res.output, []byte(fmt.Sprintf("ctcheck: no TestCT case of %s matched -run %q\n", pkg, run))...)
	}
	return res, nil
}

// addExperiment adds exp to a GOEXPERIMENT list.
func addExperiment(list, exp string) string {
	if list == "" {
		return exp
	}
	return list + "," + exp
}

// finding is one error of valgrind's XML report (protocol 4).
type finding struct {
	Kind   string `xml:"kind"`
	What   string `xml:"what"`
	Unique string `xml:"unique"`
	// Stacks are where the error happened and, with --track-origins, where
	// the undefined value came from (the client request of ctgrind.Secret).
	Stacks []struct {
		Frames []frame `xml:"frame"`
	} `xml:"stack"`
	Stack  []frame `xml:"-"`
	Origin []frame `xml:"-"`
	Count  int     `xml:"-"` // occurrences (from errorcounts)
}

type frame struct {
	Fn   string `xml:"fn"`
	Dir  string `xml:"dir"`
	File string `xml:"file"`
	Line int    `xml:"line"`
}

func (f frame) String() string {
	loc := f.File
	if f.Dir != "" {
		loc = filepath.Join(f.Dir, f.File)
	}
	if i := strings.Index(loc, "/crypton/"); i >= 0 {
		loc = loc[i+len("/crypton/"):]
	}
	if f.File == "" {
		return f.Fn
	}
	return fmt.Sprintf("%s (%s:%d)", f.Fn, loc, f.Line)
}

func parseReport(b []byte) ([]finding, error) {
	var doc struct {
		Errors []finding `xml:"error"`
		Counts []struct {
			Count  int    `xml:"count"`
			Unique string `xml:"unique"`
		} `xml:"errorcounts>pair"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for _, p := range doc.Counts {
		counts[p.Unique] = p.Count
	}
	var out []finding
	for _, e := range doc.Errors {
		// Only uses of undefined (secret) values say something about
		// timing. Memcheck's other reports, of leaks and of reads and
		// writes of memory it believes freed, come from the Go runtime's
		// garbage collector, which it cannot follow; they appear in any Go
		// program under valgrind, at random places.
		if !ctKinds[e.Kind] {
			continue
		}
		e.Count = max(1, counts[e.Unique])
		if len(e.Stacks) > 0 {
			e.Stack = e.Stacks[0].Frames
		}
		if len(e.Stacks) > 1 {
			e.Origin = e.Stacks[1].Frames
		}
		// Uninitialised memory that is no secret: the Go runtime's own
		// (a fresh goroutine stack, say), used outside crypton's code.
		// A secret's undefinedness keeps its origin, ctgrind's client
		// request, through every copy; a leak in crypton's code has a
		// crypton frame where it happens. Anything else is dropped.
		if len(e.Origin) > 0 && !hasFn(e.Origin, modulePath+"internal/ctgrind.") && !hasFn(e.Stack, modulePath) {
			continue
		}
		out = append(out, e)
	}
	return out, nil
}

// hasFn reports whether one of frames is in a function whose name starts
// with prefix.
func hasFn(frames []frame, prefix string) bool {
	for _, f := range frames {
		if strings.HasPrefix(f.Fn, prefix) {
			return true
		}
	}
	return false
}

// ctKinds are the memcheck error kinds that reveal a secret-dependent
// branch, address or system call argument.
var ctKinds = map[string]bool{
	"UninitCondition": true,
	"UninitValue":     true,
	"SyscallParam":    true,
}

// kindText says what a memcheck error kind means for constant-time code.
var kindText = map[string]string{
	"UninitCondition": "branch on a secret",
	"UninitValue":     "memory address (or other use) computed from a secret",
	"SyscallParam":    "secret passed to a system call",
}

func (c *checker) printFindings(res pkgResult) {
	for _, f := range res.findings {
		what := kindText[f.Kind]
		if what == "" {
			what = f.What
		}
		fmt.Fprintf(c.stdout, "    %s (%s), %d time(s):\n", what, f.Kind, f.Count)
		for i, fr := range f.Stack {
			if i >= 6 {
				break
			}
			prefix := "at"
			if i > 0 {
				prefix = "called from"
			}
			fmt.Fprintf(c.stdout, "        %s %s\n", prefix, fr)
		}
		// The origin is the ctgrind.Secret call: name its caller, the case.
		for _, fr := range f.Origin {
			if !strings.HasPrefix(fr.Fn, controlPkg+".") {
				fmt.Fprintf(c.stdout, "        secret marked by %s\n", fr)
				break
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
