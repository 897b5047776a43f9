// blockSHA512 is the arm64 counterpart of blockGeneric in sha512block.go: it
// compresses every whole 128-byte block of p into h, the SHA-512 hash
// computation of FIPS 180-4, section 6.4.2 (SHA-384, SHA-512/224 and
// SHA-512/256 differ only in their initial value and output length), and
// ignores a trailing partial block. It uses the ARMv8.2 SHA512 instructions
// (FEAT_SHA512) as the Arm Architecture Reference Manual (Arm ARM, DDI 0487)
// describes them, each working on pairs of 64-bit words, lane 0 being the
// low half of the register:
//
//	SHA512H Qd, Qn, Vm.2D     the T1 of two rounds t and t+1, without
//	                          their T2: given Vm = (d, e), Qn = (f, g) and
//	                          Qd = (g + K[t+1] + W[t+1], h + K[t] + W[t]),
//	                          returns Qd = (T1 of t+1, T1 of t); the e of
//	                          round t+1, d + T1 of t, is computed inside
//	SHA512H2 Qd, Qn, Vm.2D    the new a of the same two rounds: given
//	                          Vm = (a, b), the low lane of Qn = c and the
//	                          result of SHA512H in Qd, returns
//	                          Qd = (a after t+1, a after t)
//	SHA512SU0 Vd.2D, Vn.2D    Vd[i] += σ0 of the word after Vd[i] in Vd:Vn
//	SHA512SU1 Vd, Vn, Vm      Vd[i] += σ1(Vn[i]) + Vm[i]
//
// With Vd = (W[t-16], W[t-15]) and Vn = (W[t-14], W[t-13]) for SHA512SU0,
// then Vn = (W[t-2], W[t-1]) and Vm = (W[t-7], W[t-6]) for SHA512SU1, the two
// compute W[t] and W[t+1] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
// (section 6.4.2, step 1).
//
// After rounds t and t+1, the working variables (section 6.4.2, step 3) are
// (a", a', a, b, e", e', e, f), where a' and e' are the a and e after round
// t and a" and e" those after round t+1. Kept in pairs AB = (a, b),
// CD = (c, d), EF = (e, f) and GH = (g, h), the new AB is the result of
// SHA512H2, the new CD the old AB, the new EF the old CD plus the result of
// SHA512H, (c + T1 of t+1, d + T1 of t) = (e", e'), and the new GH the old EF.
// So two rounds need five registers: the four pairs and one that receives
// the result of SHA512H and then SHA512H2. Rather than moving values between
// registers, the round macro is given the roles of the five registers, which
// rotate from one pair of rounds to the next.
//
// The Go assembler writes the operands in the reverse order of the Arm ARM:
// "SHA512H V6.D2, V5, V4" is SHA512H Q4, Q5, V6.2D, and
// "VEXT $8, V3.B16, V2.B16, V5.B16" is EXT V5.16B, V2.16B, V3.16B, #8, which
// makes (V2[1], V3[0]).
//
// Registers:
//
//	R0        h, the chaining value
//	R1        the next block of p
//	R2        the number of whole blocks left
//	R3        the next pairs of _K (sha512block.go), the round constants
//	V0-V4     the working variables: AB, CD, EF, GH and the fifth register,
//	          in roles that rotate every two rounds
//	V5        (f, g), the Qn of SHA512H
//	V6        (d, e), the Vm of SHA512H
//	V7        (K[t] + W[t], K[t+1] + W[t+1])
//	V8        (W[t-7], W[t-6]), the Vm of SHA512SU1
//	V16-V23   the message schedule: V16+i holds W[2i], W[2i+1] and is
//	          replaced by the words 16 rounds later once they are used
//	V24-V27   the chaining value, h[0..7] in pairs
//	V28-V31   the round constants of eight rounds
//
// Nothing here branches on or indexes memory with the data being hashed; the
// only branch is on the number of blocks.

//go:build gc && !purego

#include "textflag.h"

// ROUNDS2 runs two rounds on the working variables, in pairs in AB, CD, EF
// and GH, with the constants in K and the schedule words in W, which it reads
// in its first instruction only. It leaves the new AB in N and the new EF in
// GH; the new CD is AB and the new GH is EF, and CD is free.
#define ROUNDS2(AB, CD, EF, GH, N, K, W) \
	VADD	K.D2, W.D2, V7.D2; \
	VEXT	$8, GH.B16, EF.B16, V5.B16; \
	VEXT	$8, EF.B16, CD.B16, V6.B16; \
	VEXT	$8, V7.B16, V7.B16, N.B16; \
	VADD	GH.D2, N.D2, N.D2; \
	SHA512H	V6.D2, V5, N; \
	VADD	N.D2, CD.D2, GH.D2; \
	SHA512H2	AB.D2, CD, N

// SCHEDULE2 replaces (W[t-16], W[t-15]) in W0 by (W[t], W[t+1]), given the
// pairs that start at W[t-14] in W1, W[t-8] in W4, W[t-6] in W5 and W[t-2]
// in W7.
#define SCHEDULE2(W0, W1, W4, W5, W7) \
	SHA512SU0	W1.D2, W0.D2; \
	VEXT	$8, W5.B16, W4.B16, V8.B16; \
	SHA512SU1	V8.D2, W7.D2, W0.D2

// func blockSHA512(h *[8]uint64, p []byte)
TEXT ·blockSHA512(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	LSR	$7, R2, R2 // whole blocks only
	CBZ	R2, done

	VLD1	(R0), [V24.D2, V25.D2, V26.D2, V27.D2]

loop:
	// W[0..15]: the block as big-endian words.
	VLD1.P	64(R1), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD1.P	64(R1), [V20.B16, V21.B16, V22.B16, V23.B16]
	VREV64	V16.B16, V16.B16
	VREV64	V17.B16, V17.B16
	VREV64	V18.B16, V18.B16
	VREV64	V19.B16, V19.B16
	VREV64	V20.B16, V20.B16
	VREV64	V21.B16, V21.B16
	VREV64	V22.B16, V22.B16
	VREV64	V23.B16, V23.B16

	VMOV	V24.B16, V0.B16
	VMOV	V25.B16, V1.B16
	VMOV	V26.B16, V2.B16
	VMOV	V27.B16, V3.B16

	MOVD	$·_K(SB), R3

	// Rounds 0-63, each pair of rounds also computing the schedule words
	// of the pair 16 rounds later.
	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[0..7]
	ROUNDS2(V0, V1, V2, V3, V4, V28, V16) // rounds 0, 1
	SCHEDULE2(V16, V17, V20, V21, V23) // W[16], W[17]
	ROUNDS2(V4, V0, V3, V2, V1, V29, V17) // rounds 2, 3
	SCHEDULE2(V17, V18, V21, V22, V16) // W[18], W[19]
	ROUNDS2(V1, V4, V2, V3, V0, V30, V18) // rounds 4, 5
	SCHEDULE2(V18, V19, V22, V23, V17) // W[20], W[21]
	ROUNDS2(V0, V1, V3, V2, V4, V31, V19) // rounds 6, 7
	SCHEDULE2(V19, V20, V23, V16, V18) // W[22], W[23]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[8..15]
	ROUNDS2(V4, V0, V2, V3, V1, V28, V20) // rounds 8, 9
	SCHEDULE2(V20, V21, V16, V17, V19) // W[24], W[25]
	ROUNDS2(V1, V4, V3, V2, V0, V29, V21) // rounds 10, 11
	SCHEDULE2(V21, V22, V17, V18, V20) // W[26], W[27]
	ROUNDS2(V0, V1, V2, V3, V4, V30, V22) // rounds 12, 13
	SCHEDULE2(V22, V23, V18, V19, V21) // W[28], W[29]
	ROUNDS2(V4, V0, V3, V2, V1, V31, V23) // rounds 14, 15
	SCHEDULE2(V23, V16, V19, V20, V22) // W[30], W[31]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[16..23]
	ROUNDS2(V1, V4, V2, V3, V0, V28, V16) // rounds 16, 17
	SCHEDULE2(V16, V17, V20, V21, V23) // W[32], W[33]
	ROUNDS2(V0, V1, V3, V2, V4, V29, V17) // rounds 18, 19
	SCHEDULE2(V17, V18, V21, V22, V16) // W[34], W[35]
	ROUNDS2(V4, V0, V2, V3, V1, V30, V18) // rounds 20, 21
	SCHEDULE2(V18, V19, V22, V23, V17) // W[36], W[37]
	ROUNDS2(V1, V4, V3, V2, V0, V31, V19) // rounds 22, 23
	SCHEDULE2(V19, V20, V23, V16, V18) // W[38], W[39]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[24..31]
	ROUNDS2(V0, V1, V2, V3, V4, V28, V20) // rounds 24, 25
	SCHEDULE2(V20, V21, V16, V17, V19) // W[40], W[41]
	ROUNDS2(V4, V0, V3, V2, V1, V29, V21) // rounds 26, 27
	SCHEDULE2(V21, V22, V17, V18, V20) // W[42], W[43]
	ROUNDS2(V1, V4, V2, V3, V0, V30, V22) // rounds 28, 29
	SCHEDULE2(V22, V23, V18, V19, V21) // W[44], W[45]
	ROUNDS2(V0, V1, V3, V2, V4, V31, V23) // rounds 30, 31
	SCHEDULE2(V23, V16, V19, V20, V22) // W[46], W[47]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[32..39]
	ROUNDS2(V4, V0, V2, V3, V1, V28, V16) // rounds 32, 33
	SCHEDULE2(V16, V17, V20, V21, V23) // W[48], W[49]
	ROUNDS2(V1, V4, V3, V2, V0, V29, V17) // rounds 34, 35
	SCHEDULE2(V17, V18, V21, V22, V16) // W[50], W[51]
	ROUNDS2(V0, V1, V2, V3, V4, V30, V18) // rounds 36, 37
	SCHEDULE2(V18, V19, V22, V23, V17) // W[52], W[53]
	ROUNDS2(V4, V0, V3, V2, V1, V31, V19) // rounds 38, 39
	SCHEDULE2(V19, V20, V23, V16, V18) // W[54], W[55]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[40..47]
	ROUNDS2(V1, V4, V2, V3, V0, V28, V20) // rounds 40, 41
	SCHEDULE2(V20, V21, V16, V17, V19) // W[56], W[57]
	ROUNDS2(V0, V1, V3, V2, V4, V29, V21) // rounds 42, 43
	SCHEDULE2(V21, V22, V17, V18, V20) // W[58], W[59]
	ROUNDS2(V4, V0, V2, V3, V1, V30, V22) // rounds 44, 45
	SCHEDULE2(V22, V23, V18, V19, V21) // W[60], W[61]
	ROUNDS2(V1, V4, V3, V2, V0, V31, V23) // rounds 46, 47
	SCHEDULE2(V23, V16, V19, V20, V22) // W[62], W[63]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[48..55]
	ROUNDS2(V0, V1, V2, V3, V4, V28, V16) // rounds 48, 49
	SCHEDULE2(V16, V17, V20, V21, V23) // W[64], W[65]
	ROUNDS2(V4, V0, V3, V2, V1, V29, V17) // rounds 50, 51
	SCHEDULE2(V17, V18, V21, V22, V16) // W[66], W[67]
	ROUNDS2(V1, V4, V2, V3, V0, V30, V18) // rounds 52, 53
	SCHEDULE2(V18, V19, V22, V23, V17) // W[68], W[69]
	ROUNDS2(V0, V1, V3, V2, V4, V31, V19) // rounds 54, 55
	SCHEDULE2(V19, V20, V23, V16, V18) // W[70], W[71]

	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[56..63]
	ROUNDS2(V4, V0, V2, V3, V1, V28, V20) // rounds 56, 57
	SCHEDULE2(V20, V21, V16, V17, V19) // W[72], W[73]
	ROUNDS2(V1, V4, V3, V2, V0, V29, V21) // rounds 58, 59
	SCHEDULE2(V21, V22, V17, V18, V20) // W[74], W[75]
	ROUNDS2(V0, V1, V2, V3, V4, V30, V22) // rounds 60, 61
	SCHEDULE2(V22, V23, V18, V19, V21) // W[76], W[77]
	ROUNDS2(V4, V0, V3, V2, V1, V31, V23) // rounds 62, 63
	SCHEDULE2(V23, V16, V19, V20, V22) // W[78], W[79]

	// Rounds 64-79: the schedule is complete.
	VLD1.P	64(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[64..71]
	ROUNDS2(V1, V4, V2, V3, V0, V28, V16) // rounds 64, 65
	ROUNDS2(V0, V1, V3, V2, V4, V29, V17) // rounds 66, 67
	ROUNDS2(V4, V0, V2, V3, V1, V30, V18) // rounds 68, 69
	ROUNDS2(V1, V4, V3, V2, V0, V31, V19) // rounds 70, 71

	VLD1	(R3), [V28.D2, V29.D2, V30.D2, V31.D2] // K[72..79]
	ROUNDS2(V0, V1, V2, V3, V4, V28, V20) // rounds 72, 73
	ROUNDS2(V4, V0, V3, V2, V1, V29, V21) // rounds 74, 75
	ROUNDS2(V1, V4, V2, V3, V0, V30, V22) // rounds 76, 77
	ROUNDS2(V0, V1, V3, V2, V4, V31, V23) // rounds 78, 79

	// Step 4: add the working variables, now AB in V4, CD in V0, EF in
	// V2 and GH in V3, to the chaining value.
	VADD	V4.D2, V24.D2, V24.D2
	VADD	V0.D2, V25.D2, V25.D2
	VADD	V2.D2, V26.D2, V26.D2
	VADD	V3.D2, V27.D2, V27.D2

	SUB	$1, R2
	CBNZ	R2, loop

	VST1	[V24.D2, V25.D2, V26.D2, V27.D2], (R0)

done:
	RET
