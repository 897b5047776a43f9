// Package poly26 holds the Poly1305 code with AVX-512F in radix 2²⁶, for
// CPUs with AVX-512 but without AVX-512 IFMA (Skylake-SP, Cascade Lake):
// eight blocks per step in the 64-bit lanes of the ZMM registers, each
// product a VPMULUDQ of two 32-bit halves. The generator of aead/poly1305
// emits it (updateAVX512). Update's doc comment and multiply's give the
// design and the bounds.
package poly26

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/polyifma"
)

// lanes is the number of blocks that Update absorbs per step, one in each
// 64-bit lane of a ZMM register.
const lanes = 8

// Read-only data of Update, set up by Data.
var (
	mask26 Mem // 2²⁶-1, broadcast
	pad24  Mem // 2²⁴, broadcast: the 2¹²⁸ of a block, in its top limb
)

// Data emits the read-only data of Update, its names starting with prefix.
// Update also reads polyifma's block indexes: polyifma.Data must have been
// called.
func Data(prefix string) {
	mask26 = GLOBL(prefix+"Mask26", RODATA|NOPTR)
	DATA(0, U64(1<<26-1))
	pad24 = GLOBL(prefix+"Pad24", RODATA|NOPTR)
	DATA(0, U64(1<<24))
}

// vec26 is a number modulo 2¹³⁰-5 in radix 2²⁶, limb k of each lane in
// register k: l0 + l1·2²⁶ + l2·2⁵² + l3·2⁷⁸ + l4·2¹⁰⁴.
type vec26 [5]VecVirtual

// regs holds the registers of Update that live across steps.
type regs struct {
	mask, pad, lo, hi Register
}

// toRadix26 sets d to the radix-2²⁶ limbs of lo + hi·2⁶⁴ + top·2¹²⁸ (each
// lane), where top is a register of small values or, for top = nil, the
// constant 2¹²⁸ of a block. It changes neither lo nor hi.
func (g *regs) toRadix26(d vec26, lo, hi, top Register) {
	VPANDQ(g.mask, lo, d[0])
	VPSRLQ(U8(26), lo, d[1])
	VPANDQ(g.mask, d[1], d[1])
	VPSRLQ(U8(52), lo, d[2])
	VPSLLQ(U8(12), hi, d[3])
	// d2 = (d2 | d3) & mask: (A|B)&C, table 0xa8 for A = d2, B = d3, C = mask.
	VPTERNLOGQ(U8(0xa8), g.mask, d[3], d[2])
	VPSRLQ(U8(14), hi, d[3])
	VPANDQ(g.mask, d[3], d[3])
	VPSRLQ(U8(40), hi, d[4])
	if top == nil {
		VPORQ(g.pad, d[4], d[4])
	} else {
		t := ZMM()
		VPSLLQ(U8(24), top, t)
		VPADDQ(t, d[4], d[4])
	}
}

// absorb adds the eight blocks at m, one to each lane, to h.
func (g *regs) absorb(h vec26, m Mem) {
	lo, hi := polyifma.LoadBlocks(m, g.lo, g.hi)
	v := vec26{ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}
	g.toRadix26(v, lo, hi, nil)
	for k := range 5 {
		VPADDQ(v[k], h[k], h[k])
	}
}

// powers are the multipliers of a step in memory: limbs r0 … r4 and
// s1 … s4 = 5·r1 … 5·r4 (2¹³⁰ ≡ 5), one 64-byte row each, lane i holding
// r^(8-i); with bcst, lane 0 (r⁸) broadcast to every lane.
type powers struct {
	r    [5]Mem
	s    [5]Mem // s[0] unused
	bcst bool
}

// mul sets d = h·x for the 64-bit memory operand or row x.
func (p *powers) mul(x Mem, h, d Register) {
	if p.bcst {
		VPMULUDQ_BCST(x, h, d)
	} else {
		VPMULUDQ(x, h, d)
	}
}

// multiply sets h = h·r mod 2¹³⁰-5, lane by lane, partially reduced: the
// 25 products of
//
//	d0 = h0·r0 + h1·s4 + h2·s3 + h3·s2 + h4·s1
//	d1 = h0·r1 + h1·r0 + h2·s4 + h3·s3 + h4·s2
//	d2 = h0·r2 + h1·r1 + h2·r0 + h3·s4 + h4·s3
//	d3 = h0·r3 + h1·r2 + h2·r1 + h3·r0 + h4·s4
//	d4 = h0·r4 + h1·r3 + h2·r2 + h3·r1 + h4·r0
//
// then the carries, two chains side by side (d3→d4→d0, d0→d1→d2→d3→d4).
//
// Bounds: h's limbs are below 2²⁷·1.1 on entry (a reduced h plus a
// block; h from the caller, below 2¹³⁰ + 2⁶⁵, has a top limb below
// 2^26.4), r's below 2^26.4 (the powers from polymulx are partially
// reduced: their top 64-bit limb is at most 4) and s's below 2^28.7:
// VPMULUDQ's 32-bit operands. Each product is below 2^55.9, each d below
// 2^58.3. The carry out of d4 is below 2^32.3, five times it below 2^34.6,
// and after the carries every limb is below 2²⁶ + 2⁹. For the odd group
// after the lanes are summed, h's limbs are below 2^30.1: the products
// stay below 2^58.8, the d below 2^61.2 and five times the carry out of
// d4 below 2^37.6, all within 64 bits, and the carries bring the limbs
// back below 2²⁶ + 2¹².
func (g *regs) multiply(h vec26, p *powers) {
	var d vec26
	t := ZMM()
	for j := range 5 {
		d[j] = ZMM()
		for i := range 5 {
			k := j - i
			x := p.r[(k+5)%5]
			if k < 0 {
				x = p.s[k+5]
			}
			if i == 0 {
				p.mul(x, h[i], d[j])
				continue
			}
			p.mul(x, h[i], t)
			VPADDQ(t, d[j], d[j])
		}
	}
	c := ZMM()
	carry := func(from, to int) {
		VPSRLQ(U8(26), d[from], c)
		VPANDQ(g.mask, d[from], d[from])
		if to == 0 { // 2¹³⁰ ≡ 5: d0 += c + 4c
			VPADDQ(c, d[0], d[0])
			VPSLLQ(U8(2), c, c)
		}
		VPADDQ(c, d[to], d[to])
	}
	carry(3, 4)
	carry(0, 1)
	carry(4, 0)
	carry(1, 2)
	carry(2, 3)
	carry(0, 1)
	carry(3, 4)
	for k := range 5 {
		VMOVDQA64(d[k], h[k])
	}
}

// sumLanes sets lane 0 of each limb of h to the sum of its eight lanes, and
// the other lanes to zero.
func sumLanes(h vec26) {
	for k := range 5 {
		z, y := h[k], ZMM()
		VSHUFI64X2(U8(0x4e), z, z, y) // 128-bit lanes 2, 3, 0, 1
		VPADDQ(y, z, z)
		VSHUFI64X2(U8(0xb1), z, z, y) // 1, 0, 3, 2
		VPADDQ(y, z, z)
		VPSHUFD(U8(0x4e), z, y) // the two 64-bit lanes of each swapped
		VPADDQ(y, z, z)
		VMOVQ(z.AsX(), z.AsX()) // zeroes the lanes above 0
	}
}

// Update emits name with the given signature (s *macState, msg []byte),
// mirroring updateGeneric of aead/poly1305 on the len(msg)/128 groups of
// eight blocks of msg. Two accumulators of eight lanes, a for groups 0, 2,
// 4, … and b for groups 1, 3, 5, …, so that the chains of two steps
// overlap: lane i of a accumulates blocks i, 16+i, …, of b blocks 8+i,
// 24+i, …, each step multiplying both by r¹⁶ but the last, which
// multiplies lane i of a by r^(16-i) and of b by r^(8-i), so that the sum
// of the lanes is h; an odd group of eight at the end is absorbed the same
// way after the sum, its lane i multiplied by r^(8-i). The powers r, …, r⁸
// come from polymulx's one-block product (polyifma.Rows, a chain of
// seven), in 64-bit limbs, converted to radix 2²⁶: computed by the
// function or, with precomputed, read from a parameter pw *[24]uint64 that
// polyifma.Rows filled; r⁹, …, r¹⁶ from one vector product of those by r⁸.
func Update(name, signature string, precomputed bool) {
	TEXT(name, 0, signature)
	Doc(name+" absorbs the len(msg)/128 groups of eight whole blocks of msg",
		"into s.h, in the lanes of the ZMM registers, in radix 2²⁶ with",
		"VPMULUDQ: sixteen blocks per step in two accumulators, then a last",
		"group of eight if their number is odd. It leaves h congruent to what",
		"updateGeneric leaves, below 2¹³⁰ + 2²⁶, not always with the same limbs.",
		"It needs AVX-512F and BMI2.")

	p, n, rows := polyifma.Start(precomputed, "done26")

	g := &regs{mask: ZMM(), pad: ZMM(), lo: ZMM(), hi: ZMM()}
	VPBROADCASTQ(mask26, g.mask)
	VPBROADCASTQ(pad24, g.pad)
	loIdx, hiIdx := polyifma.BlockIndexes()
	VMOVDQU64(loIdx, g.lo)
	VMOVDQU64(hiIdx, g.hi)

	// The frame's powers in radix 2²⁶, with s = 5·r for limbs 1 to 4,
	// nine 64-byte rows each: lo, r⁸ … r in the lanes (the last step of
	// b, or of a single group); hi, r¹⁶ … r⁹ (the last step of a); the
	// other steps multiply by r¹⁶, broadcast from lane 0 of hi.
	frame := func() *powers {
		m := AllocLocal(9 * 64)
		var pw powers
		for k := range 5 {
			pw.r[k] = m.Offset(64 * k)
			if k > 0 {
				pw.s[k] = m.Offset(64 * (4 + k))
			}
		}
		return &pw
	}
	lo, hi := frame(), frame()
	store := func(pw *powers, v vec26) {
		for k := range 5 {
			VMOVDQU64(v[k], pw.r[k])
			if k > 0 {
				t := ZMM()
				VPSLLQ(U8(2), v[k], t)
				VPADDQ(v[k], t, t)
				VMOVDQU64(t, pw.s[k])
			}
		}
	}
	Comment("lo: r⁸ … r; hi = r⁸·lo, one vector product")
	{
		l0, l1, l2 := ZMM(), ZMM(), ZMM()
		VMOVDQU64(rows, l0)
		VMOVDQU64(rows.Offset(64), l1)
		VMOVDQU64(rows.Offset(128), l2)
		v := vec26{ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}
		g.toRadix26(v, l0, l1, l2)
		store(lo, v)
		r8 := *lo
		r8.bcst = true
		g.multiply(v, &r8)
		store(hi, v)
	}
	step := *hi
	step.bcst = true

	Comment("h in radix 2²⁶, in lane 0 of a")
	a := vec26{ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}
	{
		st := Dereference(Param("s"))
		h0, h1, h2 := GP64(), GP64(), GP64()
		Load(st.Field("h").Index(0), h0)
		Load(st.Field("h").Index(1), h1)
		Load(st.Field("h").Index(2), h2)
		x, y, top := ZMM(), ZMM(), ZMM()
		VMOVQ(h0, x.AsX())
		VMOVQ(h1, y.AsX())
		VMOVQ(h2, top.AsX())
		g.toRadix26(a, x, y, top)
	}

	b := vec26{ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}
	polyifma.Pairs(p, n, &polyifma.Accumulators{
		ZeroB: func() {
			zero := ZMM()
			VPXORQ(zero, zero, zero)
			for k := range 5 {
				VMOVDQA64(zero, b[k])
			}
		},
		Absorb: func(acc int, m Mem) { g.absorb([]vec26{a, b}[acc], m) },
		Multiply: func(acc int, pw polyifma.Powers) {
			g.multiply([]vec26{a, b}[acc], map[polyifma.Powers]*powers{
				polyifma.Step: &step, polyifma.High: hi, polyifma.Low: lo,
			}[pw])
		},
		AddB: func() {
			for k := range 5 {
				VPADDQ(b[k], a[k], a[k])
			}
		},
		SumLanes: func() { sumLanes(a) },
	}, "26")

	Comment("The sum of the lanes, then the carries and 64-bit limbs")
	sumLanes(a)
	l := polyifma.LaneZero(a[:])
	m, t := GP64(), GP64()
	MOVQ(U32(1<<26-1), m)
	carry := polyifma.Carrier(26, m, t)
	// The sums are below 8·(2²⁷ + 2¹⁰) < 2^30.1 (a + b after the last
	// pair; after an odd group, 8·(2²⁶ + 2¹²)): each carry below 2^4.1.
	carry(l[0], l[1])
	carry(l[1], l[2])
	carry(l[2], l[3])
	carry(l[3], l[4])
	MOVQ(l[4], t)
	SHRQ(U8(26), t)
	LEAQ(Mem{Base: t, Index: t, Scale: 4}, t)
	ADDQ(t, l[0])
	ANDQ(m, l[4])
	// l0 < 2²⁶ + 2⁶ now: the carry out of it is at most 1, so l1 ≤ 2²⁶
	// and the other limbs stay below 2²⁶: h ≤ 2¹³⁰ - 1 + 2²⁶.
	carry(l[0], l[1])
	Comment("h0 = l0 + l1·2²⁶ + l2·2⁵², h1 = ⌊l2/2¹²⌋ + l3·2¹⁴ + l4·2⁴⁰, h2 = ⌊l4/2²⁴⌋, with carries")
	h0, h1, h2 := l[0], GP64(), GP64()
	SHLQ(U8(26), l[1])
	ADDQ(l[1], h0) // < 2⁵² + 2²⁶ + 2²⁶
	MOVQ(l[2], h1)
	SHRQ(U8(12), h1)
	MOVQ(l[3], t)
	SHLQ(U8(14), t)
	ADDQ(t, h1) // < 2¹⁴ + 2⁴⁰
	MOVQ(l[4], h2)
	SHRQ(U8(24), h2)
	SHLQ(U8(52), l[2])
	SHLQ(U8(40), l[4])
	ADDQ(l[2], h0)
	ADCQ(l[4], h1)
	ADCQ(U8(0), h2)
	st := Dereference(Param("s"))
	Store(h0, st.Field("h").Index(0))
	Store(h1, st.Field("h").Index(1))
	Store(h2, st.Field("h").Index(2))

	Label("done26")
	RET()
}
