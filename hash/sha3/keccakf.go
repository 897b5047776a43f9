package sha3

import "encoding/binary"

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/sha3 -generic keccakf_generic.go

// roundConstants are the round constants of the ι step, RC[ir] for the 24
// rounds ir = 0..23 of Keccak-f[1600] (FIPS 202, section 3.2.5). The tests
// derive them again from the rc(t) linear feedback shift register.
var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// absorbGeneric XORs each whole rate-byte block of p into the state a and
// permutes it after each block. rate is a multiple of 8 up to 168.
func absorbGeneric(a *[25]uint64, p []byte, rate int) {
	for len(p) >= rate {
		for i := range rate / 8 {
			a[i] ^= binary.LittleEndian.Uint64(p[8*i:])
		}
		keccakF1600Generic(a)
		p = p[rate:]
	}
}
