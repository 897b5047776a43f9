// Command aes generates aead/internal/aescore/aes_amd64.s, the AES-NI and
// VAES implementations of the AES block cipher (FIPS 197).
//
// The functions mirror the generic code of aead/internal/aescore:
//
//   - expandKeyAESNI computes the key schedule that expandKeyGeneric
//     computes (FIPS 197, Section 5.2) into enc, and the schedule of the
//     equivalent inverse cipher (FIPS 197, Section 5.3.5) into dec: enc's
//     round keys in reverse order, the middle ones passed through
//     InvMixColumns (AESIMC), which is what AESDEC expects.
//   - encryptBlockAESNI and decryptBlockAESNI are encryptBlockGeneric and
//     decryptBlockGeneric for one block.
//   - encryptBlocksAESNI is encryptBlocksGeneric: the blocks are
//     independent, so eight of them (X0-X7) go through each round together,
//     with the round key in X8. AESENC has a latency of several cycles and
//     a throughput of one or two per cycle, so eight chains in flight keep
//     the AES units busy where one block at a time would leave them idle
//     most of the time (Gueron, "Intel Advanced Encryption Standard (AES)
//     New Instructions Set", Intel white paper 323641, 2010, Section 4).
//     Four, then single blocks finish the input.
//   - encryptBlocksVAES is the same with the 256-bit VAES instructions: each
//     YMM register holds two blocks, and Y0-Y7 sixteen; each round key is
//     broadcast to both 128-bit lanes of Y8. Eight, four and two blocks,
//     then one in an XMM register, finish the input.
//
// Key expansion. For 128-bit keys, AESKEYGENASSIST computes
// RotWord(SubWord(w3)) ^ rcon of the last word w3 of the previous round key
// (FIPS 197's temp for i mod Nk = 0); PSHUFD broadcasts it to the four
// words, and the XOR of the previous round key with itself shifted by one,
// two and three words gives the prefix sums w0, w0^w1, ..., that the
// recurrence w[i] = w[i-Nk] ^ temp produces. 256-bit keys alternate that
// step with one that takes SubWord of the last word without rotation or
// round constant (word 2 of AESKEYGENASSIST's result), for i mod 8 = 4.
// 192-bit keys, whose six-word steps do not line up with the 16-byte round
// keys, are expanded one 32-bit word at a time in a general-purpose
// register, with AESKEYGENASSIST supplying RotWord(SubWord(w))^rcon for
// every sixth word.
//
// Rounds. The round count (10, 12 or 14) is the first argument; the code
// skips the first two or four rounds of the AES-256 sequence for shorter
// keys, so that the last ten rounds are always the same code, addressed
// from a pointer that has advanced past the round keys used so far.
//
// Counter mode. ctr32VAES and ctr32AVX mirror CTR32 of
// aead/internal/aescore (ctr.go) on whole blocks: they XOR len(src)/16
// blocks of src with the key stream E(K, ctr), E(K, inc32(ctr)), ... into
// dst and leave in *ctr the counter block after the last one used. inc32
// (NIST SP 800-38D, Section 6.2) adds one to the last four bytes of the
// block as a big-endian integer modulo 2³², leaving the first twelve as
// they are; the modes that need the whole 128-bit increment (crypto/cipher's
// CTR) split the input where the last four bytes wrap. The counter block
// is kept byte-reversed in Y14 (X14), so that its last four bytes are the
// low doubleword of the 128-bit lane and VPADDD is inc32; VPSHUFB with the
// byte-reversal mask in Y15 (X15) restores the block before the first
// round. ctr32VAES holds two counter blocks per YMM register (lane 1 one
// ahead of lane 0) and encrypts sixteen per iteration in Y0-Y7, then eight,
// four and two, and one in an XMM register; ctr32VAES512 holds four per ZMM
// register (lane i i ahead of lane 0), 32 per iteration in Z0-Z7, each
// register's counters the previous one's plus 4 in each lane (Z13), and
// finishes as ctr32VAES on the low two lanes of Z14; ctr32AVX is the same code in
// XMM registers with the VEX-encoded AESENC (one block per register, eight
// per iteration, then four, two and one), for CPUs with AES-NI and AVX.
// The counter blocks are generated in registers and the key stream XORed
// with src as it leaves the last round, so that the data is read and
// written once, where the Go code builds the counter blocks in memory,
// encrypts them and XORs them in separate passes. This is the counter
// mode of AES-GCM's stitched kernels (aead/internal/gcm) without GHASH,
// and AES-GCM-SIV's (tools/asm/aead/aesgcm, polyval.go) with GCM's
// big-endian counter.
//
// Run it with go generate in aead/internal/aescore.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("gc,!purego")
	expandKey()
	oneBlock("encryptBlockAESNI", AESENC, AESENCLAST)
	oneBlock("decryptBlockAESNI", AESDEC, AESDECLAST)
	blocksAESNI()
	blocksVAES()
	ctrConstants()
	ctrKernel("ctr32VAES512", 4)
	ctrKernel("ctr32VAES", 2)
	ctrKernel("ctr32AVX", 1)
	Generate()
}

// rcon are the round constants x^(i-1) in GF(2⁸), i = 1..10.
var rcon = []uint8{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36}

var labelCount int

// label returns a fresh label name with the given prefix.
func label(prefix string) string {
	labelCount++
	return fmt.Sprintf("%s_%d", prefix, labelCount)
}

// prefixXOR replaces the four words of x with their prefix XORs (word i
// becomes w0^...^wi), using tmp.
func prefixXOR(x, tmp VecPhysical) {
	MOVO(x, tmp)
	for i := 0; i < 3; i++ {
		PSLLDQ(U8(4), tmp)
		PXOR(tmp, x)
	}
}

func expandKey() {
	TEXT("expandKeyAESNI", NOSPLIT, "func(nr int, key *byte, enc, dec *[240]byte)")
	Doc("expandKeyAESNI is expandKeyGeneric with AES-NI; it also fills dec.")
	nr, key, enc, dec := RAX, RBX, RDI, RSI
	Load(Param("nr"), nr)
	Load(Param("key"), key)
	Load(Param("enc"), enc)
	Load(Param("dec"), dec)
	l192, l256 := label("key192"), label("key256")
	CMPQ(nr, U8(12))
	JE(LabelRef(l192))
	JA(LabelRef(l256))

	// AES-128.
	Comment("AES-128: each round key from the previous one.")
	MOVOU(Mem{Base: key}, X0)
	MOVOU(X0, Mem{Base: enc})
	for i := 1; i <= 10; i++ {
		AESKEYGENASSIST(U8(rcon[i-1]), X0, X1)
		PSHUFD(U8(0xff), X1, X1)
		prefixXOR(X0, X2)
		PXOR(X1, X0)
		MOVOU(X0, Mem{Base: enc, Disp: 16 * i})
	}
	invertSchedule(10, enc, dec)
	RET()

	// AES-192.
	Label(l192)
	Comment("AES-192: one word at a time, FIPS 197's recurrence.")
	w := ECX
	for i := 0; i < 6; i++ {
		MOVL(Mem{Base: key, Disp: 4 * i}, w)
		MOVL(w, Mem{Base: enc, Disp: 4 * i})
	}
	for i := 6; i < 52; i++ {
		if i%6 == 0 {
			// w is w[i-1]: put it in word 1 of X1 and take word 1 of
			// AESKEYGENASSIST's result, RotWord(SubWord(w)) ^ rcon.
			MOVD(w, X1)
			PSHUFD(U8(0x00), X1, X1)
			AESKEYGENASSIST(U8(rcon[i/6-1]), X1, X1)
			PSHUFD(U8(0x55), X1, X1)
			MOVD(X1, w)
		}
		XORL(Mem{Base: enc, Disp: 4 * (i - 6)}, w)
		MOVL(w, Mem{Base: enc, Disp: 4 * i})
	}
	invertSchedule(12, enc, dec)
	RET()

	// AES-256.
	Label(l256)
	Comment("AES-256: round keys 2i from 2i-2 and 2i-1, 2i+1 from 2i-1 and 2i.")
	MOVOU(Mem{Base: key}, X0)
	MOVOU(Mem{Base: key, Disp: 16}, X3)
	MOVOU(X0, Mem{Base: enc})
	MOVOU(X3, Mem{Base: enc, Disp: 16})
	for i := 1; i <= 7; i++ {
		AESKEYGENASSIST(U8(rcon[i-1]), X3, X1)
		PSHUFD(U8(0xff), X1, X1)
		prefixXOR(X0, X2)
		PXOR(X1, X0)
		MOVOU(X0, Mem{Base: enc, Disp: 32 * i})
		if i == 7 {
			break
		}
		AESKEYGENASSIST(U8(0), X0, X1)
		PSHUFD(U8(0xaa), X1, X1)
		prefixXOR(X3, X2)
		PXOR(X1, X3)
		MOVOU(X3, Mem{Base: enc, Disp: 32*i + 16})
	}
	invertSchedule(14, enc, dec)
	RET()
}

// invertSchedule fills dec from the nr+1 round keys in enc: dec[0] =
// enc[nr], dec[i] = InvMixColumns(enc[nr-i]), dec[nr] = enc[0].
func invertSchedule(nr int, enc, dec Register) {
	MOVOU(Mem{Base: enc, Disp: 16 * nr}, X0)
	MOVOU(X0, Mem{Base: dec})
	for i := 1; i < nr; i++ {
		// Legacy SSE memory operands must be aligned, and enc need not
		// be: load first.
		MOVOU(Mem{Base: enc, Disp: 16 * (nr - i)}, X0)
		AESIMC(X0, X0)
		MOVOU(X0, Mem{Base: dec, Disp: 16 * i})
	}
	MOVOU(Mem{Base: enc}, X0)
	MOVOU(X0, Mem{Base: dec, Disp: 16 * nr})
}

// rounds emits the rounds of AES on the blocks in regs with the schedule at
// xk (advanced by the code; xk is clobbered), for nr rounds (10, 12 or 14
// in register nr). key is the register that holds each round key; load
// loads the round key at m into it; round and last apply a middle and the
// last round to one block.
func rounds(nr, xk Register, regs []Op, load func(m Mem), round, last func(k, x Op)) {
	load(Mem{Base: xk})
	for _, x := range regs {
		xor(x)
	}
	ADDQ(U8(16), xk)
	l12, l10 := label("rounds12"), label("rounds10")
	CMPQ(nr, U8(12))
	JB(LabelRef(l10))
	JE(LabelRef(l12))
	for _, lab := range []string{l12, l10} {
		for r := 0; r < 2; r++ {
			load(Mem{Base: xk, Disp: 16 * r})
			for _, x := range regs {
				round(keyReg, x)
			}
		}
		ADDQ(U8(32), xk)
		Label(lab)
	}
	for r := 0; r < 9; r++ {
		load(Mem{Base: xk, Disp: 16 * r})
		for _, x := range regs {
			round(keyReg, x)
		}
	}
	load(Mem{Base: xk, Disp: 16 * 9})
	for _, x := range regs {
		last(keyReg, x)
	}
}

// keyReg holds the current round key; xor adds it to a block (AddRoundKey
// of round 0). They are set for the width in use.
var (
	keyReg Op
	xor    func(x Op)
)

func useXMM() {
	keyReg = X8
	xor = func(x Op) { PXOR(keyReg, x) }
}

func useYMM() {
	keyReg = Y8
	xor = func(x Op) { VPXOR(keyReg, x, x) }
}

func loadXMM(m Mem) { MOVOU(m, keyReg) }
func loadYMM(m Mem) { VBROADCASTI128(m, keyReg) }

func oneBlock(name string, round, last func(mx, x Op)) {
	TEXT(name, NOSPLIT, "func(nr int, xk *byte, dst, src *[16]byte)")
	Doc(name + " transforms one block with the round keys at xk.")
	nr, xk, dst, src := RAX, RBX, RDI, RSI
	Load(Param("nr"), nr)
	Load(Param("xk"), xk)
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	useXMM()
	MOVOU(Mem{Base: src}, X0)
	rounds(nr, xk, []Op{X0}, loadXMM, wrap(round), wrap(last))
	MOVOU(X0, Mem{Base: dst})
	RET()
}

func wrap(f func(mx, x Op)) func(k, x Op) { return func(k, x Op) { f(k, x) } }

// blockLoop emits a loop that, while n ≥ count blocks remain, loads count
// blocks from src, encrypts them and stores them to dst; then the code
// falls through. If once, it runs at most one time (no loop).
func blockLoop(count int, once bool, nr, xk, xkSave, dst, src, n Register,
	regs []Op, perReg int, loadBlk, storeBlk func(m Mem, r Op), loadKey func(Mem), round, last func(k, x Op)) {
	top, done := label("loop"), label("done")
	Label(top)
	CMPQ(n, U32(count))
	JB(LabelRef(done))
	for i, r := range regs {
		loadBlk(Mem{Base: src, Disp: 16 * perReg * i}, r)
	}
	MOVQ(xkSave, xk)
	rounds(nr, xk, regs, loadKey, round, last)
	for i, r := range regs {
		storeBlk(Mem{Base: dst, Disp: 16 * perReg * i}, r)
	}
	ADDQ(U32(16*count), src)
	ADDQ(U32(16*count), dst)
	SUBQ(U32(count), n)
	if !once {
		JMP(LabelRef(top))
	}
	Label(done)
}

func blocksAESNI() {
	TEXT("encryptBlocksAESNI", NOSPLIT, "func(nr int, xk *byte, dst, src []byte)")
	Doc("encryptBlocksAESNI encrypts len(src)/16 blocks, eight at a time.")
	nr, xk, xkSave, dst, src, n := RAX, RBX, RCX, RDI, RSI, RDX
	Load(Param("nr"), nr)
	Load(Param("xk"), xkSave)
	Load(Param("dst").Base(), dst)
	Load(Param("src").Base(), src)
	Load(Param("src").Len(), n)
	SHRQ(U8(4), n)
	useXMM()
	ld := func(m Mem, r Op) { MOVOU(m, r) }
	st := func(m Mem, r Op) { MOVOU(r, m) }
	Comment("Eight blocks at a time.")
	blockLoop(8, false, nr, xk, xkSave, dst, src, n, []Op{X0, X1, X2, X3, X4, X5, X6, X7}, 1, ld, st, loadXMM, wrap(AESENC), wrap(AESENCLAST))
	Comment("Four, then one at a time.")
	blockLoop(4, true, nr, xk, xkSave, dst, src, n, []Op{X0, X1, X2, X3}, 1, ld, st, loadXMM, wrap(AESENC), wrap(AESENCLAST))
	blockLoop(1, false, nr, xk, xkSave, dst, src, n, []Op{X0}, 1, ld, st, loadXMM, wrap(AESENC), wrap(AESENCLAST))
	RET()
}

func blocksVAES() {
	TEXT("encryptBlocksVAES", NOSPLIT, "func(nr int, xk *byte, dst, src []byte)")
	Doc("encryptBlocksVAES encrypts len(src)/16 blocks, sixteen at a time.")
	nr, xk, xkSave, dst, src, n := RAX, RBX, RCX, RDI, RSI, RDX
	Load(Param("nr"), nr)
	Load(Param("xk"), xkSave)
	Load(Param("dst").Base(), dst)
	Load(Param("src").Base(), src)
	Load(Param("src").Len(), n)
	SHRQ(U8(4), n)
	useYMM()
	ld := func(m Mem, r Op) { VMOVDQU(m, r) }
	st := func(m Mem, r Op) { VMOVDQU(r, m) }
	vround := func(k, x Op) { VAESENC(k, x, x) }
	vlast := func(k, x Op) { VAESENCLAST(k, x, x) }
	ys := []Op{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	Comment("Sixteen blocks at a time, two in each YMM register.")
	blockLoop(16, false, nr, xk, xkSave, dst, src, n, ys, 2, ld, st, loadYMM, vround, vlast)
	Comment("Eight, four, two blocks, then one in an XMM register.")
	blockLoop(8, true, nr, xk, xkSave, dst, src, n, ys[:4], 2, ld, st, loadYMM, vround, vlast)
	blockLoop(4, true, nr, xk, xkSave, dst, src, n, ys[:2], 2, ld, st, loadYMM, vround, vlast)
	blockLoop(2, true, nr, xk, xkSave, dst, src, n, ys[:1], 2, ld, st, loadYMM, vround, vlast)
	keyReg = X8
	xor = func(x Op) { VPXOR(keyReg, x, x) }
	blockLoop(1, true, nr, xk, xkSave, dst, src, n, []Op{X0}, 1,
		func(m Mem, r Op) { VMOVDQU(m, r) }, func(m Mem, r Op) { VMOVDQU(r, m) },
		func(m Mem) { VMOVDQU(m, keyReg) },
		func(k, x Op) { VAESENC(k, x, x) }, func(k, x Op) { VAESENCLAST(k, x, x) })
	VZEROUPPER()
	RET()
}

// ctrBswap reverses the bytes of each 128-bit lane (VPSHUFB); ctrIncr2
// and ctrIncr1 are the counter increments of two-lane and one-lane
// registers: entry r (32 or 16 bytes) adds lanes·r to the low doubleword
// of each lane, r = 0..8; ctrLaneOne adds 1 to lane 1. With four lanes,
// ctrLaneOffsets4 adds i to lane i, and ctrStep4 adds 4 to each lane.
var ctrBswap, ctrIncr2, ctrIncr1, ctrLaneOne, ctrLaneOffsets4, ctrStep4 Mem

func ctrConstants() {
	ctrBswap = GLOBL("ctrBswap", RODATA|NOPTR)
	for lane := 0; lane < 4; lane++ {
		DATA(16*lane, U64(0x08090a0b0c0d0e0f))
		DATA(16*lane+8, U64(0x0001020304050607))
	}
	incr := func(name string, lanes int) Mem {
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
	ctrIncr2 = incr("ctrIncr2", 2)
	ctrIncr1 = incr("ctrIncr1", 1)
	ctrLaneOne = GLOBL("ctrLaneOne", RODATA|NOPTR)
	DATA(0, U64(0))
	DATA(8, U64(0))
	DATA(16, U64(1))
	DATA(24, U64(0))
	lanes4 := func(name string, f func(lane int) uint32) Mem {
		m := GLOBL(name, RODATA|NOPTR)
		for lane := 0; lane < 4; lane++ {
			DATA(16*lane, U32(f(lane)))
			DATA(16*lane+4, U32(0))
			DATA(16*lane+8, U64(0))
		}
		return m
	}
	ctrLaneOffsets4 = lanes4("ctrLaneOffsets4", func(lane int) uint32 { return uint32(lane) })
	ctrStep4 = lanes4("ctrStep4", func(int) uint32 { return 4 })
}

// ctrKernel emits ctr32VAES512 (lanes 4), ctr32VAES (lanes 2) or ctr32AVX
// (lanes 1): see the package comment.
func ctrKernel(name string, lanes int) {
	TEXT(name, NOSPLIT, "func(nr int, xk *byte, ctr *[16]byte, dst, src []byte)")
	Doc(name + " XORs len(src)/16 blocks of src with the counter-mode key stream from *ctr (inc32) into dst and advances *ctr past them.")
	nr, xk, xkSave, dst, src, n, ctrP := RAX, RBX, RCX, RDI, RSI, RDX, R8
	Load(Param("nr"), nr)
	Load(Param("xk"), xkSave)
	Load(Param("ctr"), ctrP)
	Load(Param("dst").Base(), dst)
	Load(Param("src").Base(), src)
	Load(Param("src").Len(), n)
	SHRQ(U8(4), n)

	ys := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	xs := []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7}
	if lanes == 4 {
		VMOVDQU64(ctrBswap, Z15)
		VBROADCASTI32X4(Mem{Base: ctrP}, Z14)
		VPSHUFB(Z15, Z14, Z14)
		VPADDD(ctrLaneOffsets4, Z14, Z14)
		VMOVDQU64(ctrStep4, Z13)
		Comment("32 blocks at a time, four in each ZMM register.")
		ctrChunk512(nr, xk, xkSave, dst, src, n)
		Comment("Lanes 0 and 1 of Z14 are the next two counters: sixteen, eight,")
		Comment("four, two blocks, then one in an XMM register, as ctr32VAES.")
		ctrChunk(8, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(4, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(2, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(1, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(1, 1, true, nr, xk, xkSave, dst, src, n, xs)
	} else if lanes == 2 {
		VMOVDQU(ctrBswap, Y15)
		VBROADCASTI128(Mem{Base: ctrP}, Y14)
		VPSHUFB(Y15, Y14, Y14)
		VPADDD(ctrLaneOne, Y14, Y14)
		Comment("Sixteen blocks at a time, two in each YMM register.")
		ctrChunk(8, 2, false, nr, xk, xkSave, dst, src, n, ys)
		Comment("Eight, four, two blocks, then one in an XMM register.")
		ctrChunk(4, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(2, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(1, 2, true, nr, xk, xkSave, dst, src, n, ys)
		ctrChunk(1, 1, true, nr, xk, xkSave, dst, src, n, xs)
	} else {
		VMOVDQU(ctrBswap.Offset(0), X15)
		VMOVDQU(Mem{Base: ctrP}, X14)
		VPSHUFB(X15, X14, X14)
		Comment("Eight blocks at a time, then four, two and one.")
		ctrChunk(8, 1, false, nr, xk, xkSave, dst, src, n, xs)
		ctrChunk(4, 1, true, nr, xk, xkSave, dst, src, n, xs)
		ctrChunk(2, 1, true, nr, xk, xkSave, dst, src, n, xs)
		ctrChunk(1, 1, true, nr, xk, xkSave, dst, src, n, xs)
	}
	Comment("The next counter block is lane 0 of the counter register.")
	VPSHUFB(X15, X14, X14)
	VMOVDQU(X14, Mem{Base: ctrP})
	VZEROUPPER()
	RET()
}

// ctrChunk512 emits the loop of ctr32VAES512: while n ≥ 32 blocks remain,
// the counter blocks of Z0-Z7 from Z14 (each register's the previous
// one's plus Z13, 4 in each lane), byte-reversed with Z15, then as
// ctrChunk. The round keys are broadcast to the four lanes of Z8.
func ctrChunk512(nr, xk, xkSave, dst, src, n Register) {
	regs := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	keyReg = Z8
	load := func(m Mem) { VBROADCASTI32X4(m, keyReg) }
	xor = func(x Op) { VPXORQ(keyReg, x, x) }
	top, done := label("ctr512"), label("ctr512_done")
	Label(top)
	CMPQ(n, U32(32))
	JB(LabelRef(done))
	ops := make([]Op, len(regs))
	for i, r := range regs {
		VPSHUFB(Z15, Z14, r)
		VPADDD(Z13, Z14, Z14)
		ops[i] = r
	}
	MOVQ(xkSave, xk)
	rounds(nr, xk, ops, load, func(k, x Op) { VAESENC(k, x, x) }, func(k, x Op) { VAESENCLAST(k, x, x) })
	for i, r := range regs {
		VPXORQ(Mem{Base: src, Disp: 64 * i}, r, r)
		VMOVDQU64(r, Mem{Base: dst, Disp: 64 * i})
	}
	ADDQ(U32(512), src)
	ADDQ(U32(512), dst)
	SUBQ(U32(32), n)
	JMP(LabelRef(top))
	Label(done)
}

// ctrChunk emits a step of count registers of lanes blocks each: while
// (or, if once, if) n ≥ count·lanes blocks remain, it makes their counter
// blocks from Y14 (X14 for one lane), encrypts them, XORs src into them,
// stores them to dst and advances the counter, src, dst and n. A one-lane
// step in the two-lane kernel uses the low lane of Y14, and comes last.
func ctrChunk(count, lanes int, once bool, nr, xk, xkSave, dst, src, n Register, regs []VecPhysical) {
	regs = regs[:count]
	blocks := count * lanes
	stride := 16 * lanes
	ctr, bswap, incr := VecPhysical(Y14), VecPhysical(Y15), ctrIncr2
	keyReg = Y8
	load := loadYMM
	if lanes == 1 {
		ctr, bswap, incr = X14, X15, ctrIncr1
		keyReg = X8
		load = func(m Mem) { VMOVDQU(m, keyReg) }
	}
	xor = func(x Op) { VPXOR(keyReg, x, x) }
	top, done := label("ctr"), label("ctr_done")
	Label(top)
	CMPQ(n, U32(blocks))
	JB(LabelRef(done))
	ops := make([]Op, count)
	for i, r := range regs {
		VPADDD(incr.Offset(stride*i), ctr, r)
		VPSHUFB(bswap, r, r)
		ops[i] = r
	}
	VPADDD(incr.Offset(stride*count), ctr, ctr)
	MOVQ(xkSave, xk)
	rounds(nr, xk, ops, load, func(k, x Op) { VAESENC(k, x, x) }, func(k, x Op) { VAESENCLAST(k, x, x) })
	for i, r := range regs {
		VPXOR(Mem{Base: src, Disp: stride * i}, r, r)
		VMOVDQU(r, Mem{Base: dst, Disp: stride * i})
	}
	ADDQ(U32(16*blocks), src)
	ADDQ(U32(16*blocks), dst)
	SUBQ(U32(blocks), n)
	if !once {
		JMP(LabelRef(top))
	}
	Label(done)
}
