// Package arm64p256 writes arm64 assembly for Go's assembler of the field
// arithmetic modulo the P-256 prime p = 2^256 − 2^224 + 2^192 + 2^96 − 1
// (Montgomery form, R = 2^256, fully reduced elements of four 64-bit
// limbs) and of whole P-256 point operations built on it. Every operation
// is a Go method that prints the instructions: avo has no arm64 backend,
// and the scalar instructions used here (MUL, UMULH, ADDS/ADCS,
// SUBS/SBCS, CSEL, LDP/STP) are all native to Go's assembler.
//
// field.go emits the field operations, on an accumulator of four
// registers (a0..a3) and an operand of four more (b0..b3); kernels.go
// the three kernels of mont/p256 (p256_arm64.s, command
// tools/asm/mont/p256arm64); point.go the three point functions of
// ecc/internal/nistec (p256_arm64.s, command tools/asm/ecc/nistecarm64).
package arm64p256

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/arm64mul"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

// The registers of the field operations. R18 (platform register),
// R26-R29 (context, assembler temporary, g, frame pointer), R16/R17
// (linker veneers) and R30 (link register) are never used; R0 is left to
// the callers (an address or an argument).
var (
	a = arm64mul.A // accumulator, the result
	b = arm64mul.B // operand
	t = arm64mul.T // 512-bit product
	s = arm64mul.S // scratch
)

// p1 and p3 hold those limbs of p (LoadP) in every function, from its
// start: p0 = 2^64 − 1 is an immediate (subtracting it is adding 1 with
// the same carry, adding it is subtracting 1) and p2 = 0 is ZR.
const (
	p1 = "R1"
	p3 = "R2"
)

// Field emits field operations into a Program.
type Field struct {
	*neon.Program
	// CacheR0, if set, lets addr skip the load of an argument's pointer
	// into R0 when R0 already holds it (r0 names that argument); whoever
	// writes R0 otherwise, or emits a label, calls ForgetR0.
	CacheR0 bool
	r0      string
}

// ForgetR0 records that R0 no longer holds a known argument's pointer.
func (f *Field) ForgetR0() { f.r0 = "" }

// Mem is a field element in memory: Base (a register, or "RSP" for the
// stack frame) plus Off; or, if Arg is set, the array that the pointer
// argument Arg ("x+0") points to, loaded into R0 first.
type Mem struct {
	Arg  string
	Base string
	Off  int
	// FP, if set, puts the element in the floating-point registers
	// F(Off)..F(Off+3), a limb each (FMOVD): no memory access.
	FP bool
}

// FPRegs is the element held in F(first)..F(first+3).
func FPRegs(first int) Mem { return Mem{FP: true, Off: first} }

// Slot is the element at off bytes into the stack frame's locals.
func Slot(off int) Mem { return Mem{Base: "RSP", Off: off} }

// Arg is the element the pointer argument arg ("x+0") points to.
func Arg(arg string) Mem { return Mem{Arg: arg} }

// addr returns the base and offset of m, loading an argument's pointer
// into R0.
func (f *Field) addr(m Mem) (string, int) {
	if m.Arg != "" {
		if !f.CacheR0 || f.r0 != m.Arg {
			f.Op("MOVD\t%s(FP), R0", m.Arg)
		}
		if f.CacheR0 {
			f.r0 = m.Arg
		}
		return "R0", 0
	}
	return m.Base, m.Off
}

func mem(base string, off int) string {
	if off == 0 {
		return fmt.Sprintf("(%s)", base)
	}
	return fmt.Sprintf("%d(%s)", off, base)
}

// load4 sets r to the element m.
func (f *Field) load4(r [4]string, m Mem) {
	if m.FP {
		for i := range 4 {
			f.Op("FMOVD\tF%d, %s", m.Off+i, r[i])
		}
		return
	}
	base, off := f.addr(m)
	f.Op("LDP\t%s, (%s, %s)", mem(base, off), r[0], r[1])
	f.Op("LDP\t%s, (%s, %s)", mem(base, off+16), r[2], r[3])
}

// LoadA sets the accumulator to m.
func (f *Field) LoadA(m Mem) { f.load4(a, m) }

// LoadB sets the operand registers to m.
func (f *Field) LoadB(m Mem) { f.load4(b, m) }

// StoreA writes the accumulator to m.
func (f *Field) StoreA(m Mem) {
	if m.FP {
		for i := range 4 {
			f.Op("FMOVD\t%s, F%d", a[i], m.Off+i)
		}
		return
	}
	base, off := f.addr(m)
	f.Op("STP\t(%s, %s), %s", a[0], a[1], mem(base, off))
	f.Op("STP\t(%s, %s), %s", a[2], a[3], mem(base, off+16))
}

// LoadP sets p1 and p3 (p1 is 2^32 − 1 and p3 is −p1 mod 2^64), which
// every field operation after it needs.
func (f *Field) LoadP() {
	f.Op("MOVD\t$0xffffffff, %s", p1)
	f.Op("NEG\t%s, %s", p1, p3)
}

// product sets t0..t7 = (a0..a3)·(b0..b3), clobbering s0..s3; see
// arm64mul.Product.
func (f *Field) product() { arm64mul.Product(f.Program) }

// square sets t0..t7 = (a0..a3)², clobbering a0..a3 and s0..s3; see
// arm64mul.Square.
func (f *Field) square() { arm64mul.Square(f.Program) }

// redStep sets (r1, r2, r3, r0) = (r0..r3 + q·p)/2^64 with q = r0: s1 =
// q>>32, (s0, s2) = q·p3 (MUL and UMULH by p3: under emulation cheaper
// than the SUBS/SBC of q − (q<<32) and its borrow), q<<32 added as a
// shifted operand; the high limb of q·p3, plus the carry, goes to r0.
func (f *Field) redStep(r0, r1, r2, r3 string) {
	f.Op("LSR\t$32, %s, %s", r0, s[1])
	f.Op("MUL\t%s, %s, %s", p3, r0, s[2])
	f.Op("UMULH\t%s, %s, %s", p3, r0, s[0])
	f.Op("ADDS\t%s<<32, %s", r0, r1)
	f.Op("ADCS\t%s, %s", s[1], r2)
	f.Op("ADCS\t%s, %s", s[2], r3)
	f.Op("ADC\tZR, %s, %s", s[0], r0)
}

// reduce sets a0..a3 = t0..t7·2⁻²⁵⁶ mod p, fully reduced, for t0..t7 <
// p·2^256. It clobbers t0..t4 and s0..s2. The last SBCS leaves the carry
// set (HS) when S ≥ p, so that the difference is kept, and clear (LO)
// when S must be kept.
func (f *Field) reduce() {
	f.redStep(t[0], t[1], t[2], t[3])
	f.redStep(t[1], t[2], t[3], t[0])
	f.redStep(t[2], t[3], t[0], t[1])
	f.redStep(t[3], t[0], t[1], t[2])
	f.Op("ADDS\t%s, %s", t[4], t[0])
	f.Op("ADCS\t%s, %s", t[5], t[1])
	f.Op("ADCS\t%s, %s", t[6], t[2])
	f.Op("ADCS\t%s, %s", t[7], t[3])
	f.Op("ADC\tZR, ZR, %s", t[4])
	f.subPSelect(t[4])
}

// subPSelect sets a0..a3 to t0..t3 (with the top limb top) less p if that
// is not negative, t0..t3 otherwise. t0 − p0 is t0 + 1, with the same
// carry.
func (f *Field) subPSelect(top string) {
	f.Op("ADDS\t$1, %s, %s", t[0], a[0])
	f.Op("SBCS\t%s, %s, %s", p1, t[1], a[1])
	f.Op("SBCS\tZR, %s, %s", t[2], a[2])
	f.Op("SBCS\t%s, %s, %s", p3, t[3], a[3])
	f.Op("SBCS\tZR, %s, %s", top, top)
	for i := range 4 {
		f.Op("CSEL\tHS, %s, %s, %s", a[i], t[i], a[i])
	}
}

// Mul sets the accumulator to a·b·2⁻²⁵⁶ mod p, for the operand
// registers b already loaded; b and t, s are clobbered.
func (f *Field) Mul() {
	f.product()
	f.reduce()
}

// MulBy sets the accumulator to a·m·2⁻²⁵⁶ mod p.
func (f *Field) MulBy(m Mem) {
	f.LoadB(m)
	f.Mul()
}

// Sqr sets the accumulator to a²·2⁻²⁵⁶ mod p, clobbering t and s (b is
// left alone, as by Mul).
func (f *Field) Sqr() {
	f.square()
	f.reduce()
}

// add sets the accumulator to a + y mod p, for y in the registers y
// (which may be a itself): the sum into t0..t4, then the difference with
// p selected by CSEL on its borrow.
func (f *Field) add(y [4]string) {
	f.Op("ADDS\t%s, %s, %s", y[0], a[0], t[0])
	f.Op("ADCS\t%s, %s, %s", y[1], a[1], t[1])
	f.Op("ADCS\t%s, %s, %s", y[2], a[2], t[2])
	f.Op("ADCS\t%s, %s, %s", y[3], a[3], t[3])
	f.Op("ADC\tZR, ZR, %s", t[4])
	f.subPSelect(t[4])
}

// AddBy sets the accumulator to a + m mod p.
func (f *Field) AddBy(m Mem) {
	f.LoadB(m)
	f.add(b)
}

// AddB sets the accumulator to a + b mod p, b already loaded and left
// alone.
func (f *Field) AddB() { f.add(b) }

// SubB sets the accumulator to a − b mod p, b already loaded and left
// alone.
func (f *Field) SubB() { f.sub(a, b) }

// SubFromB sets the accumulator to b − a mod p, b already loaded and left
// alone.
func (f *Field) SubFromB() { f.sub(b, a) }

// CopyAB sets the operand registers to the accumulator.
func (f *Field) CopyAB() {
	for i := range 4 {
		f.Op("MOVD\t%s, %s", a[i], b[i])
	}
}

// CopyBA sets the accumulator to the operand registers.
func (f *Field) CopyBA() {
	for i := range 4 {
		f.Op("MOVD\t%s, %s", b[i], a[i])
	}
}

// Double sets the accumulator to 2a mod p.
func (f *Field) Double() { f.add(a) }

// sub sets the accumulator to x − y mod p, x and y each a or b or
// (x only) ZR: the difference into t0..t3, then the correction, p where
// the difference borrowed and 0 otherwise, chosen limb by limb with CSEL
// (CSETM for p0 = 2^64 − 1) on that borrow and added.
func (f *Field) sub(x, y [4]string) {
	f.Op("SUBS\t%s, %s, %s", y[0], x[0], t[0])
	for i := 1; i < 4; i++ {
		f.Op("SBCS\t%s, %s, %s", y[i], x[i], t[i])
	}
	f.selectP("LO")
	f.Op("ADDS\t%s, %s, %s", s[0], t[0], a[0])
	f.Op("ADCS\t%s, %s, %s", s[1], t[1], a[1])
	f.Op("ADCS\tZR, %s, %s", t[2], a[2])
	f.Op("ADC\t%s, %s, %s", s[2], t[3], a[3])
}

// selectP sets s0, s1, s2 to p0, p1, p3 where cond holds and to 0
// otherwise.
func (f *Field) selectP(cond string) {
	f.Op("CSETM\t%s, %s", cond, s[0])
	f.Op("CSEL\t%s, %s, ZR, %s", cond, p1, s[1])
	f.Op("CSEL\t%s, %s, ZR, %s", cond, p3, s[2])
}

// SubBy sets the accumulator to a − m mod p.
func (f *Field) SubBy(m Mem) {
	f.LoadB(m)
	f.sub(a, b)
}

// SubFrom sets the accumulator to m − a mod p.
func (f *Field) SubFrom(m Mem) {
	f.LoadB(m)
	f.sub(b, a)
}

// Negate sets the accumulator to −a mod p (0 for 0).
func (f *Field) Negate() {
	f.sub([4]string{"ZR", "ZR", "ZR", "ZR"}, a)
}

// Halve sets the accumulator to a/2 mod p: p where a is odd (selectP on
// TST of its low bit) and 0 otherwise added into t0..t4, then the sum
// shifted right by one (EXTR); (a + p)/2 < p.
func (f *Field) Halve() {
	f.Op("TST\t$1, %s", a[0])
	f.selectP("NE")
	f.Op("ADDS\t%s, %s, %s", s[0], a[0], t[0])
	f.Op("ADCS\t%s, %s, %s", s[1], a[1], t[1])
	f.Op("ADCS\tZR, %s, %s", a[2], t[2])
	f.Op("ADCS\t%s, %s, %s", s[2], a[3], t[3])
	f.Op("ADC\tZR, ZR, %s", t[4])
	for i := range 4 {
		f.Op("EXTR\t$1, %s, %s, %s", t[i], t[i+1], a[i])
	}
}
