//go:build gc && !purego

package nistec

import (
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec/lookup -out lookup_amd64.s

// useLookupAVX2 enables the AVX2 table scans of lookup_amd64.s (generated
// by tools/asm/ecc/nistec/lookup) for the affine entries of P-256, P-384
// and P-521: four words per YMM register, masked with VPCMPEQD/VPAND.
var useLookupAVX2 = cpufeat.HasAVX2

func init() {
	cpufeat.Register("nistec", "AVX2", &useLookupAVX2)
}

// lookup sets *out to table[idx−1], or to all zero bits if idx is 0, by
// reading every entry of table (see lookupGeneric). Entries of 8, 12 and
// 18 words (the affine points of P-256, P-384 and P-521) are scanned by the
// AVX2 assembly when it is enabled, every other size by lookupGeneric.
// T must be made of 64-bit words only, with no pointers: both copy entries
// word by word, and the assembly does so without write barriers.
func lookup[T any](out *T, table []T, idx int32) {
	if useLookupAVX2 {
		o, t := unsafe.Pointer(out), unsafe.Pointer(unsafe.SliceData(table))
		switch unsafe.Sizeof(*out) {
		case 8 * 8:
			lookup8AVX2((*[8]uint64)(o), (*[8]uint64)(t), len(table), idx)
			return
		case 12 * 8:
			lookup12AVX2((*[12]uint64)(o), (*[12]uint64)(t), len(table), idx)
			return
		case 18 * 8:
			lookup18AVX2((*[18]uint64)(o), (*[18]uint64)(t), len(table), idx)
			return
		}
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
