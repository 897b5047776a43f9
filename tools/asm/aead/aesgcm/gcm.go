package main

// gcm.go generates aead/internal/gcm/gcm_amd64.s (with -kernel gcm):
// AES-GCM's bulk encryption and decryption with counter mode and GHASH
// stitched together: gcmEncVAES and gcmDecVAES in 256-bit registers with VAES and
// VPCLMULQDQ (two blocks per register, sixteen per step), gcmEncAVX and
// gcmDecAVX the same code in 128-bit registers with the VEX forms of AESENC
// and PCLMULQDQ (one block per register, eight per step, powers H⁸..H¹).
//
// The functions mirror the generic SealTo and OpenTo of aead/internal/gcm
// on whole chunks of 256 (VAES) or 128 bytes: counter mode as aescore.CTR32 does it,
// and GHASH as ghash.UpdateGeneric, over the ciphertext.
//
// Stitching. AES and GHASH use different execution units (AESENC and
// PCLMULQDQ issue to different ports on current x86 cores), and each alone
// is bound by its instructions' latency unless many independent blocks are
// in flight. Each iteration runs the AES rounds of sixteen counter blocks
// (Y0-Y7, two per register) and, between the rounds, the eight steps of an
// aggregated GHASH of sixteen ciphertext blocks (as updateVCLMUL in
// main.go: products by H¹⁶..H¹, one reduction), so that both units work at
// once (Gueron and Kounavis, "Intel Carry-Less Multiplication Instruction
// and its Usage for Computing the GCM Mode", Section 5; Gueron, "AES-GCM
// software performance on the current high end CPUs", 2013). Encryption
// hashes the previous chunk's ciphertext, which it has just written, while
// it encrypts the next one; decryption hashes the ciphertext it is about
// to decrypt.
//
// Counters. Y14 holds the counter blocks of the next two blocks
// byte-reversed, so that the 32-bit block counter of each lane is the low
// doubleword of the lane: VPADDD adds to it modulo 2³² without carrying
// into the nonce, which is GCM's inc32. VPSHUFB with the byte-reversal mask
// (Y15) restores the block order before the first round.
//
// Registers (their X halves in the one-lane kernels, where X14 holds one
// counter and gcmIncr1 replaces gcmIncr): Y0-Y7 AES states, Y8 round key
// (broadcast to both lanes), Y9 GHASH accumulator between iterations and
// low product sum within one, Y10 high sum, Y11 middle sum, Y12 hashed
// data, Y13 scratch, Y14 counters, Y15 byte-reversal mask.
//
// Four lanes. gcmEncVAES512 and gcmDecVAES512 are the same kernels in the
// ZMM registers, four blocks per register and 32 per chunk, over the
// powers H³²..H¹, with the differences of ghashStep4: the eight registers
// of powers (Z24-Z31) and the reduction constant (Z16) are loaded once per
// call, and the products are schoolbook, four VPCLMULQDQ per register
// with no Karatsuba factors, for which no registers are left. Z17-Z22 hold
// the products of a pair of steps, Z23 the byte-reversed counters of the
// chunk, and K1 the doublewords of their low bytes.
//
// AES-GCM-SIV. The emitter of these kernels, stitchedKernel, also makes
// openVAES of aead/aesgcmsiv (polyval.go, -kernel gcmsiv): POLYVAL is GHASH
// without the byte reversals (RFC 8452, Appendix A), and RFC 8452's counter
// is little-endian, so that kernel is the encryption kernel (which hashes
// what it has just written) with every VPSHUFB left out, Y15 unused, and
// its own counter constants. Its four-lane form, openVAES512, adds the
// counter step of RFC 8452 (4, in doubleword 0 of each lane, K1 =
// 0x1111) to the counters in place, with no byte reversal and no slow
// path: the 32-bit counter wraps modulo 2³² as VPADDD does. hashKernel512
// emits POLYVAL alone in the same registers (polyvalVCLMUL512 of
// aead/internal/ghash), with the registers the AES rounds leave free
// holding Karatsuba factors.

import (
	"fmt"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var gcmBswap, gcmPoly, gcmPoly4, gcmIncr, gcmIncr1, gcmIncr4, gcmIncrBE4, gcmLaneOne, gcmLaneOffsets4 Mem

func gcmMain() {
	gcmBswap = GLOBL("gcmByteReverse", RODATA|NOPTR)
	for lane := 0; lane < 4; lane++ {
		DATA(16*lane, U64(0x08090a0b0c0d0e0f))
		DATA(16*lane+8, U64(0x0001020304050607))
	}
	gcmPoly = GLOBL("gcmPoly", RODATA|NOPTR)
	DATA(0, U64(0xc200000000000000))
	DATA(8, U64(0))
	// gcmPoly4 is gcmPoly in each lane of a ZMM register.
	gcmPoly4 = poly4("gcmPoly4")
	gcmIncr = incrTable("gcmIncr", 2)
	gcmIncr1 = incrTable("gcmIncr1", 1)
	gcmIncr4 = incrTable("gcmIncr4", 4)
	// gcmIncrBE4 is 4 in the top byte of a doubleword: added to
	// doubleword 3 of each lane (K1 = 0x8888), it advances byte-reversed
	// counters whose low byte does not wrap by one register of blocks.
	gcmIncrBE4 = GLOBL("gcmIncrBE4", RODATA|NOPTR)
	DATA(0, U32(4<<24))
	gcmLaneOffsets4 = laneOffsets4("gcmLaneOffsets4")
	// gcmLaneOne adds 1 to the counter of lane 1.
	gcmLaneOne = GLOBL("gcmLaneOne", RODATA|NOPTR)
	DATA(0, U64(0))
	DATA(8, U64(0))
	DATA(16, U64(1))
	DATA(24, U64(0))

	for _, lanes := range []int{4, 2, 1} {
		name, poly, incr, laneOne := "gcm%sVAES", gcmPoly, gcmIncr, gcmLaneOne
		switch lanes {
		case 4:
			name, poly, incr, laneOne = "gcm%sVAES512", gcmPoly4, gcmIncr4, gcmLaneOffsets4
		case 1:
			name, incr = "gcm%sAVX", gcmIncr1
		}
		for _, decrypt := range []bool{false, true} {
			k := stitch{
				lanes: lanes, swap: true,
				poly: poly, incr: incr, laneOne: laneOne,
				hashInput: decrypt,
			}
			if lanes == 4 {
				k.step4, k.step4Mask = gcmIncrBE4, 0x8888
			}
			blocks := 8 * lanes
			if decrypt {
				k.name, k.tag = fmt.Sprintf(name, "Dec"), "dec"
				k.doc = fmt.Sprintf("%s decrypts len(src)/%d chunks of %d blocks of src into dst and hashes them, %d blocks per reduction.", k.name, 16*blocks, blocks, blocks)
			} else {
				k.name, k.tag = fmt.Sprintf(name, "Enc"), "enc"
				k.doc = fmt.Sprintf("%s encrypts len(src)/%d chunks of %d blocks of src into dst and hashes the result, %d blocks per reduction.", k.name, 16*blocks, blocks, blocks)
			}
			stitchedKernel(k)
		}
	}
}

// poly4 emits the reduction constant x⁶³+x⁶²+x⁵⁷ (see main.go's package
// comment) in each 128-bit lane of a ZMM register.
func poly4(name string) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for lane := 0; lane < 4; lane++ {
		DATA(16*lane, U64(0xc200000000000000))
		DATA(16*lane+8, U64(0))
	}
	return m
}

// laneOffsets4 emits the constant that adds i to the 32-bit counter (the
// low doubleword) of lane i of a ZMM register.
func laneOffsets4(name string) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for lane := 0; lane < 4; lane++ {
		DATA(16*lane, U32(uint32(lane)))
		DATA(16*lane+4, U32(0))
		DATA(16*lane+8, U64(0))
	}
	return m
}

// incrTable emits the counter increments of kernels with lanes blocks per
// register: entry r (16·lanes bytes) adds lanes·r to the counter of each
// lane, r = 0..8 (0..4 are used with four lanes); the 32-bit counter is
// the low doubleword of a lane.
func incrTable(name string, lanes int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for r := 0; r <= 8; r++ {
		for lane := 0; lane < lanes; lane++ {
			off := 16 * (lanes*r + lane)
			DATA(off, U32(uint32(lanes*r)))
			DATA(off+4, U32(0))
			DATA(off+8, U64(0))
		}
	}
	return m
}

// stitch describes one stitched kernel: AES-GCM's, or AES-GCM-SIV's
// (polyval.go), which is AES-GCM's without the byte reversals.
type stitch struct {
	name, doc string
	tag       string // the prefix of the main loop's labels
	// lanes: blocks per register, 4 (ZMM: 32 blocks per chunk, which
	// need H^32..H^17 too), 2 (YMM: 16 blocks) or 1 (XMM: 8 blocks), in
	// eight registers of AES states.
	lanes int
	// hashInput: the kernel hashes src before it decrypts it (AES-GCM's
	// Open); otherwise it hashes dst after it has written it (AES-GCM's
	// Seal, AES-GCM-SIV's Open), one chunk behind.
	hashInput bool
	// swap: GHASH and GCM's big-endian counter, whose blocks are
	// byte-reversed in the registers (with the mask in Y15); otherwise
	// POLYVAL and RFC 8452's little-endian counter, which need no reversal.
	swap bool
	// The reduction constant (in each lane of a ZMM register, with four
	// lanes), the counter increments (incr[r] adds r registers' worth of
	// blocks, 16·lanes bytes per entry; GCM's only, with four lanes) and,
	// for two or four lanes, the constant that adds i to the counter of
	// lane i.
	poly, incr, laneOne Mem
	// With four lanes, step4 is the 4-byte constant that advances the
	// counters of a register by four blocks when added to the doublewords
	// of step4Mask (K1) of each lane: GCM's to the byte-reversed counters,
	// whose low byte is the top byte of doubleword 3, while it does not
	// wrap; RFC 8452's to doubleword 0, the whole counter.
	step4     Mem
	step4Mask uint16
}

// gcmState holds the general-purpose registers of a kernel, and what it is.
type gcmState struct {
	stitch
	nr, xk, last, pow, kar Register
	powHi                  Register // H^32..H^17, with four lanes
	// cnt is the 32-bit counter of the next block, with four lanes and
	// GCM's big-endian counter (nil otherwise).
	cnt GPVirtual
}

// gBE holds the byte-reversed counter blocks of the four-lane kernels.
var gBE = Z23

// v returns y, its X half for one lane, or the ZMM register of which it is
// the Y half for four.
func (st gcmState) v(y VecPhysical) VecPhysical {
	switch st.lanes {
	case 1:
		return y.AsX().(VecPhysical)
	case 4:
		return y.AsZ().(VecPhysical)
	}
	return y
}

// aes returns the registers of the AES states.
func (st gcmState) aes() []VecPhysical { return aesRegs }

// blocks is the number of blocks of one iteration, chunk its bytes.
func (st gcmState) blocks() int { return st.lanes * len(st.aes()) }
func (st gcmState) chunk() int  { return 16 * st.blocks() }

// steps is the number of GHASH steps of one iteration, a register of
// blocks each, all between two reductions.
func (st gcmState) steps() int { return len(st.aes()) }

// hashOps returns the GHASH work of one chunk at hashed, step by step,
// then the reduction.
func (st gcmState) hashOps(hashed Register) []func() {
	var ops []func()
	for i := 0; i < st.steps(); i++ {
		ops = append(ops, func() { ghashStep(st, hashed, i) })
	}
	return append(ops, func() { ghashReduce(st) })
}

// xor sets dst to a XOR b: VEX for XMM and YMM, EVEX for ZMM.
func xor(a Op, b, dst Register) {
	if dst.Size() == 64 {
		VPXORQ(a, b, dst)
	} else {
		VPXOR(a, b, dst)
	}
}

// mov copies src to dst, VMOVDQU64 for ZMM.
func mov(src, dst Op) {
	if r, ok := src.(Register); ok && r.Size() == 64 {
		VMOVDQU64(src, dst)
	} else if r, ok := dst.(Register); ok && r.Size() == 64 {
		VMOVDQU64(src, dst)
	} else {
		VMOVDQU(src, dst)
	}
}

var (
	aesRegs = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	gRK     = Y8
	gLo     = Y9 // also the accumulator
	gHi     = Y10
	gMid    = Y11
	gD      = Y12
	gT      = Y13
	gCtr    = Y14
	gBswap  = Y15
)

// stitchedKernel emits one kernel: it encrypts (or decrypts) len(src)/256
// chunks of src into dst, absorbs the ciphertext (AES-GCM) or the
// plaintext (AES-GCM-SIV's Open) into *acc and advances *ctr by one per
// block. len(src) must be a positive multiple of 256.
func stitchedKernel(k stitch) {
	sig := "func(nr int, xk *byte, pow, kar *[16][2]uint64, acc, ctr *[16]byte, dst, src []byte)"
	if k.lanes == 4 {
		sig = "func(nr int, xk *byte, pow *[16][2]uint64, acc, ctr *[16]byte, dst, src []byte, powHi *[16][2]uint64)"
	}
	TEXT(k.name, NOSPLIT, sig)
	Doc(k.doc)
	st := gcmState{
		stitch: k,
		nr:     Load(Param("nr"), GP64()),
		xk:     Load(Param("xk"), GP64()),
		pow:    Load(Param("pow"), GP64()),
	}
	if k.lanes != 4 {
		st.kar = Load(Param("kar"), GP64())
	} else {
		st.powHi = Load(Param("powHi"), GP64())
		// The powers of every step and the reduction constant stay in
		// registers: a VPCLMULQDQ with a 64-byte memory operand beside
		// the ZMM AES rounds costs more than its load (see ghashStep4).
		for i, z := range zPow {
			pow, k := st.powHi, 16*st.lanes*i
			if i >= 4 {
				pow, k = st.pow, k-256
			}
			VMOVDQU64(Mem{Base: pow, Disp: k}, z)
		}
		VMOVDQU64(st.poly, zPoly)
	}
	accP := Load(Param("acc"), GP64())
	ctrP := Load(Param("ctr"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	count := Load(Param("src").Len(), GP64())
	SHRQ(U8(bits.TrailingZeros(uint(st.chunk()))), count)

	// last = xk + 16·nr, the last round key.
	st.last = GP64()
	MOVQ(st.nr, st.last)
	SHLQ(U8(4), st.last)
	ADDQ(st.xk, st.last)

	if st.swap {
		mov(gcmBswap, st.v(gBswap))
	}
	VMOVDQU(Mem{Base: accP}, gLo.AsX())
	if st.swap {
		VPSHUFB(gBswap.AsX(), gLo.AsX(), gLo.AsX())
	}
	if st.lanes == 4 {
		if st.swap {
			st.cnt = GP32()
			MOVL(Mem{Base: ctrP, Disp: 12}, st.cnt)
			BSWAPL(st.cnt)
		}
		m := GP32()
		MOVL(U32(uint32(st.step4Mask)), m)
		KMOVW(m, K1)
	}
	if st.lanes > 1 {
		ctr := st.v(gCtr)
		if st.lanes == 4 {
			VBROADCASTI32X4(Mem{Base: ctrP}, ctr)
		} else {
			VBROADCASTI128(Mem{Base: ctrP}, ctr)
		}
		if st.swap {
			VPSHUFB(st.v(gBswap), ctr, ctr)
		}
		VPADDD(st.laneOne, ctr, ctr)
	} else {
		VMOVDQU(Mem{Base: ctrP}, gCtr.AsX())
		if st.swap {
			VPSHUFB(gBswap.AsX(), gCtr.AsX(), gCtr.AsX())
		}
	}

	// AES-GCM's Open hashes each chunk of src before it decrypts it. The
	// other kernels encrypt the first chunk alone, each later one while
	// the chunk before it is hashed from dst, and hash the last chunk
	// alone.
	hashed := src
	if !st.hashInput {
		hashed = GP64()
		MOVQ(dst, hashed)
		gcmIteration(st, src, dst, nil)
		ADDQ(U32(st.chunk()), src)
		ADDQ(U32(st.chunk()), dst)
		DECQ(count)
	}
	loop, done := label(st.tag+"_loop"), label(st.tag+"_done")
	Label(loop)
	TESTQ(count, count)
	JZ(LabelRef(done))
	gcmIteration(st, src, dst, hashed)
	ADDQ(U32(st.chunk()), src)
	ADDQ(U32(st.chunk()), dst)
	if !st.hashInput {
		ADDQ(U32(st.chunk()), hashed)
	}
	DECQ(count)
	JMP(LabelRef(loop))
	Label(done)
	if !st.hashInput {
		for _, op := range st.hashOps(hashed) {
			op()
		}
	}

	// Store the accumulator and the next counter block (lane 0).
	accP = Load(Param("acc"), GP64())
	ctrP = Load(Param("ctr"), GP64())
	if st.swap {
		VPSHUFB(gBswap.AsX(), gLo.AsX(), gLo.AsX())
	}
	VMOVDQU(gLo.AsX(), Mem{Base: accP})
	if st.swap {
		VPSHUFB(gBswap.AsX(), gCtr.AsX(), gCtr.AsX())
	}
	VMOVDQU(gCtr.AsX(), Mem{Base: ctrP})
	VZEROUPPER()
	RET()
}

// hashKernel512 emits a kernel that absorbs len(p)/512 chunks of 32
// blocks into *acc with no counter mode, 32 blocks per reduction, with
// the powers H³²..H¹ (zPow) and the reduction constant (zPoly) in
// registers as in the four-lane stitched kernels. It is POLYVAL's (no byte
// reversal: k.swap must be false); k gives its name, doc comment, tag and
// reduction constant (poly, in each lane).
//
// Without AES rounds beside it, the kernel has registers to spare, and
// multiplies registers 1 to 7 of each chunk by Karatsuba: three
// VPCLMULQDQ per register instead of four, VPCLMULQDQ running on one port
// of Intel's cores (port 5, with the shuffles of the reduction). The
// Karatsuba factors of the powers (lo⊕hi in the low quadword of each lane)
// are computed once per call into Z0-Z7. Those of the data come without a
// shuffle: the blocks loaded again 8 bytes further on (8 bytes back for
// the last register of the chunk, so that no load leaves it) put the high
// quadword of each block beside its low one (or the low beside the high),
// and one XOR leaves lo⊕hi in a quadword of each lane. Register 0, to which
// the accumulator is added, is multiplied schoolbook, and last, so that
// the other products do not wait on the reduction of the chunk before.
// The Karatsuba middle sum is corrected once per chunk (mid ⊕ lo ⊕ hi over
// the Karatsuba registers).
func hashKernel512(k stitch) {
	if k.swap || k.lanes != 4 {
		panic("hashKernel512: POLYVAL with four lanes only")
	}
	TEXT(k.name, NOSPLIT, "func(pow *[16][2]uint64, acc *[16]byte, p []byte, powHi *[16][2]uint64)")
	Doc(k.doc)
	st := gcmState{
		stitch: k,
		pow:    Load(Param("pow"), GP64()),
		powHi:  Load(Param("powHi"), GP64()),
	}
	kar := []Register{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	for i, z := range zPow {
		pow, k := st.powHi, 64*i
		if i >= 4 {
			pow, k = st.pow, k-256
		}
		VMOVDQU64(Mem{Base: pow, Disp: k}, z)
		VPSHUFD(U8(0x4e), z, kar[i])
		VPXORQ(z, kar[i], kar[i])
	}
	VMOVDQU64(st.poly, zPoly)
	accP := Load(Param("acc"), GP64())
	src := Load(Param("p").Base(), GP64())
	count := Load(Param("p").Len(), GP64())
	SHRQ(U8(9), count)
	// A VEX load clears the upper lanes of the ZMM register, which is
	// added to the first register of blocks.
	acc := Z9
	VMOVDQU(Mem{Base: accP}, acc.AsX())
	loK, hiK, midK := Z10, Z11, Z12
	x, xs := Z13, Z14
	pr := zPair

	loop, done := label(st.tag+"_loop"), label(st.tag+"_done")
	Label(loop)
	TESTQ(count, count)
	JZ(LabelRef(done))
	// karStep multiplies register i of the chunk by zPow[i], Karatsuba,
	// into lo, hi and mid.
	karStep := func(i int, lo, hi, mid Register) {
		shift, sel := 8, 0x00 // lo⊕hi in the low quadword
		if i == 7 {
			shift, sel = -8, 0x01 // in the high quadword
		}
		mov(Mem{Base: src, Disp: 64 * i}, x)
		mov(Mem{Base: src, Disp: 64*i + shift}, xs)
		VPXORQ(x, xs, xs)
		VPCLMULQDQ(U8(0x00), zPow[i], x, lo)
		VPCLMULQDQ(U8(0x11), zPow[i], x, hi)
		VPCLMULQDQ(U8(sel), kar[i], xs, mid)
	}
	karStep(1, loK, hiK, midK)
	for i := 2; i < 8; i += 2 {
		karStep(i, pr[0], pr[1], pr[2])
		karStep(i+1, pr[3], pr[4], pr[5])
		VPTERNLOGQ(U8(0x96), pr[0], pr[3], loK)
		VPTERNLOGQ(U8(0x96), pr[1], pr[4], hiK)
		VPTERNLOGQ(U8(0x96), pr[2], pr[5], midK)
	}
	// The true middle sum of the Karatsuba registers.
	VPTERNLOGQ(U8(0x96), loK, hiK, midK)
	// Register 0, schoolbook, with the accumulator.
	mov(Mem{Base: src}, x)
	VPXORQ(acc, x, x)
	lo, hi, t := Z19, Z20, Z14 // t: a VEX register for the last steps
	VPCLMULQDQ(U8(0x01), zPow[0], x, pr[0])
	VPCLMULQDQ(U8(0x10), zPow[0], x, pr[1])
	VPCLMULQDQ(U8(0x00), zPow[0], x, lo)
	VPCLMULQDQ(U8(0x11), zPow[0], x, hi)
	VPTERNLOGQ(U8(0x96), pr[0], pr[1], midK)
	VPXORQ(loK, lo, lo)
	VPXORQ(hiK, hi, hi)
	// Reduce the four lanes side by side, then add them (as ghashReduce).
	reduceProduct(lo, hi, midK, t, zPoly, acc)
	VEXTRACTI64X4(U8(1), acc, t.AsY())
	VPXOR(t.AsY(), acc.AsY(), acc.AsY())
	foldLanes(t.AsX(), acc.AsY().(VecPhysical))
	ADDQ(U32(512), src)
	DECQ(count)
	JMP(LabelRef(loop))
	Label(done)
	VMOVDQU(acc.AsX(), Mem{Base: accP})
	VZEROUPPER()
	RET()
}

// gcmIteration emits one chunk: the AES rounds of the next sixteen counter
// blocks, XORed with src into dst, with the GHASH (or POLYVAL) of the
// chunk at hashed (if not nil) interleaved with the rounds.
func gcmIteration(st gcmState, src, dst Register, hashed Register) {
	// Counter blocks, then round 0.
	stride := 16 * st.lanes
	loadKey := func(m Mem) {
		switch st.lanes {
		case 4:
			VBROADCASTI32X4(m, gRK.AsZ())
		case 2:
			VBROADCASTI128(m, gRK)
		default:
			VMOVDQU(m, gRK.AsX())
		}
	}
	rk, ctr, bswap := st.v(gRK), st.v(gCtr), st.v(gBswap)
	loadKey(Mem{Base: st.xk})
	slow, join := "", ""
	if st.cnt != nil {
		// While the low byte of the counter does not wrap within the
		// chunk, add to the byte-reversed counters directly: one VPSHUFB
		// instead of eight. (The counter is not secret.)
		slow, join = label("ctr_slow"), label("ctr_join")
		CMPB(st.cnt.As8(), U8(256-st.blocks()))
		JA(LabelRef(slow))
		// Each register's counters are the previous register's plus 4
		// in the last byte of each lane: the byte-reversed counter's low
		// byte, the top byte of doubleword 3 (mask K1), added from a
		// broadcast 4-byte constant instead of a 64-byte table entry.
		VPSHUFB(bswap, ctr, gBE)
		for r, y := range st.aes() {
			if r > 0 {
				VPADDD_BCST(st.step4, gBE, K1, gBE)
			}
			xor(rk, gBE, st.v(y))
		}
		JMP(LabelRef(join))
		Label(slow)
	}
	if st.lanes == 4 && !st.swap {
		// RFC 8452's counters need no reversal: each register's are
		// the previous register's plus 4, added to ctr in place.
		for r, y := range st.aes() {
			if r > 0 {
				VPADDD_BCST(st.step4, ctr, K1, ctr)
			}
			xor(rk, ctr, st.v(y))
		}
		VPADDD_BCST(st.step4, ctr, K1, ctr)
	} else {
		for r, y := range st.aes() {
			y := st.v(y)
			VPADDD(st.incr.Offset(stride*r), ctr, y)
			if st.swap {
				VPSHUFB(bswap, y, y)
			}
			xor(rk, y, y)
		}
		if st.cnt != nil {
			Label(join)
			ADDL(U8(st.blocks()), st.cnt)
		}
		VPADDD(st.incr.Offset(stride*len(st.aes())), ctr, ctr)
	}

	round := func(i int) {
		loadKey(Mem{Base: st.xk, Disp: 16 * i})
		for _, y := range st.aes() {
			VAESENC(rk, st.v(y), st.v(y))
		}
	}
	// Rounds 1-9 are common to all key sizes; a GHASH step follows each
	// of rounds 1-8 and the reduction round 9.
	var ops []func()
	if hashed != nil {
		ops = st.hashOps(hashed)
	}
	for i := 1; i <= 9; i++ {
		round(i)
		if i == 9 {
			for _, op := range ops {
				op()
			}
		} else if len(ops) > 0 {
			ops[0]()
			ops = ops[1:]
		}
	}
	last := label("last")
	CMPQ(st.nr, U8(10))
	JE(LabelRef(last))
	round(10)
	round(11)
	CMPQ(st.nr, U8(12))
	JE(LabelRef(last))
	round(12)
	round(13)
	Label(last)
	loadKey(Mem{Base: st.last})
	for _, y := range st.aes() {
		VAESENCLAST(rk, st.v(y), st.v(y))
	}
	for r, y := range st.aes() {
		y := st.v(y)
		xor(Mem{Base: src, Disp: stride * r}, y, y)
		mov(y, Mem{Base: dst, Disp: stride * r})
	}
}

// ghashStep emits step i (0..7) of the aggregated GHASH (or POLYVAL) of
// the chunk at hashed, one register of blocks: with two lanes, blocks 2i
// and 2i+1, multiplied by H^(16-2i) and H^(15-2i); with four, blocks 4i to
// 4i+3, multiplied by H^(32-4i) to H^(29-4i) (ghashStep4). Step 0 adds
// the accumulator to block 0 and starts the sums.
//
// With one lane, the step takes block i, multiplied by H^(8-i).
func ghashStep(st gcmState, hashed Register, i int) {
	if st.lanes == 4 {
		ghashStep4(st, hashed, i)
		return
	}
	// Power k (H^(16-k)) is at 16k in pow and kar.
	k := 16 - st.blocks() + st.lanes*i
	pm := Mem{Base: st.pow, Disp: 16 * k}
	km := Mem{Base: st.kar, Disp: 16 * k}
	d, t, lo, hi, mid := st.v(gD), st.v(gT), st.v(gLo), st.v(gHi), st.v(gMid)
	mov(Mem{Base: hashed, Disp: 16 * st.lanes * i}, d)
	if st.swap {
		VPSHUFB(st.v(gBswap), d, d)
	}
	if i == 0 {
		xor(lo, d, d)
	}
	avxProduct(d, t, lo, hi, mid, pm, km, i == 0)
}

// zPow holds the powers of H of the eight GHASH steps of the four-lane
// kernels, H^(32-4i) to H^(29-4i) in zPow[i], and zPoly the reduction
// constant in each lane, from the start of the kernel on.
var (
	zPow  = []Register{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	zPoly = Z16
)

// ghashStep4 is ghashStep with four lanes: the blocks of step i into gD
// (gT for odd steps), byte-reversed, the accumulator added for step 0,
// then the four products of each 128-bit lane by its power in zPow[i].
// They are schoolbook, not Karatsuba: the Karatsuba factors would need
// registers that the kernel does not have, and as memory operands they
// cost more than the fourth product. Odd steps then add the products of
// their pair to the sums three at a time: lo and hi each take two low or
// high products, mid the four middle ones, two at a time; steps 0 and 1
// start the sums.
//
// Measured on an Intel Xeon (Sapphire Rapids class), VAESENC on ZMM
// registers, VPCLMULQDQ (or another port-5 instruction) and a 64-byte
// load side by side sustain one triple per 1.23 cycles where the pair
// without the load sustains one per cycle. With the powers as memory
// operands of Karatsuba products, AES-128-GCM of 16 KiB took 1150 ns;
// with them in registers, 960 ns.
func ghashStep4(st gcmState, hashed Register, i int) {
	d, t := st.v(gD), st.v(gT)
	p := zPair[3*(i%2) : 3*(i%2)+3]
	x := d
	if i%2 == 1 {
		x = t
	}
	mov(Mem{Base: hashed, Disp: 64 * i}, x)
	if st.swap {
		VPSHUFB(st.v(gBswap), x, x)
	}
	if i == 0 {
		xor(st.v(gLo), x, x)
	}
	VPCLMULQDQ(U8(0x00), zPow[i], x, p[0])
	VPCLMULQDQ(U8(0x11), zPow[i], x, p[1])
	VPCLMULQDQ(U8(0x01), zPow[i], x, p[2])
	VPCLMULQDQ(U8(0x10), zPow[i], x, x)
	if i%2 == 0 {
		return
	}
	lo, hi, mid := st.v(gLo), st.v(gHi), st.v(gMid)
	a, b := zPair[0:3], zPair[3:6]
	if i == 1 {
		VPXORQ(a[0], b[0], lo)
		VPXORQ(a[1], b[1], hi)
		VPXORQ(a[2], d, mid)
	} else {
		VPTERNLOGQ(U8(0x96), a[0], b[0], lo)
		VPTERNLOGQ(U8(0x96), a[1], b[1], hi)
		VPTERNLOGQ(U8(0x96), a[2], d, mid)
	}
	VPTERNLOGQ(U8(0x96), b[2], t, mid)
}

// zPair holds the products of a pair of GHASH steps of the four-lane
// kernels: the low, the high and one middle product of the first step,
// then of the second (their other middle products are left in gD and gT).
var zPair = []Register{Z17, Z18, Z19, Z20, Z21, Z22}

// ghashReduce adds the lanes of the three sums, combines them into the
// 256-bit product and reduces it into the accumulator, gLo's X half with
// its upper lanes zero (see the package comment). With four lanes it
// reduces each lane, then adds them.
func ghashReduce(st gcmState) {
	t := gT.AsX()
	if st.lanes == 4 {
		// Reduce the four lanes side by side, then add them: the
		// reduction is linear, and one sum is folded instead of three.
		reduceProduct(gLo.AsZ(), gHi.AsZ(), gMid.AsZ(), gT.AsZ(), zPoly, gLo.AsZ())
		VEXTRACTI64X4(U8(1), gLo.AsZ(), gT)
		VPXOR(gT, gLo, gLo)
		foldLanes(t, gLo)
		return
	}
	if st.lanes == 2 {
		foldLanes(t, gLo, gHi, gMid)
	}
	vexReduce(gLo.AsX(), gHi.AsX(), gMid.AsX(), t, st.poly, gLo.AsX())
}
