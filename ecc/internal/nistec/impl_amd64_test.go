//go:build gc && !purego

package nistec

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own
// conditions, which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"MULX/ADX": {"bmi2", "adx"},
	"AVX2":     {"avx2"}, // helper C: the table scans of lookup_amd64.s
}
