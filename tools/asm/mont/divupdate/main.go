// Command divupdate generates mont/internal/limbs/divupdate_amd64.s, the
// matrix updates of the divsteps inversions (mont/internal/limbs/invct.go
// and invvar.go) for 5, 7 and 9 signed62 limbs: P-256, P-384 and P-521.
//
// updateDEFG5, updateDEFG7 and updateDEFG9 compute exactly what
//
//	updateDE(d, e, *t, m, minv, N)
//	updateFG(f, g, *t, N)
//
// (invvar.go) compute, limb for limb, for N = 5, 7, 9: with the matrix
// t = [u v; q r] of one batch of 62 divsteps (Bernstein and Yang, "Fast
// constant-time gcd computation and modular inversion", 2019, in the
// signed62 representation and with the update of the cofactors modulo m
// of libsecp256k1's safegcd implementation),
//
//	(f, g) = t·(f, g)/2^62                 (an exact division)
//	(d, e) = (t·(d, e) + (md, me)·m)/2^62  (md, me chosen to make it exact)
//
// Every sum is a signed 128-bit accumulator in two registers, hi:lo, as the
// i128 type of invvar.go: each product u·x[i] is a one-operand IMULQ, the
// signed 64×64→128-bit multiplication into DX:AX, added with ADDQ/ADCQ;
// after each limb the low 62 bits of lo go to memory (the limb i−1 of the
// result) and the accumulator is shifted right by 62: lo = lo>>62 + 4·hi
// (SHRQ, then LEAQ with the index scaled by 4; the two parts do not overlap,
// so the sum is the OR of i128.shr62) and SARQ on hi. SHRQ with two
// registers (SHRD) would do the first part in one instruction, but it
// costs about two cycles of throughput on Zen 3, against a fraction of one
// for SHRQ and LEAQ, and the kernels are bound by throughput. All of it is
// arithmetic modulo 2^128, like i128's, so the results are identical to the
// Go code's for any inputs.
//
// The f, g pass comes first: the next batch of divsteps needs only the new
// f[0] and g[0], which it can then start on while the d, e pass, which no
// divstep waits for, is still in flight. Each pass runs its two chains (f
// and g, then d and e) interleaved, limb by limb, so that the multiplier
// always has an independent product to start; the two passes are
// independent too and the out-of-order core overlaps them. (Four chains at
// once need more registers than there are; summing each limb's products
// apart from the running carry, which shortens the serial path, measured
// slower: the extra additions cost more than the latency they save.)
//
// The corrections md and me of updateDE are computed without branches: the
// signs of d and e (the top limbs shifted right arithmetically by 63) are
// masks ANDed with the matrix entries, and −(minv·cd + md) mod 2^62 comes
// from a two-operand IMULQ (the low half of the product) and an AND with
// 2^62 − 1. The kernels are constant time: no branch at all, and every
// address depends on the limb count only.
//
// Registers. The f, g pass: DI and SI point to f and g; BX, R12, R13 and CX
// hold u, v, q and r; R8:R9 and R10:R11 are the accumulators of f and g
// (lo:hi). The d, e pass: DI, SI, BX and CX point to d, e, m and t (whose
// entries are IMULQ memory operands); R8:R9 and R10:R11 accumulate d and e;
// R12 and R13 hold md and me. R14 holds 2^62 − 1 throughout; AX and DX take
// the products and AX also the masked limbs on their way to memory. BP,
// R15 and the stack are never used. The only instructions are baseline
// amd64 (no BMI2, no ADX).
//
// The arguments pd, pe, pf and pg point to d, e, f and g (g, the goroutine
// register of Go's assembler, cannot name an argument); these outputs must
// not overlap each other, m or t (InvertCT, their only caller, passes
// distinct local arrays; InvertVarTime keeps the Go updates, as it shrinks
// f and g as they lose limbs).
//
// Run it with go generate in mont/internal/limbs.
package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/args"
	"github.com/crypton-go/crypton/tools/asm/internal/limbs"
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const mask62 = 1<<62 - 1

func main() {
	ConstraintExpr("gc,!purego")
	for _, n := range []int{5, 7, 9} {
		updateDEFG(n)
	}
	Generate()
}

// acc is a signed 128-bit accumulator lo:hi.
type acc struct{ lo, hi GPPhysical }

// set emits a = x·y for the signed x and y: x is moved into AX, y is a
// register or memory operand.
func (a acc) set(x, y Op) {
	MOVQ(x, RAX)
	IMULQ(y)
	MOVQ(RAX, a.lo)
	MOVQ(RDX, a.hi)
}

// add emits a += x·y for the signed x and y, modulo 2^128.
func (a acc) add(x, y Op) {
	MOVQ(x, RAX)
	IMULQ(y)
	ADDQ(RAX, a.lo)
	ADCQ(RDX, a.hi)
}

// shr62 emits a >>= 62, rounding toward −∞ (i128.shr62).
func (a acc) shr62() {
	SHRQ(U8(62), a.lo)
	LEAQ(Mem{Base: a.lo, Index: a.hi, Scale: 4}, a.lo)
	SARQ(U8(62), a.hi)
}

// store62 emits the store of the low 62 bits of a into dst, through AX;
// mask is 2^62 − 1 (a register or memory operand).
func (a acc) store62(mask Op, dst Mem) {
	MOVQ(a.lo, RAX)
	ANDQ(mask, RAX)
	MOVQ(RAX, dst)
}

// chain is the computation of one output (f, g, d or e).
type chain struct {
	acc acc
	out GPPhysical // the output's address
	// terms are the products of limb i: x·y pairs.
	terms func(i int) [][2]Op
}

// pass emits one update of two interleaved chains over n limbs: limb i of
// each adds its terms(i) to the accumulator; its low 62 bits go to limb
// i − 1 of the output and the rest, shifted down, stays for limb i + 1;
// the last limb is stored whole. fix0, if not nil, is emitted after all
// but the last terms of limb 0 (for the corrections of updateDE, which
// make the last terms).
func pass(n int, c [2]*chain, mask Op, fix0 func()) {
	for i := 0; i < n; i++ {
		if i > 0 {
			Comment(fmt.Sprintf("limb %d", i))
		}
		terms := [2][][2]Op{c[0].terms(i), c[1].terms(i)}
		late := 0
		if i == 0 && fix0 != nil {
			late = 1
		}
		for j := range len(terms[0]) - late {
			for k := range 2 {
				x, y := terms[k][j][0], terms[k][j][1]
				if i == 0 && j == 0 {
					c[k].acc.set(x, y)
				} else {
					c[k].acc.add(x, y)
				}
			}
		}
		if late > 0 {
			fix0()
			for k := range 2 {
				t := terms[k][len(terms[k])-1]
				c[k].acc.add(t[0], t[1])
			}
		}
		if i > 0 {
			for k := range 2 {
				c[k].acc.store62(mask, limbs.Limb(Mem{Base: c[k].out}, i-1))
			}
		}
		for k := range 2 {
			c[k].acc.shr62()
		}
	}
	for k := range 2 {
		MOVQ(c[k].acc.lo, limbs.Limb(Mem{Base: c[k].out}, n-1))
	}
}

// updateDEFG emits updateDEFG<n>.
func updateDEFG(n int) {
	name := fmt.Sprintf("updateDEFG%d", n)
	TEXT(name, NOSPLIT, "func(pd, pe, pf, pg *[10]int64, t *[4]int64, m *[10]int64, minv uint64)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s does updateDE(pd, pe, *t, m, minv, %d) and then updateFG(pf, pg, *t, %d).", name, n, n))

	a, b := acc{R8, R9}, acc{R10, R11}
	mask := GPPhysical(R14)
	MOVQ(U64(mask62), mask)

	Comment("(f, g) = t·(f, g)/2^62; u, v, q, r in BX, R12, R13, CX")
	fp, gp := GPPhysical(RDI), GPPhysical(RSI)
	u, v, q, r := GPPhysical(RBX), GPPhysical(R12), GPPhysical(R13), GPPhysical(RCX)
	Load(Param("pf"), fp)
	Load(Param("pg"), gp)
	Load(Param("t"), RCX)
	MOVQ(Mem{Base: RCX}, u)
	MOVQ(Mem{Base: RCX, Disp: 8}, v)
	MOVQ(Mem{Base: RCX, Disp: 16}, q)
	MOVQ(Mem{Base: RCX, Disp: 24}, r)
	cf := &chain{acc: a, out: fp, terms: func(i int) [][2]Op {
		return [][2]Op{{limbs.Limb(Mem{Base: fp}, i), u}, {limbs.Limb(Mem{Base: gp}, i), v}}
	}}
	cg := &chain{acc: b, out: gp, terms: func(i int) [][2]Op {
		return [][2]Op{{limbs.Limb(Mem{Base: fp}, i), q}, {limbs.Limb(Mem{Base: gp}, i), r}}
	}}
	pass(n, [2]*chain{cf, cg}, mask, nil)

	Comment("(d, e) = (t·(d, e) + (md, me)·m)/2^62; md, me in R12, R13")
	dp, ep, mp, tp := GPPhysical(RDI), GPPhysical(RSI), GPPhysical(RBX), GPPhysical(RCX)
	md, me := GPPhysical(R12), GPPhysical(R13)
	tu, tv, tq, tr := limbs.Limb(Mem{Base: tp}, 0), limbs.Limb(Mem{Base: tp}, 1), limbs.Limb(Mem{Base: tp}, 2), limbs.Limb(Mem{Base: tp}, 3)
	Load(Param("pd"), dp)
	Load(Param("pe"), ep)
	Load(Param("m"), mp)
	Load(Param("t"), tp)
	Comment("md = u·[d < 0] + v·[e < 0], me = q·[d < 0] + r·[e < 0]")
	sd, se, x := R8, R9, R10
	MOVQ(limbs.Limb(Mem{Base: dp}, n-1), sd)
	SARQ(U8(63), sd)
	MOVQ(limbs.Limb(Mem{Base: ep}, n-1), se)
	SARQ(U8(63), se)
	for _, c := range []struct {
		x      GPPhysical
		ud, ue Mem
	}{{md, tu, tv}, {me, tq, tr}} {
		MOVQ(c.ud, c.x)
		ANDQ(sd, c.x)
		MOVQ(c.ue, x)
		ANDQ(se, x)
		ADDQ(x, c.x)
	}
	cd := &chain{acc: a, out: dp, terms: func(i int) [][2]Op {
		return [][2]Op{{limbs.Limb(Mem{Base: dp}, i), tu}, {limbs.Limb(Mem{Base: ep}, i), tv}, {md, limbs.Limb(Mem{Base: mp}, i)}}
	}}
	ce := &chain{acc: b, out: ep, terms: func(i int) [][2]Op {
		return [][2]Op{{limbs.Limb(Mem{Base: dp}, i), tq}, {limbs.Limb(Mem{Base: ep}, i), tr}, {me, limbs.Limb(Mem{Base: mp}, i)}}
	}}
	pass(n, [2]*chain{cd, ce}, mask, func() {
		Comment("md −= (minv·cd + md) mod 2^62, me likewise")
		for _, c := range []struct {
			x GPPhysical
			a acc
		}{{md, a}, {me, b}} {
			MOVQ(args.Addr("minv"), RAX)
			IMULQ(c.a.lo, RAX)
			ADDQ(c.x, RAX)
			ANDQ(mask, RAX)
			SUBQ(RAX, c.x)
		}
	})
	RET()
}
