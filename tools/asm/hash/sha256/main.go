// Command sha256 generates hash/sha256/sha256block_amd64.s.
//
// blockSHANI mirrors blockGeneric in hash/sha256/sha256block.go: it runs the
// SHA-256 compression function of FIPS 180-4, section 6.2.2, over every
// whole 64-byte block of p with the Intel SHA extensions (SHA256RNDS2,
// SHA256MSG1, SHA256MSG2), following the instruction descriptions in the
// Intel 64 and IA-32 Architectures Software Developer's Manual and Intel's
// white paper "New Instructions Supporting the Secure Hash Algorithm on Intel
// Architecture Processors" (2013).
//
// Run it with go generate in hash/sha256.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The SHA-256 round constants, FIPS 180-4 section 4.2.2.
var k = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func main() {
	ConstraintExpr("gc,!purego")

	kTable := GLOBL("sha256K", RODATA|NOPTR)
	for i, v := range k {
		DATA(4*i, U32(v))
	}
	// PSHUFB mask turning four big-endian words into little-endian ones.
	flip := GLOBL("sha256Flip", RODATA|NOPTR)
	DATA(0, U64(0x0405060700010203))
	DATA(8, U64(0x0c0d0e0f08090a0b))

	blockSHANI(kTable, flip)
	Generate()
}

func blockSHANI(kTable, flip Mem) {
	TEXT("blockSHANI", NOSPLIT, "func(h *[8]uint32, p []byte)")
	Doc("blockSHANI hashes every whole 64-byte block of p into h with the SHA extensions.")

	h := Load(Param("h"), GP64())
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), n)
	JZ(LabelRef("done"))
	end := GP64()
	LEAQ(Mem{Base: ptr, Index: n, Scale: 1}, end)

	// The rounds work on the state split as ABEF and CDGH (A in the high
	// word), not the ABCD/EFGH order of h.
	msg := X0 // SHA256RNDS2 takes its message words implicitly from X0
	abef, cdgh, tmp := XMM(), XMM(), XMM()
	abefSave, cdghSave := XMM(), XMM()
	mask := XMM()
	w := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}

	MOVOU(Mem{Base: h}, tmp)            // D C B A
	MOVOU(Mem{Base: h, Disp: 16}, cdgh) // H G F E
	PSHUFD(U8(0xb1), tmp, tmp)          // C D A B
	PSHUFD(U8(0x1b), cdgh, cdgh)        // E F G H
	MOVO(tmp, abef)
	PALIGNR(U8(8), cdgh, abef)   // A B E F
	PBLENDW(U8(0xf0), tmp, cdgh) // C D G H
	MOVOU(flip, mask)

	Label("loop")
	MOVO(abef, abefSave)
	MOVO(cdgh, cdghSave)
	for g := 0; g < 16; g++ {
		cur := w[g%4]
		if g < 4 {
			MOVOU(Mem{Base: ptr, Disp: 16 * g}, cur)
			PSHUFB(mask, cur)
		}
		MOVO(cur, msg)
		PADDD(kTable.Offset(16*g), msg)
		SHA256RNDS2(msg, abef, cdgh)
		if g >= 3 && g <= 14 {
			// w[4g+4 .. 4g+7] = σ1 part (MSG2) of (pre + w[t-7] terms).
			next, prev := w[(g+1)%4], w[(g+3)%4]
			MOVO(cur, tmp)
			PALIGNR(U8(4), prev, tmp)
			PADDD(tmp, next)
			SHA256MSG2(cur, next)
		}
		PSHUFD(U8(0x0e), msg, msg)
		SHA256RNDS2(msg, cdgh, abef)
		if g >= 1 && g <= 12 {
			SHA256MSG1(cur, w[(g+3)%4])
		}
	}
	PADDD(abefSave, abef)
	PADDD(cdghSave, cdgh)
	ADDQ(U8(64), ptr)
	CMPQ(ptr, end)
	JB(LabelRef("loop"))

	PSHUFD(U8(0x1b), abef, abef) // F E B A
	PSHUFD(U8(0xb1), cdgh, cdgh) // D C H G
	MOVO(abef, tmp)
	PBLENDW(U8(0xf0), cdgh, abef) // D C B A
	PALIGNR(U8(8), tmp, cdgh)     // H G F E
	MOVOU(abef, Mem{Base: h})
	MOVOU(cdgh, Mem{Base: h, Disp: 16})

	Label("done")
	RET()
}
