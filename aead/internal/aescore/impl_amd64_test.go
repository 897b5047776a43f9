//go:build gc && !purego

package aescore

import (
	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// wantImplementations states, independently of the package's own
// conditions, which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AES-NI":   {"aesni"},
	"VAES":     {"vaes", "avx2"},
	"VAES-512": {"vaes512", "avx512bw", "avx2"},
}

// ctrImpls lists the implementations of CTR32 and CTR that this machine
// runs: the generic code, AES-NI with its AVX kernel and (hasAVX turned
// off) through encryptBlocksAESNI, and VAES. setup, if not nil, prepares
// the case and returns the function that undoes it.
func ctrImpls() []ctrImpl {
	list := []ctrImpl{{name: "generic", impl: ImplGeneric}}
	if cpufeat.Available(pkg, "AES-NI") {
		if hasAVX {
			list = append(list, ctrImpl{name: "AES-NI", impl: ImplAESNI})
		}
		list = append(list, ctrImpl{name: "AES-NI-without-AVX", impl: ImplAESNI, setup: func() func() {
			old := hasAVX
			hasAVX = false
			return func() { hasAVX = old }
		}})
	}
	if cpufeat.Available(pkg, "VAES") {
		list = append(list, ctrImpl{name: "VAES", impl: ImplVAES})
	}
	if cpufeat.Available(pkg, "VAES-512") {
		list = append(list, ctrImpl{name: "VAES-512", impl: ImplVAES512})
	}
	return list
}
