package scrypt

import (
	"encoding/binary"

	"github.com/crypton-go/crypton/aead/salsa20"
)

// The blocks of RFC 7914 are kept as little-endian 32-bit words: a block
// B of BlockMix is 2·r 64-byte sub-blocks, 32·r words, and ROMix's table V
// is N such blocks one after the other.

// blockMix sets out to scryptBlockMix(in) (RFC 7914, Section 4): with X
// the last sub-block of in, for each sub-block B[i] in turn X =
// Salsa20/8(X xor B[i]), the even-numbered results going to the first half
// of out and the odd-numbered ones to the second half. in and out are 32·r
// words each and must not overlap.
func blockMix(in, out []uint32, r int) {
	in = in[:32*r]
	out = out[:32*r]
	x := [16]uint32(in[len(in)-16:])
	for i := 0; i < 2*r; i += 2 {
		salsa20.XORCore8(&x, (*[16]uint32)(in[16*i:]))
		*(*[16]uint32)(out[8*i:]) = x
		salsa20.XORCore8(&x, (*[16]uint32)(in[16*i+16:]))
		*(*[16]uint32)(out[8*i+16*r:]) = x
	}
}

// blockXOR sets dst ^= src word by word.
func blockXOR(dst, src []uint32) {
	src = src[:len(dst)]
	for i, w := range src {
		dst[i] ^= w
	}
}

// integerify returns Integerify(B) of RFC 7914, Section 5, step 2.b: the
// first 64 bits of B's last 64-byte sub-block, as a little-endian number.
func integerify(b []uint32, r int) uint64 {
	k := 16 * (2*r - 1)
	return uint64(b[k]) | uint64(b[k+1])<<32
}

// smix replaces the 128·r bytes of b by scryptROMix(b, N) (RFC 7914,
// Section 5), with v (32·r·N words) as the table and xy (64·r words) as
// the two working blocks. Their contents on entry do not matter.
func smix(b []byte, r, N int, v, xy []uint32) {
	R := 32 * r
	x, y := xy[:R], xy[R:2*R]
	v = v[:R*N]

	for i := range x {
		x[i] = binary.LittleEndian.Uint32(b[4*i:])
	}

	// Step 2: V[i] = X, X = BlockMix(X) for i = 0, ..., N-1. The table is
	// written by BlockMix directly, each block from the one before it, and
	// only the last BlockMix goes to a working block.
	copy(v[:R], x)
	for i := 0; i < N-1; i++ {
		blockMix(v[i*R:(i+1)*R], v[(i+1)*R:(i+2)*R], r)
	}
	blockMix(v[(N-1)*R:], x, r)

	// Step 3: j = Integerify(X) mod N, X = BlockMix(X xor V[j]), N times,
	// two at a time so that x and y swap roles without copying. The index
	// j, and so the memory address, depends on the secret: see the package
	// documentation. declassify tells the constant-time check so; it
	// compiles to nothing in other builds.
	mask := uint64(N - 1)
	for i := 0; i < N; i += 2 {
		j := int(integerify(x, r) & mask)
		declassify(&j)
		blockXOR(x, v[j*R:(j+1)*R])
		blockMix(x, y, r)

		j = int(integerify(y, r) & mask)
		declassify(&j)
		blockXOR(y, v[j*R:(j+1)*R])
		blockMix(y, x, r)
	}

	for i, w := range x {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
}
