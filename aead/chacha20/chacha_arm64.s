// blocksNEON is the arm64 counterpart of blocksGeneric in chacha_generic.go:
// it XORs len(src)/64 whole blocks of ChaCha20 keystream (RFC 8439, Section
// 2.3) into dst and advances the block counter in state[12] by that many
// blocks, modulo 2³².
//
// Four blocks are computed at once, one in each 32-bit lane of the 128-bit
// Advanced SIMD registers, as the amd64 kernel does with eight lanes (see
// tools/asm/aead/chacha20): register Vi holds word i of the state of the
// four blocks, which differ only in word 12, the counter (counter+0 ..
// counter+3, each added modulo 2³² as blocksGeneric does). A quarter round
// of the scalar code is then the same quarter round on whole registers, and
// the four quarter rounds of a column or diagonal round are interleaved.
// The rotations:
//
//	by 16   REV32 on halfwords swaps the two halves of each word
//	by 8    TBL with a table that moves byte k of each word to byte k+1
//	by 12   SHL by 12 of a scratch copy, then SRI (shift right and
//	        insert) by 20 fills the low 12 bits; likewise 7 with SHL 7, SRI 25
//
// After the 20 rounds the input, reloaded from state, is added back, and
// the 4×4 blocks of words are transposed with ZIP1/ZIP2, first on words,
// then on doublewords, so that block j ends up in V(4j)..V(4j+3) in the
// order of the serialized block, ready to be XORed with 64 bytes of src.
//
// The one to three blocks left at the end go through the four-lane code
// once more, and only the blocks that exist are loaded and stored; the
// lanes past them see counters beyond the last block (possibly wrapped past
// 2³²), which are computed and thrown away. Every branch depends only on the
// length of src.
//
// Go's assembler writes the operands in the reverse of the Arm ARM order,
// destination last: "VADD V4.S4, V0.S4, V0.S4" is ADD V0.4S, V0.4S, V4.4S.
//
// Registers:
//
//	R0       state
//	R1, R2   the next block of dst and of src
//	R3       the number of blocks left
//	R4       the counter of the first block of the group
//	R5       the constants below; R8 = R5+16, the lane offsets
//	R6       a moving pointer into state; R7 the double rounds left
//	V0-V15   the sixteen words of the state of four blocks
//	V16-V19  scratch copies for the rotations by 12 and 7
//	V20      the TBL indices of the rotation by 8
//	V21      0, 1, 2, 3: what each lane adds to the counter
//	V16-V31  (after the rounds) the input state, then the transposition,
//	         then src
//
// Nothing branches on, or indexes memory with, the key, the nonce or the
// data.

//go:build gc && !purego

#include "textflag.h"

// QUARTER4 runs four quarter rounds (RFC 8439, Section 2.1) side by side, on
// the words (A0, B0, C0, D0), ..., (A3, B3, C3, D3), each a register of
// four lanes. It uses V16-V19 as scratch and V20 as the TBL indices of the
// rotation by 8.
#define QUARTER4(A0, B0, C0, D0, A1, B1, C1, D1, A2, B2, C2, D2, A3, B3, C3, D3) \
	VADD	B0.S4, A0.S4, A0.S4; \
	VADD	B1.S4, A1.S4, A1.S4; \
	VADD	B2.S4, A2.S4, A2.S4; \
	VADD	B3.S4, A3.S4, A3.S4; \
	VEOR	A0.B16, D0.B16, D0.B16; \
	VEOR	A1.B16, D1.B16, D1.B16; \
	VEOR	A2.B16, D2.B16, D2.B16; \
	VEOR	A3.B16, D3.B16, D3.B16; \
	VREV32	D0.H8, D0.H8; \
	VREV32	D1.H8, D1.H8; \
	VREV32	D2.H8, D2.H8; \
	VREV32	D3.H8, D3.H8; \
	VADD	D0.S4, C0.S4, C0.S4; \
	VADD	D1.S4, C1.S4, C1.S4; \
	VADD	D2.S4, C2.S4, C2.S4; \
	VADD	D3.S4, C3.S4, C3.S4; \
	VEOR	C0.B16, B0.B16, V16.B16; \
	VEOR	C1.B16, B1.B16, V17.B16; \
	VEOR	C2.B16, B2.B16, V18.B16; \
	VEOR	C3.B16, B3.B16, V19.B16; \
	VSHL	$12, V16.S4, B0.S4; \
	VSHL	$12, V17.S4, B1.S4; \
	VSHL	$12, V18.S4, B2.S4; \
	VSHL	$12, V19.S4, B3.S4; \
	VSRI	$20, V16.S4, B0.S4; \
	VSRI	$20, V17.S4, B1.S4; \
	VSRI	$20, V18.S4, B2.S4; \
	VSRI	$20, V19.S4, B3.S4; \
	VADD	B0.S4, A0.S4, A0.S4; \
	VADD	B1.S4, A1.S4, A1.S4; \
	VADD	B2.S4, A2.S4, A2.S4; \
	VADD	B3.S4, A3.S4, A3.S4; \
	VEOR	A0.B16, D0.B16, D0.B16; \
	VEOR	A1.B16, D1.B16, D1.B16; \
	VEOR	A2.B16, D2.B16, D2.B16; \
	VEOR	A3.B16, D3.B16, D3.B16; \
	VTBL	V20.B16, [D0.B16], D0.B16; \
	VTBL	V20.B16, [D1.B16], D1.B16; \
	VTBL	V20.B16, [D2.B16], D2.B16; \
	VTBL	V20.B16, [D3.B16], D3.B16; \
	VADD	D0.S4, C0.S4, C0.S4; \
	VADD	D1.S4, C1.S4, C1.S4; \
	VADD	D2.S4, C2.S4, C2.S4; \
	VADD	D3.S4, C3.S4, C3.S4; \
	VEOR	C0.B16, B0.B16, V16.B16; \
	VEOR	C1.B16, B1.B16, V17.B16; \
	VEOR	C2.B16, B2.B16, V18.B16; \
	VEOR	C3.B16, B3.B16, V19.B16; \
	VSHL	$7, V16.S4, B0.S4; \
	VSHL	$7, V17.S4, B1.S4; \
	VSHL	$7, V18.S4, B2.S4; \
	VSHL	$7, V19.S4, B3.S4; \
	VSRI	$25, V16.S4, B0.S4; \
	VSRI	$25, V17.S4, B1.S4; \
	VSRI	$25, V18.S4, B2.S4; \
	VSRI	$25, V19.S4, B3.S4

// XORBLOCK XORs the 64 bytes of keystream in K0-K3 with the next 64 bytes
// of src into the next 64 bytes of dst, through V16-V19.
#define XORBLOCK(K0, K1, K2, K3) \
	VLD1.P	64(R2), [V16.B16, V17.B16, V18.B16, V19.B16]; \
	VEOR	K0.B16, V16.B16, V16.B16; \
	VEOR	K1.B16, V17.B16, V17.B16; \
	VEOR	K2.B16, V18.B16, V18.B16; \
	VEOR	K3.B16, V19.B16, V19.B16; \
	VST1.P	[V16.B16, V17.B16, V18.B16, V19.B16], 64(R1)

// func blocksNEON(state *[16]uint32, dst, src []byte)
TEXT ·blocksNEON(SB), NOSPLIT, $0-56
	MOVD	state+0(FP), R0
	MOVD	dst_base+8(FP), R1
	MOVD	src_base+32(FP), R2
	MOVD	src_len+40(FP), R3
	LSR	$6, R3, R3
	CBZ	R3, done
	MOVWU	48(R0), R4
	MOVD	$·chacha20NEONConsts(SB), R5
	ADD	$16, R5, R8

group:
	// The input of the rounds: each word of state in every lane, and the
	// counters of the four blocks in V12.
	MOVD	R0, R6
	VLD4R.P	16(R6), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD4R.P	16(R6), [V4.S4, V5.S4, V6.S4, V7.S4]
	VLD4R.P	16(R6), [V8.S4, V9.S4, V10.S4, V11.S4]
	ADD	$4, R6
	VLD3R	(R6), [V13.S4, V14.S4, V15.S4]
	VLD1	(R5), [V20.B16]
	VLD1	(R8), [V21.S4]
	VDUP	R4, V12.S4
	VADD	V21.S4, V12.S4, V12.S4
	MOVD	$10, R7

doubleRound:
	QUARTER4(V0, V4, V8, V12, V1, V5, V9, V13, V2, V6, V10, V14, V3, V7, V11, V15)
	QUARTER4(V0, V5, V10, V15, V1, V6, V11, V12, V2, V7, V8, V13, V3, V4, V9, V14)
	SUB	$1, R7
	CBNZ	R7, doubleRound

	// Add the input back: V16-V31 get the words of state again, and word
	// 12 (V28) its four counters.
	MOVD	R0, R6
	VLD4R.P	16(R6), [V16.S4, V17.S4, V18.S4, V19.S4]
	VLD4R.P	16(R6), [V20.S4, V21.S4, V22.S4, V23.S4]
	VLD4R.P	16(R6), [V24.S4, V25.S4, V26.S4, V27.S4]
	VLD4R	(R6), [V28.S4, V29.S4, V30.S4, V31.S4]
	VADD	V16.S4, V0.S4, V0.S4
	VADD	V17.S4, V1.S4, V1.S4
	VADD	V18.S4, V2.S4, V2.S4
	VADD	V19.S4, V3.S4, V3.S4
	VADD	V20.S4, V4.S4, V4.S4
	VADD	V21.S4, V5.S4, V5.S4
	VADD	V22.S4, V6.S4, V6.S4
	VADD	V23.S4, V7.S4, V7.S4
	VADD	V24.S4, V8.S4, V8.S4
	VADD	V25.S4, V9.S4, V9.S4
	VADD	V26.S4, V10.S4, V10.S4
	VADD	V27.S4, V11.S4, V11.S4
	VADD	V29.S4, V13.S4, V13.S4
	VADD	V30.S4, V14.S4, V14.S4
	VADD	V31.S4, V15.S4, V15.S4
	VDUP	R4, V28.S4
	VLD1	(R8), [V29.S4]
	VADD	V29.S4, V28.S4, V28.S4
	VADD	V28.S4, V12.S4, V12.S4

	// Transpose. For the words a, b, c, d of a row (registers V(4g) to
	// V(4g+3), lane j of each belonging to block j), ZIP1 and ZIP2 on words
	// give a0 b0 a1 b1, a2 b2 a3 b3, c0 d0 c1 d1 and c2 d2 c3 d3 ...
	VZIP1	V1.S4, V0.S4, V16.S4
	VZIP2	V1.S4, V0.S4, V17.S4
	VZIP1	V3.S4, V2.S4, V18.S4
	VZIP2	V3.S4, V2.S4, V19.S4
	VZIP1	V5.S4, V4.S4, V20.S4
	VZIP2	V5.S4, V4.S4, V21.S4
	VZIP1	V7.S4, V6.S4, V22.S4
	VZIP2	V7.S4, V6.S4, V23.S4
	VZIP1	V9.S4, V8.S4, V24.S4
	VZIP2	V9.S4, V8.S4, V25.S4
	VZIP1	V11.S4, V10.S4, V26.S4
	VZIP2	V11.S4, V10.S4, V27.S4
	VZIP1	V13.S4, V12.S4, V28.S4
	VZIP2	V13.S4, V12.S4, V29.S4
	VZIP1	V15.S4, V14.S4, V30.S4
	VZIP2	V15.S4, V14.S4, V31.S4

	// ... and ZIP1 and ZIP2 on doublewords of those give a_j b_j c_j d_j,
	// row g of block j, which goes to V(4j+g).
	VZIP1	V18.D2, V16.D2, V0.D2
	VZIP2	V18.D2, V16.D2, V4.D2
	VZIP1	V19.D2, V17.D2, V8.D2
	VZIP2	V19.D2, V17.D2, V12.D2
	VZIP1	V22.D2, V20.D2, V1.D2
	VZIP2	V22.D2, V20.D2, V5.D2
	VZIP1	V23.D2, V21.D2, V9.D2
	VZIP2	V23.D2, V21.D2, V13.D2
	VZIP1	V26.D2, V24.D2, V2.D2
	VZIP2	V26.D2, V24.D2, V6.D2
	VZIP1	V27.D2, V25.D2, V10.D2
	VZIP2	V27.D2, V25.D2, V14.D2
	VZIP1	V30.D2, V28.D2, V3.D2
	VZIP2	V30.D2, V28.D2, V7.D2
	VZIP1	V31.D2, V29.D2, V11.D2
	VZIP2	V31.D2, V29.D2, V15.D2

	CMP	$4, R3
	BLT	tail

	XORBLOCK(V0, V1, V2, V3)
	XORBLOCK(V4, V5, V6, V7)
	XORBLOCK(V8, V9, V10, V11)
	XORBLOCK(V12, V13, V14, V15)
	ADDW	$4, R4
	SUBS	$4, R3
	BNE	group
	B	store

tail:
	// One to three blocks.
	ADDW	R3, R4
	XORBLOCK(V0, V1, V2, V3)
	CMP	$1, R3
	BEQ	store
	XORBLOCK(V4, V5, V6, V7)
	CMP	$2, R3
	BEQ	store
	XORBLOCK(V8, V9, V10, V11)

store:
	MOVW	R4, 48(R0)

done:
	RET

// chacha20NEONConsts holds the TBL indices that rotate each 32-bit word of
// a register left by 8 bits (byte k of the result is byte k-1 mod 4 of the
// word), then the offsets 0, 1, 2, 3 of the counters of the four lanes.
DATA ·chacha20NEONConsts+0x00(SB)/4, $0x02010003
DATA ·chacha20NEONConsts+0x04(SB)/4, $0x06050407
DATA ·chacha20NEONConsts+0x08(SB)/4, $0x0a09080b
DATA ·chacha20NEONConsts+0x0c(SB)/4, $0x0e0d0c0f
DATA ·chacha20NEONConsts+0x10(SB)/4, $0
DATA ·chacha20NEONConsts+0x14(SB)/4, $1
DATA ·chacha20NEONConsts+0x18(SB)/4, $2
DATA ·chacha20NEONConsts+0x1c(SB)/4, $3
GLOBL ·chacha20NEONConsts(SB), RODATA|NOPTR, $32
