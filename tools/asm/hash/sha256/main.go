// Command sha256 generates hash/sha256/sha256block_amd64.s.
//
// Both functions mirror blockGeneric in hash/sha256/sha256block.go: they run
// the SHA-256 compression function of FIPS 180-4, section 6.2.2, over every
// whole 64-byte block of p.
//
// blockSHANI uses the Intel SHA extensions (SHA256RNDS2, SHA256MSG1,
// SHA256MSG2), following the instruction descriptions in the Intel 64 and
// IA-32 Architectures Software Developer's Manual and Intel's white paper "New
// Instructions Supporting the Secure Hash Algorithm on Intel Architecture
// Processors" (2013).
//
// blockAVX2 is for CPUs with AVX2 and BMI2 but without the SHA extensions. It
// uses the technique of Guilford, Yap and Gopal, "Fast SHA-256
// Implementations on Intel Architecture Processors" (Intel, 2012): the rounds
// are scalar code using RORX, and the message schedule is computed with
// vector instructions for two blocks at once, one block in each 128-bit lane,
// with W[t]+K[t] stored to a buffer on the stack, so that the rounds of the
// second block need no vector work at all.
//
// Run it with go generate in hash/sha256.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The SHA-256 round constants, FIPS 180-4 section 4.2.2.
var k = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func main() {
	ConstraintExpr("gc,!purego")

	kTable := GLOBL("sha256K", RODATA|NOPTR)
	for i, v := range k {
		DATA(4*i, U32(v))
	}
	// PSHUFB mask turning four big-endian words into little-endian ones.
	flip := GLOBL("sha256Flip", RODATA|NOPTR)
	DATA(0, U64(0x0405060700010203))
	DATA(8, U64(0x0c0d0e0f08090a0b))

	// The same constants twice over, K[4i..4i+3] in both 128-bit lanes, for
	// adding to the message words of two blocks at once.
	kPairs := GLOBL("sha256KPairs", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		for lane := 0; lane < 2; lane++ {
			for j := 0; j < 4; j++ {
				DATA(32*i+16*lane+4*j, U32(k[4*i+j]))
			}
		}
	}
	// PSHUFB masks gathering the two σ1 values computed in words 0 and 2 into
	// words 0 and 1 (low) or words 2 and 3 (high), zeroing the other two.
	sigmaLow := GLOBL("sha256Sigma1Low", RODATA|NOPTR)
	DATA(0, U64(0x0b0a090803020100))
	DATA(8, U64(0xffffffffffffffff))
	sigmaHigh := GLOBL("sha256Sigma1High", RODATA|NOPTR)
	DATA(0, U64(0xffffffffffffffff))
	DATA(8, U64(0x0b0a090803020100))

	blockSHANI(kTable, flip)
	blockAVX2(kPairs, flip, sigmaLow, sigmaHigh)
	Generate()
}

func blockSHANI(kTable, flip Mem) {
	TEXT("blockSHANI", NOSPLIT, "func(h *[8]uint32, p []byte)")
	Doc("blockSHANI hashes every whole 64-byte block of p into h with the SHA extensions.")

	h := Load(Param("h"), GP64())
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), n)
	JZ(LabelRef("done"))
	end := GP64()
	LEAQ(Mem{Base: ptr, Index: n, Scale: 1}, end)

	// The rounds work on the state split as ABEF and CDGH (A in the high
	// word), not the ABCD/EFGH order of h.
	msg := X0 // SHA256RNDS2 takes its message words implicitly from X0
	abef, cdgh, tmp := XMM(), XMM(), XMM()
	abefSave, cdghSave := XMM(), XMM()
	mask := XMM()
	w := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}

	MOVOU(Mem{Base: h}, tmp)            // D C B A
	MOVOU(Mem{Base: h, Disp: 16}, cdgh) // H G F E
	PSHUFD(U8(0xb1), tmp, tmp)          // C D A B
	PSHUFD(U8(0x1b), cdgh, cdgh)        // E F G H
	MOVO(tmp, abef)
	PALIGNR(U8(8), cdgh, abef)   // A B E F
	PBLENDW(U8(0xf0), tmp, cdgh) // C D G H
	MOVOU(flip, mask)

	Label("loop")
	MOVO(abef, abefSave)
	MOVO(cdgh, cdghSave)
	for g := 0; g < 16; g++ {
		cur := w[g%4]
		if g < 4 {
			MOVOU(Mem{Base: ptr, Disp: 16 * g}, cur)
			PSHUFB(mask, cur)
		}
		MOVO(cur, msg)
		PADDD(kTable.Offset(16*g), msg)
		SHA256RNDS2(msg, abef, cdgh)
		if g >= 3 && g <= 14 {
			// w[4g+4 .. 4g+7] = σ1 part (MSG2) of (pre + w[t-7] terms).
			next, prev := w[(g+1)%4], w[(g+3)%4]
			MOVO(cur, tmp)
			PALIGNR(U8(4), prev, tmp)
			PADDD(tmp, next)
			SHA256MSG2(cur, next)
		}
		PSHUFD(U8(0x0e), msg, msg)
		SHA256RNDS2(msg, cdgh, abef)
		if g >= 1 && g <= 12 {
			SHA256MSG1(cur, w[(g+3)%4])
		}
	}
	PADDD(abefSave, abef)
	PADDD(cdghSave, cdgh)
	ADDQ(U8(64), ptr)
	CMPQ(ptr, end)
	JB(LabelRef("loop"))

	PSHUFD(U8(0x1b), abef, abef) // F E B A
	PSHUFD(U8(0xb1), cdgh, cdgh) // D C H G
	MOVO(abef, tmp)
	PBLENDW(U8(0xf0), cdgh, abef) // D C B A
	PALIGNR(U8(8), tmp, cdgh)     // H G F E
	MOVOU(abef, Mem{Base: h})
	MOVOU(cdgh, Mem{Base: h, Disp: 16})

	Label("done")
	RET()
}

// avx2Regs holds the registers of blockAVX2.
type avx2Regs struct {
	s      [8]GPVirtual // the working variables a, b, c, d, e, f, g, h
	y0, y1 GPVirtual    // temporaries of a round
	ab, bc GPVirtual    // a ⊕ b of this round and b ⊕ c, for Maj

	x         [4]VecVirtual // the last 16 message words of both blocks
	t         [4]VecVirtual // temporaries of the schedule
	sigmaLow  VecVirtual
	sigmaHigh VecVirtual
	kDiff     GPVirtual // address of kPairs minus that of the W+K buffer
	schedPtr  GPVirtual // points into the W+K buffer
}

// round emits one round of the compression function, reading W[t]+K[t] from
// wk, with the vector instructions of extra (a share of a schedule step)
// placed in its middle, and renames the working variables for the next round.
//
// With (a, b, c, d, e, f, g, h) the working variables it computes
//
//	h += W[t]+K[t] + Ch(e, f, g) + Σ1(e)    (this is T1)
//	d += h                                 (the next e)
//	h += Σ0(a) + Maj(a, b, c)              (the next a)
//
// with Ch(e, f, g) = ((f ⊕ g) ∧ e) ⊕ g and Maj(a, b, c) = ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b,
// where b ⊕ c is the a ⊕ b of the previous round (r.bc); the rotations are
// RORX, which leaves its source alone. The rounds are bound by the integer
// ports more than by latency; of the instruction orders measured on AMD Zen
// 3, this one was the fastest.
func (r *avx2Regs) round(wk Mem, extra func()) {
	a, b, c, d, e, f, g, h := r.s[0], r.s[1], r.s[2], r.s[3], r.s[4], r.s[5], r.s[6], r.s[7]
	y0, y1 := r.y0, r.y1

	ADDL(wk, h)
	RORXL(U8(6), e, y0)
	RORXL(U8(11), e, y1)
	XORL(y1, y0)
	RORXL(U8(25), e, y1)
	XORL(y1, y0) // Σ1(e)
	ADDL(y0, h)
	MOVL(f, y0)
	XORL(g, y0)
	ANDL(e, y0)
	XORL(g, y0) // Ch(e, f, g)
	ADDL(y0, h) // T1
	ADDL(h, d)
	if extra != nil {
		extra()
	}
	RORXL(U8(2), a, y0)
	RORXL(U8(13), a, y1)
	XORL(y1, y0)
	RORXL(U8(22), a, y1)
	XORL(y1, y0) // Σ0(a)
	ADDL(y0, h)
	MOVL(a, r.ab)
	XORL(b, r.ab)
	ANDL(r.ab, r.bc)
	XORL(b, r.bc) // Maj(a, b, c)
	ADDL(r.bc, h)

	r.ab, r.bc = r.bc, r.ab
	r.s = [8]GPVirtual{h, a, b, c, d, e, f, g}
}

// addState adds the working variables into h and keeps the sums in them.
func (r *avx2Regs) addState() {
	h := Load(Param("h"), GP64())
	for i, s := range r.s {
		ADDL(Mem{Base: h, Disp: 4 * i}, s)
		MOVL(s, Mem{Base: h, Disp: 4 * i})
	}
}

// startBlock prepares the Maj shortcut for the first round of a block.
func (r *avx2Regs) startBlock() {
	MOVL(r.s[1], r.bc)
	XORL(r.s[2], r.bc)
}

// schedule returns the vector instructions that compute four message words
// W[t..t+3] of both blocks from r.x = W[t-16..t-1],
//
//	W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
//
// replace W[t-16..t-13] with them, and store W[t..t+3]+K[t..t+3] to
// r.schedPtr+disp, in four parts, one for each of the four rounds they are
// spread over. The σ1 terms of W[t+2] and W[t+3] depend on W[t] and W[t+1],
// so σ1 is computed twice, each time for two words, with the rotations done
// as 64-bit shifts of a word copied into both halves of a quadword.
func (r *avx2Regs) schedule(disp int) [4]func() {
	x0, x1, x2, x3 := r.x[0], r.x[1], r.x[2], r.x[3]
	t0, t1, t2, t3 := r.t[0], r.t[1], r.t[2], r.t[3]
	return [4]func(){
		func() {
			VPALIGNR(U8(4), x2, x3, t0) // W[t-7..t-4]
			VPADDD(x0, t0, t0)          // + W[t-16..t-13]
			VPALIGNR(U8(4), x0, x1, t1) // W[t-15..t-12]
			VPSRLD(U8(7), t1, t2)
			VPSLLD(U8(25), t1, t3)
			VPXOR(t3, t2, t2)
			VPSRLD(U8(18), t1, t3)
			VPXOR(t3, t2, t2)
		},
		func() {
			VPSLLD(U8(14), t1, t3)
			VPXOR(t3, t2, t2)
			VPSRLD(U8(3), t1, t3)
			VPXOR(t3, t2, t2)         // σ0(W[t-15..t-12])
			VPADDD(t2, t0, t0)        // everything but σ1
			VPSHUFD(U8(0xfa), x3, t1) // W[t-2], W[t-2], W[t-1], W[t-1]
			VPSRLQ(U8(17), t1, t2)
			VPSRLQ(U8(19), t1, t3)
		},
		func() {
			VPXOR(t3, t2, t2)
			VPSRLD(U8(10), t1, t3)
			VPXOR(t3, t2, t2) // σ1 in words 0 and 2
			VPSHUFB(r.sigmaLow, t2, t2)
			VPADDD(t2, t0, t0)        // W[t], W[t+1] done
			VPSHUFD(U8(0x50), t0, t1) // W[t], W[t], W[t+1], W[t+1]
			VPSRLQ(U8(17), t1, t2)
			VPSRLQ(U8(19), t1, t3)
		},
		func() {
			VPXOR(t3, t2, t2)
			VPSRLD(U8(10), t1, t3)
			VPXOR(t3, t2, t2)
			VPSHUFB(r.sigmaHigh, t2, t2)
			VPADDD(t2, t0, x0) // W[t..t+3]
			VPADDD(Mem{Base: r.kDiff, Index: r.schedPtr, Scale: 1, Disp: disp}, x0, t1)
			VMOVDQU(t1, Mem{Base: r.schedPtr, Disp: disp})
		},
	}
}

// rotate renames r.x after a schedule step: the new words take the place of
// the oldest.
func (r *avx2Regs) rotate() {
	r.x = [4]VecVirtual{r.x[1], r.x[2], r.x[3], r.x[0]}
}

func blockAVX2(kPairs, flip, sigmaLow, sigmaHigh Mem) {
	TEXT("blockAVX2", 0, "func(h *[8]uint32, p []byte)")
	Doc(
		"blockAVX2 hashes every whole 64-byte block of p into h, two blocks at a",
		"time, with AVX2 for the message schedule and RORX (BMI2) in the rounds.",
	)

	// W[t]+K[t] for two blocks: for each group of four rounds i, 32 bytes,
	// the first block's four words and then the second's. The buffer is
	// aligned to 32 bytes by hand; the stack pointer is only 8-aligned.
	buf := AllocLocal(16*32 + 32)
	ptrSave := AllocLocal(8)
	endSave := AllocLocal(8)
	limit1 := AllocLocal(8) // end of the first block's scheduled rounds
	limit2 := AllocLocal(8) // end of the second block's rounds

	r := &avx2Regs{
		y0: GP32(), y1: GP32(), ab: GP32(), bc: GP32(),
		x:         [4]VecVirtual{YMM(), YMM(), YMM(), YMM()},
		t:         [4]VecVirtual{YMM(), YMM(), YMM(), YMM()},
		sigmaLow:  YMM(),
		sigmaHigh: YMM(),
		kDiff:     GP64(),
		schedPtr:  GP64(),
	}
	for i := range r.s {
		r.s[i] = GP32()
	}

	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), n)
	JZ(LabelRef("avx2_done"))
	ADDQ(ptr, n)
	MOVQ(n, endSave)
	MOVQ(ptr, ptrSave)

	flipMask := YMM()
	VBROADCASTI128(flip, flipMask)
	VBROADCASTI128(sigmaLow, r.sigmaLow)
	VBROADCASTI128(sigmaHigh, r.sigmaHigh)

	base := r.schedPtr
	LEAQ(buf, base)
	ADDQ(U8(31), base)
	ANDQ(I32(^31), base)
	LEAQ(kPairs, r.kDiff)
	SUBQ(base, r.kDiff)
	tmp := GP64()
	LEAQ(Mem{Base: base, Disp: 12 * 32}, tmp)
	MOVQ(tmp, limit1)
	LEAQ(Mem{Base: base, Disp: 16*32 + 16}, tmp)
	MOVQ(tmp, limit2)

	h := Load(Param("h"), GP64())
	for i, s := range r.s {
		MOVL(Mem{Base: h, Disp: 4 * i}, s)
	}

	Label("avx2_loop")
	// The second block is the one after ptr, or, when ptr is the last
	// block, ptr again, whose rounds are then skipped.
	{
		ptr, next := GP64(), GP64()
		MOVQ(ptrSave, ptr)
		LEAQ(Mem{Base: ptr, Disp: 64}, next)
		CMPQ(next, endSave)
		CMOVQCC(ptr, next)
		for i, x := range r.x {
			VMOVDQU(Mem{Base: ptr, Disp: 16 * i}, x.AsX())
			VINSERTI128(U8(1), Mem{Base: next, Disp: 16 * i}, x, x)
			VPSHUFB(flipMask, x, x)
		}
	}
	sp := r.schedPtr
	MOVQ(limit1, sp)
	SUBQ(I32(12*32), sp)
	// Rounds 0 to 15 use the message words themselves.
	for i, x := range r.x {
		VPADDD(Mem{Base: r.kDiff, Index: sp, Scale: 1, Disp: 32 * i}, x, r.t[0])
		VMOVDQU(r.t[0], Mem{Base: sp, Disp: 32 * i})
	}

	// Rounds 0 to 47 of the first block, sixteen at a time, each group of
	// four computing the schedule for the group sixteen rounds ahead.
	r.startBlock()
	Label("avx2_schedule")
	for j := 0; j < 4; j++ {
		parts := r.schedule(4*32 + 32*j)
		for q := 0; q < 4; q++ {
			r.round(Mem{Base: sp, Disp: 32*j + 4*q}, parts[q])
		}
		r.rotate()
	}
	ADDQ(I32(4*32), sp)
	CMPQ(sp, limit1)
	JB(LabelRef("avx2_schedule"))

	// Rounds 48 to 63 of the first block.
	for j := 0; j < 4; j++ {
		for q := 0; q < 4; q++ {
			r.round(Mem{Base: sp, Disp: 32*j + 4*q}, nil)
		}
	}
	r.addState()

	// The second block, if there is one, from the upper lanes.
	{
		next := GP64()
		MOVQ(ptrSave, next)
		ADDQ(U8(64), next)
		CMPQ(next, endSave)
		JAE(LabelRef("avx2_done"))
	}
	SUBQ(I32(12*32-16), sp)
	r.startBlock()
	Label("avx2_second")
	for j := 0; j < 4; j++ {
		for q := 0; q < 4; q++ {
			r.round(Mem{Base: sp, Disp: 32*j + 4*q}, nil)
		}
	}
	ADDQ(I32(4*32), sp)
	CMPQ(sp, limit2)
	JB(LabelRef("avx2_second"))
	r.addState()

	{
		next := GP64()
		MOVQ(ptrSave, next)
		ADDQ(I32(128), next)
		MOVQ(next, ptrSave)
		CMPQ(next, endSave)
		JB(LabelRef("avx2_loop"))
	}

	Label("avx2_done")
	VZEROUPPER()
	RET()
}
