// Command lookup generates ecc/internal/nistec/lookup_amd64.s: the
// constant-time table scans of the NIST curves' scalar multiplications,
// with AVX2.
//
// Each function mirrors lookupGeneric (ecc/internal/nistec/scalarmult.go)
// for one size of table entry, an affinePoint of P-256 (8 words: x and y of
// four 64-bit limbs each), P-384 (12 words) or P-521 (18 words):
//
//	func lookup8AVX2(out *[8]uint64, table *[8]uint64, n int, idx int32)
//	func lookup12AVX2(out *[12]uint64, table *[12]uint64, n int, idx int32)
//	func lookup18AVX2(out *[18]uint64, table *[18]uint64, n int, idx int32)
//
// table points at the first of n ≥ 0 consecutive entries. *out is set to
// entry idx−1 (idx is 1-based), or to all zero bits if idx is not in
// 1..n. Every word of every entry is read, once, whatever idx is: the
// addresses and the branches depend only on n.
//
// Register use. The index idx is moved to an XMM register (MOVD) and
// broadcast to the eight 32-bit lanes of one YMM register (VPBROADCASTD).
// A counter register holds the 1-based number of the current entry in all
// eight lanes, stepped by subtracting a register of all ones (−1, from
// VPCMPEQD of a register with itself). VPCMPEQD of the two gives the
// entry's mask: all ones if it is entry idx, zero otherwise (both 32-bit
// halves of each 64-bit word agree, as every lane holds the same numbers).
// An entry is split into chunks of four words (YMM) and, for 18 words, a
// last chunk of two words (XMM, the low half of the same registers). Each
// chunk has its accumulator register, zero at the start. The body of the
// main loop handles `unroll` (4) entries: one mask per entry, each chunk
// of each entry loaded once as the memory operand of a VPAND with its
// mask, the products of the entries ORed together (VPOR) and then into the
// chunk's accumulator, so that the dependency chain through an accumulator
// grows by one VPOR per iteration. The n mod 4 last entries run through a
// loop of one entry at a time. At the end the accumulators are stored to
// out, and VZEROUPPER clears the upper halves. With 18 words, the
// registers in use are 5 accumulators, 4 masks, 2 temporaries, the index,
// the counter and the −1: 14 of the 16.
//
// General-purpose registers: the table pointer, advanced by one or
// `unroll` entries per iteration; the count of entries left; the out
// pointer. No stack frame.
//
// Run it with go generate in ecc/internal/nistec.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// unroll is the number of entries per iteration of the main loop.
const unroll = 4

func main() {
	ConstraintExpr("gc,!purego")
	for _, words := range []int{8, 12, 18} {
		lookup(words)
	}
	Generate()
}

// chunk is a part of an entry held in one vector register: four words
// (YMM) or two (XMM).
type chunk struct {
	offset int  // bytes from the start of the entry
	ymm    bool // four words if true, two if false
}

func chunks(words int) []chunk {
	var cs []chunk
	off := 0
	for ; words >= 4; words -= 4 {
		cs = append(cs, chunk{off, true})
		off += 32
	}
	if words == 2 {
		cs = append(cs, chunk{off, false})
		words -= 2
	}
	if words != 0 {
		panic("entry size not a multiple of two words")
	}
	return cs
}

// half returns r itself for a YMM chunk and its low XMM half otherwise.
func half(r VecVirtual, c chunk) Register {
	if c.ymm {
		return r
	}
	return r.AsX()
}

func lookup(words int) {
	name := fmt.Sprintf("lookup%dAVX2", words)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(out *[%d]uint64, table *[%d]uint64, n int, idx int32)", words, words))
	Doc(fmt.Sprintf("%s sets *out to entry idx−1 of the n entries of %d words at table, or to zero if idx is not in 1..n, reading every entry.", name, words))
	stride := 8 * words
	cs := chunks(words)

	tab := Load(Param("table"), GP64())
	n := Load(Param("n"), GP64())

	idx := YMM()
	idx32 := Load(Param("idx"), GP32())
	MOVD(idx32, idx.AsX())
	VPBROADCASTD(idx.AsX(), idx)
	minus1 := YMM()
	VPCMPEQD(minus1, minus1, minus1)
	cnt := YMM()
	VPXOR(cnt, cnt, cnt)
	acc := make([]VecVirtual, len(cs))
	for i := range acc {
		acc[i] = YMM()
		VPXOR(acc[i], acc[i], acc[i])
	}
	masks := make([]VecVirtual, unroll)
	for i := range masks {
		masks[i] = YMM()
	}
	t0, t1 := YMM(), YMM()

	// body scans k entries from tab.
	body := func(k int) {
		for e := 0; e < k; e++ {
			VPSUBD(minus1, cnt, cnt)
			VPCMPEQD(cnt, idx, masks[e])
		}
		for _, c := range cs {
			for e := 0; e < k; e++ {
				m := Mem{Base: tab, Disp: e*stride + c.offset}
				t := t0
				if e > 0 {
					t = t1
				}
				VPAND(m, half(masks[e], c), half(t, c))
				if e > 0 {
					VPOR(half(t1, c), half(t0, c), half(t0, c))
				}
			}
			VPOR(half(t0, c), half(acc[c.offset/32], c), half(acc[c.offset/32], c))
		}
		ADDQ(U32(k*stride), tab)
	}

	Label(name + "_loop")
	CMPQ(n, U8(unroll))
	JB(LabelRef(name + "_tail"))
	body(unroll)
	SUBQ(U8(unroll), n)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_tail")
	TESTQ(n, n)
	JZ(LabelRef(name + "_done"))
	body(1)
	DECQ(n)
	JMP(LabelRef(name + "_tail"))

	Label(name + "_done")
	out := Load(Param("out"), GP64())
	for i, c := range cs {
		if c.ymm {
			VMOVDQU(acc[i], Mem{Base: out, Disp: c.offset})
		} else {
			VMOVDQU(acc[i].AsX(), Mem{Base: out, Disp: c.offset})
		}
	}
	VZEROUPPER()
	RET()
}
