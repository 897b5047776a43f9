//go:build gc && !purego

package argon2

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AVX-512": {"avx512f"},
	"AVX2":    {"avx2"},
}
