//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations and wantSelectImplementations state, independently of
// the package's own conditions, which implementations of "mont" (the
// arithmetic) and of "mont/select" (Exp's table scan) a CPU with these
// features must have.
var (
	wantImplementations = cputest.Requirements{
		"MULX/ADX": {"bmi2", "adx"},
	}
	wantSelectImplementations = cputest.Requirements{
		"AVX2": {"avx2"},
	}
)
