//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations, wantSelectImplementations and wantIFMAImplementations
// state, independently of the package's own conditions, which
// implementations of "mont" (the arithmetic), of "mont/select" (Exp's table
// scan) and of "mont/ifma" (Exp's radix-2⁵² arithmetic) a CPU with these
// features must have.
var (
	wantImplementations = cputest.Requirements{
		"MULX/ADX": {"bmi2", "adx"},
	}
	wantSelectImplementations = cputest.Requirements{
		"AVX2": {"avx2"},
	}
	wantIFMAImplementations = cputest.Requirements{
		"AVX-512 IFMA": {"avx512f", "avx512ifma", "avx512vl", "bmi2"},
	}
)
