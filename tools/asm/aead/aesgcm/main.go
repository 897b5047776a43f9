// Command aesgcm generates the amd64 assembly of AES-GCM (NIST SP 800-38D):
//
//   - with -kernel ghash (the default), aead/internal/ghash/ghash_amd64.s:
//     the PCLMULQDQ and VPCLMULQDQ kernels of GHASH (Section 6.4), described
//     below;
//   - with -kernel gcm, aead/internal/gcm/gcm_amd64.s: the stitched kernels
//     that run AES counter mode and GHASH together, 16 blocks per step with
//     VAES and VPCLMULQDQ in YMM registers, or 8 with AES-NI and PCLMULQDQ
//     in XMM registers (VEX-encoded); see gcm.go.
//
// The GHASH kernels:
//
// Both functions mirror UpdateGeneric of aead/internal/ghash: for each
// 16-byte block X of p, acc = (acc ⊕ X)·H in GF(2¹²⁸).
//
// Representation. A block is loaded and byte-reversed (PSHUFB), which makes
// the 128-bit register the bit-reversed polynomial: register bit 127-i is
// the coefficient of xⁱ. The table pow holds H¹⁶..H¹ multiplied by x⁻¹ in
// the same form (pow[15] = H·x⁻¹, see initPowers in ghash_amd64.go), so
// that the 256-bit carry-less product of a block with a power is the
// bit-reversed product with bit 255-i holding the coefficient of xⁱ and no
// shift is needed (Gueron and Kounavis, Intel white paper 323640, rev.
// 2.02, Algorithm 5 and the "shift-free" variant of Section 4).
//
// Aggregated reduction. n blocks X₁..Xₙ absorbed into Y give
// (…((Y⊕X₁)H ⊕ X₂)H …⊕Xₙ)H = (Y⊕X₁)Hⁿ ⊕ X₂Hⁿ⁻¹ ⊕ … ⊕ XₙH¹: the n
// products are independent, so they are computed side by side, summed
// unreduced (256 bits each), and reduced once. Each 128×128 product is
// three PCLMULQDQ by Karatsuba: lo = a₀b₀, hi = a₁b₁ and
// mid = (a₀⊕a₁)(b₀⊕b₁); table kar holds b₀⊕b₁ of each power (twice, one per
// 64-bit half), and the data's a₀⊕a₁ comes from PSHUFD $0x4e and PXOR.
// The three sums are combined once per group: mid ⊕= lo ⊕ hi, then mid's
// halves are added to the middle 128 bits of hi:lo.
//
// Reduction of hi:lo (256 bits, bit 255-i holding xⁱ) modulo
// g = x¹²⁸+x⁷+x²+x+1: the low 64 bits L₀ hold the coefficients of x¹⁹²..x²⁵⁵.
// The carry-less product of L₀ with 0xc200000000000000 (bits 63, 62, 57)
// plus L₀ moved up by 64 bits (PSHUFD $0x4e swaps the halves of lo) is L₀
// multiplied by x¹²⁸ ≡ x⁷+x²+x+1 and moved 128 coefficient positions down
// by one 64-bit step; after two such folds lo's 128 bits are lo·x¹²⁸ mod g
// in place, which XORed into hi (128 positions lower) is lo mod g: the
// reduced product is lo ⊕ hi.
//
// updateCLMUL (SSE encoding, for CPUs with PCLMULQDQ) takes eight blocks
// per reduction with H⁸..H¹. updateVCLMUL (VEX, AVX2 and 256-bit
// VPCLMULQDQ) holds two blocks per YMM register and takes sixteen blocks
// per reduction in eight registers with H¹⁶..H¹; the two 128-bit lanes of
// each sum are added together before the reduction. Both then take the k
// blocks left (fewer than a full step) with Hᵏ..H¹ and a single reduction:
// the accumulator is added to the first of them and cleared, and the
// powers are read from index 16-k of the table on (updateVCLMUL: two
// blocks per register, and the last one alone if k is odd).
//
// Run it with go generate in aead/internal/ghash.
package main

import (
	"flag"
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var bswapMask, polyConst Mem

// kernel chooses the file to generate: "ghash" for
// aead/internal/ghash/ghash_amd64.s, "gcm" for
// aead/internal/gcm/gcm_amd64.s (see gcm.go), "polyval" for aead/internal/ghash/ghash_polyval_amd64.s and
// "gcmsiv" for aead/aesgcmsiv/siv_amd64.s (see polyval.go).
var kernel = flag.String("kernel", "ghash", "which kernels to generate: ghash, gcm, polyval or gcmsiv")

func main() {
	flag.Parse()
	ConstraintExpr("gc,!purego")
	switch *kernel {
	case "ghash":
		ghashMain()
	case "gcm":
		gcmMain()
	case "polyval":
		polyvalMain()
	case "gcmsiv":
		sivMain()
	default:
		fmt.Fprintf(os.Stderr, "aesgcm: unknown -kernel %q\n", *kernel)
		os.Exit(2)
	}
	Generate()
}

// ghashMain emits the GHASH kernels.
func ghashMain() {

	// PSHUFB mask reversing the 16 bytes of each 128-bit lane.
	bswapMask = GLOBL("ghashByteReverse", RODATA|NOPTR)
	for lane := 0; lane < 2; lane++ {
		DATA(32*0+16*lane, U64(0x08090a0b0c0d0e0f))
		DATA(32*0+16*lane+8, U64(0x0001020304050607))
	}
	// x⁶³+x⁶²+x⁵⁷ in the low 64 bits (see the package comment).
	polyConst = GLOBL("ghashPoly", RODATA|NOPTR)
	DATA(0, U64(0xc200000000000000))
	DATA(8, U64(0))

	updateCLMUL()
	updateVCLMUL()
}

var labelCount int

func label(prefix string) string {
	labelCount++
	return fmt.Sprintf("%s_%d", prefix, labelCount)
}

// sseRegs are the XMM registers of clmulKernel and polyvalPowersCLMUL.
type sseRegs struct {
	acc, bswap, poly, lo, hi, mid, d, t VecPhysical
	// h and k receive a power of H and its kar entry (see sseProduct).
	h, k VecPhysical
}

// updateHeader emits the header of an update kernel (GHASH's or
// POLYVAL's, 128- or 256-bit) named name and loads its arguments: the
// tables of powers, the accumulator's address, and the data and its
// length.
func updateHeader(name, doc string) (pow, kar, accP, src, n Register) {
	TEXT(name, NOSPLIT, "func(pow, kar *[16][2]uint64, acc *[16]byte, p []byte)")
	Doc(doc)
	pow = Load(Param("pow"), GP64())
	kar = Load(Param("kar"), GP64())
	accP = Load(Param("acc"), GP64())
	src = Load(Param("p").Base(), GP64())
	n = Load(Param("p").Len(), GP64())
	return pow, kar, accP, src, n
}

// updateCLMUL emits the 128-bit kernel.
func updateCLMUL() {
	clmulKernel("updateCLMUL", "updateCLMUL absorbs len(p)/16 blocks into acc with PCLMULQDQ, eight per reduction.", polyConst, true)
}

// clmulKernel emits a 128-bit kernel named name, the SSE counterpart of
// vclmulKernel: GHASH's (swap: each block, and the accumulator,
// byte-reversed as it is loaded and stored) or, without the byte
// reversals, POLYVAL's (see polyval.go), with the reduction constant at
// poly.
func clmulKernel(name, doc string, poly Mem, swap bool) {
	pow, kar, accP, src, n := updateHeader(name, doc)

	r := sseRegs{acc: X0, bswap: X1, poly: X2, lo: X3, hi: X4, mid: X5, d: X6, t: X7, h: X8, k: X9}
	if swap {
		MOVOU(bswapMask, r.bswap)
	}
	MOVOU(poly, r.poly)
	MOVOU(Mem{Base: accP}, r.acc)
	if swap {
		PSHUFB(r.bswap, r.acc)
	}

	for _, blocks := range []int{8} {
		loop, next := label("blocks"+fmt.Sprint(blocks)), label("done"+fmt.Sprint(blocks))
		Label(loop)
		CMPQ(n, U32(16*blocks))
		JB(LabelRef(next))
		first := 16 - blocks // index of H^blocks in pow
		for i := 0; i < blocks; i++ {
			MOVOU(Mem{Base: src, Disp: 16 * i}, r.d)
			if swap {
				PSHUFB(r.bswap, r.d)
			}
			if i == 0 {
				PXOR(r.acc, r.d)
			}
			hm := Mem{Base: pow, Disp: 16 * (first + i)}
			km := Mem{Base: kar, Disp: 16 * (first + i)}
			sseProduct(r, hm, km, i == 0)
		}
		sseReduce(r)
		ADDQ(U32(16*blocks), src)
		SUBQ(U32(16*blocks), n)
		JMP(LabelRef(loop))
		Label(next)
	}

	// The remaining n < 128 bytes, if any: blocks X₁..Xₖ multiplied by
	// Hᵏ..H¹ (pow from index 16-k on, byte offset 256-n), one reduction.
	done, powp, karp := tailPowers(pow, kar, n)
	PXOR(r.lo, r.lo)
	PXOR(r.hi, r.hi)
	PXOR(r.mid, r.mid)
	tail := label("tail")
	Label(tail)
	MOVOU(Mem{Base: src}, r.d)
	if swap {
		PSHUFB(r.bswap, r.d)
	}
	// The accumulator goes into the first block only: it is cleared once
	// added.
	PXOR(r.acc, r.d)
	PXOR(r.acc, r.acc)
	sseProduct(r, Mem{Base: powp}, Mem{Base: karp}, false)
	ADDQ(U8(16), src)
	ADDQ(U8(16), powp)
	ADDQ(U8(16), karp)
	SUBQ(U8(16), n)
	JNZ(LabelRef(tail))
	sseReduce(r)
	Label(done)

	if swap {
		PSHUFB(r.bswap, r.acc)
	}
	MOVOU(r.acc, Mem{Base: accP})
	RET()
}

// sseProduct adds the Karatsuba products of r.d by the power at hm (with
// its kar entry at km) to r.lo, r.hi and r.mid, or sets them if first.
// r.d is destroyed. The power and its kar entry are loaded into r.h and r.k
// first: an SSE instruction faults on a memory operand that is not 16-byte
// aligned, and nothing aligns a Key (MOVOU loads from any address).
func sseProduct(r sseRegs, hm, km Mem, first bool) {
	MOVOU(hm, r.h)
	MOVOU(km, r.k)
	sseProductReg(r, r.h, r.k, first)
}

// sseReduce combines r.lo, r.hi, r.mid into the 256-bit product and
// reduces it into r.acc (see the package comment).
func sseReduce(r sseRegs) {
	PXOR(r.lo, r.mid)
	PXOR(r.hi, r.mid)
	MOVOU(r.mid, r.t)
	PSLLDQ(U8(8), r.t)
	PXOR(r.t, r.lo)
	PSRLDQ(U8(8), r.mid)
	PXOR(r.mid, r.hi)
	for i := 0; i < 2; i++ {
		MOVOU(r.lo, r.t)
		PCLMULQDQ(U8(0x00), r.poly, r.t)
		PSHUFD(U8(0x4e), r.lo, r.lo)
		PXOR(r.t, r.lo)
	}
	PXOR(r.hi, r.lo)
	MOVOU(r.lo, r.acc)
}

// avxRegs are the registers of updateVCLMUL: the Y registers, whose X
// halves are used for the single-block step and the reduction.
type avxRegs struct {
	acc, bswap, poly, lo, hi, mid, d, t, u VecPhysical
}

// updateVCLMUL emits the 256-bit kernel.
func updateVCLMUL() {
	vclmulKernel("updateVCLMUL", "updateVCLMUL absorbs len(p)/16 blocks into acc with 256-bit VPCLMULQDQ, sixteen per reduction.", polyConst, true)
}

// vclmulKernel emits a 256-bit kernel named name: GHASH's (swap: each block,
// and the accumulator, byte-reversed as it is loaded and stored) or, without
// the byte reversals, POLYVAL's (see polyval.go), with the reduction
// constant at poly.
func vclmulKernel(name, doc string, poly Mem, swap bool) {
	pow, kar, accP, src, n := updateHeader(name, doc)

	r := avxRegs{acc: Y0, bswap: Y1, poly: Y2, lo: Y3, hi: Y4, mid: Y5, d: Y6, t: Y7, u: Y8}
	if swap {
		VMOVDQU(bswapMask, r.bswap)
	}
	VMOVDQU(poly, r.poly.AsX())
	// A VEX load of 128 bits clears the upper lane: acc's Y register is
	// then the accumulator in lane 0 and zero in lane 1, ready to be XORed
	// into the first pair of blocks.
	VMOVDQU(Mem{Base: accP}, r.acc.AsX())
	if swap {
		VPSHUFB(r.bswap.AsX(), r.acc.AsX(), r.acc.AsX())
	}

	for _, regs := range []int{8} {
		blocks := 2 * regs
		loop, next := label("blocks"+fmt.Sprint(blocks)), label("done"+fmt.Sprint(blocks))
		Label(loop)
		CMPQ(n, U32(16*blocks))
		JB(LabelRef(next))
		first := 16 - blocks
		for i := 0; i < regs; i++ {
			VMOVDQU(Mem{Base: src, Disp: 32 * i}, r.d)
			if swap {
				VPSHUFB(r.bswap, r.d, r.d)
			}
			if i == 0 {
				VPXOR(r.acc, r.d, r.d)
			}
			hm := Mem{Base: pow, Disp: 16 * (first + 2*i)}
			km := Mem{Base: kar, Disp: 16 * (first + 2*i)}
			avxProduct(r.d, r.t, r.lo, r.hi, r.mid, hm, km, i == 0)
		}
		foldLanes(r.t.AsX(), r.lo, r.hi, r.mid)
		avxReduce(r)
		ADDQ(U32(16*blocks), src)
		SUBQ(U32(16*blocks), n)
		JMP(LabelRef(loop))
		Label(next)
	}

	// The remaining n < 256 bytes, if any: blocks X₁..Xₖ multiplied by
	// Hᵏ..H¹ (pow from index 16-k on, byte offset 256-n), two per YMM
	// register and the last one alone if k is odd, one reduction.
	done, powp, karp := tailPowers(pow, kar, n)
	VPXOR(r.lo, r.lo, r.lo)
	VPXOR(r.hi, r.hi, r.hi)
	VPXOR(r.mid, r.mid, r.mid)
	pairs, single, reduce := label("pairs"), label("single"), label("reduce")
	Label(pairs)
	CMPQ(n, U8(32))
	JB(LabelRef(single))
	VMOVDQU(Mem{Base: src}, r.d)
	if swap {
		VPSHUFB(r.bswap, r.d, r.d)
	}
	// The accumulator (zero in lane 1) goes into the first block only: it
	// is cleared once added.
	VPXOR(r.acc, r.d, r.d)
	VPXOR(r.acc, r.acc, r.acc)
	avxProduct(r.d, r.t, r.lo, r.hi, r.mid, Mem{Base: powp}, Mem{Base: karp}, false)
	ADDQ(U8(32), src)
	ADDQ(U8(32), powp)
	ADDQ(U8(32), karp)
	SUBQ(U8(32), n)
	JMP(LabelRef(pairs))
	Label(single)
	TESTQ(n, n)
	JZ(LabelRef(reduce))
	// One block in an XMM register; its products, with a zero upper lane,
	// are added to the YMM sums.
	d, t := r.d.AsX(), r.t.AsX()
	VMOVDQU(Mem{Base: src}, d)
	if swap {
		VPSHUFB(r.bswap.AsX(), d, d)
	}
	VPXOR(r.acc.AsX(), d, d)
	VPCLMULQDQ(U8(0x00), Mem{Base: powp}, d, t)
	VPXOR(r.t, r.lo, r.lo)
	VPCLMULQDQ(U8(0x11), Mem{Base: powp}, d, t)
	VPXOR(r.t, r.hi, r.hi)
	VPSHUFD(U8(0x4e), d, t)
	VPXOR(d, t, t)
	VPCLMULQDQ(U8(0x00), Mem{Base: karp}, t, t)
	VPXOR(r.t, r.mid, r.mid)
	Label(reduce)
	foldLanes(r.t.AsX(), r.lo, r.hi, r.mid)
	avxReduce(r)
	Label(done)

	if swap {
		VPSHUFB(r.bswap.AsX(), r.acc.AsX(), r.acc.AsX())
	}
	VMOVDQU(r.acc.AsX(), Mem{Base: accP})
	VZEROUPPER()
	RET()
}

// tailPowers starts the tail of an update kernel, the last n/16 blocks of
// p: it emits a jump to the label done, which it returns, if n is zero,
// and the addresses of the powers, and of their kar entries, by which the
// blocks are multiplied: Hᵏ..H¹ for k = n/16, from index 16-k of the tables
// on (byte offset 256-n).
func tailPowers(pow, kar, n Register) (done string, powp, karp Register) {
	done = label("done")
	TESTQ(n, n)
	JZ(LabelRef(done))
	powp, karp = GP64(), GP64()
	MOVQ(pow, powp)
	ADDQ(U32(256), powp)
	SUBQ(n, powp)
	MOVQ(kar, karp)
	ADDQ(U32(256), karp)
	SUBQ(n, karp)
	return done, powp, karp
}

// foldLanes adds lane 1 of each YMM sum to lane 0, through the XMM
// register t.
func foldLanes(t Register, sums ...VecPhysical) {
	for _, s := range sums {
		VEXTRACTI128(U8(1), s, t)
		VPXOR(t, s.AsX(), s.AsX())
	}
}

// avxProduct adds the Karatsuba products of d by the power(s) at hm (kar
// entries at km) to lo, hi and mid, or sets them if first. XMM, YMM or ZMM
// operands alike; t is scratch.
func avxProduct(d, t, lo, hi, mid Register, hm, km Mem, first bool) {
	into := func(sum Register) {
		if !first {
			xor(t, sum, sum)
		}
	}
	out := func(sum Register) Register {
		if first {
			return sum
		}
		return t
	}
	VPCLMULQDQ(U8(0x00), hm, d, out(lo))
	into(lo)
	VPCLMULQDQ(U8(0x11), hm, d, out(hi))
	into(hi)
	VPSHUFD(U8(0x4e), d, out(mid))
	xor(d, out(mid), out(mid))
	VPCLMULQDQ(U8(0x00), km, out(mid), out(mid))
	into(mid)
}

// avxReduce is sseReduce on the X halves, with VEX instructions.
func avxReduce(r avxRegs) {
	vexReduce(r.lo.AsX(), r.hi.AsX(), r.mid.AsX(), r.t.AsX(), r.poly.AsX(), r.acc.AsX())
}

// vexReduce combines the XMM sums lo, hi and mid into the 256-bit product
// and reduces it, with the constant poly (a register or memory), into acc
// (see the package comment); with ZMM sums, each 128-bit lane alike. lo,
// hi, mid and the scratch t are destroyed; acc may be lo.
func vexReduce(lo, hi, mid, t Register, poly Op, acc Register) {
	xor(lo, mid, mid)
	xor(hi, mid, mid)
	reduceProduct(lo, hi, mid, t, poly, acc)
}

// reduceProduct is vexReduce with mid the middle term of the product
// itself (lo·2⁰ + mid·2⁶⁴ + hi·2¹²⁸), as schoolbook multiplication gives
// it, instead of Karatsuba's.
func reduceProduct(lo, hi, mid, t Register, poly Op, acc Register) {
	VPSLLDQ(U8(8), mid, t)
	xor(t, lo, lo)
	VPSRLDQ(U8(8), mid, mid)
	xor(mid, hi, hi)
	for i := 0; i < 2; i++ {
		VPCLMULQDQ(U8(0x00), poly, lo, t)
		VPSHUFD(U8(0x4e), lo, lo)
		xor(t, lo, lo)
	}
	xor(hi, lo, acc)
}
