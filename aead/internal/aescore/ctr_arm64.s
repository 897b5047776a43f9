// ctr32ARMv8 is the counter mode of AES-GCM (NIST SP 800-38D, Section
// 6.5, GCTR) on whole blocks, with the AES instructions of the ARMv8.0
// Cryptography Extensions: it XORs len(src)/16 blocks of key stream,
// E(K, ctr), E(K, inc32(ctr)), ..., into dst and leaves in *ctr the counter
// block after the last one used. It is what CTR32 (ctr.go) computes on
// whole blocks, without building the counter blocks in memory or making a
// separate pass for the exclusive or; CTR32 calls it for ImplARMv8.
//
// The AES rounds are those of aes_arm64.s (see the comment there for the
// instructions and the round-key registers):
// AESE/AESMC pairs, round keys in V16-V30 with the last eleven always in
// V20-V30, eight blocks in flight, then one at a time.
//
// Counter blocks: the first twelve bytes of *ctr stay in V31; the last
// four, a big-endian integer, are kept in R7 as a native integer. Block i
// of a group is V31 with lane 3 (bytes 12-15) replaced by R7+i, byte-
// reversed (REVW) back to big-endian order. ADDW wraps modulo 2³², as inc32
// does, and never carries into the first twelve bytes.
//
// Registers:
//
//	R0       nr
//	R1       the schedule while it is loaded
//	R2, R3   dst and src, advanced past each block
//	R4       bytes of src left, a multiple of 16
//	R5       ctr
//	R7       the 32-bit counter of the next block
//	R8       one counter, byte-reversed
//	V0-V7    counter blocks being encrypted
//	V8-V15   source blocks, XORed with the last round key early
//	V16-V30  round keys
//	V31      the counter block whose last four bytes are replaced
//
// Nothing branches on or indexes memory with the key or the data (the
// branches depend on the number of rounds and on lengths only), and the
// counter is not secret.

//go:build gc && !purego

#include "textflag.h"

// LOAD_KEYS, as in aes_arm64.s: the nr+1 round keys at XK into V16-V30 with
// the last eleven in V20-V30.
#define LOAD_KEYS(NR, XK, L192, L128) \
	CMP	$12, NR; \
	BLT	L128; \
	BEQ	L192; \
	VLD1.P	32(XK), [V16.B16, V17.B16]; \
L192: \
	VLD1.P	32(XK), [V18.B16, V19.B16]; \
L128: \
	VLD1.P	64(XK), [V20.B16, V21.B16, V22.B16, V23.B16]; \
	VLD1.P	64(XK), [V24.B16, V25.B16, V26.B16, V27.B16]; \
	VLD1	(XK), [V28.B16, V29.B16, V30.B16]

// E1 is one full round with key K on block B; E8 on V0-V7.
#define E1(K, B) \
	AESE	K.B16, B.B16; \
	AESMC	B.B16, B.B16

#define E8(K) \
	E1(K, V0); \
	E1(K, V1); \
	E1(K, V2); \
	E1(K, V3); \
	E1(K, V4); \
	E1(K, V5); \
	E1(K, V6); \
	E1(K, V7)

// MIDDLE8 and MIDDLE1 are the nine full rounds of V20-V28.
#define MIDDLE8 \
	E8(V20); \
	E8(V21); \
	E8(V22); \
	E8(V23); \
	E8(V24); \
	E8(V25); \
	E8(V26); \
	E8(V27); \
	E8(V28)

#define MIDDLE1(B) \
	E1(V20, B); \
	E1(V21, B); \
	E1(V22, B); \
	E1(V23, B); \
	E1(V24, B); \
	E1(V25, B); \
	E1(V26, B); \
	E1(V27, B); \
	E1(V28, B)

// LAST(B, S) finishes block B with the round key V29 and the source block
// S, to which the last round key V30 has already been added.
#define LAST(B, S) \
	AESE	V29.B16, B.B16; \
	VEOR	S.B16, B.B16, B.B16

// COUNTER(I, B) sets block B to the counter block R7+I.
#define COUNTER(I, B) \
	ADDW	$I, R7, R8; \
	REVW	R8, R8; \
	VMOV	V31.B16, B.B16; \
	VMOV	R8, B.S[3]

// func ctr32ARMv8(nr int, xk *byte, ctr *[16]byte, dst, src []byte)
TEXT ·ctr32ARMv8(SB), NOSPLIT, $0-72
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	ctr+16(FP), R5
	MOVD	dst_base+24(FP), R2
	MOVD	src_base+48(FP), R3
	MOVD	src_len+56(FP), R4
	CBZ	R4, done
	LOAD_KEYS(R0, R1, keys192, keys128)
	VLD1	(R5), [V31.B16]
	MOVWU	12(R5), R7
	REVW	R7, R7

loop8:
	CMP	$128, R4
	BLT	tail1
	COUNTER(0, V0)
	COUNTER(1, V1)
	COUNTER(2, V2)
	COUNTER(3, V3)
	COUNTER(4, V4)
	COUNTER(5, V5)
	COUNTER(6, V6)
	COUNTER(7, V7)
	ADDW	$8, R7
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16]
	VLD1.P	64(R3), [V12.B16, V13.B16, V14.B16, V15.B16]
	VEOR	V30.B16, V8.B16, V8.B16
	VEOR	V30.B16, V9.B16, V9.B16
	VEOR	V30.B16, V10.B16, V10.B16
	VEOR	V30.B16, V11.B16, V11.B16
	VEOR	V30.B16, V12.B16, V12.B16
	VEOR	V30.B16, V13.B16, V13.B16
	VEOR	V30.B16, V14.B16, V14.B16
	VEOR	V30.B16, V15.B16, V15.B16
	CMP	$12, R0
	BLT	rounds8_128
	BEQ	rounds8_192
	E8(V16)
	E8(V17)
rounds8_192:
	E8(V18)
	E8(V19)
rounds8_128:
	MIDDLE8
	LAST(V0, V8)
	LAST(V1, V9)
	LAST(V2, V10)
	LAST(V3, V11)
	LAST(V4, V12)
	LAST(V5, V13)
	LAST(V6, V14)
	LAST(V7, V15)
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)
	SUB	$128, R4
	B	loop8

tail1:
	CBZ	R4, store
	COUNTER(0, V0)
	ADDW	$1, R7
	VLD1.P	16(R3), [V8.B16]
	VEOR	V30.B16, V8.B16, V8.B16
	CMP	$12, R0
	BLT	rounds1_128
	BEQ	rounds1_192
	E1(V16, V0)
	E1(V17, V0)
rounds1_192:
	E1(V18, V0)
	E1(V19, V0)
rounds1_128:
	MIDDLE1(V0)
	LAST(V0, V8)
	VST1.P	[V0.B16], 16(R2)
	SUB	$16, R4
	B	tail1

store:
	REVW	R7, R8
	MOVW	R8, 12(R5)

done:
	RET
