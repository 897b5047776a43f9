//go:build gc && !purego

package sha1

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"SHA-NI": {"shani", "ssse3"},
	"AVX2":   {"avx2", "bmi2"},
}
