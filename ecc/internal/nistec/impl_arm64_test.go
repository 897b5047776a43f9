//go:build gc && !purego

package nistec

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations and wantLookupImplementations state, independently
// of the package's own conditions, which implementations of "nistec" (the
// point arithmetic) and "nistec/lookup" (the table scans) a CPU with these
// features must have: on arm64 the P-256 assembly and the NEON table scans.
var (
	wantImplementations       = cputest.Requirements{"ARM64": {"asimd"}}
	wantLookupImplementations = cputest.Requirements{"NEON": {"asimd"}}
)
