package main

import (
	"fmt"
	"math"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// kernel writes one function and tracks the bounds of its registers,
// which must fit a signed 32-bit lane.
type kernel struct{ *neon.Kernel[int64] }

func (g *generator) kernel() *kernel {
	return &kernel{&neon.Kernel[int64]{Program: g.p, Limit: math.MaxInt32}}
}

// maxFactor bounds the factors of the tables: centered, |z| ≤ (q−1)/2.
const maxFactor = (q - 1) / 2

// montBound bounds the Montgomery product of |a| ≤ m and |z| ≤ zb:
// (m·zb + 2³¹·q)/2³².
func montBound(m, zb int64) int64 {
	neon.Check(m < 1<<31, "Montgomery product of a value that may reach %d", m)
	return (m*zb + q<<31) >> 32
}

// twiddle is a factor z with its companion z' = z·q⁻¹ mod 2³²: lanes of
// registers (the by-element forms) or whole vectors. zb bounds |z|.
type twiddle struct {
	z, zq neon.Multiplier
	zb    int64
}

func elemTw(z neon.Reg, lane int, zq neon.Reg, laneQ int) twiddle {
	return twiddle{neon.Lane(z, lane), neon.Lane(zq, laneQ), maxFactor}
}

func vecTw(z, zq neon.Reg) twiddle { return twiddle{neon.Whole(z), neon.Whole(zq), maxFactor} }

// mulHi sets d = ⌊2·n·z/2³²⌋ (SQDMULH).
func (k *kernel) mulHi(d, n neon.Reg, tw twiddle) { k.SQDMULHBy(neon.Arr4S, d, n, tw.z) }

// mulLo sets d = n·z' mod 2³² (MUL).
func (k *kernel) mulLo(d, n neon.Reg, tw twiddle) { k.MULBy(neon.Arr4S, d, n, tw.zq) }

// mulQ sets d = ⌊2·d·q/2³²⌋.
func (k *kernel) mulQ(d neon.Reg) { k.SQDMULHElem(neon.Arr4S, d, d, vGen, laneQ) }

// montSteps emits the Montgomery products d[i] = a[i]·z[i]·2⁻³² through
// the temporaries t, one step of all of them at a time: d[i] may be a[i]
// but not t[i].
func (k *kernel) montSteps(d, a, t []neon.Reg, tw []twiddle) {
	for i := range d {
		k.mulLo(t[i], a[i], tw[i])
	}
	for i := range d {
		k.mulHi(d[i], a[i], tw[i])
	}
	for i := range d {
		k.mulQ(t[i])
	}
	for i := range d {
		k.SHSUB(neon.Arr4S, d[i], d[i], t[i])
	}
}

// pair is one butterfly on two registers.
type pair = neon.Butterfly[twiddle]

func fields(ps []pair) (a, b []neon.Reg, tw []twiddle) {
	for _, x := range ps {
		a = append(a, x.A)
		b = append(b, x.B)
		tw = append(tw, x.W)
	}
	return a, b, tw
}

// ctLayer emits Cooley-Tukey butterflies (a, b) ← (a + z·b, a − z·b), as
// nttGeneric computes them.
func (k *kernel) ctLayer(title string, temps []neon.Reg, ps []pair) {
	k.Comment(title + ".")
	neon.Chunks(ps, temps, 2, func(ps []pair, t [][]neon.Reg) {
		a, b, tw := fields(ps)
		prod := t[0]
		k.montSteps(prod, b, t[1], tw)
		for i := range ps {
			k.VSUB(neon.Arr4S, b[i], a[i], prod[i])
		}
		for i := range ps {
			k.VADD(neon.Arr4S, a[i], a[i], prod[i])
		}
		for _, x := range ps {
			s := k.Bound[x.A] + montBound(k.Bound[x.B], x.W.zb)
			k.Set(x.A, s)
			k.Set(x.B, s)
		}
	})
	k.NoteBounds(neon.Sides(ps))
}

// gsLayer emits Gentleman-Sande butterflies (a, b) ← (a + b, z·(a − b)),
// as inverseNTTScaledGeneric computes them with z = −zetasMont[m].
func (k *kernel) gsLayer(title string, temps []neon.Reg, ps []pair) {
	k.Comment(title + ".")
	neon.Chunks(ps, temps, 2, func(ps []pair, t [][]neon.Reg) {
		a, b, tw := fields(ps)
		d := t[0]
		k.sumDiff(a, b, d)
		k.montSteps(b, d, t[1], tw)
		for _, x := range ps {
			s := k.Bound[x.A] + k.Bound[x.B]
			k.Set(x.A, s)
			k.Set(x.B, montBound(s, x.W.zb))
		}
	})
	k.NoteBounds(neon.Sides(ps))
}

// toField maps each register from (−q, q) to [0, q) (fieldFromInt), with
// qv holding q in every lane: the unsigned minimum of r and r + q.
func (k *kernel) toField(temps []neon.Reg, qv neon.Reg, rs ...neon.Reg) {
	for _, r := range rs {
		neon.Check(k.Bound[r] < q, "mapping V%d, which may reach %d, to [0, q)", r, k.Bound[r])
	}
	k.Normalize(neon.Arr4S, temps, qv, rs...)
}

// freeze maps each register to (−q, q): r = a − t·q with t = ⌊(a +
// 2²²)/2²³⌋ (SRSHR and MLS), then to [0, q).
func (k *kernel) freeze(temps []neon.Reg, qv neon.Reg, rs ...neon.Reg) {
	m := k.MaxBound(rs...)
	t := (m + 1<<22) >> 23
	r := int64(1)<<22 + t*(1<<23-q)
	neon.Check(r < q, "freezing values that may reach %d", m)
	k.Comment(fmt.Sprintf("Reduce |x| ≤ %d: |x − ⌊(x + 2²²)/2²³⌋·q| ≤ %d, then into [0, q).", m, r))
	all := rs
	for len(rs) > 0 {
		c := rs[:min(len(temps), len(rs))]
		rs = rs[len(c):]
		for i, r := range c {
			k.SRSHR(neon.Arr4S, temps[i], r, 23)
		}
		for i, x := range c {
			k.MLSElem(neon.Arr4S, x, temps[i], vGen, laneQ)
			k.Bound[x] = r
		}
	}
	k.toField(temps, qv, all...)
}

// Registers of the transforms.
//
//	V0            the general constants (q, q⁻¹, −q⁻¹)
//	V1..V8        the column pass: the factors of index m = 1..15 in
//	              lane m mod 4 of V1..V4, their companions in V5..V8
//	V16..V31      the column pass: coefficients 4c + 16k, k = 0..15
//	V1..V16       the block pass: the factors of two blocks, eight
//	              vectors each (blockTable)
//	V17..V24      the block pass: the two blocks
const (
	colBase   neon.Reg = 16
	blockBase neon.Reg = 17
)

// colTw is the factor of index m in the column tables.
func colTw(m int) twiddle { return elemTw(1+neon.Reg(m/4), m%4, 5+neon.Reg(m/4), m%4) }

// blk is register i of block b in the block pass.
func blk(b, i int) neon.Reg { return blockBase + neon.Reg(4*b+i) }

func blkRegs(b int) [4]neon.Reg { return [4]neon.Reg{blk(b, 0), blk(b, 1), blk(b, 2), blk(b, 3)} }

// The block table's registers for block b.
func blkScalarTw(b, s int) twiddle {
	base := 1 + neon.Reg(8*b)
	return elemTw(base, s, base+1, s)
}

// blkVecTw is vector factor i (0: distance 2, 1, 2: distance 1) of block b.
func blkVecTw(b, i int) twiddle {
	return vecTw(3+neon.Reg(8*b+2*i), 4+neon.Reg(8*b+2*i))
}

// loadGeneral points base at the constants and loads the general ones
// into V0 (vGen).
func (g *generator) loadGeneral(k *kernel, base string) {
	k.Op("MOVD\t$%s, %s", g.consts.Sym(), base)
	k.LoadQ(vGen, g.offGeneral, base)
}

// colLayers are the butterflies of the column pass, for the layers with
// distances 128, 64, 32 and 16 in this order: coefficient register m is
// colBase + m, and layer l (0..3) pairs m with m + 8>>l in group g = m >>
// (4−l), with the factor of index index(l, g) in the column table.
func colLayers(index func(l, g int) int) [4][]pair {
	var ls [4][]pair
	for l := range 4 {
		d := 8 >> l
		for m := range 16 {
			if m&d != 0 {
				continue
			}
			ls[l] = append(ls[l], pair{A: colBase + neon.Reg(m), B: colBase + neon.Reg(m+d), W: colTw(index(l, m>>(4-l)))})
		}
	}
	return ls
}

var colTitles = [4]string{"Distance 128", "Distance 64", "Distance 32", "Distance 16"}

// nttNEON emits the forward transform.
func (g *generator) nttNEON() {
	k := g.kernel()
	k.Text("nttNEON", 8, `
func nttNEON(f *[256]uint32)

nttNEON replaces f, with coefficients in [0, q), by its NTT representation,
with coefficients in [0, q): nttGeneric (FIPS 204, Algorithm 41) with NEON.
Registers: V0 the constants; in the column pass V1..V8 the factors,
V9..V15 temporaries, V16..V31 a column; in the block pass V1..V16 the
factors of two blocks, V17..V24 the blocks, V25..V30 temporaries, V31 q in
every lane. R0 f, R1 the table or the column, R2 the block loads, R3 the
iterations left, R4 the constants.`)
	k.Op("MOVD\tf+0(FP), R0")
	g.loadGeneral(k, "R4")
	k.Op("MOVD\t$%s, R1", g.fwdCols.Sym())
	k.LoadVectors(1, 8, neon.Arr4S, "R1")

	k.Comment("Distances 128 to 16 on the columns c: coefficients 4c + 16k, k = 0..15.")
	k.Op("MOVD\tR0, R1")
	k.Op("MOVD\t$4, R3")
	k.Label("fwdColumns")
	for m := range 16 {
		k.LoadQ(colBase+neon.Reg(m), 64*m, "R1")
		k.Set(colBase+neon.Reg(m), q-1)
	}
	temps := neon.Regs(9, 7)
	// nttGeneric: group g of layer l uses the factor of index 2^l + g.
	for l, ps := range colLayers(func(l, g int) int { return 1<<l + g }) {
		k.ctLayer(colTitles[l], temps, ps)
	}
	for m := range 16 {
		k.StoreQ(colBase+neon.Reg(m), 64*m, "R1")
	}
	k.Op("ADD\t$16, R1, R1")
	k.CountDown("R3", "fwdColumns")
	mem := k.MaxBound(neon.Regs(colBase, 16)...)

	k.Comment("Distances 8 to 1 on blocks of sixteen coefficients, two at a time.")
	const qv neon.Reg = 31
	k.LoadQ(qv, g.offQ, "R4")
	k.Op("MOVD\t$%s, R1", g.fwdBlocks.Sym())
	k.Op("MOVD\tR0, R2")
	k.Op("MOVD\t$8, R3")
	k.Label("fwdBlocks")
	k.LoadVectors(1, 16, neon.Arr4S, "R1")
	k.Loads("VLD1.P", neon.Arr4S, "R2", blk(0, 0), blk(1, 0))
	all := neon.Regs(blockBase, 8)
	for _, r := range all {
		k.Set(r, mem)
	}
	temps = neon.Regs(25, 6)
	l8, l4, l2, l1 := neon.BlockLayers(blk, blkScalarTw, blkVecTw)
	k.ctLayer("Distance 8", temps, l8)
	k.ctLayer("Distance 4", temps, l4)
	k.Comment("Transpose each block: register j then holds the coefficients 4i + j, i = 0..3.")
	k.Transpose(blkRegs(0), [4]neon.Reg{25, 26, 27, 28})
	k.Transpose(blkRegs(1), [4]neon.Reg{25, 26, 27, 28})
	k.ctLayer("Distance 2", temps, l2)
	k.ctLayer("Distance 1", temps, l1)
	k.freeze(temps, qv, all...)
	k.Comment("ST4 undoes the transposition.")
	k.Stores("VST4.P", neon.Arr4S, "R0", blk(0, 0), blk(1, 0))
	k.CountDown("R3", "fwdBlocks")
	k.Op("RET")
	k.Printf("\n")
}

// inverseNTTScaledNEON emits the inverse transform.
func (g *generator) inverseNTTScaledNEON() {
	k := g.kernel()
	k.Text("inverseNTTScaledNEON", 12, `
func inverseNTTScaledNEON(f *[256]uint32, scale int32)

inverseNTTScaledNEON replaces f, with coefficients in [0, q), by the
polynomial whose NTT representation it is, multiplied by scale·256·2⁻³²,
with coefficients in [0, q), for |scale| < q/2: inverseNTTScaledGeneric
(FIPS 204, Algorithm 42) with NEON. Registers as in nttNEON, but for the
column pass, where lanes 0 and 1 of V1 hold scale and ζ′ =
montReduceSigned(−zetasMont[1]·scale), lanes 0 and 1 of V5 their
companions, V9 q in every lane and V10..V15 are the temporaries.`)
	k.Op("MOVD\tf+0(FP), R0")
	g.loadGeneral(k, "R4")

	k.Comment("Distances 1 to 8 on blocks of sixteen coefficients, two at a time.")
	k.Op("MOVD\t$%s, R1", g.invBlocks.Sym())
	k.Op("MOVD\tR0, R2")
	k.Op("MOVD\t$8, R3")
	k.Label("invBlocks")
	k.LoadVectors(1, 16, neon.Arr4S, "R1")
	k.Comment("LD4 loads each block transposed: register j holds the coefficients 4i + j.")
	k.Loads("VLD4.P", neon.Arr4S, "R2", blk(0, 0), blk(1, 0))
	all := neon.Regs(blockBase, 8)
	for _, r := range all {
		k.Set(r, q-1)
	}
	temps := neon.Regs(25, 7)
	l8, l4, l2, l1 := neon.BlockLayers(blk, blkScalarTw, blkVecTw)
	k.gsLayer("Distance 1", temps, l1)
	k.gsLayer("Distance 2", temps, l2)
	k.Comment("Transpose each block back: register i holds the coefficients 4i..4i+3.")
	k.Transpose(blkRegs(0), [4]neon.Reg{25, 26, 27, 28})
	k.Transpose(blkRegs(1), [4]neon.Reg{25, 26, 27, 28})
	k.gsLayer("Distance 4", temps, l4)
	k.gsLayer("Distance 8", temps, l8)
	k.Stores("VST1.P", neon.Arr4S, "R0", blk(0, 0), blk(1, 0))
	k.CountDown("R3", "invBlocks")
	// The sums in registers 0 and 2 of a block, the differences in 1 and
	// 3 (a Montgomery product or a sum of them): every column register
	// may hold any of them.
	mem := k.MaxBound(all...)

	k.Op("SUB\t$1024, R0, R0")
	k.Comment("The factors of the last layer: scale and ζ′, with their companions.")
	k.Op("MOVD\t$%s, R1", g.invCols.Sym())
	k.LoadVectors(1, 8, neon.Arr4S, "R1")
	k.Op("MOVW\tscale+8(FP), R1")
	k.Op("VDUP\tR1, V10.S4")
	k.MULElem(neon.Arr4S, 11, 10, vGen, laneQInv)
	k.montSteps([]neon.Reg{12}, []neon.Reg{10}, []neon.Reg{13}, []twiddle{colTw(1)})
	k.MULElem(neon.Arr4S, 13, 12, vGen, laneQInv)
	k.Op("VMOV\tV10.S[0], V1.S[0]")
	k.Op("VMOV\tV12.S[0], V1.S[1]")
	k.Op("VMOV\tV11.S[0], V5.S[0]")
	k.Op("VMOV\tV13.S[0], V5.S[1]")
	scaleTw := elemTw(1, 0, 5, 0)
	// |ζ′| ≤ montBound of |scale| < q/2 and |zetasMont[1]|.
	zetaTw := elemTw(1, 1, 5, 1)
	zetaTw.zb = montBound(maxFactor, maxFactor)
	const qv neon.Reg = 9
	k.LoadQ(qv, g.offQ, "R4")

	k.Comment("Distances 16 to 128 on the columns c: coefficients 4c + 16k, k = 0..15.")
	k.Op("MOVD\tR0, R1")
	k.Op("MOVD\t$4, R3")
	k.Label("invColumns")
	for m := range 16 {
		k.LoadQ(colBase+neon.Reg(m), 64*m, "R1")
		k.Set(colBase+neon.Reg(m), mem)
	}
	temps = neon.Regs(10, 6)
	// inverseNTTScaledGeneric: group g of layer l uses the factor of
	// index 2^(l+1) − 1 − g (negated in the table); the last layer's is
	// ζ′.
	ls := colLayers(func(l, g int) int { return 1<<(l+1) - 1 - g })
	for l := 3; l >= 1; l-- {
		k.gsLayer(colTitles[l], temps, ls[l])
	}
	k.scaledLayer(temps, ls[0], scaleTw, zetaTw)
	k.toField(temps, qv, neon.Regs(colBase, 16)...)
	for m := range 16 {
		k.StoreQ(colBase+neon.Reg(m), 64*m, "R1")
	}
	k.Op("ADD\t$16, R1, R1")
	k.CountDown("R3", "invColumns")
	k.Op("RET")
	k.Printf("\n")
}

// sumDiff sets d[i] = a[i] − b[i], then a[i] = a[i] + b[i]: the sums and
// differences of Gentleman-Sande butterflies.
func (k *kernel) sumDiff(a, b, d []neon.Reg) {
	for i := range a {
		k.VSUB(neon.Arr4S, d[i], a[i], b[i])
	}
	for i := range a {
		k.VADD(neon.Arr4S, a[i], a[i], b[i])
	}
}

// scaledLayer emits the last layer of the inverse transform with the
// scaling: (a, b) ← ((a + b)·s, (a − b)·zs), Montgomery products.
func (k *kernel) scaledLayer(temps []neon.Reg, ps []pair, s, zs twiddle) {
	k.Comment("Distance 128, with the products by scale and ζ′.")
	neon.Chunks(ps, temps, 3, func(ps []pair, t [][]neon.Reg) {
		a, b, _ := fields(ps)
		d := t[0]
		k.sumDiff(a, b, d)
		var sw, zw []twiddle
		for range ps {
			sw = append(sw, s)
			zw = append(zw, zs)
		}
		k.montSteps(append(a[:len(a):len(a)], b...), append(a[:len(a):len(a)], d...),
			append(t[1][:len(ps):len(ps)], t[2]...), append(sw, zw...))
		for _, x := range ps {
			sum := k.Bound[x.A] + k.Bound[x.B]
			k.Set(x.A, montBound(sum, s.zb))
			k.Set(x.B, montBound(sum, zs.zb))
		}
	})
	k.NoteBounds(neon.Sides(ps))
}
