//go:build gc && !purego

package chacha20poly1305

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AVX-512+IFMA":      {"avx512f", "avx512vl", "avx512bw", "avx512ifma", "avx2", "bmi2"},
	"AVX-512+IFMA+MULX": {"avx512f", "avx512vl", "avx512bw", "avx512ifma", "avx2", "bmi2"},
	"AVX-512+MULX":      {"avx512f", "avx512vl", "avx2", "bmi2"},
	"AVX2+MULX":         {"avx2", "bmi2"},
}
