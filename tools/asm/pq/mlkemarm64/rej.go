package main

import (
	"math/bits"

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
	g.offRejSpread = len(c.data)
	c.data = append(c.data, spread[:]...)
	g.offRejMask = c.halfwords(0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff)
	g.offRejOdd = c.halfwords(0, 0xffff, 0, 0xffff, 0, 0xffff, 0, 0xffff)
	g.offRejBits = c.halfwords(1, 2, 4, 8, 16, 32, 64, 128)

	// For each set m of kept lanes, the byte indexes of those lanes in
	// order, then 0xff (TBL's zero); after the 256 patterns, the sizes of
	// the sets.
	g.rej = &table{name: "mlkemNEONRej"}
	for m := range 256 {
		var idx [16]byte
		for i := range idx {
			idx[i] = 0xff
		}
		n := 0
		for i := range 8 {
			if m>>i&1 == 1 {
				idx[2*n], idx[2*n+1] = byte(2*i), byte(2*i+1)
				n++
			}
		}
		g.rej.data = append(g.rej.data, idx[:]...)
	}
	for m := range 256 {
		g.rej.data = append(g.rej.data, byte(bits.OnesCount8(uint8(m))))
	}
}

// rejSampleNEON emits the rejection sampling of Algorithm 7.
func (g *generator) rejSampleNEON() {
	k := &kernel{Program: g.p}
	g.text("rejSampleNEON", 56, `
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
	k.Op("MOVD\ta+0(FP), R0")
	k.Op("MOVD\tn+8(FP), R1")
	k.Op("MOVD\tbuf_base+16(FP), R2")
	k.Op("MOVD\tbuf_len+24(FP), R3")
	k.Op("MOVD\tR2, R4")
	k.Op("ADD\tR2, R3, R5")
	k.Op("SUB\t$32, R5, R5")
	k.Op("MOVD\t$%s, R6", g.consts.sym())
	k.LoadQ(0, g.offQ, "R6")
	k.LoadPairQ(1, 2, g.offRejSpread, "R6")
	k.LoadQ(3, g.offRejMask, "R6")
	k.LoadQ(4, g.offRejOdd, "R6")
	k.LoadQ(5, g.offRejBits, "R6")
	k.Op("MOVD\t$%s, R7", g.rej.sym())
	k.Op("ADD\t$4096, R7, R8")
	k.Label("rejLoop")
	k.Op("CMP\t$240, R1")
	k.Op("BGT\trejDone")
	k.Op("CMP\tR5, R2")
	k.Op("BHI\trejDone")
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
	k.Comment("Lanes below q, as bits of R9 and R10.")
	for h := range 2 {
		k.CMHI(neon.Arr8H, 22+neon.Reg(h), 0, 18+neon.Reg(h))
	}
	for h := range 2 {
		k.VAND(22+neon.Reg(h), 22+neon.Reg(h), 5)
		k.Op("VADDV\tV%d.H8, V%d", 22+h, 22+h)
		k.Op("VMOV\tV%d.H[0], R%d", 22+h, 9+h)
	}
	for h := range 2 {
		k.Comment("Pack the kept candidates of the half to a[n:] and add their number to n.")
		m := 9 + h
		k.Op("ADD\tR%d<<4, R7, R11", m)
		k.Op("VLD1\t(R11), %s", neon.RegList(24, 1, neon.Arr16B))
		k.VTBL(18+neon.Reg(h), 24, 18+neon.Reg(h), 1)
		k.Op("ADD\tR1<<1, R0, R12")
		k.Op("VST1\t%s, (R12)", neon.RegList(18+neon.Reg(h), 1, neon.Arr16B))
		k.Op("MOVBU\t(R8)(R%d), R13", m)
		k.Op("ADD\tR13, R1, R1")
	}
	k.Op("B\trejLoop")
	k.Label("rejDone")
	k.Op("SUB\tR4, R2, R2")
	k.Op("MOVD\tR1, ret+40(FP)")
	k.Op("MOVD\tR2, ret1+48(FP)")
	k.Op("RET")
	k.Printf("\n")
}
