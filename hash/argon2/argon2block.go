package argon2

import "math/bits"

// blockWords is the number of 64-bit words in a block of Argon2's memory.
const blockWords = 128

// block is one 1 KiB block of Argon2's memory, as little-endian 64-bit words.
type block [blockWords]uint64

// gGeneric is the compression function G of RFC 9106, Section 3.5, in
// portable Go. With R = x ⊕ y, it computes G(x, y) = P_col(P_row(R)) ⊕ R,
// where P_row applies the permutation P to each of the eight rows of 16
// words of R and P_col then applies it to each of the eight columns, a
// column being the pairs of words 2j and 2j+1 of every row. If xor is false
// it stores G(x, y) in out; if it is true it XORs it into out, as every pass
// but the first does (Argon2 version 0x13). out may be the same block as x
// or y: the last step reads word i of x and y before it writes word i of
// out. gGeneric is the reference for every other implementation of G.
func gGeneric(out, x, y *block, xor bool) {
	var q block
	for i := range q {
		q[i] = x[i] ^ y[i]
	}
	for i := 0; i < 8; i++ {
		permuteRow((*[16]uint64)(q[16*i:]))
	}
	for j := 0; j < 8; j++ {
		permuteColumn((*[114]uint64)(q[2*j:]))
	}
	if xor {
		for i := range out {
			out[i] ^= q[i] ^ x[i] ^ y[i]
		}
	} else {
		for i := range out {
			out[i] = q[i] ^ x[i] ^ y[i]
		}
	}
}

// The permutation P of RFC 9106, Section 3.6, works on a 4×4 matrix of
// words v0..v15: it applies the function GB to the four columns, then to the
// four diagonals, as a BLAKE2b round does without the message words, each
// addition a + b of BLAKE2b's G becoming a + b + 2·lo(a)·lo(b), with lo(x)
// the low 32 bits of x (the "BlaMka" multiplication-hardened addition).
// permuteRow and permuteColumn differ only in where they find the words;
// their bodies are the same unrolled code.

// permuteRow applies P to a row of the block: v0..v15 are v[0..15].
func permuteRow(v *[16]uint64) {
	v0, v1, v2, v3 := v[0], v[1], v[2], v[3]
	v4, v5, v6, v7 := v[4], v[5], v[6], v[7]
	v8, v9, v10, v11 := v[8], v[9], v[10], v[11]
	v12, v13, v14, v15 := v[12], v[13], v[14], v[15]

	v0 += v4 + 2*uint64(uint32(v0))*uint64(uint32(v4))
	v12 = bits.RotateLeft64(v12^v0, -32)
	v8 += v12 + 2*uint64(uint32(v8))*uint64(uint32(v12))
	v4 = bits.RotateLeft64(v4^v8, -24)
	v0 += v4 + 2*uint64(uint32(v0))*uint64(uint32(v4))
	v12 = bits.RotateLeft64(v12^v0, -16)
	v8 += v12 + 2*uint64(uint32(v8))*uint64(uint32(v12))
	v4 = bits.RotateLeft64(v4^v8, -63)
	v1 += v5 + 2*uint64(uint32(v1))*uint64(uint32(v5))
	v13 = bits.RotateLeft64(v13^v1, -32)
	v9 += v13 + 2*uint64(uint32(v9))*uint64(uint32(v13))
	v5 = bits.RotateLeft64(v5^v9, -24)
	v1 += v5 + 2*uint64(uint32(v1))*uint64(uint32(v5))
	v13 = bits.RotateLeft64(v13^v1, -16)
	v9 += v13 + 2*uint64(uint32(v9))*uint64(uint32(v13))
	v5 = bits.RotateLeft64(v5^v9, -63)
	v2 += v6 + 2*uint64(uint32(v2))*uint64(uint32(v6))
	v14 = bits.RotateLeft64(v14^v2, -32)
	v10 += v14 + 2*uint64(uint32(v10))*uint64(uint32(v14))
	v6 = bits.RotateLeft64(v6^v10, -24)
	v2 += v6 + 2*uint64(uint32(v2))*uint64(uint32(v6))
	v14 = bits.RotateLeft64(v14^v2, -16)
	v10 += v14 + 2*uint64(uint32(v10))*uint64(uint32(v14))
	v6 = bits.RotateLeft64(v6^v10, -63)
	v3 += v7 + 2*uint64(uint32(v3))*uint64(uint32(v7))
	v15 = bits.RotateLeft64(v15^v3, -32)
	v11 += v15 + 2*uint64(uint32(v11))*uint64(uint32(v15))
	v7 = bits.RotateLeft64(v7^v11, -24)
	v3 += v7 + 2*uint64(uint32(v3))*uint64(uint32(v7))
	v15 = bits.RotateLeft64(v15^v3, -16)
	v11 += v15 + 2*uint64(uint32(v11))*uint64(uint32(v15))
	v7 = bits.RotateLeft64(v7^v11, -63)

	v0 += v5 + 2*uint64(uint32(v0))*uint64(uint32(v5))
	v15 = bits.RotateLeft64(v15^v0, -32)
	v10 += v15 + 2*uint64(uint32(v10))*uint64(uint32(v15))
	v5 = bits.RotateLeft64(v5^v10, -24)
	v0 += v5 + 2*uint64(uint32(v0))*uint64(uint32(v5))
	v15 = bits.RotateLeft64(v15^v0, -16)
	v10 += v15 + 2*uint64(uint32(v10))*uint64(uint32(v15))
	v5 = bits.RotateLeft64(v5^v10, -63)
	v1 += v6 + 2*uint64(uint32(v1))*uint64(uint32(v6))
	v12 = bits.RotateLeft64(v12^v1, -32)
	v11 += v12 + 2*uint64(uint32(v11))*uint64(uint32(v12))
	v6 = bits.RotateLeft64(v6^v11, -24)
	v1 += v6 + 2*uint64(uint32(v1))*uint64(uint32(v6))
	v12 = bits.RotateLeft64(v12^v1, -16)
	v11 += v12 + 2*uint64(uint32(v11))*uint64(uint32(v12))
	v6 = bits.RotateLeft64(v6^v11, -63)
	v2 += v7 + 2*uint64(uint32(v2))*uint64(uint32(v7))
	v13 = bits.RotateLeft64(v13^v2, -32)
	v8 += v13 + 2*uint64(uint32(v8))*uint64(uint32(v13))
	v7 = bits.RotateLeft64(v7^v8, -24)
	v2 += v7 + 2*uint64(uint32(v2))*uint64(uint32(v7))
	v13 = bits.RotateLeft64(v13^v2, -16)
	v8 += v13 + 2*uint64(uint32(v8))*uint64(uint32(v13))
	v7 = bits.RotateLeft64(v7^v8, -63)
	v3 += v4 + 2*uint64(uint32(v3))*uint64(uint32(v4))
	v14 = bits.RotateLeft64(v14^v3, -32)
	v9 += v14 + 2*uint64(uint32(v9))*uint64(uint32(v14))
	v4 = bits.RotateLeft64(v4^v9, -24)
	v3 += v4 + 2*uint64(uint32(v3))*uint64(uint32(v4))
	v14 = bits.RotateLeft64(v14^v3, -16)
	v9 += v14 + 2*uint64(uint32(v9))*uint64(uint32(v14))
	v4 = bits.RotateLeft64(v4^v9, -63)

	v[0], v[1], v[2], v[3] = v0, v1, v2, v3
	v[4], v[5], v[6], v[7] = v4, v5, v6, v7
	v[8], v[9], v[10], v[11] = v8, v9, v10, v11
	v[12], v[13], v[14], v[15] = v12, v13, v14, v15
}

// permuteColumn applies P to a column of the block, given from its first
// word: v0..v15 are the pairs of words v[16k], v[16k+1] for the rows k = 0
// to 7.
func permuteColumn(v *[114]uint64) {
	v0, v1, v2, v3 := v[0], v[1], v[16], v[17]
	v4, v5, v6, v7 := v[32], v[33], v[48], v[49]
	v8, v9, v10, v11 := v[64], v[65], v[80], v[81]
	v12, v13, v14, v15 := v[96], v[97], v[112], v[113]

	v0 += v4 + 2*uint64(uint32(v0))*uint64(uint32(v4))
	v12 = bits.RotateLeft64(v12^v0, -32)
	v8 += v12 + 2*uint64(uint32(v8))*uint64(uint32(v12))
	v4 = bits.RotateLeft64(v4^v8, -24)
	v0 += v4 + 2*uint64(uint32(v0))*uint64(uint32(v4))
	v12 = bits.RotateLeft64(v12^v0, -16)
	v8 += v12 + 2*uint64(uint32(v8))*uint64(uint32(v12))
	v4 = bits.RotateLeft64(v4^v8, -63)
	v1 += v5 + 2*uint64(uint32(v1))*uint64(uint32(v5))
	v13 = bits.RotateLeft64(v13^v1, -32)
	v9 += v13 + 2*uint64(uint32(v9))*uint64(uint32(v13))
	v5 = bits.RotateLeft64(v5^v9, -24)
	v1 += v5 + 2*uint64(uint32(v1))*uint64(uint32(v5))
	v13 = bits.RotateLeft64(v13^v1, -16)
	v9 += v13 + 2*uint64(uint32(v9))*uint64(uint32(v13))
	v5 = bits.RotateLeft64(v5^v9, -63)
	v2 += v6 + 2*uint64(uint32(v2))*uint64(uint32(v6))
	v14 = bits.RotateLeft64(v14^v2, -32)
	v10 += v14 + 2*uint64(uint32(v10))*uint64(uint32(v14))
	v6 = bits.RotateLeft64(v6^v10, -24)
	v2 += v6 + 2*uint64(uint32(v2))*uint64(uint32(v6))
	v14 = bits.RotateLeft64(v14^v2, -16)
	v10 += v14 + 2*uint64(uint32(v10))*uint64(uint32(v14))
	v6 = bits.RotateLeft64(v6^v10, -63)
	v3 += v7 + 2*uint64(uint32(v3))*uint64(uint32(v7))
	v15 = bits.RotateLeft64(v15^v3, -32)
	v11 += v15 + 2*uint64(uint32(v11))*uint64(uint32(v15))
	v7 = bits.RotateLeft64(v7^v11, -24)
	v3 += v7 + 2*uint64(uint32(v3))*uint64(uint32(v7))
	v15 = bits.RotateLeft64(v15^v3, -16)
	v11 += v15 + 2*uint64(uint32(v11))*uint64(uint32(v15))
	v7 = bits.RotateLeft64(v7^v11, -63)

	v0 += v5 + 2*uint64(uint32(v0))*uint64(uint32(v5))
	v15 = bits.RotateLeft64(v15^v0, -32)
	v10 += v15 + 2*uint64(uint32(v10))*uint64(uint32(v15))
	v5 = bits.RotateLeft64(v5^v10, -24)
	v0 += v5 + 2*uint64(uint32(v0))*uint64(uint32(v5))
	v15 = bits.RotateLeft64(v15^v0, -16)
	v10 += v15 + 2*uint64(uint32(v10))*uint64(uint32(v15))
	v5 = bits.RotateLeft64(v5^v10, -63)
	v1 += v6 + 2*uint64(uint32(v1))*uint64(uint32(v6))
	v12 = bits.RotateLeft64(v12^v1, -32)
	v11 += v12 + 2*uint64(uint32(v11))*uint64(uint32(v12))
	v6 = bits.RotateLeft64(v6^v11, -24)
	v1 += v6 + 2*uint64(uint32(v1))*uint64(uint32(v6))
	v12 = bits.RotateLeft64(v12^v1, -16)
	v11 += v12 + 2*uint64(uint32(v11))*uint64(uint32(v12))
	v6 = bits.RotateLeft64(v6^v11, -63)
	v2 += v7 + 2*uint64(uint32(v2))*uint64(uint32(v7))
	v13 = bits.RotateLeft64(v13^v2, -32)
	v8 += v13 + 2*uint64(uint32(v8))*uint64(uint32(v13))
	v7 = bits.RotateLeft64(v7^v8, -24)
	v2 += v7 + 2*uint64(uint32(v2))*uint64(uint32(v7))
	v13 = bits.RotateLeft64(v13^v2, -16)
	v8 += v13 + 2*uint64(uint32(v8))*uint64(uint32(v13))
	v7 = bits.RotateLeft64(v7^v8, -63)
	v3 += v4 + 2*uint64(uint32(v3))*uint64(uint32(v4))
	v14 = bits.RotateLeft64(v14^v3, -32)
	v9 += v14 + 2*uint64(uint32(v9))*uint64(uint32(v14))
	v4 = bits.RotateLeft64(v4^v9, -24)
	v3 += v4 + 2*uint64(uint32(v3))*uint64(uint32(v4))
	v14 = bits.RotateLeft64(v14^v3, -16)
	v9 += v14 + 2*uint64(uint32(v9))*uint64(uint32(v14))
	v4 = bits.RotateLeft64(v4^v9, -63)

	v[0], v[1], v[16], v[17] = v0, v1, v2, v3
	v[32], v[33], v[48], v[49] = v4, v5, v6, v7
	v[64], v[65], v[80], v[81] = v8, v9, v10, v11
	v[96], v[97], v[112], v[113] = v12, v13, v14, v15
}
