package main

// keccakF1600AVX512 and absorbAVX512, in keccakf_amd64.s with the scalar
// kernels, mirror keccakF1600Generic and absorbGeneric like keccakF1600BMI
// and absorbBMI, with the whole state in five ZMM registers for the whole
// call: five lanes in the low five 64-bit elements of each register (the
// upper three elements carry whatever they carry, and no instruction ever
// moves them into the low five).
//
// # Layouts
//
// θ adds to each lane the same value D[x] for all lanes of column x, so it
// is cheap whenever every register holds one lane of each column, lane
// A[x, ·] in element x: the column parities are the XOR of the five
// registers, and D is two element rotations (VPERMQ) of them, one of them
// after a VPROLQ by one. χ combines lanes x, x+1, x+2 of one plane, so it
// is cheap when the five lanes of a plane are in the same element of five
// registers (three-input VPTERNLOGQ $0xd2 on whole registers) or when they
// are in one register (two VPERMQ to align lanes x+1 and x+2 with x). π
// sends each plane y of the input to column y of χ's input B (B[y, 2x+3y] =
// A[x, y]), and the lanes A[x, 2j+x], x = 0..4, to plane j of B.
//
// So the rounds go in pairs over three layouts:
//
//   - Row layout, at the start of an even round: register y holds plane y,
//     A[x, y] in element x. After θ and ρ (VPROLVQ by a vector of the five
//     offsets), one VPERMQ per register turns plane y into column y of B
//     (element Y holds B[y, Y]), χ is five VPTERNLOGQ across the registers,
//     and the new state is in column layout.
//   - Column layout: register x holds column x. For each register of the
//     diagonal layout, three blends (VPBLENDMQ with masks of one element)
//     gather its lanes of columns 0 and 1 in one register and those of
//     columns 2 to 4 in another, each lane in the element it has in its
//     column, and one VPERMI2Q merges the two and rotates the lanes into
//     place (a fourth blend where no rotation is needed).
//   - Diagonal layout, at the start of an odd round: register j holds A[x,
//     2j+x] in element x. Every register still has one lane of each column
//     in place, so θ is that of the row layout; after ρ, register j holds
//     plane j of B, its lanes rotated by 2j elements, and three element
//     rotations of it (two when one of them is the identity) line the
//     lanes x, x+1 and x+2 up for χ, which leaves plane j in register j in
//     row layout, ready for the next pair.
//
// Element rotations by 1 to 4 serve θ and χ; together with the five π
// permutations of the even rounds and the ten vectors of ρ offsets, they are
// 19 constant registers, loaded once per call (Z13 to Z31). The four
// VPERMI2Q index vectors are loaded from memory into the register the
// instruction overwrites (a load, off the vector ports). ι is a VPXORQ with
// the round constant broadcast from the table and a mask of element 0. The
// column parities of θ are two VPTERNLOGQ, the second taking the register
// finished last (the one ι changed).
//
// A pair of rounds costs 21 VPERMQ, 4 VPERMI2Q, 16 VPBLENDMQ, 24
// VPTERNLOGQ, 10 VPROLVQ, 2 VPROLQ, 2 VPXORQ and 4 register copies: 79
// instructions on the two vector ports of 512-bit instructions, 25 of them
// (the permutations) on port 5 only and 12 (the rotations) on port 0 only,
// so about 40 cycles of port pressure. The rounds depend on each other
// through θ, and most steps are five instructions on one port, so the pair
// takes longer than that: llvm-mca 19 (an estimate) puts it at 54 cycles on
// sapphirerapids, 52 on icelake-server and 51 on znver4. On an Intel Xeon
// with AVX-512 (Go 1.26, 3.5 GHz), SHA3-256 of 16 KiB takes about 59 cycles
// per pair, 1.2 times as fast as with keccakF1600BMI.
//
// absorbAVX512 loads the state once, XORs each block into the registers
// with masked loads (K3 selects a whole plane, K7 the lanes of the last,
// partial plane of the rate; masked-off elements are not read, so nothing
// past the block is touched), and stores the state once at the end. The
// branches depend on the rate and the length only.
//
// The functions need AVX-512F, and absorbAVX512 also BMI2 (one SHLX per
// call, for the mask of the partial plane); the Go code checks for them.
// They end with VZEROUPPER.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var (
	zA     = [5]VecPhysical{Z0, Z1, Z2, Z3, Z4} // the state in row layout
	zRot   [5]VecPhysical                       // zRot[k]: element i ← element i+k mod 5 (zRot[0] unused)
	zSigma = [5]VecPhysical{Z17, Z18, Z19, Z20, Z21}
	zRhoE  = [5]VecPhysical{Z22, Z23, Z24, Z25, Z26}
	zRhoO  = [5]VecPhysical{Z27, Z28, Z29, Z30, Z31}
)

func init() {
	zRot = [5]VecPhysical{nil, Z13, Z14, Z15, Z16}
}

// Masks: kBit[i] selects element i; kHigh elements 2..4; kRow elements
// 0..4; kPart (absorbAVX512 only) the lanes of the partial plane.
var (
	kBit0, kBit1, kBit3, kBit4 = K1, K2, K4, K5
	kHigh, kRow, kPart         = K6, K3, K7
)

var (
	avx512Consts Mem
	transposeIdx Mem // the VPERMI2Q indexes of the transposition, j = 1..4
)

// avx512Tables emits the constant vectors, eight elements each: element
// rotations 1..4, the π permutations σ_y of the even round, the ρ offsets
// of the row layout and of the diagonal layout.
func avx512Tables() {
	avx512Consts = GLOBL("keccakAVX512Consts", RODATA|NOPTR)
	r := rho()
	off := 0
	vec := func(f func(i int) int) {
		for i := range 8 {
			v := i
			if i < 5 {
				v = f(i)
			} else if off >= 64*9 {
				v = 0 // ρ offsets of the unused elements
			}
			DATA(off+8*i, U64(uint64(v)))
		}
		off += 64
	}
	for k := 1; k < 5; k++ {
		vec(func(i int) int { return (i + k) % 5 })
	}
	for y := range 5 {
		// Element Y of column y of B is A[3Y+y, y].
		vec(func(i int) int { return (3*i + y) % 5 })
	}
	for y := range 5 {
		vec(func(x int) int { return r[x+5*y] })
	}
	for j := range 5 {
		vec(func(x int) int { return r[x+5*((2*j+x)%5)] })
	}
	// The last step of the transposition for j = 1..4: element i takes
	// element (i+2j) mod 5 of the blend of columns 0 and 1 (below 2) or of
	// columns 2 to 4 (from 2 on, in the second table).
	transposeIdx = avx512Consts.Offset(off)
	for j := 1; j < 5; j++ {
		vec(func(i int) int {
			q := (i + 2*j) % 5
			if q >= 2 {
				q += 8
			}
			return q
		})
	}
}

// avx512Setup loads the constant registers and masks.
func avx512Setup() {
	LEAQ(avx512Consts, RAX)
	regs := append(append(append(append([]VecPhysical{}, zRot[1:]...), zSigma[:]...), zRhoE[:]...), zRhoO[:]...)
	for i, z := range regs {
		VMOVDQU64(Mem{Base: RAX, Disp: 64 * i}, z)
	}
	for _, m := range []struct {
		k Register
		v int
	}{{kBit0, 1}, {kBit1, 2}, {kBit3, 8}, {kBit4, 16}, {kHigh, 0x1c}, {kRow, 0x1f}} {
		MOVL(U32(m.v), EAX)
		KMOVW(EAX, m.k)
	}
}

func avx512Load(a Register) {
	for y := range 5 {
		VMOVDQU64_Z(Mem{Base: a, Disp: 40 * y}, kRow, zA[y])
	}
}

func avx512Store(a Register) {
	for y := range 5 {
		VMOVDQU64(zA[y], kRow, Mem{Base: a, Disp: 40 * y})
	}
	VZEROUPPER()
}

// theta emits θ on the five registers s, which hold one lane of each column
// in place, with t0..t2 as temporaries. The parities take s[0] in their
// second step only: s[0] is the register finished last before θ (the one
// ι changes, or the one the transposition writes last), which so waits
// one instruction less. After
// adding D to register i it calls then(i), which emits what follows for
// that register alone (ρ, π, χ where it can): in this program order the
// processor starts each register's rotations and permutations as soon as
// D is in it, and ports 0 and 5 work side by side (measured: about 5 %
// faster than each step on all five registers before the next).
func theta(s [5]VecPhysical, t0, t1, t2 VecPhysical, then func(i int)) {
	Comment("θ: C, then D[x] = C[x-1] ⊕ rot(C[x+1], 1) added to every register")
	VMOVDQA64(s[1], t0)
	VPTERNLOGQ(U8(0x96), s[3], s[2], t0)
	VPTERNLOGQ(U8(0x96), s[0], s[4], t0)
	VPROLQ(U8(1), t0, t2)
	VPERMQ(t0, zRot[4], t1)
	VPERMQ(t2, zRot[1], t2)
	for i, z := range s {
		VPTERNLOGQ(U8(0x96), t2, t1, z)
		then(i)
	}
}

// rotElems emits dst = src with element i ← element i+k mod 5.
func rotElems(src VecPhysical, k int, dst VecPhysical) {
	VPERMQ(src, zRot[k%5], dst)
}

// avx512Rounds emits the 24 rounds on zA, as a loop of two, with rc
// pointing to the round constants and rcEnd to their end.
func avx512Rounds(rc, rcEnd Register, label string) {
	Label(label)
	// Even round, row layout.
	bc := [5]VecPhysical{Z5, Z6, Z7, Z8, Z9}
	theta(zA, Z5, Z10, Z11, func(y int) {
		VPROLVQ(zRhoE[y], zA[y], zA[y])
		VPERMQ(zA[y], zSigma[y], bc[y])
	})
	Comment("χ across the columns, ι")
	VMOVDQA64(bc[0], Z0)
	VMOVDQA64(bc[1], Z1)
	e := [5]VecPhysical{Z0, Z1, bc[2], bc[3], bc[4]}
	for x := range 5 {
		VPTERNLOGQ(U8(0xd2), bc[(x+2)%5], bc[(x+1)%5], e[x])
	}
	VPXORQ_BCST(Mem{Base: rc}, e[0], kBit0, e[0])

	Comment("Column layout to diagonal layout: register j gets element q of",
		"column q-2j in element q, then rotates by 2j elements.")
	d := [5]VecPhysical{Z0, Z2, Z3, Z4, Z5}
	for _, j := range []int{1, 2, 3, 4, 0} {
		col := func(q int) VecPhysical { return e[((q-2*j)%5+5)%5] }
		p := Z6
		VPBLENDMQ(col(1), col(0), kBit1, p)
		VPBLENDMQ(col(3), col(2), kBit3, Z10)
		VPBLENDMQ(col(4), Z10, kBit4, Z10)
		if j == 0 {
			VPBLENDMQ(Z10, p, kHigh, d[0])
		} else {
			VMOVDQU64(transposeIdx.Offset(64*(j-1)), d[j])
			VPERMI2Q(Z10, p, d[j])
		}
	}

	// Odd round, diagonal layout.
	tmp := []VecPhysical{Z6, Z9, Z10, Z11, Z12}
	ti := 0
	theta(d, Z6, Z7, Z8, func(j int) {
		VPROLVQ(zRhoO[j], d[j], d[j])
		// π and χ: register j holds plane j of B, rotated by 2j elements.
		var in [3]VecPhysical
		for k := range 3 {
			rot := ((k-2*j)%5 + 5) % 5
			switch {
			case rot == 0:
				in[k] = d[j]
			case k == 0:
				in[k] = zA[j]
				rotElems(d[j], rot, zA[j])
			default:
				in[k] = tmp[ti%len(tmp)]
				ti++
				rotElems(d[j], rot, in[k])
			}
		}
		VPTERNLOGQ(U8(0xd2), in[2], in[1], in[0])
	})
	VPXORQ_BCST(Mem{Base: rc, Disp: 8}, zA[0], kBit0, zA[0])

	ADDQ(U8(16), rc)
	CMPQ(rc, rcEnd)
	JNE(LabelRef(label))
}

func keccakF1600AVX512() {
	TEXT("keccakF1600AVX512", NOSPLIT, "func(a *[25]uint64)")
	Doc("keccakF1600AVX512 applies Keccak-f[1600] to a, like keccakF1600Generic.",
		"It needs AVX-512F.")
	a, rc, rcEnd := RDI, R8, R9
	Load(Param("a"), a)
	avx512Setup()
	avx512Load(a)
	LEAQ(rcTable, rc)
	LEAQ(rcTable.Offset(8*24), rcEnd)
	avx512Rounds(rc, rcEnd, "avx512rounds")
	avx512Store(a)
	RET()
}

func absorbAVX512() {
	TEXT("absorbAVX512", NOSPLIT, "func(a *[25]uint64, p []byte, rate int)")
	Doc("absorbAVX512 absorbs the whole rate-byte blocks of p into a, like",
		"absorbGeneric. rate must be 72, 104, 136, 144 or 168. It needs",
		"AVX-512F and BMI2.")
	a, p, left, rate, rc, rcEnd := RDI, RSI, RBX, RCX, R8, R9
	Load(Param("a"), a)
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), left)
	Load(Param("rate"), rate)
	CMPQ(left, rate)
	JB(LabelRef("absorbnone"))
	avx512Setup()
	Comment("kPart: the lanes of the partial plane, (1 << (rate/8 mod 5)) - 1")
	MOVQ(rate, RAX)
	SHRQ(U8(3), RAX)
	XORL(EDX, EDX)
	MOVL(U32(5), R10L)
	DIVL(R10L)
	MOVL(U32(1), EAX)
	SHLXL(EDX, EAX, EAX)
	DECL(EAX)
	KMOVW(EAX, kPart)
	avx512Load(a)
	LEAQ(rcTable.Offset(8*24), rcEnd)

	Label("absorbblock")
	Comment("XOR the block into the first rate/8 lanes.")
	VPXORQ(Mem{Base: p}, zA[0], kRow, zA[0])
	for _, step := range []struct{ below, y int }{{104, 1}, {136, 2}, {168, 3}} {
		CMPQ(rate, U32(step.below))
		JB(LabelRef("absorbpart" + string(rune('0'+step.y))))
		VPXORQ(Mem{Base: p, Disp: 40 * step.y}, zA[step.y], kRow, zA[step.y])
	}
	VPXORQ(Mem{Base: p, Disp: 160}, zA[4], kPart, zA[4])
	JMP(LabelRef("absorbed"))
	for y := 1; y <= 3; y++ {
		Label("absorbpart" + string(rune('0'+y)))
		VPXORQ(Mem{Base: p, Disp: 40 * y}, zA[y], kPart, zA[y])
		if y < 3 {
			JMP(LabelRef("absorbed"))
		}
	}
	Label("absorbed")
	ADDQ(rate, p)
	SUBQ(rate, left)
	LEAQ(rcTable, rc)
	avx512Rounds(rc, rcEnd, "absorbrounds")
	CMPQ(left, rate)
	JAE(LabelRef("absorbblock"))
	avx512Store(a)

	Label("absorbnone")
	RET()
}
