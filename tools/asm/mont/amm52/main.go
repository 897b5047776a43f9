// Command amm52 generates mont/amm52_amd64.s, the AVX-512 IFMA kernels of
// crypton's radix-2⁵² Montgomery arithmetic.
//
// Every amm52xL function computes what amm52Generic (mont/radix52.go)
// computes: the "almost Montgomery" product z = x·y·2^(−52k) mod m of two
// numbers below 2m, itself below 2m but not necessarily below m, in k
// digits of 52 bits stored one per 64-bit lane, L lanes (a multiple of
// eight, L ≥ k, the lanes from k up zero). With 2^(52k) > 4m the result of
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
// The kernels are constant time: the only branch is the loop on the public
// digit count k, every address depends only on the pointers and the lane
// count, and the carry handling works on masks, never on branches.
//
// The functions need AVX-512F, AVX-512 IFMA and BMI2 (MULX); the Go code
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

// maxRegsInRegisters is the largest accumulator whose x and m also stay in
// registers: 3r ZMM registers for the three numbers and four more for y[i],
// q, zero and the 52-bit mask. Larger ones read x and m from memory.
const maxRegsInRegisters = 8

func main() {
	ConstraintExpr("gc,!purego")
	for r := minRegs; r <= maxRegs; r++ {
		amm52(r)
	}
	for r := minRegs; r <= maxPairRegs; r++ {
		amm52Pair(r)
	}
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

// amm52 emits amm52x{8r}, one product with an accumulator of r ZMM
// registers.
func amm52(r int) {
	lanes := 8 * r
	name := fmt.Sprintf("amm52x%d", lanes)
	TEXT(name, NOSPLIT, "func(z, x, y, m *uint64, k int, k0 uint64)")
	Doc(fmt.Sprintf("%s sets z = x·y·2^(−52k) mod m (< 2m) in %d lanes of 52-bit digits; see amm52Generic.", name, lanes))
	kernel(name, r, []*chain{{single: true}}, r <= maxRegsInRegisters)
}

// amm52Pair emits amm52Pair{8r}, two independent products of the same size
// computed together, for the two halves of an RSA private-key operation:
// two dependency chains keep the multipliers busy where one leaves them
// waiting on the latency of q. x and m stay in registers.
func amm52Pair(r int) {
	lanes := 8 * r
	name := fmt.Sprintf("amm52Pair%d", lanes)
	TEXT(name, NOSPLIT, "func(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)")
	Doc(fmt.Sprintf("%s sets z1 = x1·y1·2^(−52k) mod m1 and z2 = x2·y2·2^(−52k) mod m2 (each < 2m) in %d lanes of 52-bit digits; see amm52PairGeneric.", name, lanes))
	AllocLocal(48)
	kernel(name, r, []*chain{{suffix: "1"}, {suffix: "2"}}, true)
}

func kernel(name string, r int, chains []*chain, inRegs bool) {
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
				VMOVDQU64(c.xs[j], xr)
				VMOVDQU64(c.ms[j], mr)
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
			VPMADD52LUQ(c.xs[j], c.yi, c.acc[j])
		}
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52LUQ(c.ms[j], c.q, c.acc[j])
		}
	}

	Comment("acc >>= one lane; the new lane 0 joins acc0")
	for _, c := range chains {
		for j := range r {
			next := zero
			if j+1 < r {
				next = c.acc[j+1]
			}
			VALIGNQ(Imm(1), c.acc[j], next, c.acc[j])
		}
		VMOVQ(c.acc[0].AsX(), t)
		ADDQ(t, c.acc0)
	}

	Comment("acc += high halves of x·y[i] and m·q, one lane up before the shift")
	for _, c := range chains {
		for j := range r {
			VPMADD52HUQ(c.xs[j], c.yi, c.acc[j])
		}
	}
	for _, c := range chains {
		for j := range r {
			VPMADD52HUQ(c.ms[j], c.q, c.acc[j])
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
