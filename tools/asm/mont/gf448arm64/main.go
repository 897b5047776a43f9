// Command gf448arm64 generates mont/gf448/fe_arm64.s: the multiplication,
// squaring and repeated squaring in GF(2^448 − 2^224 − 1) on arm64
// (MUL/UMULH, ADDS/ADCS carry chains, the reduction by p's special form),
// mirroring feMulGeneric, feSquareGeneric and feSquareNGeneric of
// mont/gf448 limb for limb. The text is written with neon.Program.
package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

const cmd = "github.com/crypton-go/crypton/tools/asm/mont/gf448arm64 -out fe_arm64.s"

func main() { neon.Main(generate) }

const fileDoc = `
Multiplication and squaring in GF(2^448 − 2^224 − 1) on arm64, generated
by tools/asm/mont/gf448arm64.

func feMulARM64(z, x, y *[7]uint64)
func feSquareARM64(z, x *[7]uint64)
func feSquareNARM64(z, x *[7]uint64, n int)

and, at the end of the file, the whole X448 ladder (ladderARM64) and its
addition, subtraction and a24 step as functions of their own for the
tests (addARM64, subARM64, mul39081AddARM64).

They mirror feMulGeneric, feSquareGeneric and feSquareNGeneric of
mont/gf448 and return the same limbs: the operands may be any seven limbs
(any value below 2^448), the result is loosely reduced (below 2^448,
congruent to the product). z may alias x or y: the operands are loaded
before z is written. feSquareNARM64 squares max(n, 1) times; n is public
and is the only value a branch depends on.

Product: the 896-bit t = t0..t13 by product scanning, one column
t_k = Σ x_i·y_j (i + j = k) at a time, into a three-limb accumulator
(ADDS the low half, ADCS the high half, ADC the carry into the third
limb), whose upper two limbs carry into the next column. The squaring
sums each column's cross products x_i·x_j (i < j) once into a fresh
three-limb value, doubles it (ADDS/ADCS/ADC of itself), adds the square
x_(k/2)² on even columns and then the carry of the previous column.
(Summing the cross products of all columns first and doubling them by
one shift takes fewer instructions but ran slower under QEMU.)

Reduction, as reduce896: with L = t0..t6 and H = h0..h6 = t7..t13,
t ≡ L + H + Z + W (2^448 ≡ 2^224 + 1), Z = (h3>>32 | h4<<32, h4>>32 |
h5<<32, h5>>32 | h6<<32, h3&^(2^32−1) | h6>>32, h4, h5, h6) and W =
(0, 0, 0, h0<<32, h0>>32 | h1<<32, h1>>32 | h2<<32, h2>>32 | h3<<32): three
carry chains (EXTR builds the shifted limbs) whose carries are summed
into c ≤ 3, then c·(2^224 + 1) folded in, and the carry of that fold, k,
folded once more (it cannot carry out), as setFolded.

Constant time: no branch or address depends on the values.

Registers: R0 holds z; R1 x (the squarings' input: z after the first
round of feSquareNARM64); R2 y or n. R18, R26-R30 and R16/R17 are not
used. The multiplication keeps x and y in registers and parks t0..t6 in
z until the reduction; the squaring keeps everything in registers.`

// gen is a Program with a pool of free registers.
type gen struct {
	*neon.Program
	pool []string
}

func newGen(p *neon.Program, regs ...int) *gen {
	g := &gen{Program: p}
	for _, r := range regs {
		g.pool = append(g.pool, fmt.Sprintf("R%d", r))
	}
	return g
}

func (g *gen) alloc() string {
	neon.Check(len(g.pool) > 0, "out of registers")
	r := g.pool[0]
	g.pool = g.pool[1:]
	return r
}

func (g *gen) release(rs ...string) {
	for _, r := range rs {
		if r != "" && r != "ZR" {
			g.pool = append(g.pool, r)
		}
	}
}

// regs are the registers a kernel may use besides R0-R2.
var regs = []int{3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 23, 24, 25}

// mem is an element in memory: seven limbs from off(base).
type mem struct {
	base string
	off  int
}

// at is the operand of limb i of m.
func (m mem) at(i int) string { return fmt.Sprintf("%d(%s)", m.off+8*i, m.base) }

// load loads the seven limbs of m into fresh registers.
func (g *gen) load(m mem) [7]string {
	var a [7]string
	for i := range a {
		a[i] = g.alloc()
	}
	for i := 0; i < 6; i += 2 {
		g.Op("LDP\t%s, (%s, %s)", m.at(i), a[i], a[i+1])
	}
	g.Op("MOVD\t%s, %s", m.at(6), a[6])
	return a
}

// store stores r0..r6 in m.
func (g *gen) store(m mem, r [7]string) {
	for i := 0; i < 6; i += 2 {
		g.Op("STP\t(%s, %s), %s", r[i], r[i+1], m.at(i))
	}
	g.Op("MOVD\t%s, %s", r[6], m.at(6))
}

func or0(r string) string {
	if r == "" {
		return "ZR"
	}
	return r
}

// mul emits the product x·y into t; t_k for k < 7 is parked in limb k of
// out (t[k] == ""), which may be an operand's: x and y are in registers.
func (g *gen) mul(x, y [7]string, out mem) (t [14]string) {
	lo, hi := g.alloc(), g.alloc()
	var a0, a1 string
	pending := ""
	for k := 0; k <= 12; k++ {
		a2 := ""
		g.Comment(fmt.Sprintf("column %d", k))
		for i := 0; i <= 6; i++ {
			j := k - i
			if j < 0 || j > 6 {
				continue
			}
			if k == 0 {
				a0, a1 = g.alloc(), g.alloc()
				g.Op("MUL\t%s, %s, %s", y[j], x[i], a0)
				g.Op("UMULH\t%s, %s, %s", y[j], x[i], a1)
				continue
			}
			g.Op("MUL\t%s, %s, %s", y[j], x[i], lo)
			g.Op("UMULH\t%s, %s, %s", y[j], x[i], hi)
			g.Op("ADDS\t%s, %s", lo, a0)
			if k == 12 {
				// The product is below 2^896: no carry out of t13.
				g.Op("ADC\t%s, %s", hi, a1)
				continue
			}
			if a1 == "" {
				a1 = g.alloc()
				g.Op("ADCS\t%s, ZR, %s", hi, a1)
			} else {
				g.Op("ADCS\t%s, %s", hi, a1)
			}
			if a2 == "" {
				a2 = g.alloc()
				g.Op("ADC\tZR, ZR, %s", a2)
			} else {
				g.Op("ADC\tZR, %s", a2)
			}
		}
		if k < 7 {
			// Park t_k in z, in pairs.
			switch {
			case k == 6:
				g.Op("MOVD\t%s, %s", a0, out.at(6))
				g.release(a0)
			case k%2 == 0:
				pending = a0
			default:
				g.Op("STP\t(%s, %s), %s", pending, a0, out.at(k-1))
				g.release(pending, a0)
			}
		} else {
			t[k] = a0
		}
		if k >= 6 {
			g.release(x[k-6], y[k-6])
		}
		a0, a1 = a1, a2
	}
	t[13] = a0
	g.release(lo, hi)
	return t
}

// square emits the product x·x into t.
func (g *gen) square(x [7]string) (t [14]string) {
	lo, hi := g.alloc(), g.alloc()
	var c0, c1 string
	for k := 0; k <= 12; k++ {
		var u0, u1, u2 string
		g.Comment(fmt.Sprintf("column %d", k))
		// adc3 adds lo:hi to u0..u2, creating u2.
		adc3 := func(l, h string) {
			g.Op("ADDS\t%s, %s", l, u0)
			g.Op("ADCS\t%s, %s", h, u1)
			if u2 == "" {
				u2 = g.alloc()
				g.Op("ADC\tZR, ZR, %s", u2)
			} else {
				g.Op("ADC\tZR, %s", u2)
			}
		}
		for i := 0; 2*i < k; i++ {
			j := k - i
			if j > 6 {
				continue
			}
			if u0 == "" {
				u0, u1 = g.alloc(), g.alloc()
				g.Op("MUL\t%s, %s, %s", x[j], x[i], u0)
				g.Op("UMULH\t%s, %s, %s", x[j], x[i], u1)
				continue
			}
			g.Op("MUL\t%s, %s, %s", x[j], x[i], lo)
			g.Op("UMULH\t%s, %s, %s", x[j], x[i], hi)
			adc3(lo, hi)
		}
		if u0 != "" {
			g.Comment("doubled")
			g.Op("ADDS\t%s, %s", u0, u0)
			g.Op("ADCS\t%s, %s", u1, u1)
			if u2 == "" {
				u2 = g.alloc()
				g.Op("ADC\tZR, ZR, %s", u2)
			} else {
				g.Op("ADC\t%s, %s", u2, u2)
			}
		}
		if k%2 == 0 {
			s := x[k/2]
			if u0 == "" {
				u0, u1 = g.alloc(), g.alloc()
				g.Op("MUL\t%s, %s, %s", s, s, u0)
				g.Op("UMULH\t%s, %s, %s", s, s, u1)
			} else {
				g.Op("MUL\t%s, %s, %s", s, s, lo)
				g.Op("UMULH\t%s, %s, %s", s, s, hi)
				adc3(lo, hi)
			}
		}
		if c0 != "" {
			if k == 12 {
				// The square is below 2^896: no carry out of t13.
				g.Op("ADDS\t%s, %s", c0, u0)
				g.Op("ADC\t%s, %s", or0(c1), u1)
			} else {
				adc3(c0, or0(c1))
			}
			g.release(c0, c1)
		}
		t[k] = u0
		c0, c1 = u1, u2
		if k >= 6 {
			g.release(x[k-6])
		}
	}
	t[13] = c0
	g.release(lo, hi)
	return t
}

// reduce emits reduce896 of t, loading the limbs parked in out, and
// stores the result in out.
func (g *gen) reduce(t [14]string, out mem) {
	g.Comment("reduction: r = L + H")
	var r [7]string
	for i := 0; i < 7; i++ {
		if t[i] != "" {
			r[i] = t[i]
			continue
		}
		r[i] = g.alloc()
		if i%2 == 1 {
			g.Op("LDP\t%s, (%s, %s)", out.at(i-1), r[i-1], r[i])
		}
	}
	if t[6] == "" {
		g.Op("MOVD\t%s, %s", out.at(6), r[6])
	}
	h := t[7:]
	for i := 0; i < 7; i++ {
		op := "ADCS"
		if i == 0 {
			op = "ADDS"
		}
		g.Op("%s\t%s, %s", op, h[i], r[i])
	}
	c, s := g.alloc(), g.alloc()
	g.Op("ADC\tZR, ZR, %s", c)
	g.Comment("r += Z")
	g.Op("EXTR\t$32, %s, %s, %s", h[3], h[4], s)
	g.Op("ADDS\t%s, %s", s, r[0])
	g.Op("EXTR\t$32, %s, %s, %s", h[4], h[5], s)
	g.Op("ADCS\t%s, %s", s, r[1])
	g.Op("EXTR\t$32, %s, %s, %s", h[5], h[6], s)
	g.Op("ADCS\t%s, %s", s, r[2])
	g.Op("AND\t$0xffffffff00000000, %s, %s", h[3], s)
	g.Op("ORR\t%s>>32, %s, %s", h[6], s, s)
	g.Op("ADCS\t%s, %s", s, r[3])
	g.Op("ADCS\t%s, %s", h[4], r[4])
	g.Op("ADCS\t%s, %s", h[5], r[5])
	g.Op("ADCS\t%s, %s", h[6], r[6])
	g.Op("ADC\tZR, %s", c)
	g.Comment("r += W")
	g.Op("ADDS\t%s<<32, %s", h[0], r[3])
	g.Op("EXTR\t$32, %s, %s, %s", h[0], h[1], s)
	g.Op("ADCS\t%s, %s", s, r[4])
	g.Op("EXTR\t$32, %s, %s, %s", h[1], h[2], s)
	g.Op("ADCS\t%s, %s", s, r[5])
	g.Op("EXTR\t$32, %s, %s, %s", h[2], h[3], s)
	g.Op("ADCS\t%s, %s", s, r[6])
	g.Op("ADC\tZR, %s", c)
	g.fold(r, c, s)
	g.store(out, r)
	g.release(c, s)
	g.release(t[7:]...)
	g.release(r[:]...)
}

// fold emits setFolded: r += c·(2^224 + 1), then the carry of that once
// more; s is scratch.
func (g *gen) fold(r [7]string, c, s string) {
	g.Comment("fold c·(2^224 + 1), then its carry k once more")
	for pass := 0; pass < 2; pass++ {
		g.Op("LSL\t$32, %s, %s", c, s)
		g.Op("ADDS\t%s, %s", c, r[0])
		g.Op("ADCS\tZR, %s", r[1])
		g.Op("ADCS\tZR, %s", r[2])
		g.Op("ADCS\t%s, %s", s, r[3])
		g.Op("ADCS\tZR, %s", r[4])
		g.Op("ADCS\tZR, %s", r[5])
		if pass == 0 {
			g.Op("ADCS\tZR, %s", r[6])
			g.Op("CSET\tHS, %s", c)
		} else {
			g.Op("ADC\tZR, %s", r[6])
		}
	}
}

func generate() []byte {
	p := new(neon.Program)
	p.Header(cmd, fileDoc)
	z := mem{"R0", 0}

	p.Text("feMulARM64", 24, "func feMulARM64(z, x, y *[7]uint64)")
	g := newGen(p, regs...)
	p.Args("z+0", "x+8", "y+16")
	x := g.load(mem{"R1", 0})
	y := g.load(mem{"R2", 0})
	g.release("R1", "R2")
	g.reduce(g.mul(x, y, z), z)
	p.Op("RET")
	p.Printf("\n")

	p.Text("feSquareARM64", 16, "func feSquareARM64(z, x *[7]uint64)")
	g = newGen(p, regs...)
	p.Args("z+0", "x+8")
	g.reduce(g.square(g.load(mem{"R1", 0})), z)
	p.Op("RET")
	p.Printf("\n")

	p.Text("feSquareNARM64", 24, "func feSquareNARM64(z, x *[7]uint64, n int)")
	g = newGen(p, regs...)
	p.Args("z+0", "x+8", "n+16")
	p.Label("loop")
	g.reduce(g.square(g.load(mem{"R1", 0})), z)
	p.Comment("the next round squares z; n is public")
	p.Op("MOVD\tR0, R1")
	p.Op("SUBS\t$1, R2")
	p.Op("BGT\tloop")
	p.Op("RET")
	p.Printf("\n")

	g = newGen(p, regs...)
	g.testKernels()
	g = newGen(p, regs...)
	g.ladder()
	return p.Bytes()
}
