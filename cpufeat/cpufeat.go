// Package cpufeat reports the CPU features that crypton's accelerated code
// paths use, lets users turn features off with the CRYPTON_CPU environment
// variable, and keeps the registry of implementations that tests use to
// exercise every path on the machine.
//
// # Features
//
// Each feature is a flat boolean, true only when both the CPU and the
// operating system support it (for vector features the OS must save the
// registers, as XGETBV reports) and CRYPTON_CPU has not turned it off. The
// booleans are set once, before any package that imports cpufeat is
// initialized, and must be treated as read-only.
//
// # The CRYPTON_CPU override
//
// CRYPTON_CPU is read once, at program start. It is a comma-separated list of
// features to turn off, each written with a leading minus sign, for example
//
//	CRYPTON_CPU=-avx512f,-vaes512
//
// Features can only be turned off, never on. Turning a feature off also turns
// off every feature that depends on it: -avx turns off AVX2 and every AVX-512
// and VEX-encoded VAES/VPCLMULQDQ feature; -avx512f turns off all of AVX-512.
// The word "avx512" stands for all AVX-512 features, which is the usual
// choice on CPUs that lower their clock speed when running 512-bit code.
// CRYPTON_CPU=generic turns every feature off, so that only the portable Go
// implementations run. Unknown names are reported once on standard error and
// otherwise ignored.
//
// # Implementations
//
// A package with accelerated implementations registers each of them with
// [Register], in order of preference, together with a pointer to the boolean
// that enables it. Tests then use [Select] and [Reset] (or the helper
// package cpufeat/cputest) to run every available implementation and the
// generic one in turn.
package cpufeat

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
)

// x86-64 features. On other architectures they are all false.
var (
	HasAESNI     bool // AES-NI: AESENC, AESDEC, AESKEYGENASSIST, ...
	HasPCLMULQDQ bool // PCLMULQDQ carry-less multiplication (128-bit)
	HasSSSE3     bool // Supplemental SSE3 (PSHUFB, PALIGNR)
	HasAVX       bool // AVX, with YMM state enabled by the OS
	HasAVX2      bool // AVX2 (256-bit integer vectors)
	HasBMI1      bool // BMI1: ANDN, BLSR, TZCNT, ...
	HasBMI2      bool // BMI2: MULX, RORX, SHLX, ...
	HasADX       bool // ADX: ADCX and ADOX
	HasSHANI     bool // SHA extensions: SHA1RNDS4, SHA256RNDS2, ...

	HasAVX512F    bool // AVX-512 Foundation, with ZMM and mask state enabled by the OS
	HasAVX512VL   bool // AVX-512 Vector Length extensions (EVEX on XMM/YMM)
	HasAVX512BW   bool // AVX-512 Byte and Word instructions
	HasAVX512IFMA bool // AVX-512 Integer Fused Multiply-Add (VPMADD52LUQ/HUQ)
	HasAVX512VBMI bool // AVX-512 Vector Byte Manipulation (VPERMB, ...)

	HasVAES          bool // VAES on 256-bit YMM registers (VEX encoding; needs AVX)
	HasVPCLMULQDQ    bool // VPCLMULQDQ on 256-bit YMM registers (VEX encoding; needs AVX)
	HasVAES512       bool // VAES on 512-bit ZMM registers (needs AVX-512F)
	HasVPCLMULQDQ512 bool // VPCLMULQDQ on 512-bit ZMM registers (needs AVX-512F)
	HasGFNI          bool // Galois Field New Instructions (GF2P8AFFINEQB, ...)
)

// arm64 (ARMv8) features. On other architectures they are all false.
var (
	// HasARM64ASIMD reports Advanced SIMD (NEON). ASIMD is architecturally
	// required on ARMv8-A, so the flag is always set on real hardware; it
	// exists so that crypton's arm64 assembly that needs no optional
	// extension (such as mont's scalar Montgomery kernels) is registered
	// under a feature, and CRYPTON_CPU=generic or -asimd switches it off
	// like every other assembly path.
	HasARM64ASIMD  bool // Advanced SIMD (NEON)
	HasARM64AES    bool // AESE, AESD, AESMC, AESIMC
	HasARM64PMULL  bool // PMULL/PMULL2 on 64-bit lanes
	HasARM64SHA1   bool // SHA1C, SHA1H, ...
	HasARM64SHA2   bool // SHA256H, SHA256H2, ...
	HasARM64SHA512 bool // SHA512H, SHA512H2, ...
	HasARM64SHA3   bool // EOR3, RAX1, XAR, BCAX
)

// feature describes one flag: its name in CRYPTON_CPU, the architecture it
// belongs to, the features it cannot work without, and where it is stored.
type feature struct {
	name     string
	arch     string
	doc      string
	requires []string
	flag     *bool
	detected bool
}

var features = []*feature{
	{name: "aesni", arch: "amd64", doc: "AES-NI", flag: &HasAESNI},
	{name: "pclmulqdq", arch: "amd64", doc: "PCLMULQDQ", flag: &HasPCLMULQDQ},
	{name: "ssse3", arch: "amd64", doc: "SSSE3", flag: &HasSSSE3},
	{name: "avx", arch: "amd64", doc: "AVX", flag: &HasAVX},
	{name: "avx2", arch: "amd64", doc: "AVX2", requires: []string{"avx"}, flag: &HasAVX2},
	{name: "bmi1", arch: "amd64", doc: "BMI1 (ANDN)", flag: &HasBMI1},
	{name: "bmi2", arch: "amd64", doc: "BMI2 (MULX)", flag: &HasBMI2},
	{name: "adx", arch: "amd64", doc: "ADX (ADCX/ADOX)", flag: &HasADX},
	{name: "shani", arch: "amd64", doc: "SHA extensions", flag: &HasSHANI},
	{name: "avx512f", arch: "amd64", doc: "AVX-512 Foundation", requires: []string{"avx2"}, flag: &HasAVX512F},
	{name: "avx512vl", arch: "amd64", doc: "AVX-512 VL", requires: []string{"avx512f"}, flag: &HasAVX512VL},
	{name: "avx512bw", arch: "amd64", doc: "AVX-512 BW", requires: []string{"avx512f"}, flag: &HasAVX512BW},
	{name: "avx512ifma", arch: "amd64", doc: "AVX-512 IFMA", requires: []string{"avx512f"}, flag: &HasAVX512IFMA},
	{name: "avx512vbmi", arch: "amd64", doc: "AVX-512 VBMI", requires: []string{"avx512f"}, flag: &HasAVX512VBMI},
	{name: "vaes", arch: "amd64", doc: "VAES (256-bit)", requires: []string{"avx", "aesni"}, flag: &HasVAES},
	{name: "vpclmulqdq", arch: "amd64", doc: "VPCLMULQDQ (256-bit)", requires: []string{"avx", "pclmulqdq"}, flag: &HasVPCLMULQDQ},
	{name: "vaes512", arch: "amd64", doc: "VAES (512-bit)", requires: []string{"avx512f", "vaes"}, flag: &HasVAES512},
	{name: "vpclmulqdq512", arch: "amd64", doc: "VPCLMULQDQ (512-bit)", requires: []string{"avx512f", "vpclmulqdq"}, flag: &HasVPCLMULQDQ512},
	{name: "gfni", arch: "amd64", doc: "GFNI", flag: &HasGFNI},

	{name: "asimd", arch: "arm64", doc: "ARMv8 Advanced SIMD (NEON)", flag: &HasARM64ASIMD},
	{name: "aes", arch: "arm64", doc: "ARMv8 AES", flag: &HasARM64AES},
	{name: "pmull", arch: "arm64", doc: "ARMv8 PMULL", flag: &HasARM64PMULL},
	{name: "sha1", arch: "arm64", doc: "ARMv8 SHA-1", flag: &HasARM64SHA1},
	{name: "sha2", arch: "arm64", doc: "ARMv8 SHA-256", flag: &HasARM64SHA2},
	{name: "sha512", arch: "arm64", doc: "ARMv8.2 SHA-512", flag: &HasARM64SHA512},
	{name: "sha3", arch: "arm64", doc: "ARMv8.2 SHA-3", flag: &HasARM64SHA3},
}

// groups are names in CRYPTON_CPU that stand for several features.
var groups = map[string][]string{
	"avx512": {"avx512f"}, // everything AVX-512 depends on avx512f
}

// EnvVar is the name of the environment variable read at start-up.
const EnvVar = "CRYPTON_CPU"

var (
	override     string   // the value of CRYPTON_CPU at start-up
	disabled     []string // features turned off by it, directly or as a dependency
	overrideErrs []string // problems found in it
)

func init() {
	detect()
	force()
	for _, f := range features {
		f.detected = *f.flag
	}
	override = os.Getenv(EnvVar)
	off, errs := parseOverride(override)
	overrideErrs = errs
	disabled = apply(off)
	if len(errs) > 0 {
		fmt.Fprintf(os.Stderr, "cpufeat: %s=%q: %s\n", EnvVar, override, strings.Join(errs, "; "))
	}
}

func lookup(name string) *feature {
	for _, f := range features {
		if f.name == name {
			return f
		}
	}
	return nil
}

// parseOverride parses a CRYPTON_CPU value into the set of feature names to
// turn off. It returns a description of every entry it could not use.
func parseOverride(s string) (off map[string]bool, errs []string) {
	off = make(map[string]bool)
	for _, item := range strings.Split(s, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		switch {
		case item == "":
			continue
		case item == "generic":
			for _, f := range features {
				off[f.name] = true
			}
			continue
		case !strings.HasPrefix(item, "-"):
			errs = append(errs, fmt.Sprintf("%q ignored: features can only be turned off, write -%s", item, strings.TrimPrefix(item, "+")))
			continue
		}
		name := strings.TrimSpace(item[1:])
		if g, ok := groups[name]; ok {
			for _, n := range g {
				off[n] = true
			}
			continue
		}
		if lookup(name) == nil {
			errs = append(errs, fmt.Sprintf("unknown feature %q ignored (known: %s)", name, strings.Join(Names(), ", ")))
			continue
		}
		off[name] = true
	}
	return off, errs
}

// apply turns off the features in off and every feature that requires one
// that is off, and returns the names of the features that were detected and
// are now off, sorted.
func apply(off map[string]bool) []string {
	for changed := true; changed; {
		changed = false
		for _, f := range features {
			if off[f.name] {
				continue
			}
			for _, r := range f.requires {
				if off[r] {
					off[f.name] = true
					changed = true
				}
			}
		}
	}
	var turnedOff []string
	for _, f := range features {
		if off[f.name] && *f.flag {
			*f.flag = false
			turnedOff = append(turnedOff, f.name)
		}
	}
	sort.Strings(turnedOff)
	return turnedOff
}

// Names returns the names CRYPTON_CPU accepts for single features, in a fixed
// order: the x86-64 ones, then the arm64 ones. The words "generic" and
// "avx512" are also accepted.
func Names() []string {
	names := make([]string, len(features))
	for i, f := range features {
		names[i] = f.name
	}
	return names
}

// Feature describes one CPU feature as seen by this process.
type Feature struct {
	Name     string // the name used in CRYPTON_CPU, such as "avx512f"
	Arch     string // the GOARCH it belongs to: "amd64" or "arm64"
	Doc      string // a human-readable name, such as "AVX-512 Foundation"
	Detected bool   // the CPU and the OS support it
	Enabled  bool   // detected and not turned off by CRYPTON_CPU
}

// Features returns every feature of the architecture the program runs on, in
// the order of [Names].
func Features() []Feature {
	var list []Feature
	for _, f := range features {
		if f.arch != runtime.GOARCH {
			continue
		}
		list = append(list, Feature{Name: f.name, Arch: f.arch, Doc: f.doc, Detected: f.detected, Enabled: *f.flag})
	}
	return list
}

// Enabled reports whether the named feature is detected and not turned off.
// It returns false for unknown names and for features of other
// architectures.
func Enabled(name string) bool {
	f := lookup(name)
	return f != nil && *f.flag
}

// Override returns the value CRYPTON_CPU had at start-up, the features it
// turned off (including those turned off because they depend on one named
// in it), and a description of every entry that was not understood.
func Override() (value string, turnedOff []string, problems []string) {
	return override, append([]string(nil), disabled...), append([]string(nil), overrideErrs...)
}

// CPUBrand returns the processor's brand string as the CPU reports it (on
// x86-64, from CPUID), or "" where it is not available.
func CPUBrand() string { return brand() }

// CPUVendor returns the vendor identification string of the processor
// (on x86-64 from CPUID leaf 0: "GenuineIntel", "AuthenticAMD", …), or ""
// where it is not available. It is not a feature and CRYPTON_CPU does not
// change it: packages that have two implementations for the same features
// read it to order them, where one is faster on one vendor's cores and the
// other on the other's.
func CPUVendor() string { return vendor() }
