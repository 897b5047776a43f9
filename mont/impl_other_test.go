//go:build (!amd64 && !arm64) || !gc || purego

package mont

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations, wantSelectImplementations and
// wantIFMAImplementations: no accelerated implementation in this build.
var (
	wantImplementations       = cputest.Requirements{}
	wantSelectImplementations = cputest.Requirements{}
	wantIFMAImplementations   = cputest.Requirements{}
)
