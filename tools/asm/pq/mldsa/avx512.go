package main

// With -avx512, the command writes pq/internal/mldsa/ntt_avx512_amd64.s
// instead of ntt_amd64.s: the transforms and the products of NTT
// representations with AVX-512F, sixteen 32-bit coefficients to a ZMM
// register. The kernels mirror the generic Go functions of
// pq/internal/mldsa, with the same inputs, outputs and ranges:
//
//   - nttAVX512 mirrors nttGeneric (FIPS 204, Algorithm 41): coefficients in
//     [0, q) in, the NTT representation in [0, q) out, in the order FIPS 204
//     numbers them;
//   - inverseNTTScaledAVX512 mirrors inverseNTTScaledGeneric (Algorithm 42,
//     the result multiplied by scale·256·2⁻³², for |scale| < q/2);
//   - mulAccAVX512 and mulNTTAVX512 mirror mulAccGeneric and mulNTTGeneric,
//     the coefficient-wise Montgomery products of NTT representations and
//     their sums (up to eight terms, one reduction per sum).
//
// Arithmetic. It is that of the AVX2 kernels (see main.go), with twice the
// lanes: a signed Montgomery product with a constant z, stored centered in
// Montgomery form with z·q⁻¹ mod 2³², takes the even lanes with VPMULDQ and
// the odd ones moved down by VMOVSHDUP, and returns montReduceSigned(a·z)
// in every lane, |r| < 3q/4 for |a| < 2³¹; a masked VMOVSHDUP puts the high
// halves of the even products into the even lanes of the odd products'
// register, where the AVX2 code needs a VMOVSHDUP and a VPBLENDD. A
// constant multiplier with the same value in every lane is one 64-bit
// memory word, broadcast by VPMULDQ itself ({1to8}); one that differs per
// lane is four 64-byte vectors (z and z·q⁻¹ for the even lanes and for the
// odd ones). The products of NTT representations are unsigned, summed in
// 64-bit lanes and reduced with montReduce's method.
//
// Bounds. The transforms compute exactly the values of the generic code at
// every layer: the butterflies are the same, with the same Montgomery
// products, and only the order in which the coefficients sit in the lanes
// differs. So the bounds are those of nttGeneric and
// inverseNTTScaledGeneric. Forward: each of the eight layers adds less than
// 3q/4 to the absolute values, which stay below q + 8·3q/4 = 7q < 2²⁶, and
// the last step maps them to [0, q) as nttAVX2 does: r = a −
// ⌊(a + 2²²)/2²³⌋·q lies in (−q, q), and the unsigned minimum of r and
// r + q is in [0, q). Inverse: the sums double at each layer, below 2⁷·q
// after seven layers, so the sums and differences of the last one are
// below 2⁸·q < 2³¹ in absolute value; they are multiplied by scale and by
// −ζ^BitRev₈(1)·scale·2⁻³² into (−q, q) and brought into [0, q) the same
// way. Sums of products: below 8q² + q² < q·2³², reduced below 2q, then
// below q.
//
// Data movement. A polynomial is sixteen registers, register k holding
// coefficients 16k to 16k + 15, so each transform is one pass: load,
// eight layers, store. The layers with distances 128, 64, 32 and 16 pair
// whole registers, with one multiplier per register. The layers with
// distances 8, 4, 2 and 1 pair coefficients inside each block of 32, which
// is a pair of registers: before each of them, two zmm.Shuffles of the pair
// (VSHUFI64X2, VPUNPCK{L,H}QDQ, VSHUFPS, VPUNPCK{L,H}DQ, or two VPERMT2D
// where none of those does) put the coefficients at that distance in the
// same lane of the two registers, with a multiplier per lane. The
// generator follows which coefficient is in which lane and checks, for
// each layer, that every lane pairs the right two coefficients, and takes
// the multipliers from that. The forward transform's last zmm.Shuffles restore
// the natural order; the inverse transform starts with them undone.
//
// Speed. Per transform, the kernels run 994 and 1032 instructions against
// the AVX2 kernels' 2179 and 2254 (one pass, fewer shuffles). The 64
// butterflies of six VPMULDQ each remain, and LLVM's model of Sapphire
// Rapids issues a 512-bit VPMULDQ on port 0 only (ports 0 and 1 joined), so
// the multiplies alone take 384 cycles: llvm-mca 19 estimates 524
// cycles against the AVX2 kernel's 907 on Sapphire Rapids (403 against 978
// on Ice Lake server, 506 against 784 on Zen 4), and on a Sapphire Rapids
// class Xeon (Go 1.26) the forward transform takes about 135 ns against
// 230 ns, the inverse 135 ns against 210 ns, mulNTT 29 ns against 42 ns and
// a sum of five products 110 ns against 140 ns.
//
// Nothing branches on, or indexes memory with, the coefficients; mulAcc's
// loop counts the terms, which are public.

import (
	"flag"
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/zmm"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var avx512 = flag.Bool("avx512", false, "write the AVX-512 kernels instead of the AVX2 ones")

var (
	zConsts  *zmm.Table
	zZetas   Mem           // per m < 16: z, z·q⁻¹, −z, −z·q⁻¹, 64 bits each, for broadcasts
	evenMask OpmaskVirtual // the even lanes
)

// avx512f is the register width of the AVX-512 kernels.
var avx512f = vecISA{
	suffix: "AVX512",
	name:   "AVX-512F",
	bytes:  64,
	reg:    ZMM,
	mov:    func(src, dst Op) { VMOVDQU32(src, dst) },
	zero:   func(r VecVirtual) { VPXORD(r, r, r) },
	join: func(e, o VecVirtual) VecVirtual {
		VMOVSHDUP(e, evenMask, o)
		return o
	},
	setupProducts: func() Op {
		zSetup()
		return zBroadcastImm(-qInv & (1<<32 - 1))
	},
	mulAccRegs: 8,
}

// zFactor is a Montgomery multiplier (see factor in main.go) for sixteen
// lanes: memory words broadcast to every lane if bcast, else vectors or
// registers.
type zFactor struct {
	z, zq, zo, zqo Op
	bcast          bool
}

func (f zFactor) mul(m Op, a, dst VecVirtual) {
	if f.bcast {
		VPMULDQ_BCST(m, a, dst)
	} else {
		VPMULDQ(m, a, dst)
	}
}

// zBroadcast returns the multiplier by zetasMont[m], m < 16, negated if
// neg, in every lane.
func zBroadcast(m int, neg bool) zFactor {
	o := 32 * m
	if neg {
		o += 16
	}
	z, zq := zZetas.Offset(o), zZetas.Offset(o+8)
	return zFactor{z, zq, z, zq, true}
}

// zLanes returns the multiplier by the constants c, in Montgomery form,
// one per lane.
func zLanes(c [16]int32) zFactor {
	z, zq, zo, zqo := factorWords(c[:])
	return zFactor{zConsts.Dwords([16]int32(z)), zConsts.Dwords([16]int32(zq)), zConsts.Dwords([16]int32(zo)), zConsts.Dwords([16]int32(zqo)), false}
}

// zMontmul returns a·z·2⁻³² mod q, with |·| < 3q/4, for |a| < 2³¹:
// montReduceSigned(z·a) in every lane.
func zMontmul(a VecVirtual, f zFactor) VecVirtual {
	ao, me, mo, pe := ZMM(), ZMM(), ZMM(), ZMM()
	VMOVSHDUP(a, ao) // odd lanes in even positions
	f.mul(f.zq, a, me)
	f.mul(f.zqo, ao, mo)
	f.mul(f.z, a, pe)
	f.mul(f.zo, ao, ao)
	VPMULDQ(qReg, me, me) // m·q
	VPMULDQ(qReg, mo, mo)
	VPSUBD(me, pe, pe) // the high halves are the results: no borrow
	VPSUBD(mo, ao, ao)
	VMOVSHDUP(pe, evenMask, ao) // the even lanes' results into place
	return ao
}

// zButterflyCT is butterflyCT on sixteen lanes: (a, b) ← (a + z·b, a − z·b).
func zButterflyCT(a, b *VecVirtual, f zFactor) {
	t := zMontmul(*b, f)
	d := ZMM()
	VPSUBD(t, *a, d)
	VPADDD(t, *a, *a)
	*b = d
}

// zButterflyGS is butterflyGS on sixteen lanes: (a, b) ← (a + b, z·(a − b)).
func zButterflyGS(a, b *VecVirtual, f zFactor) {
	t := ZMM()
	VPSUBD(*b, *a, t)
	VPADDD(*b, *a, *a)
	*b = zMontmul(t, f)
}

// zBroadcastImm returns a register with v in every lane.
func zBroadcastImm(v uint32) VecVirtual {
	r, z := GP32(), ZMM()
	MOVL(U32(v), r)
	VPBROADCASTD(r, z)
	return z
}

func zSetup() {
	qReg = zBroadcastImm(q)
	evenMask = K()
	r := GP32()
	MOVL(U32(0x5555), r)
	KMOVW(r, evenMask)
}

// zRearrange moves the coefficients of every pair from layout from to
// layout to; see zmm.Rearrange.
func zRearrange(ps []zmm.Pair, from, to zmm.Layout) {
	zmm.Rearrange(ps, from, to, zConsts)
}

// The layouts before the layers with distances 8, 4, 2 and 1 of the forward
// transform (and after those of the inverse), a coefficient to a cell.
var zInnerLayouts = zmm.InnerLayouts()

// zLaneTwiddles returns the multipliers of the layer with distance h < 16
// for pair p in layout l: zetasMont[m] per lane, m = 128/h + g for the
// forward transform and −zetasMont[256/h − 1 − g] for the inverse, g the
// group of 2h coefficients. It checks that each lane pairs a coefficient
// with the one h after it.
func zLaneTwiddles(l zmm.Layout, p, h int, inverse bool) zFactor {
	l.CheckDistance(h)
	var c [16]int32
	for i := range c {
		g := (32*p + l[0][i]) / (2 * h)
		if inverse {
			c[i] = -zetasMont[256/h-1-g]
		} else {
			c[i] = zetasMont[128/h+g]
		}
	}
	return zLanes(c)
}

func mainAVX512() {
	ConstraintExpr("gc,!purego")
	zZetas = GLOBL("mldsaZetasAVX512", RODATA|NOPTR)
	for m := range 16 {
		for s, z := range []int32{zetasMont[m], -zetasMont[m]} {
			DATA(32*m+16*s, U64(uint64(uint32(z))))
			DATA(32*m+16*s+8, U64(uint64(uint32(z)*qInv)))
		}
	}
	zConsts = zmm.NewTable("mldsaConstsAVX512")

	nttAVX512()
	inverseNTTScaledAVX512()
	mulAcc(avx512f)
	mulNTT(avx512f)
	zConsts.Emit()
	Generate()
}

// zLoadPoly loads the sixteen registers of the polynomial at f.
func zLoadPoly(f Register) []VecVirtual { return zmm.LoadPoly(f, 16, avx512f.mov) }

func nttAVX512() {
	TEXT("nttAVX512", NOSPLIT, "func(f *[256]uint32)")
	Doc(
		"nttAVX512 replaces f, with coefficients in [0, q), by its NTT representation,",
		"with coefficients in [0, q): nttGeneric (FIPS 204, Algorithm 41) with AVX-512F.",
	)
	f := Load(Param("f"), GP64())
	zSetup()
	x := zLoadPoly(f)

	Comment("Layers with distances 128, 64, 32 and 16: |values| < q + 4·3q/4.")
	for k := range 8 {
		zButterflyCT(&x[k], &x[k+8], zBroadcast(1, false))
	}
	for k := range 16 {
		if k%8 < 4 {
			zButterflyCT(&x[k], &x[k+4], zBroadcast(2+k/8, false))
		}
	}
	for k := range 16 {
		if k%4 < 2 {
			zButterflyCT(&x[k], &x[k+2], zBroadcast(4+k/4, false))
		}
	}
	for k := 0; k < 16; k += 2 {
		zButterflyCT(&x[k], &x[k+1], zBroadcast(8+k/2, false))
	}

	ps := zmm.PairsOf(x)
	from := zmm.NaturalLayout()
	for i, h := range []int{8, 4, 2, 1} {
		Comment(fmt.Sprintf("Layer with distance %d, in the pairs of registers: |values| < q + %d·3q/4.", h, 5+i))
		zRearrange(ps, from, zInnerLayouts[i])
		from = zInnerLayouts[i]
		for p := range ps {
			zButterflyCT(&ps[p].A, &ps[p].B, zLaneTwiddles(from, p, h, false))
		}
	}

	Comment("Reduced to [0, q), in the natural order.")
	half23 := zBroadcastImm(1 << 22)
	for p := range ps {
		freeze(avx512f, ps[p].A, half23)
		freeze(avx512f, ps[p].B, half23)
	}
	zRearrange(ps, from, zmm.NaturalLayout())
	zmm.StorePairs(ps, f, avx512f.mov)
	VZEROUPPER()
	RET()
}

func inverseNTTScaledAVX512() {
	TEXT("inverseNTTScaledAVX512", NOSPLIT, "func(f *[256]uint32, scale int32)")
	Doc(
		"inverseNTTScaledAVX512 replaces f, with coefficients in [0, q), by the",
		"polynomial whose NTT representation it is, multiplied by scale·256·2⁻³²,",
		"with coefficients in [0, q), for |scale| < q/2: inverseNTTScaledGeneric",
		"(FIPS 204, Algorithm 42) with AVX-512F.",
	)
	f := Load(Param("f"), GP64())
	zSetup()

	words := lastLayerWords()
	var last [4]VecVirtual
	for i, w := range words {
		last[i] = ZMM()
		VPBROADCASTD(w.As32(), last[i])
	}
	scaleF := zFactor{last[0], last[1], last[0], last[1], false}
	zetaF := zFactor{last[2], last[3], last[2], last[3], false}

	x := zLoadPoly(f)
	ps := zmm.PairsOf(x)
	from := zmm.NaturalLayout()
	for i, h := range []int{1, 2, 4, 8} {
		Comment(fmt.Sprintf("Layer with distance %d, in the pairs of registers: |sums| < 2^%d·q.", h, i+1))
		to := zInnerLayouts[3-i]
		zRearrange(ps, from, to)
		from = to
		for p := range ps {
			zButterflyGS(&ps[p].A, &ps[p].B, zLaneTwiddles(from, p, h, true))
		}
	}
	zRearrange(ps, from, zmm.NaturalLayout())
	for p := range ps {
		x[2*p], x[2*p+1] = ps[p].A, ps[p].B
	}

	Comment("Layers with distances 16, 32 and 64: |sums| < 2⁷·q.")
	for k := 0; k < 16; k += 2 {
		zButterflyGS(&x[k], &x[k+1], zBroadcast(15-k/2, true))
	}
	for k := range 16 {
		if k%4 < 2 {
			zButterflyGS(&x[k], &x[k+2], zBroadcast(7-k/4, true))
		}
	}
	for k := range 16 {
		if k%8 < 4 {
			zButterflyGS(&x[k], &x[k+4], zBroadcast(3-k/8, true))
		}
	}

	Comment("Layer with distance 128 and the scaling: |sums| < 2⁸·q < 2³¹, then [0, q).")
	for k := range 8 {
		a, b := x[k], x[k+8]
		t := ZMM()
		VPSUBD(b, a, t)
		VPADDD(b, a, a)
		s := zMontmul(a, scaleF)
		d := zMontmul(t, zetaF)
		toField(avx512f, s)
		toField(avx512f, d)
		VMOVDQU32(s, Mem{Base: f, Disp: 64 * k})
		VMOVDQU32(d, Mem{Base: f, Disp: 64 * (k + 8)})
	}
	VZEROUPPER()
	RET()
}
