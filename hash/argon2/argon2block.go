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
		permute((*[16]uint64)(q[16*i:])) // row i
	}
	for j := 0; j < 8; j++ {
		permute((*[114]uint64)(q[2*j:])) // column j
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

// pairs are the two arrays that permute works on: a row of the block, whose
// eight pairs of words are contiguous, and a column, whose pairs are 16
// words apart (114 = 7·16 + 2 words, from the first word of its first pair
// to the last word of its last).
type pairs interface{ [16]uint64 | [114]uint64 }

// permute applies the permutation P of RFC 9106, Section 3.6, to a row or a
// column of the block: to the words v0..v15 with v(2k) = (*p)[s*k] and
// v(2k+1) = (*p)[s*k+1], k = 0 to 7, where s = (len(*p) - 2) / 7 is the
// distance between pairs, 2 for a row and 16 for a column.
//
// P works on v0..v15 as a 4×4 matrix: it applies the function GB to the
// four columns, then to the four diagonals, as a BLAKE2b round does without
// the message words, each addition a + b of BLAKE2b's G becoming
// a + b + 2·lo(a)·lo(b), with lo(x) the low 32 bits of x (the "BlaMka"
// multiplication-hardened addition).
//
// The gc compiler makes a separate copy of a generic function for each
// underlying type of its type argument (pointers aside), so permute is
// compiled twice, with s and every offset constants: each copy is the code a
// function written for rows or for columns alone would have, with no bounds
// checks.
func permute[A pairs](p *A) {
	s := (len(*p) - 2) / 7
	v0, v1, v2, v3 := (*p)[0], (*p)[1], (*p)[s], (*p)[s+1]
	v4, v5, v6, v7 := (*p)[2*s], (*p)[2*s+1], (*p)[3*s], (*p)[3*s+1]
	v8, v9, v10, v11 := (*p)[4*s], (*p)[4*s+1], (*p)[5*s], (*p)[5*s+1]
	v12, v13, v14, v15 := (*p)[6*s], (*p)[6*s+1], (*p)[7*s], (*p)[7*s+1]

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

	(*p)[0], (*p)[1], (*p)[s], (*p)[s+1] = v0, v1, v2, v3
	(*p)[2*s], (*p)[2*s+1], (*p)[3*s], (*p)[3*s+1] = v4, v5, v6, v7
	(*p)[4*s], (*p)[4*s+1], (*p)[5*s], (*p)[5*s+1] = v8, v9, v10, v11
	(*p)[6*s], (*p)[6*s+1], (*p)[7*s], (*p)[7*s+1] = v12, v13, v14, v15
}
