package main

// With -x4, the command writes hash/sha3/keccakfx4_amd64.s instead of
// keccakf_amd64.s: keccakF1600x4AVX2 and keccakF1600x4AVX512, which both
// mirror keccakF1600x4Generic in hash/sha3/keccakfx4.go. They apply
// Keccak-f[1600] (FIPS 202, section 3.3) to four independent states at
// once, stored interleaved: a[i][j] is lane i (A[x, y] with i = x+5y) of
// state j, so that the four copies of a lane are one 32-byte vector and one
// YMM instruction does the work of four scalar ones, one state in each
// 64-bit element. This is the "times4" layout of the Keccak team's XKCP
// (KeccakP-1600-times4-SIMD256) and of the AVX2 ML-KEM implementations,
// which expand four matrix entries of SHAKE128 at a time.
//
// The schedule of a round is that of keccakF1600BMI (see main.go), with a
// vector register wherever that code has a general-purpose one: the lanes
// stay in memory, each read once and written once per round; the five
// column parities C of the input are in one group of five registers, θ's
// D[x] = C[x-1] ⊕ rot(C[x+1], 1) go into the other group, and the first
// group then holds, for each output plane in turn, the five lanes B that ρ
// and π bring there, which χ combines into the plane's new lanes. The column
// parities of the output are summed while the last plane is written, so the
// groups swap roles every round and are back in place after a loop pass of
// two rounds. The first round reads the caller's array and the last one
// writes it; in between, the rounds alternate between two 800-byte arrays on
// the stack, aligned to 32 bytes so that no access splits a cache line
// (the caller's array may be only 8-byte aligned; working in it made the
// AVX-512 kernel 15-20 % slower when it was not 32-byte aligned). The round constants are a
// table with each constant four times over, XORed into lane 0 from memory.
//
// The two kernels differ only in the instructions of three steps:
//
//   - Rotations. AVX2 has no vector rotate: a rotation by r is a left shift
//     by r, a right shift by 64-r and an OR (VPSLLQ, VPSRLQ, VPOR), with
//     VPADDQ for the shift by one of θ, which runs on more ports; the two ρ
//     offsets that are multiples of eight (8 and 56) are one byte shuffle,
//     VPSHUFB, with a mask kept in a register. AVX-512VL rotates in one
//     instruction, VPROLQ, on YMM registers.
//   - χ, E[x] = B[x] ⊕ (¬B[x+1] ∧ B[x+2]). AVX2 computes it with VPANDN and
//     VPXOR. AVX-512VL does it with one VPTERNLOGQ of truth table 0xd2;
//     since VPTERNLOGQ overwrites its first input and every B is an input
//     of three lanes, the first two lanes of a plane are computed on copies
//     of B[0] and B[1] and the other three in place.
//   - The column parities for the next round, five lanes each: four XORs
//     with AVX2, two three-input VPTERNLOGQ $0x96 with AVX-512VL.
//
// A round costs the AVX2 kernel 184 vector instructions (θ's D 20, ρ and π
// 93, χ 50, ι 1, the parities 20) and the AVX-512 kernel 95 and ten
// register copies, plus 25 stores and the loads folded into them, for four
// states. llvm-mca (Ice Lake server) finds the AVX2 kernel bound by the
// three vector ports, 138 cycles for two rounds against 123 of port
// pressure; the AVX-512 kernel needs 94 against 70, the rest being the
// chain from the last χ of a round through the column parities and D to
// the first B of the next, which every lane of the next round waits for.
// On an Intel Xeon with AVX-512 (Go 1.26), the permutation of four states
// takes 285 ns with the AVX-512 kernel, 395 ns with the AVX2 one and
// 800 ns as four calls of keccakF1600BMI.
//
// The AVX-512 kernel uses only Y0 to Y15, VEX encoding wherever an
// instruction has one, and no ZMM register, so it keeps the clock of AVX2
// code. It needs AVX-512F, AVX-512VL and AVX2; the AVX2 kernel needs AVX2.
// The Go code checks for them.
//
// Nothing branches on, or indexes memory with, the states.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Vector registers of both kernels.
var (
	vx     = [5]VecPhysical{Y0, Y1, Y2, Y3, Y4}
	vy     = [5]VecPhysical{Y5, Y6, Y7, Y8, Y9}
	vt, vu = Y10, Y11 // scratch
	vrot8  = Y12      // VPSHUFB mask: rotate each lane left by 8 (AVX2)
	vrot56 = Y13      // VPSHUFB mask: rotate each lane left by 56 (AVX2)
)

// General-purpose registers. A pass of the loop runs one round from src to
// mid and one from mid to dst, then makes dst the next pass's src.
var (
	x4Caller = RDI // the caller's states
	x4Src    = RSI // the input of the pass
	x4Mid    = RBX // the first stack array, aligned to 32 bytes
	x4Dst    = R8  // the output of the pass
	x4RC     = RDX // the round constants of the current two rounds
	x4RCEnd  = RCX // the end of the round constant table
)

// An x4Kernel is one of the two generated functions.
type x4Kernel struct {
	name   string
	avx512 bool
}

var x4RCTable, x4Rot8, x4Rot56 Mem

func mainX4() {
	Package("github.com/crypton-go/crypton/hash/sha3")
	ConstraintExpr("gc,!purego")

	x4RCTable = GLOBL("keccakRoundConstantsX4", RODATA|NOPTR)
	for i, v := range roundConstants {
		for j := range 4 {
			DATA(32*i+8*j, U64(v))
		}
	}
	// VPSHUFB masks for the rotations by 8 and 56 (VPSHUFB indexes bytes
	// within each 16-byte half).
	x4Rot8 = GLOBL("keccakRot8", RODATA|NOPTR)
	rotMask(7)
	x4Rot56 = GLOBL("keccakRot56", RODATA|NOPTR)
	rotMask(1)
	x4Kernel{name: "keccakF1600x4AVX2"}.permutation()
	x4Kernel{name: "keccakF1600x4AVX512", avx512: true}.permutation()
	Generate()
}

// rotMask emits the data of a VPSHUFB mask that moves byte (j+d) mod 8 of
// each 64-bit lane to byte j: d = 7 rotates left by 8, d = 1 by 56.
func rotMask(d int) {
	for q := range 4 {
		var w uint64
		for j := range 8 {
			w |= uint64(8*(q%2)+(j+d)%8) << (8 * j)
		}
		DATA(8*q, U64(w))
	}
}

func (k x4Kernel) permutation() {
	TEXT(k.name, 0, "func(a *[25][4]uint64)")
	if k.avx512 {
		Doc(k.name+" applies Keccak-f[1600] to each of the four interleaved",
			"states of a, like keccakF1600x4Generic. It needs AVX-512F,",
			"AVX-512VL and AVX2.")
	} else {
		Doc(k.name+" applies Keccak-f[1600] to each of the four interleaved",
			"states of a, like keccakF1600x4Generic. It needs AVX2.")
	}
	e := AllocLocal(2*800 + 24)
	Load(Param("a"), x4Caller)
	LEAQ(e.Offset(31), x4Mid)
	ANDQ(I32(-32), x4Mid)
	MOVQ(x4Caller, x4Src)
	LEAQ(Mem{Base: x4Mid, Disp: 800}, x4Dst)
	LEAQ(x4RCTable, x4RC)
	LEAQ(x4RCTable.Offset(32*24), x4RCEnd)
	if !k.avx512 {
		VMOVDQU(x4Rot8, vrot8)
		VMOVDQU(x4Rot56, vrot56)
	}

	lanes := func(base Register) func(i int) Mem {
		return func(i int) Mem { return Mem{Base: base, Disp: 32 * i} }
	}

	Comment("The column parities of the input, for the first round.")
	for x := range 5 {
		VMOVDQU(lanes(x4Src)(x), vx[x])
		for y := 1; y < 5; y++ {
			VPXOR(lanes(x4Src)(x+5*y), vx[x], vx[x])
		}
	}
	Label(k.name + "_rounds")
	k.round(lanes(x4Src), lanes(x4Mid), Mem{Base: x4RC}, vx, vy)
	k.round(lanes(x4Mid), lanes(x4Dst), Mem{Base: x4RC, Disp: 32}, vy, vx)
	Comment("The next pass reads dst and writes the second stack array, or",
		"the caller's array if it is the last.")
	MOVQ(x4Dst, x4Src)
	LEAQ(Mem{Base: x4Mid, Disp: 800}, x4Dst)
	ADDQ(U8(64), x4RC)
	LEAQ(Mem{Base: x4RC, Disp: 64}, RAX)
	CMPQ(RAX, x4RCEnd)
	CMOVQEQ(x4Caller, x4Dst)
	CMPQ(x4RC, x4RCEnd)
	JNE(LabelRef(k.name + "_rounds"))
	VZEROUPPER()
	RET()
}

// rotl emits dst = src rotated left by r in each 64-bit lane; src and dst
// may be the same register.
func (k x4Kernel) rotl(src VecPhysical, r int, dst VecPhysical) {
	switch {
	case k.avx512:
		VPROLQ(U8(r), src, dst)
	case r == 8:
		VPSHUFB(vrot8, src, dst)
	case r == 56:
		VPSHUFB(vrot56, src, dst)
	default:
		if r == 1 {
			VPADDQ(src, src, vt)
		} else {
			VPSLLQ(U8(r), src, vt)
		}
		VPSRLQ(U8(64-r), src, dst)
		VPOR(vt, dst, dst)
	}
}

// round emits one round from the lanes src(0..24) to dst(0..24), with the
// round constant at rcMem. It expects the column parities of src in c and
// leaves those of dst in dd; it uses dd for θ's D and c for ρ, π and χ.
func (k x4Kernel) round(src, dst func(int) Mem, rcMem Mem, c, dd [5]VecPhysical) {
	r := rho()
	Comment("θ: D[x] = C[x-1] ⊕ rot(C[x+1], 1)")
	for x := range 5 {
		k.rotl(c[(x+1)%5], 1, dd[x])
		VPXOR(c[(x+4)%5], dd[x], dd[x])
	}
	b := c
	for y := range 5 {
		Comment(fmt.Sprintf("ρ and π into plane %d", y))
		for x := range 5 {
			// B[x, y] = rot(A[x', y'] ⊕ D[x'], r[x', y']) with
			// x = y' and y = 2x' + 3y'.
			i, sx := source(x, y)
			VPXOR(src(i), dd[sx], b[x])
			if r[i] != 0 {
				k.rotl(b[x], r[i], b[x])
			}
		}
		if y == 4 {
			Comment("D is spent: the column parities of planes 0 to 3 of dst")
			for x := range 5 {
				VMOVDQU(dst(x), dd[x])
				if k.avx512 {
					VMOVDQU(dst(x+5), vu)
					VPTERNLOGQ(U8(0x96), dst(x+10), vu, dd[x])
				} else {
					for yy := 1; yy < 4; yy++ {
						VPXOR(dst(x+5*yy), dd[x], dd[x])
					}
				}
			}
		}
		Comment(fmt.Sprintf("χ of plane %d", y))
		for x := range 5 {
			var out VecPhysical
			if k.avx512 {
				// VPTERNLOGQ $0xd2, C, B, A computes A ⊕ (¬B ∧ C)
				// into A.
				switch x {
				case 0:
					out = vt
				case 1:
					out = vu
				default:
					out = b[x]
				}
				if out != b[x] {
					VMOVDQU(b[x], out)
				}
				VPTERNLOGQ(U8(0xd2), b[(x+2)%5], b[(x+1)%5], out)
			} else {
				out = vt
				VPANDN(b[(x+2)%5], b[(x+1)%5], out)
				VPXOR(b[x], out, out)
			}
			if x == 0 && y == 0 {
				VPXOR(rcMem, out, out) // ι
			}
			VMOVDQU(out, dst(x+5*y))
			if y == 4 {
				if k.avx512 {
					VPTERNLOGQ(U8(0x96), dst(x+15), out, dd[x])
				} else {
					VPXOR(out, dd[x], dd[x])
				}
			}
		}
	}
}
