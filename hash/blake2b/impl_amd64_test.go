//go:build gc && !purego

package blake2b

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AVX-512": {"avx512f", "avx512vl"},
	"AVX2":    {"avx2"},
}
