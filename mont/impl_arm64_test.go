//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations and wantSelectImplementations state, independently of
// the package's own conditions, which implementations of "mont" (the
// arithmetic) and of "mont/select" (Exp's table scan) a CPU with these
// features must have. arm64 has no table-scan assembly.
var (
	wantImplementations = cputest.Requirements{
		"ARM64": {"asimd"},
	}
	wantSelectImplementations = cputest.Requirements{}
)
