//go:build (!amd64 && !arm64) || !gc || purego

package mldsa

func ntt(f *[n]fieldElement) { nttGeneric(f) }

func inverseNTTScaled(f *[n]fieldElement, scale int32) { inverseNTTScaledGeneric(f, scale) }

func mulAcc(out *nttElement, a, b []nttElement, x, y *nttElement) {
	mulAccGeneric(out, a, b, x, y)
}

func mulNTT(out, a, b *nttElement) { mulNTTGeneric(out, a, b) }

func rejSample(a *nttElement, j int, buf []byte) int { return rejSampleGeneric(a, j, buf) }

func boundedAccept(accept *[272]byte, buf *[136]byte, limit uint32) {
	boundedAcceptGeneric(accept, buf, limit)
}

func rejBounded(f *ringElement, j int, buf, accept []byte, eta int) int {
	return rejBoundedGeneric(f, j, buf, accept, eta)
}
