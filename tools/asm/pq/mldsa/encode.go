package main

// The kernels of the per-polynomial steps of key generation, signing and
// verification: the bit packings of FIPS 204, section 7.1, and the
// coefficient-wise Power2Round, Decompose, MakeHint and UseHint (section
// 7.4) and infinity-norm checks, with AVX2. See the package comment for the
// functions they mirror.
//
// Bit packing. Eight values of b bits (2 ≤ b ≤ 24) make b bytes, the value
// i from bit i·b. packBitsAVX2 joins the values two by two into 64-bit
// lanes, the even value shifted left by s_j = 2b·j mod 8 and the odd one by
// b + s_j (VPSLLVQ), so that lane j holds its 2b bits from bit s_j of byte
// ⌊2b·j/8⌋ of the output, in at most six bytes. An output byte takes bits
// from at most two lanes, consecutive ones; two VPSHUFB per 128-bit half
// (one for the even lanes, one for the odd ones, on the register and on its
// halves swapped by VPERMQ, since VPSHUFB does not cross the halves) and
// their OR give the b bytes. unpackBitsAVX2 loads bytes 0..15 of eight
// values and bytes ⌊b/2⌋..⌊b/2⌋+15 in the high half (value i starts in byte
// ⌊i·b/8⌋, and for b ≤ 24 the four bytes of values 0..3 lie in the first 16
// bytes, those of values 4..7 in the second load), gathers the four bytes
// from byte ⌊i·b/8⌋ into lane i with VPSHUFB, shifts them right by i·b mod 8
// (VPSRLVD) and keeps b bits. The tables of both are made for every b in
// [2, 24] by the generator. The widths, the sizes and the positions are
// public; the values are not, and neither addresses nor branches depend on
// them. Stores and loads stay inside the buffers: the last groups are
// packed to, or unpacked from, a buffer on the stack, copied with 8-byte
// moves and cleared at the end.
//
// Decompose. For r in [0, q), ⌊(r + α/2 − 1)·mul/2⁴⁸⌋ with mul = ⌈2⁴⁸/α⌉
// is the r1 of the Go code, by the same formula (checked for every r by
// TestDecomposeKernels): VPMULUDQ forms the 64-bit products of the even
// lanes, and of the odd lanes moved down, with mul < 2³² (α > 2¹⁶, true of
// both values of γ₂), and shifts by 48 (the even lanes) or by 16, keeping
// the high half (the odd lanes: the products are below 2⁵⁴). r0 = r − r1·α
// (VPMULLD), and where r1 = m a comparison mask clears r1 and, added, takes
// one from r0, as the mask wrap of decompose does.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The widths of packTable, and the layout of one width's entry, of
// packStride bytes.
const (
	packMinBits = 2
	packMaxBits = 24
	packStride  = 288

	unpackShufOff  = 0   // VPSHUFB pattern gathering the 4 bytes of each value
	unpackShiftOff = 32  // i·b mod 8 per lane
	unpackMaskOff  = 64  // 2^b − 1 per lane
	packEvenOff    = 96  // s_j per 64-bit lane
	packOddOff     = 128 // b + s_j per 64-bit lane
	packShufOff    = 160 // four VPSHUFB patterns: even and odd lanes of the register, then of the swapped one
)

var packTable Mem

// packTables fills the per-width tables of packBitsAVX2 and unpackBitsAVX2.
func packTables() {
	packTable = GLOBL("mldsaPackTables", RODATA|NOPTR)
	for b := packMinBits; b <= packMaxBits; b++ {
		base := (b - packMinBits) * packStride
		var bytes [packStride]byte
		put32 := func(off int, v uint32) {
			for t := range 4 {
				bytes[off+t] = byte(v >> (8 * t))
			}
		}
		h := b / 2
		for i := range 8 {
			o := i * b / 8
			for t := range 4 {
				src := o + t
				if i >= 4 {
					src -= h
				}
				if src < 0 || src > 15 {
					panic("unpack pattern out of its half")
				}
				bytes[unpackShufOff+4*i+t] = byte(src)
			}
			put32(unpackShiftOff+4*i, uint32(i*b%8))
			put32(unpackMaskOff+4*i, 1<<b-1)
		}
		for j := range 4 {
			s := 2 * b * j % 8
			put32(packEvenOff+8*j, uint32(s))
			put32(packOddOff+8*j, uint32(b+s))
		}
		for i := range 128 {
			bytes[packShufOff+i] = 0x80
		}
		for k := range b {
			half := k / 16
			for j := range 4 {
				// Lane j covers bytes o .. o + ⌈(2b + s)/8⌉ − 1.
				o, s := 2*b*j/8, 2*b*j%8
				size := (2*b + s + 7) / 8
				if k < o || k >= o+size {
					continue
				}
				if size > 8 {
					panic("pack lane too wide")
				}
				table := j % 2
				if j/2 != half {
					table += 2
				}
				slot := packShufOff + 32*table + k
				if bytes[slot] != 0x80 {
					panic("two lanes in one pattern byte")
				}
				bytes[slot] = byte(8*(j%2) + k - o)
			}
		}
		for i := 0; i < packStride; i += 8 {
			var w uint64
			for t := range 8 {
				w |= uint64(bytes[i+t]) << (8 * t)
			}
			DATA(base+i, U64(w))
		}
	}
}

// packDesc sets a register to the table entry of the width in the
// register bits.
func packDesc(bits Register) GPVirtual {
	desc := GP64()
	IMUL3Q(U32(packStride), bits, desc)
	tb := GP64()
	LEAQ(packTable, tb)
	LEAQ(Mem{Base: tb, Index: desc, Scale: 1, Disp: -packMinBits * packStride}, desc)
	return desc
}

// copy8 copies n bytes (8 ≤ n, in the register n) from src to dst with 8-byte
// moves, the last one overlapping the one before.
func copy8(dst, src, n Register, name string) {
	i, x := GP64(), GP64()
	XORQ(i, i)
	Label(name + "Copy")
	MOVQ(Mem{Base: src, Index: i, Scale: 1}, x)
	MOVQ(x, Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(8), i)
	LEAQ(Mem{Base: i, Disp: 8}, x)
	CMPQ(x, n)
	JBE(LabelRef(name + "Copy"))
	MOVQ(Mem{Base: src, Index: n, Scale: 1, Disp: -8}, x)
	MOVQ(x, Mem{Base: dst, Index: n, Scale: 1, Disp: -8})
}

// packGroup packs the eight values of v (below 2^b) into the b low bytes
// of the result.
func packGroup(v VecVirtual, desc Register, zero VecVirtual) VecVirtual {
	ev, od := YMM(), YMM()
	VPBLENDD(U8(0xaa), zero, v, ev)
	VPSRLQ(U8(32), v, od)
	VPSLLVQ(Mem{Base: desc, Disp: packEvenOff}, ev, ev)
	VPSLLVQ(Mem{Base: desc, Disp: packOddOff}, od, od)
	VPOR(od, ev, ev)
	sw, r, t := YMM(), YMM(), YMM()
	VPERMQ(U8(0x4e), ev, sw)
	VPSHUFB(Mem{Base: desc, Disp: packShufOff}, ev, r)
	VPSHUFB(Mem{Base: desc, Disp: packShufOff + 32}, ev, t)
	VPOR(t, r, r)
	VPSHUFB(Mem{Base: desc, Disp: packShufOff + 64}, sw, t)
	VPOR(t, r, r)
	VPSHUFB(Mem{Base: desc, Disp: packShufOff + 96}, sw, t)
	VPOR(t, r, r)
	return r
}

// packKernel emits the body of packBitsAVX2 and packCenteredAVX2: pre, if
// not nil, maps the eight coefficients loaded to the values to pack.
func packKernel(name string, pre func(v VecVirtual)) {
	out := Load(Param("out"), GP64())
	v := Load(Param("v"), GP64())
	bits := Load(Param("bits"), GP64())
	desc := packDesc(bits)
	local := AllocLocal(96)
	zero := YMM()
	VPXOR(zero, zero, zero)
	end := GP64()
	MOVQ(bits, end)
	SHLQ(U8(5), end)
	ADDQ(out, end) // out + 32·b
	limit := GP64()
	LEAQ(Mem{Base: end, Disp: -40}, limit)
	vend := GP64()
	LEAQ(Mem{Base: v, Disp: 1024}, vend)

	group := func() VecVirtual {
		x := YMM()
		VMOVDQU(Mem{Base: v}, x)
		if pre != nil {
			pre(x)
		}
		return packGroup(x, desc, zero)
	}
	// Groups stored with 32-byte stores while 40 bytes remain, then the
	// last ones (16 to 40 bytes, ending with a group of 8 to 24 bytes) in
	// local and copied.
	Label(name + "Loop")
	CMPQ(out, limit)
	JA(LabelRef(name + "Tail"))
	r := group()
	VMOVDQU(r, Mem{Base: out})
	ADDQ(bits, out)
	ADDQ(U8(32), v)
	JMP(LabelRef(name + "Loop"))

	Label(name + "Tail")
	buf := GP64()
	LEAQ(local, buf)
	Label(name + "TailLoop")
	r = group()
	VMOVDQU(r, Mem{Base: buf})
	ADDQ(bits, buf)
	ADDQ(U8(32), v)
	CMPQ(v, vend)
	JB(LabelRef(name + "TailLoop"))
	SUBQ(out, end) // the bytes left
	LEAQ(local, buf)
	copy8(out, buf, end, name)
	// The values in local are cleared, as the Go code clears its copies.
	for o := 0; o < 96; o += 32 {
		VMOVDQU(zero, local.Offset(o))
	}
	VZEROUPPER()
	RET()
}

func packBitsAVX2() {
	TEXT("packBitsAVX2", NOSPLIT, "func(out *byte, v *[256]uint32, bits uint)")
	Doc(
		"packBitsAVX2 writes the 256 values v[i] < 2^bits, 2 ≤ bits ≤ 24, to the",
		"32·bits bytes at out: packBitsGeneric with AVX2.",
	)
	packKernel("packBits", nil)
}

func packCenteredAVX2() {
	TEXT("packCenteredAVX2", NOSPLIT, "func(out *byte, v *[256]uint32, b uint32, bits uint)")
	Doc(
		"packCenteredAVX2 writes the 256 values b − v[i] mod q, below 2^bits,",
		"2 ≤ bits ≤ 24, to the 32·bits bytes at out, for b < q: packCenteredGeneric",
		"with AVX2.",
	)
	bq, qv := YMM(), YMM()
	b := Load(Param("b"), GP32())
	ADDL(U32(q), b)
	VMOVD(b, bq.AsX())
	VPBROADCASTD(bq.AsX(), bq)
	VMOVDQU(qVec, qv)
	packKernel("packCentered", func(x VecVirtual) {
		// fieldSub: b + q − x in [1, 2q), then the unsigned minimum of
		// it and it − q.
		t := YMM()
		VPSUBD(x, bq, x)
		VPSUBD(qv, x, t)
		VPMINUD(t, x, x)
	})
}

// unpackKernel emits the body of unpackBitsAVX2 and unpackCenteredAVX2:
// post, if not nil, maps the eight values read before they are stored.
func unpackKernel(name string, post func(x VecVirtual)) {
	v := Load(Param("v"), GP64())
	in := Load(Param("in"), GP64())
	bits := Load(Param("bits"), GP64())
	desc := packDesc(bits)
	local := AllocLocal(64)
	h := GP64()
	MOVQ(bits, h)
	SHRQ(U8(1), h)
	end := GP64()
	MOVQ(bits, end)
	SHLQ(U8(5), end)
	ADDQ(in, end) // in + 32·b
	limit := GP64()
	LEAQ(Mem{Base: end, Disp: -32}, limit)
	vend := GP64()
	LEAQ(Mem{Base: v, Disp: 1024}, vend)
	shuf, shift, mask := YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: desc, Disp: unpackShufOff}, shuf)
	VMOVDQU(Mem{Base: desc, Disp: unpackShiftOff}, shift)
	VMOVDQU(Mem{Base: desc, Disp: unpackMaskOff}, mask)

	group := func(p Register) {
		x := YMM()
		VMOVDQU(Mem{Base: p}, x.AsX())
		VINSERTI128(U8(1), Mem{Base: p, Index: h, Scale: 1}, x, x)
		VPSHUFB(shuf, x, x)
		VPSRLVD(shift, x, x)
		VPAND(mask, x, x)
		if post != nil {
			post(x)
		}
		VMOVDQU(x, Mem{Base: v})
	}
	// Groups read in place while 32 bytes remain (a group reads at most
	// 28), then the last 8 to 32 bytes copied to local, zeroed first.
	Label(name + "Loop")
	CMPQ(in, limit)
	JA(LabelRef(name + "Tail"))
	group(in)
	ADDQ(bits, in)
	ADDQ(U8(32), v)
	JMP(LabelRef(name + "Loop"))

	Label(name + "Tail")
	z := YMM()
	VPXOR(z, z, z)
	VMOVDQU(z, local)
	VMOVDQU(z, local.Offset(32))
	buf := GP64()
	LEAQ(local, buf)
	SUBQ(in, end) // the bytes left
	copy8(buf, in, end, name)
	Label(name + "TailLoop")
	group(buf)
	ADDQ(bits, buf)
	ADDQ(U8(32), v)
	CMPQ(v, vend)
	JB(LabelRef(name + "TailLoop"))
	VMOVDQU(z, local)
	VMOVDQU(z, local.Offset(32))
}

func unpackBitsAVX2() {
	TEXT("unpackBitsAVX2", NOSPLIT, "func(v *[256]uint32, in *byte, bits uint)")
	Doc(
		"unpackBitsAVX2 sets v to the 256 values of bits bits, 2 ≤ bits ≤ 24, in the",
		"32·bits bytes at in: unpackBitsGeneric with AVX2.",
	)
	unpackKernel("unpackBits", nil)
	VZEROUPPER()
	RET()
}

func unpackCenteredAVX2() {
	TEXT("unpackCenteredAVX2", NOSPLIT, "func(v *[256]uint32, in *byte, b uint32, bits uint, max uint32) uint32")
	Doc(
		"unpackCenteredAVX2 sets v[i] to b − x mod q for the 256 values x of bits",
		"bits, 2 ≤ bits ≤ 24, in the 32·bits bytes at in, and returns 1 if a value",
		"is above max, 0 otherwise: unpackCenteredGeneric with AVX2.",
	)
	bv, mv, qv, acc := YMM(), YMM(), YMM(), YMM()
	t := GP32()
	Load(Param("b"), t)
	VMOVD(t, bv.AsX())
	VPBROADCASTD(bv.AsX(), bv)
	Load(Param("max"), t)
	VMOVD(t, mv.AsX())
	VPBROADCASTD(mv.AsX(), mv)
	VMOVDQU(qVec, qv)
	VPXOR(acc, acc, acc)
	unpackKernel("unpackCentered", func(x VecVirtual) {
		// bad |= max − x; then fieldFromInt(b − x): q added where the
		// difference is negative.
		d := YMM()
		VPSUBD(x, mv, d)
		VPOR(d, acc, acc)
		VPSUBD(x, bv, x)
		VPSRAD(U8(31), x, d)
		VPAND(qv, d, d)
		VPADDD(d, x, x)
	})
	signBit(acc)
}

// signBit returns 1 if the top bit of a lane of acc is set, 0 otherwise,
// without a branch, and ends the function.
func signBit(acc VecVirtual) {
	m := GP32()
	VMOVMSKPS(acc, m)
	ADDL(U32(255), m)
	SHRL(U8(8), m)
	Store(m, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// decomposer holds the registers of Decompose's constants.
type decomposer struct {
	halfM1, mul, alpha, m VecVirtual
}

func broadcastParam(name string, r GPVirtual) VecVirtual {
	v := YMM()
	Load(Param(name), r)
	VMOVD(r.As32(), v.AsX())
	VPBROADCASTD(v.AsX(), v)
	return v
}

// loadDecomposer loads α, m and mul from the parameters alpha, m and mul.
func loadDecomposer() decomposer {
	var d decomposer
	d.alpha = broadcastParam("alpha", GP32())
	d.m = broadcastParam("m", GP32())
	d.mul = broadcastParam("mul", GP64()) // below 2³²: its low half
	a := GP32()
	Load(Param("alpha"), a)
	SHRL(U8(1), a)
	DECL(a)
	d.halfM1 = YMM()
	VMOVD(a, d.halfM1.AsX())
	VPBROADCASTD(d.halfM1.AsX(), d.halfM1)
	return d
}

// highBits sets r1 to the r1 of decompose(r), with the wrap mask
// (all ones where the quotient was m) in wrap if it is not nil.
func (d decomposer) highBits(r1, r VecVirtual, wrap VecVirtual) {
	x, xo := YMM(), YMM()
	VPADDD(d.halfM1, r, x)
	VPSRLQ(U8(32), x, xo)
	VPMULUDQ(d.mul, x, x)
	VPMULUDQ(d.mul, xo, xo)
	VPSRLQ(U8(48), x, x)
	VPSRLQ(U8(16), xo, xo)
	VPBLENDD(U8(0xaa), xo, x, r1)
	w := wrap
	if w == nil {
		w = YMM()
	}
	VPCMPEQD(d.m, r1, w)
	VPANDN(r1, w, r1) // r1 &^ wrap
}

// decompose sets r1 and r0 to decompose(r).
func (d decomposer) decompose(r1, r0, r VecVirtual) {
	wrap := YMM()
	d.highBits(r1, r, wrap)
	t := YMM()
	// r1·α with the r1 before the wrap: r1 = 0 after it where it was m,
	// so use m·α = q − 1 there, from r1 | (m & wrap).
	VPAND(d.m, wrap, t)
	VPOR(r1, t, t)
	VPMULLD(d.alpha, t, t)
	VPSUBD(t, r, r0)
	VPADDD(wrap, r0, r0) // −1 where wrapped
}

// reduceSum sets s to fieldAdd's result for s = a + b in [0, 2q): the
// unsigned minimum of s and s − q.
func reduceSum(s, qv VecVirtual) {
	t := YMM()
	VPSUBD(qv, s, t)
	VPMINUD(t, s, s)
}

const decSig = "alpha uint32, m uint32, mul uint64"

func highBitsPolyAVX2() {
	TEXT("highBitsPolyAVX2", NOSPLIT, "func(w1 *[256]uint32, w *[256]uint32, "+decSig+")")
	Doc("highBitsPolyAVX2 sets w1 to HighBits(w): highBitsPolyGeneric with AVX2.")
	w1 := Load(Param("w1"), GP64())
	w := Load(Param("w"), GP64())
	d := loadDecomposer()
	for i := range 32 {
		r, r1 := YMM(), YMM()
		VMOVDQU(Mem{Base: w, Disp: 32 * i}, r)
		d.highBits(r1, r, nil)
		VMOVDQU(r1, Mem{Base: w1, Disp: 32 * i})
	}
	VZEROUPPER()
	RET()
}

func subLowBitsAVX2() {
	TEXT("subLowBitsAVX2", NOSPLIT, "func(w *[256]uint32, t *[256]uint32, "+decSig+", bound uint32) uint32")
	Doc(
		"subLowBitsAVX2 sets w to w − t and returns 1 if a coefficient of",
		"LowBits(w) has an absolute value of bound or more, 0 otherwise:",
		"subLowBitsGeneric with AVX2.",
	)
	w := Load(Param("w"), GP64())
	tp := Load(Param("t"), GP64())
	d := loadDecomposer()
	bm := broadcastParam("bound", GP32())
	ones := YMM()
	VPCMPEQD(ones, ones, ones)
	VPADDD(ones, bm, bm) // bound − 1
	qv, acc := YMM(), YMM()
	VMOVDQU(qVec, qv)
	VPXOR(acc, acc, acc)
	for i := range 32 {
		r, x, r1, r0 := YMM(), YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: w, Disp: 32 * i}, r)
		VMOVDQU(Mem{Base: tp, Disp: 32 * i}, x)
		VPSUBD(x, r, r)
		VPADDD(qv, r, r) // w − t + q in [1, 2q)
		reduceSum(r, qv)
		VMOVDQU(r, Mem{Base: w, Disp: 32 * i})
		d.decompose(r1, r0, r)
		VPABSD(r0, r0)
		VPSUBD(r0, bm, r0)
		VPOR(r0, acc, acc)
	}
	signBit(acc)
}

func makeHintsAVX2() {
	TEXT("makeHintsAVX2", NOSPLIT, "func(h *[256]byte, w *[256]uint32, t *[256]uint32, "+decSig+") uint32")
	Doc(
		"makeHintsAVX2 sets h[i] to 1 where HighBits(w[i] + t[i]) differs from",
		"HighBits(w[i]), to 0 elsewhere, and returns the number of ones:",
		"makeHintsGeneric with AVX2.",
	)
	hp := Load(Param("h"), GP64())
	w := Load(Param("w"), GP64())
	tp := Load(Param("t"), GP64())
	d := loadDecomposer()
	qv, cnt, one, order := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(qVec, qv)
	VPXOR(cnt, cnt, cnt)
	VMOVDQU(consts.vector(splat(0x01010101)), one)
	VMOVDQU(consts.vector([8]int32{0, 4, 1, 5, 2, 6, 3, 7}), order)
	for blk := range 8 {
		var eq [4]VecVirtual
		for k := range 4 {
			off := 128*blk + 32*k
			r, s, a, b := YMM(), YMM(), YMM(), YMM()
			VMOVDQU(Mem{Base: w, Disp: off}, r)
			VPADDD(Mem{Base: tp, Disp: off}, r, s)
			reduceSum(s, qv)
			d.highBits(a, r, nil)
			d.highBits(b, s, nil)
			eq[k] = YMM()
			VPCMPEQD(a, b, eq[k]) // all ones where no hint
			VPSUBD(eq[k], cnt, cnt)
		}
		// Lanes to bytes, in order: the packs interleave the 128-bit
		// halves, which VPERMD puts back.
		VPACKSSDW(eq[1], eq[0], eq[0])
		VPACKSSDW(eq[3], eq[2], eq[2])
		VPACKSSWB(eq[2], eq[0], eq[0])
		VPERMD(eq[0], order, eq[0])
		VPADDB(one, eq[0], eq[0]) // −1 + 1 = 0, 0 + 1 = 1
		VMOVDQU(eq[0], Mem{Base: hp, Disp: 32 * blk})
	}
	// 256 minus the coefficients without a hint.
	x := YMM()
	VEXTRACTI128(U8(1), cnt, x.AsX())
	VPADDD(x.AsX(), cnt.AsX(), cnt.AsX())
	VPSHUFD(U8(0x4e), cnt.AsX(), x.AsX())
	VPADDD(x.AsX(), cnt.AsX(), cnt.AsX())
	VPSHUFD(U8(0xb1), cnt.AsX(), x.AsX())
	VPADDD(x.AsX(), cnt.AsX(), cnt.AsX())
	c, r := GP32(), GP32()
	VMOVD(cnt.AsX(), c)
	MOVL(U32(256), r)
	SUBL(c, r)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

func useHintPolyAVX2() {
	TEXT("useHintPolyAVX2", NOSPLIT, "func(w1 *[256]uint32, h *[256]byte, w *[256]uint32, "+decSig+")")
	Doc(
		"useHintPolyAVX2 sets w1[i] to UseHint(h[i], w[i]): useHintPolyGeneric with",
		"AVX2. It makes no branch on the data, though the data is public.",
	)
	w1 := Load(Param("w1"), GP64())
	hp := Load(Param("h"), GP64())
	w := Load(Param("w"), GP64())
	d := loadDecomposer()
	zero, ones := YMM(), YMM()
	VPXOR(zero, zero, zero)
	VPCMPEQD(ones, ones, ones)
	for i := range 32 {
		r, r1, r0, hv, pos := YMM(), YMM(), YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: w, Disp: 32 * i}, r)
		d.decompose(r1, r0, r)
		VPMOVZXBD(Mem{Base: hp, Disp: 8 * i}, hv)
		VPCMPEQD(zero, hv, hv)  // all ones where h = 0
		VPCMPGTD(zero, r0, pos) // all ones where r0 > 0
		// The step: +1 where r0 > 0, −1 elsewhere, 0 where h = 0.
		VPADDD(pos, pos, pos)
		VPSUBD(pos, ones, pos)
		VPANDN(pos, hv, pos)
		VPADDD(pos, r1, r1) // in [−1, m]
		// −1 becomes m − 1, m becomes 0.
		t := YMM()
		VPSRAD(U8(31), r1, t)
		VPAND(d.m, t, t)
		VPADDD(t, r1, r1)
		VPCMPEQD(d.m, r1, t)
		VPANDN(r1, t, r1)
		VMOVDQU(r1, Mem{Base: w1, Disp: 32 * i})
	}
	VZEROUPPER()
	RET()
}

func exceedsAVX2() {
	TEXT("exceedsAVX2", NOSPLIT, "func(f *[256]uint32, bound uint32) uint32")
	Doc(
		"exceedsAVX2 returns 1 if a coefficient of f has an infinity norm of bound",
		"or more, and 0 otherwise: exceedsGeneric with AVX2.",
	)
	f := Load(Param("f"), GP64())
	bm := broadcastParam("bound", GP32())
	ones, qv, acc := YMM(), YMM(), YMM()
	VPCMPEQD(ones, ones, ones)
	VPADDD(ones, bm, bm) // bound − 1
	VMOVDQU(qVec, qv)
	VPXOR(acc, acc, acc)
	for i := range 32 {
		// |a mod± q| is the smaller of a and q − a for a in [0, q).
		a, t := YMM(), YMM()
		VMOVDQU(Mem{Base: f, Disp: 32 * i}, a)
		VPSUBD(a, qv, t)
		VPMINUD(t, a, a)
		VPSUBD(a, bm, a)
		VPOR(a, acc, acc)
	}
	signBit(acc)
}

func power2RoundPolyAVX2() {
	TEXT("power2RoundPolyAVX2", NOSPLIT, "func(t1 *[256]uint32, t0 *[256]uint32, t *[256]uint32, s *[256]uint32)")
	Doc(
		"power2RoundPolyAVX2 sets t1 and t0 to the high part and the low part mod q",
		"of Power2Round(t + s): power2RoundPolyGeneric with AVX2.",
	)
	t1 := Load(Param("t1"), GP64())
	t0 := Load(Param("t0"), GP64())
	tp := Load(Param("t"), GP64())
	sp := Load(Param("s"), GP64())
	qv, rnd := YMM(), YMM()
	VMOVDQU(qVec, qv)
	VMOVDQU(consts.vector(splat(1<<12-1)), rnd)
	for i := range 32 {
		r, r1, x := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: tp, Disp: 32 * i}, r)
		VPADDD(Mem{Base: sp, Disp: 32 * i}, r, r)
		reduceSum(r, qv)
		VPADDD(rnd, r, r1)
		VPSRLD(U8(13), r1, r1)
		VMOVDQU(r1, Mem{Base: t1, Disp: 32 * i})
		VPSLLD(U8(13), r1, x)
		VPSUBD(x, r, r) // r0 in (−2¹², 2¹²]
		VPSRAD(U8(31), r, x)
		VPAND(qv, x, x)
		VPADDD(x, r, r)
		VMOVDQU(r, Mem{Base: t0, Disp: 32 * i})
	}
	VZEROUPPER()
	RET()
}
