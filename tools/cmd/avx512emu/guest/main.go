//go:build linux

// Command guest is the first and only process of the Linux guest that
// avx512emu boots under Bochs: it runs the test binaries the host packed
// into the initramfs, one after another, copies their output to the serial
// console between marker lines, and powers the machine off.
//
// It reads the job from protocol.JobFile, and writes the marker lines of
// package protocol around each run's output. The host builds it with
// CGO_ENABLED=0 so that it is static.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/crypton-go/crypton/tools/cmd/avx512emu/internal/protocol"
)

// cpuFlags are the /proc/cpuinfo flags crypton's kernels use; the CPU line
// lists each, with a minus sign where the guest kernel does not report it.
var cpuFlags = []string{
	"avx2", "bmi2", "adx", "sha_ni", "avx512f", "avx512dq", "avx512cd",
	"avx512bw", "avx512vl", "avx512ifma", "avx512vbmi", "avx512_vbmi2",
	"vaes", "vpclmulqdq", "gfni",
}

func main() {
	if os.Getpid() != 1 {
		// Never mount file systems or power off a machine we did not boot.
		fmt.Fprintln(os.Stderr, "guest: this is the init of avx512emu's guest; it runs only as process 1")
		os.Exit(2)
	}
	console := setup()
	tag := "none"
	if err := runJob(console, &tag); err != nil {
		fmt.Fprintf(console, "\navx512emu guest: %v\n", err)
	}
	fmt.Fprintf(console, "\n%s\n", protocol.Marker(tag, protocol.Done))
	powerOff(console)
}

// setup mounts the pseudo file systems and opens the serial console, which
// the kernel gives PID 1 no descriptors for when the initramfs has no
// /dev/console.
func setup() *os.File {
	for _, m := range [][2]string{{"devtmpfs", "/dev"}, {"proc", "/proc"}, {"sysfs", "/sys"}, {"tmpfs", "/tmp"}} {
		os.MkdirAll(m[1], 0o755)
		syscall.Mount(m[0], m[1], m[0], 0, "")
	}
	console, err := os.OpenFile("/dev/ttyS0", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		console = os.Stdout
	}
	for fd := 0; fd < 3; fd++ {
		syscall.Dup3(int(console.Fd()), fd, 0)
	}
	return console
}

func runJob(console *os.File, tag *string) error {
	b, err := os.ReadFile(protocol.JobFile)
	if err != nil {
		return err
	}
	var j protocol.Job
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("%s: %v", protocol.JobFile, err)
	}
	*tag = j.Tag
	fmt.Fprintf(console, "\n%s %s\n", protocol.Marker(j.Tag, protocol.CPU), cpuLine())
	for i, r := range j.Runs {
		fmt.Fprintf(console, "\n%s %d\n", protocol.Marker(j.Tag, protocol.Begin), i)
		out := &lineTracker{w: console, atStart: true}
		start := time.Now()
		status := execute(r, out)
		nl := "\n"
		if out.atStart {
			nl = ""
		}
		fmt.Fprintf(console, "%s%s %d %d %.1f\n", nl, protocol.Marker(j.Tag, protocol.End), i, status, time.Since(start).Seconds())
	}
	return nil
}

// execute runs one test binary with its output on out and returns its exit
// status.
func execute(r protocol.Run, out io.Writer) int {
	cmd := exec.Command(r.Bin, r.Args...) // argv[0] a path, for tests that run themselves again
	cmd.Dir = r.Dir
	cmd.Env = append([]string{"PATH=/bin", "HOME=/tmp", "TMPDIR=/tmp", "USER=root"}, r.Env...)
	cmd.Stdout, cmd.Stderr = out, out
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			fmt.Fprintf(out, "avx512emu guest: %s killed by %v\n", r.Name, ws.Signal())
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	default:
		fmt.Fprintf(out, "avx512emu guest: cannot run %s: %v\n", r.Name, err)
		return 127
	}
}

// lineTracker passes writes through and remembers whether the last byte
// written ended a line, so that a marker always starts one.
type lineTracker struct {
	w       io.Writer
	atStart bool
}

func (l *lineTracker) Write(p []byte) (int, error) {
	if len(p) > 0 {
		l.atStart = p[len(p)-1] == '\n'
	}
	return l.w.Write(p)
}

// cpuLine returns the CPU model and cpuFlags as /proc/cpuinfo reports them.
func cpuLine() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown; " + err.Error()
	}
	model, have := "unknown", map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		switch k = strings.TrimSpace(k); {
		case !ok:
		case k == "model name":
			model = strings.TrimSpace(v)
		case k == "flags":
			for _, f := range strings.Fields(v) {
				have[f] = true
			}
		}
	}
	flags := make([]string, len(cpuFlags))
	for i, f := range cpuFlags {
		if !have[f] {
			f = "-" + f
		}
		flags[i] = f
	}
	return model + "; " + strings.Join(flags, " ")
}

// powerOff waits until the serial port has sent everything (TCSBRK with a
// non-zero argument is tcdrain), then asks for an ACPI power-off, on which
// Bochs quits. PID 1 must never return.
func powerOff(console *os.File) {
	syscall.Syscall(syscall.SYS_IOCTL, console.Fd(), tcsbrk, 1)
	syscall.Sync()
	syscall.Reboot(syscall.LINUX_REBOOT_CMD_POWER_OFF)
	for {
		time.Sleep(time.Hour)
	}
}

// tcsbrk is Linux's TCSBRK ioctl on x86-64 (asm-generic/ioctls.h), which
// package syscall does not export.
const tcsbrk = 0x5409
