package main

import (
	"fmt"
	"math"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// kernel writes one function and tracks the bounds of its registers,
// which must fit a signed 16-bit lane.
type kernel struct{ *neon.Kernel[int] }

func (g *generator) kernel() *kernel {
	return &kernel{&neon.Kernel[int]{Program: g.p, Limit: math.MaxInt16}}
}

// barrettBound bounds a Barrett product a·z for |a| ≤ m: q/2 + q·m/2¹⁶.
func barrettBound(m int) int { return (q<<15 + q*m) >> 16 }

// reduceBound bounds the reduction of |a| ≤ m: q/2 + |10q − 2¹⁵|·m/2¹⁵.
func reduceBound(m int) int {
	e := reduceV*q - 1<<15
	if e < 0 {
		e = -e
	}
	return (q<<14 + e*m) >> 15
}

// twiddle is a factor z with its companion z': lanes of V registers (the
// by-element forms, registers V0..V15) or whole vectors.
type twiddle struct{ z, zt neon.Multiplier }

func elemTw(z neon.Reg, lane int, zt neon.Reg, laneT int) twiddle {
	return twiddle{neon.Lane(z, lane), neon.Lane(zt, laneT)}
}

func vecTw(z, zt neon.Reg) twiddle { return twiddle{neon.Whole(z), neon.Whole(zt)} }

// mulZ sets d = n·z mod 2¹⁶.
func (k *kernel) mulZ(d, n neon.Reg, tw twiddle) { k.MULBy(neon.Arr8H, d, n, tw.z) }

// mulZt sets d = round(n·z'/2¹⁵).
func (k *kernel) mulZt(d, n neon.Reg, tw twiddle) { k.SQRDMULHBy(neon.Arr8H, d, n, tw.zt) }

// subQ sets d = d − h·q mod 2¹⁶.
func (k *kernel) subQ(d, h neon.Reg) { k.MLSElem(neon.Arr8H, d, h, cReg, laneQ) }

// pair is one butterfly on two registers.
type pair = neon.Butterfly[twiddle]

// ctLayer emits Cooley-Tukey butterflies (a, b) ← (a + z·b, a − z·b), one
// step of all of them at a time.
func (k *kernel) ctLayer(title string, temps []neon.Reg, ps []pair) {
	k.Comment(title + ".")
	neon.Chunks(ps, temps, 2, func(ps []pair, t [][]neon.Reg) {
		prod, h := t[0], t[1]
		for i, x := range ps {
			k.mulZt(h[i], x.B, x.W)
		}
		for i, x := range ps {
			k.mulZ(prod[i], x.B, x.W)
		}
		for i := range ps {
			k.subQ(prod[i], h[i])
		}
		for i, x := range ps {
			k.VSUB(neon.Arr8H, x.B, x.A, prod[i])
		}
		for i, x := range ps {
			k.VADD(neon.Arr8H, x.A, x.A, prod[i])
		}
		for _, x := range ps {
			s := k.Bound[x.A] + barrettBound(k.Bound[x.B])
			k.Set(x.A, s)
			k.Set(x.B, s)
		}
	})
	k.NoteBounds(neon.Sides(ps))
}

// gsLayer emits Gentleman-Sande butterflies (a, b) ← (a + b, z·(b − a)).
func (k *kernel) gsLayer(title string, temps []neon.Reg, ps []pair) {
	k.Comment(title + ".")
	neon.Chunks(ps, temps, 2, func(ps []pair, t [][]neon.Reg) {
		d, h := t[0], t[1]
		k.sumDiff(ps, d)
		for i, x := range ps {
			k.mulZt(h[i], d[i], x.W)
		}
		for i, x := range ps {
			k.mulZ(x.B, d[i], x.W)
		}
		for i, x := range ps {
			k.subQ(x.B, h[i])
		}
		for _, x := range ps {
			s := k.Bound[x.A] + k.Bound[x.B]
			k.Set(x.A, s)
			k.Set(x.B, barrettBound(s))
		}
	})
	k.NoteBounds(neon.Sides(ps))
}

// sumDiff sets d[i] = b − a, then a = a + b, for the butterflies (a, b)
// of ps: the sums and differences of Gentleman-Sande butterflies.
func (k *kernel) sumDiff(ps []pair, d []neon.Reg) {
	for i, x := range ps {
		k.VSUB(neon.Arr8H, d[i], x.B, x.A)
	}
	for _, x := range ps {
		k.VADD(neon.Arr8H, x.A, x.A, x.B)
	}
}

// reduce maps each register to a residue of at most reduceBound.
func (k *kernel) reduce(temps []neon.Reg, rs ...neon.Reg) {
	before := k.MaxBound(rs...)
	k.Comment(fmt.Sprintf("Reduce: |x| ≤ %d becomes |x| ≤ %d.", before, reduceBound(before)))
	for len(rs) > 0 {
		c := rs[:min(len(temps), len(rs))]
		rs = rs[len(c):]
		for i, r := range c {
			k.SQRDMULHElem(neon.Arr8H, temps[i], r, cReg, laneV)
		}
		for i, r := range c {
			k.subQ(r, temps[i])
			k.Set(r, reduceBound(k.Bound[r]))
		}
	}
}

// normalize maps each register from (−q, q) to [0, q), with qv holding q in
// every lane.
func (k *kernel) normalize(temps []neon.Reg, qv neon.Reg, rs ...neon.Reg) {
	for _, r := range rs {
		neon.Check(k.Bound[r] < q, "normalizing V%d, which may reach %d", r, k.Bound[r])
	}
	k.Normalize(neon.Arr8H, temps, qv, rs...)
}

// Registers of the transforms.
//
//	V0            the general constants (q, 10)
//	V1, V2        the factors of the first (or last) three layers, by
//	              element; in the block loop V1..V14 hold the table of
//	              the two blocks
//	V15           q in every lane
//	V16..V31      the two columns of the first three layers; V16..V23 the
//	              two blocks of the last four, V24..V31 their temporaries
const (
	vQ       neon.Reg = 15
	colBase  neon.Reg = 16
	blockReg neon.Reg = 16
)

// col is register m of column c in the first three layers.
func col(c, m int) neon.Reg { return colBase + neon.Reg(8*c+m) }

// blk is register i of block b in the last four layers.
func blk(b, i int) neon.Reg { return blockReg + neon.Reg(4*b+i) }

// blkRegs are the four registers of block b.
func blkRegs(b int) [4]neon.Reg { return [4]neon.Reg{blk(b, 0), blk(b, 1), blk(b, 2), blk(b, 3)} }

// The block table's registers for block b: the scalar vector and the
// vector factors.
func blkScalar(b int) neon.Reg { return 1 + neon.Reg(b) }

// blkScalarTw is factor s (0: fourth layer, 1, 2: fifth) of block b.
func blkScalarTw(b, s int) twiddle { return elemTw(blkScalar(b), s, blkScalar(b), 4+s) }

// blkVecTw is vector factor i (0: sixth layer, 1, 2: seventh) of block b.
func blkVecTw(b, i int) twiddle {
	return vecTw(3+neon.Reg(6*b+2*i), 4+neon.Reg(6*b+2*i))
}

// loadBlockTable loads the next fourteen vectors of the table at R1 into
// V1..V14.
func (k *kernel) loadBlockTable() { k.LoadVectors(1, 14, neon.Arr8H, "R1") }

func (g *generator) loadConsts(k *kernel) {
	k.Op("MOVD\t$%s, R4", g.consts.Sym())
	k.LoadQ(cReg, g.offGeneral, "R4")
	k.LoadQ(vQ, g.offQ, "R4")
}

// nttNEON emits the forward transform.
func (g *generator) nttNEON() {
	k := g.kernel()
	k.Text("nttNEON", 8, `
func nttNEON(f *[256]uint16)

nttNEON replaces the coefficients of f with its NTT representation:
nttGeneric with NEON. Registers: V0 the constants q and 10 (lanes 0, 1),
V15 q in every lane; in the first three layers V1 and V2 their factors and
companions (lanes 0..6), V16..V31 two columns of coefficients, V3..V14
temporaries; in the last four V1..V14 the factors of two blocks, V16..V23
the blocks, V24..V31 temporaries. R0 f, R1 the block table, R2 the block
loads, R3 the iterations left, R4 the constants.`)
	k.Op("MOVD\tf+0(FP), R0")
	g.loadConsts(k)
	k.LoadQ(1, g.offFwdZ, "R4")
	k.LoadQ(2, g.offFwdZt, "R4")

	// mem[i] bounds the coefficients at 8i..8i+7 modulo 32.
	mem := [4]int{q - 1, q - 1, q - 1, q - 1}
	temps := neon.Regs(3, 12)
	tw := func(lane int) twiddle { return elemTw(1, lane, 2, lane) }
	for _, j0 := range []int{0, 16} {
		k.Comment(fmt.Sprintf("Layers 1 to 3 on the coefficients j + 32m, m = 0..7, for j = %d..%d.", j0, j0+15))
		for m := range 8 {
			k.LoadPairQ(col(0, m), col(1, m), 2*j0+64*m, "R0")
			k.Set(col(0, m), mem[j0/8])
			k.Set(col(1, m), mem[j0/8+1])
		}
		var l1, l2, l3 []pair
		for c := range 2 {
			for m := range 4 {
				l1 = append(l1, pair{A: col(c, m), B: col(c, m+4), W: tw(0)})
			}
			for _, m := range []int{0, 1, 4, 5} {
				l2 = append(l2, pair{A: col(c, m), B: col(c, m+2), W: tw(1 + m/4)})
			}
			for m := 0; m < 8; m += 2 {
				l3 = append(l3, pair{A: col(c, m), B: col(c, m+1), W: tw(3 + m/2)})
			}
		}
		k.ctLayer("Layer 1, distance 128", temps, l1)
		k.ctLayer("Layer 2, distance 64", temps, l2)
		k.ctLayer("Layer 3, distance 32", temps, l3)
		for m := range 8 {
			k.StorePairQ(col(0, m), col(1, m), 2*j0+64*m, "R0")
		}
		mem[j0/8] = k.MaxBound(neon.Regs(col(0, 0), 8)...)
		mem[j0/8+1] = k.MaxBound(neon.Regs(col(1, 0), 8)...)
	}

	k.Comment("Layers 4 to 7 on blocks of 32 coefficients, two at a time.")
	k.Op("MOVD\t$%s, R1", g.fwd.Sym())
	k.Op("MOVD\tR0, R2")
	k.Op("MOVD\t$4, R3")
	k.Label("fwdBlocks")
	k.loadBlockTable()
	k.Loads("VLD1.P", neon.Arr8H, "R2", blk(0, 0), blk(1, 0))
	for b := range 2 {
		for i := range 4 {
			k.Set(blk(b, i), mem[i])
		}
	}
	temps = neon.Regs(24, 8)
	l4, l5, l6, l7 := neon.BlockLayers(blk, blkScalarTw, blkVecTw)
	k.ctLayer("Layer 4, distance 16", temps, l4)
	k.ctLayer("Layer 5, distance 8", temps, l5)
	k.Comment("Transpose each block: register j then holds the pairs 4i + j, i = 0..3.")
	k.Transpose(blkRegs(0), [4]neon.Reg{24, 25, 26, 27})
	k.Transpose(blkRegs(1), [4]neon.Reg{28, 29, 30, 31})
	k.ctLayer("Layer 6, distance 4", temps, l6)
	k.ctLayer("Layer 7, distance 2", temps, l7)
	all := neon.Regs(blockReg, 8)
	k.reduce(temps, all...)
	k.normalize(temps, vQ, all...)
	k.Comment("ST4 undoes the transposition.")
	k.Stores("VST4.P", neon.Arr4S, "R0", blk(0, 0), blk(1, 0))
	k.CountDown("R3", "fwdBlocks")
	k.Op("RET")
	k.Printf("\n")
}

// inverseNTTNEON emits the inverse transform.
func (g *generator) inverseNTTNEON() {
	k := g.kernel()
	k.Text("inverseNTTNEON", 8, `
func inverseNTTNEON(f *[256]uint16)

inverseNTTNEON replaces the NTT representation in f with the polynomial
it represents: inverseNTTGeneric with NEON. Registers as in nttNEON; the
last three layers' factors in V1 and V2 are those of the third layer
(lanes 0..3), the second (4, 5), 128⁻¹ (6) and ζ·128⁻¹ (7).`)
	k.Op("MOVD\tf+0(FP), R0")
	g.loadConsts(k)

	mem := [4]int{q - 1, q - 1, q - 1, q - 1}
	k.Comment("Layers 7 to 4 on blocks of 32 coefficients, two at a time.")
	k.Op("MOVD\t$%s, R1", g.inv.Sym())
	k.Op("MOVD\tR0, R2")
	k.Op("MOVD\t$4, R3")
	k.Label("invBlocks")
	k.loadBlockTable()
	k.Comment("LD4 loads each block transposed: register j holds the pairs 4i + j.")
	k.Loads("VLD4.P", neon.Arr4S, "R2", blk(0, 0), blk(1, 0))
	all := neon.Regs(blockReg, 8)
	for _, r := range all {
		k.Set(r, k.maxBoundMem(mem))
	}
	temps := neon.Regs(24, 8)
	l4, l5, l6, l7 := neon.BlockLayers(blk, blkScalarTw, blkVecTw)
	k.gsLayer("Layer 7, distance 2", temps, l7)
	k.gsLayer("Layer 6, distance 4", temps, l6)
	k.reduce(temps, blk(0, 0), blk(1, 0))
	k.Comment("Transpose each block back: register i holds the coefficients 8i..8i+7.")
	k.Transpose(blkRegs(0), [4]neon.Reg{24, 25, 26, 27})
	k.Transpose(blkRegs(1), [4]neon.Reg{28, 29, 30, 31})
	k.gsLayer("Layer 5, distance 8", temps, l5)
	k.gsLayer("Layer 4, distance 16", temps, l4)
	k.reduce(temps, blk(0, 0), blk(1, 0))
	k.Stores("VST1.P", neon.Arr8H, "R0", blk(0, 0), blk(1, 0))
	k.CountDown("R3", "invBlocks")
	for i := range 4 {
		mem[i] = max(k.Bound[blk(0, i)], k.Bound[blk(1, i)])
	}

	k.Op("SUB\t$512, R0, R0")
	k.LoadQ(1, g.offInvZ, "R4")
	k.LoadQ(2, g.offInvZt, "R4")
	temps = neon.Regs(3, 12)
	tw := func(lane int) twiddle { return elemTw(1, lane, 2, lane) }
	for _, j0 := range []int{0, 16} {
		k.Comment(fmt.Sprintf("Layers 3 to 1 on the coefficients j + 32m, m = 0..7, for j = %d..%d.", j0, j0+15))
		for m := range 8 {
			k.LoadPairQ(col(0, m), col(1, m), 2*j0+64*m, "R0")
			k.Set(col(0, m), mem[j0/8])
			k.Set(col(1, m), mem[j0/8+1])
		}
		var l3, l2, l1 []pair
		for c := range 2 {
			for m := 0; m < 8; m += 2 {
				l3 = append(l3, pair{A: col(c, m), B: col(c, m+1), W: tw(m / 2)})
			}
			for _, m := range []int{0, 1, 4, 5} {
				l2 = append(l2, pair{A: col(c, m), B: col(c, m+2), W: tw(4 + m/4)})
			}
			for m := range 4 {
				l1 = append(l1, pair{A: col(c, m), B: col(c, m+4), W: tw(7)})
			}
		}
		k.gsLayer("Layer 3, distance 32", temps, l3)
		k.gsLayer("Layer 2, distance 64", temps, l2)
		// The first layer adds registers 0 and 4 of a column, each a
		// sum of four: reduce register 0 where that sum could overflow.
		var red []neon.Reg
		for c := range 2 {
			if k.Bound[col(c, 0)]+k.Bound[col(c, 4)] > math.MaxInt16 {
				red = append(red, col(c, 0))
			}
		}
		if len(red) > 0 {
			k.reduce(temps, red...)
		}
		k.gsScaledLayer(temps, l1, tw(6))
		colRegs := neon.Regs(colBase, 16)
		k.normalize(temps, vQ, colRegs...)
		for m := range 8 {
			k.StorePairQ(col(0, m), col(1, m), 2*j0+64*m, "R0")
		}
	}
	k.Op("RET")
	k.Printf("\n")
}

func (k *kernel) maxBoundMem(mem [4]int) int { return max(mem[0], mem[1], mem[2], mem[3]) }

// gsScaledLayer emits the first layer of the inverse transform with the
// final scaling: (a, b) ← ((a + b)·s, (b − a)·z·s), with z·s the pairs'
// factor and s the one given.
func (k *kernel) gsScaledLayer(temps []neon.Reg, ps []pair, s twiddle) {
	k.Comment("Layer 1, distance 128, and the scaling by 128⁻¹.")
	neon.Chunks(ps, temps, 3, func(ps []pair, t [][]neon.Reg) {
		d, ha, hb := t[0], t[1], t[2]
		k.sumDiff(ps, d)
		for i, x := range ps {
			k.mulZt(ha[i], x.A, s)
			k.mulZt(hb[i], d[i], x.W)
		}
		for i, x := range ps {
			k.mulZ(x.A, x.A, s)
			k.mulZ(x.B, d[i], x.W)
		}
		for i, x := range ps {
			k.subQ(x.A, ha[i])
			k.subQ(x.B, hb[i])
		}
		for _, x := range ps {
			sum := k.Bound[x.A] + k.Bound[x.B]
			neon.Check(sum <= math.MaxInt16, "layer 1 sum may reach %d", sum)
			k.Set(x.A, barrettBound(sum))
			k.Set(x.B, barrettBound(sum))
		}
	})
	k.NoteBounds(neon.Sides(ps))
}

// dotNTTNEON emits the sums of NTT-domain products.
func (g *generator) dotNTTNEON() {
	k := g.kernel()
	k.Text("dotNTTNEON", 40, `
func dotNTTNEON(out *[256]uint16, a *[256]uint16, stride int, b *[256]uint16, k int)

dotNTTNEON sets out to the sum of a[i·stride] × b[i] for i < k, 1 ≤ k ≤ 4:
dotNTTGeneric with NEON. Each iteration of the outer loop computes 32
coefficients, two chunks of sixteen, which LD2 splits into their eight a0
and eight a1 (b0, b1). Registers: V0 the constants, V1 round(2³¹/q) in
32-bit lanes, V2..V5 the chunks' γ and companions, V6..V13 a and b,
V16..V23 the 32-bit sums (even and odd coefficients, low and high halves,
per chunk), V24..V27 b1·γ and temporaries, V15 q in every lane; R0 out,
R1 a, R2 the stride in bytes less 32, R3 b, R4 k, R5 the constants, R6 the
γ table, R7 the iterations left, R8, R9 and R10 the inner loop's a, b and
terms left.`)
	k.Args("out+0", "a+8", "stride+16", "b+24", "k+32")
	k.Op("LSL\t$9, R2, R2")
	k.Op("SUB\t$32, R2, R2")
	k.Op("MOVD\t$%s, R5", g.consts.Sym())
	k.LoadQ(cReg, g.offGeneral, "R5")
	k.LoadQ(1, g.offDotV, "R5")
	k.LoadQ(vQ, g.offQ, "R5")
	k.Op("MOVD\t$%s, R6", g.gam.Sym())
	k.Op("MOVD\t$8, R7")
	k.Label("dotChunks")
	k.Op("VLD1.P\t64(R6), %s", neon.RegList(2, 4, neon.Arr8H))
	acc := func(c, odd, hi int) neon.Reg { return neon.Reg(16 + 4*c + 2*odd + hi) }
	for r := neon.Reg(16); r < 24; r++ {
		k.VEOR(r, r, r)
	}
	k.Op("MOVD\tR1, R8")
	k.Op("MOVD\tR3, R9")
	k.Op("MOVD\tR4, R10")
	k.Label("dotTerms")
	a0 := func(c int) neon.Reg { return neon.Reg(6 + 2*c) }
	a1 := func(c int) neon.Reg { return neon.Reg(7 + 2*c) }
	b0 := func(c int) neon.Reg { return neon.Reg(10 + 2*c) }
	b1 := func(c int) neon.Reg { return neon.Reg(11 + 2*c) }
	b1g := func(c int) neon.Reg { return neon.Reg(26 + c) }
	h := func(c int) neon.Reg { return neon.Reg(24 + c) }
	k.Op("VLD2.P\t32(R8), %s", neon.RegList(a0(0), 2, neon.Arr8H))
	k.Op("VLD2\t(R8), %s", neon.RegList(a0(1), 2, neon.Arr8H))
	k.Op("VLD2.P\t32(R9), %s", neon.RegList(b0(0), 2, neon.Arr8H))
	k.Op("VLD2\t(R9), %s", neon.RegList(b0(1), 2, neon.Arr8H))
	k.Op("ADD\tR2, R8, R8")
	k.Op("ADD\t$480, R9, R9")
	gt := func(c int) twiddle { return vecTw(neon.Reg(2+2*c), neon.Reg(3+2*c)) }
	k.Comment("b1·γ, in (−q, q).")
	for c := range 2 {
		k.mulZt(h(c), b1(c), gt(c))
	}
	for c := range 2 {
		k.mulZ(b1g(c), b1(c), gt(c))
	}
	for c := range 2 {
		k.subQ(b1g(c), h(c))
	}
	k.Comment("Even coefficients: a0·b0 + a1·b1·γ; odd ones: a0·b1 + a1·b0.")
	for _, t := range [][2]func(int) neon.Reg{{a0, b0}, {a1, b1g}} {
		for c := range 2 {
			for hi := range 2 {
				k.SMLAL([2]neon.Arrangement{neon.Arr4H, neon.Arr8H}[hi], acc(c, 0, hi), t[0](c), t[1](c))
			}
		}
	}
	for _, t := range [][2]func(int) neon.Reg{{a0, b1}, {a1, b0}} {
		for c := range 2 {
			for hi := range 2 {
				k.SMLAL([2]neon.Arrangement{neon.Arr4H, neon.Arr8H}[hi], acc(c, 1, hi), t[0](c), t[1](c))
			}
		}
	}
	k.CountDown("R10", "dotTerms")

	// The bounds: |b1·γ| ≤ barrettBound(q−1), so each term of a sum is at
	// most (q−1)·(q−1 + that), and there are at most maxK of them.
	// In int64, so that the generator also builds where int has 32 bits.
	term := int64(q-1) * int64(q-1+barrettBound(q-1))
	sum := maxK * term
	neon.Check(sum < 1<<31, "the sums may reach %d", sum)
	e := int64(dotV)*q - 1<<31
	if e < 0 {
		e = -e
	}
	red := (int64(q)<<30 + e*sum) >> 31 // q/2 + e·|x|/2³¹
	neon.Check(red < q, "the reduced sums may reach %d", red)
	k.Comment(fmt.Sprintf("|sums| ≤ %d for k ≤ %d; reduced: |x| ≤ %d.", sum, maxK, red))
	res := func(c, odd int) neon.Reg { return neon.Reg(6 + 2*c + odd) }
	tmp := func(c, odd, hi int) neon.Reg { return neon.Reg(24 + 4*c + 2*odd + hi) }
	for c := range 2 {
		for odd := range 2 {
			for hi := range 2 {
				k.SQRDMULH(neon.Arr4S, tmp(c, odd, hi), acc(c, odd, hi), 1)
			}
		}
	}
	for c := range 2 {
		for odd := range 2 {
			k.VUZP1(neon.Arr8H, res(c, odd), acc(c, odd, 0), acc(c, odd, 1))
			k.VUZP1(neon.Arr8H, acc(c, odd, 0), tmp(c, odd, 0), tmp(c, odd, 1))
		}
	}
	var out []neon.Reg
	for c := range 2 {
		for odd := range 2 {
			k.subQ(res(c, odd), acc(c, odd, 0))
			k.Bound[res(c, odd)] = int(red)
			out = append(out, res(c, odd))
		}
	}
	k.normalize(neon.Regs(24, 4), vQ, out...)
	k.Comment("ST2 interleaves the even and odd coefficients again.")
	k.Op("VST2.P\t%s, 32(R0)", neon.RegList(res(0, 0), 2, neon.Arr8H))
	k.Op("VST2.P\t%s, 32(R0)", neon.RegList(res(1, 0), 2, neon.Arr8H))
	k.Op("ADD\t$64, R1, R1")
	k.Op("ADD\t$64, R3, R3")
	k.CountDown("R7", "dotChunks")
	k.Op("RET")
	k.Printf("\n")
}
