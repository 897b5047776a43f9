package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// sumFiles are the test files, in the order they are passed.
var sumFiles = []string{"empty", "one", "mib", "with space", `back\slash`}

// sumDir makes a temporary directory holding sumFiles (plus a file whose
// name has a newline where the file system allows it), changes into it and
// returns the names.
func sumDir(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	mib := make([]byte, 1<<20)
	for i := range mib {
		mib[i] = byte(i*7 + i>>9)
	}
	contents := map[string][]byte{
		"empty":      nil,
		"one":        []byte("a"),
		"mib":        mib,
		"with space": []byte("space\n"),
		`back\slash`: []byte("backslash\n"),
	}
	names := append([]string(nil), sumFiles...)
	if runtime.GOOS != "windows" {
		contents["new\nline"] = []byte("newline\n")
		names = append(names, "new\nline")
	}
	for name, data := range contents {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// runSumCmd runs "crypton sum args..." in-process with stdin as standard
// input.
func runSumCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	old := sumStdin
	sumStdin = strings.NewReader(stdin)
	defer func() { sumStdin = old }()
	var out, errOut bytes.Buffer
	code = run(append([]string{"sum"}, args...), &out, &errOut)
	return out.String(), errOut.String(), code
}

// coreutils runs a coreutils tool under its own name (so that its
// messages start "sha256sum:", not its path), or skips the comparison when
// it is absent.
func coreutils(t *testing.T, tool string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return coreutilsAs(t, tool, tool, "", args...)
}

func TestSumMatchesCoreutils(t *testing.T) {
	names := sumDir(t)
	for _, a := range sumAlgs {
		t.Run(a.name, func(t *testing.T) {
			got, errOut, code := runSumCmd(t, "", append([]string{"-a", a.name}, names...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if n := strings.Count(got, "\n"); n != len(names) {
				t.Errorf("%d lines for %d files:\n%s", n, len(names), got)
			}
			if !strings.Contains(got, "\n\\") {
				t.Errorf("no escaped line for the backslash name:\n%s", got)
			}
			if a.tool == "" {
				t.Skipf("coreutils has no command for %s (TestSumKnownDigests checks it)", a.name)
			}
			want, _, _ := coreutils(t, a.tool, names...)
			if got != want {
				t.Errorf("crypton sum -a %s differs from %s:\ngot:\n%s\nwant:\n%s", a.name, a.tool, got, want)
			}
			got, _, _ = runSumCmd(t, "", append([]string{"-a", a.name, "--tag"}, names...)...)
			want, _, _ = coreutils(t, a.tool, append([]string{"--tag"}, names...)...)
			if got != want {
				t.Errorf("crypton sum -a %s --tag differs from %s --tag:\ngot:\n%s\nwant:\n%s", a.name, a.tool, got, want)
			}
		})
	}
}

func TestSumKnownDigests(t *testing.T) {
	// Independent of coreutils: well-known digests of "" and "abc".
	for _, tc := range []struct{ alg, in, want string }{
		{"sha256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  -\n"},
		{"sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d  -\n"},
		{"sha224", "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  -\n"},
		{"sha3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532  -\n"},
		{"sha3-512", "", "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26  -\n"},
		{"blake2b", "abc", "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923  -\n"},
		{"blake2s", "abc", "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982  -\n"},
	} {
		got, errOut, code := runSumCmd(t, tc.in, "-a", tc.alg)
		if code != 0 || got != tc.want {
			t.Errorf("-a %s on %q: exit %d, %q (stderr %q), want %q", tc.alg, tc.in, code, got, errOut, tc.want)
		}
	}
	got, _, _ := runSumCmd(t, "abc", "--tag", "-")
	if want := "SHA256 (-) = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n"; got != want {
		t.Errorf("--tag - = %q, want %q", got, want)
	}
}

func TestSumStdinMatchesCoreutils(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	in := strings.Repeat("standard input\n", 1000)
	got, errOut, code := runSumCmd(t, in, "-a", "sha512")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got2, _, _ := runSumCmd(t, in, "-a", "sha512", "-")
	if got != got2 {
		t.Errorf("no FILE and - differ: %q, %q", got, got2)
	}
	path, err := exec.LookPath("sha512sum")
	if err != nil {
		t.Skip("sha512sum is not on PATH; skipping the comparison with coreutils")
	}
	cmd := exec.Command(path)
	cmd.Stdin = strings.NewReader(in)
	want, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("stdin: got %q, sha512sum %q", got, want)
	}
}

func TestSumCheck(t *testing.T) {
	names := sumDir(t)
	list, _, _ := coreutils(t, "sha256sum", names...)
	tagList, _, _ := coreutils(t, "sha256sum", append([]string{"--tag"}, names...)...)
	for _, l := range []struct{ name, text string }{{"gnu.sum", list}, {"bsd.sum", tagList}} {
		if err := os.WriteFile(l.name, []byte(l.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, errOut, code := runSumCmd(t, "", "-c", l.name)
		if code != 0 || strings.Count(got, ": OK\n") != len(names) || errOut != "" {
			t.Errorf("-c %s: exit %d, stdout:\n%s\nstderr:\n%s", l.name, code, got, errOut)
		}
		want, _, _ := coreutils(t, "sha256sum", "-c", l.name)
		if got != want {
			t.Errorf("-c %s differs from sha256sum -c:\ngot:\n%s\nwant:\n%s", l.name, got, want)
		}
	}
	// The list from standard input.
	if got, errOut, code := runSumCmd(t, list, "-c"); code != 0 || strings.Count(got, ": OK\n") != len(names) {
		t.Errorf("-c from stdin: exit %d, stdout:\n%s\nstderr:\n%s", code, got, errOut)
	}

	// Modify one file, remove another and add a malformed line.
	if err := os.WriteFile("one", []byte("b"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove("empty"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("gnu.sum", []byte(list+"not a checksum line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, errOut, code := runSumCmd(t, "", "-c", "gnu.sum")
	if code != 1 {
		t.Errorf("-c after changes exited %d, want 1", code)
	}
	for _, want := range []string{"one: FAILED\n", "empty: FAILED open or read\n", "mib: OK\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("-c output lacks %q:\n%s", want, got)
		}
	}
	for _, want := range []string{
		"crypton sum: empty: No such file or directory\n",
		"crypton sum: WARNING: 1 line is improperly formatted\n",
		"crypton sum: WARNING: 1 listed file could not be read\n",
		"crypton sum: WARNING: 1 computed checksum did NOT match\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("-c stderr lacks %q:\n%s", want, errOut)
		}
	}
	want, wantErr, wantCode := coreutils(t, "sha256sum", "-c", "gnu.sum")
	if got != want || code != wantCode {
		t.Errorf("-c after changes differs from sha256sum -c:\ngot (exit %d):\n%s\nwant (exit %d):\n%s", code, got, wantCode, want)
	}
	if wantErr = strings.ReplaceAll(wantErr, "sha256sum:", "crypton sum:"); errOut != wantErr {
		t.Errorf("-c stderr differs from sha256sum -c's:\ngot:\n%s\nwant:\n%s", errOut, wantErr)
	}
}

func TestSumCheckNoProperLines(t *testing.T) {
	_, errOut, code := runSumCmd(t, "garbage\n", "-c")
	if code != 1 || errOut != "crypton sum: 'standard input': no properly formatted checksum lines found\n" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestSumMissingFile(t *testing.T) {
	names := sumDir(t)
	args := append([]string{"missing"}, names...)
	got, errOut, code := runSumCmd(t, "", args...)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if errOut != "crypton sum: missing: No such file or directory\n" {
		t.Errorf("stderr %q", errOut)
	}
	if n := strings.Count(got, "\n"); n != len(names) {
		t.Errorf("%d lines printed for %d readable files:\n%s", n, len(names), got)
	}
	want, _, wantCode := coreutils(t, "sha256sum", args...)
	if got != want || code != wantCode {
		t.Errorf("differs from sha256sum (exit %d):\ngot:\n%s\nwant:\n%s", wantCode, got, want)
	}
}

// TestSumUsageErrors checks the errors of crypton sum's own options (-a,
// and -l with another algorithm than blake2b): coreutils' cksum words and
// status 1. TestSumOptionsMatchCoreutils compares the others.
func TestSumUsageErrors(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	var valid strings.Builder
	valid.WriteString("Valid arguments are:\n")
	for _, a := range sumAlgs {
		valid.WriteString("  - '" + a.name + "'\n")
	}
	try := "Try 'crypton sum --help' for more information.\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-a", "md5"}, "crypton sum: invalid argument 'md5' for '--algorithm'\n" + valid.String() + try},
		{[]string{"--algorithm=sha3-384"}, "crypton sum: invalid argument 'sha3-384' for '--algorithm'\n" + valid.String() + try},
		{[]string{"-a"}, "crypton sum: option requires an argument -- 'a'\n" + try},
		{[]string{"--algorithm"}, "crypton sum: option '--algorithm' requires an argument\n" + try},
		{[]string{"-nosuchflag"}, "crypton sum: invalid option -- 'n'\n" + try},
		{[]string{"-c", "--tag"}, "crypton sum: the --tag option is meaningless when verifying checksums\n" + try},
		{[]string{"-l", "256"}, "crypton sum: --length is only supported with --algorithm=blake2b\n"},
		{[]string{"-a", "blake2s", "-l", "128"}, "crypton sum: --length is only supported with --algorithm=blake2b\n"},
		{[]string{"-l", "7", "-a", "blake2b"}, "crypton sum: invalid length: '7'\ncrypton sum: length is not a multiple of 8\n"},
		{[]string{"-a", "blake2b", "-l", "520"}, "crypton sum: invalid length: '520'\ncrypton sum: maximum digest length for 'BLAKE2b' is 512 bits\n"},
	} {
		out, errOut, code := runSumCmd(t, "", tc.args...)
		if code != 1 || out != "" || errOut != tc.want {
			t.Errorf("crypton sum %q: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and:\n%s", tc.args, code, out, errOut, tc.want)
		}
	}
	// Aliases of the algorithm names; -l 0 is the full length, as in cksum.
	for _, args := range [][]string{{"-a", "SHA-256"}, {"-a", "sha_256"}, {"--algorithm", "Sha256"}, {"-aSHA3_256"}, {"-l", "0"}} {
		if _, errOut, code := runSumCmd(t, "", args...); code != 0 {
			t.Errorf("crypton sum %q exited %d: %s", args, code, errOut)
		}
	}
}
