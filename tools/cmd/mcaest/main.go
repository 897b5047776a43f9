// Command mcaest estimates with llvm-mca how fast a loop of one of crypton's
// assembly kernels runs on CPUs that the development machine may not have,
// so that an AVX-512 kernel can be sized at design time.
//
// Usage:
//
//	go run ./tools/cmd/mcaest [-mcpu LIST] [-loop N | -all] [-bytes B] [-ghz G] [-v] PACKAGE FUNC
//
// PACKAGE is a package directory or import path of the workspace
// (./hash/sha512), FUNC the Go name of one of its functions, normally an
// assembly one (blockAVX2). mcaest builds the package's test binary for
// amd64 (go test -c), finds FUNC's symbol in it with go tool nm (the
// assembly body, FUNC.abi0, rather than its Go wrapper), and disassembles it
// with GNU objdump in AT&T syntax, which llvm-mca reads as it is. The linker
// drops an assembly function that nothing calls, so if FUNC is not in the
// binary, mcaest builds it again with a test file, given to go through
// -overlay and never written into the package, that takes FUNC's address.
//
// Every backward jump, conditional or not, whose target is an instruction
// of the function defines a loop from that target to the jump; the jump to
// the function's start after the stack-growth call to runtime.morestack is
// not one. Loops are numbered 1, 2, ... in address order (start, then end)
// and listed on one line as number, offset from the function's start and
// instructions per iteration. mcaest analyses the largest loop that holds no
// other loop, loop N with -loop N, or each with -all; a function without
// loops is analysed whole, as straight-line code. Nested loops are
// analysed flattened: the body is every instruction between the target and
// the jump, without jumps, calls, returns and alignment NOPs, as if each
// instruction ran once per iteration. A call in the body is dropped and
// reported: the callee's cost is not in the estimate.
//
// The body goes to llvm-mca (llvm-mca-19 if installed, which knows znver4
// and sapphirerapids, else llvm-mca) once per CPU of -mcpu, with
// -mtriple=x86_64-unknown-unknown and -iterations 200 (-iterations). The table
// gives, per CPU, instructions per iteration, cycles per iteration (llvm-mca's
// Total Cycles / Iterations: the simulated steady state, dependencies
// included) and llvm-mca's Block RThroughput (the cycles per iteration that
// the execution ports alone impose; far below cycles per iteration means a
// latency-bound loop). With -bytes B, the bytes of input one iteration
// consumes (a fraction is fine: 12.8 for 8 of SHA-512's 80 rounds of a
// 128-byte block), it adds cycles per byte and MB/s (10^6 bytes per second)
// at a nominal clock of -ghz (default 3.0 GHz, about the all-core clock of
// a server part; scale the figure to the clock of the part at hand).
//
// These are llvm-mca estimates, not measurements: loads are assumed to hit
// L1, stores not to alias loads, the front end to keep up, and the
// scheduling models are LLVM's approximations. Use them to compare designs
// and to size a kernel, and measure on the hardware before quoting a speed.
// -v prints the loop body given to llvm-mca and llvm-mca's full report for
// each CPU, whose resource-pressure view shows the ports that bind.
//
// llvm-mca's models can fail to terminate on some instructions (LLVM 19's
// sapphirerapids model on AESKEYGENASSIST): a run longer than -timeout is
// an error naming the CPU. An -mcpu that the llvm-mca in use does not know
// is an error too (llvm-mca 14 knows neither znver4 nor a model of its own
// for sapphirerapids). mcaest needs the go command, GNU objdump (binutils)
// and llvm-mca (apt-get install llvm-19). Exit status: 0, 1 on error, 2 for
// a usage error.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	cpus       []string
	loop       int // 1-based; 0 for the largest
	all        bool
	bytes, ghz float64
	iterations int
	timeout    time.Duration
	verbose    bool
	stdout     io.Writer
	stderr     io.Writer
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcaest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mcpu := fs.String("mcpu", "icelake-server,sapphirerapids,znver4", "comma-separated llvm-mca `CPUs`")
	o := &options{stdout: stdout, stderr: stderr}
	fs.IntVar(&o.loop, "loop", 0, "analyse loop `N` (numbered from 1 in address order) instead of the largest innermost one")
	fs.BoolVar(&o.all, "all", false, "analyse every loop")
	fs.Float64Var(&o.bytes, "bytes", 0, "bytes processed per loop iteration `B`, for cycles per byte and MB/s")
	fs.Float64Var(&o.ghz, "ghz", 3.0, "nominal clock in `GHz` for MB/s")
	fs.IntVar(&o.iterations, "iterations", 200, "llvm-mca's simulated `iterations`")
	fs.DurationVar(&o.timeout, "timeout", time.Minute, "give up on an llvm-mca run after `D`")
	fs.BoolVar(&o.verbose, "v", false, "print the commands, the loop body and llvm-mca's reports")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: mcaest [-mcpu LIST] [-loop N | -all] [-bytes B] [-ghz G] [-v] PACKAGE FUNC\n\n"+
			"Estimates with llvm-mca the cycles per iteration of a loop of the\n"+
			"assembly function FUNC of PACKAGE on each CPU of -mcpu.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	for _, c := range strings.Split(*mcpu, ",") {
		if c = strings.TrimSpace(c); c != "" {
			o.cpus = append(o.cpus, c)
		}
	}
	switch {
	case fs.NArg() != 2:
		fs.Usage()
		return 2
	case len(o.cpus) == 0, o.loop < 0, o.all && o.loop != 0, o.bytes < 0, o.ghz <= 0, o.iterations <= 0, o.timeout <= 0:
		fmt.Fprintln(stderr, "mcaest: bad flags: need a CPU, -loop N ≥ 1 or -all (not both), -bytes ≥ 0, -ghz, -iterations and -timeout > 0")
		return 2
	}
	if err := o.main(fs.Arg(0), fs.Arg(1)); err != nil {
		fmt.Fprintf(stderr, "mcaest: %v\n", err)
		return 1
	}
	return 0
}

// findMCA returns the llvm-mca to use and its version.
func findMCA() (path, version string, err error) {
	for _, name := range []string{"llvm-mca-19", "llvm-mca"} {
		if path, err = exec.LookPath(name); err == nil {
			out, _ := exec.Command(path, "--version").Output()
			if m := regexp.MustCompile(`LLVM version (\S+)`).FindSubmatch(out); m != nil {
				version = string(m[1])
			}
			return path, version, nil
		}
	}
	return "", "", errors.New("llvm-mca not found; install it with: apt-get install llvm-19")
}

func (o *options) command(name string, args ...string) *exec.Cmd {
	if o.verbose {
		fmt.Fprintf(o.stderr, "+ %s %s\n", name, strings.Join(args, " "))
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "GOARCH=amd64")
	return cmd
}

// output runs cmd and returns its standard output, or an error with its
// standard error.
func output(cmd *exec.Cmd) ([]byte, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s: %v\n%s", filepath.Base(cmd.Path), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}

func (o *options) main(pkg, fn string) error {
	mca, version, err := findMCA()
	if err != nil {
		return err
	}
	if _, err := exec.LookPath("objdump"); err != nil {
		return errors.New("GNU objdump not found; install it with: apt-get install binutils")
	}
	out, err := output(o.command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{.Name}}", pkg))
	if err != nil {
		return err
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	if len(f) != 3 || strings.Contains(f[2], "\n") {
		return fmt.Errorf("%s names no package or more than one", pkg)
	}
	path, dir, name := f[0], f[1], f[2]

	tmp, err := os.MkdirTemp("", "mcaest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "pkg.test")
	if _, err := output(o.command("go", "test", "-c", "-vet=off", "-o", bin, path)); err != nil {
		return err
	}
	syms, err := o.textSymbols(bin, path)
	if err != nil {
		return err
	}
	sym := lookup(syms, path, fn)
	if sym == "" && token.IsIdentifier(fn) {
		// Not linked in: take its address in a test file of our own.
		keep := filepath.Join(tmp, "keep_test.go")
		src := fmt.Sprintf("package %s\n\nimport \"testing\"\n\nfunc TestMcaestKeep(t *testing.T) { t.Logf(\"%%p\", %s) }\n", name, fn)
		overlay := filepath.Join(tmp, "overlay.json")
		js := fmt.Sprintf(`{"Replace":{%q:%q}}`, filepath.Join(dir, "zz_mcaest_keep_test.go"), keep)
		if os.WriteFile(keep, []byte(src), 0o644) == nil && os.WriteFile(overlay, []byte(js), 0o644) == nil {
			if _, err := output(o.command("go", "test", "-c", "-vet=off", "-overlay", overlay, "-o", bin, path)); err == nil {
				if kept, err := o.textSymbols(bin, path); err == nil {
					sym = lookup(kept, path, fn)
				}
			} else if o.verbose {
				fmt.Fprintln(o.stderr, err)
			}
		}
	}
	if sym == "" {
		return unknownFunc(path, fn, syms)
	}

	out, err = output(o.command("objdump", "-d", "--no-show-raw-insn", "--disassemble="+sym, bin))
	if err != nil {
		return err
	}
	insts, err := parseObjdump(string(out))
	if err != nil {
		return fmt.Errorf("%s: %v", sym, err)
	}
	loops := findLoops(insts)
	which, err := o.choose(loops)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.stdout, "%s: %s\n", sym, listLoops(insts, loops, which))
	fmt.Fprintf(o.stdout, "llvm-mca %s estimate, not a measurement: %d iterations", version, o.iterations)
	if o.bytes > 0 {
		fmt.Fprintf(o.stdout, ", %g bytes per iteration, MB/s at a nominal %g GHz", o.bytes, o.ghz)
	}
	fmt.Fprintln(o.stdout)
	var failed error
	for _, n := range which {
		if err := o.analyse(mca, insts, loops, n); err != nil {
			failed = err
		}
	}
	return failed
}

// textSymbols returns the names of the text symbols of package path in bin.
func (o *options) textSymbols(bin, path string) ([]string, error) {
	out, err := output(o.command("go", "tool", "nm", bin))
	if err != nil {
		return nil, err
	}
	var syms []string
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && (f[1] == "T" || f[1] == "t") && strings.HasPrefix(f[2], path+".") {
			syms = append(syms, strings.Join(f[2:], " "))
		}
	}
	return syms, nil
}

// lookup returns the symbol of fn in package path: its assembly body if
// there is one, else the Go function; "" if neither is in syms.
func lookup(syms []string, path, fn string) string {
	for _, s := range []string{path + "." + fn + ".abi0", path + "." + fn} {
		if slices.Contains(syms, s) {
			return s
		}
	}
	return ""
}

func unknownFunc(path, fn string, syms []string) error {
	var asm, gofn []string
	for _, s := range syms {
		s = strings.TrimPrefix(s, path+".")
		if strings.Contains(s, ".func") {
			continue // closures
		}
		if t, ok := strings.CutSuffix(s, ".abi0"); ok {
			asm = append(asm, t)
		} else {
			gofn = append(gofn, s)
		}
	}
	sort.Strings(asm)
	sort.Strings(gofn)
	return fmt.Errorf("no function %s in %s; its text symbols are\n  assembly: %s\n  Go: %s",
		fn, path, strings.Join(asm, ", "), strings.Join(gofn, ", "))
}

type kind int

const (
	plain kind = iota
	jump
	call
	ret
	nop
)

// inst is one instruction of an objdump listing.
type inst struct {
	addr   uint64
	text   string // mnemonic and operands, single-spaced, without address, <symbol> or # comment
	kind   kind
	target uint64 // of a direct jump or call; 0 otherwise
	callee string // objdump's <symbol> annotation of a call
}

var instRE = regexp.MustCompile(`^\s*([0-9a-f]+):\t(.*)$`)

// parseObjdump parses the listing of one function by objdump -d
// --no-show-raw-insn in AT&T syntax.
func parseObjdump(listing string) ([]inst, error) {
	var insts []inst
	for _, line := range strings.Split(listing, "\n") {
		m := instRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		text, note := m[2], ""
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if i := strings.IndexByte(text, '<'); i >= 0 {
			text, note = text[:i], strings.Trim(text[i:], "<> \t")
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		in := inst{addr: addr, text: strings.Join(f, " ")}
		switch op := f[0]; {
		case strings.HasPrefix(op, "j") || strings.HasPrefix(op, "loop"):
			in.kind = jump
		case strings.HasPrefix(op, "call"):
			in.kind, in.callee = call, note
		case strings.HasPrefix(op, "ret"):
			in.kind = ret
		case strings.HasPrefix(op, "nop") || in.text == "xchg %ax,%ax" || strings.Contains(in.text, " nop"):
			in.kind = nop
		}
		if in.kind == jump || in.kind == call {
			if len(f) == 2 {
				in.target, _ = strconv.ParseUint(f[1], 16, 64)
			}
		}
		insts = append(insts, in)
	}
	if len(insts) == 0 {
		return nil, errors.New("objdump listed no instructions")
	}
	return insts, nil
}

// loop is the instructions insts[start:end+1]; insts[end] jumps to insts[start].
type loop struct{ start, end int }

// findLoops returns the loops of a function: one for every backward jump
// to one of its instructions, except the jump back to the start after
// runtime.morestack, ordered by start and end.
func findLoops(insts []inst) []loop {
	index := make(map[uint64]int, len(insts))
	for i, in := range insts {
		index[in.addr] = i
	}
	var loops []loop
	for i, in := range insts {
		t, ok := index[in.target]
		if in.kind != jump || in.target == 0 || !ok || t > i {
			continue
		}
		if i > 0 && insts[i-1].kind == call && strings.HasPrefix(insts[i-1].callee, "runtime.morestack") {
			continue
		}
		loops = append(loops, loop{t, i})
	}
	sort.Slice(loops, func(a, b int) bool {
		if loops[a].start != loops[b].start {
			return loops[a].start < loops[b].start
		}
		return loops[a].end < loops[b].end
	})
	return loops
}

// body returns the instructions of insts for llvm-mca (without jumps,
// calls, returns and NOPs) and the number of calls dropped.
func body(insts []inst) (lines []string, calls int, err error) {
	for _, in := range insts {
		switch {
		case in.text == "(bad)":
			return nil, 0, fmt.Errorf("objdump cannot decode the instruction at %#x: a newer binutils may", in.addr)
		case in.kind == call:
			calls++
		case in.kind == plain:
			lines = append(lines, in.text)
		}
	}
	return lines, calls, nil
}

// choose returns the loops to analyse: all of them, the one asked for, or
// the largest of those that hold no other loop; the whole function if it
// has none.
func (o *options) choose(loops []loop) ([]int, error) {
	switch {
	case o.loop > len(loops):
		return nil, fmt.Errorf("-loop %d: there are %d loops", o.loop, len(loops))
	case len(loops) == 0:
		return []int{0}, nil
	case o.loop > 0:
		return []int{o.loop}, nil
	case o.all:
		var all []int
		for i := range loops {
			all = append(all, i+1)
		}
		return all, nil
	}
	// The largest innermost loop: an outer loop flattened (its inner loop
	// counted once) estimates nothing real.
	best := -1
	for i, l := range loops {
		inner := true
		for j, m := range loops {
			if j != i && l.start <= m.start && m.end <= l.end {
				inner = false
			}
		}
		if inner && (best < 0 || l.end-l.start > loops[best].end-loops[best].start) {
			best = i
		}
	}
	return []int{max(best, 0) + 1}, nil
}

// span returns loop n (1-based) of insts, or the whole function for 0.
func span(insts []inst, loops []loop, n int) []inst {
	if n == 0 {
		return insts
	}
	return insts[loops[n-1].start : loops[n-1].end+1]
}

func listLoops(insts []inst, loops []loop, which []int) string {
	if len(loops) == 0 {
		return "no loops; analysing the whole function as straight-line code"
	}
	var b strings.Builder
	b.WriteString("loops (number offset: instructions)")
	for i := range loops {
		lines, _, _ := body(span(insts, loops, i+1))
		sep, mark := ", ", ""
		if i == 0 {
			sep = ": "
		}
		if slices.Contains(which, i+1) {
			mark = " (analysed)"
		}
		fmt.Fprintf(&b, "%s%d +%#x: %d%s", sep, i+1, insts[loops[i].start].addr-insts[0].addr, len(lines), mark)
	}
	return b.String()
}

// summary is the summary block of an llvm-mca report.
type summary struct {
	iterations, instructions, cycles int
	rthroughput                      float64
}

func parseSummary(report string) (summary, error) {
	var s summary
	found := 0
	for _, line := range strings.Split(report, "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		var err error
		switch strings.TrimSpace(key) {
		case "Iterations":
			s.iterations, err = strconv.Atoi(val)
		case "Instructions":
			s.instructions, err = strconv.Atoi(val)
		case "Total Cycles":
			s.cycles, err = strconv.Atoi(val)
		case "Block RThroughput":
			s.rthroughput, err = strconv.ParseFloat(val, 64)
		default:
			continue
		}
		if err != nil {
			return s, fmt.Errorf("llvm-mca report: %q: %v", line, err)
		}
		found++
	}
	if found < 4 || s.iterations <= 0 {
		return s, errors.New("llvm-mca report without a complete summary")
	}
	return s, nil
}

// mcaRun runs llvm-mca on the lines for cpu and returns its report.
func (o *options) mcaRun(mca, cpu string, lines []string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, mca, "-mtriple=x86_64-unknown-unknown", "-mcpu="+cpu, "-iterations="+strconv.Itoa(o.iterations))
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	name := filepath.Base(mca)
	switch {
	case strings.Contains(stderr.String(), "is not a recognized processor"):
		return "", fmt.Errorf("%s does not know -mcpu %s", name, cpu)
	case ctx.Err() != nil:
		return "", fmt.Errorf("%s -mcpu %s did not finish in %v (its scheduling model may loop forever on one of the instructions)", name, cpu, o.timeout)
	case err != nil:
		return "", fmt.Errorf("%s -mcpu %s: %v\n%s", name, cpu, err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// analyse estimates loop n on every CPU and prints the table.
func (o *options) analyse(mca string, insts []inst, loops []loop, n int) error {
	code := span(insts, loops, n)
	lines, calls, err := body(code)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return fmt.Errorf("loop %d has no instructions but branches", n)
	}
	base, what := insts[0].addr, fmt.Sprintf("loop %d", n)
	if n == 0 {
		what = "whole function"
	}
	fmt.Fprintf(o.stdout, "\n%s, +%#x..+%#x:\n", what, code[0].addr-base, code[len(code)-1].addr-base)
	if calls > 0 {
		fmt.Fprintf(o.stdout, "(%d calls dropped: the callees' cycles are not included)\n", calls)
	}
	if o.verbose {
		fmt.Fprintf(o.stdout, "%s\n", strings.Join(lines, "\n"))
	}
	fmt.Fprintf(o.stdout, "%-16s %11s %12s %12s", "CPU", "insts/iter", "cycles/iter", "RThroughput")
	if o.bytes > 0 {
		fmt.Fprintf(o.stdout, " %12s %9s", "cycles/byte", "MB/s")
	}
	fmt.Fprintln(o.stdout)
	var failed error
	var reports []string
	for _, cpu := range o.cpus {
		report, err := o.mcaRun(mca, cpu, lines)
		var s summary
		if err == nil {
			s, err = parseSummary(report)
		}
		if err != nil {
			fmt.Fprintf(o.stdout, "%-16s %s\n", cpu, "(failed)")
			fmt.Fprintf(o.stderr, "mcaest: %v\n", err)
			failed = err
			continue
		}
		reports = append(reports, fmt.Sprintf("\nllvm-mca -mcpu %s, loop %d:\n%s", cpu, n, report))
		it := float64(s.iterations)
		cyc := float64(s.cycles) / it
		fmt.Fprintf(o.stdout, "%-16s %11.0f %12.2f %12.2f", cpu, float64(s.instructions)/it, cyc, s.rthroughput)
		if o.bytes > 0 {
			fmt.Fprintf(o.stdout, " %12.2f %9.0f", cyc/o.bytes, o.bytes/cyc*o.ghz*1e3)
		}
		fmt.Fprintln(o.stdout)
	}
	if o.verbose {
		fmt.Fprint(o.stdout, strings.Join(reports, ""))
	}
	if failed != nil {
		return fmt.Errorf("%s: not every CPU estimated", what)
	}
	return nil
}
