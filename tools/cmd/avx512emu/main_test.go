package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readCPIO parses a newc archive as the kernel does and returns its entries'
// names, modes and contents.
func readCPIO(t *testing.T, b []byte) (names []string, modes map[string]int, data map[string]string) {
	t.Helper()
	modes, data = map[string]int{}, map[string]string{}
	field := func(h []byte, i int) int {
		v, err := strconv.ParseUint(string(h[6+8*i:6+8*i+8]), 16, 32)
		if err != nil {
			t.Fatalf("bad header field %d: %q", i, h)
		}
		return int(v)
	}
	align := func(n int) int { return (n + 3) &^ 3 }
	for off := 0; ; {
		if off+110 > len(b) || string(b[off:off+6]) != "070701" {
			t.Fatalf("no header at offset %d", off)
		}
		h := b[off : off+110]
		mode, size, nameSize := field(h, 1), field(h, 6), field(h, 11)
		name := string(b[off+110 : off+110+nameSize-1])
		if b[off+110+nameSize-1] != 0 {
			t.Fatalf("%s: name not NUL-terminated", name)
		}
		off = align(off + 110 + nameSize)
		if name == "TRAILER!!!" {
			if off != len(b) {
				t.Errorf("%d bytes after the trailer", len(b)-off)
			}
			return
		}
		names = append(names, name)
		modes[name] = mode
		data[name] = string(b[off : off+size])
		off = align(off + size)
	}
}

func TestCPIO(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "testdata", "sub"), 0o755)
	os.WriteFile(filepath.Join(src, "a.go"), []byte("package a\n"), 0o644)
	os.WriteFile(filepath.Join(src, "run.sh"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(src, "testdata", "sub", "v.json"), []byte("{}"), 0o644)
	os.MkdirAll(filepath.Join(src, "inner"), 0o755) // another package: not copied
	os.WriteFile(filepath.Join(src, "inner", "b.go"), []byte("package b\n"), 0o644)

	var buf bytes.Buffer
	c := newCPIOWriter(&buf)
	c.file("init", 0o755, []byte("12345")) // a size that needs padding
	c.file("/avx512emu/job.json", 0o644, []byte(`{"tag":"x"}`))
	copyPackageDir(c, "avx512emu/work/0", src)
	if err := c.close(); err != nil {
		t.Fatal(err)
	}
	names, modes, data := readCPIO(t, buf.Bytes())
	want := []string{"init", "avx512emu", "avx512emu/job.json", "avx512emu/work", "avx512emu/work/0",
		"avx512emu/work/0/a.go", "avx512emu/work/0/run.sh", "avx512emu/work/0/testdata",
		"avx512emu/work/0/testdata/sub", "avx512emu/work/0/testdata/sub/v.json"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("entries %q, want %q", names, want)
	}
	for name, m := range map[string]int{"init": 0o100755, "avx512emu": 0o40755, "avx512emu/work/0/a.go": 0o100644, "avx512emu/work/0/run.sh": 0o100755} {
		if modes[name] != m {
			t.Errorf("%s: mode %o, want %o", name, modes[name], m)
		}
	}
	if data["init"] != "12345" || data["avx512emu/work/0/testdata/sub/v.json"] != "{}" {
		t.Errorf("contents %q", data)
	}
}

func TestConsoleParser(t *testing.T) {
	runs := []*testRun{{name: "a"}, {name: "b"}, {name: "c"}}
	var ended []string
	p := &consoleParser{tag: "t1", runs: runs, onEnd: func(r *testRun) { ended = append(ended, r.name) }}
	console := "[    0.5] kernel noise\r\n" +
		"AVX512EMU-t1-CPU Tiger Lake; avx512f -gfni\r\n" +
		"AVX512EMU-t1-BEGIN 0\n" +
		"PASS\n" +
		"AVX512EMU-t1-END 0 0 1.5\n" +
		"noise between runs\n" +
		"AVX512EMU-t1-BEGIN 1\n" +
		"--- FAIL: TestX\n" +
		"AVX512EMU-other-END 1 0 0.1\n" + // another tag: test output
		"FAIL\n" +
		"AVX512EMU-t1-END 1 1 2.25\n" +
		"AVX512EMU-t1-BEGIN 2\n" +
		"half a li"
	// Feed it in awkward pieces.
	for i := 0; i < len(console); i += 7 {
		p.write([]byte(console[i:min(i+7, len(console))]))
	}
	p.flush()
	if p.cpu != "Tiger Lake; avx512f -gfni" {
		t.Errorf("cpu %q", p.cpu)
	}
	if !runs[0].ended || runs[0].status != 0 || runs[0].seconds != 1.5 || runs[0].output.String() != "PASS\n" {
		t.Errorf("run a: %+v %q", runs[0], runs[0].output.String())
	}
	if !runs[1].ended || runs[1].status != 1 || runs[1].output.String() != "--- FAIL: TestX\nAVX512EMU-other-END 1 0 0.1\nFAIL\n" {
		t.Errorf("run b: ended %v status %d output %q", runs[1].ended, runs[1].status, runs[1].output.String())
	}
	if !runs[2].started || runs[2].ended || runs[2].output.String() != "half a li\n" {
		t.Errorf("run c: %+v", runs[2])
	}
	if p.done {
		t.Error("done without the DONE marker")
	}
	if got := p.where(); got != "the guest stopped during c" {
		t.Errorf("where() = %q", got)
	}
	if !reflect.DeepEqual(ended, []string{"a", "b"}) {
		t.Errorf("onEnd called for %q", ended)
	}
	p.write([]byte("Kernel panic - not syncing: Attempted to kill init!\nAVX512EMU-t1-DONE\n"))
	if !p.done || !strings.Contains(p.where(), "Kernel panic") {
		t.Errorf("done %v, where %q", p.done, p.where())
	}
}

func TestUsesAVX512(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		asm  string
		want bool
	}{
		{"\tVPADDQ Y1, Y2, Y3\n\tMOVQ sha512K2<>+8(SB), AX\n", false},
		{"\tVPXOR X15, X14, X13 // the Z3 coordinate, K1\n", false},
		{"\tVPRORQ $1, Y0, Y1\n", true},
		{"\tVPTERNLOGQ $0x96, Y1, Y2, Y3\n", true},
		{"\tVPADDQ Z1, Z2, Z3\n", true},
		{"\tVPADDQ Y17, Y2, Y3\n", true},
		{"\tVMOVDQU64 (AX), K1, Y2\n", true},
		{"\tVPMADD52LUQ Y1, Y2, Y3\n", true},
	} {
		f := filepath.Join(dir, "x_amd64.s")
		os.WriteFile(f, []byte(tt.asm), 0o644)
		if got := usesAVX512([]string{f}); got != tt.want {
			t.Errorf("usesAVX512(%q) = %v, want %v", tt.asm, got, tt.want)
		}
	}
}

func TestTestEnv(t *testing.T) {
	all := cpuFeatures["tigerlake"]
	off := []string{"CRYPTON_CPU=-adx,-shani", "GODEBUG=cpu.adx=off"}
	// With -impls auto, the guest runs only the AVX-512 implementations
	// where this host runs the others itself.
	autoImpls := off
	if hostRunsOthers() {
		autoImpls = append(off, "CRYPTON_TEST_IMPLS=512")
	}
	for _, tt := range []struct {
		o    options
		want []string
	}{
		{options{cpu: "tigerlake", require: "auto"}, append(off, "CRYPTON_REQUIRE_CPU="+all)},
		{options{cpu: "tigerlake", require: "auto", env: envList{"A=1"}}, append([]string{"A=1"}, append(off, "CRYPTON_REQUIRE_CPU="+all)...)},
		{options{cpu: "tigerlake", require: "auto", env: envList{"CRYPTON_CPU=-avx512", "GODEBUG=x=1"}}, []string{"CRYPTON_CPU=-avx512,-adx,-shani", "GODEBUG=x=1,cpu.adx=off"}},
		{options{cpu: "skylake_x", require: "auto"}, off},
		{options{cpu: "tigerlake", require: "avx512f"}, append(off, "CRYPTON_REQUIRE_CPU=avx512f")},
		{options{cpu: "tigerlake", require: ""}, off},
		{options{cpu: "tigerlake", impls: "512"}, append(off, "CRYPTON_TEST_IMPLS=512")},
		{options{cpu: "tigerlake", impls: "all"}, off},
		{options{cpu: "tigerlake", impls: "512", env: envList{"CRYPTON_TEST_IMPLS=AVX2"}}, append([]string{"CRYPTON_TEST_IMPLS=AVX2"}, off...)},
		{options{cpu: "tigerlake", impls: "auto", env: envList{"CRYPTON_CPU=-avx512"}}, []string{"CRYPTON_CPU=-avx512,-adx,-shani", "GODEBUG=cpu.adx=off"}},
		{options{cpu: "tigerlake", impls: "auto"}, autoImpls},
	} {
		if got := tt.o.testEnv(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%+v: testEnv() = %q, want %q", tt.o, got, tt.want)
		}
	}
	for _, f := range []string{"adx", "shani"} {
		if strings.Contains(all, f) {
			t.Errorf("the tests are required to find %s, which the guest turns off", f)
		}
	}
}

func TestSplit(t *testing.T) {
	dir := t.TempDir()
	var runs []*testRun
	for i, size := range []int{10, 40, 30, 20} {
		bin := filepath.Join(dir, strconv.Itoa(i))
		os.WriteFile(bin, make([]byte, size), 0o755)
		runs = append(runs, &testRun{name: strconv.Itoa(i), bin: bin})
	}
	names := func(g []*testRun) (s []string) {
		for _, r := range g {
			s = append(s, r.name)
		}
		return s
	}
	g := split(runs, 2)
	if len(g) != 2 || !reflect.DeepEqual(names(g[0]), []string{"1", "0"}) || !reflect.DeepEqual(names(g[1]), []string{"2", "3"}) {
		t.Errorf("split into %q and %q", names(g[0]), names(g[1]))
	}
	if g := split(runs[:1], 2); len(g) != 1 {
		t.Errorf("one run split into %d groups", len(g))
	}
}

func TestCheckBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	os.WriteFile(src, []byte("package main\nfunc main() {}\n"), 0o644)
	build := func(name string, env ...string) string {
		bin := filepath.Join(dir, name)
		cmd := exec.Command("go", "build", "-o", bin, src)
		cmd.Env = append(os.Environ(), append([]string{"GOOS=linux", "GOARCH=amd64", "GOWORK=off", "GOFLAGS=-mod=mod"}, env...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		return bin
	}
	if err := checkBinary(build("good", "CGO_ENABLED=0", "GOEXPERIMENT=nogreenteagc")); err != nil {
		t.Errorf("a static nogreenteagc binary: %v", err)
	}
	if err := checkBinary(build("gc", "CGO_ENABLED=0", "GOEXPERIMENT=")); err == nil || !strings.Contains(err.Error(), "nogreenteagc") {
		t.Errorf("a binary with the default garbage collector: %v", err)
	}
	if err := checkBinary(src); err == nil || !strings.Contains(err.Error(), "not an ELF") {
		t.Errorf("a source file: %v", err)
	}
}

func TestBochsrc(t *testing.T) {
	rc := bochsrc("tigerlake", 768, "/w/boot.iso", "/w/console.log", "/w/bochs.log")
	for _, line := range []string{
		"cpu: model=tigerlake, count=1, ips=200000000",
		"memory: guest=768, host=768",
		"ata0-master: type=cdrom, path=/w/boot.iso, status=inserted",
		"com1: enabled=1, mode=file, dev=/w/console.log",
		"speaker: enabled=0",
		"sound: waveoutdrv=dummy",
		"clock: sync=none",
	} {
		if !strings.Contains(rc, line) {
			t.Errorf("bochsrc lacks %q:\n%s", line, rc)
		}
	}
	for _, flag := range []string{"xsavec", "xsaves", "pku", "rdpid", "umip", "fsrm"} {
		if !strings.Contains(cmdline, flag) {
			t.Errorf("kernel command line does not clear %s", flag)
		}
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"frobnicate"}, {"test", "-nosuchflag"}, {"exec"}} {
		if got := run(args, io.Discard, io.Discard); got != exitUsage {
			t.Errorf("avx512emu %q exits %d, want %d", args, got, exitUsage)
		}
	}
	var stderr bytes.Buffer
	if got := run([]string{"exec", filepath.Join(t.TempDir(), "none.test")}, io.Discard, &stderr); got != exitInfra || !strings.Contains(stderr.String(), "infrastructure failure") {
		t.Errorf("exec of a missing binary exits %d with %q, want %d and an infrastructure failure", got, stderr.String(), exitInfra)
	}
}

func TestVerboseTests(t *testing.T) {
	for args, want := range map[string]bool{
		"":                          false,
		"-test.short":               false,
		"-test.short -test.v":       true,
		"-test.v=test2json":         true,
		"-test.v=false":             false,
		"-test.run TestV -test.vet": false,
	} {
		if got := verboseTests(strings.Fields(args)); got != want {
			t.Errorf("verboseTests(%q) = %v, want %v", args, got, want)
		}
	}
}

func TestSelectPackages(t *testing.T) {
	pkgs := []pkg{
		{importPath: "example.com/m/a", testFiles: []string{"a_test.go"}},
		{importPath: "example.com/m/mont", testFiles: []string{"m_test.go"}},
		{importPath: "example.com/m/mont/p256", testFiles: []string{"p_test.go"}},
		{importPath: "example.com/m/notests"},
	}
	names := func(ps []pkg) []string {
		var s []string
		for _, p := range ps {
			s = append(s, p.importPath)
		}
		return s
	}
	if got, want := names(selectPackages(pkgs, false, false, nil)), []string{"example.com/m/a", "example.com/m/mont", "example.com/m/mont/p256"}; !slices.Equal(got, want) {
		t.Errorf("no filter: %v, want %v", got, want)
	}
	if got, want := names(selectPackages(pkgs, false, false, regexp.MustCompile(`/mont$`))), []string{"example.com/m/a", "example.com/m/mont/p256"}; !slices.Equal(got, want) {
		t.Errorf("-exclude /mont$: %v, want %v", got, want)
	}
}
