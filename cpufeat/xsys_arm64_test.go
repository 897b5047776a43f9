package cpufeat

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"
)

func TestAgreesWithXSys(t *testing.T) {
	for name, xsys := range map[string]bool{
		"asimd": cpu.ARM64.HasASIMD, "aes": cpu.ARM64.HasAES, "pmull": cpu.ARM64.HasPMULL, "sha1": cpu.ARM64.HasSHA1,
		"sha2": cpu.ARM64.HasSHA2, "sha512": cpu.ARM64.HasSHA512, "sha3": cpu.ARM64.HasSHA3,
	} {
		if f := lookup(name); f.detected != xsys {
			t.Errorf("%s: cpufeat detected %v, x/sys/cpu says %v", name, f.detected, xsys)
		}
	}
}

// TestProcCPUInfoARM64 checks detection against the "Features" line of the
// Linux kernel's /proc/cpuinfo, whose names (asimd, aes, pmull, sha1, sha2,
// sha512, sha3) are the ones CRYPTON_CPU uses.
func TestProcCPUInfoARM64(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skipf("/proc/cpuinfo is compared on linux only, this is %s", runtime.GOOS)
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Fatalf("reading /proc/cpuinfo: %v", err)
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "Features" {
			flags = make(map[string]bool)
			for _, f := range strings.Fields(v) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		// User-mode emulation (qemu-aarch64 before 8.1) shows the host's
		// file, which has no arm64 Features line.
		t.Skip("no arm64 Features line in /proc/cpuinfo (user-mode emulation?)")
	}
	for _, f := range features {
		if f.arch != "arm64" {
			continue
		}
		if f.detected != flags[f.name] {
			t.Errorf("%s: detected %v, /proc/cpuinfo says %v", f.name, f.detected, flags[f.name])
		}
	}
}
