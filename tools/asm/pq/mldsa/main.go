// Command mldsa generates pq/internal/mldsa/ntt_amd64.s: the number-theoretic
// transform of ML-DSA (FIPS 204, section 7.5 and Appendix B), the products in
// its domain, and the rejection sampling of ExpandA and ExpandS, with AVX2.
//
// The kernels mirror the generic Go functions of pq/internal/mldsa, with the
// same inputs and outputs:
//
//   - nttAVX2 mirrors nttGeneric (FIPS 204, Algorithm 41): coefficients in
//     [0, q) in, the NTT representation in [0, q) out, in the order FIPS 204
//     numbers them;
//   - inverseNTTScaledAVX2 mirrors inverseNTTScaledGeneric (Algorithm 42,
//     the result multiplied by scale·256·2⁻³²);
//   - mulAccAVX2 and mulNTTAVX2 mirror mulAccGeneric and mulNTTGeneric, the
//     coefficient-wise Montgomery products of NTT representations and their
//     sums (section 7.6, with one reduction per sum);
//   - rejSampleAVX2 mirrors rejSampleGeneric in sample.go, the loop of
//     RejNTTPoly (Algorithm 30, with CoeffFromThreeBytes, Algorithm 14), for
//     ExpandA;
//   - boundedAcceptAVX2 and rejBoundedAVX2 mirror boundedAcceptGeneric and
//     rejBoundedGeneric in sample.go, the two halves of a block of
//     RejBoundedPoly (Algorithm 31, with CoeffFromHalfByte, Algorithm 15),
//     for ExpandS;
//   - packBitsAVX2, unpackBitsAVX2, packCenteredAVX2 and unpackCenteredAVX2
//     mirror packBitsGeneric, unpackBitsGeneric, packCenteredGeneric and
//     unpackCenteredGeneric in encode.go (SimpleBitPack, BitPack and their
//     inverses, Algorithms 16 to 19), for widths of 2 to 24 bits;
//   - highBitsPolyAVX2, subLowBitsAVX2, makeHintsAVX2 and useHintPolyAVX2
//     mirror highBitsPolyGeneric, subLowBitsGeneric, makeHintsGeneric and
//     useHintPolyGeneric in field.go (HighBits, LowBits, MakeHint and UseHint,
//     Algorithms 37 to 40, on whole polynomials); exceedsAVX2 and
//     power2RoundPolyAVX2 mirror exceedsGeneric and power2RoundPolyGeneric
//     (the infinity-norm check and Power2Round, Algorithm 35).
//
// The last two groups are in encode.go, with their arithmetic. Their data
// is secret except in useHintPolyAVX2 and where verification unpacks z and
// t₁, and none of them branches or indexes memory on it.
//
// Arithmetic. q = 8380417 < 2²³; a coefficient is a signed 32-bit value,
// eight to a YMM register. A product with a constant z, stored centered
// (|z| ≤ (q−1)/2, in Montgomery form z·2³² mod q) together with z·q⁻¹ mod
// 2³², is a signed Montgomery product as montReduceSigned computes it:
//
//	m = a·(z·q⁻¹) mod 2³² (signed),  a·z·2⁻³² ≡ (a·z − m·q) / 2³²  (mod q)
//
// with no borrow between the halves of the 64-bit difference, whose low 32
// bits vanish. VPMULDQ multiplies the even 32-bit lanes into 64-bit
// products; the odd lanes are moved down with VMOVSHDUP and multiplied
// likewise, and VPBLENDD 0xAA joins the high halves of the two results. For
// |a| < 2³¹ the result r has |r| ≤ (2³¹·(q−1)/2 + 2³¹·q)/2³² < 3q/4.
//
// Bounds. The forward transform adds less than 3q/4 to the absolute values
// at each of its eight layers: from [0, q) they stay below q + 8·3q/4 = 7q
// < 2²⁶, so no layer reduces. At the end, r = a − ⌊(a + 2²²)/2²³⌋·q lies in
// (−q, q) for |a| < 2²⁶ (the quotient t has |t| ≤ 8, a − t·2²³ lies in
// [−2²², 2²²) and t·q = t·2²³ − t·8191), and adding q where r is negative,
// as an unsigned minimum of r and r + q, gives [0, q). The inverse
// transform's sums double at each layer: below 2⁷·q after seven layers, so
// the sums and differences of the last one are below 2⁸·q = 2145386752 <
// 2³¹ in absolute value, as in the Go code; its products (by the scale for
// the sums, by −ζ^BitRev₈(1)·scale·2⁻³² for the differences), in (−q, q),
// are brought into [0, q) by adding q where they are negative. The products of NTT representations are
// unsigned: the sums of up to eight products of values below q are below
// 8q² < 2⁵⁰, accumulated in 64-bit lanes, and reduced with montReduce's
// method (adding m·q with m = s·(−q⁻¹) mod 2³²), below 2q, then below q.
//
// Data movement. A polynomial is 32 registers, so each transform makes two
// passes over memory with eight registers at a time. The forward
// transform's first pass takes the coefficients 8c + 32k (k = 0..7) of each
// column c = 0..3 into registers k and runs the layers with distances 128,
// 64 and 32, which pair whole registers. The second pass takes each block
// of 64 consecutive coefficients, runs the layers with distances 16 and 8
// (pairs of registers), transposes the eight registers as an 8×8 matrix of
// 32-bit cells (VPUNPCK{L,H}DQ, VPUNPCK{L,H}QDQ, VPERM2I128), after which
// register c holds the coefficients 8r + c of the block in lane r, runs the
// layers with distances 4, 2 and 1 (again pairs of whole registers, with a
// twiddle factor per lane), and transposes back. The inverse transform runs
// the same passes in the opposite order.
//
// rejSampleAVX2 reads 24 bytes (eight candidates) per step without reading
// past them: a 16-byte load and a 16-byte insert put bytes 0..15 and 8..23
// in the two 128-bit lanes, VPSHUFB spreads the 3-byte groups into 32-bit
// lanes, a mask keeps 23 bits, VPCMPGTD against q and VMOVMSKPS give the
// eight-bit mask of the candidates to keep, and a table indexed by the mask
// gives the VPERMD pattern that packs them to the front and their count. The
// data is derived from ρ, which is public, so indexing tables by it is safe.
//
// The candidates of ExpandS are secret, and only the decisions to keep or
// reject them may be revealed, as the Go code does: boundedAcceptAVX2
// computes the decisions of a SHAKE256 block (VPCMPGTB on the half bytes,
// 0 or 1 per half byte, in the order of the Go code) without a branch; the
// caller declassifies them; rejBoundedAVX2 then takes eight half bytes per
// step, broadcast and shifted by VPSRLVD into the 32-bit lanes, maps each to
// its coefficient mod q with two VPERMD look-ups in registers (by the low
// three bits of the half byte) and a VBLENDVPS by its fourth bit, and packs
// the accepted ones as rejSampleAVX2 does, with a mask made from the
// declassified decisions. Only those decide an address or a branch.
//
// With -avx512, it writes pq/internal/mldsa/ntt_avx512_amd64.s instead: the
// transforms and products with AVX-512F (see avx512.go).
//
// Run it with go generate in pq/internal/mldsa.
package main

import (
	"flag"
	"fmt"
	"math/bits"

	"github.com/crypton-go/crypton/tools/asm/pq/internal/mldsaparams"
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The constants of ML-DSA (tools/asm/pq/internal/mldsaparams).
const (
	q    = mldsaparams.Q
	qInv = mldsaparams.QInv
)

// zetasMont[m] is ζ^BitRev₈(m)·2³² mod q, centered, as in
// pq/internal/mldsa.
var zetasMont = mldsaparams.ZetasMont

// table is a read-only array of 32-byte vectors, filled while the code is
// generated.
type table struct {
	mem  Mem
	n    int
	seen map[[8]int32]Mem
}

func newTable(name string) *table {
	return &table{mem: GLOBL(name, RODATA|NOPTR), seen: map[[8]int32]Mem{}}
}

// vector returns the address of eight 32-bit words, stored once.
func (t *table) vector(w [8]int32) Mem {
	if m, ok := t.seen[w]; ok {
		return m
	}
	off := 32 * t.n
	for i := 0; i < 8; i += 2 {
		DATA(off+4*i, U64(uint64(uint32(w[i]))|uint64(uint32(w[i+1]))<<32))
	}
	t.n++
	m := t.mem.Offset(off)
	t.seen[w] = m
	return m
}

func splat(v int32) [8]int32 { return [8]int32{v, v, v, v, v, v, v, v} }

// factor is a Montgomery multiplier: z (z·2³² mod q for a multiplication
// by z) and z·q⁻¹ mod 2³² per lane for the even lanes, and zo, zqo with the
// odd lanes' values in the even positions, for the odd lanes. For a
// multiplier with one value in every lane, zo and zqo are z and zq.
type factor struct{ z, zq, zo, zqo Op }

// factorWords returns the lanes of the four vectors of a multiplier (see
// factor) by the Montgomery-form constants c, one per lane.
func factorWords(c []int32) (z, zq, zo, zqo []int32) {
	n := len(c)
	z, zq, zo, zqo = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	for i, v := range c {
		z[i] = v
		zq[i] = int32(uint32(v) * qInv)
	}
	for i := range n {
		zo[i], zqo[i] = z[i|1], zq[i|1]
	}
	return z, zq, zo, zqo
}

// factorOf stores the multiplier with the Montgomery-form constants c.
func (t *table) factorOf(c [8]int32) factor {
	z, zq, zo, zqo := factorWords(c[:])
	return factor{t.vector([8]int32(z)), t.vector([8]int32(zq)), t.vector([8]int32(zo)), t.vector([8]int32(zqo))}
}

var (
	consts   *table
	qVec     Mem // q in every lane
	qinvNVec Mem // −q⁻¹ mod 2³² in every lane
	half23   Mem // 2²² in every lane
	qReg     VecVirtual
)

// twiddle returns the multiplier by the power of ζ of zetasMont[m[r]] in
// lane r, negated if neg.
func twiddle(m [8]int, neg bool) factor {
	var c [8]int32
	for r, i := range m {
		c[r] = zetasMont[i]
		if neg {
			c[r] = -c[r]
		}
	}
	return consts.factorOf(c)
}

// broadcast returns the multiplier by zetasMont[m] (negated if neg) in every
// lane.
func broadcast(m int, neg bool) factor {
	return twiddle([8]int{m, m, m, m, m, m, m, m}, neg)
}

// montmul sets dst to a·z·2⁻³² mod q, with |dst| < 3q/4, for |a| < 2³¹:
// montReduceSigned(z·a) in every lane.
func montmul(dst, a VecVirtual, f factor) {
	ao, me, mo, pe := YMM(), YMM(), YMM(), YMM()
	VMOVSHDUP(a, ao)       // odd lanes in even positions
	VPMULDQ(f.zq, a, me)   // low halves: m of the even lanes
	VPMULDQ(f.zqo, ao, mo) // and of the odd lanes
	VPMULDQ(f.z, a, pe)    // a·z, even lanes
	VPMULDQ(f.zo, ao, ao)  // a·z, odd lanes
	VPMULDQ(qReg, me, me)  // m·q
	VPMULDQ(qReg, mo, mo)
	VPSUBD(me, pe, pe) // the high halves are the results: no borrow
	VPSUBD(mo, ao, ao)
	VMOVSHDUP(pe, pe)
	VPBLENDD(U8(0xaa), ao, pe, dst)
}

// butterflyCT is the butterfly of the forward transform: (a, b) ← (a + z·b,
// a − z·b); each grows by less than 3q/4.
func butterflyCT(a, b VecVirtual, z factor) {
	t := YMM()
	montmul(t, b, z)
	VPSUBD(t, a, b)
	VPADDD(t, a, a)
}

// butterflyGS is the butterfly of the inverse transform: (a, b) ← (a + b,
// z·(a − b)), with z = −ζ^BitRev₈(m) as in the Go code.
func butterflyGS(a, b VecVirtual, z factor) {
	t := YMM()
	VPSUBD(b, a, t)
	VPADDD(b, a, a)
	montmul(b, t, z)
}

// A vecISA is what the kernels written once for both register widths
// need to know of one: YMM registers for the AVX2 kernels, ZMM registers
// for the AVX-512 ones.
type vecISA struct {
	suffix string // of the kernels' names
	name   string // of the instruction set, in the kernels' doc comments
	bytes  int    // the size of a register

	reg  func() VecVirtual  // a new register
	mov  func(src, dst Op)  // an unaligned 32-bit-lane move (VMOVDQU, VMOVDQU32)
	zero func(r VecVirtual) // sets r to zero

	// join returns a register with the high halves of the even 64-bit
	// lanes of e in its even 32-bit lanes and those of o in its odd ones;
	// it may overwrite e and o.
	join func(e, o VecVirtual) VecVirtual

	// setupProducts loads qReg, and what else the kernels of products need,
	// and returns −q⁻¹ mod 2³² in every lane.
	setupProducts func() Op

	mulAccRegs int // registers of each operand per step of mulAcc
}

// avx2 is the register width of the AVX2 kernels.
var avx2 = vecISA{
	suffix: "AVX2",
	name:   "AVX2",
	bytes:  32,
	reg:    YMM,
	mov:    func(src, dst Op) { VMOVDQU(src, dst) },
	zero:   func(r VecVirtual) { VPXOR(r, r, r) },
	join: func(e, o VecVirtual) VecVirtual {
		VMOVSHDUP(e, e)
		VPBLENDD(U8(0xaa), o, e, e)
		return e
	},
	setupProducts: func() Op {
		loadQ()
		return qinvNVec
	},
	mulAccRegs: 4,
}

// toField maps r in (−q, q) to [0, q): the unsigned minimum of r and r + q,
// as fieldFromInt.
func toField(v vecISA, r VecVirtual) {
	t := v.reg()
	VPADDD(qReg, r, t)
	VPMINUD(t, r, r)
}

// freeze maps a with |a| < 2²⁶ to [0, q): a − ⌊(a + 2²²)/2²³⌋·q lies in
// (−q, q) (see the package comment), then toField. The operand h holds
// 2²² in every lane.
func freeze(v vecISA, a VecVirtual, h Op) {
	t := v.reg()
	VPADDD(h, a, t)
	VPSRAD(U8(23), t, t)
	VPMULLD(qReg, t, t)
	VPSUBD(t, a, a)
	toField(v, a)
}

// transpose transposes the 8×8 matrix of 32-bit cells whose rows are x:
// cell c of x[r] moves to cell r of x[c].
func transpose(x []VecVirtual) {
	// Rows 2p and 2p+1 interleaved: cells 0, 1 (and 4, 5) of both in p0,
	// cells 2, 3 (and 6, 7) in p1.
	var p [8]VecVirtual
	for i := 0; i < 8; i += 2 {
		p[i], p[i+1] = YMM(), YMM()
		VPUNPCKLDQ(x[i+1], x[i], p[i])
		VPUNPCKHDQ(x[i+1], x[i], p[i+1])
	}
	// Rows 4h..4h+3 of cell c (and c+4) in d[4h+c].
	var d [8]VecVirtual
	for h := 0; h < 8; h += 4 {
		for c := range 4 {
			d[h+c] = YMM()
		}
		VPUNPCKLQDQ(p[h+2], p[h], d[h])
		VPUNPCKHQDQ(p[h+2], p[h], d[h+1])
		VPUNPCKLQDQ(p[h+3], p[h+1], d[h+2])
		VPUNPCKHQDQ(p[h+3], p[h+1], d[h+3])
	}
	// The 128-bit halves joined: column c from the low halves, column c+4
	// from the high ones.
	for c := range 4 {
		VPERM2I128(U8(0x20), d[4+c], d[c], x[c])
		VPERM2I128(U8(0x31), d[4+c], d[c], x[c+4])
	}
}

func loadQ() {
	qReg = YMM()
	VMOVDQU(qVec, qReg)
}

func loadRegs(f Register, off func(k int) int) []VecVirtual {
	x := make([]VecVirtual, 8)
	for k := range x {
		x[k] = YMM()
		VMOVDQU(Mem{Base: f, Disp: off(k)}, x[k])
	}
	return x
}

func storeRegs(x []VecVirtual, f Register, off func(k int) int) {
	for k := range x {
		VMOVDQU(x[k], Mem{Base: f, Disp: off(k)})
	}
}

func main() {
	flag.Parse()
	if *avx512 {
		mainAVX512()
		return
	}
	ConstraintExpr("gc,!purego")

	// The tables of their own come first: DATA fills the last global
	// declared, which is mldsaConsts from here on.
	rejTables()
	packTables()
	consts = newTable("mldsaConsts")
	qVec = consts.vector(splat(q))
	qinvNVec = consts.vector(splat(-qInv))
	half23 = consts.vector(splat(1 << 22))

	nttAVX2()
	inverseNTTScaledAVX2()
	mulAcc(avx2)
	mulNTT(avx2)
	rejSampleAVX2()
	boundedAcceptAVX2()
	rejBoundedAVX2()
	packBitsAVX2()
	unpackBitsAVX2()
	packCenteredAVX2()
	unpackCenteredAVX2()
	highBitsPolyAVX2()
	subLowBitsAVX2()
	makeHintsAVX2()
	useHintPolyAVX2()
	exceedsAVX2()
	power2RoundPolyAVX2()
	Generate()
}

// In FIPS 204's Algorithm 41, the layer with half length h has the groups g
// = 0, 1, … of 2h coefficients and uses zetas[m] with m = 128/h + g;
// Algorithm 42 runs the layers in the opposite order with m = 256/h − 1 −
// g, negated.

// In the first pass, register k of column c holds coefficients 8c + 32k
// .. 8c + 32k + 7: byte offset 32c + 128k.
func columnOffset(c int) func(k int) int { return func(k int) int { return 32*c + 128*k } }

// In the second pass, register r of block b holds coefficients 64b + 8r ..
// 64b + 8r + 7.
func blockOffset(b int) func(r int) int { return func(r int) int { return 256*b + 32*r } }

// lanes returns m(r) for the eight lanes r of a transposed block.
func lanes(m func(r int) int) [8]int {
	var v [8]int
	for r := range v {
		v[r] = m(r)
	}
	return v
}

func nttAVX2() {
	TEXT("nttAVX2", NOSPLIT, "func(f *[256]uint32)")
	Doc(
		"nttAVX2 replaces f, with coefficients in [0, q), by its NTT representation,",
		"with coefficients in [0, q): nttGeneric (FIPS 204, Algorithm 41) with AVX2.",
	)
	f := Load(Param("f"), GP64())
	loadQ()

	for c := range 4 {
		Comment(fmt.Sprintf("Layers with distances 128, 64 and 32, column %d: |values| < q + 3·3q/4.", c))
		x := loadRegs(f, columnOffset(c))
		for k := range 4 {
			butterflyCT(x[k], x[k+4], broadcast(1, false))
		}
		for _, k := range []int{0, 1, 4, 5} {
			butterflyCT(x[k], x[k+2], broadcast(2+k/4, false))
		}
		for k := 0; k < 8; k += 2 {
			butterflyCT(x[k], x[k+1], broadcast(4+k/2, false))
		}
		storeRegs(x, f, columnOffset(c))
	}
	for b := range 4 {
		Comment(fmt.Sprintf("Layers with distances 16 to 1, block %d: |values| < 7q, then reduced.", b))
		x := loadRegs(f, blockOffset(b))
		for _, r := range []int{0, 1, 4, 5} {
			butterflyCT(x[r], x[r+2], broadcast(8+2*b+r/4, false))
		}
		for r := 0; r < 8; r += 2 {
			butterflyCT(x[r], x[r+1], broadcast(16+4*b+r/2, false))
		}
		// Register c now holds coefficient 64b + 8r + c in lane r.
		transpose(x)
		z4 := twiddle(lanes(func(r int) int { return 32 + 8*b + r }), false)
		for c := range 4 {
			butterflyCT(x[c], x[c+4], z4)
		}
		for _, c := range []int{0, 1, 4, 5} {
			butterflyCT(x[c], x[c+2], twiddle(lanes(func(r int) int { return 64 + 16*b + 2*r + c/4 }), false))
		}
		for c := 0; c < 8; c += 2 {
			butterflyCT(x[c], x[c+1], twiddle(lanes(func(r int) int { return 128 + 32*b + 4*r + c/2 }), false))
		}
		for c := range x {
			freeze(avx2, x[c], half23)
		}
		transpose(x)
		storeRegs(x, f, blockOffset(b))
	}
	VZEROUPPER()
	RET()
}

// lastLayerWords loads the parameter scale of inverseNTTScaled and returns
// the words of the multipliers of its last layer, each in the low 32 bits
// of a register: scale, scale·q⁻¹ mod 2³², ζ′ =
// montReduceSigned(−zetasMont[1]·scale) and ζ′·q⁻¹ mod 2³².
func lastLayerWords() []GPVirtual {
	Comment("The multipliers of the last layer: scale and −ζ^BitRev₈(1)·scale·2⁻³².")
	sc := GP64()
	Load(Param("scale"), sc.As32())
	MOVLQSX(sc.As32(), sc)
	zs, m := GP64(), GP64()
	IMUL3Q(I32(-zetasMont[1]), sc, zs) // |·| < q²/4 < 2⁶³
	IMUL3L(U32(qInv), zs.As32(), m.As32())
	MOVLQSX(m.As32(), m)
	IMUL3Q(U32(q), m, m)
	SUBQ(m, zs)
	SARQ(U8(32), zs) // montReduceSigned: |ζ′| < q
	words := []GPVirtual{sc, GP64(), zs, GP64()}
	IMUL3L(U32(qInv), sc.As32(), words[1].As32())
	IMUL3L(U32(qInv), zs.As32(), words[3].As32())
	return words
}

func inverseNTTScaledAVX2() {
	TEXT("inverseNTTScaledAVX2", NOSPLIT, "func(f *[256]uint32, scale int32)")
	Doc(
		"inverseNTTScaledAVX2 replaces f, with coefficients in [0, q), by the",
		"polynomial whose NTT representation it is, multiplied by scale·256·2⁻³²,",
		"with coefficients in [0, q), for |scale| < q/2: inverseNTTScaledGeneric",
		"(FIPS 204, Algorithm 42) with AVX2.",
	)
	f := Load(Param("f"), GP64())

	// The factors of the last layer, in every lane of four vectors on the
	// stack.
	words := lastLayerWords()
	local := AllocLocal(4 * 32)
	var last [4]Mem
	for i, w := range words {
		last[i] = local.Offset(32 * i)
		MOVL(w.As32(), last[i])
		v := YMM()
		VPBROADCASTD(last[i], v)
		VMOVDQU(v, last[i])
	}
	scaleF := factor{last[0], last[1], last[0], last[1]}
	zetaF := factor{last[2], last[3], last[2], last[3]}

	loadQ()
	for b := range 4 {
		Comment(fmt.Sprintf("Layers with distances 1 to 16, block %d: |sums| < 2⁵·q.", b))
		x := loadRegs(f, blockOffset(b))
		transpose(x)
		for c := 0; c < 8; c += 2 {
			butterflyGS(x[c], x[c+1], twiddle(lanes(func(r int) int { return 255 - (32*b + 4*r + c/2) }), true))
		}
		for _, c := range []int{0, 1, 4, 5} {
			butterflyGS(x[c], x[c+2], twiddle(lanes(func(r int) int { return 127 - (16*b + 2*r + c/4) }), true))
		}
		z4 := twiddle(lanes(func(r int) int { return 63 - (8*b + r) }), true)
		for c := range 4 {
			butterflyGS(x[c], x[c+4], z4)
		}
		transpose(x)
		for r := 0; r < 8; r += 2 {
			butterflyGS(x[r], x[r+1], broadcast(31-(4*b+r/2), true))
		}
		for _, r := range []int{0, 1, 4, 5} {
			butterflyGS(x[r], x[r+2], broadcast(15-(2*b+r/4), true))
		}
		storeRegs(x, f, blockOffset(b))
	}
	for c := range 4 {
		Comment(fmt.Sprintf("Layers with distances 32, 64 and 128 and the scaling, column %d: |sums| < 2⁸·q < 2³¹.", c))
		x := loadRegs(f, columnOffset(c))
		for k := 0; k < 8; k += 2 {
			butterflyGS(x[k], x[k+1], broadcast(7-k/2, true))
		}
		for _, k := range []int{0, 1, 4, 5} {
			butterflyGS(x[k], x[k+2], broadcast(3-k/4, true))
		}
		for k := range 4 {
			a, b := x[k], x[k+4]
			t := YMM()
			VPSUBD(b, a, t)
			VPADDD(b, a, a)
			montmul(a, a, scaleF)
			montmul(b, t, zetaF)
			toField(avx2, a)
			toField(avx2, b)
		}
		storeRegs(x, f, columnOffset(c))
	}
	VZEROUPPER()
	RET()
}

// product adds the 64-bit products of the even and of the odd lanes of the
// vectors at pa and pb (values below 2³²) to se and so.
func product(v vecISA, se, so VecVirtual, pa, pb Mem) {
	a, ao, bo := v.reg(), v.reg(), v.reg()
	v.mov(pa, a)
	VMOVSHDUP(a, ao)
	VMOVSHDUP(pb, bo)
	VPMULUDQ(pb, a, a)
	VPMULUDQ(bo, ao, ao)
	VPADDQ(a, se, se)
	VPADDQ(ao, so, so)
}

// reduceSums stores at dst the values s·2⁻³² mod q, in [0, q), of the
// 64-bit sums s below q·2³² in the even (se) and odd (so) lanes: montReduce
// in every lane. The operand qinvN holds −q⁻¹ mod 2³² in every lane.
func reduceSums(v vecISA, dst Mem, se, so VecVirtual, qinvN Op) {
	me, mo := v.reg(), v.reg()
	VPMULUDQ(qinvN, se, me) // low halves: m = s·(−q⁻¹) mod 2³²
	VPMULUDQ(qinvN, so, mo)
	VPMULUDQ(qReg, me, me) // m·q
	VPMULUDQ(qReg, mo, mo)
	VPADDQ(me, se, se) // s + m·q < 2q·2³², a multiple of 2³²
	VPADDQ(mo, so, so)
	t := v.join(se, so)
	VPSUBD(qReg, t, me) // reduceOnce: the unsigned minimum of t and t − q
	VPMINUD(me, t, t)
	v.mov(t, dst)
}

// mulAcc writes mulAccAVX2 or mulAccAVX512.
func mulAcc(v vecISA) {
	name := "mulAcc" + v.suffix
	TEXT(name, NOSPLIT, "func(out *[256]uint32, a [][256]uint32, b [][256]uint32, x *[256]uint32, y *[256]uint32)")
	Doc(
		name+" sets out to (Σ a[j]∘b[j] + x∘y)·2⁻³² mod q for j < len(a), with",
		"len(b) ≥ len(a), x and y nil for no last term, and at most eight terms:",
		"mulAccGeneric with "+v.name+".",
	)
	out := Load(Param("out"), GP64())
	a := Load(Param("a").Base(), GP64())
	k := Load(Param("a").Len(), GP64())
	b := Load(Param("b").Base(), GP64())
	x := Load(Param("x"), GP64())
	y := Load(Param("y"), GP64())
	qinvN := v.setupProducts()

	// v.mulAccRegs registers of coefficients per chunk, twice as many
	// accumulators.
	n := v.mulAccRegs
	off := GP64()
	XORQ(off, off)
	Label("mulAccChunk")
	se, so := make([]VecVirtual, n), make([]VecVirtual, n)
	for r := range n {
		se[r], so[r] = v.reg(), v.reg()
		v.zero(se[r])
		v.zero(so[r])
	}
	pa, pb, terms := GP64(), GP64(), GP64()
	LEAQ(Mem{Base: a, Index: off, Scale: 1}, pa)
	LEAQ(Mem{Base: b, Index: off, Scale: 1}, pb)
	MOVQ(k, terms)
	TESTQ(terms, terms)
	JZ(LabelRef("mulAccLast"))
	Label("mulAccTerm")
	for r := range n {
		product(v, se[r], so[r], Mem{Base: pa, Disp: v.bytes * r}, Mem{Base: pb, Disp: v.bytes * r})
	}
	ADDQ(U32(1024), pa)
	ADDQ(U32(1024), pb)
	DECQ(terms)
	JNZ(LabelRef("mulAccTerm"))
	Label("mulAccLast")
	TESTQ(x, x)
	JZ(LabelRef("mulAccReduce"))
	for r := range n {
		product(v, se[r], so[r], Mem{Base: x, Index: off, Scale: 1, Disp: v.bytes * r}, Mem{Base: y, Index: off, Scale: 1, Disp: v.bytes * r})
	}
	Label("mulAccReduce")
	for r := range n {
		reduceSums(v, Mem{Base: out, Index: off, Scale: 1, Disp: v.bytes * r}, se[r], so[r], qinvN)
	}
	ADDQ(U32(n*v.bytes), off)
	CMPQ(off, U32(1024))
	JB(LabelRef("mulAccChunk"))
	VZEROUPPER()
	RET()
}

// mulNTT writes mulNTTAVX2 or mulNTTAVX512.
func mulNTT(v vecISA) {
	name := "mulNTT" + v.suffix
	TEXT(name, NOSPLIT, "func(out *[256]uint32, a *[256]uint32, b *[256]uint32)")
	Doc(name + " sets out to a∘b·2⁻³² mod q: mulNTTGeneric with " + v.name + ".")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	qinvN := v.setupProducts()
	off := GP64()
	XORQ(off, off)
	Label("mulNTTLoop")
	for r := range 4 {
		se, so := v.reg(), v.reg()
		at := func(p Register) Mem { return Mem{Base: p, Index: off, Scale: 1, Disp: v.bytes * r} }
		ao, bo := v.reg(), v.reg()
		v.mov(at(a), se)
		VMOVSHDUP(se, ao)
		VMOVSHDUP(at(b), bo)
		VPMULUDQ(at(b), se, se)
		VPMULUDQ(bo, ao, so)
		reduceSums(v, at(out), se, so, qinvN)
	}
	ADDQ(U32(4*v.bytes), off)
	CMPQ(off, U32(1024))
	JB(LabelRef("mulNTTLoop"))
	VZEROUPPER()
	RET()
}

func rejSampleAVX2() {
	TEXT("rejSampleAVX2", NOSPLIT, "func(a *[256]uint32, j int, buf []byte) (int, int)")
	Doc(
		"rejSampleAVX2 is rejSampleGeneric with AVX2 for a prefix of buf: it returns",
		"the new j and the number of bytes of buf it consumed, a multiple of 24. It",
		"stops while j ≤ 248, so that its 32-byte stores stay inside a, and reads",
		"no byte of buf past those it consumes.",
	)
	// The 128-bit lanes hold bytes 0..15 and 8..23 of the step: the
	// three bytes of candidate t go to lane t of the low half (from byte
	// 3t) and t+4 of the high half (from byte 12 + 3t, at 4 + 3t), the top
	// byte of each lane zeroed (index with the top bit set).
	var spread [8]int32
	for h := range 2 {
		for t := range 4 {
			o := int32(3*t + 4*h)
			spread[4*h+t] = o | (o+1)<<8 | (o+2)<<16 | -1<<24
		}
	}
	spreadVec := consts.vector(spread)
	mask23 := consts.vector(splat(1<<23 - 1))

	a := Load(Param("a"), GP64())
	j := Load(Param("j"), GP64())
	p := Load(Param("buf").Base(), GP64())
	l := Load(Param("buf").Len(), GP64())
	start := GP64()
	MOVQ(p, start)
	end := GP64()
	LEAQ(Mem{Base: p, Index: l, Scale: 1, Disp: -24}, end) // the last step's address
	qv, sp, lo := YMM(), YMM(), YMM()
	VMOVDQU(qVec, qv)
	VMOVDQU(spreadVec, sp)
	VMOVDQU(mask23, lo)
	permBase, countBase := GP64(), GP64()
	LEAQ(rejPerm, permBase)
	LEAQ(rejCount, countBase)
	mask, c := GP64(), GP64()

	Label("rejLoop")
	CMPQ(j, U32(248))
	JA(LabelRef("rejDone"))
	CMPQ(p, end)
	JG(LabelRef("rejDone")) // signed: end is below buf when len(buf) < 24
	v := YMM()
	VMOVDQU(Mem{Base: p}, v.AsX())
	VINSERTI128(U8(1), Mem{Base: p, Disp: 8}, v, v)
	VPSHUFB(sp, v, v)
	VPAND(lo, v, v) // the eight candidates
	cmp := YMM()
	VPCMPGTD(v, qv, cmp) // q > candidate
	VMOVMSKPS(cmp, mask.As32())
	idx := YMM()
	VPMOVZXBD(Mem{Base: permBase, Index: mask, Scale: 8}, idx)
	VPERMD(v, idx, v)
	VMOVDQU(v, Mem{Base: a, Index: j, Scale: 4})
	MOVBQZX(Mem{Base: countBase, Index: mask, Scale: 1}, c)
	ADDQ(c, j)
	ADDQ(U8(24), p)
	JMP(LabelRef("rejLoop"))

	Label("rejDone")
	SUBQ(start, p)
	Store(j, ReturnIndex(0))
	Store(p, ReturnIndex(1))
	VZEROUPPER()
	RET()
}

var rejPerm, rejCount, etaCoeffs Mem

// rejTables fills the tables that the compactions of the samplers index by
// their masks, and those of the coefficients of ExpandS.
func rejTables() {
	// For each mask of eight candidates, the indexes of the kept ones, in
	// order, then zeros, one byte each; and the counts.
	rejPerm = GLOBL("mldsaRejPerm", RODATA|NOPTR)
	for m := range 256 {
		var x uint64
		k := 0
		for i := range 8 {
			if m>>i&1 == 1 {
				x |= uint64(i) << (8 * k)
				k++
			}
		}
		DATA(8*m, U64(x))
	}
	rejCount = GLOBL("mldsaRejCount", RODATA|NOPTR)
	for m := range 256 {
		DATA(m, U8(bits.OnesCount8(uint8(m))))
	}
	// The coefficient of each half byte v, mod q, as rejBoundedGeneric
	// computes it for every v, rejected or not: η − (v − 5·⌊13v/64⌋) (η −
	// (v mod 5) for v < 15) for η = 2, η − v for η = 4; sixteen words for
	// η = 2, then sixteen for η = 4.
	etaCoeffs = GLOBL("mldsaEtaCoeffs", RODATA|NOPTR)
	for e, eta := range []int{2, 4} {
		for v := range 16 {
			w := v
			if eta == 2 {
				w -= 5 * (13 * v >> 6)
			}
			c := eta - w
			if c < 0 {
				c += q
			}
			DATA(64*e+4*v, U32(c))
		}
	}
}

func boundedAcceptAVX2() {
	TEXT("boundedAcceptAVX2", NOSPLIT, "func(accept *[272]byte, buf *[136]byte, limit uint32)")
	Doc(
		"boundedAcceptAVX2 sets accept[i] to 1 if half byte i of buf is below limit",
		"(at most 16), and to 0 otherwise: boundedAcceptGeneric with AVX2.",
	)
	accept := Load(Param("accept"), GP64())
	buf := Load(Param("buf"), GP64())
	limit := Load(Param("limit"), GP32())
	lim, low := YMM(), YMM()
	VMOVD(limit, lim.AsX())
	VPBROADCASTB(lim.AsX(), lim)
	VMOVDQU(consts.vector(splat(0x0f0f0f0f)), low)
	// 32 bytes at a time; the last step overlaps the one before and
	// stores the same decisions again.
	for _, o := range []int{0, 32, 64, 96, 104} {
		x, lo, hi := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: buf, Disp: o}, x)
		VPAND(low, x, lo)
		VPSRLW(U8(4), x, hi)
		VPAND(low, hi, hi)
		VPCMPGTB(lo, lim, lo) // limit > v: all ones
		VPCMPGTB(hi, lim, hi)
		VPABSB(lo, lo) // 1
		VPABSB(hi, hi)
		// Interleaved per 128-bit lane: u0 has the decisions of bytes
		// 0..7 and 16..23, u1 those of bytes 8..15 and 24..31.
		u0, u1 := YMM(), YMM()
		VPUNPCKLBW(hi, lo, u0)
		VPUNPCKHBW(hi, lo, u1)
		VPERM2I128(U8(0x20), u1, u0, x)
		VPERM2I128(U8(0x31), u1, u0, lo)
		VMOVDQU(x, Mem{Base: accept, Disp: 2 * o})
		VMOVDQU(lo, Mem{Base: accept, Disp: 2*o + 32})
	}
	VZEROUPPER()
	RET()
}

func rejBoundedAVX2() {
	TEXT("rejBoundedAVX2", NOSPLIT, "func(f *[256]uint32, j int, buf []byte, accept []byte, eta int) (int, int)")
	Doc(
		"rejBoundedAVX2 is rejBoundedGeneric with AVX2 for a prefix of buf, for",
		"len(accept) ≥ 2·len(buf): it returns the new j and the number of bytes of",
		"buf it consumed, a multiple of 4. It stops while j ≤ 248, so that its",
		"32-byte stores stay inside f, and reads no byte of buf past those it",
		"consumes. The half bytes, which are secret, select their coefficients",
		"with VPERMD, a permutation of registers; only accept, which is public,",
		"decides addresses and branches.",
	)
	var shifts [8]int32
	for i := range shifts {
		shifts[i] = int32(4 * i)
	}
	shiftVec := consts.vector(shifts)

	f := Load(Param("f"), GP64())
	j := Load(Param("j"), GP64())
	p := Load(Param("buf").Base(), GP64())
	l := Load(Param("buf").Len(), GP64())
	acc := Load(Param("accept").Base(), GP64())
	eta := Load(Param("eta"), GP64())
	start := GP64()
	MOVQ(p, start)
	end := GP64()
	LEAQ(Mem{Base: p, Index: l, Scale: 1, Disp: -4}, end) // the last step's address
	tb := GP64()
	LEAQ(etaCoeffs, tb)
	CMPQ(eta, U8(2))
	JEQ(LabelRef("boundedEta2"))
	ADDQ(U8(64), tb)
	Label("boundedEta2")
	sh := YMM()
	VMOVDQU(shiftVec, sh)
	magic := GP64() // gathers the low bits of eight bytes into the top byte
	MOVQ(U64(0x0102040810204080), magic)
	permBase, countBase := GP64(), GP64()
	LEAQ(rejPerm, permBase)
	LEAQ(rejCount, countBase)
	m := GP64()

	Label("boundedLoop")
	CMPQ(j, U32(248))
	JA(LabelRef("boundedDone"))
	CMPQ(p, end)
	JG(LabelRef("boundedDone")) // signed: end is below buf when len(buf) < 4
	v := YMM()
	VPBROADCASTD(Mem{Base: p}, v)
	VPSRLVD(sh, v, v) // half byte i in the low bits of lane i
	lo, hi, sel := YMM(), YMM(), YMM()
	VPERMD(Mem{Base: tb}, v, lo) // by bits 0..2: the coefficient of v mod 8
	VPERMD(Mem{Base: tb, Disp: 32}, v, hi)
	VPSLLD(U8(28), v, sel) // bit 3 of the half byte in the sign bit
	VBLENDVPS(sel, hi, lo, lo)
	// The mask of the eight accepted half bytes, from their bytes of 0
	// or 1.
	MOVQ(Mem{Base: acc}, m)
	IMULQ(magic, m)
	SHRQ(U8(56), m)
	idx := YMM()
	VPMOVZXBD(Mem{Base: permBase, Index: m, Scale: 8}, idx)
	VPERMD(lo, idx, lo)
	VMOVDQU(lo, Mem{Base: f, Index: j, Scale: 4})
	MOVBQZX(Mem{Base: countBase, Index: m, Scale: 1}, m)
	ADDQ(m, j)
	ADDQ(U8(4), p)
	ADDQ(U8(8), acc)
	JMP(LabelRef("boundedLoop"))

	Label("boundedDone")
	SUBQ(start, p)
	Store(j, ReturnIndex(0))
	Store(p, ReturnIndex(1))
	VZEROUPPER()
	RET()
}
