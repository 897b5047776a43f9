package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var allArrangements = []arrangement{arr8B, arr16B, arr4H, arr8H, arr2S, arr4S, arr2D}

// registerTriples returns register operands that put every register in
// every position at least once, and some random combinations; limits
// bounds each position.
func registerTriples(r *rand.Rand, limits [3]int) [][3]vreg {
	var out [][3]vreg
	for pos := range 3 {
		for v := range limits[pos] {
			t := [3]vreg{1, 2, 3}
			t[pos] = vreg(v)
			for j := range 3 {
				t[j] %= vreg(limits[j])
			}
			out = append(out, t)
		}
	}
	for range 16 {
		out = append(out, [3]vreg{
			vreg(r.IntN(limits[0])), vreg(r.IntN(limits[1])), vreg(r.IntN(limits[2])),
		})
	}
	return out
}

// allEncodings returns every form the encoder produces: each instruction
// with each arrangement it has, each element index and shift, and every
// register in every operand position.
func allEncodings() []inst {
	r := rand.New(rand.NewPCG(1, 2))
	var out []inst
	for _, op := range sameOps {
		for _, a := range allArrangements {
			if !validSame(op, a) {
				continue
			}
			for _, t := range registerTriples(r, [3]int{32, 32, 32}) {
				out = append(out, encSame(op, a, t[0], t[1], t[2]))
			}
		}
	}
	for _, op := range elemOps {
		for _, a := range []arrangement{arr4H, arr8H, arr2S, arr4S} {
			regs, lanes := elemLimits(a)
			for i, t := range registerTriples(r, [3]int{32, 32, regs}) {
				out = append(out, encElem(op, a, t[0], t[1], t[2], i%lanes))
			}
			for idx := range lanes {
				out = append(out, encElem(op, a, 4, 5, vreg(regs-1), idx))
			}
		}
	}
	for _, op := range longOps {
		for _, a := range []arrangement{arr8B, arr16B, arr4H, arr8H, arr2S, arr4S} {
			for _, t := range registerTriples(r, [3]int{32, 32, 32}) {
				out = append(out, encLong(op, a, t[0], t[1], t[2]))
			}
		}
	}
	for _, op := range shiftOps {
		for _, a := range allArrangements {
			for i, t := range registerTriples(r, [3]int{32, 32, 1}) {
				out = append(out, encShift(op, a, t[0], t[1], 1+i%a.bits()))
			}
			for s := 1; s <= a.bits(); s++ {
				out = append(out, encShift(op, a, 7, 30, s))
			}
		}
	}
	return out
}

var wordLine = regexp.MustCompile(`^\tWORD\t\$0x([0-9a-f]{8})\t// (.*)$`)

// generatedWords returns the WORD directives of the generated file, parsed
// back from its text.
func generatedWords(t *testing.T, text []byte) []inst {
	var out []inst
	sc := bufio.NewScanner(bytes.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "\tWORD") {
			continue
		}
		m := wordLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("malformed WORD line %q", line)
		}
		w, err := strconv.ParseUint(m[1], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, inst{uint32(w), m[2]})
	}
	return out
}

// llvmMC finds llvm-mc: $CRYPTON_LLVM_MC, llvm-mc, or a versioned
// llvm-mc-N as Debian installs it.
func llvmMC(t *testing.T) string {
	if p := os.Getenv("CRYPTON_LLVM_MC"); p != "" {
		return p
	}
	names := []string{"llvm-mc"}
	for v := 30; v >= 14; v-- {
		names = append(names, fmt.Sprintf("llvm-mc-%d", v))
	}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	t.Skip("llvm-mc not found (looked for $CRYPTON_LLVM_MC, llvm-mc and llvm-mc-14..30 in PATH): " +
		"the NEON encodings are not checked; install LLVM (Debian: apt-get install llvm-19) to check them")
	return ""
}

var encodingLine = regexp.MustCompile(`^\s*(\S.*?)\s*// encoding: \[0x([0-9a-f]{2}),0x([0-9a-f]{2}),0x([0-9a-f]{2}),0x([0-9a-f]{2})\]$`)

// assemble runs llvm-mc on the instructions and returns, for each, its
// encoding and llvm-mc's spelling of it.
func assemble(t *testing.T, mc string, ins []inst) []inst {
	var src strings.Builder
	for _, in := range ins {
		src.WriteString(in.text)
		src.WriteByte('\n')
	}
	cmd := exec.Command(mc, "-triple=aarch64", "-mattr=+neon", "-show-encoding")
	cmd.Stdin = strings.NewReader(src.String())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", mc, err, firstLines(stderr.String(), 20))
	}
	if stderr.Len() > 0 {
		t.Fatalf("%s reported:\n%s", mc, firstLines(stderr.String(), 20))
	}
	var out []inst
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		m := encodingLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		var w uint32
		for i := range 4 {
			b, _ := strconv.ParseUint(m[2+i], 16, 8)
			w |= uint32(b) << (8 * i)
		}
		out = append(out, inst{w, strings.Join(strings.Fields(m[1]), " ")})
	}
	if len(out) != len(ins) {
		t.Fatalf("%s encoded %d instructions of %d", mc, len(out), len(ins))
	}
	return out
}

func firstLines(s string, n int) string {
	l := strings.SplitN(s, "\n", n+1)
	return strings.Join(l[:min(n, len(l))], "\n")
}

// compare checks each instruction against llvm-mc's encoding and spelling.
func compare(t *testing.T, what string, ins, want []inst) {
	t.Helper()
	bad := 0
	for i, in := range ins {
		if in.word != want[i].word || in.text != want[i].text {
			t.Errorf("%s: %q encoded as %#08x, llvm-mc: %q %#08x", what, in.text, in.word, want[i].text, want[i].word)
			if bad++; bad == 10 {
				t.Fatal("too many differences")
			}
		}
	}
}

// TestEncodingsLLVM checks every form the encoder produces against
// llvm-mc's encoding of the same text, and that the text is spelled as
// llvm-mc prints it.
func TestEncodingsLLVM(t *testing.T) {
	mc := llvmMC(t)
	ins := allEncodings()
	compare(t, "encoder", ins, assemble(t, mc, ins))
	t.Logf("%d encodings agree with %s", len(ins), mc)
}

// TestGeneratedWordsLLVM checks every WORD of the generated file, read
// back from the text, against llvm-mc.
func TestGeneratedWordsLLVM(t *testing.T) {
	mc := llvmMC(t)
	ins := generatedWords(t, generate())
	if len(ins) == 0 {
		t.Fatal("no WORD directives in the generated file")
	}
	compare(t, "generated file", ins, assemble(t, mc, ins))
	t.Logf("%d WORD directives agree with %s", len(ins), mc)
}
