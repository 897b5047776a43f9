// Command sha512 generates hash/sha512/sha512block_amd64.s.
//
// blockAVX2 and blockAVX512 both mirror blockGeneric in
// hash/sha512/sha512block.go: they run the SHA-512 compression function of
// FIPS 180-4, section 6.4.2, over every whole 128-byte block of p, with the
// message schedule (section 6.4.2, step 1) computed in vector registers and
// the rounds in general-purpose registers with the BMI2 rotate RORX.
//
// The message schedules of two blocks are computed together, one block in
// each 128-bit lane of the YMM registers, as in S. Gueron and V. Krasnov,
// "Parallelizing message schedules to accelerate the computations of hash
// functions", Journal of Cryptographic Engineering 2(4), 2012: every vector
// instruction then serves both blocks, and the rounds of the second block
// find all their W[t]+K[t] ready in memory. Interleaving the vector schedule
// of the first block with its scalar rounds follows J. Guilford, K. Yap and
// V. Gopal, "Fast SHA-512 Implementations on Intel Architecture Processors"
// (Intel, 2012).
//
// The two functions are one generator (block) with two kernels that differ
// only in how they compute the σ0 and σ1 of the schedule (FIPS 180-4,
// equations 4.12 and 4.13): blockAVX2 with AVX2 shifts, a VPSHUFB byte
// rotation and XORs; blockAVX512 with the AVX-512VL rotate VPRORQ and the
// three-input XOR VPTERNLOGQ $0x96, which take 4 instructions for each σ
// where AVX2 needs 7 and 9. Everything else (rounds, buffers, loads) is the
// same code.
//
// Run it with go generate in hash/sha512.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The SHA-512 round constants, FIPS 180-4 section 4.2.3.
var k = [80]uint64{
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
}

// General-purpose registers. The working variables a, ..., h of round 0 are
// in st0; instead of moving values, each round renames them (see regs), so
// that after 8 rounds they are back in place. All fifteen registers are in
// use in the rounds.
var (
	st0    = [8]GPPhysical{RAX, RBX, RCX, RDX, R8, R9, R10, R11}
	ty, tz = R12, R13 // scratch of the e half of a round
	tu     = R15      // scratch of the a half of a round
	ab0    = R14      // a^b of even rounds, b^c of odd ones
	bc0    = RSI      // b^c of even rounds, a^b of odd ones
	wk     = RDI      // W[t]+K[t] of the round being computed
	kp     = RBP      // round constants of the schedule being computed
)

// Vector registers. ring holds the last 16 words of the message schedule of
// both blocks: the register for words t, t+1 (t even) is ring[t/2%8], with
// the words of the first block in its low lane and those of the second in
// its high lane.
var (
	ring       = [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	vflip      = Y8 // byte-swap mask
	vror8      = Y9 // rotate-by-8 mask (blockAVX2 only)
	v0, v1, v2 = Y10, Y11, Y12
	v3, v4     = Y13, Y14
)

// blockAVX512 uses the same registers as blockAVX2, not Y16 to Y31: it has
// registers to spare, and the EVEX forms of VPALIGNR and VPSHUFB that those
// would need are AVX-512BW. So only VPRORQ and VPTERNLOGQ are EVEX-encoded.

func main() {
	ConstraintExpr("gc,!purego")

	// The round constants in the layout of the schedule buffer: K[t] and
	// K[t+1] (t even), twice, one copy per lane.
	kTable := GLOBL("sha512K2", RODATA|NOPTR)
	for p := 0; p < 40; p++ {
		DATA(32*p, U64(k[2*p]))
		DATA(32*p+8, U64(k[2*p+1]))
		DATA(32*p+16, U64(k[2*p]))
		DATA(32*p+24, U64(k[2*p+1]))
	}
	// VPSHUFB mask that byte-swaps each 64-bit word: the message words are
	// big-endian.
	flip := GLOBL("sha512Flip", RODATA|NOPTR)
	DATA(0, U64(0x0001020304050607))
	DATA(8, U64(0x08090a0b0c0d0e0f))
	DATA(16, U64(0x0001020304050607))
	DATA(24, U64(0x08090a0b0c0d0e0f))
	// VPSHUFB mask that rotates each 64-bit word right by 8 bits.
	ror8 := GLOBL("sha512Ror8", RODATA|NOPTR)
	DATA(0, U64(0x0007060504030201))
	DATA(8, U64(0x080f0e0d0c0b0a09))
	DATA(16, U64(0x0007060504030201))
	DATA(24, U64(0x080f0e0d0c0b0a09))

	block(kTable, flip, kernel{
		name:   "blockAVX2",
		sigma0: sigma0AVX2,
		sigma1: sigma1AVX2,
		vecPos: vecPos,
		consts: []vecConst{{ror8, vror8}},
	})
	block(kTable, flip, kernel{
		name:   "blockAVX512",
		sigma0: sigma0AVX512,
		sigma1: sigma1AVX512,
		vecPos: vecPos512,
	})
	Generate()
}

// A kernel is what distinguishes one generated function from another: its
// name, how it computes σ0 and σ1 in the message schedule, where the
// schedule's instructions go among those of the rounds, and the constants
// its σ need in vector registers.
type kernel struct {
	name           string
	sigma0, sigma1 sigma
	vecPos         []int
	consts         []vecConst
}

// A sigma returns the instructions that compute σ0 or σ1 of each 64-bit word
// of x, and the register that then holds the result. The instructions may
// overwrite v1 to v4, and x too if clobber is true.
type sigma func(x VecPhysical, clobber bool) ([]op, VecPhysical)

// A vecConst is a constant loaded into a vector register at entry.
type vecConst struct {
	src Mem
	dst VecPhysical
}

type op func()

// regs returns the registers holding a, ..., h at the start of round t,
// and those holding a^b and b^c.
func regs(t int) (s [8]GPPhysical, ab, bc GPPhysical) {
	for i := range s {
		s[i] = st0[((i-t)%8+8)%8]
	}
	if t%2 == 0 {
		return s, ab0, bc0
	}
	return s, bc0, ab0
}

// A step is the e half of round t+1 (instructions 0 to 12) with the a half
// of round t (13 to 23), which do not depend on each other, so that the two
// dependency chains of SHA-512, through e and through a, overlap.
//
// The e half adds T1 = h + W[t]+K[t] + Ch(e, f, g) + Σ1(e) into h, then h
// into d, which becomes the new e. The a half adds Maj(a, b, c) and Σ0(a)
// into that h, which becomes the new a. Ch is computed as g ^ (e & (f ^ g)),
// and Maj as b ^ ((a ^ b) & (b ^ c)), where b ^ c is the a ^ b of the
// previous round; Σ0 and Σ1 are three RORX and two XOR each. That makes 22
// ALU instructions and 2 register moves (which the CPU eliminates) a round.
//
// Zen 3 has four integer ALUs, two of which rotate, and the order in which
// a step's instructions are emitted makes the rounds take from 6.0 to 7.0
// cycles on it; the orders below were found by measuring.
const nE = 13

func stepOps(t int, kw Mem) []op {
	s, ab, bc := regs(t)
	a, b, h := s[0], s[1], s[7]
	n, _, _ := regs(t + 1)
	nd, ne, nf, ng, nh := n[3], n[4], n[5], n[6], n[7]
	return []op{
		// e half of round t+1
		func() { RORXQ(U8(14), ne, ty) },
		func() { RORXQ(U8(18), ne, tz) },
		func() { ADDQ(kw, nh) },
		func() { XORQ(tz, ty) },
		func() { MOVQ(nf, tz) },
		func() { XORQ(ng, tz) },
		func() { ANDQ(ne, tz) },
		func() { XORQ(ng, tz) },
		func() { ADDQ(tz, nh) },
		func() { RORXQ(U8(41), ne, tz) },
		func() { XORQ(tz, ty) },
		func() { ADDQ(ty, nh) },
		func() { ADDQ(nh, nd) },
		// a half of round t
		func() { MOVQ(a, ab) },
		func() { XORQ(b, ab) },
		func() { ANDQ(ab, bc) },
		func() { XORQ(b, bc) },
		func() { ADDQ(bc, h) },
		func() { RORXQ(U8(28), a, tu) },
		func() { RORXQ(U8(34), a, bc) },
		func() { XORQ(bc, tu) },
		func() { RORXQ(U8(39), a, bc) },
		func() { XORQ(bc, tu) },
		func() { ADDQ(tu, h) },
	}
}

var (
	// orderA0 and orderA1 order the steps of even and odd t in the rounds
	// that also compute the message schedule.
	orderA0 = []int{1, 0, 3, 13, 4, 5, 2, 6, 7, 8, 9, 10, 14, 15, 16, 17, 19, 18, 11, 20, 12, 21, 22, 23}
	orderA1 = []int{1, 0, 3, 4, 5, 13, 6, 2, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 12, 19, 20, 21, 22, 23}
	// orderB0 and orderB1 order the steps of even and odd t in the other
	// rounds.
	orderB0 = []int{13, 1, 0, 3, 4, 5, 6, 2, 7, 8, 9, 10, 14, 15, 16, 17, 18, 19, 11, 20, 12, 21, 22, 23}
	orderB1 = []int{1, 0, 3, 4, 13, 5, 6, 2, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 12, 19, 20, 21, 22, 23}
	// vecPos places the 23 instructions of blockAVX2 that compute two words
	// of the schedule among the 48 of two steps: the i-th goes just before
	// the vecPos[i]-th of the steps.
	vecPos = []int{0, 1, 6, 8, 10, 12, 14, 16, 18, 21, 23, 23, 23, 26, 28, 29, 34, 35, 38, 38, 40, 41, 46}
	// vecPos512 does the same for the 15 of blockAVX512: each goes where
	// vecPos puts the AVX2 instruction it replaces (the VPTERNLOGQ where the
	// last VPXOR of its σ was). It is not tuned: three other placements
	// (spread evenly, σ0 packed together, one before each of the first 15
	// instructions) measured the same on Zen 4 within the noise of a shared
	// machine, and llvm-mca estimates all four within 0.2% of each other on
	// Ice Lake, Sapphire Rapids and Zen 4.
	vecPos512 = []int{0, 1, 6, 8, 10, 12, 21, 23, 23, 26, 28, 38, 40, 41, 46}
)

// orderB returns the order of step t in the rounds without schedule work.
func orderB(t int) []int {
	if t%2 == 0 {
		return orderB0
	}
	return orderB1
}

// step returns the instructions of step t in the given order, reading
// W[t+1]+K[t+1] from kw; withE false leaves out the e half (at the end of a
// block) and withA false the a half (at its start).
func step(t int, kw Mem, order []int, withE, withA bool) []op {
	all := stepOps(t, kw)
	var out []op
	for _, i := range order {
		if (i < nE && withE) || (i >= nE && withA) {
			out = append(out, all[i])
		}
	}
	return out
}

// emit emits the instructions of s, and those of v before them, the i-th
// just before s[pos[i]] (after the last one if pos[i] is len(s)).
func emit(s, v []op, pos []int) {
	j := 0
	for i := 0; i <= len(s); i++ {
		for j < len(v) && pos[j] <= i {
			v[j]()
			j++
		}
		if i < len(s) {
			s[i]()
		}
	}
}

// schedule returns the instructions that compute words t and t+1 (t = 2p,
// p >= 8) of the message schedule of both blocks into ring[p%8], where they
// replace words t-16 and t-15, and store them plus the round constants at
// kt to dst.
func (kn *kernel) schedule(p int, kt, dst Mem) []op {
	x := ring[p%8]       // W[t-16], W[t-15]; becomes W[t], W[t+1]
	x1 := ring[(p+1)%8]  // W[t-14], W[t-13]
	x4 := ring[(p+4)%8]  // W[t-8], W[t-7]
	x5 := ring[(p+5)%8]  // W[t-6], W[t-5]
	xm1 := ring[(p+7)%8] // W[t-2], W[t-1]
	s0, r0 := kn.sigma0(v0, true)
	s1, r1 := kn.sigma1(xm1, false)
	ops := []op{
		func() { VPALIGNR(U8(8), x, x1, v0) },  // W[t-15], W[t-14]
		func() { VPALIGNR(U8(8), x4, x5, v1) }, // W[t-7], W[t-6]
		func() { VPADDQ(v1, x, x) },
	}
	ops = append(ops, s0...) // σ0(W[t-15])
	ops = append(ops, func() { VPADDQ(r0, x, x) })
	ops = append(ops, s1...) // σ1(W[t-2])
	return append(ops,
		func() { VPADDQ(r1, x, x) },
		func() { VPADDQ(kt, x, v1) },
		func() { VMOVDQA(v1, dst) },
	)
}

// sigma0AVX2 computes σ0 = ROTR 1 ^ ROTR 8 ^ SHR 7 with shifts, and the
// rotation by 8 with a byte shuffle.
func sigma0AVX2(x VecPhysical, clobber bool) ([]op, VecPhysical) {
	if !clobber {
		panic("sigma0AVX2 overwrites its input")
	}
	return []op{
		func() { VPSRLQ(U8(1), x, v1) },
		func() { VPSLLQ(U8(63), x, v2) },
		func() { VPSRLQ(U8(7), x, v3) },
		func() { VPSHUFB(vror8, x, x) },
		func() { VPXOR(v1, v2, v1) },
		func() { VPXOR(v3, x, x) },
		func() { VPXOR(v1, x, x) },
	}, x
}

// sigma1AVX2 computes σ1 = ROTR 19 ^ ROTR 61 ^ SHR 6 with shifts.
func sigma1AVX2(x VecPhysical, _ bool) ([]op, VecPhysical) {
	return []op{
		func() { VPSRLQ(U8(6), x, v1) },
		func() { VPSLLQ(U8(3), x, v2) },
		func() { VPSRLQ(U8(19), x, v3) },
		func() { VPSLLQ(U8(45), x, v4) },
		func() { VPXOR(v1, v2, v1) },
		func() { VPSRLQ(U8(61), x, v2) },
		func() { VPXOR(v3, v4, v3) },
		func() { VPXOR(v1, v2, v1) },
		func() { VPXOR(v1, v3, v1) },
	}, v1
}

// sigmaAVX512 returns the sigma ROTR r1 ^ ROTR r2 ^ SHR s, computed with
// two AVX-512VL rotations, a shift and one VPTERNLOGQ whose truth table
// 0x96 is the XOR of its three inputs.
func sigmaAVX512(r1, r2, s uint8) sigma {
	return func(x VecPhysical, clobber bool) ([]op, VecPhysical) {
		out := v3
		if clobber {
			out = x
		}
		return []op{
			func() { VPRORQ(U8(r1), x, v1) },
			func() { VPRORQ(U8(r2), x, v2) },
			func() { VPSRLQ(U8(s), x, out) },
			func() { VPTERNLOGQ(U8(0x96), v1, v2, out) },
		}, out
	}
}

var (
	sigma0AVX512 = sigmaAVX512(1, 8, 7)
	sigma1AVX512 = sigmaAVX512(19, 61, 6)
)

// loadPair returns the instructions that load the message words of the
// blocks at srcA and srcB into ring, block A in the low lanes, and store them
// plus the round constants to the first 8 rows of the schedule buffer at
// dst.
func loadPair(srcA, srcB GPPhysical, kTable Mem, dst GPPhysical) []op {
	var ops []op
	for i := 0; i < 8; i++ {
		x := ring[i]
		ops = append(ops,
			func() { VMOVDQU(Mem{Base: srcA, Disp: 16 * i}, x.AsX()) },
			func() { VINSERTI128(U8(1), Mem{Base: srcB, Disp: 16 * i}, x, x) },
			func() { VPSHUFB(vflip, x, x) },
			func() { VPADDQ(kTable.Offset(32*i), x, v0) },
			func() { VMOVDQA(v0, Mem{Base: dst, Disp: 32 * i}) },
		)
	}
	return ops
}

// The schedule buffer has a 32-byte row for each pair of words: W[t]+K[t],
// W[t+1]+K[t+1] of block A, then the same of block B. kwAt addresses
// W[t]+K[t] of the block whose rows start at wk.
func kwAt(t int) Mem { return Mem{Base: wk, Disp: 32*(t/2) + 8*(t%2)} }

// loopAlign is the alignment of the heads of the two loops. On Zen 3 the
// speed of the function changes by up to 5% with the placement of its loops;
// 16-byte alignment of both heads measured as fast as any padding tried, and
// PCALIGN needs no raw padding bytes.
const loopAlign = 16

// align aligns the next instruction to loopAlign bytes with the assembler's
// PCALIGN directive.
func align() {
	Instruction(&ir.Instruction{Opcode: "PCALIGN", Operands: []Op{Imm(loopAlign)}})
}

// block generates the function of kernel kn.
func block(kTable, flip Mem, kn kernel) {
	TEXT(kn.name, 0, "func(h *[8]uint64, p []byte)")
	Doc(kn.name + " hashes every whole 128-byte block of p into h.")

	// Locals: two schedule buffers of 40 rows (aligned to 32 bytes in a
	// larger area), used by alternate pairs of blocks; the address of the
	// current one and the xor of the two addresses; the next input and the
	// end of the whole blocks; the end of the current loop.
	buf := AllocLocal(2*40*32 + 32)
	bufSave := AllocLocal(8)
	bufXor := AllocLocal(8)
	ptrSave := AllocLocal(8)
	endSave := AllocLocal(8)
	limit := AllocLocal(8)

	Load(Param("p").Base(), ty)
	Load(Param("p").Len(), tz)
	ANDQ(I32(^127), tz)
	JZ(LabelRef("done"))
	ADDQ(ty, tz)
	MOVQ(tz, endSave)
	MOVQ(ty, ptrSave)
	Load(Param("h"), tu)
	for i, r := range st0 {
		MOVQ(Mem{Base: tu, Disp: 8 * i}, r)
	}
	VMOVDQU(flip, vflip)
	for _, c := range kn.consts {
		VMOVDQU(c.src, c.dst)
	}
	LEAQ(buf.Offset(31), wk)
	ANDQ(I32(^31), wk)
	MOVQ(wk, bufSave)
	LEAQ(Mem{Base: wk, Disp: 40 * 32}, tu)
	XORQ(wk, tu)
	MOVQ(tu, bufXor)

	// The blocks are hashed in pairs, A and B, with the schedule of both
	// computed during the rounds of A. A last odd block is loaded as both A
	// and B, and its B is skipped. The words of a pair are loaded into ring
	// and its first 8 rows, at the start of block B of the previous pair
	// (here for the first pair), long before the rounds need them.
	LEAQ(Mem{Base: ty, Disp: 128}, tz)
	CMPQ(tz, endSave)
	CMOVQCC(ty, tz)
	for _, o := range loadPair(ty, tz, kTable, wk) {
		o()
	}

	Label("loop")
	MOVQ(bufSave, wk)
	LEAQ(kTable, kp)
	LEAQ(Mem{Base: wk, Disp: 1024}, ty)
	MOVQ(ty, limit)
	MOVQ(st0[1], bc0)
	XORQ(st0[2], bc0)
	for _, o := range step(-1, kwAt(0), orderA0, true, false) {
		o()
	}

	// Rounds 0 to 63 of block A, 16 a pass, computing rows 8 to 39. (The
	// jumps skip the alignment padding.)
	JMP(LabelRef("groupA"))
	align()
	Label("groupA")
	for i := 0; i < 8; i++ {
		s := step(2*i, kwAt(2*i+1), orderA0, true, true)
		s = append(s, step(2*i+1, kwAt(2*i+2), orderA1, true, true)...)
		emit(s, kn.schedule(8+i, Mem{Base: kp, Disp: 256 + 32*i}, Mem{Base: wk, Disp: 256 + 32*i}), kn.vecPos)
	}
	ADDQ(U32(256), wk)
	ADDQ(U32(256), kp)
	CMPQ(wk, limit)
	JB(LabelRef("groupA"))

	// Rounds 64 to 79 of block A are one pass of the loop below, then the
	// last 8 rounds, which blocks A and B share.
	LEAQ(Mem{Base: wk, Disp: 128}, ty)
	MOVQ(ty, limit)

	JMP(LabelRef("rounds"))
	align()
	Label("rounds")
	for t := 0; t < 8; t++ {
		emit(step(t, kwAt(t+1), orderB(t), true, true), nil, nil)
	}
	ADDQ(U32(128), wk)
	CMPQ(wk, limit)
	JB(LabelRef("rounds"))
	for t := 0; t < 8; t++ {
		emit(step(t, kwAt(t+1), orderB(t), t < 7, true), nil, nil)
	}
	Load(Param("h"), ty)
	for i, r := range st0 {
		ADDQ(Mem{Base: ty, Disp: 8 * i}, r)
		MOVQ(r, Mem{Base: ty, Disp: 8 * i})
	}

	// The words of block B are 16 bytes after those of block A.
	TESTQ(U32(16), wk)
	JNZ(LabelRef("afterB"))

	MOVQ(ptrSave, ty)
	LEAQ(Mem{Base: ty, Disp: 128}, tz)
	CMPQ(tz, endSave)
	JAE(LabelRef("done"))

	// Load the next pair, if there is one, into the other buffer.
	ADDQ(U32(256), ty)
	CMPQ(ty, endSave)
	JAE(LabelRef("blockB"))
	LEAQ(Mem{Base: ty, Disp: 128}, tz)
	CMPQ(tz, endSave)
	CMOVQCC(ty, tz)
	MOVQ(bufSave, ab0)
	XORQ(bufXor, ab0)
	for _, o := range loadPair(ty, tz, kTable, ab0) {
		o()
	}

	// Block B: 9 passes of the loop, then the last 8 rounds.
	Label("blockB")
	SUBQ(U32(1152-16), wk)
	LEAQ(Mem{Base: wk, Disp: 1152}, ty)
	MOVQ(ty, limit)
	MOVQ(st0[1], bc0)
	XORQ(st0[2], bc0)
	for _, o := range step(-1, kwAt(0), orderB(-1), true, false) {
		o()
	}
	JMP(LabelRef("rounds"))

	Label("afterB")
	MOVQ(bufSave, ty)
	XORQ(bufXor, ty)
	MOVQ(ty, bufSave)
	MOVQ(ptrSave, ty)
	ADDQ(U32(256), ty)
	MOVQ(ty, ptrSave)
	CMPQ(ty, endSave)
	JB(LabelRef("loop"))

	Label("done")
	VZEROUPPER()
	RET()
}
