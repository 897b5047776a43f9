// blockSHA2 is the arm64 counterpart of blockGeneric in sha256block.go: it
// hashes every whole 64-byte block of p into h, the SHA-256 compression
// function of FIPS 180-4, section 6.2.2 (SHA-224 differs only in its initial
// value and output length), computed with the ARMv8.0 Cryptography
// Extensions. The instructions are used as the Arm Architecture Reference
// Manual (Arm ARM, DDI 0487) describes them:
//
//	SHA256H Qd, Qn, Vm.4S     four rounds; Qd holds (a, b, c, d) in lanes 0
//	                          to 3, Qn (e, f, g, h), Vm W[t]+K[t]; returns
//	                          the new (a, b, c, d) in Qd
//	SHA256H2 Qd, Qn, Vm.4S    the same four rounds with Qd = (e, f, g, h) and
//	                          Qn = the old (a, b, c, d); returns the new
//	                          (e, f, g, h) in Qd
//	SHA256SU0 Vd.4S, Vn.4S    Vd[i] += σ0 of the word after Vd[i] in Vd:Vn
//	SHA256SU1 Vd, Vn, Vm      Vd[i] += W[t-7] + σ1(W[t-2]), taken from Vn:Vm
//	                          and from Vm and the new lanes themselves
//
// With Vd = W[t-16..t-13], Vn = W[t-12..t-9] for SHA256SU0 and then
// Vn = W[t-8..t-5], Vm = W[t-4..t-1] for SHA256SU1, the two compute
// W[t..t+3] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] (section 6.2.2,
// step 1).
//
// The Go assembler writes the operands in the reverse order of the Arm ARM:
// "SHA256H V8.S4, V1, V0" is SHA256H Q0, Q1, V8.4S.
//
// Registers:
//
//	R0       h, the chaining value, loaded as (a, b, c, d) and (e, f, g, h)
//	R1       the next block of p
//	R2       the number of blocks left
//	R3       the address of _K while it is loaded
//	V0       (a, b, c, d)
//	V1       (e, f, g, h)
//	V2, V3   the chaining value at the start of the block, for the final
//	         addition (step 4)
//	V4-V7    the schedule, W[t..t+3] for four consecutive groups of four
//	         rounds, each register replaced by the words 16 rounds on once
//	         it is used
//	V8       W[t..t+3] + K[t..t+3] for the current group
//	V9       (a, b, c, d) before the current group, for SHA256H2
//	V16-V31  K[0..63], the round constants (_K in sha256block.go)
//
// Nothing here branches on or indexes memory with the data being hashed.

//go:build gc && !purego

#include "textflag.h"

// ROUNDS4 runs four rounds on V0 and V1 with the constants in K and the
// schedule words in W. It reads W only in its first instruction.
#define ROUNDS4(K, W) \
	VADD	K.S4, W.S4, V8.S4; \
	VMOV	V0.B16, V9.B16; \
	SHA256H	V8.S4, V1, V0; \
	SHA256H2	V8.S4, V9, V1

// SCHEDULE4 replaces W[t-16..t-13] in W0 by W[t..t+3], given W[t-12..t-9]
// in W1, W[t-8..t-5] in W2 and W[t-4..t-1] in W3.
#define SCHEDULE4(W0, W1, W2, W3) \
	SHA256SU0	W1.S4, W0.S4; \
	SHA256SU1	W3.S4, W2.S4, W0.S4

// func blockSHA2(h *[8]uint32, p []byte)
TEXT ·blockSHA2(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	LSR	$6, R2, R2 // whole blocks only
	CBZ	R2, done

	VLD1	(R0), [V0.S4, V1.S4]

	MOVD	$·_K(SB), R3
	VLD1.P	64(R3), [V16.S4, V17.S4, V18.S4, V19.S4]
	VLD1.P	64(R3), [V20.S4, V21.S4, V22.S4, V23.S4]
	VLD1.P	64(R3), [V24.S4, V25.S4, V26.S4, V27.S4]
	VLD1	(R3), [V28.S4, V29.S4, V30.S4, V31.S4]

loop:
	// W[0..15]: the block as big-endian words.
	VLD1.P	64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VREV32	V4.B16, V4.B16
	VREV32	V5.B16, V5.B16
	VREV32	V6.B16, V6.B16
	VREV32	V7.B16, V7.B16

	VMOV	V0.B16, V2.B16
	VMOV	V1.B16, V3.B16

	// Rounds 0-47, each group also computing the schedule for the group
	// 16 rounds later.
	ROUNDS4(V16, V4)
	SCHEDULE4(V4, V5, V6, V7) // W[16..19]
	ROUNDS4(V17, V5)
	SCHEDULE4(V5, V6, V7, V4) // W[20..23]
	ROUNDS4(V18, V6)
	SCHEDULE4(V6, V7, V4, V5) // W[24..27]
	ROUNDS4(V19, V7)
	SCHEDULE4(V7, V4, V5, V6) // W[28..31]
	ROUNDS4(V20, V4)
	SCHEDULE4(V4, V5, V6, V7) // W[32..35]
	ROUNDS4(V21, V5)
	SCHEDULE4(V5, V6, V7, V4) // W[36..39]
	ROUNDS4(V22, V6)
	SCHEDULE4(V6, V7, V4, V5) // W[40..43]
	ROUNDS4(V23, V7)
	SCHEDULE4(V7, V4, V5, V6) // W[44..47]
	ROUNDS4(V24, V4)
	SCHEDULE4(V4, V5, V6, V7) // W[48..51]
	ROUNDS4(V25, V5)
	SCHEDULE4(V5, V6, V7, V4) // W[52..55]
	ROUNDS4(V26, V6)
	SCHEDULE4(V6, V7, V4, V5) // W[56..59]
	ROUNDS4(V27, V7)
	SCHEDULE4(V7, V4, V5, V6) // W[60..63]

	// Rounds 48-63: the schedule is complete.
	ROUNDS4(V28, V4)
	ROUNDS4(V29, V5)
	ROUNDS4(V30, V6)
	ROUNDS4(V31, V7)

	VADD	V2.S4, V0.S4, V0.S4
	VADD	V3.S4, V1.S4, V1.S4

	SUB	$1, R2
	CBNZ	R2, loop

	VST1	[V0.S4, V1.S4], (R0)

done:
	RET
