// Package polyifma holds the Poly1305 code with AVX-512 IFMA, in radix
// 2⁴⁴, that the generators of aead/poly1305 (updateIFMA) and
// aead/chacha20poly1305 (polyIFMA) emit alike: eight or sixteen blocks per
// step in the 64-bit lanes of the ZMM registers. Update's doc comment and
// multiply's give the design and the bounds. Its loop over pairs of groups
// (Pairs), the loading of eight blocks into lanes (LoadBlocks) and the
// powers in 64-bit limbs (Rows) serve the radix-2²⁶ code of poly26 too.
package polyifma

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/polymulx"
	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
)

// lanesIFMA is the number of blocks that updateIFMA absorbs per step, one
// in each 64-bit lane of a ZMM register.
const lanesIFMA = 8

// Read-only data of Update, set up by Data.
var (
	ifmaMask44 Mem // 2⁴⁴-1, broadcast
	ifmaMask42 Mem // 2⁴²-1, broadcast
	ifmaPad    Mem // 2⁴⁰, broadcast: the 2¹²⁸ of a block, in its top limb
	ifmaLoIdx  Mem // VPERMT2Q indexes of the low halves of eight blocks
	ifmaHiIdx  Mem // and of their high halves
	ifmaShl8   Mem // VPSHUFB indexes: each 64-bit lane shifted left 8 bits
	ifmaShr24  Mem // and right 24 bits
)

// Data emits the read-only data of Update, its names starting with prefix.
func Data(prefix string) {
	ifmaMask44 = GLOBL(prefix+"Mask44", RODATA|NOPTR)
	DATA(0, U64(1<<44-1))
	ifmaMask42 = GLOBL(prefix+"Mask42", RODATA|NOPTR)
	DATA(0, U64(1<<42-1))
	ifmaPad = GLOBL(prefix+"Pad40", RODATA|NOPTR)
	DATA(0, U64(1<<40))
	ifmaLoIdx = GLOBL(prefix+"LoIdx", RODATA|NOPTR)
	for j := 0; j < lanesIFMA; j++ {
		DATA(8*j, U64(2*j))
	}
	ifmaHiIdx = GLOBL(prefix+"HiIdx", RODATA|NOPTR)
	for j := 0; j < lanesIFMA; j++ {
		DATA(8*j, U64(2*j+1))
	}
	// Byte j of each 64-bit lane from byte j-s of the lane (s = 1 for
	// Shl8, -3 for Shr24), or zero (an index with its top bit set) where
	// that is outside the lane.
	shuffle := func(name string, shift int) Mem {
		m := GLOBL(prefix+name, RODATA|NOPTR)
		for i := 0; i < 64; i++ {
			idx := 0x80
			if j := i%8 - shift; j >= 0 && j < 8 {
				idx = i%16 - shift // within the 128-bit lane, as VPSHUFB indexes
			}
			DATA(i, U8(idx))
		}
		return m
	}
	ifmaShl8 = shuffle("Shl8", 1)
	ifmaShr24 = shuffle("Shr24", -3)
}

// vec44 is a number modulo 2¹³⁰-5 in radix 2⁴⁴, limb k of each lane in
// register k: l0 + l1·2⁴⁴ + l2·2⁸⁸.
type vec44 [3]VecVirtual

// ifma holds the operands of updateIFMA that live across steps, and where
// its instructions go.
type ifma struct {
	// zero is zero: the accumulators are zeroed as zero XOR zero, which
	// the register allocator sees as a definition (the idiom x XOR x
	// reads x first). With zero nil they are loaded from zeroVec.
	zero                Register
	zeroVec             Mem
	mask44, mask42, pad Op // registers, or 64-byte vectors in memory
	// shl8 and shr24 are the VPSHUFB indexes that shift each 64-bit lane
	// by whole bytes on port 5, to spare port 0, where the IFMA products
	// and the bit shifts run: registers, or memory.
	shl8, shr24 Op
	// loIdx and hiIdx are registers (VPERMT2Q into the loaded blocks) or
	// memory (loaded, then VPERMI2Q).
	loIdx, hiIdx Op
	// o records the instructions (nil: emits them at once).
	o *stitch.Ops
}

// add records or emits f, one instruction.
func (g *ifma) add(f func()) { g.o.Add(f) }

// clear sets d to zero.
func (g *ifma) clear(d Register) {
	if g.zero != nil {
		g.add(func() { VPXORQ(g.zero, g.zero, d) })
	} else {
		g.add(func() { VMOVDQU64(g.zeroVec, d) })
	}
}

// toRadix44 sets d to the radix-2⁴⁴ limbs of lo + hi·2⁶⁴ + top·2¹²⁸ (each
// lane), where top is a register of small values or, for top = nil, the
// constant 2¹²⁸ of a block: l0 = lo mod 2⁴⁴, l1 = ⌊lo/2⁴⁴⌋ + (hi mod 2²⁴)·2²⁰,
// l2 = ⌊hi/2²⁴⌋ + top·2⁴⁰. It changes lo and hi.
func (g *ifma) toRadix44(d vec44, lo, hi, top Register) {
	g.add(func() { VPANDQ(g.mask44, lo, d[0]) })
	g.add(func() { VPSRLQ(U8(44), lo, lo) })
	g.add(func() { VPSLLQ(U8(20), hi, d[1]) })
	// d1 = (d1 | lo) & mask44: (B|A)&C, table 0xa8 for A = d1, B = lo, C = mask44.
	g.add(func() { VPTERNLOGQ(U8(0xa8), g.mask44, lo, d[1]) })
	g.add(func() { VPSHUFB(g.shr24, hi, d[2]) }) // hi >> 24
	if top == nil {
		g.add(func() { VPORQ(g.pad, d[2], d[2]) })
	} else {
		g.add(func() { VPSLLQ(U8(40), top, hi) })
		g.add(func() { VPORQ(hi, d[2], d[2]) })
	}
}

// BlockIndexes returns the VPERMT2Q indexes that LoadBlocks takes, the
// read-only data that Data emits.
func BlockIndexes() (lo, hi Mem) { return ifmaLoIdx, ifmaHiIdx }

// LoadBlocks loads the eight blocks at m, the low 64 bits of block i in
// lane i of lo and the high 64 bits in lane i of hi, with the indexes of
// BlockIndexes loaded into loIdx and hiIdx.
func LoadBlocks(m Mem, loIdx, hiIdx Register) (lo, hi VecVirtual) {
	lo, hi = ZMM(), ZMM()
	VMOVDQU64(m, lo)
	VMOVDQA64(lo, hi)
	VPERMT2Q(m.Offset(64), loIdx, lo)
	VPERMT2Q(m.Offset(64), hiIdx, hi)
	return lo, hi
}

// absorb adds the eight blocks at m, one to each lane, to h.
func (g *ifma) absorb(h vec44, m Mem) {
	v := g.blocks(m)
	for k := range 3 {
		g.add(func() { VPADDQ(v[k], h[k], h[k]) })
	}
}

// blocks returns the eight blocks at m in radix 2⁴⁴, one in each lane.
func (g *ifma) blocks(m Mem) vec44 {
	var lo, hi VecVirtual
	if idx, ok := g.loIdx.(Register); ok {
		lo, hi = ZMM(), ZMM()
		g.add(func() { VMOVDQU64(m, lo) })
		g.add(func() { VMOVDQA64(lo, hi) })
		g.add(func() { VPERMT2Q(m.Offset(64), idx, lo) })
		g.add(func() { VPERMT2Q(m.Offset(64), g.hiIdx, hi) })
	} else {
		// The indexes loaded into the destinations, then the blocks
		// permuted into them, with no register for the indexes.
		first := ZMM()
		lo, hi = ZMM(), ZMM()
		g.add(func() { VMOVDQU64(m, first) })
		g.add(func() { VMOVDQU64(g.loIdx, lo) })
		g.add(func() { VPERMI2Q(m.Offset(64), first, lo) })
		g.add(func() { VMOVDQU64(g.hiIdx, hi) })
		g.add(func() { VPERMI2Q(m.Offset(64), first, hi) })
	}
	v := vec44{ZMM(), ZMM(), ZMM()}
	g.toRadix44(v, lo, hi, nil)
	return v
}

// multiply sets h = h·r mod 2¹³⁰-5, lane by lane, partially reduced, where
// r holds the limbs of the multipliers and s1, s2 = 20·r1, 20·r2
// (2¹³² ≡ 20): eighteen IFMA products into the low and high halves of
// d0 = h0·r0 + h1·s2 + h2·s1, d1 = h0·r1 + h1·r0 + h2·s2 and
// d2 = h0·r2 + h1·r1 + h2·r0, then the carries.
//
// Bounds: h0, h1, h2 < 2⁴⁵·1.1 on entry (a reduced h plus a block), r
// limbs < 2⁴⁴ and s < 2^48.4, so each product is below 2^93.5, the sum of
// three low halves below 2^53.6 and of three high halves (bits 52 and up)
// below 2^43.1. d0's high half is at 2⁵² = 2⁴⁴·2⁸, d1's at 2⁸⁸·2⁸ and d2's
// at 2¹³⁰·2¹⁰; the carry c out of limb 2 is below 2^53.2, 5c below 2^55.6,
// and after the carries h0, h1 < 2⁴⁴ + 2¹², h2 < 2⁴² + 2¹⁰: below 2⁵², as
// IFMA needs, after the next block too. For the odd group after the lanes
// are summed, h's limbs are below 2^48.2: the products stay below 2^96.6,
// the high sums below 2^46.2 and 5c below 2^58.6, all within 64 bits, and
// the carries bring h0, h1 back below 2⁴⁴ + 2¹⁵. With bcst, r and s are
// 64-bit memory operands broadcast to every lane.
func (g *ifma) multiply(h vec44, r [3]Op, s1, s2 Op, bcst bool) {
	g.mulAdd(h, r, s1, s2, bcst, nil)
}

// mulAdd is multiply, then the addition of v (limbs below 2⁴⁴ + 2⁴⁰, as
// blocks returns them), unless v is nil: the products are summed into
// the registers of v, which it changes, instead of zeroed ones, which
// saves the zeroing and the addition. The sums of the low halves stay
// below 2^53.7; the bounds of multiply hold.
func (g *ifma) mulAdd(h vec44, r [3]Op, s1, s2 Op, bcst bool, v *vec44) {
	g.carries(h, g.products(h, r, s1, s2, bcst, v))
}

// products returns the sums of mulAdd's products (and v) before the
// carries: the low and high halves of d0, d1 and d2 (see multiply).
func (g *ifma) products(h vec44, r [3]Op, s1, s2 Op, bcst bool, v *vec44) (d [3][2]VecVirtual) {
	for k := range d {
		for i := range d[k] {
			if i == 0 && v != nil {
				d[k][i] = v[k]
				continue
			}
			d[k][i] = ZMM()
			g.clear(d[k][i])
		}
	}
	// Each sum takes h2 first and h1 last: the carries leave h2 first
	// and h1 last, so the products wait on the previous step for the
	// latency of one, not three.
	terms := [3][3][2]Op{
		{{h[2], s1}, {h[0], r[0]}, {h[1], s2}},
		{{h[2], s2}, {h[0], r[1]}, {h[1], r[0]}},
		{{h[2], r[0]}, {h[0], r[2]}, {h[1], r[1]}},
	}
	for k := range terms {
		for _, t := range terms[k] {
			if bcst {
				g.add(func() { VPMADD52LUQ_BCST(t[1], t[0], d[k][0]) })
				g.add(func() { VPMADD52HUQ_BCST(t[1], t[0], d[k][1]) })
			} else {
				g.add(func() { VPMADD52LUQ(t[1], t[0], d[k][0]) })
				g.add(func() { VPMADD52HUQ(t[1], t[0], d[k][1]) })
			}
		}
	}
	return d
}

// carries sets h to the partially reduced sum of the halves of d (see
// multiply): the limbs L0 = d0, L1 = d1 + d0'·2⁸, L2 = d2 + d1'·2⁸ (d' the
// high halves) and the top T = d2'·2¹⁰ at 2¹³⁰ carry all at once,
// h0 = L0 mod 2⁴⁴ + 5·(⌊L2/2⁴²⌋ + T), h1 = L1 mod 2⁴⁴ + ⌊L0/2⁴⁴⌋,
// h2 = L2 mod 2⁴² + ⌊L1/2⁴⁴⌋, then h0 once more into h1: seven
// instructions on the path from the products to h, not thirteen as one
// carry after another. It reuses the registers of d's high halves.
func (g *ifma) carries(h vec44, d [3][2]VecVirtual) {
	c := ZMM()
	c0, c1, t := d[0][1], d[1][1], d[2][1]
	g.add(func() { VPSHUFB(g.shl8, d[0][1], d[0][1]) }) // d0' << 8
	g.add(func() { VPADDQ(d[0][1], d[1][0], d[1][0]) })
	g.add(func() { VPSHUFB(g.shl8, d[1][1], d[1][1]) }) // d1' << 8
	g.add(func() { VPADDQ(d[1][1], d[2][0], d[2][0]) })
	g.add(func() { VPSLLQ(U8(10), d[2][1], t) })
	g.add(func() { VPSRLQ(U8(44), d[0][0], c0) })
	g.add(func() { VPANDQ(g.mask44, d[0][0], h[0]) })
	g.add(func() { VPSRLQ(U8(44), d[1][0], c1) })
	g.add(func() { VPANDQ(g.mask44, d[1][0], h[1]) })
	g.add(func() { VPSRLQ(U8(42), d[2][0], c) })
	g.add(func() { VPANDQ(g.mask42, d[2][0], h[2]) })
	g.add(func() { VPADDQ(t, c, c) })
	g.add(func() { VPADDQ(c0, h[1], h[1]) })
	g.add(func() { VPADDQ(c1, h[2], h[2]) })
	if g.o == nil {
		Comment("h0 += 5c, then the carry out of h0")
	}
	g.add(func() { VPADDQ(c, h[0], h[0]) })
	g.add(func() { VPSLLQ(U8(2), c, c) })
	g.add(func() { VPADDQ(c, h[0], h[0]) })
	g.add(func() { VPSRLQ(U8(44), h[0], c) })
	g.add(func() { VPANDQ(g.mask44, h[0], h[0]) })
	g.add(func() { VPADDQ(c, h[1], h[1]) })
}

// Update emits the function name, of the given signature: a pointer s to a
// struct with fields h [3]uint64 (the accumulator h0 + h1·2⁶⁴ + h2·2¹²⁸,
// below 6·2¹²⁸ + 2⁶⁵) and r [2]uint64 (the clamped key), and a slice msg.
// Lane i of the first accumulator absorbs blocks i, i+16, …, of the second
// blocks 8+i, 24+i, …, each step multiplying both by r¹⁶ but the last,
// which multiplies lane i of the first by r^(16-i) and of the second by
// r^(8-i), so that the sum of the lanes is h; an odd group of eight at the
// end is absorbed the same way after the sum, its lane i multiplied by
// r^(8-i). The powers r, …, r⁸ come from polymulx's one-block product
// (Rows), computed by the function or, with precomputed, read from a
// parameter pw *[24]uint64 that Rows filled; r⁹, …, r¹⁶ from one vector
// product of those by r⁸. Up to SingleMaxGroups groups, one accumulator
// takes them all (single), with no r⁹, …, r¹⁶.
func Update(name, signature string, precomputed bool) {
	TEXT(name, 0, signature)
	Doc(name+" absorbs the len(msg)/128 groups of eight whole blocks of msg",
		"into s.h, in the lanes of the ZMM registers with AVX-512 IFMA, in radix",
		"2⁴⁴: up to 1024 bytes eight blocks per step in one accumulator, beyond",
		"sixteen blocks per step in two, then a last group of eight if their",
		"number is odd. It leaves h congruent to what updateGeneric",
		"leaves, below 2¹³⁰ + 2⁶⁰, not always with the same limbs. It needs",
		"AVX-512F, BW and IFMA, and BMI2.")

	UpdateBody(precomputed, "doneIFMA")
	Label("doneIFMA")
	RET()
}

// UpdateBody emits Update's code into the current function, which has
// Update's parameters s and msg (and pw, with precomputed): the blocks
// absorbed and h stored back into s, then a jump to, or the fall through
// to, the label done, which the caller places.
func UpdateBody(precomputed bool, done string) {
	p, n, rows := Start(precomputed, done)
	g := newRegisterIFMA()
	CMPQ(n, U32(SingleMaxGroups))
	JA(LabelRef("pairsIFMA"))
	g.single(p, n, rows, nil)
	JMP(LabelRef(done))

	Label("pairsIFMA")
	lo, hi := g.powerRows(rows)
	a := loadH(nil)
	b := vec44{ZMM(), ZMM(), ZMM()}
	rh, sh1, sh2 := powers(hi)
	rl16, sl1, sl2 := powers(lo)
	var r16 [3]Op
	for k := range 3 {
		r16[k] = rh[k].(Mem) // broadcast from lane 0
	}
	Pairs(p, n, &Accumulators{
		ZeroB: func() {
			for k := range 3 {
				g.clear(b[k])
			}
		},
		Absorb: func(acc int, m Mem) { g.absorb([]vec44{a, b}[acc], m) },
		Multiply: func(acc int, pw Powers) {
			h := []vec44{a, b}[acc]
			switch pw {
			case Step:
				g.multiply(h, r16, sh1, sh2, true)
			case High:
				g.multiply(h, rh, sh1, sh2, false)
			case Low:
				g.multiply(h, rl16, sl1, sl2, false)
			}
		},
		AddB: func() {
			for k := range 3 {
				VPADDQ(b[k], a[k], a[k])
			}
		},
		SumLanes: func() { g.sumLanes(a) },
	}, "IFMA")
	storeH(g, a)
}

// newRegisterIFMA returns an ifma that emits at once, with its constants
// loaded into registers.
func newRegisterIFMA() *ifma {
	g := &ifma{zero: ZMM(), mask44: ZMM(), mask42: ZMM(), pad: ZMM(), loIdx: ZMM(), hiIdx: ZMM(), shl8: ZMM(), shr24: ZMM()}
	VPXORQ(g.zero, g.zero, g.zero)
	VPBROADCASTQ(ifmaMask44, g.mask44)
	VPBROADCASTQ(ifmaMask42, g.mask42)
	VPBROADCASTQ(ifmaPad, g.pad)
	VMOVDQU64(ifmaLoIdx, g.loIdx)
	VMOVDQU64(ifmaHiIdx, g.hiIdx)
	VMOVDQU64(ifmaShl8, g.shl8)
	VMOVDQU64(ifmaShr24, g.shr24)
	return g
}

// powers returns the operands of the multipliers in the five 64-byte rows
// from base: the limbs r0, r1, r2 and s1, s2 = 20·r1, 20·r2.
func powers(base Mem) (r [3]Op, s1, s2 Op) {
	return [3]Op{base, base.Offset(64), base.Offset(128)}, base.Offset(192), base.Offset(256)
}

// powerRows emits the frame's powers in radix 2⁴⁴, with s = 20·r for
// limbs 1 and 2, five 64-byte rows each: lo, r⁸ … r in the lanes (the
// last step of the second accumulator, or of a single group); hi, r¹⁶ …
// r⁹ (the last step of the first); the other steps multiply by r¹⁶,
// broadcast from lane 0 of hi. rows holds r, …, r⁸ in 64-bit limbs (Rows).
func (g *ifma) powerRows(rows Mem) (lo, hi Mem) {
	Comment("lo: r⁸ … r; hi = r⁸·lo, one vector product")
	lo, rl := g.lowRows(rows)
	hi = AllocLocal(5 * 64)
	var r8 [3]Op
	for k := range 3 {
		z := ZMM()
		VPBROADCASTQ(rl[k].AsX(), z)
		r8[k] = z
	}
	s81, s82 := times20(r8[1].(Register)), times20(r8[2].(Register))
	g.multiply(rl, r8, s81, s82, false)
	storePowers(hi, rl)
	return lo, hi
}

// times20 returns 20·x, lane by lane.
func times20(x Register) VecVirtual {
	y, t := ZMM(), ZMM()
	VPSLLQ(U8(4), x, y)
	VPSLLQ(U8(2), x, t)
	VPADDQ(t, y, y)
	return y
}

// storePowers stores the five 64-byte rows of the multipliers v from
// base: its three limbs, then 20 times limbs 1 and 2 (see powers).
func storePowers(base Mem, v vec44) {
	for k := range 3 {
		VMOVDQU64(v[k], base.Offset(64*k))
	}
	VMOVDQU64(times20(v[1]), base.Offset(192))
	VMOVDQU64(times20(v[2]), base.Offset(256))
}

// lowRows emits the frame's rows lo of powerRows, r⁸ … r in the lanes in
// radix 2⁴⁴, from rows in 64-bit limbs (Rows), and returns them with the
// registers that still hold their limbs.
func (g *ifma) lowRows(rows Mem) (lo Mem, rl vec44) {
	row := func(k, lane int) Mem { return rows.Offset(8*lanesIFMA*k + 8*lane) }
	lo = AllocLocal(5 * 64)
	rl = vec44{ZMM(), ZMM(), ZMM()}
	a, b, c := ZMM(), ZMM(), ZMM()
	VMOVDQU64(row(0, 0), a)
	VMOVDQU64(row(1, 0), b)
	VMOVDQU64(row(2, 0), c)
	g.toRadix44(rl, a, b, c)
	storePowers(lo, rl)
	return lo, rl
}

// SingleMaxGroups is the most groups of eight blocks that Update absorbs
// with one accumulator (single) rather than two (Pairs).
const SingleMaxGroups = 8

// single emits Update for n groups of eight blocks at p, 1 ≤ n ≤
// SingleMaxGroups, with one accumulator of eight lanes, which saves the
// vector product that gives r⁹, …, r¹⁶: the first group is added to it,
// each step then multiplies it by r⁸ in every lane and adds the next
// group (mulAdd), and the last multiplication takes r^(8-i) in lane i; the
// sum of its products' lanes gives h (storeProducts). The bounds are those
// of multiply. With last, the last group is not at p but in the two
// registers that last emits (SingleLast), and n is at least 2.
func (g *ifma) single(p, n Register, rows Mem, last func() (Register, Register)) {
	loop, end := "loopSingle", "lastSingle"
	if last == nil {
		Comment("At most SingleMaxGroups groups: one accumulator, r⁸ for each group but the last")
	} else {
		loop, end = "loopGroups", "lastGroup"
		Comment("The first group at p, the others but the last from p+128 on; r⁸ for each group but the last")
	}
	lo, _ := g.lowRows(rows)
	rl, sl1, sl2 := powers(lo)
	var r8 [3]Op
	for k := range 3 {
		r8[k] = rl[k].(Mem) // broadcast from lane 0
	}
	a := loadH(g)
	g.absorb(a, Mem{Base: p})
	if last == nil {
		DECQ(n) // the groups after the first
	} else {
		SUBQ(U8(2), n) // the groups between the first and the last
	}
	JZ(LabelRef(end))
	Label(loop)
	ADDQ(U32(128), p)
	v := g.blocks(Mem{Base: p})
	g.mulAdd(a, r8, sl1, sl2, true, &v)
	DECQ(n)
	JNZ(LabelRef(loop))
	Label(end)
	if last != nil {
		Comment("The last group, from registers")
		first, second := last()
		lr, hr := ZMM(), ZMM()
		VMOVDQA64(first, lr)
		VMOVDQA64(first, hr)
		VPERMT2Q(second, g.loIdx, lr)
		VPERMT2Q(second, g.hiIdx, hr)
		vl := vec44{ZMM(), ZMM(), ZMM()}
		g.toRadix44(vl, lr, hr, nil)
		g.mulAdd(a, r8, sl1, sl2, true, &vl)
	}
	storeProducts(g, g.products(a, rl, sl1, sl2, false, nil))
}

// Single emits single with its constants in registers: the n groups of
// eight blocks at p, 1 ≤ n ≤ SingleMaxGroups, absorbed into the
// accumulator of the function's parameter s with the powers in rows, as
// Rows stores them.
func Single(p, n Register, rows Mem) {
	newRegisterIFMA().single(p, n, rows, nil)
}

// SingleLast emits single for n groups of eight blocks, 2 ≤ n ≤
// SingleMaxGroups, of which the first n-1 are at p and the last is in two
// registers that last emits (its bytes 0 to 63, then 64 to 127), after
// the others are absorbed: for a last group that is not in memory as it
// is, such as one that ends with zeros and the lengths block of an AEAD.
// It changes p and n.
func SingleLast(p, n Register, rows Mem, last func() (Register, Register)) {
	newRegisterIFMA().single(p, n, rows, last)
}

// MulSize is the size in bytes of the multiplier of SingleMul: five
// 64-bit words.
const MulSize = 5 * 8

// StoreMul stores at mul, for SingleMul, the power R of r whose 64-bit
// limbs, partially reduced (the top one small, as polymulx.Regs.Power
// leaves it), are in h0, h1 and h2: its limbs in radix 2⁴⁴, then 20 times
// limbs 1 and 2. It changes h0, h1 and h2.
func StoreMul(mul Mem, h0, h1, h2 GPVirtual) {
	m, t := GP64(), GP64()
	MOVQ(U64(1<<44-1), m)
	MOVQ(h0, t)
	ANDQ(m, t)
	MOVQ(t, mul)
	SHRQ(U8(44), h1, h0) // h0>>44 | h1<<20
	ANDQ(m, h0)
	MOVQ(h0, mul.Offset(8))
	SHRQ(U8(24), h2, h1) // h1>>24 | h2<<40
	MOVQ(h1, mul.Offset(16))
	for k, l := range []GPVirtual{h0, h1} {
		LEAQ(Mem{Base: l, Index: l, Scale: 4}, l) // 5·l
		SHLQ(U8(2), l)
		MOVQ(l, mul.Offset(24+8*k))
	}
}

// SingleMul emits the lanes' part of a Poly1305 computation that leaves
// what follows n groups of eight blocks at p (1 ≤ n ≤ SingleMaxGroups) to
// other code, such as a chain of MULX products that runs beside: single's
// steps, but the last multiplication by R·r^(8-i) in lane i, R the power
// of r that StoreMul stored at mul, and each step of the loop merged with
// the instructions that perStep(k) returns, k = 2 for the first twice
// steps and 1 for the others; they must not touch the vector registers
// (or depend on the flags across vector instructions). The rows
// R·r^(8-i) are one vector product, computed before the steps; they do
// not wait on the steps, so the products run in the steps' idle slots:
// measured on an AMD EPYC (Zen 4), six steps of eight blocks took 55.9 ns
// alone, 59.5 with the instructions of one more spread among them, 65.4
// with one more step. It returns h, the sum of the lanes, in 64-bit limbs
// (h < 2¹³⁰ + 2⁶⁰, as storeProducts), and ends the vector code. It
// changes p, n and twice.
//
// Bounds: the rows r^(8-i) and R have limbs below 2⁴⁴ but the top one,
// below 2^43.4; their product's below 2⁴⁴ + 2¹², 2⁴² + 2¹⁰ (multiply),
// and 20 times those below 2^48.4, within multiply's bounds as the
// multipliers of the last step.
func SingleMul(p, n, twice Register, rows, mul Mem, perStep func(k int) stitch.Ops) (h0, h1, h2 GPVirtual) {
	Comment("At most SingleMaxGroups groups: one accumulator, r⁸ for each group but the last")
	g := newRegisterIFMA()
	lo, rl := g.lowRows(rows)
	Comment("The rows of the last step: R·r^(8-i) in lane i")
	g.multiply(rl, [3]Op{mul, mul.Offset(8), mul.Offset(16)}, mul.Offset(24), mul.Offset(32), true)
	last := AllocLocal(5 * 64)
	storePowers(last, rl)
	_, sl1, sl2 := powers(lo)
	var r8 [3]Op
	for k := range 3 {
		r8[k] = lo.Offset(64 * k) // lane 0: r⁸, broadcast
	}
	a := loadH(g)
	g.absorb(a, Mem{Base: p})
	DECQ(n) // the groups after the first
	JZ(LabelRef("lastMul"))
	step := func(k int) {
		ADDQ(U32(128), p)
		var vec stitch.Ops
		g.o = &vec
		v := g.blocks(Mem{Base: p})
		g.mulAdd(a, r8, sl1, sl2, true, &v)
		g.o = nil
		stitch.Merge(vec, perStep(k))
	}
	TESTQ(twice, twice)
	JZ(LabelRef("loopMul"))
	Label("loopMul2")
	step(2)
	DECQ(n)
	JZ(LabelRef("lastMul"))
	DECQ(twice)
	JNZ(LabelRef("loopMul2"))
	Label("loopMul")
	step(1)
	DECQ(n)
	JNZ(LabelRef("loopMul"))
	Label("lastMul")
	rr, rs1, rs2 := powers(last)
	return sumProducts(g, g.products(a, rr, rs1, rs2, false, nil))
}

// loadH returns the accumulator of the function's parameter s in radix
// 2⁴⁴, in lane 0 of three registers, the other lanes zero. With g, it
// zeroes them first: the register allocator takes a write of the low 64
// bits of a register for a change of it, not its definition, and holds
// the register for the whole function before it.
func loadH(g *ifma) vec44 {
	Comment("h in radix 2⁴⁴, in lane 0 of a")
	a := vec44{ZMM(), ZMM(), ZMM()}
	if g != nil {
		for k := range 3 {
			g.clear(a[k])
		}
	}
	st := Dereference(Param("s"))
	h0, h1, h2 := GP64(), GP64(), GP64()
	Load(st.Field("h").Index(0), h0)
	Load(st.Field("h").Index(1), h1)
	Load(st.Field("h").Index(2), h2)
	m := GP64()
	MOVQ(U64(1<<44-1), m)
	l0 := GP64()
	MOVQ(h0, l0)
	ANDQ(m, l0)
	SHRQ(U8(44), h1, h0) // h0>>44 | h1<<20
	ANDQ(m, h0)
	SHRQ(U8(24), h2, h1) // h1>>24 | h2<<40
	VMOVQ(l0, a[0].AsX())
	VMOVQ(h0, a[1].AsX())
	VMOVQ(h1, a[2].AsX())
	return a
}

// storeH emits the sum of the lanes of a, its carries and its 64-bit
// limbs, stored into the accumulator of the function's parameter s.
func storeH(g *ifma, a vec44) {
	Comment("The sum of the lanes, then the carries and 64-bit limbs")
	g.sumLanes(a)
	l := LaneZero(a[:])
	m, t := GP64(), GP64()
	MOVQ(U64(1<<44-1), m)
	carry := Carrier(44, m, t)
	carry(l[0], l[1])
	carry(l[1], l[2])
	MOVQ(l[2], t)
	SHRQ(U8(42), t)
	LEAQ(Mem{Base: t, Index: t, Scale: 4}, t)
	ADDQ(t, l[0])
	MOVQ(U64(1<<42-1), t)
	ANDQ(t, l[2])
	// l0 < 2⁴⁴ + 2⁹ before these carries (5·⌊l2/2⁴²⌋ < 2⁹: the sums of
	// the lanes are below 2^48.1), so each carries at most 1, and l2 can
	// reach 2⁴² only with l1 = 0: h < 2¹³⁰ + 2⁹.
	carry(l[0], l[1])
	carry(l[1], l[2])
	Comment("h0 = l0 + l1·2⁴⁴, h1 = ⌊l1/2²⁰⌋ + l2·2²⁴, h2 = ⌊l2/2⁴⁰⌋")
	h2 := GP64()
	MOVQ(l[2], h2)
	SHRQ(U8(40), h2)
	MOVQ(l[1], t)
	SHLQ(U8(44), t)
	ORQ(t, l[0])
	SHRQ(U8(20), l[1])
	SHLQ(U8(24), l[2])
	ORQ(l[2], l[1])
	st := Dereference(Param("s"))
	Store(l[0], st.Field("h").Index(0))
	Store(l[1], st.Field("h").Index(1))
	Store(h2, st.Field("h").Index(2))
}

// storeProducts emits the end of a computation whose last multiplication
// stopped at its products (the sums d of one accumulator, or of two, added
// lane by lane first): the sums of their lanes, and from those, in
// general-purpose registers, the carries and the 64-bit limbs, stored into
// the accumulator of the function's parameter s. It saves the vector
// carries of the last multiplication, and the second set of carries of
// storeH, on the path to h.
//
// Bounds: with sixteen lanes, the low sums are below 2^57.6 and the high
// below 2^47.1 (see multiply), so L1 = d1 + d0'·2⁸ and L2 = d2 + d1'·2⁸
// are below 2⁵⁸ and T = d2'·2¹⁰ below 2^57.1. L1 carries into L2; what L2
// holds from 2⁴² up, with T, is c < 2^57.2 at 2¹³⁰, and L0 + 5c < 2⁶⁰. Then
// L0 < 2⁶⁰, L1 < 2⁴⁴, L2 < 2⁴², and h = L0 + L1·2⁴⁴ + L2·2⁸⁸ < 2¹³⁰ + 2⁶⁰:
// h2 is at most 4.
func storeProducts(g *ifma, ds ...[3][2]VecVirtual) {
	l0, l1, l2 := sumProducts(g, ds...)
	st := Dereference(Param("s"))
	Store(l0, st.Field("h").Index(0))
	Store(l1, st.Field("h").Index(1))
	Store(l2, st.Field("h").Index(2))
}

// sumProducts is storeProducts but for the stores: it returns the 64-bit
// limbs of h, with the same bound.
func sumProducts(g *ifma, ds ...[3][2]VecVirtual) (h0, h1, h2 GPVirtual) {
	Comment("The sums of the products' lanes, their carries and 64-bit limbs")
	d := ds[0]
	for _, e := range ds[1:] {
		for k := range d {
			for i := range d[k] {
				VPADDQ(e[k][i], d[k][i], d[k][i])
			}
		}
	}
	lo := vec44{d[0][0], d[1][0], d[2][0]}
	hi := vec44{d[0][1], d[1][1], d[2][1]}
	g.sumLanes(lo)
	g.sumLanes(hi)
	l := LaneZero([]VecVirtual{lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]})
	l0, l1, l2, h0, h1, h2 := l[0], l[1], l[2], l[3], l[4], l[5]
	SHLQ(U8(8), h0)
	ADDQ(h0, l1)
	SHLQ(U8(8), h1)
	ADDQ(h1, l2)
	SHLQ(U8(10), h2)
	m, t := GP64(), GP64()
	MOVQ(U64(1<<44-1), m)
	Carrier(44, m, t)(l1, l2)
	MOVQ(l2, t)
	SHRQ(U8(42), t)
	ADDQ(h2, t)
	MOVQ(U64(1<<42-1), m)
	ANDQ(m, l2)
	LEAQ(Mem{Base: t, Index: t, Scale: 4}, t)
	ADDQ(t, l0)
	Comment("h = l0 + l1·2⁴⁴ + l2·2⁸⁸ in 64-bit limbs")
	MOVQ(l1, t)
	SHLQ(U8(44), t)
	SHRQ(U8(20), l1)
	MOVQ(l2, m)
	SHLQ(U8(24), m)
	SHRQ(U8(40), l2)
	ADDQ(t, l0)
	ADCQ(m, l1)
	ADCQ(U8(0), l2)
	return l0, l1, l2
}

// loadKey loads the clamped key r of the function's parameter s into the
// registers of a polymulx.Regs.
func loadKey() *polymulx.Regs {
	st := Dereference(Param("s"))
	r := &polymulx.Regs{R0: GP64(), R1: GP64(), RR1: GP64(), H0: GP64(), H1: GP64(), H2: GP64()}
	Load(st.Field("r").Index(0), r.R0)
	Load(st.Field("r").Index(1), r.R1)
	r.LoadKey()
	return r
}

// RowsFunc emits a function name of signature func(s *S, pw *[24]uint64),
// S a Poly1305 state with the clamped key in its field r, that sets pw to
// the powers r, …, r⁸ of Rows: what Update with precomputed reads.
func RowsFunc(name, signature string) {
	TEXT(name, NOSPLIT, signature)
	Doc(name+" sets pw to r, r², …, r⁸, the powers of the key of s, for the",
		"functions that read them precomputed. It needs BMI2.")
	pw := Load(Param("pw"), GP64())
	Rows(nil, Mem{Base: pw}, loadKey())
	RET()
}

// RowsSize is the size in bytes of what Rows stores.
const RowsSize = 3 * 8 * lanesIFMA

// Rows records into o (nil: emits) the computation of r, r², …, r⁸ from the
// key in r (R0, R1, RR1 set; it uses H0 to H2), partially reduced, in
// 64-bit limbs, stored at rows as three rows of eight lanes, limb k of
// r^(8-i) in lane i of row k: what Update reads.
func Rows(o *stitch.Ops, rows Mem, r *polymulx.Regs) {
	row := func(k, lane int) Mem { return rows.Offset(8*lanesIFMA*k + 8*lane) }
	o.Add(func() { MOVQ(r.R0, row(0, lanesIFMA-1)) })
	o.Add(func() { MOVQ(r.R1, row(1, lanesIFMA-1)) })
	o.Add(func() { MOVQ(U32(0), row(2, lanesIFMA-1)) })
	o.Add(func() { MOVQ(r.R0, r.H0) })
	o.Add(func() { MOVQ(r.R1, r.H1) })
	o.Add(func() { XORL(r.H2.As32(), r.H2.As32()) })
	for k := 2; k <= lanesIFMA; k++ {
		r.Power(o)
		o.Add(func() { MOVQ(r.H0, row(0, lanesIFMA-k)) })
		o.Add(func() { MOVQ(r.H1, row(1, lanesIFMA-k)) })
		o.Add(func() { MOVQ(r.H2, row(2, lanesIFMA-k)) })
	}
}

// sumLanes sets lane 0 of each limb of h to the sum of its eight lanes, and
// the other lanes to zero.
func (g *ifma) sumLanes(h vec44) {
	for k := range 3 {
		z := h[k]
		y := ZMM()
		VEXTRACTI64X4(U8(1), z, y.AsY())
		VPADDQ(y.AsY(), z.AsY(), y.AsY())
		x := ZMM()
		VEXTRACTI128(U8(1), y.AsY(), x.AsX())
		VPADDQ(x.AsX(), y.AsX(), x.AsX())
		VPSHUFD(U8(0x4e), x.AsX(), y.AsX())
		VPADDQ(y.AsX(), x.AsX(), x.AsX())
		VMOVQ(x.AsX(), z.AsX()) // zeroes the lanes above 0
	}
}

// Powers names the multipliers of a step of Pairs.
type Powers int

const (
	Step Powers = iota // r¹⁶ in every lane
	High               // r^(16-i) in lane i
	Low                // r^(8-i) in lane i
)

// Accumulators are the emitters that Pairs calls, for accumulator 0 (a)
// or 1 (b): zero b; add eight blocks to the lanes of one; multiply one by
// the powers; add b to a; sum the lanes of a into lane 0, the others
// zeroed.
type Accumulators struct {
	ZeroB    func()
	Absorb   func(acc int, m Mem)
	Multiply func(acc int, pw Powers)
	AddB     func()
	SumLanes func()
}

// Pairs emits the steps that Update and poly26's Update share over the n
// (at least 1) groups of eight blocks at p, which it advances: two
// accumulators of eight lanes, a (holding h in lane 0) for groups 0, 2, 4,
// … and b for groups 1, 3, 5, …, multiplied by r¹⁶ at every step but the
// last, which multiplies a by High and b by Low and adds b to a; an odd
// group after the sum of a's lanes, multiplied by Low. It leaves the sum
// in the lanes of a, for the caller to add up; suffix makes its labels
// unique in the function.
func Pairs(p, n Register, acc *Accumulators, suffix string) {
	pairs := GP64()
	MOVQ(n, pairs)
	SHRQ(U8(1), pairs)
	JZ(LabelRef("odd" + suffix))
	Comment("Two accumulators: a takes groups 0, 2, 4, …, b groups 1, 3, 5, …")
	acc.ZeroB()
	DECQ(pairs) // the pairs before the last
	JZ(LabelRef("lastPair" + suffix))
	Label("loop" + suffix)
	acc.Absorb(0, Mem{Base: p})
	acc.Absorb(1, Mem{Base: p, Disp: 128})
	acc.Multiply(0, Step)
	acc.Multiply(1, Step)
	ADDQ(U32(256), p)
	DECQ(pairs)
	JNZ(LabelRef("loop" + suffix))

	Label("lastPair" + suffix)
	Comment("The last pair: a's lane i by r^(16-i), b's by r^(8-i); then a = a + b")
	acc.Absorb(0, Mem{Base: p})
	acc.Absorb(1, Mem{Base: p, Disp: 128})
	acc.Multiply(0, High)
	acc.Multiply(1, Low)
	acc.AddB()
	ADDQ(U32(256), p)
	TESTQ(U32(1), n)
	JZ(LabelRef("sum" + suffix))
	Comment("An odd group left: the sum of the lanes into lane 0, then the group")
	acc.SumLanes()

	Label("odd" + suffix)
	Comment("One group of eight (n odd): lane i by r^(8-i)")
	acc.Absorb(0, Mem{Base: p})
	acc.Multiply(0, Low)

	Label("sum" + suffix)
}

// LaneZero moves lane 0 of each of v to a general-purpose register, in
// order, and ends the use of the vector registers (VZEROUPPER).
func LaneZero(v []VecVirtual) []GPVirtual {
	l := make([]GPVirtual, len(v))
	for k := range v {
		l[k] = GP64()
		VMOVQ(v[k].AsX(), l[k])
	}
	VZEROUPPER()
	return l
}

// Carrier returns a function that carries from one limb of width bits to
// the next: to += from >> bits, from &= m, where m holds 2^bits - 1, with
// t as scratch.
func Carrier(bits uint8, m, t GPVirtual) func(from, to GPVirtual) {
	return func(from, to GPVirtual) {
		MOVQ(from, t)
		SHRQ(U8(bits), t)
		ANDQ(m, from)
		ADDQ(t, to)
	}
}

// Start emits the start of Update and of poly26's Update: it loads the
// base of msg into p and the number of its groups of eight blocks into n,
// jumps to done if there are none, and returns where the rows of the
// powers r, …, r⁸ are: the parameter pw with precomputed, else the frame,
// filled by Rows from the key of the parameter s.
func Start(precomputed bool, done string) (p, n GPVirtual, rows Mem) {
	p = Load(Param("msg").Base(), GP64()).(GPVirtual)
	n = Load(Param("msg").Len(), GP64()).(GPVirtual)
	SHRQ(U8(7), n) // the number of groups of eight blocks
	JZ(LabelRef(done))

	if precomputed {
		return p, n, Mem{Base: Load(Param("pw"), GP64())}
	}
	Comment("r, r², …, r⁸ in 64-bit limbs, partially reduced: r^(8-i) in lane i of the frame's three rows")
	rows = AllocLocal(3 * 8 * lanesIFMA)
	Rows(nil, rows, loadKey())
	return p, n, rows
}
