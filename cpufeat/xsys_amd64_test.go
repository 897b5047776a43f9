package cpufeat

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// TestAgreesWithXSys checks every flag golang.org/x/sys/cpu also has against
// our own CPUID-based detection.
func TestAgreesWithXSys(t *testing.T) {
	check := func(name string, xsys bool) {
		t.Helper()
		f := lookup(name)
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
