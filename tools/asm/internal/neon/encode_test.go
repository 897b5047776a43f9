package neon

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var allArrangements = []Arrangement{Arr8B, Arr16B, Arr4H, Arr8H, Arr2S, Arr4S, Arr2D}

// registerTriples returns register operands that put every register in
// every position at least once, and some random combinations; limits
// bounds each position.
func registerTriples(r *rand.Rand, limits [3]int) [][3]Reg {
	var out [][3]Reg
	for pos := range 3 {
		for v := range limits[pos] {
			t := [3]Reg{1, 2, 3}
			t[pos] = Reg(v)
			for j := range 3 {
				t[j] %= Reg(limits[j])
			}
			out = append(out, t)
		}
	}
	for range 16 {
		out = append(out, [3]Reg{
			Reg(r.IntN(limits[0])), Reg(r.IntN(limits[1])), Reg(r.IntN(limits[2])),
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
		for _, a := range []Arrangement{Arr4H, Arr8H, Arr2S, Arr4S} {
			regs, lanes := elemLimits(a)
			for i, t := range registerTriples(r, [3]int{32, 32, regs}) {
				out = append(out, encElem(op, a, t[0], t[1], t[2], i%lanes))
			}
			for idx := range lanes {
				out = append(out, encElem(op, a, 4, 5, Reg(regs-1), idx))
			}
		}
	}
	for _, op := range longOps {
		for _, a := range []Arrangement{Arr8B, Arr16B, Arr4H, Arr8H, Arr2S, Arr4S} {
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

// generatedWords returns the WORD directives of a generated file, parsed
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

// generatedFiles are the files written with this package, relative to the
// root of the repository; the generators' TestCheckedIn keeps them equal
// to their output.
var generatedFiles = []string{
	"pq/internal/mlkem/ntt_arm64.s",
	"pq/internal/mldsa/ntt_arm64.s",
}

// TestEncodingsLLVM checks every form the encoder produces against
// llvm-mc's encoding of the same text, and that the text is spelled as
// llvm-mc prints it; then every WORD of the generated files, read back
// from their text, likewise.
func TestEncodingsLLVM(t *testing.T) {
	mc := llvmMC(t)
	t.Run("encoder", func(t *testing.T) {
		ins := allEncodings()
		compare(t, "encoder", ins, assemble(t, mc, ins))
		t.Logf("%d encodings agree with %s", len(ins), mc)
	})
	for _, f := range generatedFiles {
		t.Run(f, func(t *testing.T) {
			path := filepath.Join("..", "..", "..", "..", filepath.FromSlash(f))
			text, err := os.ReadFile(path)
			if os.IsNotExist(err) {
				t.Skipf("%s is not here (a standalone copy of the tools/asm module?)", path)
			}
			if err != nil {
				t.Fatal(err)
			}
			ins := generatedWords(t, text)
			if len(ins) == 0 {
				t.Fatal("no WORD directives in the file")
			}
			compare(t, f, ins, assemble(t, mc, ins))
			t.Logf("%d WORD directives agree with %s", len(ins), mc)
		})
	}
}

// TestEncoderRejects checks that operands the instructions cannot encode
// stop the generator instead of producing a wrong word.
func TestEncoderRejects(t *testing.T) {
	for name, f := range map[string]func(){
		"16-bit element in v16":  func() { encElem(opMULElem, Arr8H, 0, 1, 16, 0) },
		"16-bit element index 8": func() { encElem(opMULElem, Arr8H, 0, 1, 2, 8) },
		"32-bit element index 4": func() { encElem(opMLSElem, Arr4S, 0, 1, 2, 4) },
		"byte elements":          func() { encElem(opMULElem, Arr16B, 0, 1, 2, 0) },
		"sqrdmulh on bytes":      func() { encSame(opSQRDMULH, Arr16B, 0, 1, 2) },
		"shsub on doublewords":   func() { encSame(opSHSUB, Arr2D, 0, 1, 2) },
		"mul on doublewords":     func() { encSame(opMUL, Arr2D, 0, 1, 2) },
		"smull from doublewords": func() { encLong(opSMULL, Arr2D, 0, 1, 2) },
		"shift by 0":             func() { encShift(opSSHR, Arr8H, 0, 1, 0) },
		"shift by 17":            func() { encShift(opSSHR, Arr8H, 0, 1, 17) },
		"shift by 33":            func() { encShift(opSRSHR, Arr4S, 0, 1, 33) },
		"register 32":            func() { encSame(opMUL, Arr8H, 32, 1, 2) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestProgram checks the Go syntax of the emitted instructions: operands
// reversed, and the WORD lines in the form the test above parses.
func TestProgram(t *testing.T) {
	var p Program
	p.VADD(Arr4S, 1, 2, 3)
	p.MUL(Arr4S, 1, 2, 3)
	p.MLSElem(Arr4S, 4, 5, 0, 1)
	want := "\tVADD\tV3.S4, V2.S4, V1.S4\n" +
		"\tWORD\t$0x4ea39c41\t// mul v1.4s, v2.4s, v3.4s\n" +
		"\tWORD\t$0x6fa040a4\t// mls v4.4s, v5.4s, v0.s[1]\n"
	if got := string(p.Bytes()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
