//go:build gc && !purego

package nistec

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations and wantLookupImplementations state, independently
// of the package's own conditions, which implementations of "nistec" (the
// point arithmetic) and "nistec/lookup" (the table scans) a CPU with these
// features must have.
var (
	wantImplementations       = cputest.Requirements{"MULX/ADX": {"bmi2", "adx"}}
	wantLookupImplementations = cputest.Requirements{"AVX2": {"avx2"}}
)
