// updateARM64 is the arm64 counterpart of updateGeneric in
// poly1305_generic.go (multiplyBlocks with hibit = 1): for each whole
// 16-byte block m of msg it sets h = (h + m + 2¹²⁸)·r mod 2¹³⁰-5, partially
// reduced (RFC 8439, Section 2.5), and it leaves the same three limbs in
// the state as the Go code, so the two can be compared state against state.
//
// The arithmetic is that of the Go code and of the amd64 kernel (whose
// generator, tools/asm/aead/poly1305, explains it and derives the bounds):
// radix 2⁶⁴, h = h0 + h1·2⁶⁴ + h2·2¹²⁸ with h2 ≤ 7 at the multiplication,
// clamped r = r0 + r1·2⁶⁴ and rr1 = r1 + r1/4, so that
//
//	h·r ≡ d0 + d1·2⁶⁴ + d2·2¹²⁸ (mod 2¹³⁰-5)
//	d0 = h0·r0 + h1·rr1
//	d1 = h0·r1 + h1·r0 + h2·rr1
//	d2 = h2·r0
//
// with MUL and UMULH giving the low and high halves of the four full
// products and MUL alone the two small ones. Then t = d0 + d1·2⁶⁴ +
// d2·2¹²⁸ = t0 + t1·2⁶⁴ + t2·2¹²⁸ is reduced to h = (t mod 2¹³⁰) +
// 5·⌊t/2¹³⁰⌋, where 5·⌊t2/4⌋ = (t2 with its low two bits cleared) +
// (t2 >> 2) fits in one register (t2 ≤ 9·2⁶⁰+1) and is added with one
// carry chain. The bounds also keep d0, h0·r1 + h1·r0 and d1 below 2¹²⁶,
// so their high halves take the carries of the low ones without
// overflowing, as in the Go code.
//
// Go's assembler writes the operands in the reverse of the Arm ARM order,
// destination last: "MUL R6, R3, R11" is MUL X11, X3, X6.
//
// Registers (R16-R18 and R26-R29 are not used):
//
//	R0       s (the macState)
//	R1       the next block of msg
//	R2       the number of blocks left
//	R3-R5    h0, h1, h2
//	R6-R8    r0, r1, rr1
//	R9, R10  the block, then scratch
//	R11-R15, R19-R25  products and sums
//
// Nothing branches on, or indexes memory with, h, r or the message: the
// only branches test the number of blocks. MUL and UMULH take a fixed time
// on the cores we know of (their latency does not depend on the operands).

//go:build gc && !purego

#include "textflag.h"

// func updateARM64(s *macState, msg []byte)
TEXT ·updateARM64(SB), NOSPLIT, $0-32
	MOVD	s+0(FP), R0
	MOVD	msg_base+8(FP), R1
	MOVD	msg_len+16(FP), R2
	LSR	$4, R2, R2
	CBZ	R2, done

	LDP	0(R0), (R3, R4)
	MOVD	16(R0), R5
	LDP	24(R0), (R6, R7)
	ADD	R7>>2, R7, R8
	MOVD	$1, R19

loop:
	// h += m + 2¹²⁸
	LDP.P	16(R1), (R9, R10)
	ADDS	R9, R3
	ADCS	R10, R4
	ADC	R19, R5

	// The products: h0·r0 (R11, R12), h1·rr1 (R13, R14), h0·r1 (R15,
	// R20), h1·r0 (R21, R22), h2·rr1 (R23), h2·r0 (R24).
	MUL	R6, R3, R11
	UMULH	R6, R3, R12
	MUL	R8, R4, R13
	UMULH	R8, R4, R14
	MUL	R7, R3, R15
	UMULH	R7, R3, R20
	MUL	R6, R4, R21
	UMULH	R6, R4, R22
	MUL	R8, R5, R23
	MUL	R6, R5, R24

	// d0 = h0·r0 + h1·rr1 in R11, R12.
	ADDS	R13, R11
	ADC	R14, R12

	// d1 = h0·r1 + h1·r0 + h2·rr1 in R15, R20.
	ADDS	R21, R15
	ADC	R22, R20
	ADDS	R23, R15
	ADC	ZR, R20

	// t = d0 + d1·2⁶⁴ + h2·r0·2¹²⁸: t0 = R11, t1 = R4, t2 = R25.
	ADDS	R12, R15, R4
	ADC	R24, R20, R25

	// h = (t mod 2¹³⁰) + 5·⌊t2/4⌋.
	AND	$3, R25, R5
	AND	$~3, R25, R10
	ADD	R25>>2, R10, R10
	ADDS	R10, R11, R3
	ADCS	ZR, R4
	ADC	ZR, R5

	SUBS	$1, R2
	BNE	loop

	STP	(R3, R4), 0(R0)
	MOVD	R5, 16(R0)

done:
	RET
