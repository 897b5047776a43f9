// The ARMv8 implementation of package aescore: the AES cipher of FIPS 197
// with the AES instructions of the ARMv8.0 Cryptography Extensions, as the
// Arm Architecture Reference Manual (DDI 0487) defines them:
//
//	AESE Vd.16B, Vn.16B     Vd = SubBytes(ShiftRows(Vd ⊕ Vn))
//	AESMC Vd.16B, Vn.16B    Vd = MixColumns(Vn)
//	AESD Vd.16B, Vn.16B     Vd = InvSubBytes(InvShiftRows(Vd ⊕ Vn))
//	AESIMC Vd.16B, Vn.16B   Vd = InvMixColumns(Vn)
//
// The round key is added first, so a cipher of nr rounds with round keys
// k0..k(nr) is nr-1 pairs AESE k(i); AESMC for i = 0..nr-2, then
// AESE k(nr-1) and an exclusive or with k(nr). Decryption is the same with
// AESD and AESIMC over the schedule of the equivalent inverse cipher
// (decKeys in aes_arm64.go). A register holds a block in memory order,
// byte i in lane i, which is the order of FIPS 197's state (byte r+4c is
// row r, column c) and of Key.enc: no byte is moved on load or store.
//
// The Go assembler writes operands in the reverse of the Arm ARM order:
// "AESE V20.B16, V0.B16" is AESE V0.16B, V20.16B.
//
// Registers of the block functions:
//
//	V0-V7     the blocks being encrypted (eight in flight in
//	          encryptBlocksARMv8, whose AESE/AESMC pairs on one register
//	          are adjacent so that cores which fuse them can)
//	V16-V30   the round keys, loaded so that the last eleven always sit
//	          in V20-V30: AES-128 uses V20-V30, AES-192 V18-V30 and
//	          AES-256 V16-V30. A block then takes the rounds of V16-V17
//	          (AES-256 only) and V18-V19 (AES-192 and AES-256), then the
//	          nine full rounds of V20-V28, AESE with V29 and the exclusive
//	          or with V30.
//
// The instructions take the same time whatever the data and key on cores
// that implement them; nothing here branches on or indexes memory with
// them (the branches depend on the number of rounds and on lengths only).

//go:build gc && !purego

#include "textflag.h"

// LOAD_KEYS loads the nr+1 round keys at XK (advancing XK) into V16-V30
// as described above; NR holds nr. L192 and L128 are labels for the
// entry points of the shorter schedules, which the caller must make
// unique.
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

// E1 runs one full encryption round with the key K on block B, D1 one
// decryption round.
#define E1(K, B) \
	AESE	K.B16, B.B16; \
	AESMC	B.B16, B.B16

#define D1(K, B) \
	AESD	K.B16, B.B16; \
	AESIMC	B.B16, B.B16

// E4 and E8 run a full round on V0-V3 and V0-V7.
#define E4(K) \
	E1(K, V0); \
	E1(K, V1); \
	E1(K, V2); \
	E1(K, V3)

#define E8(K) \
	E4(K); \
	E1(K, V4); \
	E1(K, V5); \
	E1(K, V6); \
	E1(K, V7)

// LAST1 is the last round with V29 and V30 on block B (AESE then the
// final key), LASTD1 the same with AESD.
#define LAST1(B) \
	AESE	V29.B16, B.B16; \
	VEOR	V30.B16, B.B16, B.B16

#define LASTD1(B) \
	AESD	V29.B16, B.B16; \
	VEOR	V30.B16, B.B16, B.B16

#define LAST4 \
	LAST1(V0); \
	LAST1(V1); \
	LAST1(V2); \
	LAST1(V3)

#define LAST8 \
	LAST4; \
	LAST1(V4); \
	LAST1(V5); \
	LAST1(V6); \
	LAST1(V7)

// MIDDLE(F) runs the nine full rounds common to every key size, with the
// round macro F (E1 on one block, E4 or E8).
#define MIDDLE1(F, B) \
	F(V20, B); \
	F(V21, B); \
	F(V22, B); \
	F(V23, B); \
	F(V24, B); \
	F(V25, B); \
	F(V26, B); \
	F(V27, B); \
	F(V28, B)

#define MIDDLE(F) \
	F(V20); \
	F(V21); \
	F(V22); \
	F(V23); \
	F(V24); \
	F(V25); \
	F(V26); \
	F(V27); \
	F(V28)

// func encryptBlockARMv8(nr int, xk *byte, dst, src *[16]byte)
TEXT ·encryptBlockARMv8(SB), NOSPLIT, $0-32
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	dst+16(FP), R2
	MOVD	src+24(FP), R3
	VLD1	(R3), [V0.B16]
	LOAD_KEYS(R0, R1, enc1Keys192, enc1Keys128)

	CMP	$12, R0
	BLT	enc1Rounds128
	BEQ	enc1Rounds192
	E1(V16, V0)
	E1(V17, V0)
enc1Rounds192:
	E1(V18, V0)
	E1(V19, V0)
enc1Rounds128:
	MIDDLE1(E1, V0)
	LAST1(V0)
	VST1	[V0.B16], (R2)
	RET

// func decryptBlockARMv8(nr int, xk *byte, dst, src *[16]byte)
TEXT ·decryptBlockARMv8(SB), NOSPLIT, $0-32
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	dst+16(FP), R2
	MOVD	src+24(FP), R3
	VLD1	(R3), [V0.B16]
	LOAD_KEYS(R0, R1, dec1Keys192, dec1Keys128)

	CMP	$12, R0
	BLT	dec1Rounds128
	BEQ	dec1Rounds192
	D1(V16, V0)
	D1(V17, V0)
dec1Rounds192:
	D1(V18, V0)
	D1(V19, V0)
dec1Rounds128:
	MIDDLE1(D1, V0)
	LASTD1(V0)
	VST1	[V0.B16], (R2)
	RET

// func encryptBlocksARMv8(nr int, xk *byte, dst, src []byte)
//
//	R0   nr
//	R1   the schedule while it is loaded
//	R2   dst, advanced past each block written
//	R3   src, advanced past each block read
//	R4   the number of bytes of src left, a multiple of 16
TEXT ·encryptBlocksARMv8(SB), NOSPLIT, $0-64
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	dst_base+16(FP), R2
	MOVD	src_base+40(FP), R3
	MOVD	src_len+48(FP), R4
	LOAD_KEYS(R0, R1, encNKeys192, encNKeys128)

loop8:
	CMP	$128, R4
	BLT	tail4
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R3), [V4.B16, V5.B16, V6.B16, V7.B16]
	CMP	$12, R0
	BLT	rounds8_128
	BEQ	rounds8_192
	E8(V16)
	E8(V17)
rounds8_192:
	E8(V18)
	E8(V19)
rounds8_128:
	MIDDLE(E8)
	LAST8
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)
	SUB	$128, R4
	B	loop8

tail4:
	CMP	$64, R4
	BLT	tail1
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	CMP	$12, R0
	BLT	rounds4_128
	BEQ	rounds4_192
	E4(V16)
	E4(V17)
rounds4_192:
	E4(V18)
	E4(V19)
rounds4_128:
	MIDDLE(E4)
	LAST4
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	SUB	$64, R4

tail1:
	CBZ	R4, done
	VLD1.P	16(R3), [V0.B16]
	CMP	$12, R0
	BLT	rounds1_128
	BEQ	rounds1_192
	E1(V16, V0)
	E1(V17, V0)
rounds1_192:
	E1(V18, V0)
	E1(V19, V0)
rounds1_128:
	MIDDLE1(E1, V0)
	LAST1(V0)
	VST1.P	[V0.B16], 16(R2)
	SUB	$16, R4
	B	tail1

done:
	RET

// func subWordARMv8(w uint32) uint32
//
// The word is copied to the four columns of a state, which AESE with a
// zero round key passes through ShiftRows (a no-op when the columns are
// equal: it moves bytes between columns within their row) and SubBytes.
TEXT ·subWordARMv8(SB), NOSPLIT, $0-12
	MOVWU	w+0(FP), R0
	VDUP	R0, V0.S4
	VEOR	V1.B16, V1.B16, V1.B16
	AESE	V1.B16, V0.B16
	VMOV	V0.S[0], R0
	MOVW	R0, ret+8(FP)
	RET

// func invMixColumnsARMv8(nr int, enc, dec *[240]byte)
//
// dec gets enc's round key nr, then InvMixColumns (AESIMC) of round keys
// nr-1 down to 1, then round key 0.
TEXT ·invMixColumnsARMv8(SB), NOSPLIT, $0-24
	MOVD	nr+0(FP), R0
	MOVD	enc+8(FP), R1
	MOVD	dec+16(FP), R2
	ADD	R0<<4, R1, R3 // &enc[16*nr]
	VLD1	(R3), [V0.B16]
	VST1.P	[V0.B16], 16(R2)
	SUB	$1, R0

imcLoop:
	SUB	$16, R3
	VLD1	(R3), [V0.B16]
	AESIMC	V0.B16, V0.B16
	VST1.P	[V0.B16], 16(R2)
	SUBS	$1, R0
	BNE	imcLoop

	VLD1	(R1), [V0.B16]
	VST1	[V0.B16], (R2)
	RET
