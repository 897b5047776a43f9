//go:build (!amd64 && !arm64) || !gc || purego

package aescore

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations: no accelerated implementation in this build.
var wantImplementations = cputest.Requirements{}

// ctrImpls lists the implementations of CTR32 and CTR in this build: the
// generic code.
func ctrImpls() []ctrImpl { return []ctrImpl{{name: "generic", impl: ImplGeneric}} }
