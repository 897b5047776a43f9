package cpufeat

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// withFlags runs f with every feature flag set to on, restoring the real
// values afterwards.
func withFlags(t *testing.T, on bool, f func()) {
	t.Helper()
	saved := make([]bool, len(features))
	for i, feat := range features {
		saved[i] = *feat.flag
		*feat.flag = on
	}
	defer func() {
		for i, feat := range features {
			*feat.flag = saved[i]
		}
	}()
	f()
}

func TestParseOverride(t *testing.T) {
	tests := []struct {
		in      string
		off     []string
		nErrs   int
		errText string
	}{
		{in: "", off: nil},
		{in: "-avx2", off: []string{"avx2"}},
		{in: " -AVX2 , -vaes ,", off: []string{"avx2", "vaes"}},
		{in: "-avx512", off: []string{"avx512f"}},
		{in: "-sha2,-pmull", off: []string{"pmull", "sha2"}},
		{in: "avx2", nErrs: 1, errText: "can only be turned off"},
		{in: "+avx2", nErrs: 1, errText: "write -avx2"},
		{in: "-avx3", nErrs: 1, errText: `unknown feature "avx3"`},
		{in: "-avx3,-shani,bogus", off: []string{"shani"}, nErrs: 2},
		{in: ",,", off: nil},
	}
	for _, tt := range tests {
		off, errs := parseOverride(tt.in)
		var got []string
		for name := range off {
			got = append(got, name)
		}
		sortStrings(got)
		if !reflect.DeepEqual(got, tt.off) && !(len(got) == 0 && len(tt.off) == 0) {
			t.Errorf("parseOverride(%q) turns off %v, want %v", tt.in, got, tt.off)
		}
		if len(errs) != tt.nErrs {
			t.Errorf("parseOverride(%q) reported %d problems %q, want %d", tt.in, len(errs), errs, tt.nErrs)
		}
		if tt.errText != "" && (len(errs) == 0 || !strings.Contains(errs[0], tt.errText)) {
			t.Errorf("parseOverride(%q) problems %q, want one containing %q", tt.in, errs, tt.errText)
		}
	}

	off, errs := parseOverride("generic")
	if len(errs) != 0 || len(off) != len(features) {
		t.Errorf("parseOverride(generic) turns off %d features with problems %q, want all %d", len(off), errs, len(features))
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestApplyDependencies(t *testing.T) {
	avx512 := []string{"avx512f", "avx512vl", "avx512bw", "avx512ifma", "avx512vbmi", "vaes512", "vpclmulqdq512"}
	tests := []struct {
		override string
		off      []string // exactly the features that must be off afterwards
	}{
		{"-avx", append([]string{"avx", "avx2", "vaes", "vpclmulqdq"}, avx512...)},
		{"-avx2", append([]string{"avx2"}, avx512...)},
		{"-avx512", avx512},
		{"-avx512f", avx512},
		{"-vaes", []string{"vaes", "vaes512"}},
		{"-aesni", []string{"aesni", "vaes", "vaes512"}},
		{"-avx512ifma", []string{"avx512ifma"}},
		{"-sha512,-gfni", []string{"sha512", "gfni"}},
		{"generic", Names()},
	}
	for _, tt := range tests {
		withFlags(t, true, func() {
			off, _ := parseOverride(tt.override)
			turned := apply(off)
			want := make(map[string]bool)
			for _, name := range tt.off {
				want[name] = true
			}
			for _, f := range features {
				if *f.flag == want[f.name] {
					t.Errorf("CRYPTON_CPU=%s: %s enabled=%v, want %v", tt.override, f.name, *f.flag, !want[f.name])
				}
			}
			wantSorted := append([]string(nil), tt.off...)
			sortStrings(wantSorted)
			if !reflect.DeepEqual(turned, wantSorted) {
				t.Errorf("CRYPTON_CPU=%s reports %v turned off, want %v", tt.override, turned, wantSorted)
			}
		})
	}
	// Turning off a feature the CPU lacks reports nothing.
	withFlags(t, false, func() {
		off, _ := parseOverride("-avx2")
		if turned := apply(off); len(turned) != 0 {
			t.Errorf("turning off absent features reports %v", turned)
		}
	})
}

func TestFeatureTable(t *testing.T) {
	seen := make(map[string]bool)
	for _, f := range features {
		if seen[f.name] {
			t.Errorf("feature %q listed twice", f.name)
		}
		seen[f.name] = true
		if f.arch != "amd64" && f.arch != "arm64" {
			t.Errorf("feature %q has architecture %q", f.name, f.arch)
		}
		if _, ok := groups[f.name]; ok || f.name == "generic" {
			t.Errorf("feature %q shadows a keyword", f.name)
		}
	}
	for _, f := range features {
		for _, r := range f.requires {
			req := lookup(r)
			if req == nil || req.arch != f.arch {
				t.Errorf("feature %q requires %q, which is not a feature of its architecture", f.name, r)
			}
			// A detected feature's requirements are detected too.
			if f.detected && req != nil && !req.detected {
				t.Errorf("feature %q detected without its requirement %q", f.name, r)
			}
		}
	}
	for _, f := range Features() {
		if f.Arch != runtime.GOARCH {
			t.Errorf("Features() lists %q of %s on %s", f.Name, f.Arch, runtime.GOARCH)
		}
		if f.Enabled && !f.Detected {
			t.Errorf("feature %q enabled but not detected", f.Name)
		}
		if Enabled(f.Name) != f.Enabled {
			t.Errorf("Enabled(%q) = %v, Features() says %v", f.Name, Enabled(f.Name), f.Enabled)
		}
	}
	if Enabled("no-such-feature") {
		t.Error("Enabled reports an unknown feature")
	}
}

// TestProcCPUInfo checks detection against the flags the Linux kernel
// reports, which cover the features x/sys/cpu does not (SHA-NI, VAES and
// VPCLMULQDQ without AVX-512, GFNI).
func TestProcCPUInfo(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the x86 /proc/cpuinfo flags are compared on linux/amd64 only (arm64: TestProcCPUInfoARM64), this is %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Fatalf("reading /proc/cpuinfo: %v", err)
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			flags = make(map[string]bool)
			for _, f := range strings.Fields(v) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		t.Fatal("no flags line in /proc/cpuinfo")
	}
	kernelName := map[string]string{
		"aesni": "aes", "pclmulqdq": "pclmulqdq", "ssse3": "ssse3", "avx": "avx", "avx2": "avx2",
		"bmi1": "bmi1", "bmi2": "bmi2", "adx": "adx", "shani": "sha_ni", "avx512f": "avx512f", "avx512vl": "avx512vl",
		"avx512bw": "avx512bw", "avx512ifma": "avx512ifma", "avx512vbmi": "avx512vbmi",
		"vaes": "vaes", "vpclmulqdq": "vpclmulqdq", "gfni": "gfni",
	}
	for _, f := range features {
		if f.arch != "amd64" {
			continue
		}
		want := flags[kernelName[f.name]]
		switch f.name {
		case "vaes512":
			want = flags["vaes"] && flags["avx512f"]
		case "vpclmulqdq512":
			want = flags["vpclmulqdq"] && flags["avx512f"]
		case "":
		}
		if kernelName[f.name] == "" && f.name != "vaes512" && f.name != "vpclmulqdq512" {
			t.Errorf("no /proc/cpuinfo name known for %q", f.name)
			continue
		}
		if f.detected != want {
			t.Errorf("%s: detected %v, /proc/cpuinfo says %v", f.name, f.detected, want)
		}
	}
}

// TestCPUVendor checks CPUVendor against the vendor_id that the Linux
// kernel reports in /proc/cpuinfo on amd64, and that it is empty elsewhere.
func TestCPUVendor(t *testing.T) {
	got := CPUVendor()
	if runtime.GOARCH != "amd64" {
		if got != "" {
			t.Errorf("CPUVendor() = %q on %s, want \"\"", got, runtime.GOARCH)
		}
		return
	}
	if len(got) != 12 {
		t.Errorf("CPUVendor() = %q, want twelve bytes", got)
	}
	if runtime.GOOS != "linux" {
		t.Skipf("vendor_id in /proc/cpuinfo is compared on linux only, this is %s (CPUVendor() = %q)", runtime.GOOS, got)
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Fatalf("reading /proc/cpuinfo: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "vendor_id" {
			if want := strings.TrimSpace(v); got != want {
				t.Errorf("CPUVendor() = %q, /proc/cpuinfo says %q", got, want)
			}
			return
		}
	}
	t.Fatal("no vendor_id line in /proc/cpuinfo")
}

// TestOverrideAtStartup runs this test binary again with CRYPTON_CPU set and
// checks what the child process saw.
func TestOverrideAtStartup(t *testing.T) {
	if os.Getenv("CPUFEAT_CHILD") != "" {
		t.Skip("running as the child process")
	}
	run := func(value string) (stdout, stderr string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPrintFeatures$", "-test.v")
		cmd.Env = append(os.Environ(), "CPUFEAT_CHILD=1", EnvVar+"="+value)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			if errors.Is(err, syscall.ENOEXEC) {
				// Under user-mode emulation (qemu-aarch64) the kernel cannot
				// start a foreign-architecture binary by itself.
				t.Skipf("cannot re-execute the test binary on this machine: %v", err)
			}
			t.Fatalf("child with %s=%q: %v\n%s%s", EnvVar, value, err, out.String(), errOut.String())
		}
		return out.String(), errOut.String()
	}

	out, errOut := run("generic")
	for _, f := range Features() {
		if !strings.Contains(out, "feature "+f.Name+" enabled=false") {
			t.Errorf("with %s=generic, %s is not off in the child:\n%s", EnvVar, f.Name, out)
		}
	}
	if errOut != "" {
		t.Errorf("with %s=generic the child wrote to stderr: %q", EnvVar, errOut)
	}

	out, errOut = run("-nosuchfeature,-avx2")
	if n := strings.Count(errOut, "unknown feature"); n != 1 {
		t.Errorf("unknown feature reported %d times on stderr, want once: %q", n, errOut)
	}
	if !strings.Contains(errOut, EnvVar) {
		t.Errorf("report does not name %s: %q", EnvVar, errOut)
	}
	if runtime.GOARCH == "amd64" && !strings.Contains(out, "feature avx2 enabled=false") {
		t.Errorf("-avx2 did not turn avx2 off in the child:\n%s", out)
	}
	if !strings.Contains(out, "override -nosuchfeature,-avx2") {
		t.Errorf("child does not report the override:\n%s", out)
	}
}

// TestPrintFeatures is the child side of TestOverrideAtStartup.
func TestPrintFeatures(t *testing.T) {
	if os.Getenv("CPUFEAT_CHILD") == "" {
		t.Skip("only runs as the child of TestOverrideAtStartup")
	}
	for _, f := range Features() {
		t.Logf("feature %s enabled=%v", f.Name, f.Enabled)
	}
	value, _, _ := Override()
	t.Logf("override %s", value)
}
