// Command avx512emu runs Go test binaries on an emulated AVX-512 CPU, so
// that crypton's AVX-512 code is tested on machines that have none.
//
// Usage:
//
//	go run ./tools/cmd/avx512emu test [flags] [package ...] [-- test flags]
//	go run ./tools/cmd/avx512emu exec [flags] BINARY [test flags]
//	go run ./tools/cmd/avx512emu prepare
//
// It boots a throw-away Linux guest under Bochs, whose "tigerlake" CPU model
// has AVX-512 F/CD/BW/DQ/VL, IFMA, VBMI/VBMI2, 512-bit VAES and VPCLMULQDQ,
// GFNI and the SHA extensions, and runs the test binaries there, one after
// another, as the guest's only processes. The guest is a kernel from
// Debian's linux-image-cloud-amd64 (downloaded with apt-get once, then kept
// in $AVX512EMU_CACHE or the user's cache directory) and an initramfs
// holding the guest's init (package guest beside this one), the binaries
// and the files of their package directories (testdata too). It has one CPU,
// no network and no disk; Bochs runs code 30 to 60 times slower than the
// host, and about 17 seconds go to booting.
//
// "test" builds the test binary of each package (import paths, directories
// or patterns such as work or ./hash/..., as go test takes them) and runs
// them, spread over -jobs emulators at once; flags after -- go to every
// test binary. -avx512 keeps the packages whose amd64 assembly uses AVX-512
// instructions or registers, -registered those whose tests check the
// cpufeat registry (they call cputest.CheckImplementations), and
// -exclude leaves out the packages whose import path matches a regular
// expression (to run one whose full test set is too slow for the emulator
// separately, with -run), so that
//
//	avx512emu test -avx512 -short work
//	avx512emu test -registered -run '^TestImplementations$' work
//
// run the AVX-512 code's tests, and check on an AVX-512 CPU that every
// package selects the implementations it should. It prints a line for each
// package as go test does, with the test's output when it failed or was
// asked for with -- -test.v (and with -v the whole guest console).
//
// "exec" runs one test binary that go test built, with the working directory
// copied in, which is what go test's -exec flag wants:
//
//	GOEXPERIMENT=nogreenteagc CGO_ENABLED=0 go test -exec 'go run github.com/crypton-go/crypton/tools/cmd/avx512emu exec' -short ./hash/sha512
//
// "prepare" checks the host and fetches the kernel, so that a later run
// starts at once.
//
// Test binaries for the guest are built with GOEXPERIMENT=nogreenteagc
// ("test" does so itself; "exec" refuses a binary built otherwise): the
// garbage collector of Go 1.26 scans with VGF2P8AFFINEQB on AVX-512 CPUs,
// which Bochs 2.7 computes wrongly, and the heap is then corrupted. They
// must be static (CGO_ENABLED=0), since the guest has no C library.
//
// The tests insist on AVX-512: unless -require says otherwise, every test
// runs with CRYPTON_REQUIRE_CPU set to the features of the emulated CPU
// model, and cputest.CheckImplementations then fails the test of any
// package if cpufeat finds one of them missing, so a broken detection
// cannot pass as a silent fallback to AVX2. Giving CRYPTON_CPU with -e (to
// turn features off, e.g. -e CRYPTON_CPU=-avx512) drops that requirement.
//
// The guest runs only the implementations that need AVX-512 where the host
// runs the others itself: with -impls auto (the default), and no CRYPTON_CPU
// given with -e, every test gets CRYPTON_TEST_IMPLS=512 when the host has
// the emulated model's other features that crypton uses (AVX2, BMI2, AES-NI,
// VAES, ...), and cputest.TestAllImplementations and ForEachImplementation
// then skip the implementations whose names lack "512" ("AVX2", "generic",
// ...), which the native tests run. -impls all runs them all.
//
// ADX is always off in the guest, for crypton (CRYPTON_CPU=-adx) and for
// Go's math/big (GODEBUG=cpu.adx=off): Bochs 2.7 sets ADOX's overflow flag
// wrongly, so MULX/ADCX/ADOX chains, and the tests' math/big oracle with
// them, compute wrong results there. crypton's SHA-NI kernels are off
// too (CRYPTON_CPU=-shani): Bochs' SHA extensions give wrong digests, and
// so do Go's crypto/sha1 and crypto/sha256 unless -e GODEBUG=cpu.sha=off.
// The MULX/ADX and SHA-NI kernels are tested natively; do not trust the
// emulator for ADOX, the SHA extensions, nor VGF2P8AFFINEQB.
// Tests that fetch vectors through the Go module proxy skip in the guest,
// which has no network.
//
// Exit status: 0 when every test passed; 1 when a test failed; 3 when the
// emulator or its set-up failed (a missing package, a guest that stopped
// without reporting, a time-out), which says nothing about the code under
// test; 2 for a usage error. "exec" exits with the test's own status, or 3.
//
// It needs, on Debian: apt-get install bochs bochsbios vgabios isolinux
// syslinux-common xorriso (it names what is missing), and apt-get for the
// kernel on first use (or $AVX512EMU_KERNEL naming an x86-64 bzImage).
// Timings inside the guest are emulated time and mean nothing for speed;
// estimate speed with tools/cmd/mcaest.
package main

import (
	"bytes"
	"context"
	"debug/buildinfo"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/crypton-go/crypton/cpufeat"
)

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
	exitInfra = 3
)

// cpuFeatures are the cpufeat features each Bochs CPU model has that the
// guest uses, required of the tests by default (CRYPTON_REQUIRE_CPU). ADX
// and the SHA extensions are not among them: see guestOff.
var cpuFeatures = map[string]string{
	"tigerlake": "avx2,bmi2,avx512f,avx512vl,avx512bw,avx512ifma,avx512vbmi,vaes,vpclmulqdq,vaes512,vpclmulqdq512,gfni",
}

// guestOff is what the guest turns off in every test, in crypton
// (CRYPTON_CPU) and in Go's runtime and standard library (GODEBUG): Bochs
// 2.7 computes the overflow flag of ADOX wrongly (it is set as for a signed
// overflow, not from the carry out), so every MULX/ADCX/ADOX chain goes
// wrong in the guest: crypton's MULX/ADX kernels, and math/big's, which the
// tests use as their oracle. Its SHA extensions (SHA-NI) give wrong
// digests too: RSA's RFC 8017 OAEP and PSS vectors, whose padding hashes
// with SHA-1 and SHA-256, fail in the guest with them on and pass with them
// off (and natively with them on). crypton's SHA-NI kernels are off in
// every test; Go's crypto/sha1 and crypto/sha256 are not by default, since
// golang.org/x/sys/cpu reports GODEBUG=cpu.sha=off as an unknown feature on
// stderr, which tests of a program's output notice: give it with -e to
// tests that compare with those packages. The kernels are tested natively.
const (
	guestOffCrypton = "-adx,-shani"
	guestOffGo      = "cpu.adx=off"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	interrupted = ctx
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// envList is a repeatable KEY=VALUE flag.
type envList []string

func (e *envList) String() string { return strings.Join(*e, " ") }
func (e *envList) Set(s string) error {
	if k, _, ok := strings.Cut(s, "="); !ok || k == "" {
		return errors.New("want KEY=VALUE")
	}
	*e = append(*e, s)
	return nil
}

// options are the flags common to the subcommands.
type options struct {
	cpu     string
	megs    int
	timeout time.Duration
	env     envList
	require string
	impls   string
	verbose bool
	keep    bool
}

func (o *options) register(fs *flag.FlagSet) {
	fs.StringVar(&o.cpu, "cpu", "tigerlake", "Bochs CPU `model`")
	fs.IntVar(&o.megs, "mem", 0, "guest memory in `MiB` (default: 512 plus twice the binaries' size)")
	fs.DurationVar(&o.timeout, "timeout", 30*time.Minute, "wall-clock limit of one emulator")
	fs.Var(&o.env, "e", "extra environment `KEY=VALUE` for the tests (repeatable)")
	fs.StringVar(&o.require, "require", "auto", "cpufeat `features` the tests must find (CRYPTON_REQUIRE_CPU); auto: the CPU model's, none if -e sets CRYPTON_CPU")
	fs.StringVar(&o.impls, "impls", "auto", "the implementations that cputest's helpers run, as a `REGEXP` of their names (CRYPTON_TEST_IMPLS); auto: "+avx512Impls+" where this host runs the others itself and -e sets no CRYPTON_CPU, else all; all: all")
	fs.BoolVar(&o.verbose, "v", false, "print the whole guest console")
	fs.BoolVar(&o.keep, "keep", false, "keep the work directory (initramfs, ISO, console and Bochs logs)")
}

// implsEnvVar is cputest.ImplsEnvVar (a constant of a package that
// imports testing, which a command should not).
const implsEnvVar = "CRYPTON_TEST_IMPLS"

// avx512Impls matches the names of the implementations that need
// AVX-512 ("AVX-512+IFMA", "VAES-512", "AVX-512VL", ...), and no other's.
const avx512Impls = "512"

// hostFeatures are the cpufeat features of the emulated CPU model, other
// than AVX-512's, that crypton's implementations use (ADX and SHA-NI are
// off in the guest): where this host has them all, the native tests run
// every implementation that needs no AVX-512, and the guest need not.
var hostFeatures = []string{"aesni", "pclmulqdq", "ssse3", "avx", "avx2", "bmi1", "bmi2", "vaes", "vpclmulqdq"}

// hostRunsOthers reports whether this host has every feature of
// hostFeatures.
func hostRunsOthers() bool {
	for _, f := range hostFeatures {
		if !cpufeat.Enabled(f) {
			return false
		}
	}
	return true
}

// testEnv returns the environment every test gets: the user's, with ADX
// and SHA-NI turned off (see guestOff), CRYPTON_REQUIRE_CPU and
// CRYPTON_TEST_IMPLS. By default the guest runs only the implementations
// that need AVX-512 (implsEnvVar) when the host runs the others
// natively: the native tests run them all, and the guest's time goes to
// what only it can run.
func (o *options) testEnv() []string {
	var env []string
	cryptonCPU, godebug, userCPU, userImpls := guestOffCrypton, guestOffGo, false, false
	for _, e := range o.env {
		switch k, v, _ := strings.Cut(e, "="); k {
		case implsEnvVar:
			userImpls = true
			env = append(env, e)
		case "CRYPTON_CPU":
			cryptonCPU, userCPU = v+","+guestOffCrypton, true
		case "GODEBUG":
			godebug = v + "," + guestOffGo
		default:
			env = append(env, e)
		}
	}
	env = append(env, "CRYPTON_CPU="+cryptonCPU, "GODEBUG="+godebug)
	req := o.require
	if req == "auto" {
		req = cpuFeatures[o.cpu]
		if userCPU {
			req = ""
		}
	}
	if req != "" {
		env = append(env, "CRYPTON_REQUIRE_CPU="+req)
	}
	impls := o.impls
	if impls == "auto" {
		impls = "all"
		if !userCPU && hostRunsOthers() {
			impls = avx512Impls
		}
	}
	if impls != "all" && impls != "" && !userImpls {
		env = append(env, implsEnvVar+"="+impls)
	}
	return env
}

func run(args []string, stdout, stderr io.Writer) int {
	usage := func() int {
		fmt.Fprintln(stderr, "usage: avx512emu test [flags] [package ...] [-- test flags]\n       avx512emu exec [flags] BINARY [test flags]\n       avx512emu prepare\nRun avx512emu CMD -h for the flags; go doc ./tools/cmd/avx512emu for the rest.")
		return exitUsage
	}
	if len(args) == 0 {
		return usage()
	}
	var err error
	code := exitOK
	switch args[0] {
	case "test":
		code, err = cmdTest(args[1:], stdout, stderr)
	case "exec":
		code, err = cmdExec(args[1:], stdout, stderr)
	case "prepare":
		var o options
		_, err = o.setup(io.Discard, stderr)
	case "-h", "-help", "--help", "help":
		usage()
		return exitOK
	default:
		fmt.Fprintf(stderr, "avx512emu: unknown command %q\n", args[0])
		return usage()
	}
	var ie *infraError
	switch {
	case errors.As(err, &ie):
		fmt.Fprintf(stderr, "avx512emu: infrastructure failure, not a test result: %v\n", err)
		return exitInfra
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case err != nil:
		fmt.Fprintf(stderr, "avx512emu: %v\n", err)
		return exitUsage
	}
	return code
}

// setup checks the host, finds the kernel and builds the guest init into a
// new work directory, and returns a machine ready to boot.
func (o *options) setup(verbose, log io.Writer) (*machine, error) {
	if o.impls != "auto" && o.impls != "all" {
		if _, err := regexp.Compile(o.impls); err != nil {
			return nil, fmt.Errorf("-impls: %v", err)
		}
	}
	if err := checkHost(); err != nil {
		return nil, err
	}
	cache, err := cacheDir()
	if err != nil {
		return nil, infraf("cache directory: %v", err)
	}
	k, err := kernel(cache, log)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "avx512emu")
	if err != nil {
		return nil, err
	}
	init := filepath.Join(work, "init")
	if err := buildGuest(init); err != nil {
		return nil, err
	}
	m := &machine{cpu: o.cpu, megs: o.megs, timeout: o.timeout, kernel: k, init: init, work: work, log: log}
	if o.verbose {
		m.verbose = verbose
	}
	return m, nil
}

// clone returns a machine with the same settings and a work directory of
// its own.
func (m *machine) clone() (*machine, error) {
	work, err := os.MkdirTemp("", "avx512emu")
	if err != nil {
		return nil, err
	}
	c := *m
	c.work = work
	return &c, nil
}

// memFor returns the guest memory for runs: what the user asked for, or
// enough for the initramfs (which stays in memory) and the tests.
func (m *machine) memFor(runs []*testRun) int {
	if m.megs > 0 {
		return m.megs
	}
	var size int64
	seen := map[string]bool{}
	for _, r := range runs {
		if fi, err := os.Stat(r.bin); err == nil && !seen[r.bin] {
			seen[r.bin] = true
			size += fi.Size()
		}
	}
	megs := 512 + int(2*size>>20)
	return (megs + 63) &^ 63
}

func cmdExec(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("avx512emu exec", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	o.register(fs)
	if err := fs.Parse(args); err != nil {
		return exitUsage, err
	}
	if fs.NArg() < 1 {
		return exitUsage, errors.New("exec: no test binary named")
	}
	bin := fs.Arg(0)
	if err := checkBinary(bin); err != nil {
		return exitInfra, err
	}
	wd, err := os.Getwd()
	if err != nil {
		return exitUsage, err
	}
	m, err := o.setup(stdout, stderr)
	if err != nil {
		return exitInfra, err
	}
	r := &testRun{name: strings.TrimSuffix(filepath.Base(bin), ".test"), bin: bin, dir: wd, args: fs.Args()[1:], env: o.testEnv()}
	m.megs = m.memFor([]*testRun{r})
	if !o.verbose {
		m.live = stdout
	}
	defer m.cleanup(o.keep, stderr)
	start := time.Now()
	cpu, err := m.boot([]*testRun{r})
	fmt.Fprintf(stderr, "avx512emu: %s; %s: %.1fs emulated, %.0fs wall\n", cpu, r.name, r.seconds, time.Since(start).Seconds())
	if err != nil {
		return exitInfra, err
	}
	return r.status, nil
}

func (m *machine) cleanup(keep bool, log io.Writer) {
	if keep {
		fmt.Fprintf(log, "avx512emu: kept %s\n", m.work)
		return
	}
	os.RemoveAll(m.work)
}

// checkBinary refuses a test binary the guest cannot run correctly.
func checkBinary(bin string) error {
	f, err := elf.Open(bin)
	if err != nil {
		return infraf("%s: not an ELF binary: %v", bin, err)
	}
	defer f.Close()
	if f.Machine != elf.EM_X86_64 {
		return infraf("%s: not an x86-64 binary (%v)", bin, f.Machine)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return infraf("%s is dynamically linked and the guest has no C library: build it with CGO_ENABLED=0", bin)
		}
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return infraf("%s: no Go build information: %v", bin, err)
	}
	for _, s := range info.Settings {
		if s.Key == "GOEXPERIMENT" && strings.Contains(","+s.Value+",", ",nogreenteagc,") {
			return nil
		}
	}
	return infraf("%s was built without GOEXPERIMENT=nogreenteagc: Go's garbage collector then scans with VGF2P8AFFINEQB on AVX-512 CPUs, which Bochs 2.7 computes wrongly; rebuild with GOEXPERIMENT=nogreenteagc", bin)
}

// A pkg is a package selected for testing.
type pkg struct {
	importPath, dir string
	sFiles          []string
	testFiles       []string
}

func cmdTest(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("avx512emu test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	o.register(fs)
	avx512 := fs.Bool("avx512", false, "only the packages whose amd64 assembly uses AVX-512")
	registered := fs.Bool("registered", false, "only the packages whose tests check the cpufeat registry (cputest.CheckImplementations)")
	exclude := fs.String("exclude", "", "leave out the packages whose import path matches `REGEXP`")
	short := fs.Bool("short", false, "pass -test.short")
	runRe := fs.String("run", "", "pass -test.run `REGEXP`")
	jobs := fs.Int("jobs", min(2, runtime.NumCPU()), "emulators at once (Bochs uses one core each)")
	var testArgs []string
	for i, a := range args {
		if a == "--" {
			args, testArgs = args[:i], args[i+1:]
			break
		}
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage, err
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if *short {
		testArgs = append([]string{"-test.short"}, testArgs...)
	}
	if *runRe != "" {
		testArgs = append([]string{"-test.run", *runRe}, testArgs...)
	}
	var excludeRe *regexp.Regexp
	if *exclude != "" {
		var err error
		if excludeRe, err = regexp.Compile(*exclude); err != nil {
			return exitUsage, fmt.Errorf("-exclude: %v", err)
		}
	}
	pkgs, err := listPackages(patterns)
	if err != nil {
		return exitUsage, err
	}
	sel := selectPackages(pkgs, *avx512, *registered, excludeRe)
	if len(sel) == 0 {
		return exitUsage, fmt.Errorf("no package with tests matches %s", strings.Join(args, " "))
	}

	m, err := o.setup(stdout, stderr)
	if err != nil {
		return exitInfra, err
	}
	defer m.cleanup(o.keep, stderr)
	start := time.Now()
	runs, err := buildTests(sel, m.work, testArgs, o.testEnv())
	if err != nil {
		return exitFail, err
	}
	fmt.Fprintf(stderr, "avx512emu: built %d test binaries in %.0fs; booting %d emulator(s) with CPU model %s\n", len(runs), time.Since(start).Seconds(), min(*jobs, len(runs)), o.cpu)

	var mu sync.Mutex
	report := func(r *testRun) {
		mu.Lock()
		defer mu.Unlock()
		if r.status != 0 || o.verbose || verboseTests(testArgs) {
			stdout.Write(r.output.Bytes())
		}
		if r.status == 0 {
			fmt.Fprintf(stdout, "ok  \t%s\t%.1fs emulated\n", r.name, r.seconds)
		} else {
			fmt.Fprintf(stdout, "FAIL\t%s\t%.1fs emulated (exit status %d)\n", r.name, r.seconds, r.status)
		}
	}
	groups := split(runs, max(1, *jobs))
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	for i, g := range groups {
		mi, err := m.clone()
		if err != nil {
			return exitInfra, err
		}
		defer mi.cleanup(o.keep, stderr)
		mi.megs = mi.memFor(g)
		mi.onEnd = report
		wg.Add(1)
		go func() {
			defer wg.Done()
			cpu, err := mi.boot(g)
			mu.Lock()
			fmt.Fprintf(stderr, "avx512emu: emulator %d: %s\n", i+1, cpu)
			mu.Unlock()
			errs[i] = err
		}()
	}
	wg.Wait()

	failed, unreported := 0, 0
	for _, r := range runs {
		switch {
		case !r.ended:
			unreported++
		case r.status != 0:
			failed++
		}
	}
	fmt.Fprintf(stdout, "avx512emu: %d packages, %d failed, %d not run to the end; %.0fs\n", len(runs), failed, unreported, time.Since(start).Seconds())
	if failed > 0 {
		if err := errors.Join(errs...); err != nil {
			fmt.Fprintf(stderr, "avx512emu: also an infrastructure failure: %v\n", err)
		}
		return exitFail, nil
	}
	if err := errors.Join(errs...); err != nil {
		return exitInfra, &infraError{msg: err.Error()}
	}
	return exitOK, nil
}

// verboseTests reports whether the test flags ask for verbose output, which
// is then printed for passing tests too, as go test does.
func verboseTests(args []string) bool {
	for _, a := range args {
		if a == "-test.v" || strings.HasPrefix(a, "-test.v=") && a != "-test.v=false" {
			return true
		}
	}
	return false
}

// split deals runs out to n groups, largest binaries first, each to the
// group with the least so far.
func split(runs []*testRun, n int) [][]*testRun {
	n = min(n, len(runs))
	sorted := append([]*testRun(nil), runs...)
	size := func(r *testRun) int64 {
		fi, err := os.Stat(r.bin)
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	sort.SliceStable(sorted, func(i, j int) bool { return size(sorted[i]) > size(sorted[j]) })
	groups := make([][]*testRun, n)
	load := make([]int64, n)
	for _, r := range sorted {
		k := 0
		for i := range load {
			if load[i] < load[k] {
				k = i
			}
		}
		groups[k] = append(groups[k], r)
		load[k] += size(r)
	}
	return groups
}

// listPackages lists the packages that patterns name, as the amd64 build
// sees them.
func listPackages(patterns []string) ([]pkg, error) {
	cmd := exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .SFiles \" \"}}\t{{join .TestGoFiles \" \"}} {{join .XTestGoFiles \" \"}}"}, patterns...)...)
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0")
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, errBuf.Bytes())
	}
	var pkgs []pkg
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			continue
		}
		p := pkg{importPath: f[0], dir: f[1]}
		for _, s := range strings.Fields(f[2]) {
			p.sFiles = append(p.sFiles, filepath.Join(f[1], s))
		}
		for _, s := range strings.Fields(f[3]) {
			p.testFiles = append(p.testFiles, filepath.Join(f[1], s))
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// selectPackages returns the packages with tests that pass the filters of
// avx512emu test: with AVX-512 assembly (avx512), with a registry check
// (registered), and not matched by exclude (nil for none).
func selectPackages(pkgs []pkg, avx512, registered bool, exclude *regexp.Regexp) []pkg {
	var sel []pkg
	for _, p := range pkgs {
		if len(p.testFiles) == 0 || avx512 && !usesAVX512(p.sFiles) || registered && !checksRegistry(p.testFiles) {
			continue
		}
		if exclude != nil && exclude.MatchString(p.importPath) {
			continue
		}
		sel = append(sel, p)
	}
	return sel
}

// avx512Asm matches what only AVX-512 code has in Go assembly: the
// registers Z0-Z31, X16-X31, Y16-Y31 and K1-K7, and instructions that have
// no VEX form.
var avx512Asm = regexp.MustCompile(`\b(Z([0-9]|[12][0-9]|3[01])|[XY](1[6-9]|2[0-9]|3[01])|K[1-7])\b|\b(VPTERNLOG[DQ]|VPRO[LR]V?[DQ]|VPMADD52[LH]UQ|KMOV[BWDQ]|VMOVDQ[AU](8|16|32|64)|VPERM[IT]2[BWDQ]|VPCOMPRESS[BWDQ]|VPEXPAND[BWDQ]|VPBROADCASTM)\b`)

// usesAVX512 reports whether any of the assembly files uses AVX-512
// outside its comments.
func usesAVX512(files []string) bool {
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			code, _, _ := strings.Cut(line, "//")
			if avx512Asm.MatchString(code) {
				return true
			}
		}
	}
	return false
}

// checksRegistry reports whether the tests check the package's cpufeat
// implementations.
func checksRegistry(files []string) bool {
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte("cputest.CheckImplementations(")) {
			return true
		}
	}
	return false
}

// buildTests builds the test binaries of pkgs into dir, static and with
// GOEXPERIMENT=nogreenteagc, two at a time.
func buildTests(pkgs []pkg, dir string, args, env []string) ([]*testRun, error) {
	runs := make([]*testRun, len(pkgs))
	errs := make([]error, len(pkgs))
	sem := make(chan bool, max(1, runtime.NumCPU()))
	var wg sync.WaitGroup
	for i, p := range pkgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			bin := filepath.Join(dir, fmt.Sprintf("%d.test", i))
			cmd := exec.Command("go", "test", "-c", "-o", bin, "-ldflags=-s -w", p.importPath)
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64", "GOEXPERIMENT="+experiment())
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("building the tests of %s: %v\n%s", p.importPath, err, out)
				return
			}
			runs[i] = &testRun{name: p.importPath, bin: bin, dir: p.dir, args: args, env: env}
		}()
	}
	wg.Wait()
	return runs, errors.Join(errs...)
}

// experiment returns $GOEXPERIMENT with nogreenteagc added.
func experiment() string {
	if e := os.Getenv("GOEXPERIMENT"); e != "" {
		return e + ",nogreenteagc"
	}
	return "nogreenteagc"
}
