package sha256

import (
	"encoding/binary"
	"math/bits"
)

// _K holds the round constants of SHA-224 and SHA-256 (FIPS 180-4, section
// 4.2.2): the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes.
var _K = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// blockGeneric hashes every whole 64-byte block of p into dig.h (FIPS 180-4,
// section 6.2.2). It is the portable implementation, and the reference that
// every accelerated implementation is tested against.
//
// The functions of the standard are written out in forms that need fewer
// instructions on two-operand machines such as amd64:
//
//	Σ0(a) = ROTR²(a) ⊕ ROTR¹³(a) ⊕ ROTR²²(a) = ROTR²(a ⊕ ROTR¹¹(a ⊕ ROTR⁹(a)))
//	Σ1(e) = ROTR⁶(e) ⊕ ROTR¹¹(e) ⊕ ROTR²⁵(e) = ROTR⁶(e ⊕ ROTR⁵(e ⊕ ROTR¹⁴(e)))
//	σ0(x) = ROTR⁷(x) ⊕ ROTR¹⁸(x) ⊕ SHR³(x) = ROTR⁷(x ⊕ ROTR¹¹(x)) ⊕ SHR³(x)
//	σ1(x) = ROTR¹⁷(x) ⊕ ROTR¹⁹(x) ⊕ SHR¹⁰(x) = ROTR¹⁷(x ⊕ ROTR²(x)) ⊕ SHR¹⁰(x)
//	Ch(e, f, g) = ((f ⊕ g) ∧ e) ⊕ g
//	Maj(a, b, c) = ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b
//
// where a ⊕ b of one round is b ⊕ c of the next, so Maj takes three operations.
//
// The schedule is a window of 16 words, W[t] overwriting W[t-16] in place.
// Sixteen rounds are written out, so every index is a constant, and the
// working variables are renamed from round to round instead of being shifted.
// The expressions are spelled out rather than left to small helper functions:
// the compiler orders the instructions of inlined helpers worse for this code,
// which then runs about 8% slower (Go 1.26, amd64).
//
// Nothing here branches on or indexes memory with the data being hashed.
func blockGeneric(dig *digest, p []byte) {
	var w [16]uint32
	h0, h1, h2, h3, h4, h5, h6, h7 := dig.h[0], dig.h[1], dig.h[2], dig.h[3], dig.h[4], dig.h[5], dig.h[6], dig.h[7]
	for len(p) >= BlockSize {
		q := p[:BlockSize:BlockSize]
		w[0] = binary.BigEndian.Uint32(q[0:])
		w[1] = binary.BigEndian.Uint32(q[4:])
		w[2] = binary.BigEndian.Uint32(q[8:])
		w[3] = binary.BigEndian.Uint32(q[12:])
		w[4] = binary.BigEndian.Uint32(q[16:])
		w[5] = binary.BigEndian.Uint32(q[20:])
		w[6] = binary.BigEndian.Uint32(q[24:])
		w[7] = binary.BigEndian.Uint32(q[28:])
		w[8] = binary.BigEndian.Uint32(q[32:])
		w[9] = binary.BigEndian.Uint32(q[36:])
		w[10] = binary.BigEndian.Uint32(q[40:])
		w[11] = binary.BigEndian.Uint32(q[44:])
		w[12] = binary.BigEndian.Uint32(q[48:])
		w[13] = binary.BigEndian.Uint32(q[52:])
		w[14] = binary.BigEndian.Uint32(q[56:])
		w[15] = binary.BigEndian.Uint32(q[60:])

		a, b, c, d, e, f, g, h := h0, h1, h2, h3, h4, h5, h6, h7
		bc := b ^ c
		for i := 0; i < 64; i += 16 {
			k := _K[i : i+16 : i+16]
			if i > 0 {
				// W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
				w[0] += (bits.RotateLeft32(w[1]^bits.RotateLeft32(w[1], -11), -7) ^ w[1]>>3) + w[9] + (bits.RotateLeft32(w[14]^bits.RotateLeft32(w[14], -2), -17) ^ w[14]>>10)
				w[1] += (bits.RotateLeft32(w[2]^bits.RotateLeft32(w[2], -11), -7) ^ w[2]>>3) + w[10] + (bits.RotateLeft32(w[15]^bits.RotateLeft32(w[15], -2), -17) ^ w[15]>>10)
				w[2] += (bits.RotateLeft32(w[3]^bits.RotateLeft32(w[3], -11), -7) ^ w[3]>>3) + w[11] + (bits.RotateLeft32(w[0]^bits.RotateLeft32(w[0], -2), -17) ^ w[0]>>10)
				w[3] += (bits.RotateLeft32(w[4]^bits.RotateLeft32(w[4], -11), -7) ^ w[4]>>3) + w[12] + (bits.RotateLeft32(w[1]^bits.RotateLeft32(w[1], -2), -17) ^ w[1]>>10)
				w[4] += (bits.RotateLeft32(w[5]^bits.RotateLeft32(w[5], -11), -7) ^ w[5]>>3) + w[13] + (bits.RotateLeft32(w[2]^bits.RotateLeft32(w[2], -2), -17) ^ w[2]>>10)
				w[5] += (bits.RotateLeft32(w[6]^bits.RotateLeft32(w[6], -11), -7) ^ w[6]>>3) + w[14] + (bits.RotateLeft32(w[3]^bits.RotateLeft32(w[3], -2), -17) ^ w[3]>>10)
				w[6] += (bits.RotateLeft32(w[7]^bits.RotateLeft32(w[7], -11), -7) ^ w[7]>>3) + w[15] + (bits.RotateLeft32(w[4]^bits.RotateLeft32(w[4], -2), -17) ^ w[4]>>10)
				w[7] += (bits.RotateLeft32(w[8]^bits.RotateLeft32(w[8], -11), -7) ^ w[8]>>3) + w[0] + (bits.RotateLeft32(w[5]^bits.RotateLeft32(w[5], -2), -17) ^ w[5]>>10)
				w[8] += (bits.RotateLeft32(w[9]^bits.RotateLeft32(w[9], -11), -7) ^ w[9]>>3) + w[1] + (bits.RotateLeft32(w[6]^bits.RotateLeft32(w[6], -2), -17) ^ w[6]>>10)
				w[9] += (bits.RotateLeft32(w[10]^bits.RotateLeft32(w[10], -11), -7) ^ w[10]>>3) + w[2] + (bits.RotateLeft32(w[7]^bits.RotateLeft32(w[7], -2), -17) ^ w[7]>>10)
				w[10] += (bits.RotateLeft32(w[11]^bits.RotateLeft32(w[11], -11), -7) ^ w[11]>>3) + w[3] + (bits.RotateLeft32(w[8]^bits.RotateLeft32(w[8], -2), -17) ^ w[8]>>10)
				w[11] += (bits.RotateLeft32(w[12]^bits.RotateLeft32(w[12], -11), -7) ^ w[12]>>3) + w[4] + (bits.RotateLeft32(w[9]^bits.RotateLeft32(w[9], -2), -17) ^ w[9]>>10)
				w[12] += (bits.RotateLeft32(w[13]^bits.RotateLeft32(w[13], -11), -7) ^ w[13]>>3) + w[5] + (bits.RotateLeft32(w[10]^bits.RotateLeft32(w[10], -2), -17) ^ w[10]>>10)
				w[13] += (bits.RotateLeft32(w[14]^bits.RotateLeft32(w[14], -11), -7) ^ w[14]>>3) + w[6] + (bits.RotateLeft32(w[11]^bits.RotateLeft32(w[11], -2), -17) ^ w[11]>>10)
				w[14] += (bits.RotateLeft32(w[15]^bits.RotateLeft32(w[15], -11), -7) ^ w[15]>>3) + w[7] + (bits.RotateLeft32(w[12]^bits.RotateLeft32(w[12], -2), -17) ^ w[12]>>10)
				w[15] += (bits.RotateLeft32(w[0]^bits.RotateLeft32(w[0], -11), -7) ^ w[0]>>3) + w[8] + (bits.RotateLeft32(w[13]^bits.RotateLeft32(w[13], -2), -17) ^ w[13]>>10)
			}

			// Round i+0.
			t1 := h + k[0] + w[0] + (((f ^ g) & e) ^ g) + bits.RotateLeft32(e^bits.RotateLeft32(e^bits.RotateLeft32(e, -14), -5), -6)
			ab := a ^ b
			t2 := bits.RotateLeft32(a^bits.RotateLeft32(a^bits.RotateLeft32(a, -9), -11), -2) + ((ab & bc) ^ b)
			bc = ab
			d += t1
			h = t1 + t2
			// Round i+1.
			t1 = g + k[1] + w[1] + (((e ^ f) & d) ^ f) + bits.RotateLeft32(d^bits.RotateLeft32(d^bits.RotateLeft32(d, -14), -5), -6)
			ab = h ^ a
			t2 = bits.RotateLeft32(h^bits.RotateLeft32(h^bits.RotateLeft32(h, -9), -11), -2) + ((ab & bc) ^ a)
			bc = ab
			c += t1
			g = t1 + t2
			// Round i+2.
			t1 = f + k[2] + w[2] + (((d ^ e) & c) ^ e) + bits.RotateLeft32(c^bits.RotateLeft32(c^bits.RotateLeft32(c, -14), -5), -6)
			ab = g ^ h
			t2 = bits.RotateLeft32(g^bits.RotateLeft32(g^bits.RotateLeft32(g, -9), -11), -2) + ((ab & bc) ^ h)
			bc = ab
			b += t1
			f = t1 + t2
			// Round i+3.
			t1 = e + k[3] + w[3] + (((c ^ d) & b) ^ d) + bits.RotateLeft32(b^bits.RotateLeft32(b^bits.RotateLeft32(b, -14), -5), -6)
			ab = f ^ g
			t2 = bits.RotateLeft32(f^bits.RotateLeft32(f^bits.RotateLeft32(f, -9), -11), -2) + ((ab & bc) ^ g)
			bc = ab
			a += t1
			e = t1 + t2
			// Round i+4.
			t1 = d + k[4] + w[4] + (((b ^ c) & a) ^ c) + bits.RotateLeft32(a^bits.RotateLeft32(a^bits.RotateLeft32(a, -14), -5), -6)
			ab = e ^ f
			t2 = bits.RotateLeft32(e^bits.RotateLeft32(e^bits.RotateLeft32(e, -9), -11), -2) + ((ab & bc) ^ f)
			bc = ab
			h += t1
			d = t1 + t2
			// Round i+5.
			t1 = c + k[5] + w[5] + (((a ^ b) & h) ^ b) + bits.RotateLeft32(h^bits.RotateLeft32(h^bits.RotateLeft32(h, -14), -5), -6)
			ab = d ^ e
			t2 = bits.RotateLeft32(d^bits.RotateLeft32(d^bits.RotateLeft32(d, -9), -11), -2) + ((ab & bc) ^ e)
			bc = ab
			g += t1
			c = t1 + t2
			// Round i+6.
			t1 = b + k[6] + w[6] + (((h ^ a) & g) ^ a) + bits.RotateLeft32(g^bits.RotateLeft32(g^bits.RotateLeft32(g, -14), -5), -6)
			ab = c ^ d
			t2 = bits.RotateLeft32(c^bits.RotateLeft32(c^bits.RotateLeft32(c, -9), -11), -2) + ((ab & bc) ^ d)
			bc = ab
			f += t1
			b = t1 + t2
			// Round i+7.
			t1 = a + k[7] + w[7] + (((g ^ h) & f) ^ h) + bits.RotateLeft32(f^bits.RotateLeft32(f^bits.RotateLeft32(f, -14), -5), -6)
			ab = b ^ c
			t2 = bits.RotateLeft32(b^bits.RotateLeft32(b^bits.RotateLeft32(b, -9), -11), -2) + ((ab & bc) ^ c)
			bc = ab
			e += t1
			a = t1 + t2
			// Round i+8.
			t1 = h + k[8] + w[8] + (((f ^ g) & e) ^ g) + bits.RotateLeft32(e^bits.RotateLeft32(e^bits.RotateLeft32(e, -14), -5), -6)
			ab = a ^ b
			t2 = bits.RotateLeft32(a^bits.RotateLeft32(a^bits.RotateLeft32(a, -9), -11), -2) + ((ab & bc) ^ b)
			bc = ab
			d += t1
			h = t1 + t2
			// Round i+9.
			t1 = g + k[9] + w[9] + (((e ^ f) & d) ^ f) + bits.RotateLeft32(d^bits.RotateLeft32(d^bits.RotateLeft32(d, -14), -5), -6)
			ab = h ^ a
			t2 = bits.RotateLeft32(h^bits.RotateLeft32(h^bits.RotateLeft32(h, -9), -11), -2) + ((ab & bc) ^ a)
			bc = ab
			c += t1
			g = t1 + t2
			// Round i+10.
			t1 = f + k[10] + w[10] + (((d ^ e) & c) ^ e) + bits.RotateLeft32(c^bits.RotateLeft32(c^bits.RotateLeft32(c, -14), -5), -6)
			ab = g ^ h
			t2 = bits.RotateLeft32(g^bits.RotateLeft32(g^bits.RotateLeft32(g, -9), -11), -2) + ((ab & bc) ^ h)
			bc = ab
			b += t1
			f = t1 + t2
			// Round i+11.
			t1 = e + k[11] + w[11] + (((c ^ d) & b) ^ d) + bits.RotateLeft32(b^bits.RotateLeft32(b^bits.RotateLeft32(b, -14), -5), -6)
			ab = f ^ g
			t2 = bits.RotateLeft32(f^bits.RotateLeft32(f^bits.RotateLeft32(f, -9), -11), -2) + ((ab & bc) ^ g)
			bc = ab
			a += t1
			e = t1 + t2
			// Round i+12.
			t1 = d + k[12] + w[12] + (((b ^ c) & a) ^ c) + bits.RotateLeft32(a^bits.RotateLeft32(a^bits.RotateLeft32(a, -14), -5), -6)
			ab = e ^ f
			t2 = bits.RotateLeft32(e^bits.RotateLeft32(e^bits.RotateLeft32(e, -9), -11), -2) + ((ab & bc) ^ f)
			bc = ab
			h += t1
			d = t1 + t2
			// Round i+13.
			t1 = c + k[13] + w[13] + (((a ^ b) & h) ^ b) + bits.RotateLeft32(h^bits.RotateLeft32(h^bits.RotateLeft32(h, -14), -5), -6)
			ab = d ^ e
			t2 = bits.RotateLeft32(d^bits.RotateLeft32(d^bits.RotateLeft32(d, -9), -11), -2) + ((ab & bc) ^ e)
			bc = ab
			g += t1
			c = t1 + t2
			// Round i+14.
			t1 = b + k[14] + w[14] + (((h ^ a) & g) ^ a) + bits.RotateLeft32(g^bits.RotateLeft32(g^bits.RotateLeft32(g, -14), -5), -6)
			ab = c ^ d
			t2 = bits.RotateLeft32(c^bits.RotateLeft32(c^bits.RotateLeft32(c, -9), -11), -2) + ((ab & bc) ^ d)
			bc = ab
			f += t1
			b = t1 + t2
			// Round i+15.
			t1 = a + k[15] + w[15] + (((g ^ h) & f) ^ h) + bits.RotateLeft32(f^bits.RotateLeft32(f^bits.RotateLeft32(f, -14), -5), -6)
			ab = b ^ c
			t2 = bits.RotateLeft32(b^bits.RotateLeft32(b^bits.RotateLeft32(b, -9), -11), -2) + ((ab & bc) ^ c)
			bc = ab
			e += t1
			a = t1 + t2
		}

		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 += e
		h5 += f
		h6 += g
		h7 += h
		p = p[BlockSize:]
	}
	dig.h[0], dig.h[1], dig.h[2], dig.h[3], dig.h[4], dig.h[5], dig.h[6], dig.h[7] = h0, h1, h2, h3, h4, h5, h6, h7
}
