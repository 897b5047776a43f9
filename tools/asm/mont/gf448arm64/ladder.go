package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// The ladder of RFC 7748 in assembly, mirroring ladderGeneric step for
// step (and so limb for limb): its state lives in a scratch array that
// ladderWithARM64 (fe_arm64.go) prepares.

const ladderDoc = `
func ladderARM64(s *[16][7]uint64)

The whole ladder, mirroring ladderGeneric step for step: the elements
live in s, slot i at 56·i bytes (R0 addresses slots 0-7, R1 = R0 + 448
slots 8-15):

	0 x2, 1 z2, 2 x3, 3 z3, 4 u, 5 a, 6 b, 7 aa,
	8 bb, 9 e, 10 c, 11 d, 12 da, 13 cb, 14 the scalar's 56 bytes,
	15 the swap bit (its first word).

The caller sets x2 = 1, z2 = 0, x3 = u, z3 = 1, u and the scalar, and
reads x2 and z2 back. R2 counts the bit position t from 447 down to 0:
the byte of the scalar is loaded from an address that depends on t only,
and the bit taken from it with shifts. The conditional swaps are CSELs
on the flags of a comparison of the swap bit with 0, limb by limb, the
same loads and stores whatever the bit. Each step is, in ladderGeneric's
order, the additions, subtractions (as Element.Add and Element.Sub),
squarings, multiplications (as the kernels above, inlined) and the a24
step (as mult32Add), each from and to the slots.`

// slot is element i of the ladder's scratch array.
func slot(i int) mem {
	if i < 8 {
		return mem{"R0", 56 * i}
	}
	return mem{"R1", 56 * (i - 8)}
}

const (
	sX2, sZ2, sX3, sZ3, sU, sA, sB, sAA, sBB, sE, sC, sD, sDA, sCB, sScalar, sSwap = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
)

// add emits out = x + y as Element.Add.
func (g *gen) add(out, x, y mem) {
	a, b := g.load(x), g.load(y)
	g.Op("ADDS\t%s, %s", b[0], a[0])
	for i := 1; i < 7; i++ {
		g.Op("ADCS\t%s, %s", b[i], a[i])
	}
	g.release(b[:]...)
	c, s := g.alloc(), g.alloc()
	g.Op("CSET\tHS, %s", c)
	g.Comment("fold the carry c as 2^224 + 1, then its carry k (stops at limb 3)")
	g.Op("LSL\t$32, %s, %s", c, s)
	g.Op("ADDS\t%s, %s", c, a[0])
	g.Op("ADCS\tZR, %s", a[1])
	g.Op("ADCS\tZR, %s", a[2])
	g.Op("ADCS\t%s, %s", s, a[3])
	g.Op("ADCS\tZR, %s", a[4])
	g.Op("ADCS\tZR, %s", a[5])
	g.Op("ADCS\tZR, %s", a[6])
	g.Op("CSET\tHS, %s", c)
	g.Op("LSL\t$32, %s, %s", c, s)
	g.Op("ADDS\t%s, %s", c, a[0])
	g.Op("ADCS\tZR, %s", a[1])
	g.Op("ADCS\tZR, %s", a[2])
	g.Op("ADC\t%s, %s", s, a[3])
	g.store(out, a)
	g.release(c, s)
	g.release(a[:]...)
}

// sub emits out = x − y as Element.Sub.
func (g *gen) sub(out, x, y mem) {
	a, b := g.load(x), g.load(y)
	g.Op("SUBS\t%s, %s", b[0], a[0])
	for i := 1; i < 7; i++ {
		g.Op("SBCS\t%s, %s", b[i], a[i])
	}
	g.release(b[:]...)
	c, s := g.alloc(), g.alloc()
	g.Op("CSET\tLO, %s", c)
	g.Comment("subtract the borrow c as 2^224 + 1, then its borrow k (stops at limb 3)")
	g.Op("LSL\t$32, %s, %s", c, s)
	g.Op("SUBS\t%s, %s", c, a[0])
	g.Op("SBCS\tZR, %s", a[1])
	g.Op("SBCS\tZR, %s", a[2])
	g.Op("SBCS\t%s, %s", s, a[3])
	g.Op("SBCS\tZR, %s", a[4])
	g.Op("SBCS\tZR, %s", a[5])
	g.Op("SBCS\tZR, %s", a[6])
	g.Op("CSET\tLO, %s", c)
	g.Op("LSL\t$32, %s, %s", c, s)
	g.Op("SUBS\t%s, %s", c, a[0])
	g.Op("SBCS\tZR, %s", a[1])
	g.Op("SBCS\tZR, %s", a[2])
	g.Op("SBC\t%s, %s", s, a[3])
	g.store(out, a)
	g.release(c, s)
	g.release(a[:]...)
}

// mulA24Add emits out = x·39081 + y as mult32Add.
func (g *gen) mulA24Add(out, x, y mem) {
	a := g.load(x)
	m := g.alloc()
	g.Op("MOVD\t$%d, %s", 39081, m)
	var l, h [7]string
	for i := range a {
		l[i], h[i] = g.alloc(), g.alloc()
		g.Op("MUL\t%s, %s, %s", m, a[i], l[i])
		g.Op("UMULH\t%s, %s, %s", m, a[i], h[i])
		g.release(a[i])
	}
	g.release(m)
	g.Op("ADDS\t%s, %s", h[0], l[1])
	for i := 2; i < 7; i++ {
		g.Op("ADCS\t%s, %s", h[i-1], l[i])
	}
	g.Op("ADC\tZR, %s", h[6])
	g.release(h[:6]...)
	b := g.load(y)
	g.Op("ADDS\t%s, %s", b[0], l[0])
	for i := 1; i < 7; i++ {
		g.Op("ADCS\t%s, %s", b[i], l[i])
	}
	g.Op("ADC\tZR, %s", h[6])
	g.release(b[:]...)
	s := g.alloc()
	g.fold(l, h[6], s)
	g.store(out, l)
	g.release(s, h[6])
	g.release(l[:]...)
}

// mulMem emits out = x·y, squareMem out = x².
func (g *gen) mulMem(out, x, y mem) {
	g.Comment(fmt.Sprintf("%s = %s·%s", out.at(0), x.at(0), y.at(0)))
	a, b := g.load(x), g.load(y)
	g.reduce(g.mul(a, b, out), out)
}

func (g *gen) squareMem(out, x mem) {
	g.Comment(fmt.Sprintf("%s = %s²", out.at(0), x.at(0)))
	g.reduce(g.square(g.load(x)), out)
}

// cswap swaps the elements p and q if the flags say NE, limb pair by limb
// pair.
func (g *gen) cswap(p, q mem) {
	for i := 0; i < 7; i += 2 {
		n := 2
		if i == 6 {
			n = 1
		}
		var a, b, c, d [2]string
		for j := 0; j < n; j++ {
			a[j], b[j], c[j], d[j] = g.alloc(), g.alloc(), g.alloc(), g.alloc()
		}
		if n == 2 {
			g.Op("LDP\t%s, (%s, %s)", p.at(i), a[0], a[1])
			g.Op("LDP\t%s, (%s, %s)", q.at(i), b[0], b[1])
		} else {
			g.Op("MOVD\t%s, %s", p.at(i), a[0])
			g.Op("MOVD\t%s, %s", q.at(i), b[0])
		}
		for j := 0; j < n; j++ {
			g.Op("CSEL\tNE, %s, %s, %s", b[j], a[j], c[j])
			g.Op("CSEL\tNE, %s, %s, %s", a[j], b[j], d[j])
		}
		if n == 2 {
			g.Op("STP\t(%s, %s), %s", c[0], c[1], p.at(i))
			g.Op("STP\t(%s, %s), %s", d[0], d[1], q.at(i))
		} else {
			g.Op("MOVD\t%s, %s", c[0], p.at(i))
			g.Op("MOVD\t%s, %s", d[0], q.at(i))
		}
		for j := 0; j < n; j++ {
			g.release(a[j], b[j], c[j], d[j])
		}
	}
}

// swapBoth emits the conditional swaps of (x2, x3) and (z2, z3) on the
// register w (0 or 1).
func (g *gen) swapBoth(w string) {
	g.Op("CMP\t$0, %s", w)
	g.cswap(slot(sX2), slot(sX3))
	g.cswap(slot(sZ2), slot(sZ3))
}

func (g *gen) ladder() {
	g.Text("ladderARM64", 8, ladderDoc)
	g.Args("s+0")
	g.Op("ADD\t$448, R0, R1")
	g.Op("MOVD\t$447, R2")
	g.Label("loop")
	sw := slot(sSwap).at(0)
	bit, w := g.alloc(), g.alloc()
	g.Comment("bit = scalar[t>>3] >> (t&7) & 1, from an address that depends on t only")
	g.Op("LSR\t$3, R2, %s", bit)
	g.Op("ADD\t$%d, %s", slot(sScalar).off, bit)
	g.Op("MOVBU\t(%s)(%s), %s", slot(sScalar).base, bit, bit)
	g.Op("AND\t$7, R2, %s", w)
	g.Op("LSR\t%s, %s, %s", w, bit, bit)
	g.Op("AND\t$1, %s", bit)
	g.Comment("swap ^= bit; swap the pairs on it; swap = bit")
	g.Op("MOVD\t%s, %s", sw, w)
	g.Op("EOR\t%s, %s", bit, w)
	g.Op("MOVD\t%s, %s", bit, sw)
	g.release(bit)
	g.swapBoth(w)
	g.release(w)

	g.add(slot(sA), slot(sX2), slot(sZ2))
	g.squareMem(slot(sAA), slot(sA))
	g.sub(slot(sB), slot(sX2), slot(sZ2))
	g.squareMem(slot(sBB), slot(sB))
	g.sub(slot(sE), slot(sAA), slot(sBB))
	g.add(slot(sC), slot(sX3), slot(sZ3))
	g.sub(slot(sD), slot(sX3), slot(sZ3))
	g.mulMem(slot(sDA), slot(sD), slot(sA))
	g.mulMem(slot(sCB), slot(sC), slot(sB))
	g.add(slot(sX3), slot(sDA), slot(sCB))
	g.squareMem(slot(sX3), slot(sX3))
	g.sub(slot(sZ3), slot(sDA), slot(sCB))
	g.squareMem(slot(sZ3), slot(sZ3))
	g.mulMem(slot(sZ3), slot(sZ3), slot(sU))
	g.mulMem(slot(sX2), slot(sAA), slot(sBB))
	g.mulA24Add(slot(sZ2), slot(sE), slot(sAA))
	g.mulMem(slot(sZ2), slot(sZ2), slot(sE))

	g.Comment("the bit position t is public")
	g.Op("SUBS\t$1, R2")
	g.Op("BGE\tloop")
	w = g.alloc()
	g.Op("MOVD\t%s, %s", sw, w)
	g.swapBoth(w)
	g.release(w)
	g.Op("RET")
	neon.Check(len(g.pool) == len(regs), "ladder leaks registers")
}

// testKernels emits the ladder's addition, subtraction and a24 step as
// functions of their own, for the tests.
func (g *gen) testKernels() {
	z, x, y := mem{"R0", 0}, mem{"R1", 0}, mem{"R2", 0}
	for _, k := range []struct {
		name, doc string
		emit      func()
	}{
		{"addARM64", "as Element.Add", func() { g.add(z, x, y) }},
		{"subARM64", "as Element.Sub", func() { g.sub(z, x, y) }},
		{"mul39081AddARM64", "z = x·39081 + y, as mult32Add", func() { g.mulA24Add(z, x, y) }},
	} {
		g.Text(k.name, 24, fmt.Sprintf("func %s(z, x, y *[7]uint64)\n\nThe ladder's step %s, for the tests.", k.name, k.doc))
		g.Args("z+0", "x+8", "y+16")
		k.emit()
		g.Op("RET")
		g.Printf("\n")
	}
}
