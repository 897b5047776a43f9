//go:build (!amd64 && !arm64) || !gc || purego

package gf448

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations is empty: only the portable Go code exists here.
var wantImplementations = cputest.Requirements{}
