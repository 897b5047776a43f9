//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations, wantSelectImplementations and wantIFMAImplementations
// state, independently of the package's own conditions, which
// implementations of "mont" (the arithmetic), of "mont/select" (Exp's table
// scan) and of "mont/ifma" (Exp's radix-2⁵² arithmetic) a CPU with these
// features must have. arm64 has no table-scan or radix-2⁵² assembly.
var (
	wantImplementations = cputest.Requirements{
		"ARM64": {"asimd"},
	}
	wantSelectImplementations = cputest.Requirements{}
	wantIFMAImplementations   = cputest.Requirements{}
)
