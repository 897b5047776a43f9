//go:build !(amd64 || arm64) || !gc || purego

package sha512

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations is what TestImplementations expects the package to
// register where there is no assembly: nothing.
var wantImplementations = cputest.Requirements{}
