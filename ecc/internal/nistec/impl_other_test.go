//go:build (!amd64 && !arm64) || !gc || purego

package nistec

import "github.com/crypton-go/crypton/cpufeat/cputest"

var (
	wantImplementations       = cputest.Requirements{}
	wantLookupImplementations = cputest.Requirements{}
)
