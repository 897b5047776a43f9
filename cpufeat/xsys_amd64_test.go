package cpufeat

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestAgreesWithXSys checks every flag golang.org/x/sys/cpu also has against
// our own CPUID-based detection. x/sys/cpu honours GODEBUG=cpu.NAME=off
// (the AVX-512 emulator sets cpu.adx=off) and cpufeat does not, so a
// feature turned off there is not compared.
func TestAgreesWithXSys(t *testing.T) {
	check := func(name string, xsys bool) {
		t.Helper()
		f := lookup(name)
		if off := godebugOff(name); off != "" && !xsys {
			t.Logf("%s: not compared, GODEBUG has %s", name, off)
			return
		}
		if f.detected != xsys {
			t.Errorf("%s: cpufeat detected %v, x/sys/cpu says %v", name, f.detected, xsys)
		}
	}
	check("aesni", cpu.X86.HasAES)
	check("pclmulqdq", cpu.X86.HasPCLMULQDQ)
	check("ssse3", cpu.X86.HasSSSE3)
	check("avx", cpu.X86.HasAVX)
	check("avx2", cpu.X86.HasAVX2)
	check("bmi1", cpu.X86.HasBMI1)
	check("bmi2", cpu.X86.HasBMI2)
	check("adx", cpu.X86.HasADX)
	check("avx512f", cpu.X86.HasAVX512F)
	check("avx512vl", cpu.X86.HasAVX512VL)
	check("avx512bw", cpu.X86.HasAVX512BW)
	check("avx512ifma", cpu.X86.HasAVX512IFMA)
	check("avx512vbmi", cpu.X86.HasAVX512VBMI)
	check("vaes512", cpu.X86.HasAVX512VAES)
	check("vpclmulqdq512", cpu.X86.HasAVX512VPCLMULQDQ)
	// x/sys/cpu reports GFNI only together with AVX-512.
	if cpu.X86.HasAVX512 && lookup("gfni").detected != cpu.X86.HasAVX512GFNI {
		t.Errorf("gfni: cpufeat detected %v, x/sys/cpu says %v", lookup("gfni").detected, cpu.X86.HasAVX512GFNI)
	}
}

// godebugOff returns the GODEBUG setting that turns the feature off in
// x/sys/cpu, whose names are cpufeat's but for AES-NI, or "".
func godebugOff(name string) string {
	if name == "aesni" {
		name = "aes"
	}
	for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if kv == "cpu."+name+"=off" || kv == "cpu.all=off" {
			return kv
		}
	}
	return ""
}
