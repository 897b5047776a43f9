//go:build gc && !purego

package aescore

import (
	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// wantImplementations states, independently of the package's own
// conditions, which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"ARMv8-AES": {"aes"},
}

// ctrImpls lists the implementations of CTR32 and CTR that this machine
// runs: the generic code and the ARMv8 kernel.
func ctrImpls() []ctrImpl {
	list := []ctrImpl{{name: "generic", impl: ImplGeneric}}
	if cpufeat.Available(pkg, "ARMv8-AES") {
		list = append(list, ctrImpl{name: "ARMv8-AES", impl: ImplARMv8})
	}
	return list
}
