package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// zState is the register allocation of gAVX512: v holds the sixteen
// logical registers of the block, free the ZMM registers that hold nothing.
type zState struct {
	v    [16]VecPhysical
	free []VecPhysical
}

var zs zState

func (s *zState) take() VecPhysical {
	v := s.free[0]
	s.free = s.free[1:]
	return v
}

func (s *zState) release(v ...VecPhysical) { s.free = append(s.free, v...) }

// interleaveLo and interleaveHi are the VPERMT2Q indices that interleave
// the low and the high halves of two registers: words 0, 8, 1, 9, 2, 10,
// 3, 11 and 4, 12, 5, 13, 6, 14, 7, 15 of their concatenation.
var interleaveLo, interleaveHi Mem

// evenWords and oddWords are the VPERMT2Q indices that take the even and
// the odd words of the concatenation of two registers.
var evenWords, oddWords Mem

func avx512Data() {
	interleaveLo = GLOBL("argon2InterleaveLo", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U64(i/2+8*(i%2)))
	}
	interleaveHi = GLOBL("argon2InterleaveHi", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U64(4+i/2+8*(i%2)))
	}
	evenWords = GLOBL("argon2EvenWords", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U64(2*i))
	}
	oddWords = GLOBL("argon2OddWords", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U64(2*i+1))
	}
}

// gAVX512 emits gAVX512; the package comment describes it.
func gAVX512() {
	TEXT("gAVX512", NOSPLIT, "func(out, x, y *[128]uint64, xor bool)")
	Doc(
		"gAVX512 sets out to G(x, y), or XORs G(x, y) into out if xor is true:",
		"gGeneric with AVX-512F, the whole block in sixteen ZMM registers.",
	)
	Load(Param("out"), outPtr)
	Load(Param("x"), xPtr)
	Load(Param("y"), yPtr)
	Load(Param("xor"), xorFlag)
	zRowPass()

	Comment("Transpose: registers 2k and 2k+1 hold the even and the odd words",
		"of row k, that is words v(2k) and v(2k+1) of the eight columns.")
	var even, odd [8]VecPhysical
	for i := 0; i < 8; i++ {
		even[i], odd[i] = zs.v[2*i], zs.v[2*i+1]
	}
	lo, hi := transpose(even), transpose(odd)
	for k := 0; k < 8; k++ {
		zs.v[2*k], zs.v[2*k+1] = lo[k], hi[k]
	}
	zColumnPass("avx512set", false)
}

// gRowsAVX512 emits gRowsAVX512, the row pass of gAVX512 that stores its
// result in q in the order of the block.
func gRowsAVX512() {
	TEXT("gRowsAVX512", NOSPLIT, "func(q, out, x, y *[128]uint64)")
	Doc(
		"gRowsAVX512 prefetches out and sets q to the row pass of G(x, y), the",
		"permutation P applied to each row of x ^ y: gRowsAVX2 with AVX-512F.",
	)
	Load(Param("q"), qPtr)
	Load(Param("out"), outPtr)
	Load(Param("x"), xPtr)
	Load(Param("y"), yPtr)
	for l := 0; l < 1024; l += 64 {
		PREFETCHT0(Mem{Base: outPtr, Disp: l})
	}
	zRowPass()
	Comment("Transpose back: registers 2i and 2i+1 hold words 0-7 and 8-15 of",
		"row i.")
	var lo, hi [8]VecPhysical
	copy(lo[:], zs.v[:8])
	copy(hi[:], zs.v[8:])
	lo, hi = transpose(lo), transpose(hi)
	for i := 0; i < 8; i++ {
		VMOVDQU64(lo[i], Mem{Base: qPtr, Disp: 128 * i})
		VMOVDQU64(hi[i], Mem{Base: qPtr, Disp: 128*i + 64})
	}
	VZEROUPPER()
	RET()
}

// gColumnsRestAVX512 emits gColumnsRestAVX512, which completes G from q
// like gColumnsRestAVX2, computing the eight columns at once and storing
// all but the first two.
func gColumnsRestAVX512() {
	TEXT("gColumnsRestAVX512", NOSPLIT, "func(out, x, y, q *[128]uint64, xor bool)")
	Doc(
		"gColumnsRestAVX512 completes G(x, y) from q, the result of gRowsAVX512,",
		"for the columns 2 to 7: it applies P to them and stores them in out, or",
		"XORs them into out if xor is true, with x ^ y. It computes columns 0",
		"and 1 too, but leaves them in out as gColumnsFirstAVX2 stored them.",
	)
	Load(Param("out"), outPtr)
	Load(Param("x"), xPtr)
	Load(Param("y"), yPtr)
	Load(Param("q"), qPtr)
	Load(Param("xor"), xorFlag)
	zs = newZState()
	Comment("Registers 2k and 2k+1: the even and the odd words of row k of q.")
	ieven, iodd := zs.take(), zs.take()
	VMOVDQU64(evenWords, ieven)
	VMOVDQU64(oddWords, iodd)
	for k := 0; k < 8; k++ {
		e, o := zs.v[2*k], zs.v[2*k+1]
		VMOVDQU64(Mem{Base: qPtr, Disp: 128 * k}, e)
		VMOVDQA64(iodd, o)
		VPERMI2Q(Mem{Base: qPtr, Disp: 128*k + 64}, e, o)
		VPERMT2Q(Mem{Base: qPtr, Disp: 128*k + 64}, ieven, e)
	}
	zs.release(ieven, iodd)
	zColumnPass("avx512restset", true)
}

func newZState() zState {
	var s zState
	copy(s.v[:], []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15})
	s.free = []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	return s
}

// zRowPass emits the loading of R = x ^ y and the row pass, which leaves
// word k of row i in lane i of the logical register k.
func zRowPass() {
	zs = newZState()
	Comment("R = x ^ y, row i in registers 2i (words 0-7) and 2i+1 (words 8-15).")
	for i := 0; i < 16; i++ {
		VMOVDQU64(ptrWord(yPtr, 8*i), zs.v[i])
	}
	for i := 0; i < 16; i++ {
		VPXORQ(ptrWord(xPtr, 8*i), zs.v[i], zs.v[i])
	}

	Comment("Transpose: register k holds word k of the eight rows.")
	var even, odd [8]VecPhysical
	for i := 0; i < 8; i++ {
		even[i], odd[i] = zs.v[2*i], zs.v[2*i+1]
	}
	lo, hi := transpose(even), transpose(odd)
	copy(zs.v[:8], lo[:])
	copy(zs.v[8:], hi[:])

	Comment("The row pass: P on the eight rows at once.")
	zPermute()
}

// zColumnPass emits the column pass on the logical registers 2k and 2k+1
// holding the even and odd words of row k, and the final XORs and stores;
// if rest, it leaves the words of columns 0 and 1 of out alone.
func zColumnPass(set string, rest bool) {
	Comment("The column pass: P on the eight columns at once.")
	zPermute()

	Comment("Interleave the even and odd words of each row back in order, and",
		"XOR in x and y: registers 2k and 2k+1 are words 0-7 and 8-15 of row k.")
	ilo, ihi := zs.take(), zs.take()
	VMOVDQU64(interleaveLo, ilo)
	VMOVDQU64(interleaveHi, ihi)
	for k := 0; k < 8; k++ {
		e, o := zs.v[2*k], zs.v[2*k+1]
		t := zs.take()
		VMOVDQA64(ilo, t)
		VPERMI2Q(o, e, t)   // t = words 0-7 of row k
		VPERMT2Q(o, ihi, e) // e = words 8-15 of row k
		zs.release(o)
		zs.v[2*k], zs.v[2*k+1] = t, e
	}
	zs.release(ilo, ihi)
	for i := 0; i < 16; i++ {
		t := zs.take()
		VMOVDQU64(ptrWord(yPtr, 8*i), t)
		VPTERNLOGQ(U8(0x96), ptrWord(xPtr, 8*i), t, zs.v[i]) // ^= x ^ y
		zs.release(t)
	}
	TESTB(xorFlag.As8(), xorFlag.As8())
	JZ(LabelRef(set))
	for i := 0; i < 16; i++ {
		VPXORQ(ptrWord(outPtr, 8*i), zs.v[i], zs.v[i])
	}
	Label(set)
	if rest {
		Comment("Words 4-15 of each row: columns 2 to 7.")
		MOVL(U32(0xf0), EAX)
		KMOVB(EAX, K1)
	}
	for i := 0; i < 16; i++ {
		if rest && i%2 == 0 {
			VMOVDQU64(zs.v[i], K1, ptrWord(outPtr, 8*i))
			continue
		}
		VMOVDQU64(zs.v[i], ptrWord(outPtr, 8*i))
	}
	VZEROUPPER()
	RET()
}

// transpose emits the transposition of the 8×8 matrix of words whose rows
// are r, and returns the registers of its rows, the columns of r. It
// releases the registers of r.
func transpose(r [8]VecPhysical) [8]VecPhysical {
	// t[2p] holds words 0, 2, 4, 6 of rows 2p and 2p+1, in pairs; t[2p+1]
	// words 1, 3, 5, 7.
	var t, s, c [8]VecPhysical
	for p := 0; p < 4; p++ {
		t[2*p], t[2*p+1] = zs.take(), zs.take()
		VPUNPCKLQDQ(r[2*p+1], r[2*p], t[2*p])
		VPUNPCKHQDQ(r[2*p+1], r[2*p], t[2*p+1])
	}
	zs.release(r[:]...)
	// With the 128-bit lanes of t[2p+h] holding the words h, h+2, h+4,
	// h+6 of rows 2p and 2p+1: s[h] = lanes 0 and 1 of t[h] and t[2+h],
	// s[2+h] lanes 2 and 3 of them; s[4+h], s[6+h] the same of t[4+h]
	// and t[6+h].
	for h := 0; h < 2; h++ {
		for q := 0; q < 2; q++ {
			a, b := t[4*q+h], t[4*q+2+h]
			s[4*q+h], s[4*q+2+h] = zs.take(), zs.take()
			VSHUFI64X2(U8(0x44), b, a, s[4*q+h])
			VSHUFI64X2(U8(0xee), b, a, s[4*q+2+h])
		}
	}
	zs.release(t[:]...)
	// Column w = 4m + 2n + h (m, n, h bits) is lanes n, n+2 of s[2m+h] and
	// of s[4+2m+h].
	for m := 0; m < 2; m++ {
		for h := 0; h < 2; h++ {
			a, b := s[2*m+h], s[4+2*m+h]
			c[4*m+h], c[4*m+2+h] = zs.take(), zs.take()
			VSHUFI64X2(U8(0x88), b, a, c[4*m+h])
			VSHUFI64X2(U8(0xdd), b, a, c[4*m+2+h])
		}
	}
	zs.release(s[:]...)
	return c
}

// zPermute emits P on the sixteen registers, each word of a register
// belonging to a separate P: the four GB of the columns, then the four of
// the diagonals, interleaved.
func zPermute() {
	zGB([4][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}})
	zGB([4][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}})
}

// zGB emits GB on four sets of logical registers (a, b, c, d), interleaved.
func zGB(set [4][4]int) {
	var t [4]VecPhysical
	for g := range t {
		t[g] = zs.take()
	}
	r := func(g, i int) VecPhysical { return zs.v[set[g][i]] }
	blamka := func(x, y int) {
		for g := 0; g < 4; g++ {
			VPMULUDQ(r(g, y), r(g, x), t[g])
		}
		for g := 0; g < 4; g++ {
			VPADDQ(r(g, y), r(g, x), r(g, x))
		}
		for g := 0; g < 4; g++ {
			VPADDQ(t[g], t[g], t[g])
		}
		for g := 0; g < 4; g++ {
			VPADDQ(t[g], r(g, x), r(g, x))
		}
	}
	rotate := func(x, y, n int) {
		for g := 0; g < 4; g++ {
			VPXORQ(r(g, y), r(g, x), r(g, x))
		}
		for g := 0; g < 4; g++ {
			VPRORQ(U8(n), r(g, x), r(g, x))
		}
	}
	for _, n := range [][2]int{{32, 24}, {16, 63}} {
		blamka(0, 1)
		rotate(3, 0, n[0])
		blamka(2, 3)
		rotate(1, 2, n[1])
	}
	zs.release(t[:]...)
}
