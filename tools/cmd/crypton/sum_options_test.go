package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// runSumAs runs "crypton sum -a ALG args..." in-process as main does when
// the binary is invoked as argv0 (sha256sum and so on, see sumToolAlias),
// with stdin as standard input.
func runSumAs(t *testing.T, argv0, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	alg, ok := sumToolAlias(argv0)
	if !ok {
		t.Fatalf("sumToolAlias(%q) = false", argv0)
	}
	old := sumArgv0
	sumArgv0 = argv0
	defer func() { sumArgv0 = old }()
	return runSumCmd(t, stdin, append([]string{"-a", alg}, args...)...)
}

// coreutilsAs runs the coreutils command tool under the name argv0 with
// stdin as standard input, or skips the test when tool is absent.
func coreutilsAs(t *testing.T, tool, argv0, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Skipf("%s is not on PATH; skipping the comparison with coreutils", tool)
	}
	cmd := exec.Command(path, args...)
	cmd.Args[0] = argv0
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		exit, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("running %s: %v", tool, err)
		}
		code = exit.ExitCode()
	}
	return out.String(), errOut.String(), code
}

// sumCase is a command line to run both with a coreutils command and with
// crypton, which must print the same on stdout and stderr and exit with the
// same status.
type sumCase struct {
	tool  string   // sha256sum, b2sum...
	args  []string // its arguments
	stdin string

	// toolOnly compares crypton only as the tool (invoked under its
	// name), not as "crypton sum -a ALG": for messages that depend on the
	// option table, which has -a, -h and -l in crypton sum.
	toolOnly bool
}

func (tc sumCase) String() string {
	s := tc.tool + " " + strings.Join(tc.args, " ")
	if tc.stdin != "" {
		s += " <stdin"
	}
	return s
}

// check compares crypton with coreutils on tc: as the tool itself (argv0
// the tool's name) and, unless tc.toolOnly, as "crypton sum -a ALG" with
// the program name in messages replaced.
func (tc sumCase) check(t *testing.T) {
	t.Helper()
	want, wantErr, wantCode := coreutilsAs(t, tc.tool, tc.tool, tc.stdin, tc.args...)
	got, gotErr, gotCode := runSumAs(t, tc.tool, tc.stdin, tc.args...)
	if got != want || gotErr != wantErr || gotCode != wantCode {
		t.Errorf("%s: crypton as %s differs from coreutils:\ngot exit %d, stdout:\n%q\nstderr:\n%s\nwant exit %d, stdout:\n%q\nstderr:\n%s",
			tc, tc.tool, gotCode, got, gotErr, wantCode, want, wantErr)
	}
	if tc.toolOnly {
		return
	}
	alg, _ := sumToolAlias(tc.tool)
	got, gotErr, gotCode = runSumCmd(t, tc.stdin, append([]string{"-a", alg}, tc.args...)...)
	wantErr = strings.ReplaceAll(wantErr, tc.tool+": ", "crypton sum: ")
	wantErr = strings.ReplaceAll(wantErr, "'"+tc.tool+" --help'", "'crypton sum --help'")
	if got != want || gotErr != wantErr || gotCode != wantCode {
		t.Errorf("%s: crypton sum -a %s differs from coreutils:\ngot exit %d, stdout:\n%q\nstderr:\n%s\nwant exit %d, stdout:\n%q\nstderr:\n%s",
			tc, alg, gotCode, got, gotErr, wantCode, want, wantErr)
	}
}

const hashOfA = "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb" // SHA-256 of "a"

// sumOptionsDir makes the files of sumDir in a temporary directory (the
// current directory for the test), plus a directory, a name with a
// carriage return, and checksum lists of every kind.
func sumOptionsDir(t *testing.T) {
	t.Helper()
	names := sumDir(t)
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir("subdir", 0o755); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		write("car\rriage", "cr\n")
		names = append(names, "car\rriage")
	}
	list := func(args ...string) string {
		t.Helper()
		out, errOut, code := runSumCmd(t, "", append(args, names...)...)
		if code != 0 {
			t.Fatalf("crypton sum %q: exit %d: %s", args, code, errOut)
		}
		return out
	}
	gnu := list()
	write("gnu.sha256", gnu)
	write("bsd.sha256", list("--tag"))
	write("binary.sha256", list("-b"))
	write("reversed.sha256", hashOfA+" one\n"+hashOfA+" *one\n")
	write("mixed.sha256", "# a comment line\n"+
		gnu+
		"\n"+
		"not a checksum line\n"+
		strings.Repeat("0", 64)+"  one\n"+
		hashOfA+"  missing\n"+
		hashOfA+"  subdir\n"+
		hashOfA+"  one\r\n"+
		"   \n"+
		"\t"+strings.ToUpper(hashOfA)+"  one\n"+
		`\`+hashOfA+"  bad\\escape\n"+
		"SHA1 (one) = 86f7e437faa5a7fce15d1ddcb9eaeaea377667b8\n"+
		"SHA256 (one) = "+hashOfA+"\n"+
		"SHA256(one)="+hashOfA+"\n"+
		"SHA256 (one) = "+hashOfA+" \n"+
		hashOfA+" one\n"+ // reversed BSD after GNU lines: misformatted
		hashOfA+"  \n"+ // the name " "
		"SHA256 () = "+hashOfA+"\n"+ // the name ""
		`\SHA256 (o\\ne) = `+hashOfA+"\n"+
		hashOfA+"  one") // no final newline
	write("missing.sha256", hashOfA+"  missing\n"+hashOfA+"  gone\n")
	write("onebad.sha256", hashOfA+"  one\nbad line\n")
	write("mismatch.sha256", strings.Repeat("0", 64)+"  one\n")
	write("garbage.sha256", "garbage\n\n# comment\n")
	write("empty.sha256", "")
	write("dash.sha256", hashOfA+"  -\n")

	// b2sum lists: lengths from the tag or from the number of hex digits.
	b2 := list("-a", "blake2b")
	b2short := list("-a", "blake2b", "-l", "256")
	b2tag := list("-a", "blake2b", "-l", "128", "--tag")
	b2tiny := list("-a", "blake2b", "-l", "8", "--tag")
	write("b2.sum", b2)
	write("b2mixed.sum", b2+b2short+b2tag+b2tiny+list("-a", "blake2b", "-l", "8"))
	// BLAKE2b-512 of "a", and lines of lengths b2sum takes or refuses.
	b2one := strings.Fields(b2)[2]
	write("b2odd.sum", "BLAKE2b-256 (one) = "+b2one+"\n"+
		"BLAKE2b (one) = "+b2one[:64]+"\n"+
		"BLAKE2b-7 (one) = de\n"+
		"BLAKE2b-0 (one) = "+b2one+"\n"+
		"BLAKE2b-520 (one) = "+b2one+"00\n"+
		"BLAKE2b-010 (one) = de\n"+ // octal: 8 bits
		"BLAKE2b-0x8 (one) = de\n"+
		"BLAKE2b-008 (one) = de\n"+
		"BLAKE2b- +8 (one) = de\n"+
		"BLAKE2b--8 (one) = de\n"+
		"BLAKE2b-8(one)=de\n"+
		"BLAKE2b-8  (one) = de\n"+
		"BLAKE2bX(one) = "+b2one+"\n"+
		"BLAKE2b  (one) = "+b2one+"\n"+
		"BLAKE2b-99999999999999999999999 (one) = de\n"+
		"dea  one\n"+
		"d  one\n"+
		b2one+"00  one\n"+
		"de  one\n"+
		"DE *one\n"+
		"de \n"+
		"dead\n")
	write("b2rev.sum", "de one\nde\tone\n")
}

// sumOptionCases are the command lines compared, by option.
var sumOptionCases = map[string][]sumCase{
	"none": {
		{tool: "sha256sum", args: []string{"one", "missing", "with space", `back\slash`, "new\nline", "car\rriage", "subdir", "one"}},
		{tool: "sha256sum", args: []string{"-", "one", "-"}, stdin: "standard input\n"},
		{tool: "sha256sum", args: []string{"it's missing", "a:b", "~x", "é", "a\tb"}},
		{tool: "sha1sum", args: []string{"one", "missing"}},
		{tool: "sha224sum", args: []string{"one", "empty"}},
		{tool: "sha384sum", args: []string{"one", "empty"}},
		{tool: "sha512sum", args: []string{"one", "empty"}},
		{tool: "b2sum", args: []string{"one", "empty", "missing"}},
	},
	"-b/--binary, -t/--text": {
		{tool: "sha256sum", args: []string{"-b", "one", "new\nline"}},
		{tool: "sha256sum", args: []string{"--binary", "-", "one"}, stdin: "x"},
		{tool: "sha256sum", args: []string{"-bt", "one"}},
		{tool: "sha256sum", args: []string{"-t", "-b", "one"}},
		{tool: "sha256sum", args: []string{"--text", "one"}},
		{tool: "sha256sum", args: []string{"--b", "--te", "one"}},
		{tool: "b2sum", args: []string{"-b", "-l", "128", "one"}},
		{tool: "sha512sum", args: []string{"-b", "one"}},
	},
	"--tag": {
		{tool: "sha256sum", args: []string{"--tag", "one", `back\slash`, "new\nline", "car\rriage", "missing"}},
		{tool: "sha256sum", args: []string{"--tag", "-b", "one"}},
		{tool: "sha256sum", args: []string{"-b", "--tag", "one"}},
		{tool: "sha256sum", args: []string{"--text", "--tag", "one"}},
		{tool: "sha256sum", args: []string{"--tag", "--text", "one"}},
		{tool: "sha256sum", args: []string{"--tag", "-t", "-c", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"--tag", "--tag", "one"}},
		{tool: "sha256sum", args: []string{"--tag=yes", "one"}},
		{tool: "b2sum", args: []string{"--tag", "one"}},
		{tool: "sha1sum", args: []string{"--tag", "one"}},
	},
	"-z/--zero": {
		{tool: "sha256sum", args: []string{"-z", "one", `back\slash`, "new\nline", "car\rriage", "missing"}},
		{tool: "sha256sum", args: []string{"--zero", "--tag", "one", "new\nline"}},
		{tool: "sha256sum", args: []string{"-zb", "one"}},
		{tool: "sha256sum", args: []string{"-z", "-c", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--zero", "--tag", "gnu.sha256"}},
		{tool: "b2sum", args: []string{"-z", "-l", "16", "--tag", "one", "new\nline"}},
	},
	"-l/--length": {
		{tool: "b2sum", args: []string{"-l", "256", "one"}},
		{tool: "b2sum", args: []string{"-l256", "--tag", "one", "new\nline"}},
		{tool: "b2sum", args: []string{"--length=8", "--tag", "one"}},
		{tool: "b2sum", args: []string{"--len", "504", "one"}},
		{tool: "b2sum", args: []string{"-l", "512", "--tag", "one"}},
		{tool: "b2sum", args: []string{"-l", "0", "--tag", "one"}},
		{tool: "b2sum", args: []string{"-l", " +16", "one"}},
		{tool: "b2sum", args: []string{"-l", "520", "-l", "256", "one"}},
		{tool: "b2sum", args: []string{"-l", "7", "one"}},
		{tool: "b2sum", args: []string{"-l", "010", "one"}},
		{tool: "b2sum", args: []string{"-l", "520", "one"}},
		{tool: "b2sum", args: []string{"-l", "18446744073709551608", "one"}},
		{tool: "b2sum", args: []string{"-l", "18446744073709551616", "one"}},
		{tool: "b2sum", args: []string{"-l", "99999999999999999999x", "one"}},
		{tool: "b2sum", args: []string{"-l", "x", "one"}},
		{tool: "b2sum", args: []string{"-l", "-8", "one"}},
		{tool: "b2sum", args: []string{"-l", "0x10", "one"}},
		{tool: "b2sum", args: []string{"-l", "16 ", "one"}},
		{tool: "b2sum", args: []string{"-l", "", "one"}},
		{tool: "b2sum", args: []string{"-l", "a\nb\\c'é\xff", "one"}},
		{tool: "b2sum", args: []string{"-l=256", "one"}},
		{tool: "b2sum", args: []string{"--length=", "one"}},
		{tool: "b2sum", args: []string{"-l"}},
		{tool: "b2sum", args: []string{"--length"}},
		{tool: "b2sum", args: []string{"-cl"}},
		{tool: "b2sum", args: []string{"-l", "7", "--frob"}},
		{tool: "b2sum", args: []string{"-l", "520", "--frob"}},
		{tool: "b2sum", args: []string{"-l", "520", "--tag", "--text"}},
		{tool: "b2sum", args: []string{"--tag", "--text", "-l", "7"}},
		{tool: "sha256sum", args: []string{"-l", "256", "one"}, toolOnly: true},
		{tool: "sha256sum", args: []string{"--length=256", "one"}, toolOnly: true},
	},
	"-c/--check": {
		{tool: "sha256sum", args: []string{"-c", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"--check", "bsd.sha256", "binary.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "reversed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "gnu.sha256", "reversed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "reversed.sha256", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "missing.sha256", "onebad.sha256", "mismatch.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "garbage.sha256", "empty.sha256", "nolist", "subdir", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c"}, stdin: hashOfA + "  one\n" + hashOfA + "  -\n"},
		{tool: "sha256sum", args: []string{"-c", "-", "-"}, stdin: hashOfA + "  one\n"},
		{tool: "sha256sum", args: []string{"-c", "dash.sha256"}, stdin: "a"},
		{tool: "sha256sum", args: []string{"-c"}, stdin: "garbage\n"},
		{tool: "sha256sum", args: []string{"gnu.sha256", "-c"}},
		{tool: "sha256sum", args: []string{"gnu.sha256", "--ch"}},
		{tool: "sha256sum", args: []string{"--c", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"--", "-c", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "-b", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-t", "-c", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--tag", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"--check=yes", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c=yes", "gnu.sha256"}},
		{tool: "sha1sum", args: []string{"-c", "gnu.sha256"}},
		{tool: "b2sum", args: []string{"-c", "b2.sum", "b2mixed.sum"}},
		{tool: "b2sum", args: []string{"-c", "-l", "128", "b2mixed.sum"}},
		{tool: "b2sum", args: []string{"-c", "--warn", "b2odd.sum"}},
		{tool: "b2sum", args: []string{"-c", "b2rev.sum", "b2.sum"}},
	},
	"--quiet": {
		{tool: "sha256sum", args: []string{"-c", "--quiet", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--quiet", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"--quiet", "one"}},
		{tool: "sha256sum", args: []string{"-c", "--warn", "--quiet", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--status", "--q", "mixed.sha256"}},
	},
	"--status": {
		{tool: "sha256sum", args: []string{"-c", "--status", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--status", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--status", "garbage.sha256", "nolist", "mismatch.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--status", "--strict", "onebad.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--status", "--ignore-missing", "missing.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--quiet", "--status", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--status", "--warn", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--warn", "--status", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"--status", "one"}},
		{tool: "sha256sum", args: []string{"--warn", "--status", "one"}},
		{tool: "sha256sum", args: []string{"--sta", "one"}},
	},
	"-w/--warn": {
		{tool: "sha256sum", args: []string{"-c", "-w", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--warn", "garbage.sha256", "onebad.sha256", "reversed.sha256"}},
		{tool: "sha256sum", args: []string{"-cw"}, stdin: "bad\n" + hashOfA + "  one\n"},
		{tool: "sha256sum", args: []string{"-w", "one"}},
		{tool: "sha256sum", args: []string{"--w", "one"}},
		{tool: "sha256sum", args: []string{"--warn", "--strict", "one"}},
	},
	"--strict": {
		{tool: "sha256sum", args: []string{"-c", "--strict", "onebad.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--strict", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--strict", "gnu.sha256", "garbage.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "onebad.sha256"}},
		{tool: "sha256sum", args: []string{"--strict", "one"}},
		{tool: "sha256sum", args: []string{"--strict", "--quiet", "one"}},
	},
	"--ignore-missing": {
		{tool: "sha256sum", args: []string{"-c", "--ignore-missing", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--ignore-missing", "missing.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--ignore-missing", "missing.sha256", "gnu.sha256"}},
		{tool: "sha256sum", args: []string{"-c", "--ignore-missing", "--quiet", "mixed.sha256"}},
		{tool: "sha256sum", args: []string{"--ignore-missing", "one"}},
		{tool: "sha256sum", args: []string{"--i", "--status", "one"}},
	},
	"--help, --version": {
		// Their output is crypton's own (TestSumHelpVersion); here, what
		// comes first.
		{tool: "sha256sum", args: []string{"--frob", "--help"}},
		{tool: "sha256sum", args: []string{"--help=x"}},
		{tool: "sha256sum", args: []string{"--version=x"}},
		{tool: "sha256sum", args: []string{"-x", "--version"}},
	},
	"bad options": {
		{tool: "sha256sum", args: []string{"--frob", "one"}},
		{tool: "sha256sum", args: []string{"--frob=1"}},
		{tool: "sha256sum", args: []string{"---x"}},
		{tool: "sha256sum", args: []string{"-x", "one"}},
		{tool: "sha256sum", args: []string{"-b-"}},
		{tool: "sha256sum", args: []string{"-\xc3\xa9"}},
		{tool: "sha256sum", args: []string{"--s", "one"}},
		{tool: "sha256sum", args: []string{"--t", "one"}},
		{tool: "sha256sum", args: []string{"--Tag", "one"}},
		{tool: "sha256sum", args: []string{"--st=1"}},
		{tool: "sha256sum", args: []string{"--=", "one"}, toolOnly: true},
		{tool: "sha256sum", args: []string{"--=x"}, toolOnly: true},
		{tool: "b2sum", args: []string{"--="}, toolOnly: true},
		{tool: "sha256sum", args: []string{"-h"}, toolOnly: true},
		{tool: "sha256sum", args: []string{"-a", "sha1", "one"}, toolOnly: true},
		{tool: "sha256sum", args: []string{"--a", "one"}, toolOnly: true},
		{tool: "sha256sum", args: []string{"one", "--frob"}},
		{tool: "sha256sum", args: []string{"--", "--frob"}},
		{tool: "sha256sum", args: []string{"-", "--", "--", "-"}, stdin: "x"},
	},
}

// TestSumOptionsMatchCoreutils runs each option's command lines with the
// coreutils command and with crypton, on the files of sumOptionsDir.
func TestSumOptionsMatchCoreutils(t *testing.T) {
	sumOptionsDir(t)
	// The messages quote arguments as the locale does: ASCII quotes here.
	t.Setenv("LC_ALL", "C")
	for option, cases := range sumOptionCases {
		t.Run(option, func(t *testing.T) {
			for _, tc := range cases {
				tc.check(t)
			}
		})
	}
}

// TestSumMessagesUTF8 compares messages that depend on a UTF-8 locale:
// curly quotes, and non-ASCII file names shown as they are.
func TestSumMessagesUTF8(t *testing.T) {
	sumOptionsDir(t)
	t.Setenv("LC_ALL", "C.UTF-8")
	if _, errOut, _ := coreutilsAs(t, "b2sum", "b2sum", "", "-l", "x"); !strings.Contains(errOut, "‘x’") {
		t.Skipf("the C.UTF-8 locale is not installed (b2sum -l x printed %q)", errOut)
	}
	for _, tc := range []sumCase{
		{tool: "b2sum", args: []string{"-l", "x"}},
		{tool: "b2sum", args: []string{"-l", "a\nb\\c'é\xff\xe2\x80\xa8"}},
		{tool: "b2sum", args: []string{"-l", "520"}},
		{tool: "sha256sum", args: []string{"é", "\xe2\x80\x8b", "\xc2\x85", "\xef\xbf\xbd", "\xee\x80\x80", "a\xc3", "é'", "'\t"}},
		{tool: "sha256sum", args: []string{"-c", "mixed.sha256"}},
	} {
		tc.check(t)
	}
}

// TestSumQuoting compares how names are quoted in messages, character by
// character, with sha256sum's.
func TestSumQuoting(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("LC_ALL", "C")
	var names []string
	for c := 1; c < 0x80; c++ {
		if c == '/' {
			continue
		}
		s := string(rune(c))
		names = append(names, "a"+s+"b", s+"b", "b"+s)
	}
	names = append(names, "", "a'b c", `a'b"c`, "a'b$c", "a'b\tc", "'", "''", "\t'", "\xc3\xa9'", "a b\xff c")
	tc := sumCase{tool: "sha256sum", args: append([]string{"--"}, names...)}
	tc.check(t)
}

// TestSumPosixlyCorrect: with POSIXLY_CORRECT, options end at the first
// operand, as for getopt.
func TestSumPosixlyCorrect(t *testing.T) {
	sumOptionsDir(t)
	t.Setenv("POSIXLY_CORRECT", "1")
	for _, tc := range []sumCase{
		{tool: "sha256sum", args: []string{"one", "-c"}},
		{tool: "sha256sum", args: []string{"-b", "one", "--tag"}},
	} {
		tc.check(t)
	}
}

// TestSumToolPath: invoked through a path, coreutils names itself by that
// path in messages.
func TestSumToolPath(t *testing.T) {
	sumOptionsDir(t)
	argv0 := "/opt/bin/sha256sum"
	args := []string{"--frob"}
	want, wantErr, wantCode := coreutilsAs(t, "sha256sum", argv0, "", args...)
	got, gotErr, gotCode := runSumAs(t, argv0, "", args...)
	if got != want || gotErr != wantErr || gotCode != wantCode {
		t.Errorf("as %s %q: exit %d, %q, %q; coreutils: exit %d, %q, %q", argv0, args, gotCode, got, gotErr, wantCode, want, wantErr)
	}
	args = []string{"-c", "mixed.sha256"}
	want, wantErr, wantCode = coreutilsAs(t, "sha256sum", argv0, "", args...)
	got, gotErr, gotCode = runSumAs(t, argv0, "", args...)
	if got != want || gotErr != wantErr || gotCode != wantCode {
		t.Errorf("as %s %q: exit %d, %q, %q; coreutils: exit %d, %q, %q", argv0, args, gotCode, got, gotErr, wantCode, want, wantErr)
	}
}

func TestSumToolAlias(t *testing.T) {
	for _, tc := range []struct {
		argv0, alg string
	}{
		{"sha1sum", "sha1"},
		{"sha224sum", "sha224"},
		{"sha256sum", "sha256"},
		{"/usr/local/bin/sha384sum", "sha384"},
		{"./sha512sum", "sha512"},
		{"b2sum", "blake2b"},
		{"crypton", ""},
		{"/usr/bin/crypton", ""},
		{"md5sum", ""},
		{"sha256sum.old", ""},
		{"", ""},
	} {
		alg, ok := sumToolAlias(tc.argv0)
		if alg != tc.alg || ok != (tc.alg != "") {
			t.Errorf("sumToolAlias(%q) = %q, %v; want %q", tc.argv0, alg, ok, tc.alg)
		}
	}
	// Under another name than its own, crypton sum stays itself.
	old := sumArgv0
	sumArgv0 = "sha256sum"
	defer func() { sumArgv0 = old }()
	if _, errOut, code := runSumCmd(t, "", "-a", "sha1", "-h"); code != 0 || errOut != "" {
		t.Errorf("crypton sum -a sha1 -h as sha256sum: exit %d, %q", code, errOut)
	}
}

// TestSumHelpVersion checks --help and --version: on stdout, status 0,
// first among the options, and every option of coreutils' commands listed.
func TestSumHelpVersion(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"--he", "--frob"}, {"one", "-c", "--help"}} {
		out, errOut, code := runSumCmd(t, "", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "Usage: crypton sum [OPTION]... [FILE]...\n") {
			t.Errorf("crypton sum %q: exit %d, stderr %q, stdout:\n%s", args, code, errOut, out)
		}
	}
	help, _, _ := runSumCmd(t, "", "--help")
	for _, want := range []string{"-a, --algorithm=ALG", "-l, --length=BITS", "-h, --help", "sha3-256"} {
		if !strings.Contains(help, want) {
			t.Errorf("crypton sum --help lacks %q:\n%s", want, help)
		}
	}
	for _, line := range strings.Split(help, "\n") {
		if len(line) > 80 {
			t.Errorf("crypton sum --help: line longer than 80 columns: %q", line)
		}
	}
	ver, errOut, code := runSumCmd(t, "", "--version", "--frob")
	if code != 0 || errOut != "" || !regexp.MustCompile(`^crypton sum \(crypton tools\) (devel|v\S+)\n$`).MatchString(ver) {
		t.Errorf("crypton sum --version: exit %d, stderr %q, stdout %q", code, errOut, ver)
	}

	option := regexp.MustCompile(`(?m)^  (-\w, )?      (--[\w-]+)|^  -\w, (--[\w-]+)`)
	for _, tool := range []string{"sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum"} {
		t.Run(tool, func(t *testing.T) {
			want, _, _ := coreutilsAs(t, tool, tool, "", "--help")
			got, errOut, code := runSumAs(t, tool, "", "--help")
			if code != 0 || errOut != "" || !strings.HasPrefix(got, "Usage: "+tool+" [OPTION]... [FILE]...\n") {
				t.Errorf("%s --help: exit %d, stderr %q, stdout:\n%s", tool, code, errOut, got)
			}
			if w, g := strings.SplitN(want, "\n", 3), strings.SplitN(got, "\n", 3); w[1] != g[1] {
				t.Errorf("%s --help: second line %q, coreutils' %q", tool, g[1], w[1])
			}
			var wantOpts, gotOpts []string
			for _, m := range option.FindAllStringSubmatch(want, -1) {
				wantOpts = append(wantOpts, m[0])
			}
			for _, m := range option.FindAllStringSubmatch(got, -1) {
				gotOpts = append(gotOpts, m[0])
			}
			if strings.Join(gotOpts, "\n") != strings.Join(wantOpts, "\n") {
				t.Errorf("%s --help lists the options\n%s\ncoreutils' lists\n%s", tool, strings.Join(gotOpts, "\n"), strings.Join(wantOpts, "\n"))
			}
			ver, _, code := runSumAs(t, tool, "", "--version")
			if code != 0 || !strings.HasPrefix(ver, tool+" (crypton tools) ") {
				t.Errorf("%s --version: exit %d, %q", tool, code, ver)
			}
		})
	}
}

// TestSumThroughLink runs the command through a link named sha256sum and
// b2sum, as an installed crypton would be run, and compares its output with
// coreutils' on the same file.
func TestSumThroughLink(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "data")
	if err := os.WriteFile(file, []byte("through a link\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"sha256sum", "b2sum"} {
		link := filepath.Join(dir, tool)
		if err := os.Symlink(os.Args[0], link); err != nil {
			t.Skipf("cannot make a symbolic link here: %v", err)
		}
		cmd := exec.Command(link, "--tag", file, filepath.Join(dir, "missing"))
		cmd.Env = append(os.Environ(), "CRYPTON_TEST_AS_COMMAND=1", "LC_ALL=C")
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Fatalf("%s with a missing file: %v, want exit status 1; stderr %q", tool, err, errOut.String())
		}
		if want := link + ": " + filepath.Join(dir, "missing") + ": No such file or directory\n"; errOut.String() != want {
			t.Errorf("%s: stderr %q, want %q", tool, errOut.String(), want)
		}
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Logf("coreutils' %s is not installed: output not compared", tool)
			continue
		}
		want, _ := exec.Command(path, "--tag", file).Output()
		if out.String() != string(want) {
			t.Errorf("%s --tag: got %q, coreutils prints %q", tool, out.String(), want)
		}
	}
}
