// Command sha1 generates hash/sha1/sha1block_amd64.s.
//
// blockSHANI mirrors blockGeneric in hash/sha1/sha1block.go: it runs the
// SHA-1 compression function of FIPS 180-4, section 6.1.2, over every whole
// 64-byte block of p with the Intel SHA extensions (SHA1RNDS4, SHA1NEXTE,
// SHA1MSG1, SHA1MSG2), following the instruction descriptions in the Intel 64
// and IA-32 Architectures Software Developer's Manual and Intel's white paper
// "New Instructions Supporting the Secure Hash Algorithm on Intel
// Architecture Processors" (2013).
//
// Run it with go generate in hash/sha1.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("gc,!purego")

	// PSHUFB mask reversing all 16 bytes: four big-endian words become
	// little-endian ones in reverse order (w0 in the high lane), the order
	// SHA1RNDS4 expects.
	flip := GLOBL("sha1Flip", RODATA|NOPTR)
	DATA(0, U64(0x08090a0b0c0d0e0f))
	DATA(8, U64(0x0001020304050607))

	blockSHANI(flip)
	Generate()
}

func blockSHANI(flip Mem) {
	TEXT("blockSHANI", NOSPLIT, "func(h *[5]uint32, p []byte)")
	Doc("blockSHANI hashes every whole 64-byte block of p into h with the SHA extensions.")

	h := Load(Param("h"), GP64())
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), n)
	JZ(LabelRef("done"))
	end := GP64()
	LEAQ(Mem{Base: ptr, Index: n, Scale: 1}, end)

	abcd, abcdSave, eSave, mask := XMM(), XMM(), XMM(), XMM()
	e := [2]VecVirtual{XMM(), XMM()}
	w := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}

	MOVOU(Mem{Base: h}, abcd)
	PSHUFD(U8(0x1b), abcd, abcd) // A in the high lane
	eWord := GP32()
	MOVL(Mem{Base: h, Disp: 16}, eWord)
	PXOR(e[0], e[0])
	PINSRD(U8(3), eWord, e[0]) // E in the high lane, zeros below
	MOVOU(flip, mask)

	Label("loop")
	MOVO(abcd, abcdSave)
	MOVO(e[0], eSave)
	// Twenty groups of four rounds. Group g uses message words w[4g..4g+3]
	// in register w[g%4] and the E value in e[g%2]; while it runs, the
	// schedule for later groups is advanced with MSG1, XOR and MSG2.
	for g := 0; g < 20; g++ {
		cur := w[g%4]
		ecur, enext := e[g%2], e[(g+1)%2]
		if g < 4 {
			MOVOU(Mem{Base: ptr, Disp: 16 * g}, cur)
			PSHUFB(mask, cur)
		}
		if g == 0 {
			PADDD(cur, ecur)
		} else {
			SHA1NEXTE(cur, ecur)
		}
		MOVO(abcd, enext)
		if g >= 3 && g <= 18 {
			SHA1MSG2(cur, w[(g+1)%4])
		}
		SHA1RNDS4(U8(g/5), ecur, abcd)
		if g >= 1 && g <= 16 {
			SHA1MSG1(cur, w[(g+3)%4])
		}
		if g >= 2 && g <= 17 {
			PXOR(cur, w[(g+2)%4])
		}
	}
	// After group 19 the next E is in e[0]: rotate it and add the saved E.
	SHA1NEXTE(eSave, e[0])
	PADDD(abcdSave, abcd)
	ADDQ(U8(64), ptr)
	CMPQ(ptr, end)
	JB(LabelRef("loop"))

	PSHUFD(U8(0x1b), abcd, abcd)
	MOVOU(abcd, Mem{Base: h})
	PEXTRD(U8(3), e[0], eWord)
	MOVL(eWord, Mem{Base: h, Disp: 16})

	Label("done")
	RET()
}
