// updatePMULL is the arm64 counterpart of UpdateGeneric in ghash.go: for
// each 16-byte block X of p, acc = (acc ⊕ X)·H in GF(2¹²⁸) (NIST SP
// 800-38D, Section 6.4), with the carry-less multiplications of the ARMv8.0
// Cryptography Extensions (Arm ARM, DDI 0487):
//
//	PMULL Vd.1Q, Vn.1D, Vm.1D     Vd = lane 0 of Vn times lane 0 of Vm,
//	                              a 128-bit carry-less product
//	PMULL2 Vd.1Q, Vn.2D, Vm.2D    the same with lanes 1
//
// The Go assembler writes the operands in the reverse of the Arm ARM
// order: "VPMULL V16.D1, V0.D1, V11.Q1" is PMULL V11.1Q, V0.1D, V16.1D.
//
// The method is that of the amd64 kernels (tools/asm/aead/aesgcm, whose
// package comment has the details), in the same data layout, so that both
// use the tables that initPowers fills:
//
//   - A block is loaded and its 16 bytes reversed with TBL, which makes the
//     register the bit-reversed polynomial as a little-endian 128-bit
//     integer (register bit 127-i is the coefficient of xⁱ; lane 0 the low
//     64 bits). pow[i] holds H^(16-i)·x⁻¹ in that form, and the carry-less
//     product of a block by it is the 256-bit bit-reversed product with no
//     shift needed.
//   - Blocks X₁..Xₙ absorbed together give (Y⊕X₁)Hⁿ ⊕ X₂Hⁿ⁻¹ ⊕ … ⊕ XₙH¹:
//     eight products at a time with H⁸..H¹, kept in registers, are summed
//     unreduced and reduced once. The k < 8 blocks left at the end use
//     Hᵏ..H¹, read from the tables from index 16-k on, and one more
//     reduction.
//   - Each product is three multiplications by Karatsuba: lo = a₀b₀ (PMULL),
//     hi = a₁b₁ (PMULL2) and mid = (a₀⊕a₁)(b₀⊕b₁) (PMULL), b₀⊕b₁ coming from
//     kar and a₀⊕a₁ from EXT (swapping the lanes) and EOR. Per group,
//     mid ⊕= lo ⊕ hi and mid is added to the middle 128 bits of hi:lo.
//   - Reduction modulo x¹²⁸+x⁷+x²+x+1: twice, the low lane of lo times
//     0xc200000000000000 (PMULL) is added to lo with its lanes swapped;
//     then the result is lo ⊕ hi.
//
// Registers:
//
//	R0, R1   pow and kar
//	R2       acc
//	R3       the next block of p
//	R4       the number of bytes of p left
//	R5, R6   the powers and kar entries of the last blocks
//	V0-V7    the blocks of a group (V7 is zero during a reduction)
//	V8-V10   the sums lo, hi and mid
//	V11-V12  products before they are added
//	V13      0xc200000000000000 in lane 0
//	V14      the accumulator Y
//	V15      the TBL indices 15, 14, ..., 0, which reverse a register
//	V16-V23  H⁸..H¹ (pow[8..15])
//	V24-V31  their kar entries
//
// PMULL takes time independent of its operands on cores that implement it,
// and nothing here branches on or indexes memory with H or the data.

//go:build gc && !purego

#include "textflag.h"

// PRODUCT0 sets V8-V10 to the Karatsuba products of X by the power H with
// kar entry K; PRODUCT adds them. X is destroyed.
#define PRODUCT0(X, H, K) \
	VPMULL	H.D1, X.D1, V8.Q1; \
	VPMULL2	H.D2, X.D2, V9.Q1; \
	VEXT	$8, X.B16, X.B16, V11.B16; \
	VEOR	V11.B16, X.B16, X.B16; \
	VPMULL	K.D1, X.D1, V10.Q1

#define PRODUCT(X, H, K) \
	VPMULL	H.D1, X.D1, V11.Q1; \
	VPMULL2	H.D2, X.D2, V12.Q1; \
	VEOR	V11.B16, V8.B16, V8.B16; \
	VEOR	V12.B16, V9.B16, V9.B16; \
	VEXT	$8, X.B16, X.B16, V11.B16; \
	VEOR	V11.B16, X.B16, X.B16; \
	VPMULL	K.D1, X.D1, V12.Q1; \
	VEOR	V12.B16, V10.B16, V10.B16

// REDUCE combines lo, hi and mid (V8-V10) into the 256-bit product hi:lo
// and reduces it into V14.
//
// "VEXT $8, Vm, Vn, Vd" puts the upper lane of Vn in the lower lane of Vd
// and the lower lane of Vm in its upper lane.
#define REDUCE \
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

// func updatePMULL(pow, kar *[16][2]uint64, acc *[16]byte, p []byte)
TEXT ·updatePMULL(SB), NOSPLIT, $0-48
	MOVD	pow+0(FP), R0
	MOVD	kar+8(FP), R1
	MOVD	acc+16(FP), R2
	MOVD	p_base+24(FP), R3
	MOVD	p_len+32(FP), R4

	MOVD	$0x08090a0b0c0d0e0f, R5
	VMOV	R5, V15.D[0]
	MOVD	$0x0001020304050607, R5
	VMOV	R5, V15.D[1]
	VEOR	V13.B16, V13.B16, V13.B16
	MOVD	$0xc200000000000000, R5
	VMOV	R5, V13.D[0]

	VLD1	(R2), [V14.B16]
	VTBL	V15.B16, [V14.B16], V14.B16

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
	VTBL	V15.B16, [V0.B16], V0.B16
	VTBL	V15.B16, [V1.B16], V1.B16
	VTBL	V15.B16, [V2.B16], V2.B16
	VTBL	V15.B16, [V3.B16], V3.B16
	VTBL	V15.B16, [V4.B16], V4.B16
	VTBL	V15.B16, [V5.B16], V5.B16
	VTBL	V15.B16, [V6.B16], V6.B16
	VTBL	V15.B16, [V7.B16], V7.B16
	VEOR	V14.B16, V0.B16, V0.B16
	PRODUCT0(V0, V16, V24)
	PRODUCT(V1, V17, V25)
	PRODUCT(V2, V18, V26)
	PRODUCT(V3, V19, V27)
	PRODUCT(V4, V20, V28)
	PRODUCT(V5, V21, V29)
	PRODUCT(V6, V22, V30)
	PRODUCT(V7, V23, V31)
	REDUCE
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
	VTBL	V15.B16, [V0.B16], V0.B16
	// The accumulator goes into the first block only.
	VEOR	V14.B16, V0.B16, V0.B16
	VEOR	V14.B16, V14.B16, V14.B16
	PRODUCT(V0, V16, V24)
	SUBS	$16, R4
	BNE	tailLoop
	REDUCE

done:
	VTBL	V15.B16, [V14.B16], V14.B16
	VST1	[V14.B16], (R2)
	RET
