package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// vQ holds q in every lane in the products.
const vQ neon.Reg = 31

// maxTerms is the largest number of terms of a sum that mulAccNEON
// reduces correctly: the sums must stay below q·2³².
const maxTerms = (q << 32) / ((q - 1) * (q - 1))

// mulAccNEON emits the sums of products of NTT representations.
func (g *generator) mulAccNEON() {
	k := g.kernel()
	k.Text("mulAccNEON", 72, fmt.Sprintf(`
func mulAccNEON(out *[256]uint32, a [][256]uint32, b [][256]uint32, x *[256]uint32, y *[256]uint32)

mulAccNEON sets out to (Σ a[j]∘b[j] + x∘y)·2⁻³² mod q for j < len(a), with
len(b) ≥ len(a), x and y nil for no last term, and at most %d terms:
mulAccGeneric with NEON. Each iteration computes sixteen coefficients,
whose sums UMLAL and UMLAL2 accumulate in 64-bit lanes. Registers: V0
the constants, V1..V4 a chunk of a[j] (then of x), V5..V8 of b[j] (then of
y), V16..V23 the sums (low and high halves of each chunk register),
V24..V27 their low words and the multiples of q, V31 q in every lane; R0
out, R1 a, R2 len(a), R3 b, R4 x, R5 y, R6 the constants, R7 the chunk's
offset, R8..R10 the inner loop's a[j], b[j] and terms left, R11 and R12
the chunk's x and y.`, maxTerms))
	k.Args("out+0", "a_base+8", "a_len+16", "b_base+32", "x+56", "y+64")
	g.loadGeneral(k, "R6")
	k.LoadQ(vQ, g.offQ, "R6")
	k.Op("MOVD\tZR, R7")
	k.Label("mulAccChunks")
	lo := func(i int) neon.Reg { return 16 + neon.Reg(2*i) }
	hi := func(i int) neon.Reg { return 17 + neon.Reg(2*i) }
	for r := neon.Reg(16); r < 24; r++ {
		k.VEOR(r, r, r)
	}
	accumulate := func(pa, pb string) {
		k.Op("VLD1\t(%s), %s", pa, neon.RegList(1, 4, neon.Arr4S))
		k.Op("VLD1\t(%s), %s", pb, neon.RegList(5, 4, neon.Arr4S))
		for i := range 4 {
			k.UMLAL(neon.Arr2S, lo(i), 1+neon.Reg(i), 5+neon.Reg(i))
			k.UMLAL(neon.Arr4S, hi(i), 1+neon.Reg(i), 5+neon.Reg(i))
		}
	}
	k.Op("ADD\tR7, R1, R8")
	k.Op("ADD\tR7, R3, R9")
	k.Op("MOVD\tR2, R10")
	k.Op("CBZ\tR10, mulAccLast")
	k.Label("mulAccTerms")
	accumulate("R8", "R9")
	k.Op("ADD\t$1024, R8, R8")
	k.Op("ADD\t$1024, R9, R9")
	k.CountDown("R10", "mulAccTerms")
	k.Label("mulAccLast")
	k.Op("CBZ\tR4, mulAccReduce")
	k.Op("ADD\tR7, R4, R11")
	k.Op("ADD\tR7, R5, R12")
	accumulate("R11", "R12")
	k.Label("mulAccReduce")
	k.Comment(fmt.Sprintf("Sums below %d·(q−1)² < q·2³²: add m·q, m = s·(−q⁻¹) mod 2³²; the high words are below 2q.", maxTerms))
	g.reduceSums(k, lo, hi, neon.Regs(24, 4), neon.Regs(1, 4), neon.Regs(5, 4), vQ)
	k.Op("VST1.P\t%s, 64(R0)", neon.RegList(1, 4, neon.Arr4S))
	k.Op("ADD\t$64, R7, R7")
	k.Op("CMP\t$1024, R7")
	k.Op("BNE\tmulAccChunks")
	k.Op("RET")
	k.Printf("\n")
}

// reduceSums sets out[i] to s·2⁻³² mod q, in [0, q), for the four 64-bit
// sums s below q·2³² in lo(i) and hi(i) (montReduce), through the
// temporaries m and t.
func (g *generator) reduceSums(k *kernel, lo, hi func(int) neon.Reg, m, out, t []neon.Reg, qv neon.Reg) {
	for i := range 4 {
		k.VUZP1(neon.Arr4S, m[i], lo(i), hi(i))
	}
	for i := range 4 {
		k.MULElem(neon.Arr4S, m[i], m[i], vGen, laneQInvNeg)
	}
	for i := range 4 {
		k.UMLAL(neon.Arr2S, lo(i), m[i], qv)
		k.UMLAL(neon.Arr4S, hi(i), m[i], qv)
	}
	for i := range 4 {
		k.VUZP2(neon.Arr4S, out[i], lo(i), hi(i))
	}
	k.Comment("Into [0, q): the unsigned minimum of t and t − q.")
	for i := range 4 {
		k.VSUB(neon.Arr4S, t[i], out[i], qv)
	}
	for i := range 4 {
		k.VUMIN(neon.Arr4S, out[i], out[i], t[i])
	}
}

// mulNTTNEON emits the coefficient-wise products.
func (g *generator) mulNTTNEON() {
	k := g.kernel()
	k.Text("mulNTTNEON", 24, `
func mulNTTNEON(out *[256]uint32, a *[256]uint32, b *[256]uint32)

mulNTTNEON sets out to a∘b·2⁻³² mod q: mulNTTGeneric with NEON, 32
coefficients per iteration, each product a signed Montgomery product with
the factor b and its companion b·q⁻¹. Registers: V0 the constants, V1..V8
a, then the multiples of q, V9..V16 b, then its companions, V17..V24 the
products, V31 q in every lane; R0 out, R1 a, R2 b, R3 the iterations left.`)
	k.Args("out+0", "a+8", "b+16")
	g.loadGeneral(k, "R3")
	k.LoadQ(vQ, g.offQ, "R3")
	k.Op("MOVD\t$8, R3")
	k.Label("mulNTTLoop")
	a, b, p := neon.Regs(1, 8), neon.Regs(9, 8), neon.Regs(17, 8)
	k.Loads("VLD1.P", neon.Arr4S, "R1", a[0], a[4])
	k.Loads("VLD1.P", neon.Arr4S, "R2", b[0], b[4])
	for i := range 8 {
		k.SQDMULH(neon.Arr4S, p[i], a[i], b[i])
	}
	for i := range 8 {
		k.MULElem(neon.Arr4S, b[i], b[i], vGen, laneQInv)
	}
	for i := range 8 {
		k.MUL(neon.Arr4S, a[i], a[i], b[i])
	}
	for i := range 8 {
		k.mulQ(a[i])
	}
	for i := range 8 {
		k.SHSUB(neon.Arr4S, p[i], p[i], a[i])
		k.Set(p[i], montBound(q-1, q-1))
	}
	k.Comment(fmt.Sprintf("|products| ≤ %d.", k.Bound[p[0]]))
	k.toField(a, vQ, p...)
	k.Stores("VST1.P", neon.Arr4S, "R0", p[0], p[4])
	k.CountDown("R3", "mulNTTLoop")
	k.Op("RET")
	k.Printf("\n")
}
