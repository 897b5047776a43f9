//go:build gc && !purego

package nistec

import (
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec/lookup -out lookup_amd64.s

// useLookupAVX2 enables the AVX2 table scans of lookup_amd64.s (generated
// by tools/asm/ecc/nistec/lookup) for the affine points of P-256, P-384
// and P-521 (8, 12 and 18 words): four words per YMM register, masked with
// VPCMPEQD/VPAND. The scans are a kernel of their own, which runs with
// either implementation of the arithmetic ("nistec"), so they are
// registered under their own package name, "nistec/lookup".
var useLookupAVX2 = cpufeat.HasAVX2

func init() {
	cpufeat.Register("nistec/lookup", "AVX2", &useLookupAVX2)
}

// p256Lookup, p384Lookup and p521Lookup are the curves' pointFuncs.lookup:
// the AVX2 scan while useLookupAVX2 is set, lookupGeneric otherwise.

func p256Lookup(out *affinePoint[p256.Element], table []affinePoint[p256.Element], idx int32) {
	if useLookupAVX2 {
		lookup8AVX2((*[8]uint64)(unsafe.Pointer(out)), (*[8]uint64)(unsafe.Pointer(unsafe.SliceData(table))), len(table), idx)
		return
	}
	lookupGeneric(out, table, idx)
}

func p384Lookup(out *affinePoint[p384.Element], table []affinePoint[p384.Element], idx int32) {
	if useLookupAVX2 {
		lookup12AVX2((*[12]uint64)(unsafe.Pointer(out)), (*[12]uint64)(unsafe.Pointer(unsafe.SliceData(table))), len(table), idx)
		return
	}
	lookupGeneric(out, table, idx)
}

func p521Lookup(out *affinePoint[p521.Element], table []affinePoint[p521.Element], idx int32) {
	if useLookupAVX2 {
		lookup18AVX2((*[18]uint64)(unsafe.Pointer(out)), (*[18]uint64)(unsafe.Pointer(unsafe.SliceData(table))), len(table), idx)
		return
	}
	lookupGeneric(out, table, idx)
}

// lookup8AVX2, lookup12AVX2 and lookup18AVX2 are lookupGeneric for entries
// of 8, 12 and 18 words: table points at the first of n consecutive
// entries (n ≥ 0; any pointer if n is 0), and *out is set to entry idx−1
// (idx 1-based), or to zero if idx is not in 1..n. Every word of every
// entry is read once; no branch or address depends on idx.
//
//go:noescape
func lookup8AVX2(out *[8]uint64, table *[8]uint64, n int, idx int32)

//go:noescape
func lookup12AVX2(out *[12]uint64, table *[12]uint64, n int, idx int32)

//go:noescape
func lookup18AVX2(out *[18]uint64, table *[18]uint64, n int, idx int32)
