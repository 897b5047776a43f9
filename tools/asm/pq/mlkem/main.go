// Command mlkem generates pq/internal/mlkem/ntt_amd64.s: the number-theoretic
// transform of ML-KEM (FIPS 203, section 4.3) and the products in its domain
// with AVX2.
//
// nttAVX2 mirrors nttGeneric (FIPS 203, Algorithm 9), inverseNTTAVX2
// mirrors inverseNTTGeneric (Algorithm 10), and dotNTTAVX2 mirrors
// dotNTTGeneric (the sums of the products of Algorithms 11 and 12), all in
// pq/internal/mlkem/ntt.go. Inputs and outputs are the same as theirs:
// coefficients fully reduced into [0, q), in the order FIPS 203 numbers them.
//
// Inside, the coefficients are signed 16-bit values, sixteen to a YMM
// register, and products are Montgomery products with R = 2¹⁶ (the approach
// of Seiler, "Faster AVX2 optimized NTT multiplication for Ring-LWE lattice
// cryptography", 2018): for a signed a and a constant z stored as z' = z·R
// mod q together with z'·q⁻¹ mod R,
//
//	hi = ⌊a·z' / R⌋,  m = a·(z'·q⁻¹) mod R,  a·z = hi − ⌊m·q / R⌋  (mod q)
//
// with no carry between the halves, since a·z' and m·q agree modulo R. The
// result lies in (−q, q) for every 16-bit a, so a butterfly's outputs grow
// by less than q a layer: seven layers of the forward transform stay below
// 8q < 2¹⁵ with no reduction in between. The inverse transform's sums double
// instead, and are reduced after its third and sixth layers with Barrett's
// method (⌊a·20159 / 2²⁶⌋ is ⌊a/q⌋, or one less when a is a negative
// multiple of q).
//
// One polynomial is sixteen registers. The first layer of the forward
// transform (and the last of the inverse) pairs the two halves of the
// polynomial, register by register; the other six work on one half at a
// time in eight registers. Of those, the three layers whose butterflies pair
// coefficients 64, 32 and 16 apart pair whole registers; for the three with
// distances 8, 4 and 2, the eight registers are transposed as an 8×8 matrix
// of 32-bit cells (coefficient pairs), after which those butterflies pair
// whole registers too, with a twiddle factor per 32-bit lane; a second
// transposition restores the order before the half is stored. The base-case
// products of dotNTTAVX2 work on coefficient pairs in the 32-bit lanes: the
// products a0·b0 and a1·b1 of one Montgomery multiplication, a1·b1·γ
// shifted into the even lane, and a0·b1 + a1·b0 from the second operand with
// its halves swapped; the sum over k is multiplied by R² mod q at the end to
// undo the factors R⁻¹.
//
// rejSampleAVX2 mirrors rejSampleGeneric in pq/internal/mlkem/sample.go,
// the rejection sampling of FIPS 203's Algorithm 7, on 24 bytes (sixteen
// candidates) per step: VPERMQ and VPSHUFB spread the 12-bit candidates
// into 16-bit lanes, VPCMPGTW against q marks those to keep, and for each
// 128-bit half a table indexed by the eight-bit mask gives the VPSHUFB
// pattern that packs the kept candidates to the front and their number.
// The data is public (it is derived from ρ), so indexing tables by it is
// safe.
//
// The byte encodings, compression and decompression, and the sampling of
// noise from the centred binomial distribution are in encode.go: see its
// header for the kernels that mirror encode12Generic, decode12CheckedGeneric,
// decode12ReduceGeneric, encodeCompressedGeneric, decodeDecompressedGeneric
// and samplePolyCBDGeneric.
//
// With -avx512, it writes pq/internal/mlkem/ntt_avx512_amd64.s instead: the
// transforms and products with AVX-512BW (see avx512.go).
//
// Run it with go generate in pq/internal/mlkem.
package main

import (
	"flag"
	"fmt"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	q       = 3329
	zeta    = 17
	rModQ   = (1 << 16) % q // R mod q
	barrett = 20159         // ⌈2²⁶/q⌉
)

// qinv is q⁻¹ mod 2¹⁶.
var qinv = func() uint16 {
	x := uint16(1)
	for range 4 { // Newton's iteration doubles the correct bits
		x *= 2 - q*x
	}
	return x
}()

// centered returns the representative of x mod q in [−(q−1)/2, (q−1)/2].
func centered(x int) int16 {
	x %= q
	if x < 0 {
		x += q
	}
	if x > q/2 {
		x -= q
	}
	return int16(x)
}

// zetas[i] = ζ^BitRev₇(i) mod q and gammas[i] = ζ^(2·BitRev₇(i)+1) mod q, as
// in pq/internal/mlkem.
var zetas, gammas [128]int

func init() {
	pow := make([]int, 256)
	pow[0] = 1
	for e := 1; e < 256; e++ {
		pow[e] = pow[e-1] * zeta % q
	}
	for i := range 128 {
		r := int(bits.Reverse8(uint8(i)) >> 1)
		zetas[i] = pow[r]
		gammas[i] = pow[2*r+1]
	}
}

// table is a read-only array of 32-byte vectors, filled while the code is
// generated.
type table struct {
	mem Mem
	n   int
}

func newTable(name string) *table { return &table{mem: GLOBL(name, RODATA|NOPTR)} }

// vector appends sixteen 16-bit words and returns their address.
func (t *table) vector(w [16]int16) Mem {
	off := 32 * t.n
	for i := 0; i < 16; i += 4 {
		var x uint64
		for j := range 4 {
			x |= uint64(uint16(w[i+j])) << (16 * j)
		}
		DATA(off+2*i, U64(x))
	}
	t.n++
	return t.mem.Offset(off)
}

// factor is a Montgomery multiplier held in memory: z·R mod q and z·R·q⁻¹
// mod R, per 16-bit lane (of a YMM register for the AVX2 kernels, of a ZMM
// register for the AVX-512 ones).
type factor struct{ z, zq Mem }

// montWords returns z·R mod q, centered, and z·R·q⁻¹ mod R for each
// constant z of c: the lanes of the two vectors of a factor.
func montWords(c []int) (z, zq []int16) {
	z, zq = make([]int16, len(c)), make([]int16, len(c))
	for i, v := range c {
		z[i] = centered(v * rModQ)
		zq[i] = int16(uint16(z[i]) * qinv)
	}
	return z, zq
}

// factorOf stores the multiplier of the sixteen lanes' constants.
func (t *table) factorOf(c [16]int) factor {
	z, zq := montWords(c[:])
	return factor{t.vector([16]int16(z)), t.vector([16]int16(zq))}
}

// broadcast stores the multiplier of one constant in every lane.
func (t *table) broadcast(c int) factor {
	var v [16]int
	for i := range v {
		v[i] = c
	}
	return t.factorOf(v)
}

// perPair stores a multiplier with one constant per 32-bit lane:
// c(lane) for lanes 0..7.
func (t *table) perPair(c func(lane int) int) factor {
	var v [16]int
	for i := range v {
		v[i] = c(i / 2)
	}
	return t.factorOf(v)
}

var (
	consts  *table
	qVec    Mem // q in every lane
	qinvVec Mem // q⁻¹ mod R in every lane
	barVec  Mem // the Barrett constant
	swapVec Mem // VPSHUFB mask swapping the 16-bit halves of each 32-bit lane
	rSquare factor
	scale   factor // 128⁻¹ mod q, the last step of the inverse transform
	qReg    VecVirtual
)

func splat(v int16) [16]int16 {
	var w [16]int16
	for i := range w {
		w[i] = v
	}
	return w
}

// montmul sets dst to a·z·R⁻¹ mod q, in (−q, q), for a constant z.
func montmul(dst, a Op, z factor) {
	hi, lo := YMM(), YMM()
	VPMULHW(z.z, a, hi)
	VPMULLW(z.zq, a, lo)
	VPMULHW(qReg, lo, lo)
	VPSUBW(lo, hi, dst)
}

// montmulVar sets dst to a·b·R⁻¹ mod q, in (−q, q), for |a|, |b| < q.
func montmulVar(dst, a, b Op) {
	hi, lo := YMM(), YMM()
	VPMULLW(b, a, lo)
	VPMULHW(b, a, hi)
	VPMULLW(qinvVec, lo, lo)
	VPMULHW(qReg, lo, lo)
	VPSUBW(lo, hi, dst)
}

// butterflyCT is the butterfly of the forward transform: (a, b) ← (a + z·b,
// a − z·b).
func butterflyCT(a, b VecVirtual, z factor) {
	t := YMM()
	montmul(t, b, z)
	VPSUBW(t, a, b)
	VPADDW(t, a, a)
}

// butterflyGS is the butterfly of the inverse transform: (a, b) ← (a + b,
// z·(b − a)).
func butterflyGS(a, b VecVirtual, z factor) {
	t := YMM()
	VPSUBW(a, b, t)
	VPADDW(b, a, a)
	montmul(b, t, z)
}

// A vecISA is what the reductions written once for both register widths
// need to know of one: YMM registers for the AVX2 kernels, ZMM registers
// for the AVX-512 ones.
type vecISA struct {
	reg func() VecVirtual  // a new register
	and func(x, y, dst Op) // VPAND or VPANDD
}

// avx2 is the register width of the AVX2 kernels.
var avx2 = vecISA{
	reg: YMM,
	and: func(x, y, dst Op) { VPAND(x, y, dst) },
}

// reduceBarrett maps a to its residue in [0, q]; the operand bar holds the
// Barrett constant in every lane.
func reduceBarrett(v vecISA, a VecVirtual, bar Op) {
	t := v.reg()
	VPMULHW(bar, a, t)
	VPSRAW(U8(10), t, t)
	VPMULLW(qReg, t, t)
	VPSUBW(t, a, a)
}

// subQ maps a in [0, 2q) to [0, q).
func subQ(v vecISA, a VecVirtual) {
	m := v.reg()
	VPSUBW(qReg, a, a)
	VPSRAW(U8(15), a, m)
	v.and(qReg, m, m)
	VPADDW(m, a, a)
}

// addQ maps a in (−q, q) to [0, q).
func addQ(v vecISA, a VecVirtual) {
	m := v.reg()
	VPSRAW(U8(15), a, m)
	v.and(qReg, m, m)
	VPADDW(m, a, a)
}

// transpose transposes the 8×8 matrix of 32-bit cells whose rows are x:
// cell c of x[r] moves to cell r of x[c].
func transpose(x []VecVirtual) {
	var a, b [8]VecVirtual
	for p := range 4 {
		a[2*p], a[2*p+1] = YMM(), YMM()
		VPUNPCKLDQ(x[2*p+1], x[2*p], a[2*p])
		VPUNPCKHDQ(x[2*p+1], x[2*p], a[2*p+1])
	}
	for h := 0; h < 8; h += 4 {
		b[h], b[h+1], b[h+2], b[h+3] = YMM(), YMM(), YMM(), YMM()
		VPUNPCKLQDQ(a[h+2], a[h], b[h])
		VPUNPCKHQDQ(a[h+2], a[h], b[h+1])
		VPUNPCKLQDQ(a[h+3], a[h+1], b[h+2])
		VPUNPCKHQDQ(a[h+3], a[h+1], b[h+3])
	}
	for c := range 4 {
		VPERM2I128(U8(0x20), b[4+c], b[c], x[c])
		VPERM2I128(U8(0x31), b[4+c], b[c], x[c+4])
	}
}

func loadQ() {
	qReg = YMM()
	VMOVDQU(qVec, qReg)
}

// nttTables holds the twiddle factors of the forward transform.
type nttTables struct {
	l1     factor
	l2     [2]factor    // per half
	l3     [2][2]factor // per half and block
	l4     [2][4]factor
	l5     [2]factor    // per half, one factor per 32-bit lane
	l6     [2][2]factor // per half and group
	l7     [2][4]factor
	inv1   factor // the inverse's layer with distance 128
	inv2   [2]factor
	inv3   [2][2]factor
	inv4   [2][4]factor
	inv5   [2]factor
	inv6   [2][2]factor
	inv7   [2][4]factor
	gammas [16]factor // dotNTT: γ of the pairs of each 16 coefficients, in the odd lanes
}

func makeTables() *nttTables {
	t := new(nttTables)
	t.l1 = consts.broadcast(zetas[1])
	t.inv1 = consts.broadcast(zetas[1])
	for h := range 2 {
		t.l2[h] = consts.broadcast(zetas[2+h])
		t.inv2[h] = consts.broadcast(zetas[3-h])
		for g := range 2 {
			t.l3[h][g] = consts.broadcast(zetas[4+2*h+g])
			t.inv3[h][g] = consts.broadcast(zetas[7-(2*h+g)])
		}
		for g := range 4 {
			t.l4[h][g] = consts.broadcast(zetas[8+4*h+g])
			t.inv4[h][g] = consts.broadcast(zetas[15-(4*h+g)])
		}
		// After the transposition, 32-bit lane r of a register holds
		// the pair from original register r of the half.
		t.l5[h] = consts.perPair(func(r int) int { return zetas[16+8*h+r] })
		t.inv5[h] = consts.perPair(func(r int) int { return zetas[31-(8*h+r)] })
		for g := range 2 {
			t.l6[h][g] = consts.perPair(func(r int) int { return zetas[32+16*h+2*r+g] })
			t.inv6[h][g] = consts.perPair(func(r int) int { return zetas[63-(16*h+2*r+g)] })
		}
		for g := range 4 {
			t.l7[h][g] = consts.perPair(func(r int) int { return zetas[64+32*h+4*r+g] })
			t.inv7[h][g] = consts.perPair(func(r int) int { return zetas[127-(32*h+4*r+g)] })
		}
	}
	for c := range 16 {
		// Pair i of the sixteen coefficients c·16.. is pair 8c + i of the
		// polynomial; γ goes in its odd lane.
		var v [16]int
		for i := range 8 {
			v[2*i+1] = gammas[8*c+i]
		}
		t.gammas[c] = consts.factorOf(v)
	}
	return t
}

func main() {
	flag.Parse()
	if *avx512 {
		mainAVX512()
		return
	}
	ConstraintExpr("gc,!purego")

	consts = newTable("mlkemConsts")
	qVec = consts.vector(splat(q))
	qinvVec = consts.vector(splat(int16(qinv)))
	barVec = consts.vector(splat(barrett))
	var swap [16]int16
	for i := range 8 { // bytes 4i+2, 4i+3, 4i, 4i+1 of each lane of 16 bytes
		j := i % 4
		b := [4]int{4*j + 2, 4*j + 3, 4 * j, 4*j + 1}
		swap[2*i] = int16(b[0] | b[1]<<8)
		swap[2*i+1] = int16(b[2] | b[3]<<8)
	}
	swapVec = consts.vector(swap)
	rSquare = consts.broadcast(rModQ) // R² mod q: the factor stores z·R
	scale = consts.broadcast(3303)    // 128⁻¹ mod q
	t := makeTables()

	nttAVX2(t)
	inverseNTTAVX2(t)
	dotNTTAVX2(t)
	rejSampleAVX2()
	encodeAVX2()
	Generate()
}

func nttAVX2(t *nttTables) {
	TEXT("nttAVX2", NOSPLIT, "func(f *[256]uint16)")
	Doc("nttAVX2 replaces the coefficients of f with its NTT representation: nttGeneric with AVX2.")
	f := Load(Param("f"), GP64())
	loadQ()

	Comment("Layer 1: coefficient j with j+128.")
	for r := range 8 {
		a, b := YMM(), YMM()
		VMOVDQU(Mem{Base: f, Disp: 32 * r}, a)
		VMOVDQU(Mem{Base: f, Disp: 256 + 32*r}, b)
		butterflyCT(a, b, t.l1)
		VMOVDQU(a, Mem{Base: f, Disp: 32 * r})
		VMOVDQU(b, Mem{Base: f, Disp: 256 + 32*r})
	}
	for h := range 2 {
		Comment(fmt.Sprintf("Layers 2 to 7 of half %d.", h))
		x := make([]VecVirtual, 8)
		for r := range x {
			x[r] = YMM()
			VMOVDQU(Mem{Base: f, Disp: 256*h + 32*r}, x[r])
		}
		for r := range 4 {
			butterflyCT(x[r], x[r+4], t.l2[h])
		}
		for _, r := range []int{0, 1, 4, 5} {
			butterflyCT(x[r], x[r+2], t.l3[h][r/4])
		}
		for r := 0; r < 8; r += 2 {
			butterflyCT(x[r], x[r+1], t.l4[h][r/2])
		}
		transpose(x)
		for c := range 4 {
			butterflyCT(x[c], x[c+4], t.l5[h])
		}
		for _, c := range []int{0, 1, 4, 5} {
			butterflyCT(x[c], x[c+2], t.l6[h][c/4])
		}
		for c := 0; c < 8; c += 2 {
			butterflyCT(x[c], x[c+1], t.l7[h][c/2])
		}
		transpose(x)
		for r := range x {
			reduceBarrett(avx2, x[r], barVec)
			subQ(avx2, x[r])
			VMOVDQU(x[r], Mem{Base: f, Disp: 256*h + 32*r})
		}
	}
	VZEROUPPER()
	RET()
}

func inverseNTTAVX2(t *nttTables) {
	TEXT("inverseNTTAVX2", NOSPLIT, "func(f *[256]uint16)")
	Doc("inverseNTTAVX2 replaces the NTT representation in f with the polynomial it represents: inverseNTTGeneric with AVX2.")
	f := Load(Param("f"), GP64())
	loadQ()
	for h := range 2 {
		Comment(fmt.Sprintf("Layers 7 to 2 of half %d.", h))
		x := make([]VecVirtual, 8)
		for r := range x {
			x[r] = YMM()
			VMOVDQU(Mem{Base: f, Disp: 256*h + 32*r}, x[r])
		}
		transpose(x)
		for c := 0; c < 8; c += 2 {
			butterflyGS(x[c], x[c+1], t.inv7[h][c/2])
		}
		for _, c := range []int{0, 1, 4, 5} {
			butterflyGS(x[c], x[c+2], t.inv6[h][c/4])
		}
		for c := range 4 {
			butterflyGS(x[c], x[c+4], t.inv5[h])
		}
		for r := range x {
			reduceBarrett(avx2, x[r], barVec)
		}
		transpose(x)
		for r := 0; r < 8; r += 2 {
			butterflyGS(x[r], x[r+1], t.inv4[h][r/2])
		}
		for _, r := range []int{0, 1, 4, 5} {
			butterflyGS(x[r], x[r+2], t.inv3[h][r/4])
		}
		for r := range 4 {
			butterflyGS(x[r], x[r+4], t.inv2[h])
		}
		for r := range x {
			reduceBarrett(avx2, x[r], barVec)
			VMOVDQU(x[r], Mem{Base: f, Disp: 256*h + 32*r})
		}
	}
	Comment("Layer 1, coefficient j with j+128, and the scaling by 128⁻¹.")
	for r := range 8 {
		a, b := YMM(), YMM()
		VMOVDQU(Mem{Base: f, Disp: 32 * r}, a)
		VMOVDQU(Mem{Base: f, Disp: 256 + 32*r}, b)
		butterflyGS(a, b, t.inv1)
		montmul(a, a, scale)
		montmul(b, b, scale)
		addQ(avx2, a)
		addQ(avx2, b)
		VMOVDQU(a, Mem{Base: f, Disp: 32 * r})
		VMOVDQU(b, Mem{Base: f, Disp: 256 + 32*r})
	}
	VZEROUPPER()
	RET()
}

// dotNTTParams declares the kernel dotNTT<suffix>, dotNTTGeneric with the
// instruction set ext, and loads its parameters, stride in bytes.
func dotNTTParams(suffix, ext string) (out, a, stride, b, k Register) {
	name := "dotNTT" + suffix
	TEXT(name, NOSPLIT, "func(out *[256]uint16, a *[256]uint16, stride int, b *[256]uint16, k int)")
	Doc(
		name+" sets out to the sum of a[i·stride] × b[i] for i < k, 1 ≤ k ≤ 4:",
		"dotNTTGeneric with "+ext+".",
	)
	out = Load(Param("out"), GP64())
	a = Load(Param("a"), GP64())
	stride = Load(Param("stride"), GP64())
	b = Load(Param("b"), GP64())
	k = Load(Param("k"), GP64())
	SHLQ(U8(9), stride) // in bytes: 512 per element
	return out, a, stride, b, k
}

func dotNTTAVX2(t *nttTables) {
	out, a, stride, b, k := dotNTTParams("AVX2", "AVX2")
	loadQ()
	swap := YMM()
	VMOVDQU(swapVec, swap)

	// The sixteen chunks of 16 coefficients, unrolled: each has its own
	// γ factors.
	for c := range 16 {
		Comment(fmt.Sprintf("Coefficients %d to %d.", 16*c, 16*c+15))
		acc := YMM()
		VPXOR(acc, acc, acc)
		pa, pb, n := GP64(), GP64(), GP64()
		MOVQ(a, pa)
		MOVQ(b, pb)
		MOVQ(k, n)
		loop := fmt.Sprintf("dot%d", c)
		Label(loop)
		x, y := YMM(), YMM()
		VMOVDQU(Mem{Base: pa, Disp: 32 * c}, x)
		VMOVDQU(Mem{Base: pb, Disp: 32 * c}, y)
		p, qq := YMM(), YMM()
		montmulVar(p, x, y) // a0·b0, a1·b1
		montmul(qq, p, t.gammas[c])
		VPSRLD(U8(16), qq, qq) // a1·b1·γ into the even lane
		VPADDW(qq, p, p)       // even lanes: a0·b0 + a1·b1·γ
		ys := YMM()
		VPSHUFB(swap, y, ys)
		r := YMM()
		montmulVar(r, x, ys) // a0·b1, a1·b0
		w := YMM()
		VPSLLD(U8(16), r, w)
		VPADDW(w, r, r) // odd lanes: a0·b1 + a1·b0
		VPBLENDW(U8(0xaa), r, p, p)
		VPADDW(p, acc, acc)
		ADDQ(stride, pa)
		ADDQ(U32(512), pb)
		DECQ(n)
		JNZ(LabelRef(loop))
		montmul(acc, acc, rSquare)
		addQ(avx2, acc)
		VMOVDQU(acc, Mem{Base: out, Disp: 32 * c})
	}
	VZEROUPPER()
	RET()
}

func rejSampleAVX2() {
	TEXT("rejSampleAVX2", NOSPLIT, "func(a *[256]uint16, n int, buf []byte) (int, int)")
	Doc(
		"rejSampleAVX2 is rejSampleGeneric with AVX2 for a prefix of buf: it returns",
		"the new n and the number of bytes of buf it consumed, a multiple of 24.",
		"It stops while n ≤ 240 and at least 32 bytes are left, so that its",
		"16-byte stores stay inside a and its 32-byte loads inside buf.",
	)
	// The packing table: for each mask of eight 16-bit candidates, the
	// byte indexes of the kept ones, in order, then zeros; and the counts.
	shuf := GLOBL("mlkemRejShuffle", RODATA|NOPTR)
	for m := range 256 {
		var idx [16]byte
		k := 0
		for i := range 8 {
			if m>>i&1 == 1 {
				idx[2*k], idx[2*k+1] = byte(2*i), byte(2*i+1)
				k++
			}
		}
		for h := range 2 {
			var x uint64
			for j := range 8 {
				x |= uint64(idx[8*h+j]) << (8 * j)
			}
			DATA(16*m+8*h, U64(x))
		}
	}
	count := GLOBL("mlkemRejCount", RODATA|NOPTR)
	for m := range 256 {
		DATA(m, U8(bits.OnesCount8(uint8(m))))
	}
	// Spreads the four 3-byte groups of each 128-bit half, at byte 0 of
	// the low half and byte 4 of the high one (after VPERMQ 0x94), into
	// the 16-bit lanes: lane 2t gets bytes o, o+1, lane 2t+1 bytes o+1, o+2.
	spread := GLOBL("mlkemRejSpread", RODATA|NOPTR)
	for h := range 2 {
		var idx [16]byte
		for t := range 4 {
			o := byte(3*t + 4*h)
			idx[4*t], idx[4*t+1], idx[4*t+2], idx[4*t+3] = o, o+1, o+1, o+2
		}
		for g := range 2 {
			var x uint64
			for j := range 8 {
				x |= uint64(idx[8*g+j]) << (8 * j)
			}
			DATA(16*h+8*g, U64(x))
		}
	}
	low12 := GLOBL("mlkemRejLow12", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0fff0fff0fff0fff))
	}

	a := Load(Param("a"), GP64())
	n := Load(Param("n"), GP64())
	p := Load(Param("buf").Base(), GP64())
	l := Load(Param("buf").Len(), GP64())
	start := GP64()
	MOVQ(p, start)
	end := GP64()
	LEAQ(Mem{Base: p, Index: l, Scale: 1, Disp: -32}, end) // last load address allowed
	qv, sp, lo := YMM(), YMM(), YMM()
	VMOVDQU(qVec, qv)
	VMOVDQU(spread, sp)
	VMOVDQU(low12, lo)
	mask, m0, c0 := GP64(), GP64(), GP64()
	shufBase, countBase := GP64(), GP64()
	LEAQ(shuf, shufBase)
	LEAQ(count, countBase)

	Label("rejLoop")
	CMPQ(n, U32(240))
	JA(LabelRef("rejDone"))
	CMPQ(p, end)
	JA(LabelRef("rejDone"))
	x, v, e := YMM(), YMM(), YMM()
	VPERMQ(U8(0x94), Mem{Base: p}, x)
	VPSHUFB(sp, x, v)
	VPAND(lo, v, e)
	VPSRLW(U8(4), v, v)
	VPBLENDW(U8(0xaa), v, e, e) // the sixteen candidates
	cmp := YMM()
	VPCMPGTW(e, qv, cmp) // q > candidate
	VPACKSSWB(cmp, cmp, cmp)
	VPMOVMSKB(cmp, mask.As32())
	// Low half: mask bits 0..7.
	MOVBQZX(mask.As8(), m0)
	SHLQ(U8(4), m0)
	xl := XMM()
	VPSHUFB(Mem{Base: shufBase, Index: m0, Scale: 1}, e.AsX(), xl)
	VMOVDQU(xl, Mem{Base: a, Index: n, Scale: 2})
	SHRQ(U8(4), m0)
	MOVBQZX(Mem{Base: countBase, Index: m0, Scale: 1}, c0)
	ADDQ(c0, n)
	// High half: mask bits 16..23.
	SHRQ(U8(16), mask)
	MOVBQZX(mask.As8(), m0)
	SHLQ(U8(4), m0)
	xh := XMM()
	VEXTRACTI128(U8(1), e, xh)
	VPSHUFB(Mem{Base: shufBase, Index: m0, Scale: 1}, xh, xh)
	VMOVDQU(xh, Mem{Base: a, Index: n, Scale: 2})
	SHRQ(U8(4), m0)
	MOVBQZX(Mem{Base: countBase, Index: m0, Scale: 1}, c0)
	ADDQ(c0, n)
	ADDQ(U8(24), p)
	JMP(LabelRef("rejLoop"))

	Label("rejDone")
	SUBQ(start, p)
	Store(n, ReturnIndex(0))
	Store(p, ReturnIndex(1))
	VZEROUPPER()
	RET()
}
