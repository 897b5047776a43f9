// polyvalPMULL is the arm64 counterpart of UpdatePolyvalGeneric in
// ghash_polyval.go, and polyvalPowersPMULL fills the table of powers of H
// it reads. Both are hand-written.
//
// polyvalPMULL is updatePMULL of ghash_arm64.s without the byte reversals:
// as ghash_polyval.go explains, a POLYVAL block loaded as it is into a
// vector register (a little-endian 128-bit integer, lane 0 the low half)
// is exactly the integer that updatePMULL makes of a GHASH block by
// reversing its bytes, and the accumulator likewise. With a Key made by
// InitPolyval (H multiplied by x and reflected as RFC 8452, Appendix A
// does), the rest is the same computation, over the same pow and kar
// tables: eight blocks summed unreduced against H⁸..H¹, one reduction per
// group, the k < 8 blocks left at the end against Hᵏ..H¹ and one more
// reduction; each product three PMULLs by Karatsuba, and the reduction
// modulo x¹²⁸+x⁷+x²+x+1 (in GHASH's reflected form) two PMULLs by
// 0xc200000000000000. See the comment at the top of ghash_arm64.s, and the
// package comment of tools/asm/aead/aesgcm for the derivation.
//
// polyvalPowersPMULL computes pow[16-j] = Hʲ·x⁻¹ for j = 2..m from
// pow[15] = H·x⁻¹, m = min(max(n, 2), 16), with kar[16-j] = lo⊕hi of it in
// both lanes. The product of the kernel, P(a, b), is a·b·x in the field
// (P(X, H·x⁻¹) = X·H is what it is for), so P(Hʲ⁻¹·x⁻¹, H·x⁻¹) = Hʲ·x⁻¹:
// each power is one product and one reduction from the previous one.
//
// Go's assembler writes the operands in the reverse of the Arm ARM order:
// "VPMULL V16.D1, V0.D1, V11.Q1" is PMULL V11.1Q, V0.1D, V16.1D, and
// "VEXT $8, Vm, Vn, Vd" puts the upper lane of Vn in the lower lane of Vd
// and the lower lane of Vm in its upper lane.
//
// Registers of polyvalPMULL (polyvalPowersPMULL uses the same roles):
//
//	R0, R1   pow and kar
//	R2       acc
//	R3       the next block of p
//	R4       the number of bytes of p left
//	R5, R6   the powers and kar entries in use
//	V0-V7    the blocks of a group (V7 is zero during a reduction)
//	V8-V10   the sums lo, hi and mid
//	V11-V12  products before they are added
//	V13      0xc200000000000000 in lane 0
//	V14      the accumulator
//	V16-V23  H⁸..H¹ (pow[8..15])
//	V24-V31  their kar entries
//
// PMULL takes time independent of its operands on cores that implement it,
// and nothing here branches on or indexes memory with H or the data.

//go:build gc && !purego

#include "textflag.h"

// MUL0 sets the sums V8-V10 to the Karatsuba products lo, hi and mid of X
// by the power P with kar entry K; MUL adds them to the sums. X is
// destroyed.
#define MUL0(X, P, K) \
	VPMULL	P.D1, X.D1, V8.Q1; \
	VPMULL2	P.D2, X.D2, V9.Q1; \
	VEXT	$8, X.B16, X.B16, V11.B16; \
	VEOR	V11.B16, X.B16, X.B16; \
	VPMULL	K.D1, X.D1, V10.Q1

#define MUL(X, P, K) \
	VPMULL	P.D1, X.D1, V11.Q1; \
	VPMULL2	P.D2, X.D2, V12.Q1; \
	VEOR	V11.B16, V8.B16, V8.B16; \
	VEOR	V12.B16, V9.B16, V9.B16; \
	VEXT	$8, X.B16, X.B16, V11.B16; \
	VEOR	V11.B16, X.B16, X.B16; \
	VPMULL	K.D1, X.D1, V12.Q1; \
	VEOR	V12.B16, V10.B16, V10.B16

// FOLD turns the sums into the 256-bit product hi:lo (V9:V8): mid ⊕= lo ⊕
// hi, and mid is added to the middle 128 bits. It then reduces hi:lo into
// V14: twice, the low lane of lo times 0xc200000000000000 is added to lo
// with its lanes swapped; the result is lo ⊕ hi. V7 is cleared.
#define FOLD \
	VEOR	V8.B16, V10.B16, V10.B16; \
	VEOR	V9.B16, V10.B16, V10.B16; \
	VEOR	V7.B16, V7.B16, V7.B16; \
	VEXT	$8, V10.B16, V7.B16, V11.B16; \
	VEXT	$8, V7.B16, V10.B16, V12.B16; \
	VEOR	V11.B16, V8.B16, V8.B16; \
	VEOR	V12.B16, V9.B16, V9.B16; \
	VPMULL	V13.D1, V8.D1, V11.Q1; \
	VEXT	$8, V8.B16, V8.B16, V8.B16; \
	VEOR	V11.B16, V8.B16, V8.B16; \
	VPMULL	V13.D1, V8.D1, V11.Q1; \
	VEXT	$8, V8.B16, V8.B16, V8.B16; \
	VEOR	V11.B16, V8.B16, V8.B16; \
	VEOR	V9.B16, V8.B16, V14.B16

// POLY sets V13 to the reduction constant 0xc200000000000000 in lane 0, 0
// in lane 1, through R5.
#define POLY \
	VEOR	V13.B16, V13.B16, V13.B16; \
	MOVD	$0xc200000000000000, R5; \
	VMOV	R5, V13.D[0]

// func polyvalPMULL(pow, kar *[16][2]uint64, acc *[16]byte, p []byte)
TEXT ·polyvalPMULL(SB), NOSPLIT, $0-48
	MOVD	pow+0(FP), R0
	MOVD	kar+8(FP), R1
	MOVD	acc+16(FP), R2
	MOVD	p_base+24(FP), R3
	MOVD	p_len+32(FP), R4

	POLY
	VLD1	(R2), [V14.B16]

	CMP	$128, R4
	BLT	tail
	ADD	$128, R0, R5
	ADD	$128, R1, R6
	VLD1.P	64(R5), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD1	(R5), [V20.B16, V21.B16, V22.B16, V23.B16]
	VLD1.P	64(R6), [V24.B16, V25.B16, V26.B16, V27.B16]
	VLD1	(R6), [V28.B16, V29.B16, V30.B16, V31.B16]

loop8:
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R3), [V4.B16, V5.B16, V6.B16, V7.B16]
	VEOR	V14.B16, V0.B16, V0.B16
	MUL0(V0, V16, V24)
	MUL(V1, V17, V25)
	MUL(V2, V18, V26)
	MUL(V3, V19, V27)
	MUL(V4, V20, V28)
	MUL(V5, V21, V29)
	MUL(V6, V22, V30)
	MUL(V7, V23, V31)
	FOLD
	SUB	$128, R4
	CMP	$128, R4
	BGE	loop8

tail:
	// k = R4/16 < 8 blocks left: powers and kar entries from index 16-k,
	// byte offset 256-R4.
	CBZ	R4, done
	ADD	$256, R0, R5
	SUB	R4, R5
	ADD	$256, R1, R6
	SUB	R4, R6
	VEOR	V8.B16, V8.B16, V8.B16
	VEOR	V9.B16, V9.B16, V9.B16
	VEOR	V10.B16, V10.B16, V10.B16

tailLoop:
	VLD1.P	16(R3), [V0.B16]
	VLD1.P	16(R5), [V16.B16]
	VLD1.P	16(R6), [V24.B16]
	// The accumulator is added to the first block only.
	VEOR	V14.B16, V0.B16, V0.B16
	VEOR	V14.B16, V14.B16, V14.B16
	MUL(V0, V16, V24)
	SUBS	$16, R4
	BNE	tailLoop
	FOLD

done:
	VST1	[V14.B16], (R2)
	RET

// func polyvalPowersPMULL(pow, kar *[16][2]uint64, n int)
TEXT ·polyvalPowersPMULL(SB), NOSPLIT, $0-24
	MOVD	pow+0(FP), R0
	MOVD	kar+8(FP), R1
	MOVD	n+16(FP), R4

	// R4 = m-1 = min(max(n, 2), 16) - 1 products.
	CMP	$2, R4
	MOVD	$2, R5
	CSEL	LT, R5, R4, R4
	CMP	$16, R4
	MOVD	$16, R5
	CSEL	GT, R5, R4, R4
	SUB	$1, R4

	POLY
	// H·x⁻¹ and its kar entry, the second operand of every product; the
	// first is the previous power, in V14. R5 and R6 point at the entries
	// of the next power, going down from index 14.
	ADD	$240, R0, R5
	ADD	$240, R1, R6
	VLD1	(R5), [V16.B16]
	VLD1	(R6), [V24.B16]
	VMOV	V16.B16, V14.B16

powers:
	SUB	$16, R5
	SUB	$16, R6
	MUL0(V14, V16, V24)
	FOLD
	VST1	[V14.B16], (R5)
	VEXT	$8, V14.B16, V14.B16, V0.B16
	VEOR	V14.B16, V0.B16, V0.B16
	VST1	[V0.B16], (R6)
	SUBS	$1, R4
	BNE	powers
	RET
