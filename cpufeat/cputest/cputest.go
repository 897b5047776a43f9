// Package cputest helps tests run every implementation of a package that is
// registered with cpufeat, and check that the implementations a CPU should
// have are the ones that are available.
//
// The helpers change package variables through [cpufeat.Select], so tests
// that use them must not run in parallel with other tests of the same
// package.
package cputest

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestAllImplementations runs f as a subtest once for every implementation of
// pkg registered with cpufeat, named after it, with only that implementation
// enabled, and finally as the subtest "generic" with all of them disabled.
// An implementation this machine cannot run is reported as a skipped
// subtest that says so; use [CheckImplementations] to make sure that only
// happens when the CPU really lacks its features. So is one that
// $CRYPTON_TEST_IMPLS leaves out (see [ImplsEnvVar]).
func TestAllImplementations(t *testing.T, pkg string, f func(t *testing.T)) {
	t.Helper()
	defer cpufeat.Reset(pkg)
	for _, name := range append(cpufeat.List(pkg), "generic") {
		switch {
		case !Wanted(name):
			t.Run(name, func(t *testing.T) {
				t.Skipf("%s implementation of %s left out by %s=%s", name, pkg, ImplsEnvVar, os.Getenv(ImplsEnvVar))
			})
		case cpufeat.Select(pkg, name):
			t.Run(name, f)
		default:
			t.Run(name, func(t *testing.T) {
				t.Skipf("%s implementation of %s not available on this CPU or turned off by %s", name, pkg, cpufeat.EnvVar)
			})
		}
	}
}

// ImplsEnvVar names the environment variable that narrows the
// implementations the helpers of this package run to those whose names
// match its value, a regular expression ("generic" is a name too); unset
// or empty, it leaves all of them. [TestAllCombinations] and
// [ForEachCombination] run the combinations with a wanted implementation
// in them. The AVX-512 emulator
// (tools/cmd/avx512emu) sets it to "512", the names of the implementations
// that need AVX-512, on a host that runs the others natively, so that the
// slow emulated run repeats none of the native run's work.
const ImplsEnvVar = "CRYPTON_TEST_IMPLS"

// Wanted reports whether $CRYPTON_TEST_IMPLS leaves the implementation
// name in (see [ImplsEnvVar]). It panics if the variable is not a valid
// regular expression, a mistake of whoever runs the tests.
func Wanted(name string) bool {
	v := os.Getenv(ImplsEnvVar)
	if v == "" {
		return true
	}
	re, err := regexp.Compile(v)
	if err != nil {
		panic(fmt.Sprintf("cputest: %s=%s: %v", ImplsEnvVar, v, err))
	}
	return re.MatchString(name)
}

// BenchmarkAllImplementations is the benchmark counterpart of
// [TestAllImplementations]: it runs f as a sub-benchmark for every available
// implementation of pkg and for the generic one.
func BenchmarkAllImplementations(b *testing.B, pkg string, f func(b *testing.B)) {
	defer cpufeat.Reset(pkg)
	for _, name := range cpufeat.List(pkg) {
		if cpufeat.Select(pkg, name) {
			b.Run(name, f)
		}
	}
	cpufeat.Select(pkg, "generic")
	b.Run("generic", f)
}

// ForEachImplementation calls f once for every implementation of pkg this
// machine can run, with only that one enabled, in the order of preference,
// and finally for "generic" with all of them disabled; it then restores the
// default selection. It leaves out what $CRYPTON_TEST_IMPLS does (see
// [ImplsEnvVar]). It suits fuzz targets and other loops where a subtest
// per implementation is not wanted; elsewhere prefer [TestAllImplementations].
func ForEachImplementation(pkg string, f func(impl string)) {
	defer cpufeat.Reset(pkg)
	for _, name := range append(cpufeat.List(pkg), "generic") {
		if Wanted(name) && cpufeat.Select(pkg, name) {
			f(name)
		}
	}
}

// TestAllCombinations is [TestAllImplementations] for packages whose
// implementations are independent kernels that run together, each
// registered under its own name (for example "mont" for the arithmetic and
// "mont/select" for the table scan). It runs f as a subtest once for every
// combination of one implementation of each package in pkgs, "generic"
// included, named after the combination ("MULX/ADX+AVX2",
// "MULX/ADX+generic", ..., "generic+generic"), with exactly those selected.
// A combination with an implementation this machine cannot run is a
// skipped subtest that says which.
//
// With $CRYPTON_TEST_IMPLS set (see [ImplsEnvVar]), a combination runs
// only if one of its implementations is wanted; the others are skipped
// subtests that say so. If no implementation of pkgs is wanted, every
// combination runs: the wanted code may run under them all (rsa's
// combinations of mont's kernels run mont's radix-2⁵² code, registered
// apart, whichever they are).
func TestAllCombinations(t *testing.T, pkgs []string, f func(t *testing.T)) {
	t.Helper()
	for _, pkg := range pkgs {
		defer cpufeat.Reset(pkg)
	}
	forEachCombination(pkgs, func(names []string, ok bool, missing string, wanted bool) {
		name := strings.Join(names, "+")
		switch {
		case !wanted:
			t.Run(name, func(t *testing.T) {
				t.Skipf("no implementation of %s wanted by %s=%s", name, ImplsEnvVar, os.Getenv(ImplsEnvVar))
			})
		case ok:
			t.Run(name, f)
		default:
			t.Run(name, func(t *testing.T) {
				t.Skipf("%s not available on this CPU or turned off by %s", missing, cpufeat.EnvVar)
			})
		}
	})
}

// ForEachCombination is [ForEachImplementation] for several packages:
// it calls f for every combination of one implementation of each package
// in pkgs ("generic" included) that this machine can run, with exactly
// those selected, and then restores the default selections. impls holds
// the implementation of each package, in the order of pkgs. It leaves out
// the combinations that [TestAllCombinations] skips for $CRYPTON_TEST_IMPLS.
func ForEachCombination(pkgs []string, f func(impls []string)) {
	for _, pkg := range pkgs {
		defer cpufeat.Reset(pkg)
	}
	forEachCombination(pkgs, func(names []string, ok bool, _ string, wanted bool) {
		if ok && wanted {
			f(names)
		}
	})
}

// forEachCombination selects every combination of the implementations of
// pkgs in turn (each package's in the order of preference, then generic;
// the first package varies slowest) and calls f with the names, whether
// all of them could be selected, and otherwise the first that could not,
// as "impl of pkg", and whether $CRYPTON_TEST_IMPLS wants the combination:
// it does if it wants one of its implementations, or none of pkgs's.
func forEachCombination(pkgs []string, f func(names []string, ok bool, missing string, wanted bool)) {
	choices := make([][]string, len(pkgs))
	anyWanted := false
	for i, pkg := range pkgs {
		choices[i] = append(append([]string(nil), cpufeat.List(pkg)...), "generic")
		for _, name := range choices[i] {
			anyWanted = anyWanted || Wanted(name)
		}
	}
	idx := make([]int, len(pkgs))
	for {
		names := make([]string, len(pkgs))
		ok, missing, wanted := true, "", !anyWanted
		for i, pkg := range pkgs {
			names[i] = choices[i][idx[i]]
			wanted = wanted || Wanted(names[i])
			if !cpufeat.Select(pkg, names[i]) && ok {
				ok, missing = false, names[i]+" of "+pkg
			}
		}
		f(names, ok, missing, wanted)
		i := len(pkgs) - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(choices[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

// Requirements maps the name of each implementation of a package to the
// cpufeat feature names (as in CRYPTON_CPU: "avx2", "bmi2", ...) that it
// needs.
type Requirements map[string][]string

// CheckImplementations fails t unless the implementations registered for pkg
// are exactly those named in want, and each one is available exactly when
// every feature it requires is enabled on this machine. Tests state want
// independently of the package's own availability conditions, so that a
// wrong condition cannot silently leave a path untested (or enable one the
// CPU cannot run).
//
// It also fails t, through [CheckRequired], when the environment names
// CPU features that the test must find and one of them is not enabled.
func CheckImplementations(t testing.TB, pkg string, want Requirements) {
	t.Helper()
	CheckRequired(t)
	registered := cpufeat.List(pkg)
	seen := make(map[string]bool)
	for _, name := range registered {
		seen[name] = true
		req, ok := want[name]
		if !ok {
			t.Errorf("%s: implementation %q is registered but the test does not state its requirements", pkg, name)
			continue
		}
		expect := true
		var missing []string
		for _, feat := range req {
			if !known(feat) {
				t.Errorf("%s: implementation %q requires unknown feature %q", pkg, name, feat)
			}
			if !cpufeat.Enabled(feat) {
				expect = false
				missing = append(missing, feat)
			}
		}
		got := cpufeat.Available(pkg, name)
		switch {
		case expect && !got:
			t.Errorf("%s: implementation %q is not available although this CPU has every feature it requires (%s)", pkg, name, strings.Join(req, ", "))
		case !expect && got:
			t.Errorf("%s: implementation %q is available although this CPU lacks %s", pkg, name, strings.Join(missing, ", "))
		}
	}
	var absent []string
	for name := range want {
		if !seen[name] {
			absent = append(absent, name)
		}
	}
	sort.Strings(absent)
	for _, name := range absent {
		t.Errorf("%s: implementation %q is expected but not registered (registered: %v)", pkg, name, registered)
	}
}

// RequireEnvVar names the environment variable in which whoever runs the
// tests lists, comma-separated, the cpufeat features (as in CRYPTON_CPU)
// that the CPU under test has for certain, such as the features of an
// emulated CPU model. Without it a test cannot tell a CPU that lacks a
// feature from a detection that failed to see it: both look like a CPU
// without the feature, and the packages quietly fall back to slower code.
const RequireEnvVar = "CRYPTON_REQUIRE_CPU"

// CheckRequired fails t for each feature listed in $CRYPTON_REQUIRE_CPU
// that is unknown or not enabled in this process. An empty or unset
// variable requires nothing.
func CheckRequired(t testing.TB) {
	t.Helper()
	// cpufeat read CRYPTON_CPU during initialization, before go test
	// records the environment a test reads; reading it again here makes
	// the test cache key on it.
	os.Getenv(cpufeat.EnvVar)
	list := os.Getenv(RequireEnvVar)
	for _, name := range strings.Split(list, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case name == "":
		case !known(name):
			t.Errorf("%s=%s: unknown feature %q (known: %s)", RequireEnvVar, list, name, strings.Join(cpufeat.Names(), ", "))
		case !cpufeat.Enabled(name):
			detected := false
			for _, f := range cpufeat.Features() {
				if f.Name == name {
					detected = f.Detected
				}
			}
			t.Errorf("%s=%s: feature %q is required but not enabled (detected: %v; %s turned off %v)", RequireEnvVar, list, name, detected, cpufeat.EnvVar, turnedOff())
		}
	}
}

func turnedOff() []string {
	_, off, _ := cpufeat.Override()
	return off
}

func known(feat string) bool {
	for _, n := range cpufeat.Names() {
		if n == feat {
			return true
		}
	}
	return false
}

// Describe returns a one-line summary of the implementations of pkg: which
// are registered, which are available and which is active.
func Describe(pkg string) string {
	var parts []string
	for _, name := range cpufeat.List(pkg) {
		state := "unavailable"
		if cpufeat.Available(pkg, name) {
			state = "available"
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", name, state))
	}
	return fmt.Sprintf("%s: active %s; %s", pkg, cpufeat.Active(pkg), strings.Join(parts, ", "))
}
