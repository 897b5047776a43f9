package main

// The byte encodings, compression and noise sampling of ML-KEM with AVX2.
//
// encode12AVX2 mirrors encode12Generic (ByteEncode₁₂, FIPS 203, Algorithm
// 5), decode12CheckedAVX2 mirrors decode12CheckedGeneric (ByteDecode₁₂,
// Algorithm 6, with the modulus check of section 7.2), and
// decode12ReduceAVX2 mirrors decode12ReduceGeneric (ByteDecode₁₂ reducing
// modulo q), all in pq/internal/mlkem/encode.go. encodeCompressedDAVX2
// mirrors encodeCompressedGeneric (ByteEncode_d ∘ Compress_d, section
// 4.2.1) and decodeDecompressedDAVX2 mirrors decodeDecompressedGeneric
// (Decompress_d ∘ ByteDecode_d), for each D of 1, 4, 5, 10 and 11, also in
// encode.go. samplePolyCBD2AVX2 and samplePolyCBD3AVX2 mirror
// samplePolyCBDGeneric (Algorithm 8) in pq/internal/mlkem/sample.go for
// η = 2 and 3.
//
// Secret data passes through all of these (the message, d = 1; noise
// bytes; secret keys, decode12Reduce), and public data through some (the
// encapsulation key, decode12Checked; ciphertexts). None branches on the
// data or uses it as an address: shuffles, shifts and multiplications by
// per-lane constants do the bit packing, and the modulus check ORs the
// comparison masks of all values and returns them, for the Go code to test.
//
// Compress_d(x) = ⌊(2^d·x + ⌊q/2⌋)/q⌋ mod 2^d, for x in [0, q), with 16-bit
// lanes:
//
//   - d = 1: the bit is 1 exactly for 833 ≤ x ≤ 2496 (x·2/q rounds to 1), an
//     unsigned comparison of x − 833 with 1663 (VPMINUW, VPCMPEQW);
//   - d = 4, 5: y = ⌊x·M / 2¹⁶⌋ with M = 630 and 1260 (VPMULHUW), then
//     ⌊(y + 1)/2⌋ (VPMULHRSW by 2¹⁴), is the quotient for every x < q (a
//     search over all x found these constants; the package's tests check
//     every x in every position);
//   - d = 10, 11: e = ⌊x·M / 2¹⁶⌋ with M = 20157 and 40316 is the quotient
//     or one less for every x < q (checked the same way); the remainder
//     r = 2^d·x − e·q, which lies in [−1664, 4994) and so is exact modulo
//     2¹⁶ (VPSLLW, VPMULLW, VPSUBW), decides: the quotient is e + 1 when
//     r > 1664 and e otherwise.
//
// Decompress_d(y) = ⌊(y·q + 2^(d−1)) / 2^d⌋ is VPMULHRSW of y·2^(15−d) by q,
// which rounds (y·q·2^(15−d) + 2¹⁴) / 2¹⁵ down: the same quotient. The
// packings work on sixteen values to a register: VPMADDWD joins pairs of
// d-bit values into 32-bit lanes, VPSLLVD and VPSRLQ pairs of those into
// 64-bit lanes, and VPSHUFB gathers the bytes (shifting the second 64-bit
// lane of each 128-bit half by four bits first when 4·d is not a multiple of
// eight; d = 4 packs bytes with VPMADDUBSW instead, and d = 1 takes the
// sign bits with VPMOVMSKB). The unpackings gather with VPSHUFB the two
// bytes (d = 11: three, in 32-bit lanes) holding each value and move the
// value to bit 15 − d with per-lane shifts (VPMULLW by powers of two, or
// VPSLLVD) and a mask; d = 1 tests one bit per lane of a broadcast word.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// enc holds the constants of the kernels of this file, each stored once.
var (
	enc      *table
	encStore = map[[16]int16]Mem{}
)

// encVector returns the address of sixteen 16-bit words in enc.
func encVector(w [16]int16) Mem {
	if m, ok := encStore[w]; ok {
		return m
	}
	m := enc.vector(w)
	encStore[w] = m
	return m
}

// encBytes returns the address of 32 bytes in enc.
func encBytes(b [32]byte) Mem {
	var w [16]int16
	for i := range w {
		w[i] = int16(uint16(b[2*i]) | uint16(b[2*i+1])<<8)
	}
	return encVector(w)
}

// encDwords returns the address of eight 32-bit words in enc.
func encDwords(d [8]uint32) Mem {
	var w [16]int16
	for i, v := range d {
		w[2*i], w[2*i+1] = int16(uint16(v)), int16(uint16(v>>16))
	}
	return encVector(w)
}

func splatBytes(v byte) [32]byte {
	var b [32]byte
	for i := range b {
		b[i] = v
	}
	return b
}

func splatDwords(v uint32) [8]uint32 {
	var d [8]uint32
	for i := range d {
		d[i] = v
	}
	return d
}

// shuffle returns VPSHUFB indexes for both 128-bit halves: idx(h, i) is the
// source byte of byte i of half h, or −1 for zero. It panics on an index
// outside the half.
func shuffle(idx func(h, i int) int) [32]byte {
	var b [32]byte
	for h := range 2 {
		for i := range 16 {
			x := idx(h, i)
			switch {
			case x < 0:
				b[16*h+i] = 0x80
			case x < 16:
				b[16*h+i] = byte(x)
			default:
				panic(fmt.Sprintf("shuffle index %d out of its half", x))
			}
		}
	}
	return b
}

// loadSplit loads 32 bytes of which the low half is the 16 at p+off and
// the high half the 16 at p+off+hi: a load that stays inside a buffer whose
// last needed byte is not 32 bytes from p+off. (VBROADCASTI128 writes the
// whole register, which a load of its low half would not.)
func loadSplit(dst VecVirtual, p Register, off, hi int) {
	VBROADCASTI128(Mem{Base: p, Disp: off}, dst)
	VINSERTI128(U8(1), Mem{Base: p, Disp: off + hi}, dst, dst)
}

func encodeAVX2() {
	enc = newTable("mlkemEncodeConsts")
	encode12AVX2()
	decode12AVX2(true)
	decode12AVX2(false)
	encodeCompressed1AVX2()
	encodeCompressed4AVX2()
	for _, d := range []int{5, 10, 11} {
		encodeCompressedPairsAVX2(d)
	}
	decodeDecompressed1AVX2()
	for _, d := range []int{4, 5, 10} {
		decodeDecompressedWordsAVX2(d)
	}
	decodeDecompressed11AVX2()
	samplePolyCBD2AVX2()
	samplePolyCBD3AVX2()
}

func encode12AVX2() {
	TEXT("encode12AVX2", NOSPLIT, "func(out *[384]byte, f *[256]uint16)")
	Doc("encode12AVX2 sets out to ByteEncode₁₂(f), for f in [0, 2¹²): encode12Generic with AVX2.")
	pair := encVector(func() (w [16]int16) {
		for i := range w {
			w[i] = int16(1 + (i%2)*4095) // 1, 2¹²
		}
		return
	}())
	pack := encBytes(shuffle(func(h, i int) int {
		if i >= 12 {
			return -1
		}
		return 4*(i/3) + i%3 // bytes 0..2 of each 32-bit lane
	}))
	perm := encDwords([8]uint32{0, 1, 2, 4, 5, 6, 3, 7})
	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	pr, pk, pm := YMM(), YMM(), YMM()
	VMOVDQU(pair, pr)
	VMOVDQU(pack, pk)
	VMOVDQU(perm, pm)
	for c := range 16 {
		x := YMM()
		VMOVDQU(Mem{Base: f, Disp: 32 * c}, x)
		VPMADDWD(pr, x, x) // x0 + x1·2¹² in each 32-bit lane
		VPSHUFB(pk, x, x)
		VPERMD(x, pm, x) // the 24 bytes at the front
		if c < 15 {
			// The 8 bytes past the 24 are overwritten by the next store.
			VMOVDQU(x, Mem{Base: out, Disp: 24 * c})
			continue
		}
		VMOVDQU(x.AsX(), Mem{Base: out, Disp: 24 * c})
		VEXTRACTI128(U8(1), x, x.AsX())
		VMOVQ(x.AsX(), Mem{Base: out, Disp: 24*c + 16})
	}
	VZEROUPPER()
	RET()
}

// spread12 is the VPSHUFB pattern that puts the 12-bit values of 24 bytes,
// loaded with loadSplit(…, 8), in the 16-bit lanes: lane 2t gets bytes o,
// o+1 and lane 2t+1 bytes o+1, o+2, with o = 3t in the low half and 3t+4 in
// the high one.
var spread12 Mem

func decode12AVX2(checked bool) {
	if checked {
		TEXT("decode12CheckedAVX2", NOSPLIT, "func(f *[256]uint16, b *[384]byte) int")
		Doc(
			"decode12CheckedAVX2 sets f to ByteDecode₁₂(b) and returns a value that is",
			"not zero if one of f is q or more: decode12CheckedGeneric with AVX2.",
		)
		spread12 = encBytes(shuffle(func(h, i int) int {
			t, o := i/4, i%4
			return 3*t + 4*h + [4]int{0, 1, 1, 2}[o]
		}))
	} else {
		TEXT("decode12ReduceAVX2", NOSPLIT, "func(f *[256]uint16, b *[384]byte)")
		Doc("decode12ReduceAVX2 sets f to ByteDecode₁₂(b) reduced modulo q: decode12ReduceGeneric with AVX2.")
	}
	low12 := encVector(splat(0x0fff))
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	sp, lo, qv := YMM(), YMM(), YMM()
	VMOVDQU(spread12, sp)
	VMOVDQU(low12, lo)
	VMOVDQU(qVec, qv)
	bad, qm1 := YMM(), YMM()
	if checked {
		VPXOR(bad, bad, bad)
		VPCMPEQW(qm1, qm1, qm1)
		VPADDW(qv, qm1, qm1) // q − 1
	}
	for c := range 16 {
		x, v := YMM(), YMM()
		loadSplit(x, b, 24*c, 8)
		VPSHUFB(sp, x, x)
		VPAND(lo, x, v)
		VPSRLW(U8(4), x, x)
		VPBLENDW(U8(0xaa), x, v, v)
		if checked {
			t := YMM()
			VPCMPGTW(qm1, v, t) // v > q − 1
			VPOR(t, bad, bad)
		} else {
			t := YMM()
			VPSUBW(qv, v, t)
			VPMINUW(t, v, v) // v − q unless that wrapped around
		}
		VMOVDQU(v, Mem{Base: f, Disp: 32 * c})
	}
	if checked {
		r := GP32()
		VPMOVMSKB(bad, r)
		Store(r.As64(), ReturnIndex(0))
	}
	VZEROUPPER()
	RET()
}

// compressWords sets x, sixteen values in [0, q), to Compress_d of them,
// for d = 4, 5, 10 or 11 (see the header).
func compressWords(x VecVirtual, d int, k *compressConsts) {
	switch d {
	case 4, 5:
		VPMULHUW(k.m, x, x)
		VPMULHRSW(k.half, x, x)
	case 10, 11:
		e, r := YMM(), YMM()
		VPMULHUW(k.m, x, e)
		VPSLLW(U8(d), x, r)
		VPMULLW(k.q, e, x)
		VPSUBW(x, r, r)     // 2^d·x − e·q
		VPCMPGTW(k.c, r, r) // −1 where r > 1664
		VPSUBW(r, e, x)
	default:
		panic("compressWords: d")
	}
	VPAND(k.mask, x, x)
}

// compressConsts are the registers compressWords uses.
type compressConsts struct{ m, half, q, c, mask VecVirtual }

func loadCompress(d int) *compressConsts {
	k := &compressConsts{m: YMM(), mask: YMM()}
	mul := map[int]uint16{4: 630, 5: 1260, 10: 20157, 11: 40316}[d]
	VMOVDQU(encVector(splat(int16(mul))), k.m) // read unsigned by VPMULHUW
	VMOVDQU(encVector(splat(int16(1<<d-1))), k.mask)
	if d < 10 {
		k.half = YMM()
		VMOVDQU(encVector(splat(1<<14)), k.half)
	} else {
		k.q, k.c = YMM(), YMM()
		VMOVDQU(qVec, k.q)
		VMOVDQU(encVector(splat(q/2)), k.c)
	}
	return k
}

func encodeCompressed1AVX2() {
	TEXT("encodeCompressed1AVX2", NOSPLIT, "func(out *[32]byte, f *[256]uint16)")
	Doc("encodeCompressed1AVX2 sets out to ByteEncode₁(Compress₁(f)): encodeCompressedGeneric with AVX2 for d = 1.")
	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	lo, top := YMM(), YMM()
	VMOVDQU(encVector(splat(833)), lo)
	VMOVDQU(encVector(splat(2496-833)), top)
	for c := range 8 {
		var m [2]VecVirtual
		for j := range m {
			m[j] = YMM()
			t := YMM()
			VMOVDQU(Mem{Base: f, Disp: 64*c + 32*j}, t)
			VPSUBW(lo, t, t)
			VPMINUW(top, t, m[j])
			VPCMPEQW(t, m[j], m[j]) // all ones where x − 833 ≤ 1663
		}
		VPACKSSWB(m[1], m[0], m[0])
		VPERMQ(U8(0xd8), m[0], m[0])
		r := GP32()
		VPMOVMSKB(m[0], r)
		MOVL(r, Mem{Base: out, Disp: 4 * c})
	}
	VZEROUPPER()
	RET()
}

func encodeCompressed4AVX2() {
	TEXT("encodeCompressed4AVX2", NOSPLIT, "func(out *[128]byte, f *[256]uint16)")
	Doc("encodeCompressed4AVX2 sets out to ByteEncode₄(Compress₄(f)): encodeCompressedGeneric with AVX2 for d = 4.")
	nib := encBytes(func() (b [32]byte) {
		for i := range b {
			b[i] = byte(1 + (i%2)*15) // 1, 16
		}
		return
	}())
	perm := encDwords([8]uint32{0, 4, 1, 5, 2, 6, 3, 7})
	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	k := loadCompress(4)
	nb, pm := YMM(), YMM()
	VMOVDQU(nib, nb)
	VMOVDQU(perm, pm)
	for c := range 4 {
		var x [4]VecVirtual
		for j := range x {
			x[j] = YMM()
			VMOVDQU(Mem{Base: f, Disp: 128*c + 32*j}, x[j])
			compressWords(x[j], 4, k)
		}
		VPACKUSWB(x[1], x[0], x[0])
		VPACKUSWB(x[3], x[2], x[2])
		VPMADDUBSW(nb, x[0], x[0]) // two values to a byte
		VPMADDUBSW(nb, x[2], x[2])
		VPACKUSWB(x[2], x[0], x[0])
		VPERMD(x[0], pm, x[0])
		VMOVDQU(x[0], Mem{Base: out, Disp: 32 * c})
	}
	VZEROUPPER()
	RET()
}

// encodeCompressedPairsAVX2 writes the kernel for d = 5, 10 or 11: per
// register of sixteen values, each 128-bit half ends as the d bytes of its
// eight values, stored as bytes 0..7 (0..3 for d = 5) and the 32-bit lane 3,
// which repeats the last four.
func encodeCompressedPairsAVX2(d int) {
	name := fmt.Sprintf("encodeCompressed%dAVX2", d)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(out *[%d]byte, f *[256]uint16)", 32*d))
	Doc(fmt.Sprintf("%s sets out to ByteEncode_%d(Compress_%d(f)): encodeCompressedGeneric with AVX2 for d = %d.", name, d, d, d))
	pair := encVector(func() (w [16]int16) {
		for i := range w {
			w[i] = int16(1 + (i%2)*(1<<d-1)) // 1, 2^d
		}
		return
	}())
	sh := 32 - 2*d
	join := encDwords([8]uint32{uint32(sh), 0, uint32(sh), 0, uint32(sh), 0, uint32(sh), 0})
	// outByte returns the register byte that becomes byte i < d of a half's
	// output; the low 64-bit lane holds 4·d bits, the high one (shifted by
	// four bits when 4·d is odd in nibbles) the next 4·d.
	n0 := (4*d + 7) / 8        // bytes of the low lane
	first := func(i int) int { // from the low lane
		if i < n0 {
			return i
		}
		return -1
	}
	second := func(i int) int { // from the high lane
		j := i - 4*d/8
		if j < 0 || i >= d {
			return -1
		}
		return 8 + j
	}
	pos := func(i int) int { // output byte of register byte i
		if i < 8 {
			return i
		}
		if i >= 12 {
			return d - 16 + i
		}
		return -1
	}
	if d == 5 {
		pos = func(i int) int {
			switch {
			case i < 4:
				return i
			case i >= 12:
				return i - 11
			}
			return -1
		}
	}
	gather := func(src func(int) int) Mem {
		return encBytes(shuffle(func(h, i int) int {
			if p := pos(i); p >= 0 {
				return src(p)
			}
			return -1
		}))
	}
	odd := 4*d%8 != 0
	var g0, g1 Mem
	if odd {
		g0, g1 = gather(first), gather(second)
	} else {
		g0 = gather(func(i int) int {
			if i < n0 {
				return i
			}
			return second(i)
		})
	}
	var nib Mem
	if odd {
		nib = encDwords([8]uint32{0, 0, 4, 0, 0, 0, 4, 0})
	}

	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	k := loadCompress(d)
	pr, jn, s0, s1, nb := YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(pair, pr)
	VMOVDQU(join, jn)
	VMOVDQU(g0, s0)
	if odd {
		VMOVDQU(g1, s1)
		VMOVDQU(nib, nb)
	}
	for c := range 16 {
		x := YMM()
		VMOVDQU(Mem{Base: f, Disp: 32 * c}, x)
		compressWords(x, d, k)
		VPMADDWD(pr, x, x) // pairs in 32-bit lanes
		VPSLLVD(jn, x, x)
		VPSRLQ(U8(sh), x, x) // fours in 64-bit lanes
		if odd {
			y := YMM()
			VPSLLVQ(nb, x, x)
			VPSHUFB(s1, x, y)
			VPSHUFB(s0, x, x)
			VPOR(y, x, x)
		} else {
			VPSHUFB(s0, x, x)
		}
		for h := range 2 {
			xh := x.AsX()
			if h == 1 {
				xh = XMM()
				VEXTRACTI128(U8(1), x, xh)
			}
			at := 2*d*c + d*h
			if d == 5 {
				VMOVD(xh, Mem{Base: out, Disp: at})
				VPEXTRD(U8(3), xh, Mem{Base: out, Disp: at + 1})
			} else {
				VMOVQ(xh, Mem{Base: out, Disp: at})
				VPEXTRD(U8(3), xh, Mem{Base: out, Disp: at + d - 4})
			}
		}
	}
	VZEROUPPER()
	RET()
}

func decodeDecompressed1AVX2() {
	TEXT("decodeDecompressed1AVX2", NOSPLIT, "func(f *[256]uint16, b *[32]byte)")
	Doc("decodeDecompressed1AVX2 sets f to Decompress₁(ByteDecode₁(b)): decodeDecompressedGeneric with AVX2 for d = 1.")
	var bit [16]int16
	for i := range bit {
		bit[i] = int16(uint16(1) << i)
	}
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	sel, half := YMM(), YMM()
	VMOVDQU(encVector(bit), sel)
	VMOVDQU(encVector(splat((q+1)/2)), half)
	for c := range 16 {
		x := YMM()
		VPBROADCASTW(Mem{Base: b, Disp: 2 * c}, x)
		VPAND(sel, x, x)
		VPCMPEQW(sel, x, x)
		VPAND(half, x, x)
		VMOVDQU(x, Mem{Base: f, Disp: 32 * c})
	}
	VZEROUPPER()
	RET()
}

// decodeDecompressedWordsAVX2 writes the kernel for d = 4, 5 or 10: the
// two bytes holding each value go to its 16-bit lane, a multiplication
// shifts the value to the top, VPSRLW and a mask put it at bit 15 − d, and
// VPMULHRSW by q decompresses.
func decodeDecompressedWordsAVX2(d int) {
	name := fmt.Sprintf("decodeDecompressed%dAVX2", d)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(f *[256]uint16, b *[%d]byte)", 32*d))
	Doc(fmt.Sprintf("%s sets f to Decompress_%d(ByteDecode_%d(b)): decodeDecompressedGeneric with AVX2 for d = %d.", name, d, d, d))
	// Registers of 32 values (2·d bytes) load the bytes of both sixteens;
	// for d = 10, one register of sixteen (d bytes per half at h·d).
	per := 2 // sixteens per load
	if d == 10 {
		per = 1
	}
	// The load: the low half is bytes 0..15 of the block, the high half
	// bytes hiOff..hiOff+15.
	hiOff := map[int]int{4: 0, 5: 4, 10: 4}[d]
	var shufs []Mem
	for s := range per {
		shufs = append(shufs, encBytes(shuffle(func(h, i int) int {
			v := 16*s + 8*h + i/2 // value of the lane
			bit := v * d
			k, o := bit/8, bit%8
			if i%2 == 1 {
				k++
				if o+d <= 8 {
					return -1
				}
			}
			return k - h*hiOff
		})))
	}
	var mul [16]int16
	for i := range mul {
		o := (i % 8 * d) % 8
		mul[i] = int16(1 << (16 - d - o))
	}
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	ml, mk, qv := YMM(), YMM(), YMM()
	VMOVDQU(encVector(mul), ml)
	VMOVDQU(encVector(splat(int16((1<<d-1)<<(15-d)))), mk)
	VMOVDQU(qVec, qv)
	sh := make([]VecVirtual, per)
	for s := range sh {
		sh[s] = YMM()
		VMOVDQU(shufs[s], sh[s])
	}
	for c := 0; c < 16; c += per {
		x := YMM()
		if d == 4 {
			VBROADCASTI128(Mem{Base: b, Disp: 8 * c}, x)
		} else {
			loadSplit(x, b, d*2*c, hiOff)
		}
		for s := range per {
			y := YMM()
			VPSHUFB(sh[s], x, y)
			VPMULLW(ml, y, y) // the value in the top d bits
			VPSRLW(U8(1), y, y)
			VPAND(mk, y, y)
			VPMULHRSW(qv, y, y)
			VMOVDQU(y, Mem{Base: f, Disp: 32 * (c + s)})
		}
	}
	VZEROUPPER()
	RET()
}

func decodeDecompressed11AVX2() {
	TEXT("decodeDecompressed11AVX2", NOSPLIT, "func(f *[256]uint16, b *[352]byte)")
	Doc("decodeDecompressed11AVX2 sets f to Decompress₁₁(ByteDecode₁₁(b)): decodeDecompressedGeneric with AVX2 for d = 11.")
	// The three bytes of value 2j (lo) or 2j+1 (hi) of a sixteen go to the
	// 32-bit lane j; the load's high half starts at byte 6 of the 22.
	gather := func(parity int) Mem {
		return encBytes(shuffle(func(h, i int) int {
			v := 8*h + 2*(i/4) + parity
			k, o := v*11/8, v*11%8
			if i%4 == 3 || i%4 == 2 && o+11 <= 16 {
				return -1 // not needed
			}
			return k + i%4 - 6*h
		}))
	}
	lo, hi := gather(0), gather(1)
	var shl, shh [8]uint32
	for j := range 8 {
		shl[j] = uint32(20 - (2*j*11)%8)
		shh[j] = uint32(20 - ((2*j+1)*11)%8)
	}
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	gl, gh, sl, sh, mk, qv := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(lo, gl)
	VMOVDQU(hi, gh)
	VMOVDQU(encDwords(shl), sl)
	VMOVDQU(encDwords(shh), sh)
	VMOVDQU(encVector(splat(0x7ff0)), mk)
	VMOVDQU(qVec, qv)
	for c := range 16 {
		x, y := YMM(), YMM()
		loadSplit(x, b, 22*c, 6)
		VPSHUFB(gh, x, y)
		VPSHUFB(gl, x, x)
		VPSLLVD(sh, y, y) // value 2j+1 at bit 20: bit 4 of the high word
		VPSLLVD(sl, x, x)
		VPSRLD(U8(16), x, x) // value 2j at bit 4 of the low word
		VPBLENDW(U8(0xaa), y, x, x)
		VPAND(mk, x, x)
		VPMULHRSW(qv, x, x)
		VMOVDQU(x, Mem{Base: f, Disp: 32 * c})
	}
	VZEROUPPER()
	RET()
}

// cbdFinish maps sixteen values n + η, n in [−η, η], to n mod q, and
// stores them.
func cbdFinish(x VecVirtual, bias, qBias VecVirtual, dst Mem) {
	a := YMM()
	VPADDW(qBias, x, a) // n + q
	VPSUBW(bias, x, x)  // n, wrapped around if negative
	VPMINUW(a, x, x)
	VMOVDQU(x, dst)
}

func samplePolyCBD2AVX2() {
	TEXT("samplePolyCBD2AVX2", NOSPLIT, "func(f *[256]uint16, b *[128]byte)")
	Doc("samplePolyCBD2AVX2 sets f to SamplePolyCBD₂(b): samplePolyCBDGeneric with AVX2 for η = 2.")
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	m55, m33, m0f, b22, two, qb := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(encBytes(splatBytes(0x55)), m55)
	VMOVDQU(encBytes(splatBytes(0x33)), m33)
	VMOVDQU(encBytes(splatBytes(0x0f)), m0f)
	VMOVDQU(encBytes(splatBytes(0x22)), b22)
	VMOVDQU(encVector(splat(2)), two)
	VMOVDQU(encVector(splat(q-2)), qb)
	for c := range 4 {
		x, t := YMM(), YMM()
		VMOVDQU(Mem{Base: b, Disp: 32 * c}, x)
		VPSRLW(U8(1), x, t)
		VPAND(m55, t, t)
		VPAND(m55, x, x)
		VPADDB(t, x, x) // four sums of two bits in each byte
		VPSRLW(U8(2), x, t)
		VPAND(m33, t, t)
		VPAND(m33, x, x)
		VPADDB(b22, x, x)
		VPSUBB(t, x, x) // each nibble: its coefficient plus 2
		hiN := YMM()
		VPSRLW(U8(4), x, hiN)
		VPAND(m0f, hiN, hiN)
		VPAND(m0f, x, x)
		u0, u1 := YMM(), YMM()
		VPUNPCKLBW(hiN, x, u0) // half h: coefficients 32h..32h+15
		VPUNPCKHBW(hiN, x, u1) // half h: 32h+16..32h+31
		for j, src := range []VecVirtual{u0, u1, u0, u1} {
			w := YMM()
			if j < 2 {
				VPMOVZXBW(src.AsX(), w)
			} else {
				t := XMM()
				VEXTRACTI128(U8(1), src, t)
				VPMOVZXBW(t, w)
			}
			cbdFinish(w, two, qb, Mem{Base: f, Disp: 128*c + 32*j})
		}
	}
	VZEROUPPER()
	RET()
}

func samplePolyCBD3AVX2() {
	TEXT("samplePolyCBD3AVX2", NOSPLIT, "func(f *[256]uint16, b *[192]byte)")
	Doc("samplePolyCBD3AVX2 sets f to SamplePolyCBD₃(b): samplePolyCBDGeneric with AVX2 for η = 3.")
	// Three bytes to a 32-bit lane; the load's high half starts at byte 8.
	spread := encBytes(shuffle(func(h, i int) int {
		if i%4 == 3 {
			return -1
		}
		return 3*(i/4) + i%4 + 4*h
	}))
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	sp, m249, m1c7, b3, m7, three, qb := YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(spread, sp)
	VMOVDQU(encDwords(splatDwords(0x249249)), m249)
	VMOVDQU(encDwords(splatDwords(0x1c71c7)), m1c7)
	VMOVDQU(encDwords(splatDwords(0x0c30c3)), b3)
	VMOVDQU(encVector(splat(7)), m7)
	VMOVDQU(encVector(splat(3)), three)
	VMOVDQU(encVector(splat(q-3)), qb)
	for c := range 8 {
		x, s, t := YMM(), YMM(), YMM()
		loadSplit(x, b, 24*c, 8)
		VPSHUFB(sp, x, x)
		VPAND(m249, x, s)
		VPSRLD(U8(1), x, t)
		VPAND(m249, t, t)
		VPADDD(t, s, s)
		VPSRLD(U8(2), x, t)
		VPAND(m249, t, t)
		VPADDD(t, s, s) // eight sums of three bits
		VPSRLD(U8(3), s, t)
		VPAND(m1c7, t, t)
		VPAND(m1c7, s, s)
		VPADDD(b3, s, s)
		VPSUBD(t, s, s) // coefficient + 3 at bits 0, 6, 12, 18
		a, a2, bb, bb2 := YMM(), YMM(), YMM(), YMM()
		VPSLLD(U8(10), s, a2)
		VPBLENDW(U8(0xaa), a2, s, a) // coefficients 4j, 4j+1 at bits 0, 16
		VPSRLD(U8(12), s, bb)
		VPSRLD(U8(2), s, bb2)
		VPBLENDW(U8(0xaa), bb2, bb, bb) // 4j+2, 4j+3
		VPAND(m7, a, a)
		VPAND(m7, bb, bb)
		l, h := YMM(), YMM()
		VPUNPCKLDQ(bb, a, l)
		VPUNPCKHDQ(bb, a, h)
		o0, o1 := YMM(), YMM()
		VPERM2I128(U8(0x20), h, l, o0)
		VPERM2I128(U8(0x31), h, l, o1)
		cbdFinish(o0, three, qb, Mem{Base: f, Disp: 64 * c})
		cbdFinish(o1, three, qb, Mem{Base: f, Disp: 64*c + 32})
	}
	VZEROUPPER()
	RET()
}
