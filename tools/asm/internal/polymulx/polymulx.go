// Package polymulx holds the Poly1305 arithmetic with MULX (BMI2) in 64-bit
// limbs that the generators of aead/poly1305 (tools/asm/aead/poly1305) and
// of aead/chacha20poly1305 (tools/asm/aead/chacha20poly1305) emit alike:
// the product h·r with its partial reduction, the powers r², …, r^N, and
// the step that absorbs N blocks at once with them. The derivation and the
// bounds are in the package comment of tools/asm/aead/poly1305; the code
// that may be stitched into another stream of instructions records into a
// *stitch.Ops (nil emits at once).
package polymulx

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
)

// Regs holds the key and the accumulator of the one-block arithmetic.
type Regs struct {
	R0, R1, RR1 GPVirtual // the key, RR1 = R1 + R1>>2
	H0, H1, H2  GPVirtual // the accumulator H0 + H1·2⁶⁴ + H2·2¹²⁸
}

// LoadKey sets RR1 from R1, which the caller has loaded with R0.
func (g *Regs) LoadKey() {
	MOVQ(g.R1, g.RR1)
	SHRQ(U8(2), g.RR1)
	ADDQ(g.R1, g.RR1)
}

// Multiply sets H0, H1, H2 to the limbs t0, t1, t2 of
//
//	t = (h0·r0 + h1·rr1) + (h0·r1 + h1·r0 + h2·rr1)·2⁶⁴ + h2·r0·2¹²⁸
//
// the t of multiplyBlocks in aead/poly1305, congruent to h·r modulo
// 2¹³⁰-5.
func (g *Regs) Multiply() { g.MultiplyOps(nil) }

// MultiplyOps is Multiply recorded into o (nil: emitted at once).
func (g *Regs) MultiplyOps(o *stitch.Ops) {
	o.Add(func() { Comment("t = h·r with the high terms folded: four MULX, two IMUL") })
	a1, c0, c1 := GP64(), GP64(), GP64()
	d0, d1, e := GP64(), GP64(), GP64()

	o.Add(func() { MOVQ(g.H0, RDX) })
	o.Add(func() { MULXQ(g.R0, g.H0, a1) }) // h0·r0
	o.Add(func() { MULXQ(g.R1, c0, c1) })   // h0·r1
	o.Add(func() { MOVQ(g.H1, RDX) })
	o.Add(func() { MULXQ(g.RR1, d0, g.H1) }) // h1·rr1
	o.Add(func() { ADDQ(d0, g.H0) })         // t0
	o.Add(func() { ADCQ(a1, g.H1) })         // no carry: < 2.25·2⁶⁰ + 1
	o.Add(func() { MULXQ(g.R0, d0, d1) })    // h1·r0
	o.Add(func() { MOVQ(g.H2, e) })
	o.Add(func() { IMULQ(g.RR1, e) })   // h2·rr1
	o.Add(func() { IMULQ(g.R0, g.H2) }) // h2·r0
	o.Add(func() { ADDQ(e, g.H1) })     // no carry: ≤ 11·2⁶⁰ + 1
	o.Add(func() { ADDQ(d0, c0) })      // h0·r1 + h1·r0 < 2¹²⁵: no carry
	o.Add(func() { ADCQ(d1, c1) })
	o.Add(func() { ADDQ(c1, g.H2) })    // no carry: < 9·2⁶⁰
	o.Add(func() { ADDQ(c0, g.H1) })    // t1
	o.Add(func() { ADCQ(U8(0), g.H2) }) // t2
}

// FiveK returns a register holding 5·⌊t2/4⌋ and leaves t2 & 3 in H2. It
// changes the flags, so it comes before any carry chain that uses them.
func (g *Regs) FiveK() GPVirtual { return g.FiveKOps(nil) }

// FiveKOps is FiveK recorded into o (nil: emitted at once).
func (g *Regs) FiveKOps(o *stitch.Ops) GPVirtual {
	k := GP64()
	o.Add(func() { MOVQ(g.H2, k) })
	o.Add(func() { SHRQ(U8(2), k) })
	o.Add(func() { LEAQ(Mem{Base: k, Index: k, Scale: 4}, k) })
	o.Add(func() { ANDQ(U8(3), g.H2) })
	return k
}

// Power records into o (nil: emits) h = h·r, partially reduced: Multiply
// and the reduction h = t mod 2¹³⁰ + 5·⌊t/2¹³⁰⌋, which leaves h below
// 2¹³⁰ + 2⁶⁴ (H2 at most 4). From h = r, successive calls give r², r³, ….
func (g *Regs) Power(o *stitch.Ops) {
	g.MultiplyOps(o)
	k5 := g.FiveKOps(o)
	o.Add(func() { ADDQ(k5, g.H0) })
	o.Add(func() { ADCQ(U8(0), g.H1) })
	o.Add(func() { ADCQ(U8(0), g.H2) })
}

// BlocksN is the number of blocks that Step absorbs.
const BlocksN = 16

// The layout, in limbs, of the powers' memory (PowersSize bytes, 8-byte
// aligned): r^N, r^(N-1), …, r² (three limbs each, partially reduced),
// then r0, r1, rr1, then S, then U.
const (
	pwR        = 3 * (BlocksN - 1) // r0, r1, rr1 = r1 + r1>>2: the clamped key
	pwS        = pwR + 3           // S = r^N + … + r² + r, three limbs
	pwU        = pwS + 3           // U of the current step, five limbs
	pwLen      = pwU + 5
	PowersSize = 8 * pwLen
)

// pwPow returns the offset of r^k in the powers, for 2 ≤ k ≤ N.
func pwPow(k int) int { return 3 * (BlocksN - k) }

// Powers stores at pw the powers r², …, r^N, partially reduced, their sum
// S with r, and r0, r1, rr1, from the clamped key in R0 and R1, RR1 set
// (LoadKey). It leaves R0, R1 and RR1 alone and uses H0, H1 and H2.
func (g *Regs) Powers(pw Mem) {
	at := func(i int) Mem { return pw.Offset(8 * i) }
	MOVQ(g.R0, at(pwR))
	MOVQ(g.R1, at(pwR+1))
	MOVQ(g.RR1, at(pwR+2))
	MOVQ(g.R0, g.H0)
	MOVQ(g.R1, g.H1)
	XORL(g.H2.As32(), g.H2.As32())
	for k := 2; k <= BlocksN; k++ {
		g.Power(nil)
		MOVQ(g.H0, at(pwPow(k)))
		MOVQ(g.H1, at(pwPow(k)+1))
		MOVQ(g.H2, at(pwPow(k)+2))
	}
	s0, s1, s2 := GP64(), GP64(), GP64()
	MOVQ(g.R0, s0)
	MOVQ(g.R1, s1)
	XORL(s2.As32(), s2.As32())
	for k := 2; k <= BlocksN; k++ {
		ADDQ(at(pwPow(k)), s0)
		ADCQ(at(pwPow(k)+1), s1)
		ADCQ(at(pwPow(k)+2), s2)
	}
	MOVQ(s0, at(pwS))
	MOVQ(s1, at(pwS+1))
	MOVQ(s2, at(pwS+2))
}

// WideSize is the size in bytes of the powers that Wide completes:
// PowersSize, then the three limbs of r^(2N).
const WideSize = PowersSize + 24

// R32 returns the first of the three limbs of r^(2N) (N = 16) in powers
// that Wide completed.
func R32(pw Mem) Mem { return pw.Offset(PowersSize) }

// Wide stores r^(2N) = r^N·r^N, partially reduced (MulAdd), after the
// powers at pw that Powers stored, for StepBy in a kernel whose MULX steps
// alternate with other steps of N blocks.
func Wide(pw Mem) {
	h := R16(pw)
	h0, h1, h2 := GP64(), GP64(), GP64()
	MOVQ(h, h0)
	MOVQ(h.Offset(8), h1)
	MOVQ(h.Offset(16), h2)
	MulAdd(nil, h0, h1, h2, h, [5]Op{})
	w := R32(pw)
	MOVQ(h0, w)
	MOVQ(h1, w.Offset(8))
	MOVQ(h2, w.Offset(16))
}

// acc is a sum of products in five limbs, built column by column.
type acc [5]GPVirtual

// mac records into o the addition of a·b·2^(64·col) to t, where DX already
// holds a: the low half of the product into t[col], the high half into
// t[col+1] and the carry out of that into t[col+2]. The columns are summed
// in increasing order, so that t[col+2] has received only carries so far
// (at most one per product, a few dozen) and nothing carries out of it.
// With last, there is no carry out of t[col+1]: the caller knows why (it
// is the top limb, below the bound of the doc comment, or it holds only
// small values so far).
func (t *acc) mac(o *stitch.Ops, b Op, col int, last bool) {
	lo, hi := GP64(), GP64()
	o.Add(func() { MULXQ(b, lo, hi) })
	o.Add(func() { ADDQ(lo, t[col]) })
	o.Add(func() { ADCQ(hi, t[col+1]) })
	if !last {
		o.Add(func() { ADCQ(U8(0), t[col+2]) })
	}
}

// Step records into o the instructions that set h = h·r^N + U and reduce
// it below 2¹³⁰ + 2⁸, where U is the sum of the N blocks m1 … mN at msg
// times r^N … r, plus S·2¹²⁸ (the 2¹²⁸ of each block):
// U = m1·r^N + m2·r^(N-1) + … + mN·r + S·2¹²⁸. pw holds what Powers
// stored there, and U in between. h must be below 6·2¹²⁸ + 2⁶⁵ (h2 ≤ 5).
// Its limbs h0, h1, h2 are registers or memory: Step reads them only
// after U is formed, and writes them at its end.
func Step(o *stitch.Ops, msg Register, h0, h1, h2 Op, pw Mem) {
	StepBy(o, msg, h0, h1, h2, pw, R16(pw))
}

// R16 returns the first of the three limbs of r^N (N = 16) in the powers at
// pw, which Step multiplies h by.
func R16(pw Mem) Mem { return pw.Offset(8 * pwPow(BlocksN)) }

// StepBy is Step with h multiplied by the three limbs at mul, a power of r
// partially reduced as Powers leaves them (the top limb at most 4),
// instead of by r^N: h = h·P + U. A step that follows other blocks than
// the previous step's (another accumulator's) multiplies by a higher
// power.
func StepBy(o *stitch.Ops, msg Register, h0, h1, h2 Op, pw, mul Mem) {
	at := func(i int) Mem { return pw.Offset(8 * i) }
	block := func(j, i int) Mem { return Mem{Base: msg, Disp: 16*j + 8*i} }
	var t acc
	// add adds the product of DX, loaded from src, and the limb at offset
	// p of the powers at column col, without a carry into t[col+2]: the
	// caller knows that t[col+1] cannot overflow.
	add := func(src Op, p, col int) {
		o.Add(func() { MOVQ(src, RDX) })
		t.mac(o, at(p), col, true)
	}
	o.Add(func() { Comment("U = m1·r^N + … + mN·r + S·2¹²⁸: h does not enter it") })
	for i := range t {
		t[i] = GP64()
	}
	last := BlocksN - 1 // the block multiplied by r itself, first in its columns
	o.Add(func() { MOVQ(block(last, 0), RDX) })
	o.Add(func() { MULXQ(at(pwR), t[0], t[1]) }) // mN₀·r0, t1 < 2⁶⁰
	add(block(last, 1), pwR+2, 0)                // mN₁·rr1, t1 < 2⁶⁰ + 1.25·2⁶⁰ + 1
	o.Add(func() { XORL(t[2].As32(), t[2].As32()) })
	o.Add(func() { XORL(t[3].As32(), t[3].As32()) })
	o.Add(func() { XORL(t[4].As32(), t[4].As32()) })
	// t[2] holds only carries: < 2⁶⁰ + 1 and < 2⁶¹ + 2 after these two.
	add(block(last, 0), pwR+1, 1)
	add(block(last, 1), pwR, 1)
	// The other blocks, row by row: m·P for each 64-bit half m of a block
	// and its power P (three limbs, P2 ≤ 4) is formed in four limbs,
	// below 2¹⁹⁵, then added to t with a carry chain that runs to the top
	// limb, which nothing overflows: every partial sum is below U's bound.
	// One load of DX serves three products.
	for j := range last {
		for i := 0; i < 2; i++ {
			p := pwPow(BlocksN - j)
			a0, a1, b1, b2, c2, c3 := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
			o.Add(func() { MOVQ(block(j, i), RDX) })
			o.Add(func() { MULXQ(at(p), a0, a1) })
			o.Add(func() { MULXQ(at(p+1), b1, b2) })
			o.Add(func() { ADDQ(b1, a1) })
			o.Add(func() { MULXQ(at(p+2), c2, c3) }) // MULX leaves the carry alone
			o.Add(func() { ADCQ(c2, b2) })
			o.Add(func() { ADCQ(U8(0), c3) })
			o.Add(func() { ADDQ(a0, t[i]) })
			o.Add(func() { ADCQ(a1, t[i+1]) })
			o.Add(func() { ADCQ(b2, t[i+2]) })
			o.Add(func() { ADCQ(c3, t[i+3]) })
			if i == 0 {
				o.Add(func() { ADCQ(U8(0), t[4]) })
			}
		}
	}
	u := t
	o.Add(func() { ADDQ(at(pwS), u[2]) }) // the 2¹²⁸ terms: S·2¹²⁸
	o.Add(func() { ADCQ(at(pwS+1), u[3]) })
	o.Add(func() { ADCQ(at(pwS+2), u[4]) })
	for i := range u {
		o.Add(func() { MOVQ(u[i], at(pwU+i)) })
	}
	var um [5]Op
	for i := range um {
		um[i] = at(pwU + i)
	}
	MulAdd(o, h0, h1, h2, mul, um)
}

// MulAdd records into o the instructions that set h = h·P + u and reduce
// it below 2¹³⁰ + 2⁸, where P is the three limbs at mul (a power of r as
// Powers leaves them, the top limb at most 4) and u five limbs, registers
// or memory, nil for zero, below the bound of Step's U. h must be below
// 6·2¹²⁸ + 2⁶⁵. h's limbs are registers or memory, read before u.
func MulAdd(o *stitch.Ops, h0, h1, h2 Op, mul Mem, u [5]Op) {
	at := func(i int) Mem { return mul.Offset(8 * i) }
	o.Add(func() { Comment("t = h·P, column by column") })
	P := 0
	var v acc
	for i := range v {
		v[i] = GP64()
	}
	o.Add(func() { XORL(v[1].As32(), v[1].As32()) })
	o.Add(func() { XORL(v[2].As32(), v[2].As32()) })
	o.Add(func() { XORL(v[3].As32(), v[3].As32()) })
	o.Add(func() { XORL(v[4].As32(), v[4].As32()) })
	o.Add(func() { MOVQ(h0, RDX) })
	o.Add(func() { MULXQ(at(P), v[0], v[1]) }) // h0·r^N₀
	v.mac(o, at(P+1), 1, true)                 // h0·r^N₁: t2 was 0, no carry out of it
	v.mac(o, at(P+2), 2, false)                // h0·r^N₂
	o.Add(func() { MOVQ(h1, RDX) })
	v.mac(o, at(P), 1, false) // h1·r^N₀
	v.mac(o, at(P+1), 2, false)
	v.mac(o, at(P+2), 3, true)
	o.Add(func() { MOVQ(h2, RDX) })
	v.mac(o, at(P), 2, false)
	v.mac(o, at(P+1), 3, true)
	e, x0, x2 := GP64(), GP64(), GP64()
	o.Add(func() { MOVQ(h2, e) })
	o.Add(func() { IMULQ(at(P+2), e) }) // h2·r^N₂ ≤ 20
	o.Add(func() { ADDQ(e, v[4]) })
	for i := range u {
		x := u[i]
		if x == nil {
			x = U8(0)
		}
		if i == 0 {
			o.Add(func() { ADDQ(x, v[0]) })
		} else {
			o.Add(func() { ADCQ(x, v[i]) })
		}
	}

	o.Add(func() { Comment("h = t mod 2¹³⁰ + 4H + H, H = ⌊t/2¹³⁰⌋") })
	o.Add(func() { MOVQ(v[2], x2) })
	o.Add(func() { ANDQ(U8(3), x2) })
	o.Add(func() { MOVQ(v[2], x0) })
	o.Add(func() { ANDQ(I8(-4), x0) })
	o.Add(func() { ADDQ(x0, v[0]) })
	o.Add(func() { ADCQ(v[3], v[1]) })
	o.Add(func() { ADCQ(v[4], x2) })
	o.Add(func() { SHRQ(U8(2), v[3], v[2]) }) // H0
	o.Add(func() { SHRQ(U8(2), v[4], v[3]) }) // H1
	o.Add(func() { SHRQ(U8(2), v[4]) })       // H2
	o.Add(func() { ADDQ(v[2], v[0]) })
	o.Add(func() { ADCQ(v[3], v[1]) })
	o.Add(func() { ADCQ(v[4], x2) })
	o.Add(func() { Comment("h = h mod 2¹³⁰ + 5·⌊h/2¹³⁰⌋") })
	k := GP64()
	o.Add(func() { MOVQ(x2, k) })
	o.Add(func() { SHRQ(U8(2), k) })
	o.Add(func() { LEAQ(Mem{Base: k, Index: k, Scale: 4}, k) })
	o.Add(func() { ANDQ(U8(3), x2) })
	o.Add(func() { ADDQ(k, v[0]) })
	o.Add(func() { ADCQ(U8(0), v[1]) })
	o.Add(func() { ADCQ(U8(0), x2) })
	o.Add(func() { MOVQ(v[0], h0) })
	o.Add(func() { MOVQ(v[1], h1) })
	o.Add(func() { MOVQ(x2, h2) })
}

// Key returns the memory operands of r0, r1 and rr1 in the powers at pw.
func Key(pw Mem) (r0, r1, rr1 Mem) {
	return pw.Offset(8 * pwR), pw.Offset(8*pwR + 8), pw.Offset(8*pwR + 16)
}
