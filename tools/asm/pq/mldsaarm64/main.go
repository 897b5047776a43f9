// Command mldsaarm64 generates pq/internal/mldsa/ntt_arm64.s: the
// number-theoretic transform of ML-DSA (FIPS 204, section 7.5 and Appendix
// B), the products in its domain and the rejection sampling of ExpandA,
// with the 128-bit Advanced SIMD (NEON) instructions of arm64.
//
// The kernels mirror the generic Go functions of pq/internal/mldsa, with
// the same inputs and outputs:
//
//   - nttNEON mirrors nttGeneric (FIPS 204, Algorithm 41): coefficients in
//     [0, q) in, the NTT representation in [0, q) out, in the order FIPS 204
//     numbers them;
//   - inverseNTTScaledNEON mirrors inverseNTTScaledGeneric (Algorithm 42,
//     the result multiplied by scale·256·2⁻³², for |scale| < q/2), [0, q) in
//     and out;
//   - mulAccNEON and mulNTTNEON mirror mulAccGeneric and mulNTTGeneric, the
//     coefficient-wise Montgomery products of NTT representations in [0, q)
//     and their sums (section 7.6, with one reduction per sum), [0, q) out;
//   - rejSampleNEON mirrors rejSampleGeneric in sample.go, the loop of
//     RejNTTPoly (Algorithm 30, with CoeffFromThreeBytes, Algorithm 14), for
//     ExpandA.
//
// # Arithmetic
//
// q = 8380417 < 2²³; a coefficient is a signed 32-bit value, four to a
// register. A product with a factor z, stored centered (|z| ≤ (q−1)/2)
// together with z' = z·q⁻¹ mod 2³², is a signed Montgomery product
// computed with the doubling high multiply SQDMULH, as in Becker, Hwang,
// Kannwischer, Yang and Yang, "Neon NTT: Faster Dilithium, Kyber, and Saber
// on Cortex-A72 and Apple M1" (TCHES 2022/1):
//
//	h = SQDMULH(a, z)  = ⌊2·a·z/2³²⌋
//	m = MUL(a, z')     = a·z·q⁻¹ mod 2³² (signed)
//	t = SQDMULH(m, q)  = ⌊2·m·q/2³²⌋
//	r = SHSUB(h, t)    = (h − t)/2
//
// a·z − m·q is a multiple of 2³², so 2·a·z and 2·m·q agree in their low 33
// bits, h − t = 2·(a·z − m·q)/2³² exactly, and r = (a·z − m·q)/2³², the
// value montReduceSigned(z·a) of the Go code: it is the same m. SQDMULH
// saturates only when both operands are −2³¹, and q and |z| < q are not.
// For |a| < 2³¹, |r| ≤ (|a|·|z| + 2³¹·q)/2³² < q/4 + q/2 = 3q/4. Both
// transforms use z = zetasMont[m] (negated in the inverse), so each
// butterfly computes exactly the values of the Go code.
//
// The products of two NTT representations (mulNTTNEON) use the same
// sequence with z = b and z' = MUL(b, q⁻¹): for a, b in [0, q), |r| <
// q²/2³² + q/2 < q. The sums of mulAccNEON are unsigned and exact: UMLAL
// and UMLAL2 accumulate the products of the low and high halves of the
// registers in 64-bit lanes, where up to 512 terms below q² stay below
// q·2³². They are reduced as montReduce does: UZP1 gathers the
// low words of four sums, m = MUL(low, −q⁻¹), UMLAL adds m·q, which clears
// the low words, and UZP2 gathers the high words, below 2q.
//
// A value r in (−q, q) is mapped to [0, q) by the unsigned minimum of r and
// r + q (fieldFromInt), one in [0, 2q) by that of r and r − q
// (reduceOnce).
//
// # Bounds
//
// The generator tracks a bound on |x| for every register holding
// coefficients through every butterfly it emits (ntt.go), stops with an
// error if one could reach 2³¹, and writes the bounds beside each layer in
// the generated file. The forward transform adds at most q/2 + |b|·q/2³³
// (b the value multiplied, below 6q) at each of its eight layers: from
// [0, q) the values stay below 42082400 (about 5.02q) < 2²⁶, so no layer
// reduces. At the end, t = SRSHR(a, 23) = ⌊(a + 2²²)/2²³⌋ and r = a − t·q
// (MLS) lie in (−q, q): a − t·2²³ is in [−2²², 2²²) and t·q = t·2²³ −
// t·8191 with |t| ≤ 5; then r is mapped to [0, q).
// The inverse transform's sums double at each layer, below 2⁷·q after
// seven layers, so the sums and differences of the last one are below 2⁸·q
// = 2145386752 < 2³¹; its products, by scale and by ζ′ =
// montReduceSigned(−zetasMont[1]·scale), both computed in the kernel, are
// in (−q, q) and mapped to [0, q).
//
// # Layout
//
// A polynomial is 64 registers, so each transform makes two passes over
// memory. The forward transform's first pass takes the coefficients
// 4c + 16k (k = 0..15) of each column c = 0..3 into sixteen registers and
// runs the layers with distances 128, 64, 32 and 16, which pair whole
// registers, with the fifteen factors and their companions in the lanes of
// eight registers (the by-element forms of MUL and SQDMULH). The second
// pass takes two blocks of sixteen consecutive coefficients, four registers
// R0..R3 each, at a time: the layers with distances 8 and 4 pair R0-R2,
// R1-R3 and R0-R1, R2-R3 with one factor per pair; then each block is
// transposed as a 4×4 matrix of words with TRN1/TRN2, after which register
// Tj holds the coefficients 4i + j (i = 0..3) and the layers with distances
// 2 and 1 pair T0-T2, T1-T3 and T0-T1, T2-T3 with a factor per lane. ST4
// stores the transposed registers in their natural order. The inverse
// transform loads the blocks with LD4, runs the layers in the opposite
// order, transposes back and stores with ST1, then makes the column pass.
// Every factor comes from a table written by this generator from ζ = 1753.
//
// rejSampleNEON reads 24 bytes (eight candidates) per step without reading
// past them, sixteen into one register and eight into another: TBL
// spreads the 3-byte groups into the 32-bit lanes of two registers, an AND
// keeps 23 bits, CMHI against q marks the candidates to keep, and the
// marks of each half, weighted by powers of two and summed with ADDV,
// index a table of TBL patterns that pack the kept candidates to the
// front, and a table of their numbers.
//
// Nothing branches on, or indexes memory with, coefficients: the loops
// depend on the sizes only, and mulAccNEON's branch on x on whether the
// caller passed a last term. rejSampleNEON's branches and table indexes
// depend on its data, which is derived from the matrix seed ρ and public.
//
// # Encoding
//
// Go's arm64 assembler has no vector integer multiplies, so MUL, MLS,
// SQDMULH, UMLAL/UMLAL2, SHSUB, SRSHR and CMHI are emitted as WORD directives by
// the encoder of tools/asm/internal/neon, with the instruction in the Arm
// syntax in a trailing comment; that package's TestEncodingsLLVM checks
// every word in the generated file against llvm-mc. Everything else is
// written in Go's syntax, whose operands come in the reverse of the Arm
// order.
//
// The go:generate directive is in pq/internal/mldsa/ntt.go, beside those
// of the AMD64 generator, so that go generate rebuilds all on any host:
//
//	go generate ./pq/internal/mldsa
//
// TestCheckedIn fails while the file there differs from the generator's
// output.
package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/neon"
	"github.com/crypton-go/crypton/tools/asm/pq/internal/mldsaparams"
)

func main() { neon.Main(generate) }

// generate returns the text of ntt_arm64.s.
func generate() []byte {
	return newGenerator().run().Bytes()
}

// The constants of ML-DSA (tools/asm/pq/internal/mldsaparams).
const (
	q    = mldsaparams.Q
	qInv = mldsaparams.QInv
)

// zetasMont[m] is ζ^BitRev₈(m)·2³² mod q, centered, as in
// pq/internal/mldsa.
var zetasMont = mldsaparams.ZetasMont

// companion is z·q⁻¹ mod 2³², the MUL factor that goes with z.
func companion(z int32) int32 { return int32(uint32(z) * qInv) }

// generator holds the tables and the program being written.
type generator struct {
	p *neon.Program

	consts, fwdCols, fwdBlocks, invCols, invBlocks, rej *neon.Table

	// Offsets in consts.
	offGeneral, offQ, offQInv            int
	offRejSpread, offRejMask, offRejBits int
}

// The lanes of the general constant register V0, in every kernel.
const (
	vGen        neon.Reg = 0
	laneQ                = 0 // q
	laneQInv             = 1 // q⁻¹ mod 2³²
	laneQInvNeg          = 2 // −q⁻¹ mod 2³²
)

func newGenerator() *generator {
	g := &generator{p: new(neon.Program)}
	g.consts = &neon.Table{Name: "mldsaNEONConsts"}
	g.offGeneral = neon.Words(g.consts, q, qInv, -qInv, 0)
	g.offQ = neon.Words(g.consts, q, q, q, q)
	g.offQInv = neon.Words(g.consts, qInv, qInv, qInv, qInv)

	// The column passes: the factor of index m = 1..15 in lane m mod 4 of
	// vector m/4, then the companions likewise. The forward transform
	// uses zetasMont[m], the inverse −zetasMont[m].
	g.fwdCols = columnTable("mldsaNEONFwdCols", false)
	g.invCols = columnTable("mldsaNEONInvCols", true)
	g.fwdBlocks = blockTable("mldsaNEONFwdBlocks", fwdBlockFactors)
	g.invBlocks = blockTable("mldsaNEONInvBlocks", invBlockFactors)
	g.rejTables()
	return g
}

func columnTable(name string, neg bool) *neon.Table {
	t := &neon.Table{Name: name}
	var z [16]int32
	for m := 1; m < 16; m++ {
		z[m] = zetasMont[m]
		if neg {
			z[m] = -z[m]
		}
	}
	neon.Words(t, z[:]...)
	for m := range z {
		neon.Words(t, companion(z[m]))
	}
	return t
}

// blockFactors are the factors of one block of sixteen coefficients in
// the layers with distances 8, 4, 2 and 1: three by element (distance 8,
// distance 4 for R0-R1, distance 4 for R2-R3) and three vectors with a
// factor per lane i, the lane that holds the coefficients 4i..4i+3 after
// the transposition (distance 2, distance 1 for T0-T1 and for T2-T3).
type blockFactors struct {
	scalar       [3]int32
	l2, l1a, l1b [4]int32
}

// fwdBlockFactors follows nttGeneric: block b is group b of the layer with
// distance 8 (m = 16 + b), groups 2b and 2b+1 of distance 4 (m = 32 + 2b,
// 33 + 2b), groups 4b + i of distance 2 (m = 64 + 4b + i) and groups
// 8b + 2i, 8b + 2i + 1 of distance 1 (m = 128 + 8b + 2i and the next).
func fwdBlockFactors(b int) blockFactors {
	var f blockFactors
	f.scalar = [3]int32{zetasMont[16+b], zetasMont[32+2*b], zetasMont[33+2*b]}
	for i := range 4 {
		f.l2[i] = zetasMont[64+4*b+i]
		f.l1a[i] = zetasMont[128+8*b+2*i]
		f.l1b[i] = zetasMont[128+8*b+2*i+1]
	}
	return f
}

// invBlockFactors follows inverseNTTScaledGeneric, which counts the
// factors down and negates them: group g of the layer with distance h uses
// −zetasMont[256/h − 1 − g].
func invBlockFactors(b int) blockFactors {
	var f blockFactors
	f.scalar = [3]int32{-zetasMont[31-b], -zetasMont[63-2*b], -zetasMont[62-2*b]}
	for i := range 4 {
		f.l2[i] = -zetasMont[127-(4*b+i)]
		f.l1a[i] = -zetasMont[255-(8*b+2*i)]
		f.l1b[i] = -zetasMont[255-(8*b+2*i+1)]
	}
	return f
}

// blockTable lays out the factors of the sixteen blocks, eight vectors
// each: [s0, s1, s2, 0] and their companions, then the three vectors and
// their companions, each vector followed by its companions.
func blockTable(name string, factors func(int) blockFactors) *neon.Table {
	t := &neon.Table{Name: name}
	for b := range 16 {
		f := factors(b)
		s := f.scalar
		neon.Words(t, s[0], s[1], s[2], 0)
		neon.Words(t, companion(s[0]), companion(s[1]), companion(s[2]), 0)
		for _, v := range [][4]int32{f.l2, f.l1a, f.l1b} {
			neon.Words(t, v[:]...)
			neon.Words(t, companion(v[0]), companion(v[1]), companion(v[2]), companion(v[3]))
		}
	}
	return t
}

func (g *generator) run() *neon.Program {
	p := g.p
	p.Header("github.com/crypton-go/crypton/tools/asm/pq/mldsaarm64 -out ntt_arm64.s", `
ML-DSA's NTT, inverse NTT, NTT-domain products and rejection sampling
with NEON: nttNEON, inverseNTTScaledNEON, mulAccNEON and mulNTTNEON mirror
nttGeneric, inverseNTTScaledGeneric, mulAccGeneric and mulNTTGeneric
(ntt.go), rejSampleNEON mirrors rejSampleGeneric (sample.go). The
generator's documentation, tools/asm/pq/mldsaarm64/main.go, describes the
method (signed Montgomery multiplication with SQDMULH, MUL, SQDMULH and
SHSUB on 32-bit lanes) and derives the bounds noted beside each layer.

Go's assembler has no vector integer multiplies: those are WORD directives,
with the instruction in the Arm syntax in a comment. Go's syntax writes
operands in the reverse of the Arm order, destination last.

In the transforms and products, register V0 holds q, q⁻¹ mod 2³² and
−q⁻¹ mod 2³² in lanes 0, 1 and 2, for the by-element forms of SQDMULH, MUL
and MLS.`)
	g.nttNEON()
	g.inverseNTTScaledNEON()
	g.mulAccNEON()
	g.mulNTTNEON()
	g.rejSampleNEON()
	p.Tables(g.consts, g.fwdCols, g.fwdBlocks, g.invCols, g.invBlocks, g.rej)
	return p
}
