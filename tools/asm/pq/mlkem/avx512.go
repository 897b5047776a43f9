package main

// With -avx512, the command writes pq/internal/mlkem/ntt_avx512_amd64.s
// instead of ntt_amd64.s: the transforms and the products of NTT
// representations with AVX-512F and AVX-512BW, thirty-two 16-bit
// coefficients to a ZMM register. nttAVX512 mirrors nttGeneric (FIPS 203,
// Algorithm 9), inverseNTTAVX512 mirrors inverseNTTGeneric (Algorithm 10)
// and dotNTTAVX512 mirrors dotNTTGeneric (the sums of the products of
// Algorithms 11 and 12), with the same inputs and outputs: coefficients
// fully reduced into [0, q), in the order FIPS 203 numbers them.
//
// Arithmetic and bounds. They are those of the AVX2 kernels (see main.go),
// instruction for instruction on twice the lanes: Montgomery products with
// R = 2¹⁶ in (−q, q); seven layers of the forward transform below 8q < 2¹⁵
// with no reduction in between, then Barrett's reduction and a conditional
// subtraction of q; the inverse transform's sums reduced with Barrett's
// method after its third and sixth layers, as the AVX2 code does, so that
// they never exceed the 16-bit range; the sums of up to four base-case
// products below 8q. AVX-512 has no VPBLENDW on ZMM registers: a move
// masked to the odd 16-bit lanes (VMOVDQU16) joins the two halves of the
// base-case products instead.
//
// Data movement. A polynomial is eight registers, register k holding
// coefficients 32k to 32k + 31, so each transform is one pass. The layers
// with distances 128, 64 and 32 pair whole registers. The layers with
// distances 16, 8, 4 and 2 pair coefficients inside each block of 64, a
// pair of registers, whose 32 pairs of coefficients (ML-KEM's last layer
// keeps the two coefficients of a pair together) are the 32-bit cells:
// before each of them two zmm.Shuffles of the pair (VSHUFI64X2,
// VPUNPCK{L,H}QDQ, VSHUFPS, or two VPERMT2D where none of those does) put
// the cells at that distance in the same lane of the two registers, with a
// multiplier per cell. The generator follows which cell is in which lane,
// checks for each layer that every lane pairs the right two cells, and
// takes the multipliers from that. The forward transform's last zmm.Shuffles
// restore the natural order; the inverse transform starts with them
// undone.
//
// Speed. Per transform, the kernels run 300 and 362 instructions against
// the AVX2 kernels' 627 and 739. llvm-mca 19 estimates 215 cycles against
// 353 for the forward transform on Sapphire Rapids (195 against 387 on Ice
// Lake server, 183 against 310 on Zen 4), most of it the latency of a
// layer, since only eight registers are in flight. On a Sapphire Rapids
// class Xeon (Go 1.26) the forward transform takes about 55 ns against
// 85 ns, the inverse 57 ns against 82 ns, and a sum of three base-case
// products 90 ns against 108 ns.
//
// Nothing branches on, or indexes memory with, the coefficients; dotNTT's
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

var zConsts *zmm.Table

// zFactorOf stores the multiplier of the 32 lanes' constants.
func zFactorOf(c [32]int) factor {
	z, zq := montWords(c[:])
	return factor{zConsts.Words([32]int16(z)), zConsts.Words([32]int16(zq))}
}

// zBroadcast returns the multiplier by c in every lane.
func zBroadcast(c int) factor {
	var v [32]int
	for i := range v {
		v[i] = c
	}
	return zFactorOf(v)
}

// zMontmul returns a·z·R⁻¹ mod q, in (−q, q): montmul on 32 lanes.
func zMontmul(a VecVirtual, f factor) VecVirtual {
	hi, lo := ZMM(), ZMM()
	VPMULHW(f.z, a, hi)
	VPMULLW(f.zq, a, lo)
	VPMULHW(qReg, lo, lo)
	VPSUBW(lo, hi, hi)
	return hi
}

// zMontmulVar returns a·b·R⁻¹ mod q, in (−q, q), for |a|, |b| < q.
func zMontmulVar(a, b Op, qinvZ VecVirtual) VecVirtual {
	hi, lo := ZMM(), ZMM()
	VPMULLW(b, a, lo)
	VPMULHW(b, a, hi)
	VPMULLW(qinvZ, lo, lo)
	VPMULHW(qReg, lo, lo)
	VPSUBW(lo, hi, hi)
	return hi
}

// zButterflyCT is butterflyCT on 32 lanes: (a, b) ← (a + z·b, a − z·b).
func zButterflyCT(a, b *VecVirtual, f factor) {
	t := zMontmul(*b, f)
	d := ZMM()
	VPSUBW(t, *a, d)
	VPADDW(t, *a, *a)
	*b = d
}

// zButterflyGS is butterflyGS on 32 lanes: (a, b) ← (a + b, z·(b − a)).
func zButterflyGS(a, b *VecVirtual, f factor) {
	t := ZMM()
	VPSUBW(*a, *b, t)
	VPADDW(*b, *a, *a)
	*b = zMontmul(t, f)
}

// avx512bw is the register width of the AVX-512 kernels.
var avx512bw = vecISA{
	reg: ZMM,
	and: func(x, y, dst Op) { VPANDD(x, y, dst) },
}

// zBroadcastImm returns a register with the 16-bit v in every lane.
func zBroadcastImm(v uint16) VecVirtual {
	r, z := GP32(), ZMM()
	MOVL(U32(v), r)
	VPBROADCASTW(r, z)
	return z
}

// zRearrange moves the cells of every pair from layout from to layout to;
// see zmm.Rearrange.
func zRearrange(ps []zmm.Pair, from, to zmm.Layout) {
	zmm.Rearrange(ps, from, to, zConsts)
}

// The layouts before the layers with distances 16, 8, 4 and 2 of the
// forward transform (and after those of the inverse), a pair of
// coefficients to a cell.
var zInnerLayouts = zmm.InnerLayouts()

// zLaneTwiddles returns the multipliers of the layer with distance h, from
// 2 to 16 coefficients, for pair p in layout l: zetas[k] per cell, with
// k = 128/h + g for the forward transform and 256/h − 1 − g for the
// inverse, g the group of 2h coefficients. It checks that each lane pairs
// a cell with the one h/2 cells after it.
func zLaneTwiddles(l zmm.Layout, p, h int, inverse bool) factor {
	l.CheckDistance(h / 2)
	var c [32]int
	for i := range 16 {
		g := (64*p + 2*l[0][i]) / (2 * h)
		k := 128/h + g
		if inverse {
			k = 256/h - 1 - g
		}
		c[2*i], c[2*i+1] = zetas[k], zetas[k]
	}
	return zFactorOf(c)
}

func mainAVX512() {
	ConstraintExpr("gc,!purego")
	zConsts = zmm.NewTable("mlkemConstsAVX512")
	nttAVX512()
	inverseNTTAVX512()
	dotNTTAVX512()
	zConsts.Emit()
	Generate()
}

// zMov moves 64 bytes of 16-bit coefficients: VMOVDQU16.
func zMov(src, dst Op) { VMOVDQU16(src, dst) }

// zLoadPoly loads the eight registers of the polynomial at f.
func zLoadPoly(f Register) []VecVirtual { return zmm.LoadPoly(f, 8, zMov) }

func nttAVX512() {
	TEXT("nttAVX512", NOSPLIT, "func(f *[256]uint16)")
	Doc("nttAVX512 replaces the coefficients of f with its NTT representation: nttGeneric with AVX-512BW.")
	f := Load(Param("f"), GP64())
	qReg = zBroadcastImm(q)
	x := zLoadPoly(f)

	Comment("Layers with distances 128, 64 and 32: whole registers.")
	for k := range 4 {
		zButterflyCT(&x[k], &x[k+4], zBroadcast(zetas[1]))
	}
	for k := range 8 {
		if k%4 < 2 {
			zButterflyCT(&x[k], &x[k+2], zBroadcast(zetas[2+k/4]))
		}
	}
	for k := 0; k < 8; k += 2 {
		zButterflyCT(&x[k], &x[k+1], zBroadcast(zetas[4+k/2]))
	}
	ps := zmm.PairsOf(x)
	from := zmm.NaturalLayout()
	for i, h := range []int{16, 8, 4, 2} {
		Comment(fmt.Sprintf("Layer with distance %d, in the pairs of registers.", h))
		zRearrange(ps, from, zInnerLayouts[i])
		from = zInnerLayouts[i]
		for p := range ps {
			zButterflyCT(&ps[p].A, &ps[p].B, zLaneTwiddles(from, p, h, false))
		}
	}
	Comment("Reduced to [0, q), in the natural order.")
	bar := zBroadcastImm(barrett)
	for p := range ps {
		for _, r := range []VecVirtual{ps[p].A, ps[p].B} {
			reduceBarrett(avx512bw, r, bar)
			subQ(avx512bw, r)
		}
	}
	zRearrange(ps, from, zmm.NaturalLayout())
	zmm.StorePairs(ps, f, zMov)
	VZEROUPPER()
	RET()
}

func inverseNTTAVX512() {
	TEXT("inverseNTTAVX512", NOSPLIT, "func(f *[256]uint16)")
	Doc("inverseNTTAVX512 replaces the NTT representation in f with the polynomial it represents: inverseNTTGeneric with AVX-512BW.")
	f := Load(Param("f"), GP64())
	qReg = zBroadcastImm(q)
	bar := zBroadcastImm(barrett)
	x := zLoadPoly(f)
	ps := zmm.PairsOf(x)
	from := zmm.NaturalLayout()
	for i, h := range []int{2, 4, 8, 16} {
		Comment(fmt.Sprintf("Layer with distance %d, in the pairs of registers.", h))
		to := zInnerLayouts[3-i]
		zRearrange(ps, from, to)
		from = to
		for p := range ps {
			zButterflyGS(&ps[p].A, &ps[p].B, zLaneTwiddles(from, p, h, true))
		}
		if h == 8 {
			Comment("The sums reduced, as after the AVX2 kernel's third layer.")
			for p := range ps {
				reduceBarrett(avx512bw, ps[p].A, bar)
				reduceBarrett(avx512bw, ps[p].B, bar)
			}
		}
	}
	zRearrange(ps, from, zmm.NaturalLayout())
	for p := range ps {
		x[2*p], x[2*p+1] = ps[p].A, ps[p].B
	}
	Comment("Layers with distances 32 and 64: whole registers, then reduced.")
	for k := 0; k < 8; k += 2 {
		zButterflyGS(&x[k], &x[k+1], zBroadcast(zetas[7-k/2]))
	}
	for k := range 8 {
		if k%4 < 2 {
			zButterflyGS(&x[k], &x[k+2], zBroadcast(zetas[3-k/4]))
		}
	}
	for k := range x {
		reduceBarrett(avx512bw, x[k], bar)
	}
	Comment("Layer with distance 128 and the scaling by 128⁻¹.")
	for k := range 4 {
		zButterflyGS(&x[k], &x[k+4], zBroadcast(zetas[1]))
		for _, r := range []int{k, k + 4} {
			s := zMontmul(x[r], zBroadcast(zInvNTTScale))
			addQ(avx512bw, s)
			VMOVDQU16(s, Mem{Base: f, Disp: 64 * r})
		}
	}
	VZEROUPPER()
	RET()
}

const zInvNTTScale = 3303 // 128⁻¹ mod q

func dotNTTAVX512() {
	out, a, stride, b, k := dotNTTParams("AVX512", "AVX-512BW")
	qReg = zBroadcastImm(q)
	qinvZ := zBroadcastImm(qinv)
	odd := K()
	r32 := GP32()
	MOVL(U32(0xaaaaaaaa), r32)
	KMOVD(r32, odd)
	// VPSHUFB pattern swapping the 16-bit halves of each 32-bit lane.
	var sw [32]int16
	for i := range 16 {
		j := i % 4
		sw[2*i] = int16((4*j + 2) | (4*j+3)<<8)
		sw[2*i+1] = int16((4 * j) | (4*j+1)<<8)
	}
	swap := ZMM()
	VMOVDQU16(zConsts.Words(sw), swap)
	rSquare := zBroadcast(rModQ) // R² mod q: the factor stores z·R

	// The eight chunks of 32 coefficients, unrolled: each has its own γ
	// factors.
	for c := range 8 {
		Comment(fmt.Sprintf("Coefficients %d to %d.", 32*c, 32*c+31))
		var g [32]int
		for i := range 16 {
			g[2*i+1] = gammas[16*c+i]
		}
		gam := zFactorOf(g)
		acc := ZMM()
		VPXORD(acc, acc, acc)
		pa, pb, n := GP64(), GP64(), GP64()
		MOVQ(a, pa)
		MOVQ(b, pb)
		MOVQ(k, n)
		loop := fmt.Sprintf("dot%d", c)
		Label(loop)
		x, y := ZMM(), ZMM()
		VMOVDQU16(Mem{Base: pa, Disp: 64 * c}, x)
		VMOVDQU16(Mem{Base: pb, Disp: 64 * c}, y)
		p := zMontmulVar(x, y, qinvZ) // a0·b0, a1·b1
		qq := zMontmul(p, gam)
		VPSRLD(U8(16), qq, qq) // a1·b1·γ into the even lane
		VPADDW(qq, p, p)       // even lanes: a0·b0 + a1·b1·γ
		ys := ZMM()
		VPSHUFB(swap, y, ys)
		r := zMontmulVar(x, ys, qinvZ) // a0·b1, a1·b0
		w := ZMM()
		VPSLLD(U8(16), r, w)
		VPADDW(w, r, r)      // odd lanes: a0·b1 + a1·b0
		VMOVDQU16(r, odd, p) // the odd lanes from r
		VPADDW(p, acc, acc)
		ADDQ(stride, pa)
		ADDQ(U32(512), pb)
		DECQ(n)
		JNZ(LabelRef(loop))
		s := zMontmul(acc, rSquare)
		addQ(avx512bw, s)
		VMOVDQU16(s, Mem{Base: out, Disp: 64 * c})
	}
	VZEROUPPER()
	RET()
}
