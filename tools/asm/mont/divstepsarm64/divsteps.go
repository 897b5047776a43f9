package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// runs are the lengths of the runs of divsteps of one batch; they add up
// to 62. A run of n divsteps fits the packed rows for n ≤ 30 (the offset
// H below needs c = 64 − n ≥ 34).
var runs = []int{21, 21, 20}

// vBit is the position of the v (and r) field; u and q take the bits below.
const vBit = 32

// The registers of divsteps62CTAsm.
const (
	rZ = "R0" // zeta + 1 between divsteps
	rF = "R1" // f, full 64 bits, at the start of a run
	rG = "R2" // g likewise
	rT = "R3" // the pointer t at the end
	// The packed rows: the f row F; the choice S of a divstep, whose
	// double is the next F; the g row plus H in one of two registers that
	// alternate (the new g row is built beside the old); g − f; the g row
	// without H.
	rXF, rXS, rXG, rXA, rXB, rXGm = "R4", "R5", "R6", "R7", "R15", "R23"
	rZm                           = "R24" // zeta
	rH                            = "R8"  // the offset H
	// The matrix of the run: u, v, q, r.
	rU, rV, rQ, rR = "R9", "R10", "R11", "R12"
	// The product of the runs so far.
	rTU, rTV, rTQ, rTR = "R19", "R20", "R21", "R22"
	rA, rB             = "R13", "R14" // temporaries
)

const divstepsDoc = `func divsteps62CTAsm(zeta int64, f0, g0 uint64, t *[4]int64) int64

divsteps62CT (invct.go): 62 hddivsteps from zeta on f0 (odd) and g0, in
constant time; stores the matrix [u v; q r] in t as {u, v, q, r} and
returns the new zeta.

A run of n divsteps works on F = (f << c) + 1 and G = (g << c) + 2^32,
c = 64 − n. The g row keeps its scale and the f row doubles instead of g
halving, so after i divsteps bit c + i of G is g's low bit, up to the
borrow of the signed fields q + r·2^32 below it (|q| + |r| ≤ 2^i); adding
H = 2^h, 32 + i < h < c + i, removes the borrow. The g row register holds
G + H, so that TST reads g's low bit from it directly (g ± f and g carry H
along; the f row takes G + H − H on a swap), and H moves up every ten or
eleven divsteps. The register R0 holds zeta + 1: on a swap the next zeta + 1
is −(zeta + 1), otherwise zeta (CSNEG); CCMP sets N to zeta's sign for an
odd g, and clears it for an even one, so that MI is the swap. The f row
is kept as the choice S of the last divstep, F = 2·S, used as the shifted
operand S<<1, so that the doubling is off the path from g's low bit to the
next g. After the run, u = int32(F), v = (F − u) >> 32 and q, r likewise
from G.`

// divsteps emits divsteps62CTAsm.
func divsteps(p *neon.Program) {
	p.Text("divsteps62CTAsm", 40, divstepsDoc)
	p.Op("MOVD\tzeta+0(FP), %s", rZ)
	p.Op("MOVD\tf0+8(FP), %s", rF)
	p.Op("MOVD\tg0+16(FP), %s", rG)
	p.Op("ADD\t$1, %s, %s", rZ, rZ)
	total := 0
	for j, n := range runs {
		total += n
		c := 64 - n
		neon.Check(c >= 34, "divsteps: run of %d too long", n)
		p.Comment(fmt.Sprintf("Run %d: %d divsteps on F = (f << %d) + 1, G = (g << %d) + 2^%d", j, n, c, c, vBit))
		xg, xa := rXG, rXA
		hExp := c - 1
		p.Op("MOVD\t$%#x, %s", uint64(1)<<hExp, rH)
		p.Op("LSL\t$%d, %s, %s", c, rF, rXF)
		p.Op("ADD\t$1, %s, %s", rXF, rXF)
		p.Op("LSL\t$%d, %s, %s", c, rG, xg)
		p.Op("ORR\t$%#x, %s, %s", uint64(1)<<vBit, xg, xg)
		p.Op("ADD\t%s, %s, %s", rH, xg, xg)
		for i := range n {
			k := c + i // g's low bit
			if hExp < vBit+1+i {
				hExp = k - 1
				p.Comment(fmt.Sprintf("H = 2^%d", hExp))
				p.Op("SUB\t%s, %s, %s", rH, xg, xg)
				p.Op("MOVD\t$%#x, %s", uint64(1)<<hExp, rH)
				p.Op("ADD\t%s, %s, %s", rH, xg, xg)
			}
			neon.Check(hExp > vBit+i && hExp < k, "divsteps: no room for H")
			fop := rXF
			if i > 0 {
				p.Op("LSL\t$1, %s, %s", rXS, rXF)
				fop = rXS + "<<1"
			}
			step(p, fop, xg, xa, k)
			xg, xa = xa, xg
		}
		p.Op("LSL\t$1, %s, %s", rXS, rXF)
		p.Op("SUB\t%s, %s, %s", rH, xg, xg)
		xf := rXF

		p.Comment("u = int32(F), v = (F − u) >> 32; q, r likewise from G")
		p.Op("MOVW\t%s, %s", xf, rU)
		p.Op("SUB\t%s, %s, %s", rU, xf, xf)
		p.Op("ASR\t$%d, %s, %s", vBit, xf, rV)
		p.Op("MOVW\t%s, %s", xg, rQ)
		p.Op("SUB\t%s, %s, %s", rQ, xg, xg)
		p.Op("ASR\t$%d, %s, %s", vBit, xg, rR)

		if j < len(runs)-1 {
			p.Comment(fmt.Sprintf("f, g = (u·f + v·g) >> %d, (q·f + r·g) >> %d", n, n))
			lin(p, rA, rU, rF, rV, rG)
			lin(p, rB, rQ, rF, rR, rG)
			p.Op("ASR\t$%d, %s, %s", n, rA, rF)
			p.Op("ASR\t$%d, %s, %s", n, rB, rG)
		}
		if j == 0 {
			p.Op("MOVD\t%s, %s", rU, rTU)
			p.Op("MOVD\t%s, %s", rV, rTV)
			p.Op("MOVD\t%s, %s", rQ, rTQ)
			p.Op("MOVD\t%s, %s", rR, rTR)
			continue
		}
		p.Comment("t = [u v; q r]·t")
		lin(p, rXF, rU, rTU, rV, rTQ)
		lin(p, rXG, rU, rTV, rV, rTR)
		lin(p, rXA, rQ, rTU, rR, rTQ)
		lin(p, rA, rQ, rTV, rR, rTR)
		p.Op("MOVD\t%s, %s", rXF, rTU)
		p.Op("MOVD\t%s, %s", rXG, rTV)
		p.Op("MOVD\t%s, %s", rXA, rTQ)
		p.Op("MOVD\t%s, %s", rA, rTR)
	}
	neon.Check(total == 62, "divsteps: runs must add up to 62")
	p.Op("MOVD\tt+24(FP), %s", rT)
	p.Op("STP\t(%s, %s), 0(%s)", rTU, rTV, rT)
	p.Op("STP\t(%s, %s), 16(%s)", rTQ, rTR, rT)
	p.Op("SUB\t$1, %s, %s", rZ, rZ)
	p.Op("MOVD\t%s, ret+32(FP)", rZ)
	p.Op("RET")
	p.Printf("\n")
}

// lin emits d = a·x + b·y (mod 2^64); d must differ from x and y.
func lin(p *neon.Program, d, a, x, b, y string) {
	p.Op("MUL\t%s, %s, %s", a, x, d)
	p.Op("MADD\t%s, %s, %s, %s", b, d, y, d)
}

// step emits one hddivstep on z = zeta + 1 and the packed rows: the f row
// (the operand fop, the register rXF), the g row plus H in xg, with g's
// low bit at bit k. The new g row plus H goes to xa, the choice of the
// f row (half the next one) to rXS, and z becomes the next zeta + 1.
func step(p *neon.Program, fop, xg, xa string, k int) {
	p.Op("ADD\t%s, %s, %s", fop, xg, xa)         // g + f
	p.Op("SUB\t%s, %s, %s", fop, xg, rXB)        // g − f
	p.Op("SUB\t%s, %s, %s", rH, xg, rXGm)        // g without H
	p.Op("SUB\t$1, %s, %s", rZ, rZm)             // zeta
	p.Op("TST\t$%#x, %s", uint64(1)<<k, xg)      // NE: g odd
	p.Op("CSEL\tNE, %s, %s, %s", xa, xg, xa)     // g odd: g + f
	p.Op("CCMP\tNE, %s, $1, $0", rZ)             // MI: g odd and zeta < 0, the swap
	p.Op("CSEL\tMI, %s, %s, %s", rXB, xa, xa)    // swap: g − f
	p.Op("CSEL\tMI, %s, %s, %s", rXGm, rXF, rXS) // swap: f = g
	p.Op("CSNEG\tPL, %s, %s, %s", rZm, rZ, rZ)   // the next zeta + 1
}
