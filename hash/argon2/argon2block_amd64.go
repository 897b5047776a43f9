//go:build gc && !purego

package argon2

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/argon2 -out argon2block_amd64.s

// useAVX2 enables gAVX2, which computes two permutations P at once in YMM
// registers.
var useAVX2 = cpufeat.HasAVX2

func init() {
	cpufeat.Register("argon2", "AVX2", &useAVX2)
}

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
	if useAVX2 {
		gAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), xor)
		return
	}
	gGeneric(out, x, y, xor)
}

// splitG reports whether segment computes G in the parts gRows,
// gColumnsFirst and gColumnsRest, prefetching the next reference block in
// between.
func splitG() bool { return useAVX2 }

func gRows(q, out, x, y *block) {
	gRowsAVX2((*[blockWords]uint64)(q), (*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y))
}

func gColumnsFirst(out, x, y, q *block, xor bool) {
	gColumnsFirstAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), (*[blockWords]uint64)(q), xor)
}

func gColumnsRest(out, x, y, q *block, xor bool) {
	gColumnsRestAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), (*[blockWords]uint64)(q), xor)
}

func prefetch(b *block) { prefetchBlock((*[blockWords]uint64)(b)) }
