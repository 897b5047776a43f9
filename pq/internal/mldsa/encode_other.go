//go:build !amd64 || !gc || purego

package mldsa

func packBits(b []byte, v *[n]uint32, bits uint) []byte { return packBitsGeneric(b, v, bits) }

func unpackBits(v *[n]uint32, b []byte, bits uint) { unpackBitsGeneric(v, b, bits) }

func packCentered(out []byte, f *ringElement, b uint32, bits uint) []byte {
	return packCenteredGeneric(out, f, b, bits)
}

func unpackCentered(f *ringElement, in []byte, b uint32, bits uint, max uint32) uint32 {
	return unpackCenteredGeneric(f, in, b, bits, max)
}

func decodeMask(f *ringElement, b []byte, gamma1Bits int) { decodeMaskGeneric(f, b, gamma1Bits) }

func exceeds(f *ringElement, bound uint32) uint32 { return exceedsGeneric(f, bound) }

func power2RoundPoly(t1 *[n]uint32, t0, t, s *ringElement) {
	power2RoundPolyGeneric(t1, t0, t, s)
}

func highBitsPoly(w1 *[n]uint32, w *ringElement, c *decomposer) { highBitsPolyGeneric(w1, w, c) }

func subLowBits(w, t *ringElement, c *decomposer, bound uint32) uint32 {
	return subLowBitsGeneric(w, t, c, bound)
}

func makeHints(h *[n]byte, w, t *ringElement, c *decomposer) uint32 {
	return makeHintsGeneric(h, w, t, c)
}

func useHintPoly(w1 *[n]uint32, h *[n]byte, w *ringElement, c *decomposer) {
	useHintPolyGeneric(w1, h, w, c)
}
