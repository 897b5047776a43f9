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
// (2018): for each digit y[i], VPMADD52LUQ and VPMADD52HUQ add the low and
// high 52 bits of x[j]·y[i] and of m[j]·q, with q = (lane 0)·(−m⁻¹) mod
// 2⁵², to the lanes of an accumulator that VALIGNQ shifts down one lane a
// digit, and lane 0 is followed exactly in a general-purpose register.
//
// What limits the small sizes (up to a few thousand bits) is not the
// multipliers but the chain from one q to the next. kernel shortens it:
//
//   - The vector terms of q are added one digit late, when the
//     accumulator has already shifted past the lanes they would have
//     changed first: lo52(m[j+2]·q) and hi52(m[j+1]·q) to lane j, read
//     from m two and one lanes on. The terms of q that fall in the next
//     digit's lane 0, hi52(m[0]·q) and lo52(m[1]·q), are computed in
//     general-purpose registers (MULX of m[0]·2¹² gives the first as its
//     high word; IMUL and AND the second). The vector's lane 0 is then
//     complete a digit before it is needed, and the path from q to the
//     next q is one MULX, two ADDs, an IMUL and an AND.
//   - The carry out of lane 0 needs no multiplication by q either: lane 0
//     plus lo52(m[0]·q) is a multiple of 2⁵² by the choice of q, so it is
//     ⌈u / 2⁵²⌉ for lane 0's value u, (u + 2⁵² − 1) >> 52.
//   - Up to maxSplitRegs registers, x·y[i] and m·q go to two accumulators,
//     each register taking two multiply-adds and a shift a digit instead of
//     four and a shift, which would otherwise be the next longest chain;
//     their lanes 0 are added when read, and the accumulators at the end.
//
// Above maxDelayedRegs, kernelWide keeps the method without the delay: the
// multipliers set the pace there, and it reads m at its own alignment.
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
// same size, in one loop, for the two half-size exponentiations of an RSA
// private-key operation: two independent chains keep the multipliers busy.
//
// The kernels read m from one and two lanes on as whole registers: the
// modulus slice has two zero lanes after its lanes (newModulus52Lanes in
// mont/radix52.go).
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

// maxPairRegs is the largest accumulator with a pair kernel: x of both
// products stays in registers, and up to four registers two accumulators
// each (at five, one each). It must match amm52PairMaxLanes in
// mont/radix52_amd64.go.
const maxPairRegs = 5

// maxHalfRegs is the largest accumulator with a kernel whose last register
// is a YMM one, for k ≤ 8r − 4 digits: four lanes fewer of every
// multiplication, which matters most for the smallest sizes (a 1024-bit
// modulus has 20 digits: two ZMM and one YMM register instead of three ZMM).
// It must match amm52HalfMaxLanes in mont/radix52.go.
const maxHalfRegs = 8

// maxDelayedRegs is the largest single kernel emitted by kernel, whose x
// then still fits in registers (2r + 5 ZMM registers with one accumulator);
// above it, where the multipliers set the pace and x and m are read from
// memory anyway, kernelWide's loop is the faster.
const maxDelayedRegs = 13

// maxSplitRegs is the largest accumulator kept as two, one for x·y and one
// for m·q: each register then takes two multiply-adds and a shift a digit
// rather than four and a shift, which shortens the dependency chain the
// small sizes wait on; the larger ones wait on the multipliers instead.
const maxSplitRegs = 8

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
// and the scalar state of its lane 0.
type chain struct {
	suffix string // of its parameters' names: "" or "1", "2"
	yp, mp GPVirtual

	// x[0], m[0]·2¹², m[1] and k0, in the stack frame or registers.
	x0, m0s, m1, k0 Op

	xs       []Op // x, in registers or memory
	m1s, m2s []Op // m one and two lanes down: m[j+1], m[j+2]
	ms       []Op // m, in memory

	a, b   []VecVirtual // the accumulators of x·y and of m·q
	yv, qv VecVirtual   // y[i] and q[i−1] in every lane

	q GPVirtual // q[i−1]
	d GPVirtual // lane 0 of a + b, plus the carry out of the lane below

	// For normalize: the sum, and its lane 0 exactly.
	acc  []VecVirtual
	acc0 GPVirtual
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
	if r > maxDelayedRegs {
		kernelWide(name, r)
		return
	}
	kernel(name, r, half, []*chain{{}})
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
	kernel(name, r, half, []*chain{{suffix: "1"}, {suffix: "2"}})
}

// kernel emits the body of a kernel of r registers for the chains. If half,
// the last register of each number is used as a YMM register: its upper
// lanes are zero throughout (every write to it zeroes them), so the ZMM
// instructions of the shifts and the normalisation may read it whole.
//
// Registers: each chain keeps its two accumulators, y[i] and q in ZMM
// registers, and x and m one lane down too while they fit (32 in all, one
// for zero); the rest is read from memory.
func kernel(name string, r int, half bool, chains []*chain) {
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
	n := len(chains)
	// Two accumulators where they fit beside x (a pair of five registers
	// has room for one each).
	split := r <= maxSplitRegs && n*(3*r+2)+3 <= 32
	sets := 1
	if split {
		sets = 2
	}
	xInRegs := n*((sets+1)*r+2)+3 <= 32
	m1InRegs := n*((sets+2)*r+2)+3 <= 32

	AllocLocal(32 * n)
	mask := GP64()
	MOVQ(U64(1<<52-1), mask)
	for i, c := range chains {
		xp := load("x" + c.suffix)
		c.mp = load("m" + c.suffix)
		c.yp = load("y" + c.suffix)
		// The constants of the chain through q stay in registers in a
		// single kernel; a pair has too few and keeps them in its frame.
		konst := func(slot int, t GPVirtual) Op {
			if n == 1 && slot > 0 {
				return t
			}
			a := NewStackAddr(32*i + 8*slot)
			MOVQ(t, a)
			return a
		}
		t := GP64()
		MOVQ(Mem{Base: xp}, t)
		c.x0 = konst(0, t)
		t = GP64()
		MOVQ(Mem{Base: c.mp}, t)
		SHLQ(Imm(12), t)
		c.m0s = konst(1, t)
		t = GP64()
		MOVQ(mem(c.mp, 8), t)
		c.m1 = konst(2, t)
		t = GP64()
		Load(Param("k0"+c.suffix), t)
		ANDQ(mask, t)
		c.k0 = konst(3, t)

		c.xs, c.ms, c.m1s, c.m2s = make([]Op, r), make([]Op, r), make([]Op, r), make([]Op, r)
		for j := range r {
			c.xs[j], c.ms[j] = mem(xp, 64*j), mem(c.mp, 64*j)
			c.m1s[j], c.m2s[j] = mem(c.mp, 64*j+8), mem(c.mp, 64*j+16)
			if xInRegs {
				xr := ZMM()
				VMOVDQU64(c.xs[j], v(xr, j))
				c.xs[j] = xr
			}
			if m1InRegs {
				mr := ZMM()
				VMOVDQU64(c.m1s[j], v(mr, j))
				c.m1s[j] = mr
			}
		}
	}
	count := load("k")

	Comment("a = b = 0, q = 0, d = 0")
	for _, c := range chains {
		c.a, c.b = make([]VecVirtual, r), make([]VecVirtual, r)
		for j := range r {
			c.a[j] = ZMM()
			VPXORQ(c.a[j], c.a[j], c.a[j])
			c.b[j] = c.a[j]
			if split {
				c.b[j] = ZMM()
				VPXORQ(c.b[j], c.b[j], c.b[j])
			}
		}
		c.yv, c.qv = ZMM(), ZMM()
		c.q, c.d = GP64(), GP64()
		XORQ(c.q, c.q)
		XORQ(c.d, c.d)
	}
	zero := ZMM()
	VPXORQ(zero, zero, zero)

	// lane0 adds q's terms of lane 0 to d: hi52(m[0]·q) (MULX of m[0]·2¹²
	// gives it as the high word) and lo52(m[1]·q).
	lane0 := func(c *chain) {
		hq, s := GP64(), GP64()
		MOVQ(c.m0s, hq)
		MOVQ(c.m1, s)
		MOVQ(c.q, RDX)
		MULXQ(hq, hq, hq)
		IMULQ(c.q, s)
		ANDQ(mask, s)
		ADDQ(s, hq)
		ADDQ(hq, c.d)
	}
	// shift moves the lanes of x down by one, zero entering at the top.
	shift := func(x []VecVirtual) {
		for j := range r {
			next := zero
			if j+1 < r {
				next = x[j+1]
			}
			VALIGNQ(Imm(1), v(x[j], j), v(next, j), v(x[j], j))
		}
	}

	Label(name + "_digit")
	for _, c := range chains {
		Comment("u = d + lo52(x[0]·y[i]) + hi52(m[0]·q) + lo52(m[1]·q), lane 0 exactly")
		VPBROADCASTQ(c.q, c.qv)
		lo := GP64()
		MOVQ(mem(c.yp, 0), lo)
		IMULQ(c.x0, lo)
		ANDQ(mask, lo)
		ADDQ(lo, c.d)
		lane0(c)
		Comment("q = u·k0 mod 2⁵²; d = ⌈u / 2⁵²⌉, the carry out of lane 0")
		MOVQ(c.k0, c.q)
		IMULQ(c.d, c.q)
		ANDQ(mask, c.q)
		ADDQ(mask, c.d)
		SHRQ(Imm(52), c.d)
	}
	Comment("a += lo52(x·y[i])")
	for _, c := range chains {
		VPBROADCASTQ(mem(c.yp, 0), c.yv)
		for j := range r {
			VPMADD52LUQ(op(c.xs[j], j), v(c.yv, j), v(c.a[j], j))
		}
	}
	Comment("b >>= one lane; b += the terms of the previous q: lo52(m[j+2]·q), hi52(m[j+1]·q)")
	for _, c := range chains {
		shift(c.b)
	}
	if !split {
		Comment("(a is b)")
	}
	// reg loads a number's register j from memory into a temporary first:
	// the load then waits for its address only, not for the accumulator.
	reg := func(x Op, j int) Op {
		if _, ok := x.(Mem); !ok {
			return op(x, j)
		}
		t := ZMM()
		VMOVDQU64(x, v(t, j))
		return v(t, j)
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52LUQ(reg(c.m2s[j], j), v(c.qv, j), v(c.b[j], j))
		}
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52HUQ(reg(c.m1s[j], j), v(c.qv, j), v(c.b[j], j))
		}
	}
	Comment("a >>= one lane; a += hi52(x·y[i])")
	if split {
		for _, c := range chains {
			shift(c.a)
		}
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52HUQ(op(c.xs[j], j), v(c.yv, j), v(c.a[j], j))
		}
	}
	Comment("d += lane 0 of a + b")
	for _, c := range chains {
		t := c.a[0].AsX()
		if split {
			t = XMM()
			VPADDQ(c.a[0].AsX(), c.b[0].AsX(), t)
		}
		lane := GP64()
		VMOVQ(t, lane)
		ADDQ(lane, c.d)
		ADDQ(Imm(8), c.yp)
	}
	DECQ(count)
	JNZ(LabelRef(name + "_digit"))

	for _, c := range chains {
		Comment("The last q: lane 0 exactly, and its terms of the other lanes")
		lane0(c)
		VPBROADCASTQ(c.q, c.qv)
		for j := range r {
			VPMADD52LUQ(op(c.m1s[j], j), v(c.qv, j), v(c.b[j], j))
			VPMADD52HUQ(op(c.ms[j], j), v(c.qv, j), v(c.b[j], j))
		}
		if split {
			for j := range r {
				VPADDQ(v(c.b[j], j), v(c.a[j], j), v(c.a[j], j))
			}
		}
		c.acc, c.acc0 = c.a, c.d
	}
	zmask := ZMM()
	VPBROADCASTQ(mask, zmask)
	for _, c := range chains {
		normalize(c.acc, c.acc0, c.suffix, r, mask, zmask, zero)
	}
	VZEROUPPER()
	RET()
}

// kernelWide emits the body of a single kernel of r registers (r >
// maxDelayedRegs), where the multipliers, not the chain through q, set the
// pace and x and m are read from memory: the word-by-word method with one
// accumulator and m·q added in the digit q belongs to, which reads m at its
// own alignment rather than one and two lanes on, across cache lines.
//
// For each digit y[i]: acc0, lane 0 exactly, gains the full product x[0]·y[i]
// (MULX), q = acc0·k0 mod 2⁵², and acc0 = (acc0 + m[0]·q) >> 52; the
// accumulator gains lo52(x·y[i]) and lo52(m·q), shifts down one lane (its
// new lane 0 joins acc0), and gains hi52(x·y[i]) and hi52(m·q).
func kernelWide(name string, r int) {
	mask := GP64()
	MOVQ(U64(1<<52-1), mask)
	xp, mp, yp := load("x"), load("m"), load("y")
	k0 := load("k0")
	ANDQ(mask, k0)
	count := load("k")

	acc := make([]VecVirtual, r)
	for j := range acc {
		acc[j] = ZMM()
		VPXORQ(acc[j], acc[j], acc[j])
	}
	zero, yi, q := ZMM(), ZMM(), ZMM()
	VPXORQ(zero, zero, zero)
	acc0 := GP64()
	XORQ(acc0, acc0)
	lo, hi, t := GP64(), GP64(), GP64()

	Label(name + "_digit")
	Comment("acc0 += x[0]·y[i] (the full product: hi:acc0)")
	VPBROADCASTQ(mem(yp, 0), yi)
	MOVQ(mem(xp, 0), RDX)
	MULXQ(mem(yp, 0), lo, hi)
	ADDQ(lo, acc0)
	ADCQ(Imm(0), hi)
	Comment("q = acc0·k0 mod 2⁵²")
	MOVQ(k0, t)
	IMULQ(acc0, t)
	ANDQ(mask, t)
	VPBROADCASTQ(t, q)
	Comment("acc0 = (acc0 + m[0]·q) >> 52, the carry into lane 1")
	MOVQ(mem(mp, 0), RDX)
	MULXQ(t, lo, t)
	ADDQ(lo, acc0)
	ADCQ(t, hi)
	SHRQ(Imm(52), hi, acc0)

	Comment("acc += lo52(x·y[i]) + lo52(m·q)")
	for j := range r {
		VPMADD52LUQ(mem(xp, 64*j), yi, acc[j])
	}
	for j := range r {
		VPMADD52LUQ(mem(mp, 64*j), q, acc[j])
	}
	Comment("acc >>= one lane; the new lane 0 joins acc0")
	for j := range r {
		next := zero
		if j+1 < r {
			next = acc[j+1]
		}
		VALIGNQ(Imm(1), acc[j], next, acc[j])
	}
	VMOVQ(acc[0].AsX(), t)
	ADDQ(t, acc0)
	Comment("acc += hi52(x·y[i]) + hi52(m·q), one lane up before the shift")
	for j := range r {
		VPMADD52HUQ(mem(xp, 64*j), yi, acc[j])
	}
	for j := range r {
		VPMADD52HUQ(mem(mp, 64*j), q, acc[j])
	}
	ADDQ(Imm(8), yp)
	DECQ(count)
	JNZ(LabelRef(name + "_digit"))

	zmask := ZMM()
	VPBROADCASTQ(mask, zmask)
	normalize(acc, acc0, "", r, mask, zmask, zero)
	VZEROUPPER()
	RET()
}

// normalize inserts acc0 into lane 0, brings every lane below 2⁵² and
// stores the result.
func normalize(acc []VecVirtual, acc0 GPVirtual, suffix string, r int, mask GPVirtual, zmask, zero VecVirtual) {
	t := GP64()
	Comment("lane 0 = acc0")
	lane0 := ZMM()
	VMOVQ(acc0, lane0.AsX())
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
	zp := load("z" + suffix)
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
