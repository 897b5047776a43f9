package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

func TestMain(m *testing.M) {
	// When re-executed by a test, act as the crypton command itself.
	if os.Getenv("CRYPTON_TEST_AS_COMMAND") == "1" {
		os.Exit(run(commandArgs(os.Args), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// runChild runs the test binary as the crypton command with extra environment.
func runChild(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "CRYPTON_TEST_AS_COMMAND=1"), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case errors.Is(err, syscall.ENOEXEC):
		t.Skipf("cannot re-execute the test binary on this machine (user-mode emulation): %v", err)
	default:
		t.Fatalf("running the command: %v", err)
	}
	return out.String(), errOut.String(), code
}

func TestCPU(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"cpu"}, &out, &errOut); code != 0 {
		t.Fatalf("crypton cpu exited %d: %s", code, errOut.String())
	}
	s := out.String()
	for _, want := range []string{"CPU:", "Platform:", cpufeat.EnvVar + ":"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	for _, f := range cpufeat.Features() {
		line := findLine(s, f.Name+" ")
		if line == "" {
			t.Errorf("no line for feature %s:\n%s", f.Name, s)
			continue
		}
		fields := strings.Fields(line)
		if got, want := fields[len(fields)-1], yesNo(f.Enabled); got != want {
			t.Errorf("feature %s shown enabled=%s, want %s", f.Name, got, want)
		}
		if got, want := fields[len(fields)-2], yesNo(f.Detected); got != want {
			t.Errorf("feature %s shown detected=%s, want %s", f.Name, got, want)
		}
	}
	for _, pkg := range cpufeat.Packages() {
		if findLine(s, pkg+" ") == "" {
			t.Errorf("no line for package %s:\n%s", pkg, s)
		}
	}
}

func findLine(s, prefix string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}

func TestCPUGeneric(t *testing.T) {
	out, errOut, code := runChild(t, []string{cpufeat.EnvVar + "=generic"}, "cpu")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, `"generic"`) {
		t.Errorf("override not shown:\n%s", out)
	}
	for _, f := range cpufeat.Features() {
		fields := strings.Fields(findLine(out, f.Name+" "))
		if len(fields) == 0 || fields[len(fields)-1] != "no" {
			t.Errorf("with generic, feature %s is not shown off:\n%s", f.Name, out)
		}
	}
	if strings.Contains(out, "SELECTED") {
		for _, line := range strings.Split(out[strings.Index(out, "SELECTED"):], "\n")[1:] {
			if f := strings.Fields(line); len(f) > 1 && f[1] != "generic" {
				t.Errorf("with generic, a package selected %s: %s", f[1], line)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"frobnicate"}, {"cpu", "extra"}, {"cpu", "-nosuchflag"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("crypton %q exited %d, want 2", args, code)
		}
		if len(args) == 2 {
			checkUsageError(t, args, errOut.String())
		} else if !strings.Contains(errOut.String(), "crypton") {
			t.Errorf("crypton %q printed %q", args, errOut.String())
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"help"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "cpu") {
		t.Errorf("crypton help exited %d with %q", code, out.String())
	}
}

// checkUsageError checks that a subcommand's usage error is what the
// command promises: one line naming the problem and one pointing to -h,
// not the whole usage text.
func checkUsageError(t *testing.T, args []string, stderr string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	cmd := "crypton " + args[0]
	if len(lines) != 2 || !strings.HasPrefix(lines[0], cmd+": ") || lines[1] != "Run '"+cmd+" -h' for usage." {
		t.Errorf("crypton %q printed %q, want one line \"%s: ...\" and a hint to run -h", args, stderr, cmd)
	}
}

// TestHelpToStdout checks that -h and --help print the usage on standard
// output and exit 0, so that "crypton speed -h | less" works.
func TestHelpToStdout(t *testing.T) {
	for _, cmd := range []string{"cpu", "speed"} {
		for _, h := range []string{"-h", "--help"} {
			var out, errOut bytes.Buffer
			if code := run([]string{cmd, h}, &out, &errOut); code != 0 {
				t.Errorf("crypton %s %s exited %d", cmd, h, code)
			}
			if !strings.HasPrefix(out.String(), "usage: crypton "+cmd) || errOut.Len() != 0 {
				t.Errorf("crypton %s %s: stdout %q, stderr %q; want the usage on stdout only", cmd, h, out.String(), errOut.String())
			}
		}
	}
}
