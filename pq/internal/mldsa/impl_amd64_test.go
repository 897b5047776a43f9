//go:build gc && !purego

package mldsa

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AVX-512": {"avx512f", "avx2"},
	"AVX2":    {"avx2"},
}
