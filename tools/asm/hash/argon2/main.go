// Command argon2 generates hash/argon2/argon2block_amd64.s.
//
// gAVX2 mirrors gGeneric in hash/argon2/argon2block.go: the compression
// function G of RFC 9106, Section 3.5, on 1 KiB blocks of 128 words. With
// R = x ⊕ y, it applies the permutation P (Section 3.6: the BLAKE2b round
// without message words, on a 4×4 matrix of words, with the
// multiplication-hardened GB) to the eight rows of 16 words of R, then to
// the eight columns (the words 2j and 2j+1 of every row), and stores the
// result XOR R in out, or XORs it into out if xor is true (the passes after
// the first, Argon2 version 0x13).
//
// # Register layout
//
// One P works on words v0..v15, viewed as the 4×4 matrix with rows
// a = v0..v3, b = v4..v7, c = v8..v11 and d = v12..v15. gAVX2 computes two
// P at once, of two neighbouring rows in the row pass and of two
// neighbouring columns in the column pass, in eight YMM registers R0..R7:
// register Rk holds the words v(2k) and v(2k+1) of the first P in its low
// 128-bit lane and those of the second P in its high lane. This is the
// layout of the SSE implementations of Argon2 (two words to an XMM
// register), doubled across the two lanes of a YMM register. Then
//
//	a = R0, R1   b = R2, R3   c = R4, R5   d = R6, R7
//
// and the column step of P is GB(R0, R2, R4, R6) and GB(R1, R3, R5, R7),
// each instruction working on four GB at once (two of each P). For the
// diagonal step, the words of b and d must move by one position within
// their row: VPALIGNR, which works within 128-bit lanes and so on both P
// at once, takes the high word of one register and the low word of the
// other; c moves by two positions, which is merely a swap of R4 and R5,
// done by renaming. The generator tracks which physical register holds
// which logical one, so these moves cost no instructions beyond the four
// VPALIGNR each way.
//
// The layout suits the column pass exactly: for the columns j and j+1, Rk
// is the words 16k+2j .. 16k+2j+3, 32 contiguous bytes of row k. For the
// row pass, Rk of the rows i and i+1 is the words 16i+2k, 16i+2k+1 (low
// lane) and 16(i+1)+2k, 16(i+1)+2k+1 (high lane): it is loaded in two
// halves (VMOVDQU of 16 bytes, then VINSERTI128), from x and from y, and
// stored in two halves (VMOVDQU and VEXTRACTI128) to a 1 KiB block on the
// stack, which holds the result of the row pass. The column pass reads it
// back a row segment at a time, and XORs its result with x and y again (and
// with out if xor is true) as it stores it into out. Since each word of out
// is written after the last reads of the same word of x and y, out may be
// the same block as x or y, as gGeneric allows.
//
// # Memory
//
// With a large memory, y (the reference block, anywhere in the memory) is
// usually not in the cache, and out, in the passes after the first, holds the
// block being overwritten. The row pass reads y two rows at a time, over
// hundreds of instructions, so that without help the cache misses on its 16
// lines would come a few at a time, one after the other. gAVX2 therefore
// starts with a PREFETCHT0 of every line of y and of out. Measured on an AMD
// EPYC (Zen 3) with Argon2id over 64 MiB, three passes, one lane: it takes
// about a third off the CPU time, while on blocks that are in the cache it
// changes nothing measurable.
//
// The reference block of the next block can be known earlier still: it
// depends on the first word of the block being computed (or, with
// data-independent addressing, on nothing computed at all), which is final
// once the first two columns are. So the generator also emits gAVX2 in
// parts, gRowsAVX2 (the prefetches and the row pass, into a block q that
// the caller provides), gColumnsFirstAVX2 (columns 0 and 1) and
// gColumnsRestAVX2 (columns 2 to 7), and prefetchBlock: the segment loop of
// hash/argon2 calls prefetchBlock on the next reference block between the
// last two, while three quarters of the column pass remain. That takes
// another 10 to 15% off the CPU time of the same Argon2id computation.
//
// # GB
//
// GB(a, b, c, d) is a = a + b + 2·lo(a)·lo(b); d = (d ⊕ a) >>> 32;
// c = c + d + 2·lo(c)·lo(d); b = (b ⊕ c) >>> 24; and again with rotations
// by 16 and 63. VPMULUDQ multiplies the low 32 bits of each 64-bit lane into
// a 64-bit product. The rotations: by 32 bits with VPSHUFD, by 24 and 16
// with VPSHUFB, by 63 as (x+x) | (x>>63). The two GB of a step (on R0, R2,
// R4, R6 and on R1, R3, R5, R7) are interleaved instruction by instruction,
// so that two independent chains are in flight.
//
// # AVX-512
//
// gAVX512 also mirrors gGeneric, with AVX-512F. It keeps the whole block in
// sixteen ZMM registers and computes the eight permutations of a pass at
// once, word k of every P in one register, so that P needs no shuffle at
// all: its column and diagonal steps only name other registers. The
// shuffles are in the transpositions around the passes. R = x ⊕ y is
// loaded with row i in registers 2i and 2i+1; two 8×8 transpositions of
// words (VPUNPCKLQDQ/VPUNPCKHQDQ, then two rounds of VSHUFI64X2) give
// register k = word k of the eight rows, for the row pass; two more give
// registers 2k and 2k+1 = the even and the odd words of row k, which are
// the words v(2k) and v(2k+1) of the eight columns, for the column pass;
// VPERMT2Q interleaves them back into the order of the block, and one
// VPTERNLOGQ per register XORs in x and y. GB uses VPMULUDQ for the
// products and VPRORQ for the rotations; its four instances of a step are
// interleaved. gAVX512 reads every word of x, y and out before it stores
// any, so out may be the same block as x or y.
//
// With AVX-512, segment computes G as gRowsAVX512 (the prefetches of out,
// the row pass, and two transpositions back into the order of the block,
// into q), gColumnsFirstAVX2 (columns 0 and 1, from q), then, after the
// prefetch of the next reference block, gColumnsRestAVX512: it
// de-interleaves each row of q into its even and odd words with VPERMT2Q,
// computes the eight columns, and stores words 4 to 15 of each row only (a
// masked store), leaving out's columns 0 and 1 as gColumnsFirstAVX2 wrote
// them. It computes those two columns twice, so that the first word of out,
// which may select the next reference block, is final after the row pass
// and a quarter of the AVX2 column pass instead of after the whole of G.
//
// Run it with go generate in hash/argon2.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// state maps the logical registers R0..R7 to physical ones; free holds the
// physical registers available as temporaries.
type state struct {
	r    [8]VecPhysical
	free []VecPhysical
}

// The registers: the rotation masks, the pointers and the flag; R0..R7
// start in Y0..Y7, and Y8..Y13 are temporaries.
var (
	rot24, rot16       = Y14, Y15
	outPtr, xPtr, yPtr = RDI, RSI, RDX
	xorFlag            = CX
	qPtr               = R8
	initialRegs        = [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	initialFree        = []VecPhysical{Y8, Y9, Y10, Y11, Y12, Y13}
)

var (
	st                 state
	q                  Mem // the block on the stack between the passes
	rot24Mem, rot16Mem Mem
)

// word returns word w of the block at m; ptrWord, of the block p points to.
func word(m Mem, w int) Mem         { return m.Offset(8 * w) }
func ptrWord(p Register, w int) Mem { return Mem{Base: p, Disp: 8 * w} }

// take returns a free temporary register; release gives one back.
func (s *state) take() VecPhysical {
	v := s.free[0]
	s.free = s.free[1:]
	return v
}

func (s *state) release(v VecPhysical) { s.free = append(s.free, v) }

func main() {
	ConstraintExpr("gc,!purego")
	rot24Mem = rotateMask("argon2Rot24", 3)
	rot16Mem = rotateMask("argon2Rot16", 2)
	gAVX2()
	gRowsAVX2()
	gColumnsAVX2("gColumnsFirstAVX2", 0, 2)
	gColumnsAVX2("gColumnsRestAVX2", 2, 8)
	prefetchBlock()
	avx512Data()
	gAVX512()
	gRowsAVX512()
	gColumnsRestAVX512()
	Generate()
}

// rotateMask defines the 32-byte VPSHUFB mask that rotates each 64-bit word
// right by r bytes: byte k of a word takes byte k+r (mod 8).
func rotateMask(name string, r int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for qw := 0; qw < 4; qw++ {
		var w uint64
		for k := 0; k < 8; k++ {
			w |= uint64(8*(qw%2)+(k+r)%8) << (8 * k)
		}
		DATA(8*qw, U64(w))
	}
	return m
}

func gAVX2() {
	TEXT("gAVX2", 0, "func(out, x, y *[128]uint64, xor bool)")
	Doc(
		"gAVX2 sets out to G(x, y), or XORs G(x, y) into out if xor is true:",
		"gGeneric with AVX2.",
	)
	q = AllocLocal(1024)
	Load(Param("out"), outPtr)
	Load(Param("x"), xPtr)
	Load(Param("y"), yPtr)
	Load(Param("xor"), xorFlag)
	prologue()
	rowPass()
	columnPass(0, 8)
	VZEROUPPER()
	RET()
}

// gRowsAVX2 and gColumnsAVX2 are gAVX2 cut in two, with the block between the
// passes in q instead of on the stack, so that the caller can do something
// (prefetch the next reference block) once the first columns, and so the
// first word of out, are final.
func gRowsAVX2() {
	TEXT("gRowsAVX2", NOSPLIT, "func(q, out, x, y *[128]uint64)")
	Doc(
		"gRowsAVX2 prefetches y and out and sets q to the row pass of G(x, y),",
		"the permutation P applied to each row of x ^ y.",
	)
	Load(Param("q"), qPtr)
	Load(Param("out"), outPtr)
	Load(Param("x"), xPtr)
	Load(Param("y"), yPtr)
	q = Mem{Base: qPtr}
	prologue()
	rowPass()
	VZEROUPPER()
	RET()
}

func gColumnsAVX2(name string, from, to int) {
	TEXT(name, NOSPLIT, "func(out, x, y, q *[128]uint64, xor bool)")
	Doc(
		fmt.Sprintf("%s completes G(x, y) from q, the result of gRowsAVX2, for the", name),
		fmt.Sprintf("columns %d to %d: it applies P to them and stores them in out, or XORs", from, to-1),
		"them into out if xor is true, with x ^ y.",
	)
	Load(Param("out"), outPtr)
	Load(Param("x"), xPtr)
	Load(Param("y"), yPtr)
	Load(Param("q"), qPtr)
	Load(Param("xor"), xorFlag)
	q = Mem{Base: qPtr}
	VMOVDQU(rot24Mem, rot24)
	VMOVDQU(rot16Mem, rot16)
	st = state{r: initialRegs, free: append([]VecPhysical(nil), initialFree...)}
	columnPass(from, to)
	VZEROUPPER()
	RET()
}

// prefetchBlock emits a function that prefetches the 16 lines of a block.
func prefetchBlock() {
	TEXT("prefetchBlock", NOSPLIT, "func(p *[128]uint64)")
	Doc("prefetchBlock asks for the 16 cache lines of the block at p.")
	Load(Param("p"), yPtr)
	for l := 0; l < 1024; l += 64 {
		PREFETCHT0(Mem{Base: yPtr, Disp: l})
	}
	RET()
}

// prologue loads the rotation masks and prefetches y and out.
func prologue() {
	VMOVDQU(rot24Mem, rot24)
	VMOVDQU(rot16Mem, rot16)
	Comment("Start loading every line of y (and of out, read at the end), so",
		"that their cache misses overlap instead of following the row pairs.")
	for l := 0; l < 1024; l += 64 {
		PREFETCHT0(Mem{Base: yPtr, Disp: l})
	}
	for l := 0; l < 1024; l += 64 {
		PREFETCHT0(Mem{Base: outPtr, Disp: l})
	}
	st = state{r: initialRegs, free: append([]VecPhysical(nil), initialFree...)}
}

// rowPass emits the row pass: q = P applied to the rows of x ^ y.
func rowPass() {
	for i := 0; i < 8; i += 2 {
		Commentf("Rows %d and %d: R = x ^ y, P, into q.", i, i+1)
		for k := 0; k < 8; k++ {
			lo, hi := 16*i+2*k, 16*(i+1)+2*k
			r := st.r[k]
			t := st.take()
			VMOVDQU(ptrWord(xPtr, lo), r.AsX())
			VINSERTI128(U8(1), ptrWord(xPtr, hi), r, r)
			VMOVDQU(ptrWord(yPtr, lo), t.AsX())
			VINSERTI128(U8(1), ptrWord(yPtr, hi), t, t)
			VPXOR(t, r, r)
			st.release(t)
		}
		permute()
		for k := 0; k < 8; k++ {
			lo, hi := 16*i+2*k, 16*(i+1)+2*k
			VMOVDQU(st.r[k].AsX(), word(q, lo))
			VEXTRACTI128(U8(1), st.r[k], word(q, hi))
		}
	}
}

// columnPass emits the column pass for the columns from to to-1 (pairs):
// P on the columns of q, then out = (out ^) the result ^ x ^ y.
func columnPass(from, to int) {
	for j := from; j < to; j += 2 {
		Commentf("Columns %d and %d: P, then out (^)= the result ^ x ^ y.", j, j+1)
		for k := 0; k < 8; k++ {
			VMOVDQU(word(q, 16*k+2*j), st.r[k])
		}
		permute()
		for k := 0; k < 8; k++ {
			VPXOR(ptrWord(xPtr, 16*k+2*j), st.r[k], st.r[k])
			VPXOR(ptrWord(yPtr, 16*k+2*j), st.r[k], st.r[k])
		}
		set := fmt.Sprintf("set%d", j)
		TESTB(xorFlag.As8(), xorFlag.As8())
		JZ(LabelRef(set))
		for k := 0; k < 8; k++ {
			VPXOR(ptrWord(outPtr, 16*k+2*j), st.r[k], st.r[k])
		}
		Label(set)
		for k := 0; k < 8; k++ {
			VMOVDQU(st.r[k], ptrWord(outPtr, 16*k+2*j))
		}
	}
}

// permute emits P on both halves of R0..R7: the column step, the moves onto
// the diagonals, the diagonal step and the moves back.
func permute() {
	r := &st.r
	gb(r[0], r[2], r[4], r[6], r[1], r[3], r[5], r[7])

	// Onto the diagonals. Per 128-bit lane, with R2 = (v4, v5),
	// R3 = (v6, v7), R6 = (v12, v13), R7 = (v14, v15):
	// b0 = (v5, v6), b1 = (v7, v4), d0 = (v15, v12), d1 = (v13, v14);
	// c0 = R5 = (v10, v11), c1 = R4 = (v8, v9).
	b0, b1, d0, d1 := st.take(), st.take(), st.take(), st.take()
	VPALIGNR(U8(8), r[2], r[3], b0)
	VPALIGNR(U8(8), r[3], r[2], b1)
	VPALIGNR(U8(8), r[7], r[6], d0)
	VPALIGNR(U8(8), r[6], r[7], d1)
	st.release(r[2])
	st.release(r[3])
	st.release(r[6])
	st.release(r[7])
	gb(r[0], b0, r[5], d0, r[1], b1, r[4], d1)

	// Back onto the columns: R2 = (v4, v5) = (b1.hi, b0.lo),
	// R3 = (v6, v7) = (b0.hi, b1.lo), R6 = (v12, v13) = (d0.hi, d1.lo),
	// R7 = (v14, v15) = (d1.hi, d0.lo).
	r[2], r[3], r[6], r[7] = st.take(), st.take(), st.take(), st.take()
	VPALIGNR(U8(8), b1, b0, r[2])
	VPALIGNR(U8(8), b0, b1, r[3])
	VPALIGNR(U8(8), d0, d1, r[6])
	VPALIGNR(U8(8), d1, d0, r[7])
	st.release(b0)
	st.release(b1)
	st.release(d0)
	st.release(d1)
}

// gb emits GB on (a0, b0, c0, d0) and on (a1, b1, c1, d1), interleaved.
func gb(a0, b0, c0, d0, a1, b1, c1, d1 VecPhysical) {
	a, b, c, d := [2]VecPhysical{a0, a1}, [2]VecPhysical{b0, b1}, [2]VecPhysical{c0, c1}, [2]VecPhysical{d0, d1}
	t := [2]VecPhysical{st.take(), st.take()}
	half(a, b, c, d, t, 32, 24)
	half(a, b, c, d, t, 16, 63)
	st.release(t[0])
	st.release(t[1])
}

// half emits one half of GB on both groups: x = x + y + 2·lo(x)·lo(y) for
// (a, b) and (c, d), with d rotated right by rd and b by rb bits.
func half(a, b, c, d, t [2]VecPhysical, rd, rb int) {
	blamka := func(x, y [2]VecPhysical) {
		for g := 0; g < 2; g++ {
			VPMULUDQ(y[g], x[g], t[g])
		}
		for g := 0; g < 2; g++ {
			VPADDQ(y[g], x[g], x[g])
		}
		for g := 0; g < 2; g++ {
			VPADDQ(t[g], t[g], t[g])
		}
		for g := 0; g < 2; g++ {
			VPADDQ(t[g], x[g], x[g])
		}
	}
	rotate := func(x, y [2]VecPhysical, n int) {
		for g := 0; g < 2; g++ {
			VPXOR(y[g], x[g], x[g])
		}
		for g := 0; g < 2; g++ {
			switch n {
			case 32:
				VPSHUFD(U8(0xb1), x[g], x[g])
			case 24:
				VPSHUFB(rot24, x[g], x[g])
			case 16:
				VPSHUFB(rot16, x[g], x[g])
			case 63:
				VPADDQ(x[g], x[g], t[g])
				VPSRLQ(U8(63), x[g], x[g])
				VPOR(t[g], x[g], x[g])
			}
		}
	}
	blamka(a, b)
	rotate(d, a, rd)
	blamka(c, d)
	rotate(b, c, rb)
}
