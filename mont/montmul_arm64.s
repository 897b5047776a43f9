//go:build gc && !purego

#include "textflag.h"

// Montgomery multiplication on arm64, written by hand (no generator).
//
// func montMulARM64(z, x, y, m *uint64, n int, m0inv uint64)
//
// montMulARM64 sets z = x·y·R⁻¹ mod m, with R = 2^(64n), fully reduced, for
// 1 ≤ n ≤ arm64MaxLimbs (130), odd m, m0inv = -m⁻¹ mod 2^64, y < m and any
// x < R: the contract of montMulGeneric. z may alias x or y (they are last
// read before z is first written); all four point to n limbs.
//
// Method: CIOS, one row per limb y[i] of y. Each row adds x·y[i] and q·m to
// the accumulator T and shifts it down by one limb, with q = (T[0] +
// x[0]·y[i])·m0inv mod 2^64 chosen to make the lowest limb zero. Because q
// depends only on the lowest limb, it is computed first, and the two passes
// of textbook CIOS (add x·y[i], then add q·m and shift) are done in a single
// pass: each group of limbs of T is loaded once, gets both products added,
// and is stored one limb lower.
//
// Adding a product a[j..j+3]·b to four limbs of T takes two carry chains of
// ADDS/ADCS: the first adds the incoming carry limb and the low halves
// lo(a[j+1..j+3]·b) and ends in hi(a[j+3]·b); the second adds lo(a[j]·b)
// and the high halves hi(a[j..j+2]·b), one limb up, and ends in the
// outgoing carry limb. The sum fits: a four-limb group of T plus a carry
// limb plus a[j..j+3]·b is below 2^320. x·y[i] and q·m each keep their own
// carry limb (c1 and c2) from group to group.
//
// T lives in the frame. Between rows T < R + m < 2R (and T < 2m after the
// last row), so it takes n limbs in memory plus a top limb that is 0 or 1
// and stays in a register. One more slot, below T[0], receives the zero
// limb that each row shifts out of the bottom, so the store of the first
// group needs no special case. Frame, from 8(RSP): that slot, then T[0..n-1],
// room for n ≤ 130 (132 slots, 1056 bytes).
//
// Constant time: every branch and loop count depends on n only, and every
// address on the pointers and n. The final conditional subtraction always
// computes T - m into z, then selects, limb by limb, the difference or T
// with CSEL on the borrow, never branching on it.
//
// Registers: R18 (platform register), R26-R29 (context, assembler
// temporary, g, frame pointer) and R16/R17 (linker veneers) are not used.
//
//	R0        scratch: a low half in the row; z in the final step
//	R1        x pointer, advanced through x every row
//	R2        y pointer, advanced one limb per row
//	R3        m pointer, advanced through m every row
//	R4        T pointer
//	R5        m0inv
//	R6        rows left
//	R7        y[i]
//	R8        q
//	R9, R10   carry limbs c1 (of x·y[i]) and c2 (of q·m)
//	R11       top limb of T (0 or 1)
//	R12, R13  groups of four left, single limbs left
//	R14, R15, R19, R20   limbs of x or m, then high halves
//	R21-R24   four limbs of T
//	R25       scratch: a low half

// TSTART is the offset from RSP of T[0]; the slot below it, 8(RSP), takes
// the zero limb shifted out of each row.
#define TSTART 16

// GROUP4 adds the product of the four limbs a0..a3 in R14, R15, R19, R20
// with the word b, and the carry limb c, to the four limbs of T in R21-R24;
// c receives the carry out. Chain 1 adds c, lo(a1·b), lo(a2·b), lo(a3·b)
// and ends in hi(a3·b), which cannot wrap (it is at most 2^64-2). Chain 2
// adds lo(a0·b), hi(a0·b), hi(a1·b), hi(a2·b) and ends in c. MUL and UMULH
// leave the flags alone, so they sit between the ADCS of a chain. R14, R15,
// R19, R20, R25 and R0 are clobbered.
#define GROUP4(b, c) \
	MUL   b, R14, R25; \
	MUL   b, R15, R0;  \
	ADDS  c, R21;      \
	ADCS  R0, R22;     \
	MUL   b, R19, R0;  \
	ADCS  R0, R23;     \
	MUL   b, R20, R0;  \
	UMULH b, R20, R20; \
	ADCS  R0, R24;     \
	ADC   ZR, R20;     \
	UMULH b, R14, R14; \
	UMULH b, R15, R15; \
	UMULH b, R19, R19; \
	ADDS  R25, R21;    \
	ADCS  R14, R22;    \
	ADCS  R15, R23;    \
	ADCS  R19, R24;    \
	ADC   ZR, R20, c

// STEP1 adds a·b and the carry limb c to the limb of T in R21; c receives
// the carry out (the sum is below 2^128). a and R25 are clobbered.
#define STEP1(a, b, c) \
	MUL   b, a, R25; \
	UMULH b, a, a;   \
	ADDS  R25, R21;  \
	ADC   ZR, a;     \
	ADDS  c, R21;    \
	ADC   ZR, a, c

TEXT ·montMulARM64(SB), $1056-48
	MOVD y+16(FP), R2
	MOVD m0inv+40(FP), R5
	MOVD n+32(FP), R6

	// T = 0.
	ADD  $TSTART, RSP, R4
	MOVD R6, R12

zero:
	MOVD.P ZR, 8(R4)
	SUB    $1, R12
	CBNZ   R12, zero
	MOVD   ZR, R11

row:
	MOVD   x+8(FP), R1
	MOVD   m+24(FP), R3
	ADD    $TSTART, RSP, R4
	MOVD.P 8(R2), R7

	// q = (T[0] + x[0]·y[i])·m0inv mod 2^64.
	MOVD (R1), R14
	MOVD (R4), R21
	MUL  R7, R14, R25
	ADD  R25, R21, R25
	MUL  R5, R25, R8

	MOVD ZR, R9
	MOVD ZR, R10
	MOVD n+32(FP), R12
	AND  $3, R12, R13
	LSR  $2, R12
	CBZ  R12, singles

quad:
	// T[j-1..j+2] = T[j..j+3] + x[j..j+3]·y[i] + q·m[j..j+3] + carries.
	LDP.P 16(R1), (R14, R15)
	LDP.P 16(R1), (R19, R20)
	LDP   (R4), (R21, R22)
	LDP   16(R4), (R23, R24)
	GROUP4(R7, R9)
	LDP.P 16(R3), (R14, R15)
	LDP.P 16(R3), (R19, R20)
	GROUP4(R8, R10)
	STP   (R21, R22), -8(R4)
	STP   (R23, R24), 8(R4)
	ADD   $32, R4
	SUB   $1, R12
	CBNZ  R12, quad

singles:
	CBZ R13, rowend

single:
	// T[j-1] = T[j] + x[j]·y[i] + q·m[j] + carries.
	MOVD.P 8(R1), R14
	MOVD.P 8(R3), R15
	MOVD   (R4), R21
	STEP1(R14, R7, R9)
	STEP1(R15, R8, R10)
	MOVD   R21, -8(R4)
	ADD    $8, R4
	SUB    $1, R13
	CBNZ   R13, single

rowend:
	// (T[n], T[n-1]) = T[n] + c1 + c2; R4 points at T[n].
	ADDS R9, R10, R21
	ADC  ZR, ZR, R22
	ADDS R11, R21
	ADC  ZR, R22, R11
	MOVD R21, -8(R4)
	SUB  $1, R6
	CBNZ R6, row

	// z = T - m, limb by limb, two at a time; the borrow rides in the carry
	// flag, which nothing but SBCS touches until the selection below.
	MOVD z+0(FP), R0
	MOVD m+24(FP), R3
	ADD  $TSTART, RSP, R4
	MOVD n+32(FP), R12
	AND  $1, R12, R13
	LSR  $1, R12
	CMP  R0, R0       // carry set: no borrow yet
	CBZ  R12, subodd

sub2:
	LDP.P 16(R4), (R14, R15)
	LDP.P 16(R3), (R19, R20)
	SBCS  R19, R14
	SBCS  R20, R15
	STP.P (R14, R15), 16(R0)
	SUB   $1, R12
	CBNZ  R12, sub2

subodd:
	CBZ  R13, subtop
	MOVD (R4), R14
	MOVD (R3), R19
	SBCS R19, R14
	MOVD R14, (R0)

subtop:
	// The top limb absorbs the borrow unless T < m. Afterwards the carry is
	// set (HS) when T ≥ m and z holds T - m, clear (LO) when z must be T.
	SBCS ZR, R11, R11

	// z = HS ? z : T, without a branch on the condition.
	MOVD z+0(FP), R0
	ADD  $TSTART, RSP, R4
	MOVD n+32(FP), R12
	AND  $1, R12, R13
	LSR  $1, R12
	CBZ  R12, selodd

sel2:
	LDP   (R0), (R14, R15)
	LDP.P 16(R4), (R21, R22)
	CSEL  HS, R14, R21, R14
	CSEL  HS, R15, R22, R15
	STP.P (R14, R15), 16(R0)
	SUB   $1, R12
	CBNZ  R12, sel2

selodd:
	CBZ  R13, done
	MOVD (R0), R14
	MOVD (R4), R21
	CSEL HS, R14, R21, R14
	MOVD R14, (R0)

done:
	RET
