// Package zmm holds what the AVX-512 generators of the number-theoretic
// transforms (tools/asm/pq/mlkem and tools/asm/pq/mldsa, -avx512) emit
// alike: the bookkeeping of which cell of a block each 32-bit lane of a
// pair of ZMM registers holds, and the two-instruction shuffles, or the
// VPERMT2D pair, that move a block from one arrangement to another.
//
// A cell is a 32-bit lane's worth of data: one ML-DSA coefficient, or two
// adjacent ML-KEM coefficients. The generators track the cells through the
// short-distance layers of a transform, so that each layer finds the
// operands of its butterflies in the same lanes of two registers, and
// derive the twiddle factors of each lane from the layout.
package zmm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// A Layout says which cell of a block of 32, a pair of registers, each lane
// of the two registers holds: Layout[r][i] is the cell in lane i of
// register r.
type Layout [2][16]int

// NaturalLayout returns the layout of a block loaded from memory: cell
// 16·r + i in lane i of register r.
func NaturalLayout() Layout {
	var l Layout
	for r := range l {
		for i := range l[r] {
			l[r][i] = 16*r + i
		}
	}
	return l
}

// A Shuffle makes two registers from the two of a pair: lane i of output o
// is lane Src[o](i) of the pair, counting the second register's lanes from
// 16. Emit writes the instructions, from the pair a, b to d0, d1.
type Shuffle struct {
	Src  [2]func(i int) int
	Emit func(a, b, d0, d1 VecVirtual)
}

// Apply returns the layout of the output of s for a pair in layout l.
func (s Shuffle) Apply(l Layout) Layout {
	var out Layout
	for o := range out {
		for i := range out[o] {
			j := s.Src[o](i)
			out[o][i] = l[j/16][j%16]
		}
	}
	return out
}

// Shuffles are the candidates for a step from one layout to the next, two
// instructions each, without a table of indexes: 128-bit lanes chosen by
// VSHUFI64X2 (the first two from a, the last two from b), 64-bit and
// 32-bit words interleaved by VPUNPCK, 32-bit words chosen by VSHUFPS in
// each 128-bit lane.
var Shuffles = []Shuffle{
	shufi64x2(0x44, 0xee),
	shufi64x2(0x88, 0xdd),
	{
		Src: [2]func(int) int{
			func(i int) int { return unpackSrc(i, 2, 0) },
			func(i int) int { return unpackSrc(i, 2, 2) },
		},
		Emit: func(a, b, d0, d1 VecVirtual) {
			VPUNPCKLQDQ(b, a, d0)
			VPUNPCKHQDQ(b, a, d1)
		},
	},
	{
		Src: [2]func(int) int{
			func(i int) int { return unpackSrc(i, 1, 0) },
			func(i int) int { return unpackSrc(i, 1, 2) },
		},
		Emit: func(a, b, d0, d1 VecVirtual) {
			VPUNPCKLDQ(b, a, d0)
			VPUNPCKHDQ(b, a, d1)
		},
	},
	shufps(0x88, 0xdd),
	shufps(0x44, 0xee),
}

func shufi64x2(imm0, imm1 uint8) Shuffle {
	src := func(imm uint8) func(int) int {
		return func(i int) int {
			l := i / 4
			sel := int(imm>>(2*l)) & 3
			return 16*(l/2) + 4*sel + i%4
		}
	}
	return Shuffle{
		Src: [2]func(int) int{src(imm0), src(imm1)},
		Emit: func(a, b, d0, d1 VecVirtual) {
			VSHUFI64X2(U8(imm0), b, a, d0)
			VSHUFI64X2(U8(imm1), b, a, d1)
		},
	}
}

// unpackSrc is the source of lane i of VPUNPCK of words of w 32-bit lanes,
// starting at word start of each 128-bit lane (0 for L, 2 for H).
func unpackSrc(i, w, start int) int {
	j, k := i/4, i%4
	reg := k / w % 2
	return 16*reg + 4*j + start + k/(2*w)*w + k%w
}

func shufps(imm0, imm1 uint8) Shuffle {
	src := func(imm uint8) func(int) int {
		return func(i int) int {
			j, k := i/4, i%4
			return 16*(k/2) + 4*j + int(imm>>(2*k))&3
		}
	}
	return Shuffle{
		Src: [2]func(int) int{src(imm0), src(imm1)},
		Emit: func(a, b, d0, d1 VecVirtual) {
			VSHUFPS(U8(imm0), b, a, d0)
			VSHUFPS(U8(imm1), b, a, d1)
		},
	}
}

// A Pair is a block of 32 cells in two registers.
type Pair struct{ A, B VecVirtual }

// PairsOf returns the pairs of consecutive registers of x.
func PairsOf(x []VecVirtual) []Pair {
	ps := make([]Pair, len(x)/2)
	for p := range ps {
		ps[p] = Pair{x[2*p], x[2*p+1]}
	}
	return ps
}

// Rearrange moves the cells of every pair from layout from to layout to:
// with one of the Shuffles if one does it, else with two VPERMT2D, whose
// index vectors it loads from the memory that index returns for the
// sixteen 32-bit indexes (j < 16 takes lane j of the first register of the
// pair, j + 16 lane j of the second).
func Rearrange(ps []Pair, from, to Layout, index func(w [16]int32) Mem) {
	for _, s := range Shuffles {
		if s.Apply(from) == to {
			for i := range ps {
				d0, d1 := ZMM(), ZMM()
				s.Emit(ps[i].A, ps[i].B, d0, d1)
				ps[i] = Pair{d0, d1}
			}
			return
		}
	}
	where := map[int]int32{}
	for r := range from {
		for i, c := range from[r] {
			where[c] = int32(16*r + i)
		}
	}
	var idx [2]VecVirtual
	for o := range to {
		var w [16]int32
		for i, c := range to[o] {
			w[i] = where[c]
		}
		idx[o] = ZMM()
		VMOVDQU32(index(w), idx[o])
	}
	for i := range ps {
		t := ZMM()
		VMOVDQA32(ps[i].A, t)
		VPERMT2D(ps[i].B, idx[0], t)
		VPERMT2D(ps[i].B, idx[1], ps[i].A)
		ps[i] = Pair{t, ps[i].A}
	}
}
