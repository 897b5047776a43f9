// blockSHA1 is the arm64 counterpart of blockGeneric in sha1block.go: it
// hashes every whole 64-byte block of p into h, the SHA-1 compression
// function of FIPS 180-4, section 6.1.2, computed with the ARMv8.0
// Cryptography Extensions. The instructions are used as the Arm Architecture
// Reference Manual (Arm ARM, DDI 0487) describes them:
//
//	SHA1C Qd, Sn, Vm.4S   four rounds with f = Ch (SHA1C), Parity (SHA1P)
//	SHA1P Qd, Sn, Vm.4S   or Maj (SHA1M); the working variables (a, b, c,
//	SHA1M Qd, Sn, Vm.4S   d) are in lanes 0 to 3 of Qd, e in Sn, and
//	                      W[t..t+3]+K in Vm; returns the new (a, b, c, d)
//	SHA1H Sd, Sn          ROTL³⁰(Sn): the e of the next four rounds, from the
//	                      a of the previous ones
//	SHA1SU0 Vd, Vn, Vm    Vd = (Vd[2], Vd[3], Vn[0], Vn[1]) ⊕ Vd ⊕ Vm
//	SHA1SU1 Vd, Vn        Vd = ROTL¹(Vd ⊕ (Vn[1], Vn[2], Vn[3], 0)), lane 3
//	                      also taking in ROTL¹ of the new lane 0 (W[t+3]
//	                      depends on W[t])
//
// With Vd = W[t-16..t-13], Vn = W[t-12..t-9], Vm = W[t-8..t-5] and then
// Vn = W[t-4..t-1], SHA1SU0 and SHA1SU1 compute the four schedule words
// W[t..t+3] = ROTL¹(W[t-3] ⊕ W[t-8] ⊕ W[t-14] ⊕ W[t-16]) (section 6.1.2,
// step 1).
//
// The Go assembler writes the operands in the reverse order of the Arm ARM:
// "SHA1C V8.S4, V1, V0" is SHA1C Q0, S1, V8.4S.
//
// Registers:
//
//	R0       h, the chaining value: h[0..3] as one vector, h[4] as a scalar
//	R1       the next block of p
//	R2       the number of blocks left
//	V0       (a, b, c, d)
//	V1, V2   e, alternately: each group of four rounds reads one and
//	         leaves the e of the next group in the other
//	V4-V7    the schedule, W[t..t+3] for four consecutive groups, each
//	         register replaced by the words 16 rounds on once it is used
//	V8       W[t..t+3] + K for the current group
//	V16-V19  K for rounds 0-19, 20-39, 40-59 and 60-79, in every lane
//	V20, V21 the chaining value at the start of the block, for the final
//	         addition (step 4)
//
// Nothing here branches on or indexes memory with the data being hashed.

//go:build gc && !purego

#include "textflag.h"

// ROUNDS4 runs four rounds with the round function OP and constant K on the
// schedule words in W, reading e from E and leaving the next e in ENEXT.
#define ROUNDS4(OP, K, W, E, ENEXT) \
	VADD	K.S4, W.S4, V8.S4; \
	SHA1H	V0, ENEXT; \
	OP	V8.S4, E, V0

// SCHEDULE4 replaces W[t-16..t-13] in W0 by W[t..t+3], given W[t-12..t-9]
// in W1, W[t-8..t-5] in W2 and W[t-4..t-1] in W3.
#define SCHEDULE4(W0, W1, W2, W3) \
	SHA1SU0	W2.S4, W1.S4, W0.S4; \
	SHA1SU1	W3.S4, W0.S4

// func blockSHA1(h *[5]uint32, p []byte)
TEXT ·blockSHA1(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	LSR	$6, R2, R2 // whole blocks only
	CBZ	R2, done

	VLD1	(R0), [V0.S4]
	FMOVS	16(R0), F1

	MOVW	$0x5a827999, R3
	VDUP	R3, V16.S4
	MOVW	$0x6ed9eba1, R3
	VDUP	R3, V17.S4
	MOVW	$0x8f1bbcdc, R3
	VDUP	R3, V18.S4
	MOVW	$0xca62c1d6, R3
	VDUP	R3, V19.S4

loop:
	// W[0..15]: the block as big-endian words.
	VLD1.P	64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VREV32	V4.B16, V4.B16
	VREV32	V5.B16, V5.B16
	VREV32	V6.B16, V6.B16
	VREV32	V7.B16, V7.B16

	VMOV	V0.B16, V20.B16
	VMOV	V1.B16, V21.B16

	// Rounds 0-19: Ch, K0.
	ROUNDS4(SHA1C, V16, V4, V1, V2)
	SCHEDULE4(V4, V5, V6, V7) // W[16..19]
	ROUNDS4(SHA1C, V16, V5, V2, V1)
	SCHEDULE4(V5, V6, V7, V4) // W[20..23]
	ROUNDS4(SHA1C, V16, V6, V1, V2)
	SCHEDULE4(V6, V7, V4, V5) // W[24..27]
	ROUNDS4(SHA1C, V16, V7, V2, V1)
	SCHEDULE4(V7, V4, V5, V6) // W[28..31]
	ROUNDS4(SHA1C, V16, V4, V1, V2)
	SCHEDULE4(V4, V5, V6, V7) // W[32..35]

	// Rounds 20-39: Parity, K1.
	ROUNDS4(SHA1P, V17, V5, V2, V1)
	SCHEDULE4(V5, V6, V7, V4) // W[36..39]
	ROUNDS4(SHA1P, V17, V6, V1, V2)
	SCHEDULE4(V6, V7, V4, V5) // W[40..43]
	ROUNDS4(SHA1P, V17, V7, V2, V1)
	SCHEDULE4(V7, V4, V5, V6) // W[44..47]
	ROUNDS4(SHA1P, V17, V4, V1, V2)
	SCHEDULE4(V4, V5, V6, V7) // W[48..51]
	ROUNDS4(SHA1P, V17, V5, V2, V1)
	SCHEDULE4(V5, V6, V7, V4) // W[52..55]

	// Rounds 40-59: Maj, K2.
	ROUNDS4(SHA1M, V18, V6, V1, V2)
	SCHEDULE4(V6, V7, V4, V5) // W[56..59]
	ROUNDS4(SHA1M, V18, V7, V2, V1)
	SCHEDULE4(V7, V4, V5, V6) // W[60..63]
	ROUNDS4(SHA1M, V18, V4, V1, V2)
	SCHEDULE4(V4, V5, V6, V7) // W[64..67]
	ROUNDS4(SHA1M, V18, V5, V2, V1)
	SCHEDULE4(V5, V6, V7, V4) // W[68..71]
	ROUNDS4(SHA1M, V18, V6, V1, V2)
	SCHEDULE4(V6, V7, V4, V5) // W[72..75]

	// Rounds 60-79: Parity, K3.
	ROUNDS4(SHA1P, V19, V7, V2, V1)
	SCHEDULE4(V7, V4, V5, V6) // W[76..79]
	ROUNDS4(SHA1P, V19, V4, V1, V2)
	ROUNDS4(SHA1P, V19, V5, V2, V1)
	ROUNDS4(SHA1P, V19, V6, V1, V2)
	ROUNDS4(SHA1P, V19, V7, V2, V1)

	// After 20 groups e is back in V1. Only its lane 0 matters.
	VADD	V20.S4, V0.S4, V0.S4
	VADD	V21.S4, V1.S4, V1.S4

	SUB	$1, R2
	CBNZ	R2, loop

	VST1	[V0.S4], (R0)
	FMOVS	F1, 16(R0)

done:
	RET
