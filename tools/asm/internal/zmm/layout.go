// Package zmm holds what the AVX-512 generators of the number-theoretic
// transforms (tools/asm/pq/mlkem and tools/asm/pq/mldsa, -avx512) emit
// alike: the bookkeeping of which cell of a block each 32-bit lane of a
// pair of ZMM registers holds, and the two-instruction shuffles, or the
// VPERMT2D pair, that move a block from one arrangement to another; and
// the Table of 64-byte constant vectors that the kernels load.
//
// A cell is a 32-bit lane's worth of data: one ML-DSA coefficient, or two
// adjacent ML-KEM coefficients. The generators track the cells through the
// short-distance layers of a transform, so that each layer finds the
// operands of its butterflies in the same lanes of two registers, and
// derive the twiddle factors of each lane from the layout.
package zmm

import (
	"fmt"

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

// InnerLayouts returns the layouts of a block before each of the four
// layers of a forward transform that pair cells inside a block, at cell
// distances 8, 4, 2 and 1 (and after those of an inverse transform): each
// from the one before, or from the natural layout, by a Shuffle that puts
// the cells at that distance in the same lane of the two registers.
func InnerLayouts() [4]Layout {
	var ls [4]Layout
	l := NaturalLayout()
	for i, s := range []Shuffle{Shuffles[0], Shuffles[1], Shuffles[2], Shuffles[4]} {
		l = s.Apply(l)
		ls[i] = l
	}
	return ls
}

// CheckDistance panics unless every lane of l pairs a cell c of the first
// register, with c&h = 0, with the cell c + h of the second: the operands
// of a butterfly at distance h cells.
func (l Layout) CheckDistance(h int) {
	for i := range l[0] {
		if l[1][i] != l[0][i]+h || l[0][i]&h != 0 {
			panic(fmt.Sprintf("zmm: lane %d pairs cells %d and %d, not at distance %d", i, l[0][i], l[1][i], h))
		}
	}
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

// LoadPoly loads the n registers of a polynomial from f, 64 bytes each,
// with the move mov (VMOVDQU32 or VMOVDQU16).
func LoadPoly(f Register, n int, mov func(src, dst Op)) []VecVirtual {
	x := make([]VecVirtual, n)
	for k := range x {
		x[k] = ZMM()
		mov(Mem{Base: f, Disp: 64 * k}, x[k])
	}
	return x
}

// StorePairs stores the pairs of registers of a polynomial at f, pair p at
// 128·p bytes, with the move mov.
func StorePairs(ps []Pair, f Register, mov func(src, dst Op)) {
	for p := range ps {
		mov(ps[p].A, Mem{Base: f, Disp: 128 * p})
		mov(ps[p].B, Mem{Base: f, Disp: 128*p + 64})
	}
}

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
// index vectors of sixteen 32-bit words it stores in consts (j < 16 takes lane
// j of the first register of the pair, j + 16 lane j of the second).
func Rearrange(ps []Pair, from, to Layout, consts *Table) {
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
		VMOVDQU32(consts.Dwords(w), idx[o])
	}
	for i := range ps {
		t := ZMM()
		VMOVDQA32(ps[i].A, t)
		VPERMT2D(ps[i].B, idx[0], t)
		VPERMT2D(ps[i].B, idx[1], ps[i].A)
		ps[i] = Pair{t, ps[i].A}
	}
}
