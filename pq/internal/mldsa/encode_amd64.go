//go:build gc && !purego

package mldsa

// The AVX2 kernels of the per-polynomial steps of signing, verification and
// key generation: bit packing, Power2Round, Decompose and the hints, and the
// infinity-norm check; see ntt_amd64.s and its generator, tools/asm/pq/mldsa.
// The packing kernels take widths of 2 to 24 bits; those of Decompose the
// two values of γ₂ of FIPS 204, for which mul < 2³².

//go:noescape
func packBitsAVX2(out *byte, v *[n]uint32, bits uint)

//go:noescape
func unpackBitsAVX2(v *[n]uint32, in *byte, bits uint)

//go:noescape
func packCenteredAVX2(out *byte, v *ringElement, b uint32, bits uint)

//go:noescape
func unpackCenteredAVX2(v *ringElement, in *byte, b uint32, bits uint, max uint32) uint32

//go:noescape
func highBitsPolyAVX2(w1 *[n]uint32, w *ringElement, alpha, m uint32, mul uint64)

//go:noescape
func subLowBitsAVX2(w, t *ringElement, alpha, m uint32, mul uint64, bound uint32) uint32

//go:noescape
func makeHintsAVX2(h *[n]byte, w, t *ringElement, alpha, m uint32, mul uint64) uint32

//go:noescape
func useHintPolyAVX2(w1 *[n]uint32, h *[n]byte, w *ringElement, alpha, m uint32, mul uint64)

//go:noescape
func exceedsAVX2(f *ringElement, bound uint32) uint32

//go:noescape
func power2RoundPolyAVX2(t1 *[n]uint32, t0, t, s *ringElement)

// packAVX2 reports whether the AVX2 packing kernels take the width bits.
func packAVX2(bits uint) bool { return avx2Kernels() && bits >= 2 && bits <= 24 }

// decomposeAVX2 reports whether the AVX2 kernels of Decompose take c: γ₂ =
// (q−1)/32 or (q−1)/88.
func decomposeAVX2(c *decomposer) bool {
	return avx2Kernels() && (c.alpha == (q-1)/16 || c.alpha == (q-1)/44)
}

// sliceForAppend extends b by m bytes, in place if its capacity allows,
// and returns the extended slice and its last m bytes.
func sliceForAppend(b []byte, m int) (head, tail []byte) {
	if total := len(b) + m; cap(b) >= total {
		head = b[:total]
	} else {
		head = make([]byte, total)
		copy(head, b)
	}
	return head, head[len(b):]
}

// packBits appends the 256 values v[i] < 2^bits to b; see packBitsGeneric.
func packBits(b []byte, v *[n]uint32, bits uint) []byte {
	if packAVX2(bits) {
		head, tail := sliceForAppend(b, packedSize(bits))
		packBitsAVX2(&tail[0], v, bits)
		return head
	}
	return packBitsGeneric(b, v, bits)
}

// unpackBits sets v to the 256 values of bits bits in b; see
// unpackBitsGeneric.
func unpackBits(v *[n]uint32, b []byte, bits uint) {
	if packAVX2(bits) {
		b = b[:packedSize(bits)]
		unpackBitsAVX2(v, &b[0], bits)
		return
	}
	unpackBitsGeneric(v, b, bits)
}

// packCentered appends BitPack(f, a, b); see packCenteredGeneric.
func packCentered(out []byte, f *ringElement, b uint32, bits uint) []byte {
	if packAVX2(bits) {
		head, tail := sliceForAppend(out, packedSize(bits))
		packCenteredAVX2(&tail[0], f, b, bits)
		return head
	}
	return packCenteredGeneric(out, f, b, bits)
}

// unpackCentered sets f to BitUnpack(in, a, b) and returns 1 if a value is
// above max; see unpackCenteredGeneric.
func unpackCentered(f *ringElement, in []byte, b uint32, bits uint, max uint32) uint32 {
	if packAVX2(bits) {
		in = in[:packedSize(bits)]
		return unpackCenteredAVX2(f, &in[0], b, bits, max)
	}
	return unpackCenteredGeneric(f, in, b, bits, max)
}

// decodeMask sets f to the coefficients γ₁ − v of the values v of
// log₂γ₁ + 1 bits packed in b; see decodeMaskGeneric. It is unpackCentered
// with a bound that no value exceeds.
func decodeMask(f *ringElement, b []byte, gamma1Bits int) {
	bits := uint(gamma1Bits) + 1
	if packAVX2(bits) {
		b = b[:packedSize(bits)]
		unpackCenteredAVX2(f, &b[0], 1<<gamma1Bits, bits, 1<<bits-1)
		return
	}
	decodeMaskGeneric(f, b, gamma1Bits)
}

// exceeds returns 1 if a coefficient of f has an infinity norm of bound or
// more; see exceedsGeneric.
func exceeds(f *ringElement, bound uint32) uint32 {
	if avx2Kernels() {
		return exceedsAVX2(f, bound)
	}
	return exceedsGeneric(f, bound)
}

// power2RoundPoly sets t1 and t0 from Power2Round(t + s); see
// power2RoundPolyGeneric.
func power2RoundPoly(t1 *[n]uint32, t0, t, s *ringElement) {
	if avx2Kernels() {
		power2RoundPolyAVX2(t1, t0, t, s)
		return
	}
	power2RoundPolyGeneric(t1, t0, t, s)
}

// highBitsPoly sets w1 to HighBits(w); see highBitsPolyGeneric.
func highBitsPoly(w1 *[n]uint32, w *ringElement, c *decomposer) {
	if decomposeAVX2(c) {
		highBitsPolyAVX2(w1, w, c.alpha, c.m, c.mul)
		return
	}
	highBitsPolyGeneric(w1, w, c)
}

// subLowBits sets w to w − t and returns 1 if a low part reaches bound; see
// subLowBitsGeneric.
func subLowBits(w, t *ringElement, c *decomposer, bound uint32) uint32 {
	if decomposeAVX2(c) {
		return subLowBitsAVX2(w, t, c.alpha, c.m, c.mul, bound)
	}
	return subLowBitsGeneric(w, t, c, bound)
}

// makeHints sets h to MakeHint and returns its number of ones; see
// makeHintsGeneric.
func makeHints(h *[n]byte, w, t *ringElement, c *decomposer) uint32 {
	if decomposeAVX2(c) {
		return makeHintsAVX2(h, w, t, c.alpha, c.m, c.mul)
	}
	return makeHintsGeneric(h, w, t, c)
}

// useHintPoly sets w1 to UseHint(h, w); see useHintPolyGeneric.
func useHintPoly(w1 *[n]uint32, h *[n]byte, w *ringElement, c *decomposer) {
	if decomposeAVX2(c) {
		useHintPolyAVX2(w1, h, w, c.alpha, c.m, c.mul)
		return
	}
	useHintPolyGeneric(w1, h, w, c)
}
