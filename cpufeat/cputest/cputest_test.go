package cputest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// Fake implementations of a package named "cputest-fake": one the machine can
// always run, one it never can.
var (
	useAlways = true
	useNever  = false
)

// A second fake package, "cputest-fake/second", with one implementation
// the machine can run, for the combination helpers.
var useSecond = true

func init() {
	cpufeat.Register("cputest-fake", "Always", &useAlways)
	cpufeat.Register("cputest-fake", "Never", &useNever)
	cpufeat.Register("cputest-fake/second", "Second", &useSecond)
}

func activeSecond() string {
	if useSecond {
		return "Second"
	}
	return "generic"
}

func active() string {
	switch {
	case useAlways:
		return "Always"
	case useNever:
		return "Never"
	}
	return "generic"
}

func TestTestAllImplementations(t *testing.T) {
	t.Setenv(ImplsEnvVar, "")
	var ran []string
	TestAllImplementations(t, "cputest-fake", func(t *testing.T) {
		ran = append(ran, t.Name()+"="+active())
	})
	want := []string{"TestTestAllImplementations/Always=Always", "TestTestAllImplementations/generic=generic"}
	if !reflect.DeepEqual(ran, want) {
		t.Errorf("ran %v, want %v", ran, want)
	}
	if !useAlways || useNever {
		t.Errorf("implementations not restored: always=%v never=%v", useAlways, useNever)
	}
}

func TestForEachImplementation(t *testing.T) {
	t.Setenv(ImplsEnvVar, "")
	var ran []string
	ForEachImplementation("cputest-fake", func(impl string) {
		ran = append(ran, impl+"="+active())
	})
	want := []string{"Always=Always", "generic=generic"}
	if !reflect.DeepEqual(ran, want) {
		t.Errorf("ran %v, want %v", ran, want)
	}
	if !useAlways || useNever {
		t.Errorf("implementations not restored: always=%v never=%v", useAlways, useNever)
	}
}

// TestImplsFilter runs the helpers with CRYPTON_TEST_IMPLS set: only the
// implementations it matches run, and the others are skipped subtests.
func TestImplsFilter(t *testing.T) {
	for _, tt := range []struct {
		filter string
		want   []string // what ran, then what was skipped
		skip   []string
	}{
		{"^generic$", []string{"generic"}, []string{"Always", "Never"}},
		{"Alw", []string{"Always"}, []string{"Never", "generic"}},
		{"Never|generic", []string{"generic"}, []string{"Always", "Never"}},
		{"", []string{"Always", "generic"}, []string{"Never"}},
	} {
		t.Setenv(ImplsEnvVar, tt.filter)
		var ran, each, skipped []string
		t.Run(tt.filter, func(t *testing.T) {
			TestAllImplementations(t, "cputest-fake", func(t *testing.T) {
				if want := t.Name()[strings.LastIndex(t.Name(), "/")+1:]; active() != want {
					t.Errorf("%s runs with %s active", want, active())
				}
				ran = append(ran, active())
			})
		})
		ForEachImplementation("cputest-fake", func(impl string) { each = append(each, impl) })
		for _, name := range []string{"Always", "Never", "generic"} {
			if !slices.Contains(ran, name) {
				skipped = append(skipped, name)
			}
		}
		if !reflect.DeepEqual(ran, tt.want) || !reflect.DeepEqual(each, tt.want) || !reflect.DeepEqual(skipped, tt.skip) {
			t.Errorf("%s=%q: TestAllImplementations ran %v, ForEachImplementation %v, skipped %v; want %v, skipped %v", ImplsEnvVar, tt.filter, ran, each, skipped, tt.want, tt.skip)
		}
		if !useAlways || useNever {
			t.Errorf("implementations not restored: always=%v never=%v", useAlways, useNever)
		}
	}
	for _, name := range []string{"Always", "generic"} {
		if !Wanted(name) {
			t.Errorf("Wanted(%q) = false with %s unset", name, ImplsEnvVar)
		}
	}
	t.Setenv(ImplsEnvVar, "(")
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), ImplsEnvVar) {
			t.Errorf("Wanted with %s=( recovers %v, want a panic that names the variable", ImplsEnvVar, r)
		}
	}()
	Wanted("generic")
}

// recorder captures the errors a check reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestCheckImplementations(t *testing.T) {
	t.Setenv(RequireEnvVar, "") // the cases below check the registry alone
	// Pick a feature that is on and one that is off on this machine, if any.
	var on, off string
	for _, f := range cpufeat.Features() {
		if f.Enabled && on == "" {
			on = f.Name
		}
		if !f.Enabled && off == "" {
			off = f.Name
		}
	}
	tests := []struct {
		name string
		want Requirements
		errs []string // substrings, one per expected error
		need string   // "on" or "off": the case needs such a feature
	}{
		{name: "correct, no features", want: Requirements{"Always": nil, "Never": {off}}, need: "off"},
		{name: "missing requirement", want: Requirements{"Always": nil}, errs: []string{`"Never" is registered but`}},
		{name: "unregistered", want: Requirements{"Always": nil, "Never": {off}, "Ghost": nil}, errs: []string{`"Ghost" is expected but not registered`}, need: "off"},
		{name: "should be available", want: Requirements{"Always": nil, "Never": {on}}, errs: []string{`"Never" is not available although`}, need: "on"},
		{name: "should not be available", want: Requirements{"Always": {off}, "Never": {off}}, errs: []string{`"Always" is available although this CPU lacks ` + off}, need: "off"},
		{name: "unknown feature", want: Requirements{"Always": nil, "Never": {"warp-drive"}}, errs: []string{`unknown feature "warp-drive"`}},
	}
	for _, tt := range tests {
		if (tt.need == "on" && on == "") || (tt.need == "off" && off == "") {
			t.Logf("%s: skipped, this machine has no feature that is %s", tt.name, tt.need)
			continue
		}
		r := &recorder{TB: t}
		CheckImplementations(r, "cputest-fake", tt.want)
		if len(r.errs) != len(tt.errs) {
			t.Errorf("%s: got errors %q, want %d", tt.name, r.errs, len(tt.errs))
			continue
		}
		for i, e := range tt.errs {
			if !strings.Contains(r.errs[i], e) {
				t.Errorf("%s: error %q does not contain %q", tt.name, r.errs[i], e)
			}
		}
	}
}

func TestDescribe(t *testing.T) {
	got := Describe("cputest-fake")
	want := "cputest-fake: active Always; Always (available), Never (unavailable)"
	if got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
}

func TestCheckRequired(t *testing.T) {
	// The environment this test runs in must pass its own requirement.
	CheckRequired(t)

	// A feature that is on, and one that is off (at worst one of another
	// architecture's).
	var on, off string
	for _, name := range cpufeat.Names() {
		if cpufeat.Enabled(name) && on == "" {
			on = name
		}
		if !cpufeat.Enabled(name) && off == "" {
			off = name
		}
	}
	tests := []struct {
		env  string
		errs []string
		need string
	}{
		{env: ""},
		{env: " , "},
		{env: on + "," + strings.ToUpper(on), need: "on"},
		{env: on + "," + off, errs: []string{`feature "` + off + `" is required but not enabled`}, need: "on"},
		{env: "warp-drive", errs: []string{`unknown feature "warp-drive"`}},
	}
	for _, tt := range tests {
		if (tt.need == "on" || tt.need == "both") && on == "" {
			t.Logf("%q: skipped, CRYPTON_CPU has turned every feature off", tt.env)
			continue
		}
		t.Setenv(RequireEnvVar, tt.env)
		r := &recorder{TB: t}
		CheckRequired(r)
		if len(r.errs) != len(tt.errs) {
			t.Errorf("%s=%q: got errors %q, want %d", RequireEnvVar, tt.env, r.errs, len(tt.errs))
			continue
		}
		for i, e := range tt.errs {
			if !strings.Contains(r.errs[i], e) {
				t.Errorf("%s=%q: error %q does not contain %q", RequireEnvVar, tt.env, r.errs[i], e)
			}
		}
		// CheckImplementations applies the requirement too.
		r = &recorder{TB: t}
		CheckImplementations(r, "cputest-fake", Requirements{"Always": nil, "Never": {"warp-drive"}})
		if got := len(r.errs) - 1; got != len(tt.errs) {
			t.Errorf("%s=%q: CheckImplementations reported %q, want the requirement's %d errors and one of its own", RequireEnvVar, tt.env, r.errs, len(tt.errs))
		}
	}
}

func TestTestAllCombinations(t *testing.T) {
	t.Setenv(ImplsEnvVar, "")
	pkgs := []string{"cputest-fake", "cputest-fake/second"}
	var ran []string
	var inner *testing.T
	t.Run("inner", func(t *testing.T) {
		inner = t
		TestAllCombinations(t, pkgs, func(t *testing.T) {
			ran = append(ran, strings.TrimPrefix(t.Name(), "TestTestAllCombinations/inner/")+"="+active()+"+"+activeSecond())
		})
	})
	want := []string{
		"Always+Second=Always+Second",
		"Always+generic=Always+generic",
		"generic+Second=generic+Second",
		"generic+generic=generic+generic",
	}
	if !reflect.DeepEqual(ran, want) {
		t.Errorf("ran %q, want %q", ran, want)
	}
	if inner.Failed() {
		t.Errorf("a skipped combination failed the test")
	}
	if !useAlways || useNever || !useSecond {
		t.Errorf("selections not restored: Always=%v Never=%v Second=%v", useAlways, useNever, useSecond)
	}

	var seen []string
	ForEachCombination(pkgs, func(impls []string) {
		seen = append(seen, strings.Join(impls, "+")+"="+active()+"+"+activeSecond())
	})
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("ForEachCombination ran %q, want %q", seen, want)
	}
	if !useAlways || !useSecond {
		t.Errorf("ForEachCombination did not restore the selections")
	}
}

// TestCombinationsFilter runs the combination helpers with
// CRYPTON_TEST_IMPLS set: a combination runs if one of its implementations
// is wanted, and all of them do if none of the packages' is.
func TestCombinationsFilter(t *testing.T) {
	pkgs := []string{"cputest-fake", "cputest-fake/second"}
	all := []string{"Always+Second", "Always+generic", "generic+Second", "generic+generic"}
	for _, tt := range []struct {
		filter string
		want   []string
	}{
		{"Alw", []string{"Always+Second", "Always+generic"}},
		{"Second", []string{"Always+Second", "generic+Second"}},
		{"^generic$", []string{"Always+generic", "generic+Second", "generic+generic"}},
		{"Always|Second", []string{"Always+Second", "Always+generic", "generic+Second"}},
		{"nothing registered", all},
	} {
		t.Setenv(ImplsEnvVar, tt.filter)
		var ran, skipped, each []string
		t.Run(tt.filter, func(t *testing.T) {
			TestAllCombinations(t, pkgs, func(t *testing.T) {
				name := t.Name()[strings.LastIndex(t.Name(), "/")+1:]
				if got := active() + "+" + activeSecond(); got != name {
					t.Errorf("%s runs with %s selected", name, got)
				}
				ran = append(ran, name)
			})
		})
		ForEachCombination(pkgs, func(impls []string) { each = append(each, strings.Join(impls, "+")) })
		for _, name := range all {
			if !slices.Contains(ran, name) {
				skipped = append(skipped, name)
			}
		}
		if !reflect.DeepEqual(ran, tt.want) || !reflect.DeepEqual(each, tt.want) || len(ran)+len(skipped) != len(all) {
			t.Errorf("%s=%q: TestAllCombinations ran %v, ForEachCombination %v; want %v", ImplsEnvVar, tt.filter, ran, each, tt.want)
		}
		if !useAlways || useNever || !useSecond {
			t.Errorf("selections not restored: Always=%v Never=%v Second=%v", useAlways, useNever, useSecond)
		}
	}
}
