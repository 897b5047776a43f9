//go:build gc && !purego

package sha3

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AVX-512": {"avx512f", "bmi2"},
	"BMI":     {"bmi1", "bmi2"},
}

// wantX4Implementations is wantImplementations for the four-way
// permutation.
var wantX4Implementations = cputest.Requirements{
	"AVX-512": {"avx512f", "avx512vl", "avx2"},
	"AVX2":    {"avx2"},
}
