package salsa

import (
	"encoding/binary"
	"math/bits"
)

// quarterRound is the quarterround function of the Salsa20 specification
// (Section 3): each of b, c, d and a in turn is XORed with the sum of the
// two words before it, rotated left by 7, 9, 13 and 18 bits.
func quarterRound(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	b ^= bits.RotateLeft32(a+d, 7)
	c ^= bits.RotateLeft32(b+a, 9)
	d ^= bits.RotateLeft32(c+b, 13)
	a ^= bits.RotateLeft32(d+c, 18)
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
// nonce and 64-bit counter in state; state[8] (low half) and state[9] (high
// half) number the first block, and blocksGeneric adds one to the counter
// for each block, modulo 2⁶⁴.
//
// len(src) must be a multiple of 64 and dst at least as long; dst and src
// may be the same buffer, but must not overlap otherwise.
//
// It is the portable Go code that every other implementation of blocks is
// tested against: the Salsa20 hash function of the specification (Section
// 8), ten double rounds, a column round then a row round, on the 4×4
// state, then the input added back in, word by word.
func blocksGeneric(state *[16]uint32, dst, src []byte) {
	s0, s1, s2, s3 := state[0], state[1], state[2], state[3]
	s4, s5, s6, s7 := state[4], state[5], state[6], state[7]
	s10, s11 := state[10], state[11]
	s12, s13, s14, s15 := state[12], state[13], state[14], state[15]
	counter := uint64(state[8]) | uint64(state[9])<<32

	// The quarter rounds of the first column round on columns 2 and 3 do
	// not involve the counter (words 8 and 9, in columns 0 and 1): they
	// are the same for every block, so compute them once.
	p10, p14, p2, p6 := quarterRound(s10, s14, s2, s6)
	p15, p3, p7, p11 := quarterRound(s15, s3, s7, s11)

	for len(src) >= BlockSize {
		// Converting to array pointers checks the lengths once, so that
		// the accesses below need no bounds checks.
		in := (*[BlockSize]byte)(src)
		out := (*[BlockSize]byte)(dst)
		s8, s9 := uint32(counter), uint32(counter>>32)

		// The rest of the first column round, then the first row round.
		x0, x4, x8, x12 := quarterRound(s0, s4, s8, s12)
		x5, x9, x13, x1 := quarterRound(s5, s9, s13, s1)
		x0, x1, x2, x3 := quarterRound(x0, x1, p2, p3)
		x5, x6, x7, x4 := quarterRound(x5, p6, p7, x4)
		x10, x11, x8, x9 := quarterRound(p10, p11, x8, x9)
		x15, x12, x13, x14 := quarterRound(p15, x12, x13, p14)

		// The other nine double rounds.
		for range 9 {
			x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
			x5, x9, x13, x1 = quarterRound(x5, x9, x13, x1)
			x10, x14, x2, x6 = quarterRound(x10, x14, x2, x6)
			x15, x3, x7, x11 = quarterRound(x15, x3, x7, x11)

			x0, x1, x2, x3 = quarterRound(x0, x1, x2, x3)
			x5, x6, x7, x4 = quarterRound(x5, x6, x7, x4)
			x10, x11, x8, x9 = quarterRound(x10, x11, x8, x9)
			x15, x12, x13, x14 = quarterRound(x15, x12, x13, x14)
		}

		xorWords(out[0:8], in[0:8], x0+s0, x1+s1)
		xorWords(out[8:16], in[8:16], x2+s2, x3+s3)
		xorWords(out[16:24], in[16:24], x4+s4, x5+s5)
		xorWords(out[24:32], in[24:32], x6+s6, x7+s7)
		xorWords(out[32:40], in[32:40], x8+s8, x9+s9)
		xorWords(out[40:48], in[40:48], x10+s10, x11+s11)
		xorWords(out[48:56], in[48:56], x12+s12, x13+s13)
		xorWords(out[56:64], in[56:64], x14+s14, x15+s15)

		counter++
		src, dst = src[BlockSize:], dst[BlockSize:]
	}
	state[8], state[9] = uint32(counter), uint32(counter>>32)
}

// HSalsa20 sets out to HSalsa20 of the 16-byte input in under the 32-byte
// key ("Extending the Salsa20 nonce", Section 2): the Salsa20 state with
// the key, the constant "expand 32-byte k" and in in words 6 to 9 goes
// through the 20 rounds, and words 0, 5, 10, 15, 6, 7, 8 and 9 of the
// result, without the input added back, are the output. out may be key.
func HSalsa20(out *[32]byte, in *[16]byte, key *[32]byte) {
	x0, x5, x10, x15 := sigma0, sigma1, sigma2, sigma3
	x1 := binary.LittleEndian.Uint32(key[0:4])
	x2 := binary.LittleEndian.Uint32(key[4:8])
	x3 := binary.LittleEndian.Uint32(key[8:12])
	x4 := binary.LittleEndian.Uint32(key[12:16])
	x11 := binary.LittleEndian.Uint32(key[16:20])
	x12 := binary.LittleEndian.Uint32(key[20:24])
	x13 := binary.LittleEndian.Uint32(key[24:28])
	x14 := binary.LittleEndian.Uint32(key[28:32])
	x6 := binary.LittleEndian.Uint32(in[0:4])
	x7 := binary.LittleEndian.Uint32(in[4:8])
	x8 := binary.LittleEndian.Uint32(in[8:12])
	x9 := binary.LittleEndian.Uint32(in[12:16])

	for range 10 {
		x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
		x5, x9, x13, x1 = quarterRound(x5, x9, x13, x1)
		x10, x14, x2, x6 = quarterRound(x10, x14, x2, x6)
		x15, x3, x7, x11 = quarterRound(x15, x3, x7, x11)

		x0, x1, x2, x3 = quarterRound(x0, x1, x2, x3)
		x5, x6, x7, x4 = quarterRound(x5, x6, x7, x4)
		x10, x11, x8, x9 = quarterRound(x10, x11, x8, x9)
		x15, x12, x13, x14 = quarterRound(x15, x12, x13, x14)
	}

	binary.LittleEndian.PutUint32(out[0:4], x0)
	binary.LittleEndian.PutUint32(out[4:8], x5)
	binary.LittleEndian.PutUint32(out[8:12], x10)
	binary.LittleEndian.PutUint32(out[12:16], x15)
	binary.LittleEndian.PutUint32(out[16:20], x6)
	binary.LittleEndian.PutUint32(out[20:24], x7)
	binary.LittleEndian.PutUint32(out[24:28], x8)
	binary.LittleEndian.PutUint32(out[28:32], x9)
}
