// Command blake2s generates hash/blake2s/blake2sblock_amd64.s.
//
// blocksAVX mirrors blocksGeneric in hash/blake2s/blake2sblock.go: for every
// whole 64-byte block of p it adds 64 to the 64-bit byte counter and runs the
// BLAKE2s compression function F of RFC 7693, Section 3.2, with the given
// finalization flag, on the chaining value h.
//
// The sixteen 32-bit words of the working vector v are four XMM registers,
// one row of the 4×4 matrix each (the layout of the SIMD implementations of
// Aumasson, Neves, Wilcox-O'Hearn and Winnerlein, "BLAKE2: simpler, smaller,
// fast as MD5", ACNS 2013):
//
//	X0 = a = v0  v1  v2  v3
//	X1 = b = v4  v5  v6  v7
//	X2 = c = v8  v9  v10 v11
//	X3 = d = v12 v13 v14 v15
//
// so that the four G functions of a column step are computed at once, lane i
// doing G on column i. For the diagonal step the rows are rotated so that
// each diagonal lies in one lane. The usual choice rotates b, c and d; here
// b stays and a, c and d rotate (lane j takes a[j-1], b[j], c[j+1], d[j+2]),
// because b is the last row the column step computes: the three VPSHUFDs
// then run while b is still being computed instead of delaying the first
// addition of the diagonal step, and the same holds on the way back. The
// message words of each step are gathered from the block in the order of the
// lanes (VMOVD, VPINSRD), following the permutations SIGMA of RFC 7693,
// Section 2.7; these loads do not depend on the chaining value, so the CPU
// performs them ahead of the rounds.
//
// The rotations: by 16 and 8 bits with VPSHUFB, by 12 and 7 with two shifts
// and an OR. Only VEX-encoded 128-bit instructions are used, so AVX is all
// the code needs (VPSHUFB being SSSE3's, which every AVX CPU has). The
// counter is kept in two general-purpose registers and merged with the flag
// into the vector that initialises d.
//
// Measured on an AMD EPYC (Zen 3), 16 KiB messages: the code is bound by the
// latency of the chain of G steps, about 24 cycles a round. Rotating a, c
// and d rather than b gains 5% (645 against 611 MB/s); leaving out the
// message gathering altogether gains nothing measurable.
//
// blocksAVX512 (avx512.go) mirrors the same function with AVX-512VL: the
// rotations by 12 and 7 as VPRORD, the message words gathered by
// broadcasts and blends, the final XORs as VPTERNLOGD.
//
// With -generic FILE, the command writes blocksGeneric, the portable Go
// version, to FILE instead (hash/blake2s/blake2sblock.go): the same rounds
// with the same SIGMA table, unrolled into straight-line code on sixteen
// local variables (see generic).
//
// Run it with go generate in hash/blake2s.
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
var iv = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// VPSHUFD selectors: lane j of the result takes lane j-1, j+1 or j+2 (mod
// 4) of the source.
const (
	fromPrev = 3<<0 | 0<<2 | 1<<4 | 2<<6 // 0x93
	fromNext = 1<<0 | 2<<2 | 3<<4 | 0<<6 // 0x39
	fromOpp  = 2<<0 | 3<<2 | 0<<4 | 1<<6 // 0x4e
)

// The registers: the rows, the chaining value, the initialization vector,
// the rotation masks, the counter and flag, the message vectors of a round
// and a scratch register.
var (
	a, b, c, d   = X0, X1, X2, X3
	h0, h1       = X4, X5
	iv0, iv1     = X6, X7
	rot16, rot8  = X8, X9
	ctr          = X10
	msg          = [4]VecPhysical{X11, X12, X13, X14}
	tmp          = X15
	src          = RSI // the current block
	blocks       = RCX // number of blocks left
	cLow, cHigh  = R8, R9
	hPtr, cPtr   = RAX, RBX
	flagReg, lng = RDX, RDI
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

	ivMem := GLOBL("blake2sIV", RODATA|NOPTR)
	for i, v := range iv {
		DATA(4*i, U32(v))
	}
	// Rotating a 32-bit little-endian word right by 8r bits moves its byte
	// k+r (mod 4) to byte k.
	rot16Mem := rotateMask("blake2sRot16", 2)
	rot8Mem := rotateMask("blake2sRot8", 1)

	blocksAVX(ivMem, rot16Mem, rot8Mem)
	blocksAVX512(ivMem, rot16Mem, rot8Mem)
	Generate()
}

// rotateMask defines the 16-byte VPSHUFB mask that rotates each 32-bit word
// right by r bytes.
func rotateMask(name string, r int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for w := 0; w < 4; w++ {
		var v uint32
		for k := 0; k < 4; k++ {
			v |= uint32(4*w+(k+r)%4) << (8 * k)
		}
		DATA(4*w, U32(v))
	}
	return m
}

func blocksAVX(ivMem, rot16Mem, rot8Mem Mem) {
	blocksKernel("blocksAVX", []string{
		"blocksAVX compresses every whole block of p into h, adding BlockSize",
		"to the counter c before each and using flag as the finalization word:",
		"blocksGeneric with AVX.",
	}, ivMem, rot16Mem, rot8Mem, kernelParts{
		round: round,
		finish: func() {
			VPXOR(a, c, a)
			VPXOR(b, d, b)
			VPXOR(a, h0, h0)
			VPXOR(b, h1, h1)
		},
	})
}

// kernelParts are what the kernels emit differently inside the loop that
// blocksKernel emits: round for each round and finish for the
// feed-forward h ^= v[0..7] ^ v[8..15]. Both kernels use XMM registers
// only, VEX- or EVEX-encoded, which leave the upper halves clean: no
// VZEROUPPER.
type kernelParts struct {
	round  func(r int)
	finish func()
}

// blocksKernel emits the function name, with the documentation doc: the
// loop over the blocks of p that the kernels share (the counter and flag
// words, the state loaded from h, ten rounds, the feed-forward, and h and
// c stored at the end).
func blocksKernel(name string, doc []string, ivMem, rot16Mem, rot8Mem Mem, k kernelParts) {
	TEXT(name, NOSPLIT, "func(h *[8]uint32, c *[2]uint32, flag uint32, p []byte)")
	Doc(doc...)
	Load(Param("h"), hPtr)
	Load(Param("c"), cPtr)
	Load(Param("flag"), flagReg.As32())
	Load(Param("p").Base(), src)
	Load(Param("p").Len(), lng)
	MOVQ(lng, blocks)
	SHRQ(U8(6), blocks)
	JZ(LabelRef("done"))

	VMOVDQU(Mem{Base: hPtr}, h0)
	VMOVDQU(Mem{Base: hPtr, Disp: 16}, h1)
	VMOVDQU(ivMem, iv0)
	VMOVDQU(ivMem.Offset(16), iv1)
	VMOVDQU(rot16Mem, rot16)
	VMOVDQU(rot8Mem, rot8)
	MOVL(Mem{Base: cPtr}, cLow.As32())
	MOVL(Mem{Base: cPtr, Disp: 4}, cHigh.As32())

	Label("loop")
	Comment("The counter of this block, with the flag: v12..v15 = iv[4..7] ^ (c0, c1, flag, 0).")
	ADDL(U32(64), cLow.As32())
	ADCL(U32(0), cHigh.As32())
	VMOVD(cLow.As32(), ctr)
	VPINSRD(U8(1), cHigh.As32(), ctr, ctr)
	VPINSRD(U8(2), flagReg.As32(), ctr, ctr)
	VMOVDQA(h0, a)
	VMOVDQA(h1, b)
	VMOVDQA(iv0, c)
	VPXOR(ctr, iv1, d)

	for r := 0; r < 10; r++ {
		k.round(r)
	}

	Comment("h ^= v[0..7] ^ v[8..15]")
	k.finish()
	ADDQ(U32(64), src)
	DECQ(blocks)
	JNZ(LabelRef("loop"))

	VMOVDQU(h0, Mem{Base: hPtr})
	VMOVDQU(h1, Mem{Base: hPtr, Disp: 16})
	MOVL(cLow.As32(), Mem{Base: cPtr})
	MOVL(cHigh.As32(), Mem{Base: cPtr, Disp: 4})
	Label("done")
	RET()
}

// round emits round r: the column step, the rotation of a, c and d onto the
// diagonals, the diagonal step and the rotation back.
func round(r int) {
	words := blake2.MessageWords(r)
	roundWith(r, func(k int) { gather(msg[k], words[k]) }, halfG)
}

// roundWith emits round r with the message words of half step k put into
// msg[k] by load and the half steps emitted by half.
func roundWith(r int, load func(k int), half func(m VecPhysical, rd int)) {
	Commentf("Round %d.", r+1)
	for k := 0; k < 4; k++ {
		load(k)
	}

	half(msg[0], 16)
	half(msg[1], 8)
	Comment("Onto the diagonals: lane j takes a[j-1], c[j+1], d[j+2]; b stays.")
	VPSHUFD(U8(fromPrev), a, a)
	VPSHUFD(U8(fromOpp), d, d)
	VPSHUFD(U8(fromNext), c, c)
	half(msg[2], 16)
	half(msg[3], 8)
	Comment("Back onto the columns.")
	VPSHUFD(U8(fromNext), a, a)
	VPSHUFD(U8(fromOpp), d, d)
	VPSHUFD(U8(fromPrev), c, c)
}

// gather loads the message words w[0..3] of the current block into lanes 0
// to 3 of x.
func gather(x VecPhysical, w [4]int) {
	word := func(i int) Mem { return Mem{Base: src, Disp: 4 * i} }
	VMOVD(word(w[0]), x)
	VPINSRD(U8(1), word(w[1]), x, x)
	VPINSRD(U8(2), word(w[2]), x, x)
	VPINSRD(U8(3), word(w[3]), x, x)
}

// rotr emits x = x >>> n with two shifts and an OR.
func rotr(x VecPhysical, n int) {
	VPSLLD(U8(32-n), x, tmp)
	VPSRLD(U8(n), x, x)
	VPOR(tmp, x, x)
}

// halfG emits one half of G on all four lanes: the first half (rotations by
// 16 and 12) if rd is 16, the second (8 and 7) if it is 8. The message word
// is added to a before b, so that the addition of the message does not wait
// for b, the last row computed.
func halfG(m VecPhysical, rd int) { halfGWith(m, rd, rotr) }

// halfGWith is halfG with the rotations of b by 12 and 7 emitted by rot.
func halfGWith(m VecPhysical, rd int, rot func(x VecPhysical, n int)) {
	VPADDD(m, a, a)
	VPADDD(b, a, a)
	VPXOR(a, d, d)
	if rd == 16 {
		VPSHUFB(rot16, d, d)
	} else {
		VPSHUFB(rot8, d, d)
	}
	VPADDD(d, c, c)
	VPXOR(c, b, b)
	if rd == 16 {
		rot(b, 12)
	} else {
		rot(b, 7)
	}
}

var genericOut = flag.String("generic", "", "write the generic Go compression function to this `file` instead of the assembly")

// generic returns the source of hash/blake2s/blake2sblock.go: blocksGeneric,
// the compression function F of RFC 7693, Section 3.2, with the rounds
// unrolled by blake2.WriteRounds.
func generic() []byte {
	const rounds = 10
	// G's rotations to the right, R1..R4 (RFC 7693, Section 2.1).
	rot := [4]int{16, 12, 8, 7}
	var w bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&w, format, args...) }
	p(`// Code generated by command: go run github.com/crypton-go/crypton/tools/asm/hash/blake2s -generic %s. DO NOT EDIT.

package blake2s

import (
	"encoding/binary"
	"math/bits"
)

// blocksGeneric compresses every whole block of p into h with the
// compression function F of RFC 7693, Section 3.2: for each block it first
// adds BlockSize to the 64-bit byte counter c (c[0] the low word), then
// compresses the block with that counter and with flag as the finalization
// word f0 (0, or lastBlock for the last block of a message; f1 is always 0).
// Trailing bytes short of a block are ignored.
//
// The ten rounds are unrolled, with the message word of each step written
// out according to the permutations SIGMA of RFC 7693, Section 2.7, so
// nothing is looked up at run time. The four G functions of each half round
// are interleaved step by step, which gives the CPU four independent chains
// to overlap. The generator, tools/asm/hash/blake2s, writes the rounds from
// the SIGMA table and the column and diagonal indices.
func blocksGeneric(h *[8]uint32, c *[2]uint32, flag uint32, p []byte) {
	h0, h1, h2, h3, h4, h5, h6, h7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	c0, c1 := c[0], c[1]
	for len(p) >= BlockSize {
		var carry uint32
		c0, carry = bits.Add32(c0, BlockSize, 0)
		c1 += carry

`, *genericOut)
	for i := range 16 {
		p("m%d := binary.LittleEndian.Uint32(p[%d:])\n", i, 4*i)
	}
	p(`
		v0, v1, v2, v3, v4, v5, v6, v7 := h0, h1, h2, h3, h4, h5, h6, h7
		v8, v9, v10, v11 := iv[0], iv[1], iv[2], iv[3]
		v12, v13, v14, v15 := iv[4]^c0, iv[5]^c1, iv[6]^flag, iv[7]

`)
	blake2.WriteRounds(&w, rounds, 32, rot)
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
