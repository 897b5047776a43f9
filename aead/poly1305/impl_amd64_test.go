//go:build gc && !purego

package poly1305

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AVX-512 IFMA": {"avx512f", "avx512bw", "avx512ifma", "bmi2"},
	"AVX-512":      {"avx512f", "bmi2"},
	"MULX":         {"bmi2"},
}
