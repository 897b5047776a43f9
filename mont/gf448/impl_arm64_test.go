//go:build gc && !purego

package gf448

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"ARM64": {"asimd"},
}
