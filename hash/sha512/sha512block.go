package sha512

import (
	"encoding/binary"
	"math/bits"
)

// _K holds the 80 round constants of SHA-384 and SHA-512 (FIPS 180-4, section
// 4.2.3): the first 64 bits of the fractional parts of the cube roots of the
// first 80 primes.
var _K = [80]uint64{
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
}

// blockGeneric compresses every whole 128-byte block of p into the chaining
// value of dig (FIPS 180-4, section 6.4.2) and ignores a trailing partial
// block. It is the portable implementation, and the reference that every
// other one is tested against.
//
// Its running time depends only on len(p): there are no branches and no
// memory indexes that depend on the data.
//
// # How it is written
//
// The message schedule lives in w, a window of the last 16 words: word t is
// at index t%16, and computing W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) +
// W[t-16] overwrites W[t-16] in place. Sixteen rounds later the working
// variables, which are renamed rather than shifted (each round only writes
// the new e into the variable that held d and the new a into the one that
// held h), are back under their own names. So the loop body is sixteen
// rounds with every index a constant: no bounds checks, no moves between
// variables. The first pass uses the message words as loaded; the other four
// extend the schedule first (the branch is on the public round counter).
//
// In each round, with the standard notation,
//
//	T1 = h + K[t] + W[t] + Σ1(e) + Ch(e, f, g)
//	T2 = Σ0(a) + Maj(a, b, c)
//
// Ch is computed as g ^ (e & (f ^ g)), and Maj as b ^ ((a ^ b) & (b ^ c)),
// where b ^ c is the a ^ b of the previous round (variable bc), so each takes
// three operations.
//
// The rounds are written out rather than calls to small inlined helpers
// (Σ0, Σ1, ...): the compiler orders the instructions of a basic block partly
// by source position, and the positions of inlined code pull the helpers'
// work of several rounds ahead, which raises register pressure and costs
// about 15% on amd64.
func blockGeneric(dig *digest, p []byte) {
	h0, h1, h2, h3, h4, h5, h6, h7 := dig.h[0], dig.h[1], dig.h[2], dig.h[3], dig.h[4], dig.h[5], dig.h[6], dig.h[7]
	var w [16]uint64
	for len(p) >= BlockSize {
		m := (*[BlockSize]byte)(p)
		p = p[BlockSize:]
		w[0] = binary.BigEndian.Uint64(m[0:])
		w[1] = binary.BigEndian.Uint64(m[8:])
		w[2] = binary.BigEndian.Uint64(m[16:])
		w[3] = binary.BigEndian.Uint64(m[24:])
		w[4] = binary.BigEndian.Uint64(m[32:])
		w[5] = binary.BigEndian.Uint64(m[40:])
		w[6] = binary.BigEndian.Uint64(m[48:])
		w[7] = binary.BigEndian.Uint64(m[56:])
		w[8] = binary.BigEndian.Uint64(m[64:])
		w[9] = binary.BigEndian.Uint64(m[72:])
		w[10] = binary.BigEndian.Uint64(m[80:])
		w[11] = binary.BigEndian.Uint64(m[88:])
		w[12] = binary.BigEndian.Uint64(m[96:])
		w[13] = binary.BigEndian.Uint64(m[104:])
		w[14] = binary.BigEndian.Uint64(m[112:])
		w[15] = binary.BigEndian.Uint64(m[120:])

		a, b, c, d, e, f, g, h := h0, h1, h2, h3, h4, h5, h6, h7
		bc := b ^ c
		var t1, ab uint64
		for i := 0; i < 80; i += 16 {
			k := (*[16]uint64)(_K[i:])
			if i > 0 {
				// Rounds i to i+15 for i = 16, 32, 48, 64: extend the
				// schedule by one word, then do the round.
				w[0] += (bits.RotateLeft64(w[14], -19) ^ bits.RotateLeft64(w[14], -61) ^ w[14]>>6) + w[9] + (bits.RotateLeft64(w[1], -1) ^ bits.RotateLeft64(w[1], -8) ^ w[1]>>7)
				t1 = h + k[0] + w[0] + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) + (g ^ e&(f^g))
				ab = a ^ b
				d += t1
				h = t1 + (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) + (b ^ ab&bc)
				bc = ab

				w[1] += (bits.RotateLeft64(w[15], -19) ^ bits.RotateLeft64(w[15], -61) ^ w[15]>>6) + w[10] + (bits.RotateLeft64(w[2], -1) ^ bits.RotateLeft64(w[2], -8) ^ w[2]>>7)
				t1 = g + k[1] + w[1] + (bits.RotateLeft64(d, -14) ^ bits.RotateLeft64(d, -18) ^ bits.RotateLeft64(d, -41)) + (f ^ d&(e^f))
				ab = h ^ a
				c += t1
				g = t1 + (bits.RotateLeft64(h, -28) ^ bits.RotateLeft64(h, -34) ^ bits.RotateLeft64(h, -39)) + (a ^ ab&bc)
				bc = ab

				w[2] += (bits.RotateLeft64(w[0], -19) ^ bits.RotateLeft64(w[0], -61) ^ w[0]>>6) + w[11] + (bits.RotateLeft64(w[3], -1) ^ bits.RotateLeft64(w[3], -8) ^ w[3]>>7)
				t1 = f + k[2] + w[2] + (bits.RotateLeft64(c, -14) ^ bits.RotateLeft64(c, -18) ^ bits.RotateLeft64(c, -41)) + (e ^ c&(d^e))
				ab = g ^ h
				b += t1
				f = t1 + (bits.RotateLeft64(g, -28) ^ bits.RotateLeft64(g, -34) ^ bits.RotateLeft64(g, -39)) + (h ^ ab&bc)
				bc = ab

				w[3] += (bits.RotateLeft64(w[1], -19) ^ bits.RotateLeft64(w[1], -61) ^ w[1]>>6) + w[12] + (bits.RotateLeft64(w[4], -1) ^ bits.RotateLeft64(w[4], -8) ^ w[4]>>7)
				t1 = e + k[3] + w[3] + (bits.RotateLeft64(b, -14) ^ bits.RotateLeft64(b, -18) ^ bits.RotateLeft64(b, -41)) + (d ^ b&(c^d))
				ab = f ^ g
				a += t1
				e = t1 + (bits.RotateLeft64(f, -28) ^ bits.RotateLeft64(f, -34) ^ bits.RotateLeft64(f, -39)) + (g ^ ab&bc)
				bc = ab

				w[4] += (bits.RotateLeft64(w[2], -19) ^ bits.RotateLeft64(w[2], -61) ^ w[2]>>6) + w[13] + (bits.RotateLeft64(w[5], -1) ^ bits.RotateLeft64(w[5], -8) ^ w[5]>>7)
				t1 = d + k[4] + w[4] + (bits.RotateLeft64(a, -14) ^ bits.RotateLeft64(a, -18) ^ bits.RotateLeft64(a, -41)) + (c ^ a&(b^c))
				ab = e ^ f
				h += t1
				d = t1 + (bits.RotateLeft64(e, -28) ^ bits.RotateLeft64(e, -34) ^ bits.RotateLeft64(e, -39)) + (f ^ ab&bc)
				bc = ab

				w[5] += (bits.RotateLeft64(w[3], -19) ^ bits.RotateLeft64(w[3], -61) ^ w[3]>>6) + w[14] + (bits.RotateLeft64(w[6], -1) ^ bits.RotateLeft64(w[6], -8) ^ w[6]>>7)
				t1 = c + k[5] + w[5] + (bits.RotateLeft64(h, -14) ^ bits.RotateLeft64(h, -18) ^ bits.RotateLeft64(h, -41)) + (b ^ h&(a^b))
				ab = d ^ e
				g += t1
				c = t1 + (bits.RotateLeft64(d, -28) ^ bits.RotateLeft64(d, -34) ^ bits.RotateLeft64(d, -39)) + (e ^ ab&bc)
				bc = ab

				w[6] += (bits.RotateLeft64(w[4], -19) ^ bits.RotateLeft64(w[4], -61) ^ w[4]>>6) + w[15] + (bits.RotateLeft64(w[7], -1) ^ bits.RotateLeft64(w[7], -8) ^ w[7]>>7)
				t1 = b + k[6] + w[6] + (bits.RotateLeft64(g, -14) ^ bits.RotateLeft64(g, -18) ^ bits.RotateLeft64(g, -41)) + (a ^ g&(h^a))
				ab = c ^ d
				f += t1
				b = t1 + (bits.RotateLeft64(c, -28) ^ bits.RotateLeft64(c, -34) ^ bits.RotateLeft64(c, -39)) + (d ^ ab&bc)
				bc = ab

				w[7] += (bits.RotateLeft64(w[5], -19) ^ bits.RotateLeft64(w[5], -61) ^ w[5]>>6) + w[0] + (bits.RotateLeft64(w[8], -1) ^ bits.RotateLeft64(w[8], -8) ^ w[8]>>7)
				t1 = a + k[7] + w[7] + (bits.RotateLeft64(f, -14) ^ bits.RotateLeft64(f, -18) ^ bits.RotateLeft64(f, -41)) + (h ^ f&(g^h))
				ab = b ^ c
				e += t1
				a = t1 + (bits.RotateLeft64(b, -28) ^ bits.RotateLeft64(b, -34) ^ bits.RotateLeft64(b, -39)) + (c ^ ab&bc)
				bc = ab

				w[8] += (bits.RotateLeft64(w[6], -19) ^ bits.RotateLeft64(w[6], -61) ^ w[6]>>6) + w[1] + (bits.RotateLeft64(w[9], -1) ^ bits.RotateLeft64(w[9], -8) ^ w[9]>>7)
				t1 = h + k[8] + w[8] + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) + (g ^ e&(f^g))
				ab = a ^ b
				d += t1
				h = t1 + (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) + (b ^ ab&bc)
				bc = ab

				w[9] += (bits.RotateLeft64(w[7], -19) ^ bits.RotateLeft64(w[7], -61) ^ w[7]>>6) + w[2] + (bits.RotateLeft64(w[10], -1) ^ bits.RotateLeft64(w[10], -8) ^ w[10]>>7)
				t1 = g + k[9] + w[9] + (bits.RotateLeft64(d, -14) ^ bits.RotateLeft64(d, -18) ^ bits.RotateLeft64(d, -41)) + (f ^ d&(e^f))
				ab = h ^ a
				c += t1
				g = t1 + (bits.RotateLeft64(h, -28) ^ bits.RotateLeft64(h, -34) ^ bits.RotateLeft64(h, -39)) + (a ^ ab&bc)
				bc = ab

				w[10] += (bits.RotateLeft64(w[8], -19) ^ bits.RotateLeft64(w[8], -61) ^ w[8]>>6) + w[3] + (bits.RotateLeft64(w[11], -1) ^ bits.RotateLeft64(w[11], -8) ^ w[11]>>7)
				t1 = f + k[10] + w[10] + (bits.RotateLeft64(c, -14) ^ bits.RotateLeft64(c, -18) ^ bits.RotateLeft64(c, -41)) + (e ^ c&(d^e))
				ab = g ^ h
				b += t1
				f = t1 + (bits.RotateLeft64(g, -28) ^ bits.RotateLeft64(g, -34) ^ bits.RotateLeft64(g, -39)) + (h ^ ab&bc)
				bc = ab

				w[11] += (bits.RotateLeft64(w[9], -19) ^ bits.RotateLeft64(w[9], -61) ^ w[9]>>6) + w[4] + (bits.RotateLeft64(w[12], -1) ^ bits.RotateLeft64(w[12], -8) ^ w[12]>>7)
				t1 = e + k[11] + w[11] + (bits.RotateLeft64(b, -14) ^ bits.RotateLeft64(b, -18) ^ bits.RotateLeft64(b, -41)) + (d ^ b&(c^d))
				ab = f ^ g
				a += t1
				e = t1 + (bits.RotateLeft64(f, -28) ^ bits.RotateLeft64(f, -34) ^ bits.RotateLeft64(f, -39)) + (g ^ ab&bc)
				bc = ab

				w[12] += (bits.RotateLeft64(w[10], -19) ^ bits.RotateLeft64(w[10], -61) ^ w[10]>>6) + w[5] + (bits.RotateLeft64(w[13], -1) ^ bits.RotateLeft64(w[13], -8) ^ w[13]>>7)
				t1 = d + k[12] + w[12] + (bits.RotateLeft64(a, -14) ^ bits.RotateLeft64(a, -18) ^ bits.RotateLeft64(a, -41)) + (c ^ a&(b^c))
				ab = e ^ f
				h += t1
				d = t1 + (bits.RotateLeft64(e, -28) ^ bits.RotateLeft64(e, -34) ^ bits.RotateLeft64(e, -39)) + (f ^ ab&bc)
				bc = ab

				w[13] += (bits.RotateLeft64(w[11], -19) ^ bits.RotateLeft64(w[11], -61) ^ w[11]>>6) + w[6] + (bits.RotateLeft64(w[14], -1) ^ bits.RotateLeft64(w[14], -8) ^ w[14]>>7)
				t1 = c + k[13] + w[13] + (bits.RotateLeft64(h, -14) ^ bits.RotateLeft64(h, -18) ^ bits.RotateLeft64(h, -41)) + (b ^ h&(a^b))
				ab = d ^ e
				g += t1
				c = t1 + (bits.RotateLeft64(d, -28) ^ bits.RotateLeft64(d, -34) ^ bits.RotateLeft64(d, -39)) + (e ^ ab&bc)
				bc = ab

				w[14] += (bits.RotateLeft64(w[12], -19) ^ bits.RotateLeft64(w[12], -61) ^ w[12]>>6) + w[7] + (bits.RotateLeft64(w[15], -1) ^ bits.RotateLeft64(w[15], -8) ^ w[15]>>7)
				t1 = b + k[14] + w[14] + (bits.RotateLeft64(g, -14) ^ bits.RotateLeft64(g, -18) ^ bits.RotateLeft64(g, -41)) + (a ^ g&(h^a))
				ab = c ^ d
				f += t1
				b = t1 + (bits.RotateLeft64(c, -28) ^ bits.RotateLeft64(c, -34) ^ bits.RotateLeft64(c, -39)) + (d ^ ab&bc)
				bc = ab

				w[15] += (bits.RotateLeft64(w[13], -19) ^ bits.RotateLeft64(w[13], -61) ^ w[13]>>6) + w[8] + (bits.RotateLeft64(w[0], -1) ^ bits.RotateLeft64(w[0], -8) ^ w[0]>>7)
				t1 = a + k[15] + w[15] + (bits.RotateLeft64(f, -14) ^ bits.RotateLeft64(f, -18) ^ bits.RotateLeft64(f, -41)) + (h ^ f&(g^h))
				ab = b ^ c
				e += t1
				a = t1 + (bits.RotateLeft64(b, -28) ^ bits.RotateLeft64(b, -34) ^ bits.RotateLeft64(b, -39)) + (c ^ ab&bc)
				bc = ab

			} else {
				// Rounds 0 to 15, on the message words themselves.
				t1 = h + k[0] + w[0] + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) + (g ^ e&(f^g))
				ab = a ^ b
				d += t1
				h = t1 + (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) + (b ^ ab&bc)
				bc = ab

				t1 = g + k[1] + w[1] + (bits.RotateLeft64(d, -14) ^ bits.RotateLeft64(d, -18) ^ bits.RotateLeft64(d, -41)) + (f ^ d&(e^f))
				ab = h ^ a
				c += t1
				g = t1 + (bits.RotateLeft64(h, -28) ^ bits.RotateLeft64(h, -34) ^ bits.RotateLeft64(h, -39)) + (a ^ ab&bc)
				bc = ab

				t1 = f + k[2] + w[2] + (bits.RotateLeft64(c, -14) ^ bits.RotateLeft64(c, -18) ^ bits.RotateLeft64(c, -41)) + (e ^ c&(d^e))
				ab = g ^ h
				b += t1
				f = t1 + (bits.RotateLeft64(g, -28) ^ bits.RotateLeft64(g, -34) ^ bits.RotateLeft64(g, -39)) + (h ^ ab&bc)
				bc = ab

				t1 = e + k[3] + w[3] + (bits.RotateLeft64(b, -14) ^ bits.RotateLeft64(b, -18) ^ bits.RotateLeft64(b, -41)) + (d ^ b&(c^d))
				ab = f ^ g
				a += t1
				e = t1 + (bits.RotateLeft64(f, -28) ^ bits.RotateLeft64(f, -34) ^ bits.RotateLeft64(f, -39)) + (g ^ ab&bc)
				bc = ab

				t1 = d + k[4] + w[4] + (bits.RotateLeft64(a, -14) ^ bits.RotateLeft64(a, -18) ^ bits.RotateLeft64(a, -41)) + (c ^ a&(b^c))
				ab = e ^ f
				h += t1
				d = t1 + (bits.RotateLeft64(e, -28) ^ bits.RotateLeft64(e, -34) ^ bits.RotateLeft64(e, -39)) + (f ^ ab&bc)
				bc = ab

				t1 = c + k[5] + w[5] + (bits.RotateLeft64(h, -14) ^ bits.RotateLeft64(h, -18) ^ bits.RotateLeft64(h, -41)) + (b ^ h&(a^b))
				ab = d ^ e
				g += t1
				c = t1 + (bits.RotateLeft64(d, -28) ^ bits.RotateLeft64(d, -34) ^ bits.RotateLeft64(d, -39)) + (e ^ ab&bc)
				bc = ab

				t1 = b + k[6] + w[6] + (bits.RotateLeft64(g, -14) ^ bits.RotateLeft64(g, -18) ^ bits.RotateLeft64(g, -41)) + (a ^ g&(h^a))
				ab = c ^ d
				f += t1
				b = t1 + (bits.RotateLeft64(c, -28) ^ bits.RotateLeft64(c, -34) ^ bits.RotateLeft64(c, -39)) + (d ^ ab&bc)
				bc = ab

				t1 = a + k[7] + w[7] + (bits.RotateLeft64(f, -14) ^ bits.RotateLeft64(f, -18) ^ bits.RotateLeft64(f, -41)) + (h ^ f&(g^h))
				ab = b ^ c
				e += t1
				a = t1 + (bits.RotateLeft64(b, -28) ^ bits.RotateLeft64(b, -34) ^ bits.RotateLeft64(b, -39)) + (c ^ ab&bc)
				bc = ab

				t1 = h + k[8] + w[8] + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) + (g ^ e&(f^g))
				ab = a ^ b
				d += t1
				h = t1 + (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) + (b ^ ab&bc)
				bc = ab

				t1 = g + k[9] + w[9] + (bits.RotateLeft64(d, -14) ^ bits.RotateLeft64(d, -18) ^ bits.RotateLeft64(d, -41)) + (f ^ d&(e^f))
				ab = h ^ a
				c += t1
				g = t1 + (bits.RotateLeft64(h, -28) ^ bits.RotateLeft64(h, -34) ^ bits.RotateLeft64(h, -39)) + (a ^ ab&bc)
				bc = ab

				t1 = f + k[10] + w[10] + (bits.RotateLeft64(c, -14) ^ bits.RotateLeft64(c, -18) ^ bits.RotateLeft64(c, -41)) + (e ^ c&(d^e))
				ab = g ^ h
				b += t1
				f = t1 + (bits.RotateLeft64(g, -28) ^ bits.RotateLeft64(g, -34) ^ bits.RotateLeft64(g, -39)) + (h ^ ab&bc)
				bc = ab

				t1 = e + k[11] + w[11] + (bits.RotateLeft64(b, -14) ^ bits.RotateLeft64(b, -18) ^ bits.RotateLeft64(b, -41)) + (d ^ b&(c^d))
				ab = f ^ g
				a += t1
				e = t1 + (bits.RotateLeft64(f, -28) ^ bits.RotateLeft64(f, -34) ^ bits.RotateLeft64(f, -39)) + (g ^ ab&bc)
				bc = ab

				t1 = d + k[12] + w[12] + (bits.RotateLeft64(a, -14) ^ bits.RotateLeft64(a, -18) ^ bits.RotateLeft64(a, -41)) + (c ^ a&(b^c))
				ab = e ^ f
				h += t1
				d = t1 + (bits.RotateLeft64(e, -28) ^ bits.RotateLeft64(e, -34) ^ bits.RotateLeft64(e, -39)) + (f ^ ab&bc)
				bc = ab

				t1 = c + k[13] + w[13] + (bits.RotateLeft64(h, -14) ^ bits.RotateLeft64(h, -18) ^ bits.RotateLeft64(h, -41)) + (b ^ h&(a^b))
				ab = d ^ e
				g += t1
				c = t1 + (bits.RotateLeft64(d, -28) ^ bits.RotateLeft64(d, -34) ^ bits.RotateLeft64(d, -39)) + (e ^ ab&bc)
				bc = ab

				t1 = b + k[14] + w[14] + (bits.RotateLeft64(g, -14) ^ bits.RotateLeft64(g, -18) ^ bits.RotateLeft64(g, -41)) + (a ^ g&(h^a))
				ab = c ^ d
				f += t1
				b = t1 + (bits.RotateLeft64(c, -28) ^ bits.RotateLeft64(c, -34) ^ bits.RotateLeft64(c, -39)) + (d ^ ab&bc)
				bc = ab

				t1 = a + k[15] + w[15] + (bits.RotateLeft64(f, -14) ^ bits.RotateLeft64(f, -18) ^ bits.RotateLeft64(f, -41)) + (h ^ f&(g^h))
				ab = b ^ c
				e += t1
				a = t1 + (bits.RotateLeft64(b, -28) ^ bits.RotateLeft64(b, -34) ^ bits.RotateLeft64(b, -39)) + (c ^ ab&bc)
				bc = ab

			}
		}

		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 += e
		h5 += f
		h6 += g
		h7 += h
	}
	dig.h[0], dig.h[1], dig.h[2], dig.h[3], dig.h[4], dig.h[5], dig.h[6], dig.h[7] = h0, h1, h2, h3, h4, h5, h6, h7
}
