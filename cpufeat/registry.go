package cpufeat

import (
	"fmt"
	"sync"
)

// An implementation is one accelerated code path of a package.
type implementation struct {
	pkg       string
	name      string
	available *bool
	initial   bool
}

var (
	registryMu sync.Mutex
	registry   []*implementation
)

// Register records an accelerated implementation of pkg named name (for
// example Register("sha256", "SHA-NI", &useSHANI)). available points to the
// package variable that enables the implementation; its value when Register is
// called says whether the implementation can run on this machine, and the
// package must consult it on every call, so that [Select] can switch it off.
//
// A package registers its implementations in order of preference: the first
// available one is the one the package uses, as [Active] reports. Register
// is meant to be called from package initialization; it panics if name is
// empty or "generic", or if pkg already has an implementation of that name,
// since either is a programming error.
func Register(pkg, name string, available *bool) {
	if name == "" || name == "generic" || available == nil {
		panic(fmt.Sprintf("cpufeat: invalid registration %q/%q", pkg, name))
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, impl := range registry {
		if impl.pkg == pkg && impl.name == name {
			panic(fmt.Sprintf("cpufeat: implementation %q/%q registered twice", pkg, name))
		}
	}
	registry = append(registry, &implementation{pkg: pkg, name: name, available: available, initial: *available})
}

// Packages returns the names of the packages that have registered
// implementations, in the order of their first registration.
func Packages() []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	var pkgs []string
	seen := make(map[string]bool)
	for _, impl := range registry {
		if !seen[impl.pkg] {
			seen[impl.pkg] = true
			pkgs = append(pkgs, impl.pkg)
		}
	}
	return pkgs
}

// List returns the names of the implementations registered for pkg, in order
// of preference, whether or not they are available on this machine. The
// generic implementation, which every package has, is not listed.
func List(pkg string) []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	var names []string
	for _, impl := range registry {
		if impl.pkg == pkg {
			names = append(names, impl.name)
		}
	}
	return names
}

// Available reports whether the implementation name of pkg could run on this
// machine, that is whether it was enabled when it was registered. It reports
// false for names that are not registered.
func Available(pkg, name string) bool {
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, impl := range registry {
		if impl.pkg == pkg && impl.name == name {
			return impl.initial
		}
	}
	return false
}

// Active returns the name of the implementation pkg uses now: the first
// registered one that is enabled, or "generic" if none is.
func Active(pkg string) string {
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, impl := range registry {
		if impl.pkg == pkg && *impl.available {
			return impl.name
		}
	}
	return "generic"
}

// Select enables the implementation name of pkg, if it is available, and
// disables every other implementation of pkg. It reports whether name is
// available. Select(pkg, "generic") (or an empty name) disables them all, so
// that the portable Go code runs, and reports true.
//
// Select is meant for tests and benchmarks. It changes package variables
// that the package reads without synchronization, so it must not be called
// while the package is in use by another goroutine. [Reset] undoes it.
func Select(pkg, name string) bool {
	registryMu.Lock()
	defer registryMu.Unlock()
	generic := name == "" || name == "generic"
	ok := generic
	for _, impl := range registry {
		if impl.pkg != pkg {
			continue
		}
		if impl.name == name {
			*impl.available = impl.initial
			ok = impl.initial
		} else {
			*impl.available = false
		}
	}
	return ok
}

// Reset restores every implementation of pkg to its state at registration.
func Reset(pkg string) {
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, impl := range registry {
		if impl.pkg == pkg {
			*impl.available = impl.initial
		}
	}
}
