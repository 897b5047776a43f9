package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
)

// chachaSealShortAVX512 emits chachaSealShortAVX512, the whole of Seal for
// messages of at most 320 bytes in one call: the key block and up to five
// blocks of keystream in rows, as chachaRowsAVX512 computes them (two
// blocks to a set of YMM registers, VPROLD rotations), one set up to 64
// bytes, two up to 192 and three beyond (the third in Y16 to Y19, whose
// instructions need the EVEX forms of AVX-512VL); the key clamped into s;
// the whole blocks XORed and stored from the registers, a partial one
// through the frame; then
// polyFinishMULX's code over the additional data and the ciphertext just
// written, and the tag. One call instead of three (chachaRowsAVX512,
// polyState.setKey, polyFinishMULX) and the Go code between them.
//
// With open it emits chachaOpenShortAVX512, the same for Open: Poly1305
// absorbs the ciphertext, src, before the keystream is XORed into it, so
// that dst may be src, and the tag it writes is the one to check.
func chachaSealShortAVX512(open bool) {
	name := "chachaSealShortAVX512"
	if open {
		name = "chachaOpenShortAVX512"
	}
	TEXT(name, 0, "func(state *[16]uint32, s *polyState, dst, src []byte, ad []byte, adLen, ctLen int, tag *[16]byte)")
	if open {
		Doc(
			name+" opens src (len(src) ≤ 320, the ciphertext without its",
			"tag) into dst (as long): the Poly1305 key from the ChaCha20 block with",
			"counter state[12] into s, then ad and src, each followed by zeros up",
			"to a multiple of 16 bytes, and the block of adLen and ctLen absorbed,",
			"and the tag written to tag for the caller to check; then the keystream",
			"of the next blocks XORed into src, written to dst. It leaves state",
			"alone; dst and src are the same or do not overlap. It needs AVX2,",
			"AVX-512VL and BMI2.",
		)
	} else {
		Doc(
			name+" seals src (len(src) ≤ 320) into dst (as long) and",
			"tag: the Poly1305 key from the ChaCha20 block with counter state[12]",
			"into s, the keystream of the next blocks XORed into src, then ad and",
			"the ciphertext, each followed by zeros up to a multiple of 16 bytes,",
			"and the block of adLen and ctLen absorbed, and the tag written. It",
			"leaves state alone; dst and src are the same or do not overlap. It",
			"needs AVX2, AVX-512VL and BMI2.",
		)
	}
	ks := AllocLocal(64)

	state := Load(Param("state"), GP64())
	row := func(i int) Mem { return Mem{Base: state, Disp: 16 * i} }
	Comment("The input rows in Y4 to Y7; the counters of blocks 0 and 1 in the lanes of Y7,",
		"of blocks 2 and 3 in those of Y14, of blocks 4 and 5 in those of Y15.")
	in := []VecPhysical{Y4, Y5, Y6, Y7}
	for i := range in {
		VBROADCASTI128(row(i), in[i])
	}
	VPADDD(oneHigh, Y7, Y7)
	VPADDD(twoBlocks, Y7, Y14)
	VPADDD(twoBlocks, Y14, Y15)
	counters := []VecPhysical{Y7, Y14, Y15}
	a := []VecPhysical{Y0, Y8, Y16}
	b := []VecPhysical{Y1, Y9, Y17}
	c := []VecPhysical{Y2, Y10, Y18}
	d := []VecPhysical{Y3, Y11, Y19}
	n := Load(Param("src").Len(), GP64())
	rounds := GP64()

	sets := func(k int) {
		for s := 0; s < k; s++ {
			vmovdqa(in[0], a[s])
			vmovdqa(in[1], b[s])
			vmovdqa(in[2], c[s])
			vmovdqa(counters[s], d[s])
		}
		MOVQ(U32(10), rounds)
		loop := fmt.Sprintf("double%d", k)
		Label(loop)
		var o stitch.Ops
		rowDoubleRound(&o, a[:k], b[:k], c[:k], d[:k], nil, true)
		stitch.Merge(o, nil)
		DECQ(rounds)
		JNZ(LabelRef(loop))
		for s := 0; s < k; s++ {
			VPADDD(in[0], a[s], a[s])
			VPADDD(in[1], b[s], b[s])
			VPADDD(in[2], c[s], c[s])
			VPADDD(counters[s], d[s], d[s])
		}
	}
	Comment("Up to 64 bytes: blocks 0 (the key) and 1; to 192, 2 and 3 beside them; beyond,",
		"4 and 5 too.")
	CMPQ(n, U8(64))
	JA(LabelRef("twoSets"))
	sets(1)
	JMP(LabelRef("key"))
	Label("twoSets")
	CMPQ(n, U32(192))
	JA(LabelRef("threeSets"))
	sets(2)
	JMP(LabelRef("key"))
	Label("threeSets")
	sets(3)

	Label("key")
	Comment("The key: r clamped from bytes 0-15 of block 0 (low lanes), s from 16-31; h = 0.")
	sp := Load(Param("s"), GP64())
	r0, r1, m := GP64(), GP64(), GP64()
	VMOVQ(X0, r0)
	VPEXTRQ(U8(1), X0, r1)
	MOVQ(U64(0x0ffffffc0fffffff), m)
	ANDQ(m, r0)
	MOVQ(U64(0x0ffffffc0ffffffc), m)
	ANDQ(m, r1)
	MOVQ(U32(0), Mem{Base: sp})
	MOVQ(U32(0), Mem{Base: sp, Disp: 8})
	MOVQ(U32(0), Mem{Base: sp, Disp: 16})
	MOVQ(r0, Mem{Base: sp, Disp: 24})
	MOVQ(r1, Mem{Base: sp, Disp: 32})
	VMOVDQU(X1, Mem{Base: sp, Disp: 40})

	if open {
		Comment("Poly1305 of the ciphertext before it is overwritten; the keystream waits",
			"in the rows, which the scalar code leaves alone.")
		polyShort("src")
	}
	n = Load(Param("src").Len(), GP64())
	src := Load(Param("src").Base(), GP64())
	dst := Load(Param("dst").Base(), GP64())
	off, part := GP64(), GP64()
	Comment("The whole blocks XORed and stored, the keystream of a partial one to the frame,",
		"each block taken from its lanes of the rows into Y12:Y13 as it comes.")
	// block gathers block j, lane j%2 of set j/2: VPERM2I128, or
	// VSHUFI64X2 (AVX-512VL) for the registers above Y15, whose lane 0
	// comes from lane imm&1 of the third operand from the end and lane 1
	// from lane imm>>1 of the second.
	block := func(j int) {
		s, lane := j/2, j%2
		if evex(a[s]) {
			imm := U8(3 * lane)
			VSHUFI64X2(imm, b[s], a[s], Y12)
			VSHUFI64X2(imm, d[s], c[s], Y13)
			return
		}
		imm := U8(0x20 + 0x11*lane)
		VPERM2I128(imm, b[s], a[s], Y12)
		VPERM2I128(imm, d[s], c[s], Y13)
	}
	const most = 5 // blocks after the key block
	for j := 1; j <= most; j++ {
		CMPQ(n, U32(64*j))
		JB(LabelRef(fmt.Sprintf("partial%d", j)))
		block(j)
		VPXOR(Mem{Base: src, Disp: 64 * (j - 1)}, Y12, Y12)
		VPXOR(Mem{Base: src, Disp: 64*(j-1) + 32}, Y13, Y13)
		VMOVDQU(Y12, Mem{Base: dst, Disp: 64 * (j - 1)})
		VMOVDQU(Y13, Mem{Base: dst, Disp: 64*(j-1) + 32})
	}
	MOVQ(U32(64*most), off)
	JMP(LabelRef("xorPartial"))
	for j := 1; j <= most; j++ {
		Label(fmt.Sprintf("partial%d", j))
		block(j)
		VMOVDQU(Y12, ks)
		VMOVDQU(Y13, ks.Offset(32))
		MOVQ(U32(64*(j-1)), off)
		if j < most {
			JMP(LabelRef("xorPartial"))
		}
	}

	Label("xorPartial")
	Comment("The n-off bytes from off on: the keystream in the frame, eight bytes, then one, at a time.")
	VZEROUPPER()
	MOVQ(n, part)
	SUBQ(off, part)
	ADDQ(off, src)
	ADDQ(off, dst)
	i, t := GP64(), GP64()
	XORQ(i, i)
	Label("xor8")
	LEAQ(Mem{Base: i, Disp: 8}, t)
	CMPQ(t, part)
	JA(LabelRef("xor1"))
	MOVQ(Mem{Base: ks.Base, Index: i, Scale: 1, Disp: ks.Disp}, t)
	XORQ(Mem{Base: src, Index: i, Scale: 1}, t)
	MOVQ(t, Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(8), i)
	JMP(LabelRef("xor8"))
	Label("xor1")
	CMPQ(i, part)
	JAE(LabelRef("poly"))
	MOVBQZX(Mem{Base: ks.Base, Index: i, Scale: 1, Disp: ks.Disp}, t)
	XORB(Mem{Base: src, Index: i, Scale: 1}, t.As8())
	MOVB(t.As8(), Mem{Base: dst, Index: i, Scale: 1})
	INCQ(i)
	JMP(LabelRef("xor1"))

	Label("poly")
	if !open {
		polyShort("dst")
	}
	RET()
}

// polyShort emits polyFinishMULX's code with the state of the parameter
// s, over the additional data ad and the ciphertext at the base of the
// slice parameter ct, as long as src: the tag to the parameter tag.
func polyShort(ct string) {
	p := loadPoly()
	p.absorbPadded("ad", Load(Param("ad").Base(), GP64()), Load(Param("ad").Len(), GP64()))
	p.absorbPadded("ct", Load(Param(ct).Base(), GP64()), Load(Param("src").Len(), GP64()))
	p.lengthsAndTag()
}
