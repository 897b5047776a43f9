package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// rejTables adds the constants of rejSampleNEON: the TBL patterns that
// spread 24 bytes into eight 32-bit lanes, the mask of 23 bits, the
// weights of the lanes, and the table of packing patterns and counts.
func (g *generator) rejTables() {
	c := g.consts
	// Lane t of half h takes bytes 3(4h + t) .. 3(4h + t) + 2; its top
	// byte is 0 (index 0xff, out of TBL's table).
	var spread [32]byte
	for h := range 2 {
		for t := range 4 {
			o := byte(3 * (4*h + t))
			copy(spread[16*h+4*t:], []byte{o, o + 1, o + 2, 0xff})
		}
	}
	g.offRejSpread = c.Bytes(spread[:]...)
	g.offRejMask = neon.Words(c, 1<<23-1, 1<<23-1, 1<<23-1, 1<<23-1)
	g.offRejBits = neon.Words(c, 1, 2, 4, 8)

	// The packing patterns of the four 32-bit lanes of a half, then their
	// counts.
	g.rej = neon.PackTable("mldsaNEONRej", 4)
}

// rejSampleNEON emits the loop of RejNTTPoly.
func (g *generator) rejSampleNEON() {
	k := g.kernel()
	k.Text("rejSampleNEON", 56, `
func rejSampleNEON(a *[256]uint32, j int, buf []byte) (int, int)

rejSampleNEON is rejSampleGeneric with NEON for a prefix of buf: it
returns the new j and the number of bytes of buf it consumed, a multiple
of 24. It stops when j > 248, so that its 16-byte stores stay inside a,
and reads no byte of buf past those it consumes. Its branches and table
indexes depend on buf, which is derived from ρ and public. Registers: V0
q in every lane, V1 and V2 the spreading patterns, V3 the 23-bit mask, V4
the weights 2^i; R0 a, R1 j, R2 the next bytes, R4 their start, R5 the
last address a step may start at, R6 the constants, R7 the packing
patterns, R8 the counts.`)
	k.RejStart("j", 24)
	k.Op("MOVD\t$%s, R6", g.consts.Sym())
	k.LoadQ(0, g.offQ, "R6")
	k.LoadPairQ(1, 2, g.offRejSpread, "R6")
	k.LoadQ(3, g.offRejMask, "R6")
	k.LoadQ(4, g.offRejBits, "R6")
	k.RejLoop(g.rej, 4, 248, "BGT") // signed: R5 is below buf when len(buf) < 24
	k.Comment("The 24 bytes of the step: sixteen in V16, eight in V17.")
	k.Op("VLD1\t(R2), %s", neon.RegList(16, 1, neon.Arr16B))
	k.Op("FMOVD\t16(R2), F17")
	k.Op("ADD\t$24, R2, R2")
	k.Comment("The eight candidates, four in V18 and four in V19.")
	for h := range 2 {
		k.VTBL(18+neon.Reg(h), 1+neon.Reg(h), 16, 2)
	}
	for h := range 2 {
		k.VAND(18+neon.Reg(h), 18+neon.Reg(h), 3)
	}
	k.RejPack(neon.Arr4S, 18, 20, 0, 4, "j")
	k.RejReturn()
}
