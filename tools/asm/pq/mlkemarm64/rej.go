package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// rejTables adds the constants of rejSampleNEON: the TBL patterns that
// spread 24 bytes into sixteen 16-bit lanes, the masks that cut the
// candidates out of them, and the table of packing patterns and counts.
func (g *generator) rejTables() {
	c := g.consts
	// Lane 2t takes bytes 3t, 3t+1 and lane 2t+1 bytes 3t+1, 3t+2 of the
	// twelve bytes of its half.
	var spread [32]byte
	for h := range 2 {
		for t := range 4 {
			o := byte(12*h + 3*t)
			copy(spread[16*h+4*t:], []byte{o, o + 1, o + 1, o + 2})
		}
	}
	g.offRejSpread = c.Bytes(spread[:]...)
	g.offRejMask = neon.Halfwords(c, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff)
	g.offRejOdd = neon.Halfwords(c, 0, 0xffff, 0, 0xffff, 0, 0xffff, 0, 0xffff)
	g.offRejBits = neon.Halfwords(c, 1, 2, 4, 8, 16, 32, 64, 128)

	// The packing patterns of the eight 16-bit lanes of a half, then
	// their counts.
	g.rej = neon.PackTable("mlkemNEONRej", 8)
}

// rejSampleNEON emits the rejection sampling of Algorithm 7.
func (g *generator) rejSampleNEON() {
	k := g.kernel()
	k.Text("rejSampleNEON", 56, `
func rejSampleNEON(a *[256]uint16, n int, buf []byte) (int, int)

rejSampleNEON is rejSampleGeneric with NEON for a prefix of buf: it
returns the new n and the number of bytes of buf it consumed, a multiple
of 24. It stops when n > 240 or fewer than 32 bytes are left, so that its
16-byte stores stay inside a and its 32-byte loads inside buf. Its branches
and table indexes depend on buf, which is public. Registers: V0 q in every
lane, V1 and V2 the spreading patterns, V3 0x0fff, V4 the odd lanes, V5
the weights 2^i; R0 a, R1 n, R2 the next bytes, R4 their start, R5 the
last address a load may start at, R6 the constants, R7 the packing
patterns, R8 the counts.`)
	k.RejStart("n", 32)
	k.Op("MOVD\t$%s, R6", g.consts.Sym())
	k.LoadQ(0, g.offQ, "R6")
	k.LoadPairQ(1, 2, g.offRejSpread, "R6")
	k.LoadQ(3, g.offRejMask, "R6")
	k.LoadQ(4, g.offRejOdd, "R6")
	k.LoadQ(5, g.offRejBits, "R6")
	k.RejLoop(g.rej, 8, 240, "BHI")
	k.Op("VLD1\t(R2), %s", neon.RegList(16, 2, neon.Arr16B))
	k.Op("ADD\t$24, R2, R2")
	k.Comment("The sixteen candidates, eight in V18 and eight in V19.")
	for h := range 2 {
		k.VTBL(18+neon.Reg(h), 1+neon.Reg(h), 16, 2)
	}
	for h := range 2 {
		k.VUSHR(neon.Arr8H, 20+neon.Reg(h), 18+neon.Reg(h), 4)
	}
	for h := range 2 {
		k.VAND(18+neon.Reg(h), 18+neon.Reg(h), 3)
	}
	for h := range 2 {
		k.VBIT(18+neon.Reg(h), 20+neon.Reg(h), 4)
	}
	k.RejPack(neon.Arr8H, 18, 22, 0, 5, "n")
	k.RejReturn()
}
