// Command amm52 generates mont/amm52_amd64.s, the AVX-512 IFMA kernels of
// crypton's radix-2⁵² Montgomery arithmetic.
//
// Every amm52xL function computes what amm52Generic (mont/radix52.go)
// computes: the "almost Montgomery" product z = x·y·2^(−52k) mod m of two
// numbers below 2m, itself below 2m but not necessarily below m, in k
// digits of 52 bits stored one per 64-bit lane, of which it computes L
// (a multiple of four, L ≥ k; the slices have L rounded up to a multiple of
// eight lanes, and the lanes from k up are zero). With 2^(52k) > 4m the result of
// one product is a valid input of the next, so an exponentiation reduces
// fully only once, at the end. The method is the word-by-word (CIOS)
// Montgomery multiplication with the digits of x and m in ZMM registers, as
// in Gueron and Krasnov, "Software Implementation of Modular
// Exponentiation, Using Advanced Vector Instructions Architectures" (WAIFI
// 2012), and Drucker and Gueron, "Fast modular squaring with AVX512IFMA"
// (2018):
//
//   - for each digit y[i], VPMADD52LUQ adds the low 52 bits of x[j]·y[i]
//     to lane j of the accumulator, and then, with q = acc[0]·(−m⁻¹) mod
//     2⁵², the low 52 bits of m[j]·q; lane 0 is then a multiple of 2⁵²;
//   - VALIGNQ shifts the accumulator down one lane, dropping lane 0, and
//     VPMADD52HUQ adds the high 52 bits of the same products, which belong
//     one lane up, to the shifted lanes;
//   - lane 0 is followed exactly in a general-purpose register: MULX gives
//     the full products x[0]·y[i] and m[0]·q, so the carry out of the
//     dropped lane (its value shifted right by 52 bits) is added to the new
//     lane 0 there, and q comes from that register without a round trip
//     through the vector unit. The vector's own lane 0 after VPMADD52HUQ is
//     never read.
//
// The lanes are not kept below 2⁵² inside the loop: each receives at most
// four 52-bit values per digit, so after k ≤ 160 digits it is below 2⁶².
// At the end one pass moves every lane's bits above 52 into the next lane
// (VPSRLQ, VALIGNQ, VPADDQ), after which each lane carries at most one more;
// lanes above 2⁵² − 1 generate a carry and lanes equal to 2⁵² − 1 pass one
// on, and adding the two lane masks as integers, (G << 1) + P, ripples the
// carries exactly as an adder does: the lanes whose bit changed, P XOR the
// sum, are the ones that receive a carry and gain one.
//
// The amm52PairL functions compute two such products, for two moduli of the
// same size, in one loop: the two dependency chains through q (a scalar
// multiplication, a broadcast, a VPMADD52LUQ and the lane shift, some twenty
// cycles a digit) overlap, so the multipliers are not left waiting, which is
// what the two half-size exponentiations of an RSA private-key operation
// need.
//
// A kernel whose lanes are 4 more than a multiple of 8 (amm52x20 for the 20
// digits of a 1024-bit modulus) uses a YMM register for the last four.
//
// select52 does what selectEntryGeneric (mont/exp.go) does for the
// exponentiation's table of radix-2⁵² powers: it reads every entry in full,
// with unmasked 512-bit loads (a masked load may skip the memory of the
// lanes it masks off), and keeps the wanted one with a mask register.
//
// The kernels are constant time: the only branches are the loops on the
// public digit count and table size (and select52's choice of block width
// by the public lane count), every address depends only on the pointers,
// the lane count and the loop counters, and the carry handling works on
// masks, never on branches.
//
// The functions need AVX-512F/VL, AVX-512 IFMA and BMI2 (MULX); the Go code
// checks for them.
//
// Run it with go generate in mont.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// minRegs and maxRegs bound the accumulator sizes, in ZMM registers of eight
// lanes, with a kernel: 2 registers hold the 10 digits of a 512-bit modulus
// (8 limbs), 20 the 158 of an 8192-bit one (128 limbs). They must match
// amm52MinLanes and amm52MaxLanes in mont/radix52.go.
const (
	minRegs = 2
	maxRegs = 20
)

// maxPairRegs is the largest accumulator with a pair kernel, whose two
// products keep x and m in registers: 6r + 5 ZMM registers. It must match
// amm52PairMaxLanes in mont/radix52.go.
const maxPairRegs = 4

// maxHalfRegs is the largest accumulator with a kernel whose last register
// is a YMM one, for k ≤ 8r − 4 digits: four lanes fewer of every
// multiplication, which matters most for the smallest sizes (a 1024-bit
// modulus has 20 digits: two ZMM and one YMM register instead of three ZMM).
// It must match amm52HalfMaxLanes in mont/radix52.go.
const maxHalfRegs = 8

// maxRegsInRegisters is the largest accumulator whose x and m also stay in
// registers: 3r ZMM registers for the three numbers and four more for y[i],
// q, zero and the 52-bit mask. Larger ones read x and m from memory.
const maxRegsInRegisters = 8

func main() {
	ConstraintExpr("gc,!purego")
	for r := minRegs; r <= maxRegs; r++ {
		if r <= maxHalfRegs {
			amm52(r, true)
		}
		amm52(r, false)
	}
	for r := minRegs; r <= maxPairRegs; r++ {
		amm52Pair(r, true)
		amm52Pair(r, false)
	}
	select52()
	Generate()
}

func mem(base Register, off int) Mem { return Mem{Base: base, Disp: off} }

// load loads the named parameter into a new register.
func load(name string) GPVirtual {
	r := GP64()
	Load(Param(name), r)
	return r
}

// chain is one of the products a kernel computes: its operands, registers
// and lane 0 in a general-purpose register.
type chain struct {
	suffix     string // of its parameters' names: "" or "1", "2"
	yp         GPVirtual
	x0, m0, k0 Mem // x[0], m[0] and k0 in the stack frame (pair kernels)
	xp, mp     GPVirtual
	xs, ms     []Op // x and m, in registers or memory
	acc        []VecVirtual
	acc0       GPVirtual
	yi, q      VecVirtual
	k0r        GPVirtual // k0 in a register (single kernels)
	single     bool
}

// width returns the lanes of an accumulator of r registers, the last one
// a YMM register if half.
func width(r int, half bool) int {
	if half {
		return 8*r - 4
	}
	return 8 * r
}

// amm52 emits amm52x{width}, one product with an accumulator of r ZMM
// registers, the last one used as a YMM register if half.
func amm52(r int, half bool) {
	lanes := width(r, half)
	name := fmt.Sprintf("amm52x%d", lanes)
	TEXT(name, NOSPLIT, "func(z, x, y, m *uint64, k int, k0 uint64)")
	Doc(fmt.Sprintf("%s sets z = x·y·2^(−52k) mod m (< 2m) in %d lanes of 52-bit digits; see amm52Generic.", name, lanes))
	kernel(name, r, half, []*chain{{single: true}}, r <= maxRegsInRegisters)
}

// amm52Pair emits amm52Pair{8r}, two independent products of the same size
// computed together, for the two halves of an RSA private-key operation:
// two dependency chains keep the multipliers busy where one leaves them
// waiting on the latency of q. x and m stay in registers.
func amm52Pair(r int, half bool) {
	lanes := width(r, half)
	name := fmt.Sprintf("amm52Pair%d", lanes)
	TEXT(name, NOSPLIT, "func(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)")
	Doc(fmt.Sprintf("%s sets z1 = x1·y1·2^(−52k) mod m1 and z2 = x2·y2·2^(−52k) mod m2 (each < 2m) in %d lanes of 52-bit digits; see amm52PairGeneric.", name, lanes))
	AllocLocal(48)
	kernel(name, r, half, []*chain{{suffix: "1"}, {suffix: "2"}}, true)
}

// kernel emits the body of a kernel of r registers for the chains. If half,
// the last register of each number is used as a YMM register: its upper
// lanes are zero throughout (every write to it zeroes them), so the ZMM
// instructions of the shifts and the normalisation may read it whole.
func kernel(name string, r int, half bool, chains []*chain, inRegs bool) {
	// v returns register j of a number as the width its operations use.
	v := func(x VecVirtual, j int) Op {
		if half && j == r-1 {
			return x.AsY()
		}
		return x
	}
	op := func(x Op, j int) Op {
		if x, ok := x.(VecVirtual); ok {
			return v(x, j)
		}
		return x
	}
	mask := GP64()
	MOVQ(U64(1<<52-1), mask)
	for i, c := range chains {
		c.xp = load("x" + c.suffix)
		c.mp = load("m" + c.suffix)
		c.yp = load("y" + c.suffix)
		if c.single {
			c.k0r = load("k0")
			ANDQ(mask, c.k0r)
		} else {
			c.x0, c.m0, c.k0 = NewStackAddr(24*i), NewStackAddr(24*i+8), NewStackAddr(24*i+16)
			t := GP64()
			MOVQ(Mem{Base: c.xp}, t)
			MOVQ(t, c.x0)
			MOVQ(Mem{Base: c.mp}, t)
			MOVQ(t, c.m0)
			Load(Param("k0"+c.suffix), t)
			ANDQ(mask, t)
			MOVQ(t, c.k0)
		}
	}
	count := load("k")

	Comment("acc = 0")
	for _, c := range chains {
		c.acc = make([]VecVirtual, r)
		for j := range c.acc {
			c.acc[j] = ZMM()
			VPXORQ(c.acc[j], c.acc[j], c.acc[j])
		}
	}
	zero := ZMM()
	VPXORQ(zero, zero, zero)
	for _, c := range chains {
		c.xs, c.ms = make([]Op, r), make([]Op, r)
		for j := range r {
			c.xs[j], c.ms[j] = mem(c.xp, 64*j), mem(c.mp, 64*j)
			if inRegs {
				xr, mr := ZMM(), ZMM()
				VMOVDQU64(c.xs[j], v(xr, j))
				VMOVDQU64(c.ms[j], v(mr, j))
				c.xs[j], c.ms[j] = xr, mr
			}
		}
		// acc0 is lane 0 of the accumulator, exactly.
		c.acc0 = GP64()
		XORQ(c.acc0, c.acc0)
		c.yi, c.q = ZMM(), ZMM()
	}
	lo, hi, t := GP64(), GP64(), GP64()

	Label(name + "_digit")
	for _, c := range chains {
		Comment("acc0 += x[0]·y[i] (the full product: hi:acc0)")
		VPBROADCASTQ(mem(c.yp, 0), c.yi)
		if c.single {
			MOVQ(mem(c.xp, 0), RDX)
		} else {
			MOVQ(c.x0, RDX)
		}
		MULXQ(mem(c.yp, 0), lo, hi)
		ADDQ(lo, c.acc0)
		ADCQ(Imm(0), hi)

		Comment("q = acc0·k0 mod 2⁵²")
		if c.single {
			MOVQ(c.k0r, t)
		} else {
			MOVQ(c.k0, t)
		}
		IMULQ(c.acc0, t)
		ANDQ(mask, t)
		VPBROADCASTQ(t, c.q)

		Comment("acc0 = (acc0 + m[0]·q) >> 52, the carry into lane 1")
		if c.single {
			MOVQ(mem(c.mp, 0), RDX)
		} else {
			MOVQ(c.m0, RDX)
		}
		MULXQ(t, lo, t)
		ADDQ(lo, c.acc0)
		ADCQ(t, hi)
		SHRQ(Imm(52), hi, c.acc0)
	}

	Comment("acc += low halves of x·y[i] and m·q")
	for _, c := range chains {
		for j := range r {
			VPMADD52LUQ(op(c.xs[j], j), v(c.yi, j), v(c.acc[j], j))
		}
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52LUQ(op(c.ms[j], j), v(c.q, j), v(c.acc[j], j))
		}
	}

	Comment("acc >>= one lane; the new lane 0 joins acc0")
	for _, c := range chains {
		for j := range r {
			next := zero
			if j+1 < r {
				next = c.acc[j+1]
			}
			VALIGNQ(Imm(1), v(c.acc[j], j), v(next, j), v(c.acc[j], j))
		}
		VMOVQ(c.acc[0].AsX(), t)
		ADDQ(t, c.acc0)
	}

	Comment("acc += high halves of x·y[i] and m·q, one lane up before the shift")
	for _, c := range chains {
		for j := range r {
			VPMADD52HUQ(op(c.xs[j], j), v(c.yi, j), v(c.acc[j], j))
		}
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52HUQ(op(c.ms[j], j), v(c.q, j), v(c.acc[j], j))
		}
		ADDQ(Imm(8), c.yp)
	}
	DECQ(count)
	JNZ(LabelRef(name + "_digit"))

	zmask := ZMM()
	VPBROADCASTQ(mask, zmask)
	for _, c := range chains {
		normalize(c, r, mask, zmask, zero)
	}
	VZEROUPPER()
	RET()
}

// normalize inserts acc0 into lane 0, brings every lane below 2⁵² and
// stores the result.
func normalize(c *chain, r int, mask GPVirtual, zmask, zero VecVirtual) {
	acc := c.acc
	t := GP64()
	Comment("lane 0 = acc0")
	lane0 := ZMM()
	VMOVQ(c.acc0, lane0.AsX())
	k1 := K()
	MOVL(U32(1), t.As32())
	KMOVW(t.As32(), k1)
	VMOVDQA64(lane0, k1, acc[0])

	Comment("Carry each lane's bits above 52 into the next lane")
	prev := zero
	for j := range r {
		cur := ZMM()
		VPSRLQ(Imm(52), acc[j], cur)
		VPANDQ(zmask, acc[j], acc[j])
		sh := ZMM()
		VALIGNQ(Imm(7), prev, cur, sh)
		VPADDQ(sh, acc[j], acc[j])
		prev = cur
	}

	Comment("G: lanes above 2⁵² − 1 (carry out); P: lanes equal to it (pass a carry on)")
	words := (r + 7) / 8
	g := make([]GPVirtual, words)
	p := make([]GPVirtual, words)
	for w := range words {
		g[w], p[w] = GP64(), GP64()
		XORQ(g[w], g[w])
		XORQ(p[w], p[w])
	}
	kg, kp := K(), K()
	for j := range r {
		w, s := j/8, 8*(j%8)
		VPCMPUQ(Imm(6), zmask, acc[j], kg) // acc > mask
		VPCMPUQ(Imm(0), zmask, acc[j], kp) // acc == mask
		KMOVW(kg, t.As32())
		if s > 0 {
			SHLQ(Imm(uint64(s)), t)
		}
		ORQ(t, g[w])
		KMOVW(kp, t.As32())
		if s > 0 {
			SHLQ(Imm(uint64(s)), t)
		}
		ORQ(t, p[w])
	}

	Comment("C = ((G << 1) + P) XOR P: the lanes that receive a carry")
	for w := range words {
		if w == 0 {
			ADDQ(g[w], g[w])
		} else {
			ADCQ(g[w], g[w])
		}
	}
	for w := range words {
		if w == 0 {
			ADDQ(p[w], g[w])
		} else {
			ADCQ(p[w], g[w])
		}
	}
	for w := range words {
		XORQ(p[w], g[w])
	}

	Comment("z = (acc + C) mod 2⁵² per lane")
	zp := load("z" + c.suffix)
	one := ZMM()
	MOVQ(U64(1), t)
	VPBROADCASTQ(t, one)
	kc := K()
	for j := range r {
		w := j / 8
		KMOVW(g[w].As32(), kc)
		if j%8 != 7 && j+1 < r {
			SHRQ(Imm(8), g[w])
		}
		VPADDQ(one, acc[j], kc, acc[j])
		VPANDQ(zmask, acc[j], acc[j])
		VMOVDQU64(acc[j], mem(zp, 64*j))
	}
}

// select52 emits select52, the table scan of the radix-2⁵² exponentiation.
func select52() {
	TEXT("select52", NOSPLIT, "func(z, table *uint64, lanes, count int, k uint64)")
	Doc("select52 sets z to entry k of table, count entries of lanes 64-bit lanes,",
		"like selectEntryGeneric, reading every entry. lanes must be a positive",
		"multiple of 8 and count positive. It needs AVX-512F.")
	z := load("z")
	tbl := load("table")
	stride := load("lanes")
	SHLQ(U8(3), stride) // bytes per entry
	count := load("count")
	kv, ones := ZMM(), ZMM()
	VPBROADCASTQ(NewParamAddr("k", 32), kv)
	one := GP64()
	MOVQ(U32(1), one)
	VPBROADCASTQ(one, ones)

	blk := GP64() // byte offset of the current block of lanes within an entry
	XORQ(blk, blk)
	acc := []VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	idx, t := ZMM(), ZMM()
	k := K()
	p, i, end := GP64(), GP64(), GP64()

	// pass walks down the table for the w·64 bytes at offset blk and moves
	// blk past them.
	pass := func(w int) {
		for _, a := range acc[:w] {
			VPXORQ(a, a, a)
		}
		VPXORQ(idx, idx, idx)
		LEAQ(Mem{Base: tbl, Index: blk, Scale: 1}, p)
		MOVQ(count, i)
		Label(fmt.Sprintf("select52_entry%d", w))
		VPCMPEQQ(kv, idx, k)
		for e, a := range acc[:w] {
			VMOVDQU64(Mem{Base: p, Disp: 64 * e}, t)
			VMOVDQA64(t, k, a)
		}
		VPADDQ(ones, idx, idx)
		ADDQ(stride, p)
		DECQ(i)
		JNZ(LabelRef(fmt.Sprintf("select52_entry%d", w)))
		for e, a := range acc[:w] {
			VMOVDQU64(a, Mem{Base: z, Index: blk, Scale: 1, Disp: 64 * e})
		}
		ADDQ(U32(64*w), blk)
		JMP(LabelRef("select52_block"))
	}

	// Blocks of four registers while they fit, then one of three, two or
	// one: the branches depend on the length only.
	Label("select52_block")
	MOVQ(stride, end)
	SUBQ(blk, end)
	CMPQ(end, U32(256))
	JAE(LabelRef("select52_w4"))
	CMPQ(end, U32(192))
	JE(LabelRef("select52_w3"))
	CMPQ(end, U32(128))
	JE(LabelRef("select52_w2"))
	CMPQ(end, U32(64))
	JE(LabelRef("select52_w1"))
	VZEROUPPER()
	RET()
	for w := 4; w >= 1; w-- {
		Label(fmt.Sprintf("select52_w%d", w))
		pass(w)
	}
}
