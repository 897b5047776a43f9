//go:build gc

package cpufeat

// cpuid executes the CPUID instruction with the given EAX and ECX inputs.
//
//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// xgetbv reads extended control register 0 (XCR0). It must only be called
// when CPUID reports OSXSAVE.
//
//go:noescape
func xgetbv() (eax, edx uint32)

func bit(v uint32, n uint) bool { return v>>n&1 == 1 }

// detect reads CPUID and XCR0 directly. golang.org/x/sys/cpu has no flag for
// the SHA extensions, reports VAES and VPCLMULQDQ only together with AVX-512
// and GFNI only together with AVX-512, so every flag is read here and the
// tests check the ones x/sys/cpu has against it.
func detect() {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 1 {
		return
	}
	_, _, ecx1, _ := cpuid(1, 0)

	// The OS must save and restore a register file before code may use it.
	var osXMM, osYMM, osZMM bool
	if bit(ecx1, 27) { // OSXSAVE
		xcr0, _ := xgetbv()
		osXMM = bit(xcr0, 1)
		osYMM = osXMM && bit(xcr0, 2)
		osZMM = osYMM && bit(xcr0, 5) && bit(xcr0, 6) && bit(xcr0, 7)
	}

	HasPCLMULQDQ = bit(ecx1, 1)
	HasSSSE3 = bit(ecx1, 9)
	HasAESNI = bit(ecx1, 25)
	HasAVX = bit(ecx1, 28) && osYMM

	if maxID < 7 {
		return
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	HasAVX2 = HasAVX && bit(ebx7, 5)
	HasBMI1 = bit(ebx7, 3)
	HasBMI2 = bit(ebx7, 8)
	HasADX = bit(ebx7, 19)
	HasSHANI = bit(ebx7, 29)
	HasGFNI = bit(ecx7, 8)

	HasAVX512F = HasAVX2 && osZMM && bit(ebx7, 16)
	HasAVX512VL = HasAVX512F && bit(ebx7, 31)
	HasAVX512BW = HasAVX512F && bit(ebx7, 30)
	HasAVX512IFMA = HasAVX512F && bit(ebx7, 21)
	HasAVX512VBMI = HasAVX512F && bit(ecx7, 1)

	HasVAES = HasAVX && HasAESNI && bit(ecx7, 9)
	HasVPCLMULQDQ = HasAVX && HasPCLMULQDQ && bit(ecx7, 10)
	HasVAES512 = HasVAES && HasAVX512F
	HasVPCLMULQDQ512 = HasVPCLMULQDQ && HasAVX512F
}

// vendor returns the vendor identification string of CPUID leaf 0, the
// twelve bytes of EBX, EDX and ECX: "GenuineIntel", "AuthenticAMD", ….
func vendor() string {
	_, b, c, d := cpuid(0, 0)
	var v []byte
	for _, r := range [3]uint32{b, d, c} {
		v = append(v, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	return string(v)
}

// brand returns the processor brand string from CPUID leaves
// 0x80000002..0x80000004, or "" if the CPU does not report one.
func brand() string {
	maxExt, _, _, _ := cpuid(0x80000000, 0)
	if maxExt < 0x80000004 {
		return ""
	}
	var b []byte
	for leaf := uint32(0x80000002); leaf <= 0x80000004; leaf++ {
		a, bx, c, d := cpuid(leaf, 0)
		for _, r := range [4]uint32{a, bx, c, d} {
			b = append(b, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
		}
	}
	for len(b) > 0 && (b[len(b)-1] == 0 || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	return string(b)
}
