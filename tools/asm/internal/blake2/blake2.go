// Package blake2 holds what the BLAKE2b and BLAKE2s generators
// (tools/asm/hash/blake2b and blake2s) share: the message permutations and
// the unrolled rounds of the generic compression function they write.
package blake2

import (
	"fmt"
	"io"
)

// Sigma are the message permutations of RFC 7693, Section 2.7; round i
// uses Sigma[i%10] (BLAKE2s has ten rounds, BLAKE2b twelve).
var Sigma = [10][16]int{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}

// WriteRounds writes to w the Go statements of the given number of rounds
// of the compression function F of RFC 7693, Section 3.2, on the local
// variables v0..v15 (the work vector) and m0..m15 (the message words) of
// wordBits-bit words, followed by the feed-forward h_i ^= v_i ^ v_(i+8).
// rot holds G's rotations to the right, R1..R4 (Section 2.1).
//
// Each round applies G to the four columns (a, b, c, d) = (v[i], v[4+i],
// v[8+i], v[12+i]) and then to the four diagonals (v[i], v[4+(i+1)%4],
// v[8+(i+2)%4], v[12+(i+3)%4]), i = 0..3, G number i of a step taking the
// message words sigma[2i] and sigma[2i+1] (columns) or sigma[8+2i] and
// sigma[8+2i+1] (diagonals) of the round's permutation (Sections 3.1 and
// 3.2). The four G of a step are written interleaved, line by line of G,
// so that the compiled code has four independent chains for the CPU to
// overlap.
func WriteRounds(w io.Writer, rounds, wordBits int, rot [4]int) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	for r := range rounds {
		s := Sigma[r%10]
		p("// Round %d.\n", r+1)
		for step := range 2 { // 0: columns, 1: diagonals
			var a, b, c, d [4]int
			for i := range 4 {
				a[i], b[i], c[i], d[i] = i, 4+(i+step)%4, 8+(i+2*step)%4, 12+(i+3*step)%4
			}
			for half := range 2 { // the two halves of G, with message words x and y
				for i := range 4 {
					p("v%d += v%d + m%d\n", a[i], b[i], s[8*step+2*i+half])
				}
				for i := range 4 {
					p("v%d = bits.RotateLeft%d(v%d^v%d, -%d)\n", d[i], wordBits, d[i], a[i], rot[2*half])
				}
				for i := range 4 {
					p("v%d += v%d\n", c[i], d[i])
				}
				for i := range 4 {
					p("v%d = bits.RotateLeft%d(v%d^v%d, -%d)\n", b[i], wordBits, b[i], c[i], rot[2*half+1])
				}
			}
		}
	}
	p("\n")
	for i := range 8 {
		p("h%d ^= v%d ^ v%d\n", i, i, i+8)
	}
}

// MessageWords returns the message words of the four half steps of round r
// (r < 10) of a kernel that holds one row of the work vector in each
// register, in lane order. Column step: lane i is G on column i, which
// takes Sigma[r][2i] and Sigma[r][2i+1]. Diagonal step: lane j holds b[j],
// which belongs to the diagonal G number (j+3)%4, which takes
// Sigma[r][8+2g] and Sigma[r][8+2g+1].
func MessageWords(r int) [4][4]int {
	s := Sigma[r]
	var words [4][4]int
	for i := 0; i < 4; i++ {
		words[0][i] = s[2*i]
		words[1][i] = s[2*i+1]
		g := (i + 3) % 4
		words[2][i] = s[8+2*g]
		words[3][i] = s[8+2*g+1]
	}
	return words
}
