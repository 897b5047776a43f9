//go:build (!amd64 && !arm64) || !gc || purego

package mlkem

func nttInPlace(a *nttElement) { nttGeneric(a) }

func inverseNTTInPlace(f *ringElement) { inverseNTTGeneric(f) }

func dotNTT(out *nttElement, a []nttElement, stride int, b []nttElement) {
	dotNTTGeneric(out, a, stride, b)
}

func rejSample(a *nttElement, n int, buf []byte) int { return rejSampleGeneric(a, n, buf) }
