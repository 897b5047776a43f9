//go:build gc && !purego

#include "textflag.h"

// Montgomery multiplication and squaring modulo the P-256 prime on arm64,
// written by hand (no generator).
//
// func p256MulARM64(z, x, y *[4]uint64)
// func p256SquareARM64(z, x *[4]uint64)
// func p256SquareRepARM64(z, x *[4]uint64, k int)
//
// They mirror, for the base field's p, limbs.Mul4, limbs.Square4 and
// limbs.SquareN4 (mont/internal/limbs): z = x·y·2⁻²⁵⁶ mod p, z = x²·2⁻²⁵⁶
// mod p, and that squaring repeated k times (once if k ≤ 1), fully reduced
// (z < p) for x, y < p. z may alias x or y: both are loaded before z is
// written.
//
// p = 2^256 − 2^224 + 2^192 + 2^96 − 1, in limbs (low first)
//
//	p0 = 0xffffffffffffffff, p1 = 0x00000000ffffffff,
//	p2 = 0,                  p3 = 0xffffffff00000001.
//
// Method: the 512-bit product t = t0..t7 first (schoolbook rows for the
// multiplication; for the squaring the six cross products once, doubled,
// plus the four squares), then four Montgomery reduction steps on the low
// half t0..t3 alone, then the high half added, then one conditional
// subtraction of p.
//
// A reduction step folds the lowest limb q = S0 of a four-limb value S =
// S0 + S1·2^64 + S2·2^128 + S3·2^192 into the other three: S' = (S +
// q·p)/2^64. As p ≡ −1 mod 2^64, −p⁻¹ mod 2^64 is 1 and the Montgomery
// factor is q itself. Since q·p0 + q·p1·2^64 + q = q·2^96,
//
//	S' = S1 + S2·2^64 + S3·2^128 + q·2^32 + q·p3·2^128,
//
// with q·2^32 = (q>>32)·2^64 + (q<<32) and q·p3 = q·2^64 − q·2^32 + q =
// (q − (q>>32))·2^64 + (q − (q<<32)), the subtraction in the low limb
// borrowing from the high one. So a step is two shifts, a SUBS/SBC pair for
// q·p3 and one ADDS/ADCS chain over the four limbs: no multiplication. S'
// < 2^192 + p < 2^256, so S' keeps four limbs, the top one in the register
// that held q; four steps bring the limbs back to their first registers.
// After them S = (t0..t3 + Q·p)/2^256 for some Q < 2^256, and S + t4..t7 =
// (t + Q·p)/2^256 < (p² + 2^256·p)/2^256 < 2p: a carry limb and a single
// subtraction of p reduce it fully.
//
// Carry chains: a row of the multiplication, x_i·y added to t_i..t_i+3,
// takes two chains of ADDS/ADCS, one for the low halves of x_i·y_j and one,
// a limb up, for the high halves; each ends in t_i+4, which the first one
// creates from the high half of x_i·y3. Both add non-negative terms of the
// row's final value t_i..t_i+4 (below 2^320, as (x0..x_i)·y < 2^(64i+320)),
// so neither can carry out of t_i+4; the same holds for the rows of the
// squaring. MUL and UMULH leave the flags alone.
//
// Constant time: no branch and no address depends on the values; the loop
// of p256SquareRepARM64 runs max(k, 1) times, k being public. The final
// subtraction always computes S − p and selects it or S with CSEL on the
// borrow.
//
// Registers: R18 (platform register), R26-R29 (context, assembler
// temporary, g, frame pointer) and R16/R17 (linker veneers) are not used.
//
//	R0         z
//	R1, R2     x, y (k in p256SquareRepARM64), then scratch of the rows
//	R3-R6      x0..x3 (a0..a3), then the result
//	R7-R10     y0..y3, then p0, p1, p3 (R7-R9)
//	R11-R15, R19-R21   t0..t7
//	R22-R25    scratch

#define a0 R3
#define a1 R4
#define a2 R5
#define a3 R6

#define b0 R7
#define b1 R8
#define b2 R9
#define b3 R10

#define pm0 R7
#define pm1 R8
#define pm3 R9

#define t0 R11
#define t1 R12
#define t2 R13
#define t3 R14
#define t4 R15
#define t5 R19
#define t6 R20
#define t7 R21

#define s0 R22
#define s1 R23
#define s2 R24
#define s3 R25
#define s4 R1
#define s5 R2

// LOADP sets pm0, pm1 and pm3 to the non-zero limbs of p (p1 is 2^32 − 1
// and p3 is −p1 mod 2^64).
#define LOADP \
	MOVD $-1, pm0;         \
	MOVD $0xffffffff, pm1; \
	NEG  pm1, pm3

// ROW0 sets t0..t4 = a0·(b0..b3).
#define ROW0 \
	MUL   b0, a0, t0; \
	UMULH b0, a0, t1; \
	MUL   b1, a0, s0; \
	UMULH b1, a0, t2; \
	MUL   b2, a0, s1; \
	UMULH b2, a0, t3; \
	MUL   b3, a0, s2; \
	UMULH b3, a0, t4; \
	ADDS  s0, t1;     \
	ADCS  s1, t2;     \
	ADCS  s2, t3;     \
	ADC   ZR, t4

// ROW adds a·(b0..b3) to r0..r3 and sets r4 to the carry out. The first
// chain adds the low halves and creates r4 from hi(a·b3) (at most 2^64 − 2,
// so adding the carry cannot wrap); the second adds the high halves of
// a·b0..a·b2 one limb up. a is clobbered (it takes hi(a·b2)), and so are
// s0..s5.
#define ROW(a, r0, r1, r2, r3, r4) \
	MUL   b0, a, s0;  \
	MUL   b1, a, s1;  \
	MUL   b2, a, s2;  \
	MUL   b3, a, s3;  \
	UMULH b0, a, s4;  \
	UMULH b1, a, s5;  \
	UMULH b3, a, r4;  \
	UMULH b2, a, a;   \
	ADDS  s0, r0;     \
	ADCS  s1, r1;     \
	ADCS  s2, r2;     \
	ADCS  s3, r3;     \
	ADC   ZR, r4;     \
	ADDS  s4, r1;     \
	ADCS  s5, r2;     \
	ADCS  a, r3;      \
	ADC   ZR, r4

// SQR sets t0..t7 = (a0..a3)², clobbering a0..a3 and s0..s3. The cross
// products a_i·a_j (i < j) go to t1..t6 in three rows, are doubled by an
// ADDS/ADCS chain of each limb with itself (t7 takes the bit shifted out),
// and the squares a_i² are added in one last chain.
#define SQR \
	MUL   a1, a0, t1; \
	UMULH a1, a0, t2; \
	MUL   a2, a0, s0; \
	UMULH a2, a0, t3; \
	MUL   a3, a0, s1; \
	UMULH a3, a0, t4; \
	ADDS  s0, t2;     \
	ADCS  s1, t3;     \
	ADC   ZR, t4;     \
	MUL   a2, a1, s0; \
	UMULH a2, a1, s1; \
	MUL   a3, a1, s2; \
	UMULH a3, a1, t5; \
	ADDS  s0, t3;     \
	ADCS  s2, t4;     \
	ADC   ZR, t5;     \
	ADDS  s1, t4;     \
	ADC   ZR, t5;     \
	MUL   a3, a2, s0; \
	UMULH a3, a2, t6; \
	ADDS  s0, t5;     \
	ADC   ZR, t6;     \
	ADDS  t1, t1;     \
	ADCS  t2, t2;     \
	ADCS  t3, t3;     \
	ADCS  t4, t4;     \
	ADCS  t5, t5;     \
	ADCS  t6, t6;     \
	ADC   ZR, ZR, t7; \
	MUL   a0, a0, t0; \
	UMULH a0, a0, a0; \
	MUL   a1, a1, s1; \
	UMULH a1, a1, a1; \
	MUL   a2, a2, s2; \
	UMULH a2, a2, a2; \
	MUL   a3, a3, s3; \
	UMULH a3, a3, a3; \
	ADDS  a0, t1;     \
	ADCS  s1, t2;     \
	ADCS  a1, t3;     \
	ADCS  s2, t4;     \
	ADCS  a2, t5;     \
	ADCS  s3, t6;     \
	ADC   a3, t7

// REDSTEP sets (r1, r2, r3, r0) = (r0..r3 + q·p)/2^64 with q = r0 (see the
// header): s0 = q<<32, s1 = q>>32, (r0, s2) = q·p3, the high limb in r0.
#define REDSTEP(r0, r1, r2, r3) \
	LSL  $32, r0, s0; \
	LSR  $32, r0, s1; \
	SUBS s0, r0, s2;  \
	SBC  s1, r0, r0;  \
	ADDS s0, r1;      \
	ADCS s1, r2;      \
	ADCS s2, r3;      \
	ADC  ZR, r0

// REDUCE sets a0..a3 = t0..t7·2⁻²⁵⁶ mod p, fully reduced, for t0..t7 <
// p·2^256; pm0, pm1, pm3 must hold the limbs of p. It clobbers t0..t4 and
// s0..s2. The last SBCS leaves the carry set (HS) when S ≥ p, so that the
// difference is kept, and clear (LO) when S must be kept.
#define REDUCE \
	REDSTEP(t0, t1, t2, t3); \
	REDSTEP(t1, t2, t3, t0); \
	REDSTEP(t2, t3, t0, t1); \
	REDSTEP(t3, t0, t1, t2); \
	ADDS t4, t0;             \
	ADCS t5, t1;             \
	ADCS t6, t2;             \
	ADCS t7, t3;             \
	ADC  ZR, ZR, t4;         \
	SUBS pm0, t0, a0;        \
	SBCS pm1, t1, a1;        \
	SBCS ZR, t2, a2;         \
	SBCS pm3, t3, a3;        \
	SBCS ZR, t4, t4;         \
	CSEL HS, a0, t0, a0;     \
	CSEL HS, a1, t1, a1;     \
	CSEL HS, a2, t2, a2;     \
	CSEL HS, a3, t3, a3

// func p256MulARM64(z, x, y *[4]uint64)
TEXT ·p256MulARM64(SB), NOSPLIT, $0-24
	MOVD x+8(FP), R1
	MOVD y+16(FP), R2
	LDP  (R1), (a0, a1)
	LDP  16(R1), (a2, a3)
	LDP  (R2), (b0, b1)
	LDP  16(R2), (b2, b3)

	ROW0
	ROW(a1, t1, t2, t3, t4, t5)
	ROW(a2, t2, t3, t4, t5, t6)
	ROW(a3, t3, t4, t5, t6, t7)

	LOADP
	REDUCE

	MOVD z+0(FP), R0
	STP  (a0, a1), (R0)
	STP  (a2, a3), 16(R0)
	RET

// func p256SquareARM64(z, x *[4]uint64)
TEXT ·p256SquareARM64(SB), NOSPLIT, $0-16
	MOVD x+8(FP), R1
	LDP  (R1), (a0, a1)
	LDP  16(R1), (a2, a3)

	SQR
	LOADP
	REDUCE

	MOVD z+0(FP), R0
	STP  (a0, a1), (R0)
	STP  (a2, a3), 16(R0)
	RET

// func p256SquareRepARM64(z, x *[4]uint64, k int)
TEXT ·p256SquareRepARM64(SB), NOSPLIT, $0-24
	MOVD x+8(FP), R1
	MOVD k+16(FP), R2
	LDP  (R1), (a0, a1)
	LDP  16(R1), (a2, a3)
	LOADP

loop:
	// a0..a3 = (a0..a3)²·2⁻²⁵⁶ mod p; SQR and REDUCE leave R2 (k) and
	// pm0, pm1, pm3 alone.
	SQR
	REDUCE
	SUB $1, R2
	CMP $0, R2
	BGT loop

	MOVD z+0(FP), R0
	STP  (a0, a1), (R0)
	STP  (a2, a3), 16(R0)
	RET
