package arm64p256

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// one is 1 in Montgomery form, 2^256 mod p, in limbs.
var one = [4]uint64{1, 0xffffffff00000000, 0xffffffffffffffff, 0xfffffffe}

// point writes the functions of a point file: each has a stack frame of
// slots (32-byte field elements from 8(RSP), the word at 0(RSP) being the
// saved link register) and no call.
type point struct {
	*Field
	slots int
}

// slot returns the i-th local element, and records the frame it needs.
func (p *point) slot(i int) Mem {
	p.slots = max(p.slots, i+1)
	return Slot(8 + 32*i)
}

// text starts the function name with frame bytes of locals and argSize
// bytes of arguments; nosplit: a leaf with a small frame.
func (p *point) text(name string, frame, argSize int, doc string) {
	p.BlockComment(doc)
	p.Printf("TEXT ·%s(SB), NOSPLIT, $%d-%d\n", name, frame, argSize)
}

// frameSize is the frame of a function with n slots and extra bytes of
// other locals after them: 8 + 32n + extra, rounded up to 8 below a
// multiple of 16 (with the saved link register, the frame stays 16-byte
// aligned).
func frameSize(n, extra int) int {
	f := 8 + 32*n + extra
	for (f+8)%16 != 0 {
		f += 8
	}
	return f
}

// madd emits maddGeneric: (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2),
// with H and r stored into h and r. The outputs may be the inputs x1, y1,
// z1 (each is read for the last time before its output is written); the
// locals (Z1Z1, I, J, V, 2·Y1·J) are held in F0-F19, no memory. Where maddGeneric takes a longer
// route to a field value, this takes a shorter one to the same value:
// Z3 = (Z1 + H)² − Z1Z1 − HH is 2·Z1·H, and 2·Y1·J is (J·Y1)·2.
func (p *point) madd(x3, y3, z3, x1, y1, z1, x2, y2, h, r Mem) {
	z1z1, i, j, v, yj := FPRegs(0), FPRegs(4), FPRegs(8), FPRegs(12), FPRegs(16)
	p.Comment("Z1Z1 = Z1²")
	p.LoadA(z1)
	p.Sqr()
	p.StoreA(z1z1)
	p.Comment("H = X2·Z1Z1 − X1, kept in b")
	p.MulBy(x2)
	p.SubBy(x1)
	p.StoreA(h)
	p.CopyAB()
	p.Comment("I = 4·H², J = H·I")
	p.Sqr()
	p.Double()
	p.Double()
	p.StoreA(i)
	p.Mul()
	p.StoreA(j)
	p.Comment("V = X1·I")
	p.LoadA(i)
	p.MulBy(x1)
	p.StoreA(v)
	p.Comment("r = 2(Y2·Z1·Z1Z1 − Y1)")
	p.LoadA(z1)
	p.MulBy(z1z1)
	p.MulBy(y2)
	p.SubBy(y1)
	p.Double()
	p.StoreA(r)
	p.Comment("Z3 = 2·Z1·H (= (Z1 + H)² − Z1Z1 − HH); Z1 is not read again")
	p.LoadA(z1)
	p.MulBy(h)
	p.Double()
	p.StoreA(z3)
	p.Comment("2·Y1·J, before Y3 overwrites Y1")
	p.LoadA(j)
	p.MulBy(y1)
	p.Double()
	p.StoreA(yj)
	p.Comment("X3 = r² − J − 2V; X1 is not read again")
	p.LoadA(r)
	p.Sqr()
	p.SubBy(j)
	p.LoadB(v)
	p.SubB()
	p.SubB()
	p.StoreA(x3)
	p.Comment("Y3 = r(V − X3) − 2·Y1·J, V still in b")
	p.SubFromB()
	p.MulBy(r)
	p.SubBy(yj)
	p.StoreA(y3)
}

// doubleJacobian emits p256DoubleJacobianARM64.
func (p *point) doubleJacobian() {
	p.slots = 0
	x, y, z := Arg("x+0"), Arg("y+8"), Arg("z+16")
	vx, vy, vz := FPRegs(0), FPRegs(4), FPRegs(8)
	delta, beta4, u, alpha, g8 := FPRegs(12), FPRegs(16), FPRegs(20), FPRegs(24), FPRegs(28)
	p.text("p256DoubleJacobianARM64", 0, 32, `
func p256DoubleJacobianARM64(x, y, z *[4]uint64, n int)

p256DoubleJacobianARM64 is jacobianDoubleNGeneric (point.go) for P-256:
n times (none for n ≤ 0, n public) the doubling dbl-2001-b of
jacobianDouble, in place on (x : y : z). With T = 2Y and A = T² = 4γ it
computes Z3 = T·Z (= (Y + Z)² − γ − δ), 4β = X·A and 8γ² = A²/2 (a
halving, not three doublings); α = 3(X − δ)(X + δ), X3 = α² − 8β and
Y3 = α(4β − X3) − 8γ² as in Go. No memory is touched in the loop: X, Y,
Z and the locals δ, 4β, X − δ, α, 8γ² are held in the floating-point
registers F0-F31 (FMOVD, a limb a register), T and A in the operand b
(which Sqr and Mul leave alone), as are δ and 4β where they are the
operand of consecutive operations; R0 counts the doublings left.`)
	p.Op("MOVD\tn+24(FP), R0")
	p.Op("CMP\t$0, R0")
	p.Op("BLE\tdoubleDone")
	p.LoadP()
	p.LoadA(x)
	p.StoreA(vx)
	p.LoadA(y)
	p.StoreA(vy)
	p.LoadA(z)
	p.StoreA(vz)
	p.Op("MOVD\tn+24(FP), R0")
	p.Label("doubleLoop")
	x, y, z = vx, vy, vz
	p.Comment("δ = Z²")
	p.LoadA(z)
	p.Sqr()
	p.StoreA(delta)
	p.Comment("T = 2Y (into b), Z3 = T·Z (= (Y + Z)² − γ − δ)")
	p.LoadA(y)
	p.Double()
	p.CopyAB()
	p.LoadA(z)
	p.Mul()
	p.StoreA(z)
	p.Comment("A = T² (into b), 8γ² = A²/2")
	p.CopyBA()
	p.Sqr()
	p.CopyAB()
	p.Sqr()
	p.Halve()
	p.StoreA(g8)
	p.Comment("4β = X·A")
	p.LoadA(x)
	p.Mul()
	p.StoreA(beta4)
	p.Comment("α = 3(X − δ)(X + δ)")
	p.LoadA(x)
	p.LoadB(delta)
	p.SubB()
	p.StoreA(u)
	p.LoadA(x)
	p.AddB()
	p.MulBy(u)
	p.CopyAB()
	p.Double()
	p.AddB()
	p.StoreA(alpha)
	p.Comment("X3 = α² − 8β")
	p.Sqr()
	p.LoadB(beta4)
	p.SubB()
	p.SubB()
	p.StoreA(x)
	p.Comment("Y3 = α(4β − X3) − 8γ², 4β still in b")
	p.SubFromB()
	p.MulBy(alpha)
	p.SubBy(g8)
	p.StoreA(y)
	p.Op("SUBS\t$1, R0")
	p.Op("BNE\tdoubleLoop")
	p.LoadA(vx)
	p.StoreA(Arg("x+0"))
	p.LoadA(vy)
	p.StoreA(Arg("y+8"))
	p.LoadA(vz)
	p.StoreA(Arg("z+16"))
	p.Label("doubleDone")
	p.Op("RET")
	p.Printf("\n")
}

// maddFunc emits p256MaddARM64.
func (p *point) maddFunc() {
	p.slots = 0
	p.text("p256MaddARM64", 0, 80, `
func p256MaddARM64(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[4]uint64)

p256MaddARM64 is maddGeneric (vartime.go) for P-256, the mixed addition
madd-2007-bl (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2), the outputs
possibly the inputs x1, y1, z1, with H and r of the formula stored into h
and r (the m.h and m.r of maddTemps). Locals: Z1Z1, I, J, V, 2·Y1·J, in
the floating-point registers F0-F19 (FMOVD, a limb a register).`)
	p.CacheR0 = true
	defer func() { p.CacheR0 = false }()
	p.ForgetR0()
	p.LoadP()
	p.madd(Arg("x3+0"), Arg("y3+8"), Arg("z3+16"), Arg("x1+24"), Arg("y1+32"), Arg("z1+40"),
		Arg("x2+48"), Arg("y2+56"), Arg("h+64"), Arg("r+72"))
	p.Op("RET")
	p.Printf("\n")
}

// select4 sets the accumulator to b where cond holds (CSEL).
func (p *point) select4(cond string) {
	for i := range 4 {
		p.Op("CSEL\t%s, %s, %s, %s", cond, b[i], a[i], a[i])
	}
}

// addDigit emits p256AddDigitARM64.
func (p *point) addDigit() {
	p.slots = 0
	x, y, z, x2, y2 := Arg("x+0"), Arg("y+8"), Arg("z+16"), Arg("x2+24"), Arg("y2+32")
	rx, ry, rz := p.slot(0), p.slot(1), p.slot(2)
	h, r, sy := FPRegs(20), FPRegs(24), FPRegs(28) // madd's locals in F0-F19
	p.text("p256AddDigitARM64", frameSize(p.slots, 0), 56, `
func p256AddDigitARM64(x, y, z, x2, y2 *[4]uint64, neg, zero int)

p256AddDigitARM64 is addDigitGeneric (scalarmult.go) for P-256, one
window of ScalarMult and ScalarBaseMult: the entry (x2, y2), its y
negated if neg == 1, added to (x : y : z) by the madd of p256MaddARM64
into locals; the sum replaced by (x2, ±y2, 1) if z = 0, and the point
left as it was if zero == 1. The entry is left alone. neg, zero and the
coordinates are secret: every choice is a CSEL on flags set from them
(CMP of neg, zero and of the OR of z's limbs with 0), never a branch.
Locals: the sum (x, y, z) in the stack frame; madd's in F0-F19, H, r
and ±y2 in F20-F31 (FMOVD, a limb a register).`)
	p.CacheR0 = true
	defer func() { p.CacheR0 = false }()
	p.ForgetR0()
	p.LoadP()
	p.Comment("±Y2: −Y2 (0 − Y2 mod p) where neg ≠ 0")
	p.LoadA(y2)
	p.Negate()
	p.LoadB(y2)
	p.Op("MOVD\tneg+40(FP), R0")
	p.ForgetR0()
	p.Op("CMP\t$0, R0")
	p.select4("EQ")
	p.StoreA(sy)
	p.madd(rx, ry, rz, x, y, z, x2, sy, h, r)
	p.Comment("R11 = 0 exactly when z = 0 (the point at infinity); R12 = zero.")
	p.LoadA(z)
	p.Op("ORR\t%s, %s, R11", a[0], a[1])
	p.Op("ORR\t%s, %s, R12", a[2], a[3])
	p.Op("ORR\tR12, R11, R11")
	p.Op("MOVD\tzero+48(FP), R12")
	for c, out := range []Mem{x, y, z} {
		name := []string{"x", "y", "z"}[c]
		p.Comment(fmt.Sprintf("%s: the sum, the entry's if z = 0, the old %s if zero ≠ 0", name, name))
		p.LoadA([]Mem{rx, ry, rz}[c])
		if c == 2 {
			for i, l := range one {
				p.Op("MOVD\t$0x%x, %s", l, b[i])
			}
		} else {
			p.LoadB([]Mem{x2, sy}[c])
		}
		p.Op("CMP\t$0, R11")
		p.select4("EQ")
		p.LoadB(out)
		p.Op("CMP\t$0, R12")
		p.select4("NE")
		p.StoreA(out)
	}
	p.Op("RET")
}

// Points returns ecc/internal/nistec/p256_arm64.s, run by cmd (the
// command line that regenerates it, for the header).
func Points(cmd string) []byte {
	p := &point{Field: &Field{Program: new(neon.Program)}}
	p.Header(cmd, `
Whole P-256 point operations on arm64, one assembly function each, with
the field arithmetic of mont/p256 (the same as its p256_arm64.s) written
out in them: generated by tools/asm/internal/arm64p256 (point.go,
field.go).

func p256DoubleJacobianARM64(x, y, z *[4]uint64, n int)
func p256MaddARM64(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[4]uint64)
func p256AddDigitARM64(x, y, z, x2, y2 *[4]uint64, neg, zero int)

They mirror jacobianDoubleNGeneric (point.go), maddGeneric (vartime.go)
and addDigitGeneric (scalarmult.go) of ecc/internal/nistec and compute
exactly their field values: fully reduced Montgomery-form elements are
unique, so equal field values have identical limbs (the package's tests
check it on random elements and points, the point at infinity, equal and
opposite points and edge coordinates). The formulas are from Bernstein
and Lange's Explicit-Formulas Database (dbl-2001-b for a = −3,
madd-2007-bl).

Each function works on an accumulator: a field operation combines the
accumulator (R3-R6) with an element loaded from memory (an argument's
array, its pointer loaded into R0 from the arguments unless R0 holds it
already, or a local of the stack frame), from four floating-point
registers (FMOVD, a limb each: the locals of the formulas, and the point
inside the doubling loop) or left in the operand registers (R7-R10) by
the operation before, and leaves the result in it. The functions call nothing: the link register is saved by the
frame's prologue and never changes.
`+methodDoc)
	p.doubleJacobian()
	p.maddFunc()
	p.addDigit()
	return p.Bytes()
}
