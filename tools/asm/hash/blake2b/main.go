// Command blake2b generates hash/blake2b/blake2bblock_amd64.s.
//
// blocksAVX2 mirrors blocksGeneric in hash/blake2b/blake2bblock.go: for every
// whole 128-byte block of p it adds 128 to the 128-bit byte counter and runs
// the BLAKE2b compression function F of RFC 7693, Section 3.2, with the
// given finalization flag, on the chaining value h.
//
// The sixteen words of the working vector v are four YMM registers, one row
// of the 4×4 matrix each (the layout of the SIMD implementations of
// Aumasson, Neves, Wilcox-O'Hearn and Winnerlein, "BLAKE2: simpler, smaller,
// fast as MD5", ACNS 2013):
//
//	Y0 = a = v0  v1  v2  v3
//	Y1 = b = v4  v5  v6  v7
//	Y2 = c = v8  v9  v10 v11
//	Y3 = d = v12 v13 v14 v15
//
// so that the four G functions of a column step are computed at once, lane i
// doing G on column i. For the diagonal step the rows are rotated so that
// each diagonal lies in one lane. The usual choice rotates b, c and d; here
// b stays and a, c and d rotate (lane j takes a[j-1], b[j], c[j+1], d[j+2]),
// because b is the last row the column step computes: the three VPERMQs then
// run while b is still being computed instead of delaying the first addition
// of the diagonal step, and the same holds on the way back. The message
// words of each step are gathered from the block in the order of the lanes,
// following the permutations SIGMA of RFC 7693, Section 2.7: each word
// broadcast from memory to the four lanes (VPBROADCASTQ, a load µop and
// nothing else) and three VPBLENDDs taking one lane from each. These do not
// depend on the chaining value, so the CPU performs them ahead of the
// rounds; what matters is the ports they take from G. The blends run on any
// of the three vector ports, where the earlier VMOVQ, VPINSRQ, VINSERTI128
// sequence put three µops a vector on port 5, beside the VPERMQs and the
// byte shuffles of G, and delayed the chain: 16 KiB messages on an Intel
// Xeon (Sapphire Rapids class), six alternated runs, 1418 against 1500 MB/s
// for blocksAVX512 and 1286 against 1384 for blocksAVX2 (llvm-mca, which
// models the chain but not the scheduling, gives both 293 cycles a block).
//
// The rotations: by 32 bits with VPSHUFD, by 24 and 16 with VPSHUFB, by 63
// as (x+x) | (x>>63). The counter is kept in two general-purpose registers
// and merged with the flag into the vector that initialises d.
//
// Measured on an AMD EPYC (Zen 3), 16 KiB messages: the code is bound by the
// latency of the chain of G steps, about 25 cycles a round. Rotating a, c
// and d rather than b makes it 1.2 times as fast (1050 against 860 MB/s).
//
// blocksAVX512 (avx512.go) mirrors the same function with AVX-512VL: the
// rotation by 63 as VPRORQ, the final XORs as VPTERNLOGQ.
//
// With -generic FILE, the command writes blocksGeneric, the portable Go
// version, to FILE instead (hash/blake2b/blake2bblock.go): the same rounds
// with the same SIGMA table, unrolled into straight-line code on sixteen
// local variables (see generic).
//
// Run it with go generate in hash/blake2b.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"

	"github.com/crypton-go/crypton/tools/asm/internal/blake2"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The initialization vector, RFC 7693, Section 2.6.
var iv = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

// VPERMQ selectors: lane j of the result takes lane j-1, j+1 or j+2 (mod 4)
// of the source.
const (
	fromPrev = 3<<0 | 0<<2 | 1<<4 | 2<<6 // 0x93
	fromNext = 1<<0 | 2<<2 | 3<<4 | 0<<6 // 0x39
	fromOpp  = 2<<0 | 3<<2 | 0<<4 | 1<<6 // 0x4e
)

// The registers: the rows, the chaining value, the initialization vector,
// the rotation masks, the counter and flag, the message vectors of a round
// and a scratch register.
var (
	a, b, c, d     = Y0, Y1, Y2, Y3
	h0, h1         = Y4, Y5
	iv0, iv1       = Y6, Y7
	rot24, rot16   = Y8, Y9
	ctr            = Y10
	msg            = [4]VecPhysical{Y11, Y12, Y13, Y14}
	tmp            = Y15
	src            = RSI // the current block
	blocks         = RCX // number of blocks left
	cLow, cHigh    = R8, R9
	hPtr, cPtr     = RAX, RBX
	flagReg, lenRg = RDX, RDI
)

func main() {
	flag.Parse()
	if *genericOut != "" {
		if err := os.WriteFile(*genericOut, generic(), 0o666); err != nil {
			log.Fatal(err)
		}
		return
	}
	ConstraintExpr("gc,!purego")

	ivMem := GLOBL("blake2bIV", RODATA|NOPTR)
	for i, v := range iv {
		DATA(8*i, U64(v))
	}
	// Rotating a 64-bit little-endian word right by 8r bits moves its byte
	// k+r (mod 8) to byte k. The masks cover both 16-byte lanes.
	rot24Mem := rotateMask("blake2bRot24", 3)
	rot16Mem := rotateMask("blake2bRot16", 2)

	blocksAVX2(ivMem, rot24Mem, rot16Mem)
	blocksAVX512(ivMem, rot24Mem, rot16Mem)
	Generate()
}

// rotateMask defines the 32-byte VPSHUFB mask that rotates each 64-bit word
// right by r bytes.
func rotateMask(name string, r int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for q := 0; q < 4; q++ {
		var w uint64
		for k := 0; k < 8; k++ {
			w |= uint64(8*(q%2)+(k+r)%8) << (8 * k)
		}
		DATA(8*q, U64(w))
	}
	return m
}

func blocksAVX2(ivMem, rot24Mem, rot16Mem Mem) {
	blocksKernel("blocksAVX2", []string{
		"blocksAVX2 compresses every whole block of p into h, adding BlockSize",
		"to the counter c before each and using flag as the finalization word:",
		"blocksGeneric with AVX2.",
	}, ivMem, rot24Mem, rot16Mem, round, func() {
		VPXOR(a, c, a)
		VPXOR(b, d, b)
		VPXOR(a, h0, h0)
		VPXOR(b, h1, h1)
	})
}

// blocksKernel emits the function name, with the documentation doc: the
// loop over the blocks of p that both kernels share (the counter and flag
// words, the state loaded from h, twelve rounds emitted by round, then the
// feed-forward emitted by finish, and h and c stored at the end).
func blocksKernel(name string, doc []string, ivMem, rot24Mem, rot16Mem Mem, round func(r int), finish func()) {
	TEXT(name, NOSPLIT, "func(h *[8]uint64, c *[2]uint64, flag uint64, p []byte)")
	Doc(doc...)
	// The flag and a zero word, which fill the upper half of the counter
	// vector.
	flagSlot := AllocLocal(16)

	Load(Param("h"), hPtr)
	Load(Param("c"), cPtr)
	Load(Param("flag"), flagReg)
	Load(Param("p").Base(), src)
	Load(Param("p").Len(), lenRg)
	MOVQ(lenRg, blocks)
	SHRQ(U8(7), blocks)
	JZ(LabelRef("done"))

	MOVQ(flagReg, flagSlot)
	MOVQ(U32(0), flagSlot.Offset(8))
	VMOVDQU(Mem{Base: hPtr}, h0)
	VMOVDQU(Mem{Base: hPtr, Disp: 32}, h1)
	VMOVDQU(ivMem, iv0)
	VMOVDQU(ivMem.Offset(32), iv1)
	VMOVDQU(rot24Mem, rot24)
	VMOVDQU(rot16Mem, rot16)
	MOVQ(Mem{Base: cPtr}, cLow)
	MOVQ(Mem{Base: cPtr, Disp: 8}, cHigh)

	Label("loop")
	Comment("The counter of this block, with the flag: v12..v15 = iv[4..7] ^ (c0, c1, flag, 0).")
	ADDQ(U32(128), cLow)
	ADCQ(U32(0), cHigh)
	VMOVQ(cLow, ctr.AsX())
	VPINSRQ(U8(1), cHigh, ctr.AsX(), ctr.AsX())
	VINSERTI128(U8(1), flagSlot, ctr, ctr)
	VMOVDQA(h0, a)
	VMOVDQA(h1, b)
	VMOVDQA(iv0, c)
	VPXOR(ctr, iv1, d)

	for r := 0; r < 12; r++ {
		round(r)
	}

	Comment("h ^= v[0..7] ^ v[8..15]")
	finish()
	ADDQ(U32(128), src)
	DECQ(blocks)
	JNZ(LabelRef("loop"))

	VMOVDQU(h0, Mem{Base: hPtr})
	VMOVDQU(h1, Mem{Base: hPtr, Disp: 32})
	MOVQ(cLow, Mem{Base: cPtr})
	MOVQ(cHigh, Mem{Base: cPtr, Disp: 8})
	VZEROUPPER()
	Label("done")
	RET()
}

// round emits round r: the column step, the rotation of a, c and d onto the
// diagonals, the diagonal step and the rotation back.
func round(r int) { roundWith(r, halfG) }

// roundWith emits round r with the half steps emitted by half.
func roundWith(r int, half func(m VecPhysical, rd int)) {
	Commentf("Round %d.", r+1)
	words := blake2.MessageWords(r % 10)
	for k := 0; k < 4; k++ {
		gather(msg[k], words[k])
	}

	half(msg[0], 32)
	half(msg[1], 16)
	Comment("Onto the diagonals: lane j takes a[j-1], c[j+1], d[j+2]; b stays.")
	VPERMQ(U8(fromPrev), a, a)
	VPERMQ(U8(fromOpp), d, d)
	VPERMQ(U8(fromNext), c, c)
	half(msg[2], 32)
	half(msg[3], 16)
	Comment("Back onto the columns.")
	VPERMQ(U8(fromNext), a, a)
	VPERMQ(U8(fromOpp), d, d)
	VPERMQ(U8(fromPrev), c, c)
}

// gather loads the message words w[0..3] of the current block into lanes 0
// to 3 of y: four broadcasts and three blends (see the package comment).
func gather(y VecPhysical, w [4]int) {
	word := func(i int) Mem { return Mem{Base: src, Disp: 8 * i} }
	VPBROADCASTQ(word(w[0]), y)
	for i := 1; i < 4; i++ {
		VPBROADCASTQ(word(w[i]), tmp)
		VPBLENDD(U8(3<<(2*i)), tmp, y, y)
	}
}

// halfG emits one half of G on all four lanes: the first half (rotations by
// 32 and 24) if rd is 32, the second (16 and 63) if it is 16. The message
// word is added to a before b, so that the addition of the message does not
// wait for b, the last row computed.
func halfG(m VecPhysical, rd int) {
	halfGWith(m, rd, func(x VecPhysical) {
		VPADDQ(x, x, tmp)
		VPSRLQ(U8(63), x, x)
		VPOR(tmp, x, x)
	})
}

// halfGWith is halfG with the rotation of b by 63 emitted by rot63.
func halfGWith(m VecPhysical, rd int, rot63 func(x VecPhysical)) {
	VPADDQ(m, a, a)
	VPADDQ(b, a, a)
	VPXOR(a, d, d)
	if rd == 32 {
		VPSHUFD(U8(0xb1), d, d)
	} else {
		VPSHUFB(rot16, d, d)
	}
	VPADDQ(d, c, c)
	VPXOR(c, b, b)
	if rd == 32 {
		VPSHUFB(rot24, b, b)
	} else {
		rot63(b)
	}
}

var genericOut = flag.String("generic", "", "write the generic Go compression function to this `file` instead of the assembly")

// generic returns the source of hash/blake2b/blake2bblock.go: blocksGeneric,
// the compression function F of RFC 7693, Section 3.2, with the rounds
// unrolled by blake2.WriteRounds.
func generic() []byte {
	const rounds = 12
	// G's rotations to the right, R1..R4 (RFC 7693, Section 2.1).
	rot := [4]int{32, 24, 16, 63}
	var w bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&w, format, args...) }
	p(`// Code generated by command: go run github.com/crypton-go/crypton/tools/asm/hash/blake2b -generic %s. DO NOT EDIT.

package blake2b

import (
	"encoding/binary"
	"math/bits"
)

// blocksGeneric compresses every whole block of p into h with the
// compression function F of RFC 7693, Section 3.2: for each block it first
// adds BlockSize to the 128-bit byte counter c (c[0] the low word), then
// compresses the block with that counter and with flag as the finalization
// word f0 (0, or lastBlock for the last block of a message; f1 is always 0).
// Trailing bytes short of a block are ignored.
//
// The twelve rounds are unrolled, with the message word of each step
// written out according to the permutations SIGMA of RFC 7693, Section 2.7
// (rounds 11 and 12 use those of rounds 1 and 2), so nothing is looked up at
// run time. The four G functions of each half round are interleaved step by
// step, which gives the CPU four independent chains to overlap. The
// generator, tools/asm/hash/blake2b, writes the rounds from the SIGMA table
// and the column and diagonal indices.
func blocksGeneric(h *[8]uint64, c *[2]uint64, flag uint64, p []byte) {
	h0, h1, h2, h3, h4, h5, h6, h7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	c0, c1 := c[0], c[1]
	for len(p) >= BlockSize {
		var carry uint64
		c0, carry = bits.Add64(c0, BlockSize, 0)
		c1 += carry

`, *genericOut)
	for i := range 16 {
		p("m%d := binary.LittleEndian.Uint64(p[%d:])\n", i, 8*i)
	}
	p(`
		v0, v1, v2, v3, v4, v5, v6, v7 := h0, h1, h2, h3, h4, h5, h6, h7
		v8, v9, v10, v11 := iv[0], iv[1], iv[2], iv[3]
		v12, v13, v14, v15 := iv[4]^c0, iv[5]^c1, iv[6]^flag, iv[7]

`)
	blake2.WriteRounds(&w, rounds, 64, rot)
	p(`		p = p[BlockSize:]
	}
	h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7] = h0, h1, h2, h3, h4, h5, h6, h7
	c[0], c[1] = c0, c1
}
`)
	out, err := format.Source(w.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	return out
}
