package main

import (
	"math/bits"

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
	g.offRejSpread = len(c.data)
	c.data = append(c.data, spread[:]...)
	g.offRejMask = c.words(1<<23-1, 1<<23-1, 1<<23-1, 1<<23-1)
	g.offRejBits = c.words(1, 2, 4, 8)

	// For each set m of kept lanes, the byte indexes of those lanes in
	// order, then 0xff (TBL's zero); after the sixteen patterns, the
	// sizes of the sets.
	g.rej = &table{name: "mldsaNEONRej"}
	for m := range 16 {
		var idx [16]byte
		for i := range idx {
			idx[i] = 0xff
		}
		n := 0
		for i := range 4 {
			if m>>i&1 == 1 {
				for b := range 4 {
					idx[4*n+b] = byte(4*i + b)
				}
				n++
			}
		}
		g.rej.data = append(g.rej.data, idx[:]...)
	}
	for m := range 16 {
		g.rej.data = append(g.rej.data, byte(bits.OnesCount8(uint8(m))))
	}
}

// rejSampleNEON emits the loop of RejNTTPoly.
func (g *generator) rejSampleNEON() {
	k := &kernel{Program: g.p}
	g.text("rejSampleNEON", 56, `
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
	k.Op("MOVD\ta+0(FP), R0")
	k.Op("MOVD\tj+8(FP), R1")
	k.Op("MOVD\tbuf_base+16(FP), R2")
	k.Op("MOVD\tbuf_len+24(FP), R3")
	k.Op("MOVD\tR2, R4")
	k.Op("ADD\tR2, R3, R5")
	k.Op("SUB\t$24, R5, R5")
	k.Op("MOVD\t$%s, R6", g.consts.sym())
	k.LoadQ(0, g.offQ, "R6")
	k.LoadPairQ(1, 2, g.offRejSpread, "R6")
	k.LoadQ(3, g.offRejMask, "R6")
	k.LoadQ(4, g.offRejBits, "R6")
	k.Op("MOVD\t$%s, R7", g.rej.sym())
	k.Op("ADD\t$256, R7, R8")
	k.Label("rejLoop")
	k.Op("CMP\t$248, R1")
	k.Op("BGT\trejDone")
	k.Op("CMP\tR5, R2")
	k.Op("BGT\trejDone") // signed: R5 is below buf when len(buf) < 24
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
	k.Comment("Lanes below q, as bits of R9 and R10.")
	for h := range 2 {
		k.CMHI(neon.Arr4S, 20+neon.Reg(h), 0, 18+neon.Reg(h))
	}
	for h := range 2 {
		k.VAND(20+neon.Reg(h), 20+neon.Reg(h), 4)
		k.Op("VADDV\tV%d.S4, V%d", 20+h, 20+h)
		k.Op("VMOV\tV%d.S[0], R%d", 20+h, 9+h)
	}
	for h := range 2 {
		k.Comment("Pack the kept candidates of the half to a[j:] and add their number to j.")
		m := 9 + h
		k.Op("ADD\tR%d<<4, R7, R11", m)
		k.Op("VLD1\t(R11), %s", neon.RegList(24, 1, neon.Arr16B))
		k.VTBL(18+neon.Reg(h), 24, 18+neon.Reg(h), 1)
		k.Op("ADD\tR1<<2, R0, R12")
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
