package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// mask62 is 2^62 − 1, a logical immediate of AND.
const mask62 uint64 = 1<<62 - 1

// acc is a signed 128-bit accumulator in two registers, as the I128 of
// i128.go.
type acc struct{ lo, hi string }

// prod is one product x·y of a chain's limb.
type prod struct{ x, y string }

// ochain is the computation of one output (f, g, d or e): its
// accumulator, the register of its address, and the products of limb i.
type ochain struct {
	a     acc
	out   string
	terms func(i int) []prod
}

// The temporaries of the products, by pairs lo, hi.
var prodRegs = [][2]string{{"R14", "R15"}, {"R19", "R20"}, {"R21", "R22"}}

// mac emits a = x·y (set) or a += x·y, modulo 2^128, through the pair tmp.
func mac(p *neon.Program, a acc, x prod, set bool, tmp [2]string) {
	if set {
		p.Op("MUL\t%s, %s, %s", x.y, x.x, a.lo)
		p.Op("SMULH\t%s, %s, %s", x.y, x.x, a.hi)
		return
	}
	p.Op("MUL\t%s, %s, %s", x.y, x.x, tmp[0])
	p.Op("SMULH\t%s, %s, %s", x.y, x.x, tmp[1])
	p.Op("ADDS\t%s, %s, %s", tmp[0], a.lo, a.lo)
	p.Op("ADC\t%s, %s, %s", tmp[1], a.hi, a.hi)
}

// pass emits the update of two chains over n limbs, interleaved term by
// term: limb i adds its products to the accumulator, whose low 62 bits
// then go to limb i − 1 of the output and which moves down by 62 bits for
// limb i + 1; the last limb takes the whole low word. load(i) loads the
// limbs the products of limb i read; fix0, if not nil, is emitted before
// the last products of limb 0 (the corrections of updateDE, which they
// multiply).
func pass(p *neon.Program, n int, c [2]ochain, load func(i int), fix0 func()) {
	for i := range n {
		p.Comment(fmt.Sprintf("limb %d", i))
		load(i)
		terms := [2][]prod{c[0].terms(i), c[1].terms(i)}
		for j := range terms[0] {
			if i == 0 && j == len(terms[0])-1 && fix0 != nil {
				fix0()
			}
			for k := range 2 {
				mac(p, c[k].a, terms[k][j], i == 0 && j == 0, prodRegs[k])
			}
		}
		for k := range 2 {
			a := c[k].a
			if i > 0 {
				p.Op("AND\t$%#x, %s, %s", mask62, a.lo, prodRegs[2][k])
				p.Op("MOVD\t%s, %d(%s)", prodRegs[2][k], 8*(i-1), c[k].out)
			}
			p.Op("EXTR\t$62, %s, %s, %s", a.lo, a.hi, a.lo)
			p.Op("ASR\t$62, %s, %s", a.hi, a.hi)
		}
	}
	for k := range 2 {
		p.Op("MOVD\t%s, %d(%s)", c[k].a.lo, 8*(n-1), c[k].out)
	}
}

const updateDoc = `func %[1]s(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)

updateDE(pd, pe, *t, m, minv, %[2]d) and then updateFG(pf, pg, *t, %[2]d)
(invvar.go): (f, g) = t·(f, g)/2^62 and (d, e) = (t·(d, e) + (md, me)·m)/2^62
on %[2]d signed62 limbs. The outputs must not overlap each other, m or t.
Registers: u, v, q, r in R3-R6; the accumulators in R7:R8 and R9:R10; the
limbs of limb i in R11-R13; md, me in R24, R25; R0-R2 the addresses.`

// updateDEFG emits updateDEFG<n>.
func updateDEFG(p *neon.Program, n int) {
	name := fmt.Sprintf("updateDEFG%d", n)
	p.Text(name, 56, fmt.Sprintf(updateDoc, name, n))
	u, v, q, r := "R3", "R4", "R5", "R6"
	a, b := acc{"R7", "R8"}, acc{"R9", "R10"}
	x0, x1, x2 := "R11", "R12", "R13"

	p.Comment("(f, g) = t·(f, g)/2^62")
	fp, gp := "R0", "R1"
	p.Op("MOVD\tpf+16(FP), %s", fp)
	p.Op("MOVD\tpg+24(FP), %s", gp)
	p.Op("MOVD\tt+32(FP), R2")
	p.Op("LDP\t0(R2), (%s, %s)", u, v)
	p.Op("LDP\t16(R2), (%s, %s)", q, r)
	pass(p, n, [2]ochain{
		{a, fp, func(int) []prod { return []prod{{u, x0}, {v, x1}} }},
		{b, gp, func(int) []prod { return []prod{{q, x0}, {r, x1}} }},
	}, func(i int) {
		p.Op("MOVD\t%d(%s), %s", 8*i, fp, x0)
		p.Op("MOVD\t%d(%s), %s", 8*i, gp, x1)
	}, nil)

	p.Comment("(d, e) = (t·(d, e) + (md, me)·m)/2^62")
	dp, ep, mp := "R0", "R1", "R2"
	md, me := "R24", "R25"
	p.Op("MOVD\tpd+0(FP), %s", dp)
	p.Op("MOVD\tpe+8(FP), %s", ep)
	p.Op("MOVD\tm+40(FP), %s", mp)
	p.Comment("md = u·[d < 0] + v·[e < 0], me = q·[d < 0] + r·[e < 0]")
	p.Op("MOVD\t%d(%s), %s", 8*(n-1), dp, x0)
	p.Op("MOVD\t%d(%s), %s", 8*(n-1), ep, x1)
	p.Op("ASR\t$63, %s, %s", x0, x0)
	p.Op("ASR\t$63, %s, %s", x1, x1)
	p.Op("AND\t%s, %s, %s", x0, u, md)
	p.Op("AND\t%s, %s, %s", x1, v, x2)
	p.Op("ADD\t%s, %s, %s", x2, md, md)
	p.Op("AND\t%s, %s, %s", x0, q, me)
	p.Op("AND\t%s, %s, %s", x1, r, x2)
	p.Op("ADD\t%s, %s, %s", x2, me, me)
	pass(p, n, [2]ochain{
		{a, dp, func(int) []prod { return []prod{{u, x0}, {v, x1}, {md, x2}} }},
		{b, ep, func(int) []prod { return []prod{{q, x0}, {r, x1}, {me, x2}} }},
	}, func(i int) {
		p.Op("MOVD\t%d(%s), %s", 8*i, dp, x0)
		p.Op("MOVD\t%d(%s), %s", 8*i, ep, x1)
		p.Op("MOVD\t%d(%s), %s", 8*i, mp, x2)
	}, func() {
		p.Comment("md −= (minv·cd + md) mod 2^62, me likewise")
		minv, s := prodRegs[2][0], prodRegs[2][1]
		p.Op("MOVD\tminv+48(FP), %s", minv)
		for _, c := range []struct {
			x string
			a acc
		}{{md, a}, {me, b}} {
			p.Op("MADD\t%s, %s, %s, %s", minv, c.x, c.a.lo, s)
			p.Op("AND\t$%#x, %s, %s", mask62, s, s)
			p.Op("SUB\t%s, %s, %s", s, c.x, c.x)
		}
	})
	p.Op("RET")
	p.Printf("\n")
}
