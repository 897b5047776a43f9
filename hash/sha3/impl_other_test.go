//go:build !amd64 || !gc || purego

package sha3

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations: no accelerated implementation in this build.
var wantImplementations = cputest.Requirements{}

// wantX4Implementations: no accelerated four-way permutation either.
var wantX4Implementations = cputest.Requirements{}
