// Command mlkemarm64 generates pq/internal/mlkem/ntt_arm64.s: the
// number-theoretic transform of ML-KEM (FIPS 203, section 4.3), the products
// in its domain and the rejection sampling of Algorithm 7, with the 128-bit
// Advanced SIMD (NEON) instructions of arm64.
//
// nttNEON mirrors nttGeneric (FIPS 203, Algorithm 9), inverseNTTNEON
// mirrors inverseNTTGeneric (Algorithm 10) and dotNTTNEON mirrors
// dotNTTGeneric (the sums of the products of Algorithms 11 and 12), all in
// pq/internal/mlkem/ntt.go; rejSampleNEON mirrors rejSampleGeneric in
// pq/internal/mlkem/sample.go. Inputs and outputs are the same as theirs:
// coefficients fully reduced into [0, q), in the order FIPS 203 numbers
// them.
//
// # Arithmetic
//
// Coefficients are signed 16-bit values, eight to a register. A product
// with a constant z is a Barrett multiplication, as in Becker, Hwang,
// Kannwischer, Yang and Yang, "Neon NTT: Faster Dilithium, Kyber, and Saber
// on Cortex-A72 and Apple M1" (TCHES 2022/1): with z taken in
// [−(q−1)/2, (q−1)/2] and z' = round(z·2¹⁵/q) stored beside it,
//
//	h = SQRDMULH(a, z') = round(a·z'/2¹⁵)   (≈ a·z/q)
//	c = MUL(a, z) − MUL(h, q)  mod 2¹⁶     (MUL, then MLS)
//
// is a·z − h·q ≡ a·z (mod q). Since |z' − z·2¹⁵/q| ≤ 1/2 and the rounding of
// SQRDMULH adds at most 1/2, |h − a·z/q| ≤ 1/2 + |a|/2¹⁶, so
//
//	|c| ≤ q/2 + q·|a|/2¹⁶ < q   for every 16-bit a,
//
// and c, below 2¹⁵ in absolute value, is exactly what the 16-bit MUL and MLS
// leave. |z'| ≤ 2¹⁴, so SQRDMULH never saturates. A reduction of a itself
// (z = 1) needs no MUL: h = SQRDMULH(a, 10), 10 = round(2¹⁵/q), and
// c = a − h·q, with |c| ≤ q/2 + 522·|a|/2¹⁵ (10·q − 2¹⁵ = 522). A value in
// (−q, q) is mapped to [0, q) by UMIN(c, c + q) on unsigned lanes: for
// c ≥ 0 the first is smaller, for c < 0 the second (c itself reads as at
// least 2¹⁶ − q).
//
// # Bounds
//
// The generator tracks a bound on |x| for every register holding
// coefficients, through every butterfly, reduction and transposition it
// emits (ntt.go), and stops with an error if one could leave the signed
// 16-bit range; the bounds are written beside each layer in the generated
// file. With inputs in [0, q), |x| ≤ 3328:
//
//   - Forward (Cooley-Tukey butterflies a ± z·b): each layer adds the
//     product bound q/2 + q·|b|/2¹⁶ to the bound: 5161, 7087, 9111, 11238,
//     13473, 15821 and 18289 after the seven layers, below 2¹⁵ with no
//     reduction in between. The outputs are reduced (to |x| ≤ 1955) and
//     mapped to [0, q) before they are stored.
//   - Inverse (Gentleman-Sande butterflies (a + b, z·(b − a))): sums double
//     while products stay below q/2 + q·|b − a|/2¹⁶, so some sums are
//     reduced. In each 32-coefficient block, after the seventh and sixth
//     layers (sums up to 6656, then 13312) the first transposed register,
//     the only one holding sums of four, is reduced (to 1876); after the
//     fifth and fourth (8008, then 16016) the first register of the block
//     is (to 1919). The blocks are stored with bounds 1919, 4142, 2478 and
//     2478 on their four registers. In the last three layers the sums reach
//     16568 after the second layer in the columns of the second register,
//     whose registers 0 and 4 the first layer adds: register 0 is reduced
//     (to 1928) there, and in no other column, where the sum stays below
//     2¹⁵. The first layer computes (a + b)·128⁻¹ and (b − a)·ζ·128⁻¹ with
//     Barrett multiplications, whose results (at most 2671) are mapped to
//     [0, q).
//   - Products (dotNTTNEON): a0·b0 + a1·(b1·γ) and a0·b1 + a1·b0 are summed
//     exactly in 32-bit lanes with SMLAL/SMLAL2, b1·γ a Barrett product of
//     at most 1833: each term of a sum is below 3328·(3328 + 1833), and for
//     k ≤ 4 the sums are at most 68703232 < 2³¹ in absolute value. They are
//     reduced with the 32-bit SQRDMULH by 645084 = round(2³¹/q), whose
//     error is 988 = |645084·q − 2³¹| per 2³¹, to |c| ≤ q/2 + 988·|x|/2³¹,
//     at most 1696, then narrowed to 16 bits with UZP1, the multiple of q
//     subtracted with the 16-bit MLS, and mapped to [0, q). (The 32-bit sums
//     have room for up to 124 terms.)
//
// # Layout
//
// Registers hold eight consecutive coefficients. The first three layers
// (distances 128, 64, 32) work on two columns of eight registers, the
// coefficients j + 32m (m = 0..7) for two adjacent j, so their butterflies
// pair whole registers, with the seven twiddle factors in lanes of two
// constant registers (the by-element forms of MUL and SQRDMULH). The last
// four layers work on blocks of 32 coefficients, four registers R0..R3, two
// blocks at a time: the fourth and fifth layers (distances 16, 8) pair
// R0-R2, R1-R3 and R0-R1, R2-R3 with one factor per pair; then the block is
// transposed as a 4×4 matrix of 32-bit cells (coefficient pairs) with
// TRN1/TRN2 on words and doublewords, after which register Tj holds the
// pairs 4i + j (i = 0..3) and the sixth and seventh layers (distances 4, 2)
// pair T0-T2, T1-T3 and T0-T1, T2-T3 with a factor per 32-bit lane. ST4 on
// words stores the transposed registers in their natural order, so no
// second transposition is needed; the inverse transform loads with LD4 in
// the same way, runs the layers in the opposite order and transposes back
// before its fifth and fourth layers. Every factor comes from a table
// written by this generator from ζ = 17.
//
// dotNTTNEON loads sixteen coefficients with LD2, which splits them into
// the eight a0 and the eight a1 of their pairs (likewise b), sums the
// products of two such chunks at a time over the k terms, and stores the
// reduced sums with ST2, which interleaves them again.
//
// rejSampleNEON turns 24 bytes into sixteen 12-bit candidates per step:
// TBL spreads bytes 3t..3t+2 into two 16-bit lanes, an AND keeps the low
// twelve bits of the even lanes and a shift by four the high twelve of the
// odd ones. CMHI against q marks those to keep; the marks, weighted by
// powers of two and summed with ADDV, index a table of TBL patterns that
// packs the kept candidates to the front, and a table of their numbers.
// The data is public (derived from ρ), so indexing tables with it is safe.
//
// # Encoding
//
// Go's arm64 assembler has no vector integer multiplies, so MUL, MLS,
// SQRDMULH, SMLAL/SMLAL2 and CMHI are emitted as WORD directives by the
// encoder of tools/asm/internal/neon, each with the instruction in the Arm
// syntax in a trailing comment; that package's TestEncodingsLLVM checks
// every form the encoder produces, and every word in the generated file,
// against llvm-mc. Everything else is written in Go's syntax, whose
// operands come in the reverse of the Arm order: "VSUB V1.H8, V2.H8,
// V3.H8" is SUB V3.8H, V2.8H, V1.8H.
//
// Nothing branches on, or indexes memory with, coefficients: the loops
// depend on k and the sizes only. rejSampleNEON's branches and table
// indexes depend on its data, which is public.
//
// The go:generate directive is in pq/internal/mlkem/ntt.go, beside the one
// of the AMD64 generator, so that go generate rebuilds both on any host:
//
//	go generate ./pq/internal/mlkem
//
// TestCheckedIn fails while the file there differs from the generator's
// output.
package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

func main() { neon.Main(generate) }

// generate returns the text of ntt_arm64.s.
func generate() []byte {
	return newGenerator().run().Bytes()
}

// Constants of ML-KEM and of the arithmetic above.
const (
	q       = 3329
	zeta    = 17
	invN    = 3303   // 128⁻¹ mod q
	reduceV = 10     // round(2¹⁵/q)
	dotV    = 645084 // round(2³¹/q)
	maxK    = 4      // the largest k of ML-KEM, for the bound of dotNTTNEON
)

// zetas[i] = ζ^BitRev₇(i) mod q and gammas[i] = ζ^(2·BitRev₇(i)+1) mod q, as
// in pq/internal/mlkem.
var zetas, gammas [128]int

func init() {
	var pow [256]int
	pow[0] = 1
	for e := 1; e < 256; e++ {
		pow[e] = pow[e-1] * zeta % q
	}
	for i := range 128 {
		r := 0
		for b := range 7 {
			r |= (i >> b & 1) << (6 - b)
		}
		zetas[i] = pow[r]
		gammas[i] = pow[2*r+1]
	}
}

// floorDiv is ⌊a/b⌋ for b > 0.
func floorDiv(a, b int) int {
	d := a / b
	if a%b != 0 && a < 0 {
		d--
	}
	return d
}

// centered is the representative of x mod q in [−(q−1)/2, (q−1)/2].
func centered(x int) int {
	x = ((x % q) + q) % q
	if x > q/2 {
		x -= q
	}
	return x
}

// twisted is round(z·2¹⁵/q), the SQRDMULH factor that goes with z.
func twisted(z int) int {
	return floorDiv(2*z<<15+q, 2*q)
}

// factor is a multiplier and its SQRDMULH companion.
type factor struct{ z, zt int }

func factorOf(c int) factor {
	z := centered(c)
	return factor{z, twisted(z)}
}

// lanesOf returns the eight multipliers and the eight companions of
// factors, as two vectors.
func lanesOf(f [8]factor) (z, zt []int) {
	for _, x := range f {
		z = append(z, x.z)
		zt = append(zt, x.zt)
	}
	return z, zt
}

// generator holds the tables and the program being written.
type generator struct {
	p *neon.Program

	consts, fwd, inv, gam, rej *neon.Table

	// Offsets in consts.
	offGeneral, offQ, offDotV       int
	offFwdZ, offFwdZt               int
	offInvZ, offInvZt               int
	offRejSpread, offRejMask        int
	offRejOdd, offRejBits, offRejQ2 int
}

// The lanes of the general constant register V0, in every kernel.
const (
	cReg  neon.Reg = 0
	laneQ          = 0 // q, for MLS by element
	laneV          = 1 // reduceV, for SQRDMULH by element
)

func newGenerator() *generator {
	g := &generator{p: new(neon.Program)}
	g.consts = &neon.Table{Name: "mlkemNEONConsts"}
	g.offGeneral = neon.Halfwords(g.consts, q, reduceV, 0, 0, 0, 0, 0, 0)
	g.offQ = neon.Halfwords(g.consts, q, q, q, q, q, q, q, q)
	g.offDotV = neon.Words(g.consts, dotV, dotV, dotV, dotV)

	// The first three layers of the forward transform: ζ^BitRev₇(k) for
	// k = 1..7 in lanes 0..6.
	var f [8]factor
	for i := range 7 {
		f[i] = factorOf(zetas[1+i])
	}
	z, zt := lanesOf(f)
	g.offFwdZ = neon.Halfwords(g.consts, z...)
	g.offFwdZt = neon.Halfwords(g.consts, zt...)

	// The last three layers of the inverse transform: the third layer's
	// factors k = 7, 6, 5, 4 in lanes 0..3, the second layer's k = 3, 2 in
	// lanes 4, 5, then 128⁻¹ and ζ^BitRev₇(1)·128⁻¹ for the first layer.
	f = [8]factor{
		factorOf(zetas[7]), factorOf(zetas[6]), factorOf(zetas[5]), factorOf(zetas[4]),
		factorOf(zetas[3]), factorOf(zetas[2]),
		factorOf(invN), factorOf(zetas[1] * invN),
	}
	z, zt = lanesOf(f)
	g.offInvZ = neon.Halfwords(g.consts, z...)
	g.offInvZt = neon.Halfwords(g.consts, zt...)

	g.fwd = blockTable("mlkemNEONFwd", fwdBlockFactors)
	g.inv = blockTable("mlkemNEONInv", invBlockFactors)

	// γ of the pairs of each sixteen coefficients, chunk c: pair 8c + i in
	// lane i.
	g.gam = &neon.Table{Name: "mlkemNEONGammas"}
	for c := range 16 {
		var f [8]factor
		for i := range 8 {
			f[i] = factorOf(gammas[8*c+i])
		}
		z, zt := lanesOf(f)
		neon.Halfwords(g.gam, z...)
		neon.Halfwords(g.gam, zt...)
	}

	g.rejTables()
	return g
}

// blockFactors gives the factors of one 32-coefficient block b of the last
// four layers: the three of the fourth and fifth layers (by element), and
// the three pairs of vectors of the sixth and seventh layers, one factor
// per 32-bit lane i (the cell that holds pairs of row i of the block).
type blockFactors struct {
	scalar [3]factor // fourth layer, fifth layer R0-R1, fifth layer R2-R3
	l6     [4]factor // T0-T2 and T1-T3, lane i
	l7a    [4]factor // T0-T1, lane i
	l7b    [4]factor // T2-T3, lane i
}

// fwdBlockFactors follows nttGeneric: block b is group b of the fourth
// layer (k = 8 + b), groups 2b and 2b+1 of the fifth (k = 16 + 2b, 17 + 2b),
// groups 4b + i of the sixth (k = 32 + 4b + i) and groups 8b + 2i, 8b + 2i + 1
// of the seventh (k = 64 + 8b + 2i and the next).
func fwdBlockFactors(b int) blockFactors {
	var f blockFactors
	f.scalar = [3]factor{factorOf(zetas[8+b]), factorOf(zetas[16+2*b]), factorOf(zetas[17+2*b])}
	for i := range 4 {
		f.l6[i] = factorOf(zetas[32+4*b+i])
		f.l7a[i] = factorOf(zetas[64+8*b+2*i])
		f.l7b[i] = factorOf(zetas[64+8*b+2*i+1])
	}
	return f
}

// invBlockFactors follows inverseNTTGeneric, which counts the factors
// down: group g of the seventh layer uses k = 127 − g, of the sixth 63 − g,
// of the fifth 31 − g and of the fourth 15 − g.
func invBlockFactors(b int) blockFactors {
	var f blockFactors
	f.scalar = [3]factor{factorOf(zetas[15-b]), factorOf(zetas[31-2*b]), factorOf(zetas[30-2*b])}
	for i := range 4 {
		f.l6[i] = factorOf(zetas[63-(4*b+i)])
		f.l7a[i] = factorOf(zetas[127-(8*b+2*i)])
		f.l7b[i] = factorOf(zetas[127-(8*b+2*i+1)])
	}
	return f
}

// blockTable lays out the factors of the last four layers for the four
// iterations of two blocks each: per iteration the scalar vector of each
// block, [z4, z5a, z5b, 0, z4', z5a', z5b', 0], then the six vectors of each
// block, [l6, l6', l7a, l7a', l7b, l7b'], each with the factor of 32-bit
// lane i in 16-bit lanes 2i and 2i+1: fourteen vectors, loaded into
// V1..V14.
func blockTable(name string, factors func(int) blockFactors) *neon.Table {
	t := &neon.Table{Name: name}
	for it := range 4 {
		f := [2]blockFactors{factors(2 * it), factors(2*it + 1)}
		for _, x := range f {
			s := x.scalar
			neon.Halfwords(t, s[0].z, s[1].z, s[2].z, 0, s[0].zt, s[1].zt, s[2].zt, 0)
		}
		for _, x := range f {
			for _, v := range [][4]factor{x.l6, x.l7a, x.l7b} {
				var z, zt []int
				for i := range 8 {
					z = append(z, v[i/2].z)
					zt = append(zt, v[i/2].zt)
				}
				neon.Halfwords(t, z...)
				neon.Halfwords(t, zt...)
			}
		}
	}
	return t
}

func (g *generator) run() *neon.Program {
	p := g.p
	p.Header("github.com/crypton-go/crypton/tools/asm/pq/mlkemarm64 -out ntt_arm64.s", `
ML-KEM's NTT, inverse NTT, NTT-domain dot products and rejection sampling
with NEON: nttNEON, inverseNTTNEON and dotNTTNEON mirror nttGeneric,
inverseNTTGeneric and dotNTTGeneric (ntt.go), rejSampleNEON mirrors
rejSampleGeneric (sample.go). The generator's documentation,
tools/asm/pq/mlkemarm64/main.go, describes the method (Barrett
multiplication with SQRDMULH, MUL and MLS on signed 16-bit lanes) and
derives the bounds noted beside each layer.

Go's assembler has no vector integer multiplies: those are WORD directives,
with the instruction in the Arm syntax in a comment. Go's syntax writes
operands in the reverse of the Arm order, destination last.

Register V0 holds q in lane 0 and 10 = round(2¹⁵/q) in lane 1, for the
by-element MLS and SQRDMULH.`)
	g.nttNEON()
	g.inverseNTTNEON()
	g.dotNTTNEON()
	g.rejSampleNEON()
	p.Tables(g.consts, g.fwd, g.inv, g.gam, g.rej)
	return p
}
