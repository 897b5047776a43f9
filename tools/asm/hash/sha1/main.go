// Command sha1 generates hash/sha1/sha1block_amd64.s.
//
// Both functions mirror blockGeneric in hash/sha1/sha1block.go: they run the
// SHA-1 compression function of FIPS 180-4, section 6.1.2, over every whole
// 64-byte block of p.
//
// blockSHANI uses the Intel SHA extensions (SHA1RNDS4, SHA1NEXTE, SHA1MSG1,
// SHA1MSG2), following the instruction descriptions in the Intel 64 and IA-32
// Architectures Software Developer's Manual and Intel's white paper "New
// Instructions Supporting the Secure Hash Algorithm on Intel Architecture
// Processors" (2013).
//
// blockAVX2 is for CPUs with AVX2 and BMI2 but without the SHA extensions. It
// uses the technique of Locktyukhin, "Improving the Performance of the Secure
// Hash Algorithm (SHA-1)" (Intel, 2010): the rounds are scalar code, and the
// message schedule is computed with vector instructions, four words at a
// time, the first sixteen scheduled words with a correction for the one word
// that depends on another of the same vector, the rest with the equivalent
// recurrence W[t] = ROTL²(W[t-6] ⊕ W[t-16] ⊕ W[t-28] ⊕ W[t-32]), which has no
// such dependency. As in Intel's later AVX2 code, it hashes two blocks at
// once, one in each 128-bit lane, stores W[t]+K for both to a buffer on the
// stack, so that the rounds of the second block need no vector work, and uses
// RORX (BMI2) for the rotations of the rounds.
//
// Run it with go generate in hash/sha1.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("gc,!purego")

	// PSHUFB mask reversing all 16 bytes: four big-endian words become
	// little-endian ones in reverse order (w0 in the high lane), the order
	// SHA1RNDS4 expects.
	flip := GLOBL("sha1Flip", RODATA|NOPTR)
	DATA(0, U64(0x08090a0b0c0d0e0f))
	DATA(8, U64(0x0001020304050607))

	// PSHUFB mask turning big-endian words into little-endian ones in place.
	flipWords := GLOBL("sha1FlipWords", RODATA|NOPTR)
	DATA(0, U64(0x0405060700010203))
	DATA(8, U64(0x0c0d0e0f08090a0b))
	// The round constants, each in all eight words of a 256-bit vector.
	kVectors := GLOBL("sha1KVectors", RODATA|NOPTR)
	for i, v := range []uint32{0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6} {
		for j := 0; j < 8; j++ {
			DATA(32*i+4*j, U32(v))
		}
	}

	blockSHANI(flip)
	blockAVX2(flipWords, kVectors)
	Generate()
}

func blockSHANI(flip Mem) {
	TEXT("blockSHANI", NOSPLIT, "func(h *[5]uint32, p []byte)")
	Doc("blockSHANI hashes every whole 64-byte block of p into h with the SHA extensions.")

	h := Load(Param("h"), GP64())
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), n)
	JZ(LabelRef("done"))
	end := GP64()
	LEAQ(Mem{Base: ptr, Index: n, Scale: 1}, end)

	abcd, abcdSave, eSave, mask := XMM(), XMM(), XMM(), XMM()
	e := [2]VecVirtual{XMM(), XMM()}
	w := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}

	MOVOU(Mem{Base: h}, abcd)
	PSHUFD(U8(0x1b), abcd, abcd) // A in the high lane
	eWord := GP32()
	MOVL(Mem{Base: h, Disp: 16}, eWord)
	PXOR(e[0], e[0])
	PINSRD(U8(3), eWord, e[0]) // E in the high lane, zeros below
	MOVOU(flip, mask)

	Label("loop")
	MOVO(abcd, abcdSave)
	MOVO(e[0], eSave)
	// Twenty groups of four rounds. Group g uses message words w[4g..4g+3]
	// in register w[g%4] and the E value in e[g%2]; while it runs, the
	// schedule for later groups is advanced with MSG1, XOR and MSG2.
	for g := 0; g < 20; g++ {
		cur := w[g%4]
		ecur, enext := e[g%2], e[(g+1)%2]
		if g < 4 {
			MOVOU(Mem{Base: ptr, Disp: 16 * g}, cur)
			PSHUFB(mask, cur)
		}
		if g == 0 {
			PADDD(cur, ecur)
		} else {
			SHA1NEXTE(cur, ecur)
		}
		MOVO(abcd, enext)
		if g >= 3 && g <= 18 {
			SHA1MSG2(cur, w[(g+1)%4])
		}
		SHA1RNDS4(U8(g/5), ecur, abcd)
		if g >= 1 && g <= 16 {
			SHA1MSG1(cur, w[(g+3)%4])
		}
		if g >= 2 && g <= 17 {
			PXOR(cur, w[(g+2)%4])
		}
	}
	// After group 19 the next E is in e[0]: rotate it and add the saved E.
	SHA1NEXTE(eSave, e[0])
	PADDD(abcdSave, abcd)
	ADDQ(U8(64), ptr)
	CMPQ(ptr, end)
	JB(LabelRef("loop"))

	PSHUFD(U8(0x1b), abcd, abcd)
	MOVOU(abcd, Mem{Base: h})
	PEXTRD(U8(3), e[0], eWord)
	MOVL(eWord, Mem{Base: h, Disp: 16})

	Label("done")
	RET()
}

// avx2Regs holds the registers of blockAVX2.
type avx2Regs struct {
	s      [6]GPVirtual // the working variables a, b, c, d, e, and a spare
	t0, t1 GPVirtual    // temporaries of a round

	w    [8]VecVirtual // the last 32 message words of both blocks, w[g%8] = W[4g..4g+3]
	tmp  [3]VecVirtual // temporaries of the schedule
	k    GPVirtual     // address of the K vectors
	base GPVirtual     // address of the W+K buffer
}

// round emits round t of the compression function, reading W[t]+K from wk,
// with the vector instructions of extra (a share of a schedule step) placed
// at its start, and renames the working variables for the next round. It
// computes
//
//	e += W[t]+K + f(b, c, d) + ROTL⁵(a)
//	b' = ROTL³⁰(b)
//
// after which (e, a, b', c, d) play the roles of (a, b, c, d, e), with
//
//	Ch(b, c, d) = ((c ⊕ d) ∧ b) ⊕ d             rounds 0 to 19
//	Parity(b, c, d) = (c ⊕ d) ⊕ b               rounds 20 to 39 and 60 to 79
//	Maj(b, c, d) = (c ∧ d) + (b ∧ (c ⊕ d))      rounds 40 to 59
//
// (the two terms of Maj have no bit in common, so they can be added). The
// rotations are RORX, which leaves its source alone: ROTL³⁰(b) goes to the
// spare register r.s[5], and b's register becomes the spare one. The terms
// are ordered so that a, which the previous round has just computed, and b,
// computed the round before, come into the sum last. The rounds are bound
// by the latency of a (RORX and ADD, two cycles a round) and by the integer
// ports at the same time, so the order matters: this one, vector work
// first, was the fastest of those measured on AMD Zen 3.
func (r *avx2Regs) round(t int, wk Mem, extra func()) {
	a, b, c, d, e, spare := r.s[0], r.s[1], r.s[2], r.s[3], r.s[4], r.s[5]
	t0, t1 := r.t0, r.t1

	if extra != nil {
		extra()
	}
	RORXL(U8(2), b, spare)
	ADDL(wk, e)
	switch {
	case t < 20:
		MOVL(c, t0)
		XORL(d, t0)
		ANDL(b, t0)
		XORL(d, t0)
		ADDL(t0, e)
	case t < 40 || t >= 60:
		MOVL(c, t0)
		XORL(d, t0)
		XORL(b, t0)
		ADDL(t0, e)
	default:
		MOVL(c, t0)
		ANDL(d, t0)
		ADDL(t0, e)
		MOVL(c, t1)
		XORL(d, t1)
		ANDL(b, t1)
		ADDL(t1, e)
	}
	RORXL(U8(27), a, t0)
	ADDL(t0, e)

	r.s = [6]GPVirtual{e, a, spare, c, d, b}
}

// schedule returns the vector instructions that compute the message words
// W[4g..4g+3] of both blocks (4 <= g < 20) into r.w[g%8] and store them,
// plus K, to the buffer, in four parts, one for each of the four rounds they
// are spread over.
func (r *avx2Regs) schedule(g int) [4]func() {
	w := func(i int) VecVirtual { return r.w[(g+i+8)%8] } // w(-1) = W[4g-4..4g-1]
	t0, t1, t2 := r.tmp[0], r.tmp[1], r.tmp[2]
	store := func() {
		VPADDD(Mem{Base: r.k, Disp: 32 * (g / 5)}, w(0), t1)
		VMOVDQU(t1, Mem{Base: r.base, Disp: 32 * g})
	}
	if g < 8 {
		// W[t] = ROTL¹(W[t-3] ⊕ W[t-8] ⊕ W[t-14] ⊕ W[t-16]) for t = 4g..4g+3,
		// where W[4g+3] needs W[4g] of the same vector: it is computed
		// without that term, which is added afterwards.
		return [4]func(){
			func() {
				VPALIGNR(U8(8), w(-4), w(-3), t0) // W[t-14..t-11]
				VPXOR(w(-4), t0, t0)              // W[t-16..t-13]
				VPXOR(w(-2), t0, t0)              // W[t-8..t-5]
				VPSRLDQ(U8(4), w(-1), t1)         // W[t-3..t-1], 0
			},
			func() {
				VPXOR(t1, t0, t0)
				VPSLLDQ(U8(12), t0, t1) // 0, 0, 0, word 0
				VPSRLD(U8(31), t0, t2)
				VPADDD(t0, t0, t0)
			},
			func() {
				VPOR(t2, t0, t0) // ROTL¹: W[t..t+2] done
				VPSRLD(U8(30), t1, t2)
				VPSLLD(U8(2), t1, t1)
				VPOR(t2, t1, t1) // ROTL²(word 0) = ROTL¹(W[t]) in word 3
			},
			func() {
				VPXOR(t1, t0, w(0))
				store()
			},
		}
	}
	// W[t] = ROTL²(W[t-6] ⊕ W[t-16] ⊕ W[t-28] ⊕ W[t-32]) for t >= 32.
	return [4]func(){
		func() {
			VPALIGNR(U8(8), w(-2), w(-1), t0) // W[t-6..t-3]
			VPXOR(w(-4), t0, t0)              // W[t-16..t-13]
		},
		func() {
			VPXOR(w(-7), t0, t0) // W[t-28..t-25]
			VPXOR(w(-8), t0, t0) // W[t-32..t-29]
		},
		func() {
			VPSRLD(U8(30), t0, t1)
			VPSLLD(U8(2), t0, t0)
			VPOR(t1, t0, w(0))
		},
		store,
	}
}

// addState adds the working variables into h and keeps the sums in them.
func (r *avx2Regs) addState() {
	h := Load(Param("h"), GP64())
	for i, s := range r.s[:5] {
		ADDL(Mem{Base: h, Disp: 4 * i}, s)
		MOVL(s, Mem{Base: h, Disp: 4 * i})
	}
}

func blockAVX2(flipWords, kVectors Mem) {
	TEXT("blockAVX2", 0, "func(h *[5]uint32, p []byte)")
	Doc(
		"blockAVX2 hashes every whole 64-byte block of p into h, two blocks at a",
		"time, with AVX2 for the message schedule and RORX (BMI2) in the rounds.",
	)

	// W[t]+K for two blocks: for each group of four rounds g, 32 bytes, the
	// first block's four words and then the second's. The buffer is aligned
	// to 32 bytes by hand; the stack pointer is only 8-aligned.
	buf := AllocLocal(20*32 + 32)

	r := &avx2Regs{
		t0: GP32(), t1: GP32(),
		tmp:  [3]VecVirtual{YMM(), YMM(), YMM()},
		k:    GP64(),
		base: GP64(),
	}
	for i := range r.s {
		r.s[i] = GP32()
	}
	for i := range r.w {
		r.w[i] = YMM()
	}

	flip := YMM()
	VBROADCASTI128(flipWords, flip)
	LEAQ(kVectors, r.k)

	ptr := Load(Param("p").Base(), GP64())
	end := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), end)
	JZ(LabelRef("avx2_done"))
	ADDQ(ptr, end)

	LEAQ(buf, r.base)
	ADDQ(U8(31), r.base)
	ANDQ(I32(^31), r.base)

	// The rounds permute the registers of the working variables, so they
	// are loaded from h again for every pair of blocks.
	start := r.s
	Label("avx2_loop")
	r.s = start
	h := Load(Param("h"), GP64())
	for i, s := range r.s[:5] {
		MOVL(Mem{Base: h, Disp: 4 * i}, s)
	}
	// The second block is the one after ptr, or, when ptr is the last
	// block, ptr again, whose rounds are then skipped.
	next := GP64()
	LEAQ(Mem{Base: ptr, Disp: 64}, next)
	CMPQ(next, end)
	CMOVQCC(ptr, next)
	for i := 0; i < 4; i++ {
		x := r.w[i]
		VMOVDQU(Mem{Base: ptr, Disp: 16 * i}, x.AsX())
		VINSERTI128(U8(1), Mem{Base: next, Disp: 16 * i}, x, x)
		VPSHUFB(flip, x, x)
		VPADDD(Mem{Base: r.k}, x, r.tmp[0])
		VMOVDQU(r.tmp[0], Mem{Base: r.base, Disp: 32 * i})
	}

	// The first block, each group of four rounds computing the schedule
	// for the group sixteen rounds ahead.
	for g := 0; g < 20; g++ {
		var parts [4]func()
		if g+4 < 20 {
			parts = r.schedule(g + 4)
		}
		for q := 0; q < 4; q++ {
			r.round(4*g+q, Mem{Base: r.base, Disp: 32*g + 4*q}, parts[q])
		}
	}
	r.addState()

	// The second block, if there is one, from the upper lanes.
	CMPQ(next, ptr)
	JEQ(LabelRef("avx2_done"))
	for g := 0; g < 20; g++ {
		for q := 0; q < 4; q++ {
			r.round(4*g+q, Mem{Base: r.base, Disp: 32*g + 16 + 4*q}, nil)
		}
	}
	r.addState()

	ADDQ(I32(128), ptr)
	CMPQ(ptr, end)
	JB(LabelRef("avx2_loop"))

	Label("avx2_done")
	VZEROUPPER()
	RET()
}
