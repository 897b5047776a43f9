//go:build (!amd64 && !arm64) || !gc || purego

package mldsa

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations: no accelerated implementation in this build.
var wantImplementations = cputest.Requirements{}
