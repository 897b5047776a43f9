package cpufeat

import (
	"reflect"
	"testing"
)

func TestRegistry(t *testing.T) {
	const pkg = "cpufeat-test-registry"
	fast, medium, missing := true, true, false
	Register(pkg, "Fast", &fast)
	Register(pkg, "Medium", &medium)
	Register(pkg, "Missing", &missing)
	other := true
	Register(pkg+"-other", "Fast", &other)

	if got, want := List(pkg), []string{"Fast", "Medium", "Missing"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("List = %v, want %v", got, want)
	}
	if List("no-such-package") != nil {
		t.Error("List of an unknown package is not empty")
	}
	found := 0
	for _, p := range Packages() {
		if p == pkg || p == pkg+"-other" {
			found++
		}
	}
	if found != 2 {
		t.Errorf("Packages() = %v, missing the test packages", Packages())
	}
	if !Available(pkg, "Fast") || Available(pkg, "Missing") || Available(pkg, "Nope") {
		t.Error("Available is wrong")
	}
	if got := Active(pkg); got != "Fast" {
		t.Errorf("Active = %q, want Fast", got)
	}

	if !Select(pkg, "Medium") {
		t.Error("Select(Medium) = false")
	}
	if fast || !medium || missing || !other {
		t.Errorf("after Select(Medium): fast=%v medium=%v missing=%v other=%v", fast, medium, missing, other)
	}
	if got := Active(pkg); got != "Medium" {
		t.Errorf("Active = %q, want Medium", got)
	}
	if Select(pkg, "Missing") {
		t.Error("Select(Missing) = true for an unavailable implementation")
	}
	if fast || medium || missing {
		t.Errorf("after Select(Missing): fast=%v medium=%v missing=%v", fast, medium, missing)
	}
	if !Select(pkg, "generic") || fast || medium || missing {
		t.Errorf("Select(generic): fast=%v medium=%v missing=%v", fast, medium, missing)
	}
	if got := Active(pkg); got != "generic" {
		t.Errorf("Active = %q, want generic", got)
	}
	if !other {
		t.Error("Select changed another package's implementation")
	}
	Reset(pkg)
	if !fast || !medium || missing {
		t.Errorf("after Reset: fast=%v medium=%v missing=%v", fast, medium, missing)
	}
}

func TestRegisterMisuse(t *testing.T) {
	b := true
	Register("cpufeat-test-misuse", "Once", &b)
	for _, tc := range []struct {
		name string
		p    *bool
	}{
		{"Once", &b}, {"", &b}, {"generic", &b}, {"NilPointer", nil},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", tc.name)
				}
			}()
			Register("cpufeat-test-misuse", tc.name, tc.p)
		}()
	}
}
