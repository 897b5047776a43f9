package main

import (
	"bytes"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// listing is GNU objdump 2.40's listing of a made-up function in the shape
// Go assembles: the stack check, a forward jump, an inner loop (the jb) in
// an outer one (the jne), a call, alignment NOPs and the morestack tail
// that jumps back to the start.
const listing = `
pkg.test:     file format elf64-x86-64


Disassembly of section .text:

00000000005c1fe0 <example.com/p.f.abi0>:
  5c1fe0:	mov    %fs:0xfffffffffffffff8,%r14
  5c1fe9:	cmp    0x10(%r14),%rsp
  5c1fed:	jbe    5c2040 <example.com/p.f.abi0+0x60>
  5c1ff3:	test   %rcx,%rcx
  5c1ff6:	je     5c2034 <example.com/p.f.abi0+0x54>
  5c1ff8:	nopl   0x0(%rax,%rax,1)
  5c2000:	vmovdqu64 (%rsi),%zmm0{%k1}{z}
  5c2006:	vpternlogq $0x96,%zmm1,%zmm2,%zmm0
  5c200d:	vpclmulhqhqdq %zmm1,%zmm2,%zmm3
  5c2014:	rorx   $0xe,%rax,%rbx
  5c201a:	add    0x65d08(%rip),%rax        # 627d28 <sha512Flip+0x8>
  5c2021:	dec    %rdx
  5c2024:	jb     5c2000 <example.com/p.f.abi0+0x20>
  5c2026:	call   5c3000 <example.com/p.g.abi0>
  5c202b:	cs nopw 0x0(%rax,%rax,1)
  5c2030:	sub    $0x40,%rcx
  5c2032:	jne    5c1ff8 <example.com/p.f.abi0+0x18>
  5c2034:	vzeroupper
  5c2037:	ret
  5c2038:	xchg   %ax,%ax
  5c203a:	call   48c440 <runtime.morestack_noctxt.abi0>
  5c2040:	jmp    5c1fe0 <example.com/p.f.abi0>
`

func TestParseAndLoops(t *testing.T) {
	insts, err := parseObjdump(listing)
	if err != nil {
		t.Fatal(err)
	}
	if len(insts) != 22 {
		t.Fatalf("%d instructions, want 22", len(insts))
	}
	if in := insts[10]; in.text != "add 0x65d08(%rip),%rax" || in.kind != plain {
		t.Errorf("instruction 10 = %+v, want the add without its comment", in)
	}
	if in := insts[12]; in.kind != jump || in.target != 0x5c2000 {
		t.Errorf("instruction 12 = %+v, want a jump to 0x5c2000", in)
	}
	if in := insts[13]; in.kind != call || in.callee != "example.com/p.g.abi0" {
		t.Errorf("instruction 13 = %+v, want the call of p.g", in)
	}
	loops := findLoops(insts)
	if want := []loop{{5, 16}, {6, 12}}; !slices.Equal(loops, want) {
		t.Fatalf("loops %v, want %v (the outer, then the inner; not the forward jumps nor the morestack tail)", loops, want)
	}
	o := &options{}
	if got, _ := o.choose(loops); !slices.Equal(got, []int{2}) {
		t.Errorf("default loop %v, want [2], the inner", got)
	}
	if got, _ := o.choose([]loop{{0, 4}, {5, 16}, {6, 9}}); !slices.Equal(got, []int{1}) {
		t.Errorf("default loop of a short loop and a nest: %v, want [1], the larger innermost", got)
	}
	o.all = true
	if got, _ := o.choose(loops); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("-all gives %v", got)
	}
	o.all, o.loop = false, 3
	if _, err := o.choose(loops); err == nil {
		t.Error("-loop 3 of 2 accepted")
	}
	want := "loops (number offset: instructions): 1 +0x18: 7, 2 +0x20: 6 (analysed)"
	if got := listLoops(insts, loops, []int{2}); got != want {
		t.Errorf("listLoops = %q, want %q", got, want)
	}
}

func TestBody(t *testing.T) {
	insts, err := parseObjdump(listing)
	if err != nil {
		t.Fatal(err)
	}
	lines, calls, err := body(insts[5:17])
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"vmovdqu64 (%rsi),%zmm0{%k1}{z}",
		"vpternlogq $0x96,%zmm1,%zmm2,%zmm0",
		"vpclmulhqhqdq %zmm1,%zmm2,%zmm3",
		"rorx $0xe,%rax,%rbx",
		"add 0x65d08(%rip),%rax",
		"dec %rdx",
		"sub $0x40,%rcx",
	}
	if !slices.Equal(lines, want) || calls != 1 {
		t.Errorf("body = %q, %d calls; want %q, 1 call", lines, calls, want)
	}
	bad, _ := parseObjdump("  401000:\t(bad)\n")
	if _, _, err := body(bad); err == nil || !strings.Contains(err.Error(), "0x401000") {
		t.Errorf("(bad) gave error %v, want one naming its address", err)
	}
	if _, err := parseObjdump("no instructions\n"); err == nil {
		t.Error("an empty listing parsed")
	}
}

// report is the summary of llvm-mca 19's report on the SHA-512 rounds.
const report = `Iterations:        200
Instructions:      38800
Total Cycles:      10203
Total uOps:        40000

Dispatch Width:    6
uOps Per Cycle:    3.92
IPC:               3.80
Block RThroughput: 36.5


Instruction Info:
[1]: #uOps
`

func TestParseSummary(t *testing.T) {
	s, err := parseSummary(report)
	if err != nil {
		t.Fatal(err)
	}
	if want := (summary{200, 38800, 10203, 36.5}); s != want {
		t.Errorf("parseSummary = %+v, want %+v", s, want)
	}
	if _, err := parseSummary(strings.Replace(report, "Total Cycles", "Cycles", 1)); err == nil {
		t.Error("a summary without Total Cycles parsed")
	}
	if _, err := parseSummary(strings.Replace(report, "36.5", "x", 1)); err == nil {
		t.Error("a bad Block RThroughput parsed")
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"./hash/sha512"}, {"-all", "-loop", "2", "p", "f"}, {"-mcpu", "", "p", "f"}, {"-nosuchflag", "p", "f"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2", args, code)
		}
	}
}

func needTools(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("objdump"); err != nil {
		t.Skip("GNU objdump is not installed (apt-get install binutils)")
	}
	mca, _, err := findMCA()
	if err != nil {
		t.Skip("llvm-mca is not installed (apt-get install llvm-19)")
	}
	return mca
}

// TestSpellings checks that llvm-mca reads every line of objdump's spelling
// of the instructions Go emits for crypton's kernels.
func TestSpellings(t *testing.T) {
	mca := needTools(t)
	lines := []string{
		"vpternlogq $0x96,%ymm1,%ymm2,%ymm3{%k1}", "vprorq $0xc,%zmm1,%zmm2", "vprolq $0xc,%zmm1,%zmm2{%k2}",
		"rorx $0xe,%rax,%rbx", "mulx %rcx,%rax,%rbx", "adcx %rax,%rbx", "adox %rcx,%rdx",
		"vaesenc %zmm1,%zmm2,%zmm3", "vaesenclast %zmm1,%zmm2,%zmm3", "vpclmulhqhqdq %zmm1,%zmm2,%zmm3",
		"vpclmullqhqdq %ymm1,%ymm2,%ymm3", "pclmullqhqdq %xmm1,%xmm2", "vpaddq %zmm1,%zmm2,%zmm3{%k1}{z}",
		"vmovdqu64 %zmm4,0x40(%rdi){%k2}", "vpaddq 0x8(%rsi){1to8},%zmm2,%zmm3", "vpmadd52huq (%rsi),%zmm2,%zmm3",
		"vpcmpltuq %zmm1,%zmm2,%k3", "kmovq %rax,%k1", "movabs $0x1234567890,%rax", "cmovae %rbx,%rcx",
		"mov %fs:0xfffffffffffffff8,%r14", "lea 0x65cf9(%rip),%rbp", "sha256rnds2 %xmm0,%xmm1,%xmm2",
	}
	o := &options{iterations: 10, timeout: 60e9}
	out, err := o.mcaRun(mca, "icelake-server", lines)
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	if s.instructions != 10*len(lines) {
		t.Errorf("llvm-mca counted %d instructions in 10 iterations of %d lines", s.instructions, len(lines))
	}
}

// TestSHA512 runs the command on the AVX2 SHA-512 kernel.
func TestSHA512(t *testing.T) {
	needTools(t)
	const pkg = "github.com/crypton-go/crypton/hash/sha512"
	var out, errb bytes.Buffer
	if code := run([]string{"-mcpu", "znver3", "-bytes", "128", pkg, "blockAVX2"}, &out, &errb); code != 0 {
		t.Fatalf("exit status %d\n%s%s", code, out.String(), errb.String())
	}
	t.Logf("\n%s", out.String())
	if !strings.Contains(out.String(), "estimate, not a measurement") {
		t.Error("the output does not say that it is an estimate")
	}
	var row []string
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "znver3" {
			row = f
		}
	}
	if len(row) != 6 {
		t.Fatalf("no row of 6 fields for znver3 in\n%s", out.String())
	}
	for _, i := range []int{2, 5} { // cycles/iter, MB/s
		if v, err := strconv.ParseFloat(row[i], 64); err != nil || v <= 0 {
			t.Errorf("field %d of %q is not a positive number", i, row)
		}
	}

	out.Reset()
	errb.Reset()
	if code := run([]string{"-mcpu", "znver3", pkg, "blockAVX9"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "blockAVX2") {
		t.Errorf("an unknown function gave status %d and\n%s\nwant 1 and a list with blockAVX2", code, errb.String())
	}
}
