// Command mont generates mont/montmul_amd64.s, the MULX/ADCX/ADOX Montgomery
// kernels of crypton's mont module.
//
// Every function mirrors a portable kernel in mont/montmul.go:
//
//   - montMul1024 ... montMul4096 and montMulLoop compute what montMulGeneric
//     computes, z = x·y·R⁻¹ mod m with R = 2^(64n), fully reduced. They use the
//     coarsely integrated operand scanning (CIOS) method of Koç, Acar and
//     Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms"
//     (IEEE Micro, 1996): one pass over the limbs of y, each adding x·y[i] and
//     then q·m to an n+1-limb accumulator and shifting it down one limb.
//   - selectAVX2 does what selectEntryGeneric (mont/exp.go) does: it copies
//     one entry of Exp's table of powers, reading every entry and keeping the
//     wanted one with masks, sixteen limbs (four YMM registers) at a time.
//   - montSqr1024 ... montSqr4096 compute what montSqrGeneric computes,
//     z = x·x·R⁻¹ mod m, in the separated way: the full 2n-limb square first,
//     with every product x[i]·x[j], i < j, computed once and the sum doubled,
//     then n Montgomery reduction steps (the "separated operand scanning"
//     method of the same paper, applied to a square).
//
// The sums use the two carry chains of the ADX extension: ADCX propagates
// through the carry flag only and ADOX through the overflow flag only, so the
// low halves of the MULX products and the high halves of their neighbours can
// be added into the accumulator in one sweep, as described in Intel's white
// paper "New Instructions Supporting Large Integer Arithmetic on Intel
// Architecture Processors" (Ozturk, Guilford, Gopal, Feghali, 2012).
//
// All kernels are constant time: the only branches are loop tests on the
// public length, and every address depends only on the length. The final
// reduction subtracts m unconditionally and then selects the result with
// CMOV or masks.
//
// The functions need BMI2 (MULX) and ADX; the Go code checks for them.
//
// Run it with go generate in mont.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// sizes are the modulus lengths, in 64-bit limbs, with dedicated kernels.
var sizes = []int{16, 24, 32, 48, 64}

// loopMaxLimbs is the largest length montMulLoop has stack room for. It must
// match the constant of the same name in mont/montmul_amd64.go.
const loopMaxLimbs = 130

// sqrBlock is, for each size, the width of the blocks into which montSqrN
// splits the triangle of products x[i]·x[j]; see montSqrFixed.
var sqrBlock = map[int]int{16: 8, 24: 8, 32: 8, 48: 8, 64: 8}

func main() {
	ConstraintExpr("gc,!purego")
	for _, n := range sizes {
		montMulFixed(n)
	}
	for _, n := range sizes {
		montSqrFixed(n, sqrBlock[n])
	}
	montMulLoop()
	selectAVX2()
	Generate()
}

// mem returns the memory operand off(base).
func mem(base Register, off int) Mem {
	return Mem{Base: base, Disp: off}
}

// jcxz jumps to target if RCX is zero, leaving the flags alone. JCXZ only
// reaches 127 bytes ahead, so it jumps to a JMP placed next to it. The LEAQ
// before that JMP does nothing but keep the Go assembler from retargeting
// the JCXZ straight to the far label, as it does for jumps to jumps.
func jcxz(target string) {
	near, cont := target+"_jcxz", target+"_nz"
	jcxzShort(near)
	JMP(LabelRef(cont))
	Label(near)
	LEAQ(Mem{Base: RCX}, RCX)
	JMP(LabelRef(target))
	Label(cont)
}

// paramAddr returns the memory operand of an argument of the current
// function.
func paramAddr(name string) Mem {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// jcxzShort emits JCXZ to a label at most 127 bytes ahead. avo only accepts
// a relative offset for JCXZ's rel8 operand, so the instruction is built by
// hand; the Go assembler resolves the label.
func jcxzShort(target string) {
	Instruction(&ir.Instruction{
		Opcode:        "JCXZQ",
		Operands:      []Op{LabelRef(target)},
		Inputs:        []Op{RCX},
		IsBranch:      true,
		IsConditional: true,
	})
}

// montMulFixed emits montMul<64n>: the CIOS loop over the limbs of y with
// each row fully unrolled.
//
// The accumulator t has n+1 limbs; t[0] lives in a register between rows and
// t[1..n] on the stack. A row is two sweeps over the limbs:
//
//	u = t + x·y[i]            (n+2 limbs: u[n+1] is a carry bit in a register)
//	t = (u + q·m) / 2^64      q = u[0]·m0inv, so the low limb vanishes
//
// In each sweep the carry flag chain (ADCX) adds the low product halves to
// the accumulator limbs and the overflow flag chain (ADOX) adds the high half
// of the previous product. The second sweep writes limb j to t[j-1], which is
// the division by 2^64. After every row t < 2m, so t[n] is 0 or 1.
func montMulFixed(n int) {
	name := fmt.Sprintf("montMul%d", 64*n)
	TEXT(name, 0, "func(z, x, y, m *uint64, m0inv uint64)")
	Doc(fmt.Sprintf("%s sets z = x·y·R⁻¹ mod m for R = 2^%d, like montMulGeneric with %d limbs.", name, 64*n, n),
		"It needs BMI2 and ADX. z may alias x and y.")

	t := AllocLocal(8 * (n + 1)) // t[0] is unused: that limb is t0
	x := Load(Param("x"), GP64())
	m := Load(Param("m"), GP64())
	yp := Load(Param("y"), GP64())
	m0inv := Load(Param("m0inv"), GP64())

	Comment("t = 0")
	zero := GP64()
	XORQ(zero, zero)
	for j := 1; j <= n; j++ {
		MOVQ(zero, t.Offset(8*j))
	}
	t0 := GP64()
	XORQ(t0, t0)
	rows := GP64()
	MOVQ(U32(n), rows)

	row := name + "_row"
	Label(row)
	lo, hiA, hiB := GP64(), GP64(), GP64()
	u0, top := GP64(), GP64()

	Comment("u = t + x·y[i]")
	MOVQ(Mem{Base: yp}, RDX)
	XORQ(zero, zero) // clears CF and OF
	MULXQ(mem(x, 0), u0, hiA)
	ADCXQ(t0, u0)
	prev, next := hiA, hiB
	for j := 1; j < n; j++ {
		MULXQ(mem(x, 8*j), lo, next)
		ADCXQ(t.Offset(8*j), lo)
		ADOXQ(prev, lo)
		MOVQ(lo, t.Offset(8*j))
		prev, next = next, prev
	}
	ADCXQ(t.Offset(8*n), prev)
	ADOXQ(zero, prev)
	MOVQ(prev, t.Offset(8*n))
	MOVQ(U32(0), top)
	ADCXQ(zero, top)
	ADOXQ(zero, top)

	Comment("t = (u + q·m) / 2^64")
	MOVQ(m0inv, RDX)
	IMULQ(u0, RDX)
	XORQ(zero, zero)
	MULXQ(mem(m, 0), lo, hiA)
	ADCXQ(u0, lo) // the sum is zero; only the carry matters
	prev, next = hiA, hiB
	for j := 1; j < n; j++ {
		dst := lo
		if j == 1 {
			dst = t0 // the next row needs it first: keep it in a register
		}
		MULXQ(mem(m, 8*j), dst, next)
		ADCXQ(t.Offset(8*j), dst)
		ADOXQ(prev, dst)
		if j > 1 {
			MOVQ(dst, t.Offset(8*(j-1)))
		}
		prev, next = next, prev
	}
	ADCXQ(t.Offset(8*n), prev)
	ADOXQ(zero, prev)
	if n == 1 {
		MOVQ(prev, t0)
	} else {
		MOVQ(prev, t.Offset(8*(n-1)))
	}
	ADCXQ(zero, top)
	ADOXQ(zero, top)
	MOVQ(top, t.Offset(8*n))

	ADDQ(Imm(8), yp)
	DECQ(rows)
	JNZ(LabelRef(row))

	limb := func(j int) Op {
		if j == 0 {
			return t0
		}
		return t.Offset(8 * j)
	}
	finalSubtract(n, limb, t.Offset(8*n), m)
	RET()
}

// finalSubtract writes z = t - m if t ≥ m and z = t otherwise, for t < 2m held
// in the n limbs limb(0..n-1) and the carry limb top. It first writes the
// difference to z (x and y are no longer needed, so aliasing is harmless),
// then turns the borrow into the carry flag and copies t over the
// difference with CMOV where the subtraction went below zero. Fully unrolled.
func finalSubtract(n int, limb func(int) Op, top Op, m Register) {
	Comment("z = t - m, or t if that borrows")
	z := Load(Param("z"), GP64())
	r := GP64()
	for j := 0; j < n; j++ {
		MOVQ(limb(j), r)
		if j == 0 {
			SUBQ(mem(m, 0), r)
		} else {
			SBBQ(mem(m, 8*j), r)
		}
		MOVQ(r, mem(z, 8*j))
	}
	// top - borrow borrows exactly when t < m.
	MOVQ(top, r)
	SBBQ(Imm(0), r)
	for j := 0; j < n; j++ {
		MOVQ(mem(z, 8*j), r)
		CMOVQCS(limb(j), r)
		MOVQ(r, mem(z, 8*j))
	}
}

// montSqrFixed emits montSqr<64n>. It works on a 2n-limb buffer T:
//
//  1. T = Σ_{i<j} x[i]·x[j]·2^(64(i+j)), one row per i adding x[i]·x[i+1..n-1]
//     at T[2i+1..i+n]. Row i reads the limbs written by rows before it and is
//     the first to touch T[i+n], so T starts at zero and no carry leaves a
//     row.
//  2. T = 2T + Σ x[i]²·2^(128i): sweeps doubling T on the carry flag chain
//     and adding the squares on the overflow flag chain, one for each half
//     of T; the carry out of the low half is left for step 3 to add at T[n].
//  3. n reduction rows: row i adds q·m at T[i..i+n] with q = T[i]·m0inv,
//     which clears T[i]; the carry out of T[i+n] is kept in a register and
//     added at T[i+n+1] by the next row.
//  4. z = T[n..2n-1] plus the last carry, minus m if that is at least m.
//
// For the triangle of step 1, x is cut into blocks of w limbs. The rows of
// block b are generated once, fully unrolled for the products inside the
// block (the part of a row that changes length from row to row), followed by
// a loop over the later blocks with a fully unrolled body of w products. The
// code runs once per block. With w = n the triangle is straight-line code;
// on the AMD Zen 3 it was written on, w = 8 was the fastest for every size.
func montSqrFixed(n, w int) {
	if n%w != 0 || w%2 != 0 || n%2 != 0 {
		panic("bad block width")
	}
	k := n / w
	name := fmt.Sprintf("montSqr%d", 64*n)
	TEXT(name, 0, "func(z, x, m *uint64, m0inv uint64)")
	Doc(fmt.Sprintf("%s sets z = x·x·R⁻¹ mod m for R = 2^%d, like montSqrGeneric with %d limbs.", name, 64*n, n),
		"It needs BMI2 and ADX. z may alias x.")

	T := AllocLocal(8 * 2 * n)
	x := Load(Param("x"), GP64())

	Comment("T = 0")
	zx := XMM()
	PXOR(zx, zx)
	for j := 0; j < 2*n; j += 2 {
		MOVOU(zx, T.Offset(8*j))
	}

	Comment("T = Σ x[i]·x[j]·2^(64(i+j)) over i < j")
	zero := GP64()
	XORQ(zero, zero)
	xa := GP64() // x + 8·b·w: the block b of the rows being computed
	MOVQ(x, xa)
	ta := GP64() // T + 16·b·w: where x[b·w]·x[b·w] would go
	LEAQ(T, ta)
	cross := GP64() // minus the number of blocks after block b
	if k > 1 {
		MOVQ(I32(-(k - 1)), cross)
	}
	blockLoop := name + "_block"
	if k > 1 {
		Label(blockLoop)
	}
	lo, hiA, hiB := GP64(), GP64(), GP64()
	for il := 0; il < w; il++ {
		Comment(fmt.Sprintf("row b·%d+%d", w, il))
		MOVQ(mem(xa, 8*il), RDX)
		XORQ(hiA, hiA) // the high half before the first product; clears CF and OF
		// Products inside the block, for jl = il+1 .. w-1, the last one
		// leaving its high half in hiA.
		h := w - 1 - il
		prev, next := hiA, hiB
		if h%2 == 1 {
			prev, next = hiB, hiA
		}
		for jl := il + 1; jl < w; jl++ {
			MULXQ(mem(xa, 8*jl), lo, next)
			ADCXQ(mem(ta, 8*(il+jl)), lo)
			if jl > il+1 {
				ADOXQ(prev, lo)
			}
			MOVQ(lo, mem(ta, 8*(il+jl)))
			prev, next = next, prev
		}
		tc := GP64() // T + 8·(i + j) for the first j of the next block
		LEAQ(mem(ta, 8*(il+w)), tc)
		if k > 1 {
			// Products with the later blocks.
			xc := GP64()
			LEAQ(mem(xa, 8*w), xc)
			MOVQ(cross, RCX)
			done := fmt.Sprintf("%s_cross%d_done", name, il)
			loop := fmt.Sprintf("%s_cross%d", name, il)
			jcxz(done)
			Label(loop)
			prev, next := hiA, hiB
			for e := 0; e < w; e++ {
				MULXQ(mem(xc, 8*e), lo, next)
				ADCXQ(mem(tc, 8*e), lo)
				ADOXQ(prev, lo)
				MOVQ(lo, mem(tc, 8*e))
				prev, next = next, prev
			}
			// prev is hiA again. Fold OF into it (no overflow: a high half
			// is at most 2^64-2) so that INC can count the loop: it keeps
			// CF and, counting up to zero from below, clears OF.
			ADOXQ(zero, hiA)
			LEAQ(mem(xc, 8*w), xc)
			LEAQ(mem(tc, 8*w), tc)
			INCQ(RCX)
			JNZ(LabelRef(loop))
			Label(done)
		}
		// T[i+n] has not been written yet and the row's sum fits.
		ADCXQ(zero, hiA)
		ADOXQ(zero, hiA)
		MOVQ(hiA, Mem{Base: tc})
	}
	if k > 1 {
		ADDQ(U32(8*w), xa)
		ADDQ(U32(16*w), ta)
		INCQ(cross)
		JLE(LabelRef(blockLoop))
	}

	Comment("T = 2·T + Σ x[i]²·2^(128i)")
	// Two independent sweeps over the low and the high half of T, so that
	// their carry chains can run side by side. The carry out of the low half
	// belongs at T[n]; it becomes the first carry of the reduction, which
	// adds it there. The high half cannot carry out: the square is < 2^(128n).
	c := GP64() // carry into T[i+n] during the reduction
	for half := 0; half < 2; half++ {
		XORQ(zero, zero)
		for i := half * n / 2; i < (half+1)*n/2; i++ {
			a, b := GP64(), GP64()
			MOVQ(mem(x, 8*i), RDX)
			MULXQ(RDX, lo, hiA)
			MOVQ(T.Offset(16*i), a)
			MOVQ(T.Offset(16*i+8), b)
			ADCXQ(a, a)
			ADCXQ(b, b)
			ADOXQ(lo, a)
			ADOXQ(hiA, b)
			MOVQ(a, T.Offset(16*i))
			MOVQ(b, T.Offset(16*i+8))
		}
		if half == 0 {
			MOVQ(U32(0), c)
			ADCXQ(zero, c)
			ADOXQ(zero, c)
		}
	}

	Comment("Montgomery reduction: n rows of T += q·m·2^(64i)")
	m := Load(Param("m"), GP64())
	m0inv := Load(Param("m0inv"), GP64())
	tp := GP64() // T + 8i
	LEAQ(T, tp)
	ti := GP64() // T[i], kept in a register from the previous row
	MOVQ(T.Offset(0), ti)
	rows := GP64()
	MOVQ(U32(n), rows)
	row := name + "_reduce"
	Label(row)
	MOVQ(m0inv, RDX)
	IMULQ(ti, RDX)
	XORQ(zero, zero)
	MULXQ(mem(m, 0), lo, hiA)
	ADCXQ(ti, lo) // zero; only the carry matters
	prev, next := hiA, hiB
	for j := 1; j < n; j++ {
		dst := lo
		if j == 1 {
			dst = ti // T[i+1] is the next row's T[i]
		}
		MULXQ(mem(m, 8*j), dst, next)
		ADCXQ(mem(tp, 8*j), dst)
		ADOXQ(prev, dst)
		MOVQ(dst, mem(tp, 8*j))
		prev, next = next, prev
	}
	ADCXQ(mem(tp, 8*n), prev)
	ADOXQ(c, prev)
	MOVQ(prev, mem(tp, 8*n))
	MOVQ(U32(0), c)
	ADCXQ(zero, c)
	ADOXQ(zero, c)
	ADDQ(Imm(8), tp)
	DECQ(rows)
	JNZ(LabelRef(row))

	limb := func(j int) Op { return T.Offset(8 * (n + j)) }
	finalSubtract(n, limb, c, m)
	RET()
}

// montMulLoop emits montMulLoop, the CIOS method of montMulFixed for any
// length n from 1 to loopMaxLimbs, with the sweeps as loops instead of
// straight-line code: n mod 4 limbs one at a time, then possibly four, then
// the rest eight at a time. Both carry chains stay live from one iteration to
// the next, so the loops advance their pointers and counters with LEA and
// test them with JCXZ, neither of which touches the flags.
func montMulLoop() {
	TEXT("montMulLoop", 0, "func(z, x, y, m *uint64, n int, m0inv uint64)")
	Doc("montMulLoop sets z = x·y·R⁻¹ mod m for R = 2^(64n), like montMulGeneric,",
		fmt.Sprintf("for 1 ≤ n ≤ %d. It needs BMI2 and ADX. z may alias x and y.", loopMaxLimbs))

	// t[-1] receives the limb that the second sweep shifts out.
	tm1 := AllocLocal(8 * (loopMaxLimbs + 2))
	t := tm1.Offset(8)
	rowsLeft := AllocLocal(8)
	// The sweeps take the limbs in groups of 1, 4 and 8; count holds minus
	// the number of groups of each width.
	type group struct {
		width int
		count Mem
	}
	groups := []group{{1, AllocLocal(8)}, {4, AllocLocal(8)}, {8, AllocLocal(8)}}

	n := Load(Param("n"), GP64())
	MOVQ(n, rowsLeft)
	r := GP64()
	MOVQ(n, r)
	ANDQ(Imm(3), r)
	NEGQ(r)
	MOVQ(r, groups[0].count) // -(n mod 4)
	MOVQ(n, r)
	SHRQ(Imm(2), r)
	ANDQ(Imm(1), r)
	NEGQ(r)
	MOVQ(r, groups[1].count) // -((n / 4) mod 2)
	MOVQ(n, r)
	SHRQ(Imm(3), r)
	NEGQ(r)
	MOVQ(r, groups[2].count) // -(n / 8)

	Comment("t = 0")
	zero := GP64()
	XORQ(zero, zero)
	tp := GP64()
	LEAQ(t, tp)
	MOVQ(n, RCX)
	Label("montMulLoop_zero")
	MOVQ(zero, Mem{Base: tp})
	ADDQ(Imm(8), tp)
	DECQ(RCX)
	JNS(LabelRef("montMulLoop_zero")) // n+1 limbs

	yp := Load(Param("y"), GP64())
	ap := GP64() // x in the first sweep, m in the second
	lo, hiA, hiB := GP64(), GP64(), GP64()
	top := GP64()

	// sweep emits the loops over the n limbs of a sweep: ap and tp point at
	// limb 0 of their vectors, RDX holds the multiplier, hiA = 0 and the
	// flags are clear. Limb j of the sum is stored to t[j], or to t[j-1] if
	// shift is set. On return ap and tp point at limb n, and hiA holds the
	// high half still to be added there along with both flags.
	sweep := func(label string, shift bool) {
		d := 0
		if shift {
			d = -8
		}
		// One loop per width: n mod 4 limbs one at a time, then at most one
		// group of four, then groups of eight. Each body ends with hiA
		// holding the pending high half, as it started.
		for _, g := range groups {
			done := fmt.Sprintf("%s_%d_done", label, g.width)
			loop := fmt.Sprintf("%s_%d", label, g.width)
			MOVQ(g.count, RCX)
			if g.width == 1 {
				jcxzShort(done)
			} else {
				jcxz(done)
			}
			Label(loop)
			prev, next := hiA, hiB
			for e := 0; e < g.width; e++ {
				MULXQ(mem(ap, 8*e), lo, next)
				ADCXQ(mem(tp, 8*e), lo)
				ADOXQ(prev, lo)
				MOVQ(lo, mem(tp, 8*e+d))
				prev, next = next, prev
			}
			if g.width == 1 {
				MOVQ(hiB, hiA)
			}
			LEAQ(mem(ap, 8*g.width), ap)
			LEAQ(mem(tp, 8*g.width), tp)
			LEAQ(mem(RCX, 1), RCX)
			jcxzShort(done)
			JMP(LabelRef(loop))
			Label(done)
		}
	}

	Label("montMulLoop_row")
	Comment("u = t + x·y[i]")
	MOVQ(Mem{Base: yp}, RDX)
	Load(Param("x"), ap)
	LEAQ(t, tp)
	XORQ(hiA, hiA)
	sweep("montMulLoop_mul", false)
	ADCXQ(Mem{Base: tp}, hiA)
	ADOXQ(zero, hiA)
	MOVQ(hiA, Mem{Base: tp})
	MOVQ(U32(0), top)
	ADCXQ(zero, top)
	ADOXQ(zero, top)

	Comment("t = (u + q·m) / 2^64")
	MOVQ(t, RDX)
	IMULQ(paramAddr("m0inv"), RDX)
	Load(Param("m"), ap)
	LEAQ(t, tp)
	XORQ(hiA, hiA)
	sweep("montMulLoop_red", true)
	ADCXQ(Mem{Base: tp}, hiA)
	ADOXQ(zero, hiA)
	MOVQ(hiA, mem(tp, -8))
	ADCXQ(zero, top)
	ADOXQ(zero, top)
	MOVQ(top, Mem{Base: tp})

	ADDQ(Imm(8), yp)
	DECQ(rowsLeft)
	JNZ(LabelRef("montMulLoop_row"))

	Comment("z = t - m, or t if that borrows")
	z := Load(Param("z"), GP64())
	m := Load(Param("m"), GP64())
	LEAQ(t, tp)
	Load(Param("n"), RCX)
	NEGQ(RCX)
	CLC() // NEG set it
	Label("montMulLoop_sub")
	MOVQ(Mem{Base: tp}, r)
	SBBQ(Mem{Base: m}, r)
	MOVQ(r, Mem{Base: z})
	LEAQ(mem(tp, 8), tp)
	LEAQ(mem(m, 8), m)
	LEAQ(mem(z, 8), z)
	INCQ(RCX)
	JNZ(LabelRef("montMulLoop_sub"))
	// tp points at t[n]; top - borrow borrows exactly when t < m.
	MOVQ(Mem{Base: tp}, r)
	SBBQ(Imm(0), r)
	mask := GP64()
	MOVQ(U32(0), mask)
	SBBQ(Imm(0), mask) // all ones to keep t

	Load(Param("z"), z)
	LEAQ(t, tp)
	Load(Param("n"), RCX)
	Label("montMulLoop_select")
	MOVQ(Mem{Base: z}, r)   // t - m
	MOVQ(Mem{Base: tp}, lo) // t
	XORQ(r, lo)
	ANDQ(mask, lo)
	XORQ(lo, r)
	MOVQ(r, Mem{Base: z})
	ADDQ(Imm(8), tp)
	ADDQ(Imm(8), z)
	DECQ(RCX)
	JNZ(LabelRef("montMulLoop_select"))
	RET()
}

// selectAVX2 emits selectAVX2, the AVX2 version of selectEntryGeneric: z =
// entry k of a table of count entries of n limbs each, in constant time.
// For each block of sixteen limbs (four YMM registers) it walks down the
// whole table, comparing a running entry counter with k (VPCMPEQQ gives all
// ones on the wanted entry and zeros elsewhere) and ORing each entry ANDed
// with that mask into four accumulators; an odd eight-limb block at the end
// of each entry gets a pass of its own with two. Every entry is read
// whatever k is, and the passes depend only on n.
func selectAVX2() {
	TEXT("selectAVX2", NOSPLIT, "func(z, table *uint64, n, count int, k uint64)")
	Doc("selectAVX2 sets z to entry k of table, count entries of n limbs, like",
		"selectEntryGeneric. n must be a positive multiple of 8 and count positive.",
		"It needs AVX2.")
	z := Load(Param("z"), GP64())
	tbl := Load(Param("table"), GP64())
	stride := Load(Param("n"), GP64())
	SHLQ(U8(3), stride) // bytes per entry
	count := Load(Param("count"), GP64())

	kv, ones := YMM(), YMM()
	VPBROADCASTQ(paramAddr("k"), kv)
	one := GP64()
	MOVQ(U32(1), one)
	MOVQ(one, ones.AsX())
	VPBROADCASTQ(ones.AsX(), ones)

	blk := GP64() // byte offset of the current block within an entry
	XORQ(blk, blk)
	acc := []VecVirtual{YMM(), YMM(), YMM(), YMM()}
	idx, mask, t := YMM(), YMM(), YMM()
	p, i := GP64(), GP64()

	// pass emits one walk down the table for the block of 32·w bytes at
	// offset blk, leaving blk at the next block.
	pass := func(label string, w int) {
		for _, a := range acc[:w] {
			VPXOR(a, a, a)
		}
		VPXOR(idx, idx, idx)
		LEAQ(Mem{Base: tbl, Index: blk, Scale: 1}, p)
		MOVQ(count, i)
		Label(label)
		VPCMPEQQ(kv, idx, mask)
		for e, a := range acc[:w] {
			VPAND(Mem{Base: p, Disp: 32 * e}, mask, t)
			VPOR(t, a, a)
		}
		VPADDQ(ones, idx, idx)
		ADDQ(stride, p)
		DECQ(i)
		JNZ(LabelRef(label))
		for e, a := range acc[:w] {
			VMOVDQU(a, Mem{Base: z, Index: blk, Scale: 1, Disp: 32 * e})
		}
		ADDQ(U8(32*w), blk)
	}

	Label("select_wide")
	LEAQ(Mem{Base: blk, Disp: 128}, p)
	CMPQ(p, stride)
	JA(LabelRef("select_narrow"))
	pass("select_entry4", 4)
	JMP(LabelRef("select_wide"))

	Label("select_narrow")
	CMPQ(blk, stride)
	JAE(LabelRef("select_done"))
	pass("select_entry2", 2)

	Label("select_done")
	VZEROUPPER()
	RET()
}
