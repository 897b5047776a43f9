//go:build gc && !purego

package argon2

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/argon2 -out argon2block_amd64.s

var (
	// useAVX512 enables gAVX512, which needs AVX-512F (ZMM registers,
	// VPRORQ, VPTERNLOGQ, VPERMT2Q) and computes eight permutations P at
	// once.
	useAVX512 = cpufeat.HasAVX512F

	// useAVX2 enables gAVX2, which computes two permutations P at once in
	// YMM registers.
	useAVX2 = cpufeat.HasAVX2
)

func init() {
	// In order of preference.
	cpufeat.Register("argon2", "AVX-512", &useAVX512)
	cpufeat.Register("argon2", "AVX2", &useAVX2)
}

// gAVX512 is gGeneric with AVX-512F, the whole block in sixteen ZMM
// registers; see argon2block_amd64.s and its generator, tools/asm/hash/argon2.
//
//go:noescape
func gAVX512(out, x, y *[blockWords]uint64, xor bool)

// gRowsAVX512 and gColumnsRestAVX512 take the places of gRowsAVX2 and
// gColumnsRestAVX2 when useAVX512 is set, with gColumnsFirstAVX2 in
// between: the row pass stores q in the order of the block, so that
// gColumnsFirstAVX2 finishes the first two columns, and so the first word
// of out, soon; gColumnsRestAVX512 then computes all eight columns but
// stores only the last six.
//
//go:noescape
func gRowsAVX512(q, out, x, y *[blockWords]uint64)

//go:noescape
func gColumnsRestAVX512(out, x, y, q *[blockWords]uint64, xor bool)

// gAVX2 is gGeneric with AVX2; see argon2block_amd64.s and its generator,
// tools/asm/hash/argon2.
//
//go:noescape
func gAVX2(out, x, y *[blockWords]uint64, xor bool)

// gRowsAVX2, gColumnsFirstAVX2 and gColumnsRestAVX2 are gAVX2 in three
// parts (see gSplit), and prefetchBlock asks for the cache lines of a block.
//
//go:noescape
func gRowsAVX2(q, out, x, y *[blockWords]uint64)

//go:noescape
func gColumnsFirstAVX2(out, x, y, q *[blockWords]uint64, xor bool)

//go:noescape
func gColumnsRestAVX2(out, x, y, q *[blockWords]uint64, xor bool)

//go:noescape
func prefetchBlock(p *[blockWords]uint64)

// g computes the compression function G with the fastest implementation;
// see gGeneric for the contract.
func g(out, x, y *block, xor bool) {
	switch {
	case useAVX512:
		gAVX512((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), xor)
	case useAVX2:
		gAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), xor)
	default:
		gGeneric(out, x, y, xor)
	}
}

// splitG reports whether segment computes G in the parts gRows,
// gColumnsFirst and gColumnsRest, prefetching the next reference block in
// between.
func splitG() bool { return useAVX2 || useAVX512 }

func gRows(q, out, x, y *block) {
	if useAVX512 {
		gRowsAVX512((*[blockWords]uint64)(q), (*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y))
		return
	}
	gRowsAVX2((*[blockWords]uint64)(q), (*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y))
}

func gColumnsFirst(out, x, y, q *block, xor bool) {
	gColumnsFirstAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), (*[blockWords]uint64)(q), xor)
}

func gColumnsRest(out, x, y, q *block, xor bool) {
	if useAVX512 {
		gColumnsRestAVX512((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), (*[blockWords]uint64)(q), xor)
		return
	}
	gColumnsRestAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), (*[blockWords]uint64)(q), xor)
}

func prefetch(b *block) { prefetchBlock((*[blockWords]uint64)(b)) }
