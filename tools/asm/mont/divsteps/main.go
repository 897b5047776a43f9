// Command divsteps generates mont/internal/limbs/divsteps_amd64.s:
// divsteps62CTAsm, the 62 constant-time hddivsteps of one batch of
// Field.InvertCT, computing exactly what divsteps62CT
// (mont/internal/limbs/invct.go) computes: the new zeta and the transition
// matrix [u v; q r] of the divsteps of Bernstein and Yang ("Fast
// constant-time gcd computation and modular inversion", 2019) in the
// half-delta form of Wuille's safegcd-bounds. The package's tests compare
// the two on random, edge and chained inputs.
//
// # Packed rows
//
// Every operation of a divstep on the f row (f, u, v) and the g row (g, q,
// r) is the same linear operation on each of the three entries: add the f
// row to the g row or subtract it, copy the g row into the f row, and scale.
// So each row is packed into one 64-bit register, and one instruction
// updates f, u and v (or g, q, r) at once:
//
//	F = u + v·2^32 + 2^c·(u·f₀ + v·g₀)   (mod 2^64)
//	G = q + r·2^32 + 2^c·(q·f₀ + r·g₀)
//
// where f₀, g₀ are f and g at the start of a run of n divsteps, u·f₀ + v·g₀ =
// 2^i·f and q·f₀ + r·g₀ = 2^i·g after i of them, and c = 64 − n. A divstep
// halves g and doubles u and v; in the packed form the g row keeps its scale
// and the whole f row doubles instead (both rows then hold 2^i times the
// current f and g, which changes no decision), so F and G start as
// (f₀ << c) + 1 and (g₀ << c) + 2^32 and no shift ever crosses a field.
// The low bit of g after i divsteps is bit c + i of G, up to the borrow of
// the signed q + r·2^32 below it, whose absolute value is at most 2^(32+i)
// (|q| + |r| ≤ 2^i after i divsteps): adding H = 2^h with 32 + i < h < c + i
// first makes the low part non-negative without reaching bit c + i, so the
// bit is exact. One H serves ten or eleven divsteps; the generator loads
// the next one when the window moves past it. After n divsteps the f field
// has left the register (c + n = 64), |u|, |v|, |q|, |r| ≤ 2^n < 2^31, and
// u = int32(F), v = (F − u) >> 32, and likewise q, r from G.
//
// The fields hold n divsteps for n ≤ 30 (the window above needs c ≥ 34), so
// the 62 run in three batches of 21, 21 and 20 from the same zeta; between
// batches f and g advance by the batch's matrix on the full 64-bit words,
// f' = (u·f + v·g) >> n, which leaves 64 − n correct low bits (22 after the
// second batch, for 20 divsteps), and the matrices multiply into the result,
// which the first batch stores in *t and the later ones update there.
//
// # One divstep
//
// The register z holds zeta + 1 between divsteps (one INCQ before the
// first, one DECQ after the last), so that the DECQ that makes it zeta
// leaves zeta's sign in the flags for the first selection. In constant
// time (no branch, and every address fixed):
//
//	z    = z − 1 (zeta; SF = zeta < 0)       DECQ
//	Y    = zeta < 0 ? G − F : G + F          LEAQ; MOVQ, SUBQ; CMOVQMI
//	odd  = bit c+i of G + H                  LEAQ, SHLQ (SF); TESTQ for bit 63
//	Y    = odd ? Y : G                       CMOVQPL
//	swap = odd && zeta < 0                   ANDQ z into the shifted test word (SF)
//	F    = 2·(swap ? G : F)                  CMOVQMI, LEAQ
//	z    = swap ? ~zeta : zeta               SARQ $63 of the swap word, XORQ
//
// (~zeta = −zeta − 2 + 1 and zeta = (zeta − 1) + 1: the next divstep's
// zeta plus one), and Y becomes G: the registers rotate rather than move.
// That is 13 instructions per divstep, one of them a register copy, against
// about 40 in Go's compilation of divsteps62CT, and only baseline amd64
// (CMOV is part of it). On Zen 3 a divstep takes about five cycles, set by
// the chain from g's low bit through swap to the next divstep's selection,
// and by the scheduling of the conditional moves on it, more than by the
// instruction count: adding independent instructions to each divstep does
// not slow it down. Variants measured and left out, none faster: masks
// instead of conditional moves (about 18 instructions, 1.5 times slower),
// selecting with six conditional moves (1.15 times slower), halving the g
// row with SARQ (four batches of at most 20), and precomputing both zeta
// candidates or keeping H inside G to shorten the chain by a cycle (no
// faster).
//
// Run it with go generate in mont/internal/limbs.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// batches are the lengths of the runs of divsteps; they add up to 62.
var batches = []int{21, 21, 20}

// vBit is the position of the v (and r) field; u and q take the bits below.
const vBit = 32

func main() {
	ConstraintExpr("gc,!purego")
	divsteps()
	Generate()
}

func divsteps() {
	TEXT("divsteps62CTAsm", NOSPLIT, "func(zeta int64, f0, g0 uint64, t *[4]int64) int64")
	Pragma("noescape")
	Doc("divsteps62CTAsm computes what divsteps62CT computes and stores the matrix in t.")

	z, f, g := GP64(), GP64(), GP64()
	Load(Param("zeta"), z)
	Load(Param("f0"), f)
	Load(Param("g0"), g)
	INCQ(z) // z holds zeta + 1 between divsteps
	total := 0
	for j, n := range batches {
		total += n
		c := 64 - n
		Comment(fmt.Sprintf("Batch %d: %d divsteps on F = (f << %d) + 1, G = (g << %d) + 2^%d", j, n, c, c, vBit))
		xf, xg := GP64(), GP64()
		MOVQ(f, xf)
		SHLQ(U8(c), xf)
		INCQ(xf)
		MOVQ(g, xg)
		SHLQ(U8(c), xg)
		BTSQ(U8(vBit), xg)
		var h GPVirtual
		hExp := 0
		for i := range n {
			k := c + i // g's low bit
			if hExp < vBit+1+i {
				hExp = k - 1
				h = GP64()
				MOVQ(U64(uint64(1)<<hExp), h)
			}
			xf, xg = step(z, xf, xg, h, k)
		}

		Comment("u = int32(F), v = (F − u) >> 32; q, r likewise from G")
		u, q := GP64(), GP64()
		MOVLQSX(xf.As32(), u)
		SUBQ(u, xf)
		SARQ(U8(vBit), xf)
		v := xf
		MOVLQSX(xg.As32(), q)
		SUBQ(q, xg)
		SARQ(U8(vBit), xg)
		r := xg

		if j < len(batches)-1 {
			Comment(fmt.Sprintf("f, g = (u·f + v·g) >> %d, (q·f + r·g) >> %d", n, n))
			nf, ng := lin(u, f, v, g), lin(q, f, r, g)
			SARQ(U8(n), nf)
			SARQ(U8(n), ng)
			f, g = nf, ng
		}

		p := GP64()
		Load(Param("t"), p)
		mu, mv := Mem{Base: p}, Mem{Base: p, Disp: 8}
		mq, mr := Mem{Base: p, Disp: 16}, Mem{Base: p, Disp: 24}
		if j == 0 {
			MOVQ(u, mu)
			MOVQ(v, mv)
			MOVQ(q, mq)
			MOVQ(r, mr)
			continue
		}
		Comment("t = [u v; q r]·t")
		nu, nv := lin(u, mu, v, mq), lin(u, mv, v, mr)
		nq, nr := lin(q, mu, r, mq), lin(q, mv, r, mr)
		MOVQ(nu, mu)
		MOVQ(nv, mv)
		MOVQ(nq, mq)
		MOVQ(nr, mr)
	}
	if total != 62 {
		panic("divsteps: batches must add up to 62")
	}
	DECQ(z)
	Store(z, ReturnIndex(0))
	RET()
}

// lin returns a new register holding a·x + b·y (mod 2^64).
func lin(a Register, x Op, b Register, y Op) GPVirtual {
	d, t := GP64(), GP64()
	MOVQ(a, d)
	IMULQ(x, d)
	MOVQ(b, t)
	IMULQ(y, t)
	ADDQ(t, d)
	return d
}

// step emits one hddivstep on z = zeta + 1 and the packed rows xf, xg,
// whose g has its low bit at bit k of xg + h. It leaves the next zeta + 1 in
// z and returns the registers that hold the new f row and g row.
func step(z, xf, xg, h GPVirtual, k int) (GPVirtual, GPVirtual) {
	t, y, w := GP64(), GP64(), GP64()
	LEAQ(Mem{Base: xg, Index: h, Scale: 1}, t)  // bit k of t is g's low bit
	LEAQ(Mem{Base: xg, Index: xf, Scale: 1}, y) // g + f
	MOVQ(xg, w)
	SUBQ(xf, w)   // g − f
	DECQ(z)       // zeta; SF = zeta < 0
	CMOVQMI(w, y) // zeta < 0: g − f
	if k < 63 {
		SHLQ(U8(63-k), t) // SF = g odd
	} else {
		TESTQ(t, t)
	}
	CMOVQPL(xg, y) // g even: g unchanged
	ANDQ(z, t)     // SF = swap: g odd and zeta < 0
	CMOVQMI(xg, xf)
	LEAQ(Mem{Base: xf, Index: xf, Scale: 1}, xf)
	SARQ(U8(63), t) // swap mask
	XORQ(t, z)      // swap ? ~zeta : zeta, the next zeta + 1
	return xf, y
}
