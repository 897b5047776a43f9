//go:build !amd64 || !gc || purego

package blake2b

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations: no accelerated implementation in this build.
var wantImplementations = cputest.Requirements{}
