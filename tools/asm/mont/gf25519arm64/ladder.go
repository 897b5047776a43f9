package main

import "fmt"

// The ladder's state and temporaries, 32-byte slots of the stack frame
// from 8(RSP) (0(RSP) holds the saved link register), named as in
// ladderGeneric.
const (
	slotU = iota
	slotX2
	slotZ2
	slotX3
	slotZ3
	slotA
	slotAA
	slotB
	slotBB
	slotE
	slotC
	slotD
	slotDA
	slotCB
	numSlots
)

// ladderFrame is 8 + 32·numSlots rounded up to 8 below a multiple of 16,
// so that with the saved link register the frame stays 16-byte aligned.
var ladderFrame = func() int {
	f := 8 + 32*numSlots
	for (f+8)%16 != 0 {
		f += 8
	}
	return f
}()

// The ladder's other registers: the bit position (public) and the
// previous bit of the scalar (secret), which the field operations leave
// alone.
const (
	regPos  = "R2"
	regSwap = "R0"
)

func slot(i int) string { return fmt.Sprintf("%d(RSP)", 8+32*i) }

func slotHi(i int) string { return fmt.Sprintf("%d(RSP)", 8+32*i+16) }

func (g gen) ld(r [4]string, i int) {
	g.Op("LDP\t%s, (%s, %s)", slot(i), r[0], r[1])
	g.Op("LDP\t%s, (%s, %s)", slotHi(i), r[2], r[3])
}

func (g gen) st(r [4]string, i int) {
	g.Op("STP\t(%s, %s), %s", r[0], r[1], slot(i))
	g.Op("STP\t(%s, %s), %s", r[2], r[3], slotHi(i))
}

// add sets a0..a3 = a + b as Element.Add does: the carry out folded back
// as 38, and 38 more if that carries out again. It clobbers s0.
func (g gen) add() {
	op := g.Op
	op("ADDS\t%s, %s", b[0], a[0])
	op("ADCS\t%s, %s", b[1], a[1])
	op("ADCS\t%s, %s", b[2], a[2])
	op("ADCS\t%s, %s", b[3], a[3])
	op("CSEL\tCS, %s, ZR, %s", c38, s[0])
	op("ADDS\t%s, %s", s[0], a[0])
	op("ADCS\tZR, %s", a[1])
	op("ADCS\tZR, %s", a[2])
	op("ADCS\tZR, %s", a[3])
	op("CSEL\tCS, %s, ZR, %s", c38, s[0])
	op("ADD\t%s, %s", s[0], a[0])
}

// sub sets a0..a3 = a − b as Element.Sub does: 38 subtracted on a borrow
// (carry clear), and 38 more if that borrows again. It clobbers s0.
func (g gen) sub() {
	op := g.Op
	op("SUBS\t%s, %s", b[0], a[0])
	op("SBCS\t%s, %s", b[1], a[1])
	op("SBCS\t%s, %s", b[2], a[2])
	op("SBCS\t%s, %s", b[3], a[3])
	op("CSEL\tCC, %s, ZR, %s", c38, s[0])
	op("SUBS\t%s, %s", s[0], a[0])
	op("SBCS\tZR, %s", a[1])
	op("SBCS\tZR, %s", a[2])
	op("SBCS\tZR, %s", a[3])
	op("CSEL\tCC, %s, ZR, %s", c38, s[0])
	op("SUB\t%s, %s", s[0], a[0])
}

// mult32Add sets a0..a3 = a·m + b as mult32Add (ladder.go) does, m <
// 2^32: the product's top limb and the sum's carry folded once as 38,
// then 38 more on a carry out. It clobbers t0..t7 and s0.
func (g gen) mult32Add(m uint32) {
	op := g.Op
	op("MOVD\t$%d, %s", m, s[0])
	for i := range 4 {
		op("MUL\t%s, %s, %s", s[0], a[i], t[i])
		op("UMULH\t%s, %s, %s", s[0], a[i], t[4+i])
	}
	op("ADDS\t%s, %s", t[4], t[1])
	op("ADCS\t%s, %s", t[5], t[2])
	op("ADCS\t%s, %s", t[6], t[3])
	op("ADC\tZR, %s", t[7])
	op("ADDS\t%s, %s", b[0], t[0])
	op("ADCS\t%s, %s", b[1], t[1])
	op("ADCS\t%s, %s", b[2], t[2])
	op("ADCS\t%s, %s", b[3], t[3])
	op("ADC\tZR, %s", t[7])
	op("MUL\t%s, %s, %s", c38, t[7], s[0])
	op("ADDS\t%s, %s, %s", s[0], t[0], a[0])
	op("ADCS\tZR, %s, %s", t[1], a[1])
	op("ADCS\tZR, %s, %s", t[2], a[2])
	op("ADCS\tZR, %s, %s", t[3], a[3])
	op("CSEL\tCS, %s, ZR, %s", c38, s[0])
	op("ADD\t%s, %s", s[0], a[0])
}

// cswap swaps the slots i and j where the flags say NE, by CSEL, with the
// same loads and stores either way. It clobbers a, b and s.
func (g gen) cswap(i, j int) {
	g.ld(a, i)
	g.ld(b, j)
	for k := range 4 {
		g.Op("CSEL\tNE, %s, %s, %s", b[k], a[k], s[k])
		g.Op("CSEL\tNE, %s, %s, %s", a[k], b[k], b[k])
	}
	g.st(s, i)
	g.st(b, j)
}

// mulSlots sets a0..a3 to slot i times slot j, and stores it in slot d if
// d ≥ 0.
func (g gen) mulSlots(i, j, d int) {
	g.ld(a, i)
	g.ld(b, j)
	g.product()
	g.reduce()
	if d >= 0 {
		g.st(a, d)
	}
}

const ladderDoc = `func ladderARM64(x2, z2 *[4]uint64, scalar *[32]byte, x1 *[4]uint64)

It mirrors ladderGeneric (ladder.go) and gives exactly its limbs: the
Montgomery ladder of RFC 7748, Section 5, over bits 254 to 0 of scalar,
leaving the projective u-coordinate x2/z2 of scalar·P, P having
u-coordinate x1 (any value below 2^256). Every field operation of a step
is the kernel code above (mul, square, reduce512) or the code of
Element.Add, Element.Sub and mult32Add, on operands in the stack frame's
slots (U, X2, Z2, X3, Z3 and the step's A, AA, B, BB, E, C, D, DA, CB).

Constant time: the loop runs over the public bit positions 254 to 0 (R2);
the byte of the scalar loaded depends only on the position; the
conditional swaps load and store both slots and choose with CSEL on the
flags of the secret swap bit (R0 holds the previous bit).`

func (g gen) ladder() {
	op := g.Op
	g.BlockComment(ladderDoc)
	g.Printf("TEXT ·ladderARM64(SB), NOSPLIT, $%d-32\n", ladderFrame)
	op("MOVD\t$38, %s", c38)
	g.Comment("U = X3 = x1, X2 = Z3 = 1, Z2 = 0, no swap pending.")
	g.load(a, "x1+24")
	g.st(a, slotU)
	g.st(a, slotX3)
	op("MOVD\t$1, %s", s[0])
	for _, i := range []int{slotX2, slotZ3} {
		op("STP\t(%s, ZR), %s", s[0], slot(i))
		op("STP\t(ZR, ZR), %s", slotHi(i))
	}
	op("STP\t(ZR, ZR), %s", slot(slotZ2))
	op("STP\t(ZR, ZR), %s", slotHi(slotZ2))
	op("MOVD\tZR, %s", regSwap)
	op("MOVD\t$254, %s", regPos)

	g.Label("loop")
	g.Comment("bit = scalar[pos>>3] >> (pos&7) & 1; the address depends on pos only.")
	op("MOVD\tscalar+16(FP), %s", s[0])
	op("LSR\t$3, %s, %s", regPos, s[1])
	op("MOVBU\t(%s)(%s), %s", s[0], s[1], s[2])
	op("AND\t$7, %s, %s", regPos, s[1])
	op("LSR\t%s, %s, %s", s[1], s[2], s[2])
	op("AND\t$1, %s, %s", s[2], s[2])
	g.Comment("Swap (X2, Z2) and (X3, Z3) if bit differs from the previous one.")
	op("EOR\t%s, %s, %s", s[2], regSwap, s[3])
	op("MOVD\t%s, %s", s[2], regSwap)
	op("CMP\t$0, %s", s[3])
	g.cswap(slotX2, slotX3)
	g.cswap(slotZ2, slotZ3)

	g.Comment("A = X2 + Z2, AA = A², B = X2 − Z2, BB = B², E = AA − BB.")
	g.ld(a, slotX2)
	g.ld(b, slotZ2)
	g.add()
	g.st(a, slotA)
	g.square()
	g.reduce()
	g.st(a, slotAA)
	g.ld(a, slotX2)
	g.ld(b, slotZ2)
	g.sub()
	g.st(a, slotB)
	g.square()
	g.reduce()
	g.st(a, slotBB)
	g.ld(a, slotAA)
	g.ld(b, slotBB)
	g.sub()
	g.st(a, slotE)

	g.Comment("C = X3 + Z3, D = X3 − Z3, DA = D·A, CB = C·B.")
	g.ld(a, slotX3)
	g.ld(b, slotZ3)
	g.add()
	g.st(a, slotC)
	g.ld(a, slotX3)
	g.ld(b, slotZ3)
	g.sub()
	g.ld(b, slotA)
	g.product()
	g.reduce()
	g.st(a, slotDA)
	g.mulSlots(slotC, slotB, slotCB)

	g.Comment("X3 = (DA + CB)², Z3 = U·(DA − CB)².")
	g.ld(a, slotDA)
	g.ld(b, slotCB)
	g.add()
	g.square()
	g.reduce()
	g.st(a, slotX3)
	g.ld(a, slotDA)
	g.ld(b, slotCB)
	g.sub()
	g.square()
	g.reduce()
	g.ld(b, slotU)
	g.product()
	g.reduce()
	g.st(a, slotZ3)

	g.Comment("X2 = AA·BB, Z2 = E·(AA + 121665·E).")
	g.mulSlots(slotAA, slotBB, slotX2)
	g.ld(a, slotE)
	g.ld(b, slotAA)
	g.mult32Add(121665)
	g.ld(b, slotE)
	g.product()
	g.reduce()
	g.st(a, slotZ2)

	op("SUBS\t$1, %s", regPos)
	op("BGE\tloop")

	g.Comment("The last swap, then X2 and Z2 out.")
	op("CMP\t$0, %s", regSwap)
	g.cswap(slotX2, slotX3)
	g.cswap(slotZ2, slotZ3)
	g.ld(a, slotX2)
	g.store(a, "x2+0")
	g.ld(a, slotZ2)
	g.store(a, "z2+8")
	op("RET")
}
