//go:build !amd64 || !gc || purego

package chacha20poly1305

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states that builds other than amd64 assembly ones
// have no accelerated implementation.
var wantImplementations = cputest.Requirements{}
