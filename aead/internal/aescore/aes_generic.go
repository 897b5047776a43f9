package aescore

import (
	"encoding/binary"
	"math/bits"
)

// The generic implementation: bitsliced AES on four blocks at a time.
//
// # The layout
//
// A bitsliced state q holds four blocks, 64 bytes, in eight uint64 words:
// word i holds bit i (bit 0 the least significant) of every byte. Byte r+4c
// of block j (row r, column c of its state, FIPS 197 Section 3.4) sits at
// bit position
//
//	p = 16r + 4c + j
//
// of every word. Each row thus fills one 16-bit lane of the words, and
// inside it the four blocks of a column sit side by side. With this order
//
//   - SubBytes works on each bit position independently, as a Boolean
//     circuit over the eight words (sbox);
//   - ShiftRows rotates lane r by 4r positions, which moves whole columns
//     (shiftRows);
//   - the neighbour of a byte in its column, the byte one row down, is 16
//     positions up: rotating the words by 16 bits lines up row r+1 (mod 4)
//     with row r, so MixColumns is rotations and XORs of whole words
//     (mixColumns).
//
// # Getting blocks in and out
//
// Bitslicing 64 bytes is an 8×8 transposition of bit matrices. If word w
// holds, in its byte k, the data byte D(w, k), then transposing every byte
// position k of the eight words as an 8×8 matrix (ortho) leaves bit i of
// D(w, k) at bit 8k+w of word i. So position p = 8k+w must hold the byte
// the layout puts there: w = 4(c mod 2) + j and k = 2r + c/2. The words
// before transposition are therefore, for block j, w = j with bytes
// b0 b8 b1 b9 b2 b10 b3 b11 (columns 0 and 2 interleaved byte by byte) and
// w = 4+j with b4 b12 b5 b13 b6 b14 b7 b15 (columns 1 and 3); load and
// store build and split them with shifts and masks.
//
// # Cost
//
// One round on four blocks is 115 gates of S-box, 8×12 operations of
// ShiftRows, about 60 of MixColumns and 8 XORs of round key: about 5
// operations per byte per round, with neither loads indexed by data nor
// branches.

// spread moves byte i of x (i = 0..3) to byte 2i of the result.
func spread(x uint32) uint64 {
	v := uint64(x)
	v = (v | v<<16) & 0x0000ffff0000ffff
	v = (v | v<<8) & 0x00ff00ff00ff00ff
	return v
}

// gather is the inverse of spread: it returns bytes 0, 2, 4 and 6 of v.
func gather(v uint64) uint32 {
	v &= 0x00ff00ff00ff00ff
	v = (v | v>>8) & 0x0000ffff0000ffff
	v = v | v>>16
	return uint32(v)
}

// swapBits exchanges, between a and b, the bits selected by m in b with
// those selected by m in a shifted up by s: bit s+i of a trades places with
// bit i of b wherever bit i of m is set. It is one stage of the transposition.
func swapBits(a, b *uint64, m uint64, s uint) {
	x, y := *a, *b
	*a = (x & m) | ((y & m) << s)
	*b = ((x >> s) & m) | (y &^ m)
}

// ortho transposes, for each byte position k, the 8×8 bit matrix whose row w
// is byte k of q[w]: afterwards bit i of byte k of q[w] is what was bit w of
// byte k of q[i]. Each stage exchanges one bit of the word index with the
// same bit of the bit index. ortho is its own inverse.
func ortho(q *[8]uint64) {
	const m1, m2, m4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	swapBits(&q[0], &q[1], m1, 1)
	swapBits(&q[2], &q[3], m1, 1)
	swapBits(&q[4], &q[5], m1, 1)
	swapBits(&q[6], &q[7], m1, 1)

	swapBits(&q[0], &q[2], m2, 2)
	swapBits(&q[1], &q[3], m2, 2)
	swapBits(&q[4], &q[6], m2, 2)
	swapBits(&q[5], &q[7], m2, 2)

	swapBits(&q[0], &q[4], m4, 4)
	swapBits(&q[1], &q[5], m4, 4)
	swapBits(&q[2], &q[6], m4, 4)
	swapBits(&q[3], &q[7], m4, 4)
}

// load puts the n blocks (n ≤ 4) at the start of src into q in bitsliced
// form; the missing blocks are zero.
func load(q *[8]uint64, src []byte, n int) {
	*q = [8]uint64{}
	for j := 0; j < n; j++ {
		b := src[16*j : 16*j+16]
		q[j] = spread(binary.LittleEndian.Uint32(b[0:])) | spread(binary.LittleEndian.Uint32(b[8:]))<<8
		q[4+j] = spread(binary.LittleEndian.Uint32(b[4:])) | spread(binary.LittleEndian.Uint32(b[12:]))<<8
	}
	ortho(q)
}

// store writes the first n blocks (n ≤ 4) of the bitsliced state q to dst.
// It leaves q in byte order (transposed back).
func store(dst []byte, q *[8]uint64, n int) {
	ortho(q)
	for j := 0; j < n; j++ {
		b := dst[16*j : 16*j+16]
		binary.LittleEndian.PutUint32(b[0:], gather(q[j]))
		binary.LittleEndian.PutUint32(b[8:], gather(q[j]>>8))
		binary.LittleEndian.PutUint32(b[4:], gather(q[4+j]))
		binary.LittleEndian.PutUint32(b[12:], gather(q[4+j]>>8))
	}
}

// sbox applies the AES S-box to each of the 64 bytes of q; see sboxV.
func sbox(q *[8]uint64) {
	q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = sboxV(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7])
}

// sboxV applies the AES S-box to each of the 64 bytes of the state whose
// words q[0] to q[7] are its arguments, and returns the new words.
//
// It evaluates the straight-line program of Boyar and Peralta ("A new
// combinational logic minimization technique with applications to
// cryptology", SEA 2010; the circuit of January 2009 on Peralta's circuit
// pages), 115 gates of which 32 are ANDs. A linear layer of 23 XORs maps
// the input bits u0..u7 (u0 the most significant bit) to the 22 values
// y1..y21 and u7; a nonlinear middle of 32 ANDs and 30 XORs computes the
// products that inversion in GF(2⁸), done through the tower
// GF(((2²)²)²), needs; and a linear layer of 30 XOR and XNOR gates, which
// includes the affine map of the S-box, yields the output bits s0..s7 (s0
// the most significant bit). Every gate acts on all 64 bytes at once.
func sboxV(u7, u6, u5, u4, u3, u2, u1, u0 uint64) (r0, r1, r2, r3, r4, r5, r6, r7 uint64) {
	// Top linear layer.
	y14 := u3 ^ u5
	y13 := u0 ^ u6
	y9 := u0 ^ u3
	y8 := u0 ^ u5
	t0 := u1 ^ u2
	y1 := t0 ^ u7
	y4 := y1 ^ u3
	y12 := y13 ^ y14
	y2 := y1 ^ u0
	y5 := y1 ^ u6
	y3 := y5 ^ y8
	t1 := u4 ^ y12
	y15 := t1 ^ u5
	y20 := t1 ^ u1
	y6 := y15 ^ u7
	y10 := y15 ^ t0
	y11 := y20 ^ y9
	y7 := u7 ^ y11
	y17 := y10 ^ y11
	y19 := y10 ^ y8
	y16 := t0 ^ y11
	y21 := y13 ^ y16
	y18 := u0 ^ y16

	// Nonlinear middle: products of y values, reduced to the four bits
	// t21..t24 of an element of GF(2⁴) ...
	t2 := y12 & y15
	t3 := y3 & y6
	t4 := t3 ^ t2
	t5 := y4 & u7
	t6 := t5 ^ t2
	t7 := y13 & y16
	t8 := y5 & y1
	t9 := t8 ^ t7
	t10 := y2 & y7
	t11 := t10 ^ t7
	t12 := y9 & y11
	t13 := y14 & y17
	t14 := t13 ^ t12
	t15 := y8 & y10
	t16 := t15 ^ t12
	t17 := t4 ^ t14
	t18 := t6 ^ t16
	t19 := t9 ^ t14
	t20 := t11 ^ t16
	t21 := t17 ^ y20
	t22 := t18 ^ y19
	t23 := t19 ^ y21
	t24 := t20 ^ y18

	// ... whose inverse in GF(2⁴) is t29, t33, t37, t40 ...
	t25 := t21 ^ t22
	t26 := t21 & t23
	t27 := t24 ^ t26
	t28 := t25 & t27
	t29 := t28 ^ t22
	t30 := t23 ^ t24
	t31 := t22 ^ t26
	t32 := t31 & t30
	t33 := t32 ^ t24
	t34 := t23 ^ t33
	t35 := t27 ^ t33
	t36 := t24 & t35
	t37 := t36 ^ t34
	t38 := t27 ^ t36
	t39 := t29 & t38
	t40 := t25 ^ t39

	// ... multiplied back with the y values into 18 products z0..z17.
	t41 := t40 ^ t37
	t42 := t29 ^ t33
	t43 := t29 ^ t40
	t44 := t33 ^ t37
	t45 := t42 ^ t41
	z0 := t44 & y15
	z1 := t37 & y6
	z2 := t33 & u7
	z3 := t43 & y16
	z4 := t40 & y1
	z5 := t29 & y7
	z6 := t42 & y11
	z7 := t45 & y17
	z8 := t41 & y10
	z9 := t44 & y12
	z10 := t37 & y3
	z11 := t33 & y4
	z12 := t43 & y13
	z13 := t40 & y5
	z14 := t29 & y2
	z15 := t42 & y9
	z16 := t45 & y14
	z17 := t41 & y8

	// Bottom linear layer, with the affine map of the S-box.
	t46 := z15 ^ z16
	t47 := z10 ^ z11
	t48 := z5 ^ z13
	t49 := z9 ^ z10
	t50 := z2 ^ z12
	t51 := z2 ^ z5
	t52 := z7 ^ z8
	t53 := z0 ^ z3
	t54 := z6 ^ z7
	t55 := z16 ^ z17
	t56 := z12 ^ t48
	t57 := t50 ^ t53
	t58 := z4 ^ t46
	t59 := z3 ^ t54
	t60 := t46 ^ t57
	t61 := z14 ^ t57
	t62 := t52 ^ t58
	t63 := t49 ^ t58
	t64 := z4 ^ t59
	t65 := t61 ^ t62
	t66 := z1 ^ t63
	s0 := t59 ^ t63
	s6 := ^(t56 ^ t62)
	s7 := ^(t48 ^ t60)
	t67 := t64 ^ t65
	s3 := t53 ^ t66
	s4 := t51 ^ t66
	s5 := t47 ^ t65
	s1 := ^(t64 ^ s3)
	s2 := ^(t55 ^ t67)

	return s7, s6, s5, s4, s3, s2, s1, s0
}

// invAffine applies to each byte of q the inverse of the affine map of the
// S-box, composed with the addition of its constant: with L the linear part
// of the map (S(x) = L(x⁻¹) + 0x63), it computes L⁻¹(x + 0x63) =
// L⁻¹(x) + 0x05. Bit i of L⁻¹(x) is the sum of bits i+2, i+5 and i+7 (mod
// 8) of x.
func invAffine(q *[8]uint64) {
	var r [8]uint64
	for i := 0; i < 8; i++ {
		r[i] = q[(i+2)&7] ^ q[(i+5)&7] ^ q[(i+7)&7]
	}
	r[0] = ^r[0]
	r[2] = ^r[2]
	*q = r
}

// invSbox applies the inverse S-box to each byte of q. With B = invAffine,
// inversion in GF(2⁸) is x⁻¹ = B(S(x)), and the inverse S-box is
// S⁻¹(y) = (B(y))⁻¹ = B(S(B(y))): the forward circuit between two linear
// layers of 16 XORs each.
func invSbox(q *[8]uint64) {
	invAffine(q)
	sbox(q)
	invAffine(q)
}

// swapFields exchanges the bits of x selected by m with those k positions
// above them (a "delta swap": the two fields must not overlap).
func swapFields(x, m uint64, k uint) uint64 {
	t := (x>>k ^ x) & m
	return x ^ t ^ t<<k
}

// shiftRows rotates row r of every block left by r columns. In lane r of a
// word (bits 16r..16r+15) the four columns are four nibbles n0 n1 n2 n3
// (column c at bits 4c..4c+3), and ShiftRows must turn lane 1 into
// n1 n2 n3 n0, lane 2 into n2 n3 n0 n1 and lane 3 into n3 n0 n1 n2. Two
// exchanges do it: swapping the nibbles of each byte in lanes 1 and 3
// (giving n1 n0 n3 n2), then, 8 bits apart, nibbles 1 and 3 of lane 1,
// the two bytes of lane 2 and nibbles 0 and 2 of lane 3.
func shiftRows(q *[8]uint64) {
	for i := range q {
		x := swapFields(q[i], 0x0f0f00000f0f0000, 4)
		q[i] = swapFields(x, 0x000f00ff00f00000, 8)
	}
}

// invShiftRows undoes shiftRows: the same two exchanges in reverse order.
func invShiftRows(q *[8]uint64) {
	for i := range q {
		x := swapFields(q[i], 0x000f00ff00f00000, 8)
		q[i] = swapFields(x, 0x0f0f00000f0f0000, 4)
	}
}

// down16 lines up, at row r's lane, each byte's neighbour in row r+1 (mod
// 4) of the same column; down32 the byte two rows down.
func down16(x uint64) uint64 { return bits.RotateLeft64(x, -16) }
func down32(x uint64) uint64 { return bits.RotateLeft64(x, 32) }

// mixColumns multiplies every column by the MixColumns matrix. Row r of the
// result is 2·a_r + 3·a_{r+1} + a_{r+2} + a_{r+3}
// = 2·(a_r + a_{r+1}) + a_{r+1} + (a_{r+2} + a_{r+3}), where the last sum is
// the first one two rows down. Doubling in GF(2⁸) (modulo x⁸+x⁴+x³+x+1)
// moves bit i to bit i+1 and adds bit 7 into bits 0, 1, 3 and 4.
func mixColumns(q *[8]uint64) {
	q0, q1, q2, q3, q4, q5, q6, q7 := q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]
	r0, r1, r2, r3, r4, r5, r6, r7 := down16(q0), down16(q1), down16(q2), down16(q3), down16(q4), down16(q5), down16(q6), down16(q7)
	t0, t1, t2, t3, t4, t5, t6, t7 := q0^r0, q1^r1, q2^r2, q3^r3, q4^r4, q5^r5, q6^r6, q7^r7
	q[0] = t7 ^ r0 ^ down32(t0)
	q[1] = t0 ^ t7 ^ r1 ^ down32(t1)
	q[2] = t1 ^ r2 ^ down32(t2)
	q[3] = t2 ^ t7 ^ r3 ^ down32(t3)
	q[4] = t3 ^ t7 ^ r4 ^ down32(t4)
	q[5] = t4 ^ r5 ^ down32(t5)
	q[6] = t5 ^ r6 ^ down32(t6)
	q[7] = t6 ^ r7 ^ down32(t7)
}

// invMixColumns multiplies every column by the inverse MixColumns matrix,
// circulant (0e 0b 0d 09). That matrix is the MixColumns matrix times the
// circulant (05 00 04 00), so it first replaces each a_r by
// a_r + 4·(a_r + a_{r+2}) and then runs mixColumns.
func invMixColumns(q *[8]uint64) {
	var w [8]uint64
	for i := range q {
		w[i] = q[i] ^ down32(q[i])
	}
	// 4·w: doubling twice. With w = (w0..w7), 4·w has bits
	// w6, w6+w7, w0+w7, w1+w6, w2+w6+w7, w3+w7, w4, w5.
	q[0] ^= w[6]
	q[1] ^= w[6] ^ w[7]
	q[2] ^= w[0] ^ w[7]
	q[3] ^= w[1] ^ w[6]
	q[4] ^= w[2] ^ w[6] ^ w[7]
	q[5] ^= w[3] ^ w[7]
	q[6] ^= w[4]
	q[7] ^= w[5]
	mixColumns(q)
}

// invSboxV is invSbox on values, like sboxV: B(S(B(y))) with B = invAffine.
func invSboxV(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (r0, r1, r2, r3, r4, r5, r6, r7 uint64) {
	q0, q1, q2, q3, q4, q5, q6, q7 = ^(q2 ^ q5 ^ q7), q3^q6^q0, ^(q4 ^ q7 ^ q1), q5^q0^q2, q6^q1^q3, q7^q2^q4, q0^q3^q5, q1^q4^q6
	q0, q1, q2, q3, q4, q5, q6, q7 = sboxV(q0, q1, q2, q3, q4, q5, q6, q7)
	return ^(q2 ^ q5 ^ q7), q3 ^ q6 ^ q0, ^(q4 ^ q7 ^ q1), q5 ^ q0 ^ q2, q6 ^ q1 ^ q3, q7 ^ q2 ^ q4, q0 ^ q3 ^ q5, q1 ^ q4 ^ q6
}

// decrypt4 decrypts the four blocks of the bitsliced state q with the
// straightforward inverse cipher (FIPS 197, Section 5.3), with the state in
// local variables as in encrypt4: each round is invShiftRows, invSboxV,
// AddRoundKey and invMixColumns (but the last round).
func decrypt4(k *Key, q *[8]uint64) {
	k0, k1, k2, k3, k4, k5, k6, k7 := roundKey(&k.aux[k.rounds])
	q0, q1, q2, q3, q4, q5, q6, q7 := q[0]^k0, q[1]^k1, q[2]^k2, q[3]^k3, q[4]^k4, q[5]^k5, q[6]^k6, q[7]^k7
	const mA, mB = 0x0f0f00000f0f0000, 0x000f00ff00f00000
	for r := k.rounds - 1; r >= 0; r-- {
		q0 = swapFields(swapFields(q0, mB, 8), mA, 4)
		q1 = swapFields(swapFields(q1, mB, 8), mA, 4)
		q2 = swapFields(swapFields(q2, mB, 8), mA, 4)
		q3 = swapFields(swapFields(q3, mB, 8), mA, 4)
		q4 = swapFields(swapFields(q4, mB, 8), mA, 4)
		q5 = swapFields(swapFields(q5, mB, 8), mA, 4)
		q6 = swapFields(swapFields(q6, mB, 8), mA, 4)
		q7 = swapFields(swapFields(q7, mB, 8), mA, 4)
		q0, q1, q2, q3, q4, q5, q6, q7 = invSboxV(q0, q1, q2, q3, q4, q5, q6, q7)
		k0, k1, k2, k3, k4, k5, k6, k7 := roundKey(&k.aux[r])
		q0, q1, q2, q3, q4, q5, q6, q7 = q0^k0, q1^k1, q2^k2, q3^k3, q4^k4, q5^k5, q6^k6, q7^k7
		if r == 0 {
			break
		}
		// InvMixColumns as in invMixColumns: a_r += 4·(a_r + a_{r+2}),
		// then MixColumns.
		w0, w1, w2, w3, w4, w5, w6, w7 := q0^down32(q0), q1^down32(q1), q2^down32(q2), q3^down32(q3), q4^down32(q4), q5^down32(q5), q6^down32(q6), q7^down32(q7)
		q0 ^= w6
		q1 ^= w6 ^ w7
		q2 ^= w0 ^ w7
		q3 ^= w1 ^ w6
		q4 ^= w2 ^ w6 ^ w7
		q5 ^= w3 ^ w7
		q6 ^= w4
		q7 ^= w5
		r0, r1, r2, r3, r4, r5, r6, r7 := down16(q0), down16(q1), down16(q2), down16(q3), down16(q4), down16(q5), down16(q6), down16(q7)
		t0, t1, t2, t3, t4, t5, t6, t7 := q0^r0, q1^r1, q2^r2, q3^r3, q4^r4, q5^r5, q6^r6, q7^r7
		q0 = t7 ^ r0 ^ down32(t0)
		q1 = t0 ^ t7 ^ r1 ^ down32(t1)
		q2 = t1 ^ r2 ^ down32(t2)
		q3 = t2 ^ t7 ^ r3 ^ down32(t3)
		q4 = t3 ^ t7 ^ r4 ^ down32(t4)
		q5 = t4 ^ r5 ^ down32(t5)
		q6 = t5 ^ r6 ^ down32(t6)
		q7 = t6 ^ r7 ^ down32(t7)
	}
	q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = q0, q1, q2, q3, q4, q5, q6, q7
}

func encryptBlockGeneric(k *Key, dst, src *[BlockSize]byte) {
	var q [8]uint64
	load(&q, src[:], 1)
	encrypt4(k, &q)
	store(dst[:], &q, 1)
}

func decryptBlockGeneric(k *Key, dst, src *[BlockSize]byte) {
	var q [8]uint64
	load(&q, src[:], 1)
	decrypt4(k, &q)
	store(dst[:], &q, 1)
}

// encryptBlocksGeneric encrypts len(src)/16 blocks, four at a time.
func encryptBlocksGeneric(k *Key, dst, src []byte) {
	var q [8]uint64
	for len(src) > 0 {
		n := min(len(src)/BlockSize, 4)
		load(&q, src, n)
		encrypt4(k, &q)
		store(dst, &q, n)
		src, dst = src[n*BlockSize:], dst[n*BlockSize:]
	}
}

// subWord applies the S-box to each byte of w (SubWord of FIPS 197, Section
// 5.2) with the bitsliced circuit: bit i of byte b of w goes to bit 8b of
// word i, and the other bits of the words are ignored.
func subWord(w uint32) uint32 {
	var q [8]uint64
	for i := range q {
		q[i] = uint64(w>>i) & 0x01010101
	}
	sbox(&q)
	var r uint32
	for i := range q {
		r |= uint32(q[i]&0x01010101) << i
	}
	return r
}

// expandKeyGeneric fills k.enc with the key schedule of FIPS 197, Section
// 5.2, and k.aux with its bitsliced form. k.rounds is set.
func expandKeyGeneric(k *Key, key []byte) {
	nk := len(key) / 4
	n := 4 * (k.rounds + 1)
	var w [4 * (maxRounds + 1)]uint32
	for i := 0; i < nk; i++ {
		w[i] = binary.BigEndian.Uint32(key[4*i:])
	}
	rcon := uint32(1) // x^(i/nk - 1) in GF(2⁸); public
	for i := nk; i < n; i++ {
		t := w[i-1]
		if i%nk == 0 {
			t = subWord(bits.RotateLeft32(t, 8)) ^ rcon<<24
			rcon = rcon<<1 ^ 0x11b&-(rcon>>7)
		} else if nk > 6 && i%nk == 4 {
			t = subWord(t)
		}
		w[i] = w[i-nk] ^ t
	}
	for i := 0; i < n; i++ {
		binary.BigEndian.PutUint32(k.enc[4*i:], w[i])
	}
	clear(w[:])
	bitsliceRoundKeys(k)
}

// bitsliceRoundKeys fills k.aux from k.enc. A round key is the same for the
// four blocks of a state, so in bitsliced form (the round key as block 0,
// the other blocks zero, then ortho) each word has bits only at the
// positions of block 0, 16r+4c, one in four. k.aux[r] packs those eight
// words into two, word i shifted up by i mod 4: 128 bits, like the byte
// form. roundKey undoes the packing and copies block 0 to blocks 1-3.
func bitsliceRoundKeys(k *Key) {
	for r := 0; r <= k.rounds; r++ {
		var q [8]uint64
		load(&q, k.enc[16*r:16*r+16], 1)
		k.aux[r][0] = q[0] | q[1]<<1 | q[2]<<2 | q[3]<<3
		k.aux[r][1] = q[4] | q[5]<<1 | q[6]<<2 | q[7]<<3
	}
}

// roundKey expands a round key packed by bitsliceRoundKeys into the eight
// words of a bitsliced state with the key in all four blocks: it isolates
// each word's bits (at the positions of block 0) and multiplies by 15,
// which copies every bit to the three positions above it without carries.
func roundKey(c *[2]uint64) (r0, r1, r2, r3, r4, r5, r6, r7 uint64) {
	const m = 0x1111111111111111
	a, b := c[0], c[1]
	return (a & m) * 15, (a >> 1 & m) * 15, (a >> 2 & m) * 15, (a >> 3 & m) * 15,
		(b & m) * 15, (b >> 1 & m) * 15, (b >> 2 & m) * 15, (b >> 3 & m) * 15
}

// encrypt4 encrypts the four blocks of the bitsliced state q. The state
// stays in local variables, which the compiler keeps in registers as far
// as it can (it never does for the elements of an array); each round is
// sboxV, then ShiftRows (as in shiftRows), MixColumns (as in mixColumns)
// and AddRoundKey inline, without MixColumns in the last round.
func encrypt4(k *Key, q *[8]uint64) {
	k0, k1, k2, k3, k4, k5, k6, k7 := roundKey(&k.aux[0])
	q0, q1, q2, q3, q4, q5, q6, q7 := q[0]^k0, q[1]^k1, q[2]^k2, q[3]^k3, q[4]^k4, q[5]^k5, q[6]^k6, q[7]^k7
	const mA, mB = 0x0f0f00000f0f0000, 0x000f00ff00f00000
	for r := 1; r <= k.rounds; r++ {
		q0, q1, q2, q3, q4, q5, q6, q7 = sboxV(q0, q1, q2, q3, q4, q5, q6, q7)
		q0 = swapFields(swapFields(q0, mA, 4), mB, 8)
		q1 = swapFields(swapFields(q1, mA, 4), mB, 8)
		q2 = swapFields(swapFields(q2, mA, 4), mB, 8)
		q3 = swapFields(swapFields(q3, mA, 4), mB, 8)
		q4 = swapFields(swapFields(q4, mA, 4), mB, 8)
		q5 = swapFields(swapFields(q5, mA, 4), mB, 8)
		q6 = swapFields(swapFields(q6, mA, 4), mB, 8)
		q7 = swapFields(swapFields(q7, mA, 4), mB, 8)
		k0, k1, k2, k3, k4, k5, k6, k7 := roundKey(&k.aux[r])
		if r == k.rounds {
			q0, q1, q2, q3, q4, q5, q6, q7 = q0^k0, q1^k1, q2^k2, q3^k3, q4^k4, q5^k5, q6^k6, q7^k7
			break
		}
		r0, r1, r2, r3, r4, r5, r6, r7 := down16(q0), down16(q1), down16(q2), down16(q3), down16(q4), down16(q5), down16(q6), down16(q7)
		t0, t1, t2, t3, t4, t5, t6, t7 := q0^r0, q1^r1, q2^r2, q3^r3, q4^r4, q5^r5, q6^r6, q7^r7
		q0 = t7 ^ r0 ^ down32(t0) ^ k0
		q1 = t0 ^ t7 ^ r1 ^ down32(t1) ^ k1
		q2 = t1 ^ r2 ^ down32(t2) ^ k2
		q3 = t2 ^ t7 ^ r3 ^ down32(t3) ^ k3
		q4 = t3 ^ t7 ^ r4 ^ down32(t4) ^ k4
		q5 = t4 ^ r5 ^ down32(t5) ^ k5
		q6 = t5 ^ r6 ^ down32(t6) ^ k6
		q7 = t6 ^ r7 ^ down32(t7) ^ k7
	}
	q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = q0, q1, q2, q3, q4, q5, q6, q7
}
