package main

// polyval.go generates the amd64 assembly of AES-GCM-SIV (RFC 8452):
//
//   - with -kernel polyval, aead/internal/ghash/ghash_polyval_amd64.s:
//     polyvalCLMUL and polyvalVCLMUL, which mirror UpdatePolyvalGeneric of
//     aead/internal/ghash, polyvalVCLMUL512, the same with 32 blocks per
//     reduction in ZMM registers (gcm.go's hashKernel512),
//     polyvalPowersCLMUL, which computes the table of powers of the key
//     that they use (initPowers in ghash_amd64.go), and
//     polyvalPowersHiCLMUL, which adds H³²..H¹⁷ for the 512-bit kernels
//     (as InitWide does);
//   - with -kernel gcmsiv, aead/aesgcmsiv/siv_amd64.s: ctrVAES512, ctrVAES
//     and ctrAVX, the counter mode of RFC 8452 (Section 4) over whole
//     chunks, which mirror ctrBlocks of aead/aesgcmsiv, and openVAES512
//     and openVAES, which run counter mode and POLYVAL stitched together
//     for Open (see sivOpenVAES).
//
// POLYVAL. RFC 8452, Appendix A relates POLYVAL to GHASH: POLYVAL(H, X₁,
// …, Xₙ) = ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X₁),
// …, ByteReverse(Xₙ))). The GHASH kernels of main.go load each block and
// byte-reverse it (PSHUFB); a POLYVAL block byte-reversed and then
// byte-reversed again by the kernel is the block as loaded. The POLYVAL
// kernels are therefore the GHASH kernels without the PSHUFB of the data
// and of the accumulator, run over the table of powers of
// mulX_GHASH(ByteReverse(H)), which ghash.Key.InitPolyval computes: the
// representation, aggregated reduction and Karatsuba products are those
// described in main.go's package comment, and main.go's emitters of the
// GHASH kernels, clmulKernel and vclmulKernel, emit polyvalCLMUL and
// polyvalVCLMUL too, told to leave the byte reversals out. Like
// updateCLMUL, polyvalCLMUL loads each power into a register before
// PCLMULQDQ uses it: the SSE encoding would fault on a memory operand that
// is not 16-byte aligned, and a Key on a goroutine's stack is only 8-byte
// aligned.
//
// Powers. The table holds Hʲ·x⁻¹, j = 16..1, in the kernels' bit-reversed
// form (pow[16-j]), and kar the XOR of the halves of each. A kernel
// product of a block A by a table entry B·x⁻¹ is A·B (main.go), so the
// product of Hʲ·x⁻¹ (as a block) by the entry H·x⁻¹ is Hʲ⁺¹·x⁻¹, the next
// entry, and more generally the product of the entries of Hᵃ and Hᵇ is the
// entry of Hᵃ⁺ᵇ: polyvalPowersCLMUL starts from pow[15] = H·x⁻¹, which the
// Go code computes with a shift, and fills pow[14] down to pow[0] with
// fifteen such products in a tree of depth four, in place of the fifteen
// generic multiplications of initPowers (or fewer products, as far as the
// caller needs).
//
// Counter mode. RFC 8452 counts blocks in the first four bytes of the
// counter block, as a little-endian integer that wraps modulo 2³² without
// carrying into the other twelve. Loaded into a vector register, those
// bytes are the low doubleword of the 128-bit lane, so VPADDD steps the
// counter exactly as the RFC does, with no byte reversal. ctrVAES holds
// two counter blocks per YMM register (lane 1 one ahead of lane 0) and
// encrypts sixteen blocks per iteration in eight registers with VAES;
// ctrAVX is the same code in XMM registers with the VEX-encoded AESENC,
// eight blocks per iteration. ctrVAES512 holds four per ZMM register and
// advances them by a masked VPADDD of 4 into doubleword 0 of each lane
// (sivStep4). Round keys are broadcast to all lanes from the schedule
// (aescore.Key.RoundKeys) as each round needs them.

import (
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var polyvalPolyConst Mem

func polyvalMain() {
	// x⁶³+x⁶²+x⁵⁷ in the low 64 bits (see main.go's package comment).
	polyvalPolyConst = GLOBL("polyvalPoly", RODATA|NOPTR)
	DATA(0, U64(0xc200000000000000))
	DATA(8, U64(0))
	// The same in each lane of a ZMM register.
	polyvalPoly4 := poly4("polyvalPoly4")

	polyvalCLMUL()
	polyvalVCLMUL()
	hashKernel512(stitch{
		name:  "polyvalVCLMUL512",
		doc:   "polyvalVCLMUL512 absorbs len(p)/512 chunks of POLYVAL blocks into acc with 512-bit VPCLMULQDQ, 32 per reduction.",
		tag:   "polyval512",
		lanes: 4,
		poly:  polyvalPoly4,
	})
	polyvalPowersCLMUL()
	polyvalPowersHiCLMUL()
}

// sseProductReg adds the Karatsuba products of r.d by the power in h (with
// its kar entry in k) to r.lo, r.hi and r.mid, or sets them if first. r.d is
// destroyed. sseProduct of main.go loads h and k from memory and calls it.
func sseProductReg(r sseRegs, h, k VecPhysical, first bool) {
	dst := func(sum VecPhysical) VecPhysical {
		if first {
			return sum
		}
		return r.t
	}
	MOVOU(r.d, dst(r.lo))
	PCLMULQDQ(U8(0x00), h, dst(r.lo))
	if !first {
		PXOR(r.t, r.lo)
	}
	MOVOU(r.d, dst(r.hi))
	PCLMULQDQ(U8(0x11), h, dst(r.hi))
	if !first {
		PXOR(r.t, r.hi)
	}
	PSHUFD(U8(0x4e), r.d, dst(r.mid))
	PXOR(r.d, dst(r.mid))
	PCLMULQDQ(U8(0x00), k, dst(r.mid))
	if !first {
		PXOR(r.t, r.mid)
	}
}

// polyvalCLMUL emits the 128-bit POLYVAL kernel: updateCLMUL of main.go
// without the byte reversals.
func polyvalCLMUL() {
	clmulKernel("polyvalCLMUL", "polyvalCLMUL absorbs len(p)/16 POLYVAL blocks into acc with PCLMULQDQ, eight per reduction.", polyvalPolyConst, false)
}

// polyvalVCLMUL emits the 256-bit POLYVAL kernel: updateVCLMUL of main.go
// without the byte reversals.
func polyvalVCLMUL() {
	vclmulKernel("polyvalVCLMUL", "polyvalVCLMUL absorbs len(p)/16 POLYVAL blocks into acc with 256-bit VPCLMULQDQ, sixteen per reduction.", polyvalPolyConst, false)
}

// polyvalPowersCLMUL emits the computation of the table of powers from
// pow[15] = H·x⁻¹ (and kar[15], the caller's). The product of the entries
// of Hᵃ and Hᵇ is the entry of Hᵃ⁺ᵇ (see the file comment), so the powers
// are computed as a tree of depth four rather than a chain of fifteen:
// H² = H·H; H³ = H²·H and H⁴ = H²·H²; H⁵..H⁸ = H⁴·H¹..H⁴; H⁹..H¹⁶ =
// H⁸·H¹..H⁸. The products of one level are independent, so that the CPU
// overlaps them, and a level reads the results of the one before from the
// table, where they were just stored. Callers that hash at most n blocks
// per call need only H¹..Hⁿ: the computation stops once it has Hⁿ (and
// H², which it always computes).
func polyvalPowersCLMUL() {
	TEXT("polyvalPowersCLMUL", NOSPLIT, "func(pow, kar *[16][2]uint64, n int)")
	Doc("polyvalPowersCLMUL fills the entries of H² to Hᵐ in pow and kar from pow[15] and kar[15] with PCLMULQDQ, m = min(max(n, 2), 16).")
	pow := Load(Param("pow"), GP64())
	kar := Load(Param("kar"), GP64())
	n := Load(Param("n"), GP64())
	done := label("powers_done")

	r := sseRegs{acc: X0, bswap: X1, poly: X2, lo: X3, hi: X4, mid: X5, d: X6, t: X7, h: X8, k: X9}
	h, k := X8, X9
	MOVOU(polyvalPolyConst, r.poly)
	entry := func(j int) int { return 16 * (16 - j) } // offset of Hʲ's entry
	product := func(a, b int) {
		MOVOU(Mem{Base: pow, Disp: entry(a)}, r.d)
		MOVOU(Mem{Base: pow, Disp: entry(b)}, h)
		MOVOU(Mem{Base: kar, Disp: entry(b)}, k)
		sseProductReg(r, h, k, true)
		sseReduce(r)
		MOVOU(r.acc, Mem{Base: pow, Disp: entry(a + b)})
		PSHUFD(U8(0x4e), r.acc, r.t)
		PXOR(r.acc, r.t)
		MOVOU(r.t, Mem{Base: kar, Disp: entry(a + b)})
	}
	// The powers in the order H², H³, …, H¹⁶, stopping once Hⁿ is there.
	product(1, 1)
	for _, top := range []int{2, 4, 8} {
		for b := 1; b <= top; b++ {
			CMPQ(n, U8(top+b-1))
			JLE(LabelRef(done))
			product(top, b)
		}
	}
	Label(done)
	RET()
}

// polyvalPowersHiCLMUL emits the computation of the table of powers
// H³²..H¹⁷ of the 512-bit kernels (ghash.Key.TablesHi: powHi[i] is the
// entry of H^(32-i)) from a full table of H¹⁶..H¹: H^(16+b) = H¹⁶·Hᵇ,
// sixteen independent products, which the CPU overlaps.
func polyvalPowersHiCLMUL() {
	TEXT("polyvalPowersHiCLMUL", NOSPLIT, "func(pow, kar, powHi *[16][2]uint64)")
	Doc("polyvalPowersHiCLMUL fills powHi with the entries of H³² to H¹⁷ from the entries of H¹⁶ to H¹ in pow and kar with PCLMULQDQ.")
	pow := Load(Param("pow"), GP64())
	kar := Load(Param("kar"), GP64())
	powHi := Load(Param("powHi"), GP64())

	r := sseRegs{acc: X0, bswap: X1, poly: X2, lo: X3, hi: X4, mid: X5, d: X6, t: X7, h: X8, k: X9}
	h, k := X8, X9
	MOVOU(polyvalPolyConst, r.poly)
	entry := func(j int) int { return 16 * (16 - j) } // offset of Hʲ's entry in pow
	for b := 1; b <= 16; b++ {
		MOVOU(Mem{Base: pow, Disp: entry(16)}, r.d)
		MOVOU(Mem{Base: pow, Disp: entry(b)}, h)
		MOVOU(Mem{Base: kar, Disp: entry(b)}, k)
		sseProductReg(r, h, k, true)
		sseReduce(r)
		MOVOU(r.acc, Mem{Base: powHi, Disp: entry(b)})
	}
	RET()
}

var sivIncr, sivLaneOne Mem

func sivMain() {
	// The counter increments, as gcm.go's (RFC 8452's counter, too, is
	// the low doubleword of each lane, without the byte reversal).
	sivIncr = incrTable("sivIncr", 2)
	sivIncr1 := incrTable("sivIncr1", 1)
	// sivLaneOne adds 1 to the counter of lane 1.
	sivLaneOne = GLOBL("sivLaneOne", RODATA|NOPTR)
	DATA(0, U64(0))
	DATA(8, U64(0))
	DATA(16, U32(1))
	DATA(20, U32(0))
	DATA(24, U64(0))

	sivLaneOffsets4 = laneOffsets4("sivLaneOffsets4")
	// sivStep4 advances the counters of a ZMM register by four blocks,
	// added to doubleword 0 of each lane (mask sivStep4Mask).
	sivStep4 = GLOBL("sivStep4", RODATA|NOPTR)
	DATA(0, U32(4))

	// x⁶³+x⁶²+x⁵⁷ in the low 64 bits (see main.go's package comment),
	// and the same in each lane of a ZMM register.
	sivPoly = GLOBL("sivPoly", RODATA|NOPTR)
	DATA(0, U64(0xc200000000000000))
	DATA(8, U64(0))
	sivPoly4 = poly4("sivPoly4")

	sivCTR("ctrVAES512", 4, Mem{})
	sivCTR("ctrVAES", 2, sivIncr)
	sivCTR("ctrAVX", 1, sivIncr1)
	sivOpenVAES512()
	sivOpenVAES()
}

var sivPoly4, sivLaneOffsets4, sivStep4 Mem

// sivStep4Mask selects doubleword 0 of each lane of a ZMM register: the
// counter of RFC 8452.
const sivStep4Mask = 0x1111

var sivPoly Mem

// sivOpenVAES emits openVAES, counter mode and POLYVAL stitched together
// for AES-GCM-SIV's Open, which decrypts and then hashes the plaintext:
// each iteration runs the AES rounds of sixteen counter blocks, as ctrVAES,
// and between them the eight steps of the aggregated POLYVAL of the
// sixteen plaintext blocks that the iteration before wrote, as
// polyvalVCLMUL; the last chunk's plaintext is hashed alone at the end.
// It is gcm.go's encryption kernel without the byte reversals (Y15 is
// unused), with the counters of ctrVAES: one emitter makes both.
func sivOpenVAES() {
	stitchedKernel(stitch{
		name:  "openVAES",
		doc:   "openVAES decrypts len(src)/256 chunks of src into dst in RFC 8452's counter mode and absorbs the plaintext into the POLYVAL accumulator acc.",
		tag:   "open",
		lanes: 2,
		poly:  sivPoly, incr: sivIncr, laneOne: sivLaneOne,
	})
}

// sivOpenVAES512 emits openVAES512, openVAES with four lanes: 32 blocks
// per chunk in eight ZMM registers, with the POLYVAL powers H³²..H¹ in
// registers (see gcm.go's ghashStep4) and the counters advanced by a
// masked VPADDD of sivStep4 rather than from a table.
func sivOpenVAES512() {
	stitchedKernel(stitch{
		name:  "openVAES512",
		doc:   "openVAES512 decrypts len(src)/512 chunks of src into dst in RFC 8452's counter mode and absorbs the plaintext into the POLYVAL accumulator acc, 32 blocks per reduction.",
		tag:   "open512",
		lanes: 4,
		poly:  sivPoly4, laneOne: sivLaneOffsets4,
		step4: sivStep4, step4Mask: sivStep4Mask,
	})
}

// sivCTR emits a counter-mode kernel: it XORs len(src)/(128·lanes) chunks
// of src with the encryptions of the counter blocks from *ctr into dst,
// and leaves in *ctr the counter block after the last one used. With four
// lanes (ZMM registers) the counters advance by sivStep4, and incr is not
// used.
func sivCTR(name string, lanes int, incr Mem) {
	TEXT(name, NOSPLIT, "func(nr int, xk *byte, ctr *[16]byte, dst, src []byte)")
	Doc(name + " XORs whole chunks of src with the RFC 8452 counter-mode key stream from *ctr into dst.")
	v := func(y VecPhysical) VecPhysical {
		switch lanes {
		case 1:
			return y.AsX().(VecPhysical)
		case 4:
			return y.AsZ().(VecPhysical)
		}
		return y
	}
	nr := Load(Param("nr"), GP64())
	xk := Load(Param("xk"), GP64())
	ctrP := Load(Param("ctr"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	count := Load(Param("src").Len(), GP64())
	SHRQ(U8(bits.TrailingZeros(uint(128*lanes))), count)

	last := GP64()
	MOVQ(nr, last)
	SHLQ(U8(4), last)
	ADDQ(xk, last)

	regs := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	rk, ctr := v(Y8), v(Y14)
	switch lanes {
	case 4:
		VBROADCASTI32X4(Mem{Base: ctrP}, Z14)
		VPADDD(sivLaneOffsets4, Z14, Z14)
		m := GP32()
		MOVL(U32(sivStep4Mask), m)
		KMOVW(m, K1)
	case 2:
		VBROADCASTI128(Mem{Base: ctrP}, Y14)
		VPADDD(sivLaneOne, Y14, Y14)
	default:
		VMOVDQU(Mem{Base: ctrP}, X14)
	}
	loadKey := func(m Mem) {
		switch lanes {
		case 4:
			VBROADCASTI32X4(m, Z8)
		case 2:
			VBROADCASTI128(m, Y8)
		default:
			VMOVDQU(m, X8)
		}
	}
	stride := 16 * lanes // bytes per register, and per incr entry

	loop, done := label("ctr_loop"), label("ctr_done")
	Label(loop)
	TESTQ(count, count)
	JZ(LabelRef(done))
	loadKey(Mem{Base: xk})
	if lanes == 4 {
		for i, y := range regs {
			if i > 0 {
				VPADDD_BCST(sivStep4, ctr, K1, ctr)
			}
			xor(rk, ctr, v(y))
		}
		VPADDD_BCST(sivStep4, ctr, K1, ctr)
	} else {
		for i, y := range regs {
			VPADDD(incr.Offset(stride*i), ctr, v(y))
			VPXOR(rk, v(y), v(y))
		}
		VPADDD(incr.Offset(stride*8), ctr, ctr)
	}
	round := func(i int) {
		loadKey(Mem{Base: xk, Disp: 16 * i})
		for _, y := range regs {
			VAESENC(rk, v(y), v(y))
		}
	}
	for i := 1; i <= 9; i++ {
		round(i)
	}
	lastRound := label("ctr_last")
	CMPQ(nr, U8(10))
	JE(LabelRef(lastRound))
	round(10)
	round(11)
	CMPQ(nr, U8(12))
	JE(LabelRef(lastRound))
	round(12)
	round(13)
	Label(lastRound)
	loadKey(Mem{Base: last})
	for _, y := range regs {
		VAESENCLAST(rk, v(y), v(y))
	}
	for i, y := range regs {
		xor(Mem{Base: src, Disp: stride * i}, v(y), v(y))
		mov(v(y), Mem{Base: dst, Disp: stride * i})
	}
	ADDQ(U32(8*stride), src)
	ADDQ(U32(8*stride), dst)
	DECQ(count)
	JMP(LabelRef(loop))
	Label(done)

	// The next counter block is lane 0 of the counter register.
	VMOVDQU(X14, Mem{Base: ctrP})
	VZEROUPPER()
	RET()
}
