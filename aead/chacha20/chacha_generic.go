package chacha20

import (
	"encoding/binary"
	"math/bits"
)

// quarterRound is the ChaCha quarter round (RFC 8439, Section 2.1): four
// add-xor-rotate steps mixing the words a, b, c and d.
func quarterRound(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d = bits.RotateLeft32(d^a, 16)
	c += d
	b = bits.RotateLeft32(b^c, 12)
	a += b
	d = bits.RotateLeft32(d^a, 8)
	c += d
	b = bits.RotateLeft32(b^c, 7)
	return a, b, c, d
}

// xorWords XORs the 8 bytes of src with the keystream words lo and hi, in
// little-endian order, into dst.
func xorWords(dst, src []byte, lo, hi uint32) {
	ks := uint64(lo) | uint64(hi)<<32
	binary.LittleEndian.PutUint64(dst, binary.LittleEndian.Uint64(src)^ks)
}

// blocksGeneric XORs len(src)/64 whole blocks of keystream into dst, from
// src: dst[i] = src[i] XOR keystream[i]. The blocks are those of the key,
// nonce and counter in state; state[12] is the number of the first block,
// and blocksGeneric adds one to it for each block, modulo 2³². The caller
// makes sure the counter does not wrap before the last block.
//
// len(src) must be a multiple of 64 and dst at least as long; dst and src
// may be the same buffer, but must not overlap otherwise.
//
// It is the portable Go code that every other implementation of blocks is
// tested against: the block function of RFC 8439, Section 2.3, 20 rounds of
// quarter rounds on the columns and the diagonals of the 4×4 state, then
// the input added back in.
func blocksGeneric(state *[16]uint32, dst, src []byte) {
	s0, s1, s2, s3 := state[0], state[1], state[2], state[3]
	s4, s5, s6, s7 := state[4], state[5], state[6], state[7]
	s8, s9, s10, s11 := state[8], state[9], state[10], state[11]
	counter, s13, s14, s15 := state[12], state[13], state[14], state[15]

	// Of the four quarter rounds of the first column round, three (columns
	// 1, 2 and 3) do not involve the counter, which sits in column 0: they
	// give the same result for every block, so compute them once.
	p1, p5, p9, p13 := quarterRound(s1, s5, s9, s13)
	p2, p6, p10, p14 := quarterRound(s2, s6, s10, s14)
	p3, p7, p11, p15 := quarterRound(s3, s7, s11, s15)

	for len(src) >= blockSize {
		// Converting to array pointers checks the lengths once, so that
		// the accesses below need no bounds checks.
		in := (*[blockSize]byte)(src)
		out := (*[blockSize]byte)(dst)

		// The rest of the first column round, then the first diagonal
		// round.
		x0, x4, x8, x12 := quarterRound(s0, s4, s8, counter)
		x0, x5, x10, x15 := quarterRound(x0, p5, p10, p15)
		x1, x6, x11, x12 := quarterRound(p1, p6, p11, x12)
		x2, x7, x8, x13 := quarterRound(p2, p7, x8, p13)
		x3, x4, x9, x14 := quarterRound(p3, x4, p9, p14)

		// The other nine double rounds.
		for range 9 {
			x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
			x1, x5, x9, x13 = quarterRound(x1, x5, x9, x13)
			x2, x6, x10, x14 = quarterRound(x2, x6, x10, x14)
			x3, x7, x11, x15 = quarterRound(x3, x7, x11, x15)

			x0, x5, x10, x15 = quarterRound(x0, x5, x10, x15)
			x1, x6, x11, x12 = quarterRound(x1, x6, x11, x12)
			x2, x7, x8, x13 = quarterRound(x2, x7, x8, x13)
			x3, x4, x9, x14 = quarterRound(x3, x4, x9, x14)
		}

		// Add the input to the output of the rounds and XOR the keystream
		// with src, two words (8 bytes) at a time.
		xorWords(out[0:8], in[0:8], x0+s0, x1+s1)
		xorWords(out[8:16], in[8:16], x2+s2, x3+s3)
		xorWords(out[16:24], in[16:24], x4+s4, x5+s5)
		xorWords(out[24:32], in[24:32], x6+s6, x7+s7)
		xorWords(out[32:40], in[32:40], x8+s8, x9+s9)
		xorWords(out[40:48], in[40:48], x10+s10, x11+s11)
		xorWords(out[48:56], in[48:56], x12+counter, x13+s13)
		xorWords(out[56:64], in[56:64], x14+s14, x15+s15)

		counter++
		src, dst = src[blockSize:], dst[blockSize:]
	}
	state[12] = counter
}

// hChaCha20 sets out to HChaCha20 of key and nonce
// (draft-irtf-cfrg-xchacha-03, Section 2.2): the state is set up as for
// ChaCha20 with the 16-byte nonce in place of the counter and nonce words,
// goes through the 20 rounds, and the first and last rows of the result,
// without the input added back, are the subkey.
func hChaCha20(out, key *[KeySize]byte, nonce *[16]byte) {
	x0, x1, x2, x3 := sigma0, sigma1, sigma2, sigma3
	x4 := binary.LittleEndian.Uint32(key[0:4])
	x5 := binary.LittleEndian.Uint32(key[4:8])
	x6 := binary.LittleEndian.Uint32(key[8:12])
	x7 := binary.LittleEndian.Uint32(key[12:16])
	x8 := binary.LittleEndian.Uint32(key[16:20])
	x9 := binary.LittleEndian.Uint32(key[20:24])
	x10 := binary.LittleEndian.Uint32(key[24:28])
	x11 := binary.LittleEndian.Uint32(key[28:32])
	x12 := binary.LittleEndian.Uint32(nonce[0:4])
	x13 := binary.LittleEndian.Uint32(nonce[4:8])
	x14 := binary.LittleEndian.Uint32(nonce[8:12])
	x15 := binary.LittleEndian.Uint32(nonce[12:16])

	for range 10 {
		x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
		x1, x5, x9, x13 = quarterRound(x1, x5, x9, x13)
		x2, x6, x10, x14 = quarterRound(x2, x6, x10, x14)
		x3, x7, x11, x15 = quarterRound(x3, x7, x11, x15)

		x0, x5, x10, x15 = quarterRound(x0, x5, x10, x15)
		x1, x6, x11, x12 = quarterRound(x1, x6, x11, x12)
		x2, x7, x8, x13 = quarterRound(x2, x7, x8, x13)
		x3, x4, x9, x14 = quarterRound(x3, x4, x9, x14)
	}

	binary.LittleEndian.PutUint32(out[0:4], x0)
	binary.LittleEndian.PutUint32(out[4:8], x1)
	binary.LittleEndian.PutUint32(out[8:12], x2)
	binary.LittleEndian.PutUint32(out[12:16], x3)
	binary.LittleEndian.PutUint32(out[16:20], x12)
	binary.LittleEndian.PutUint32(out[20:24], x13)
	binary.LittleEndian.PutUint32(out[24:28], x14)
	binary.LittleEndian.PutUint32(out[28:32], x15)
}
