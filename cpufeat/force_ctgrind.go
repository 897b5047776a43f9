//go:build ctgrind

package cpufeat

import (
	"os"
	"runtime"
	"strings"
)

// forceEnvVar names features to treat as present in binaries built with the
// "ctgrind" tag, which run under valgrind for the constant-time check
// (tools/cmd/ctcheck). Valgrind's emulated CPUID hides some instructions
// that its emulator executes (ADX, in valgrind 3.19), and this lets the
// check cover the implementations that use them. It is never read in any
// other build.
const forceEnvVar = "CRYPTON_CPU_FORCE"

func force() {
	for _, name := range strings.Split(os.Getenv(forceEnvVar), ",") {
		if f := lookup(strings.TrimSpace(name)); f != nil && f.arch == runtime.GOARCH {
			*f.flag = true
		}
	}
}
