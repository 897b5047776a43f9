package mlkem

// The transforms and NTT-domain products, in generic Go on every platform.

func nttInPlace(a *nttElement) { nttGeneric(a) }

func inverseNTTInPlace(f *ringElement) { inverseNTTGeneric(f) }

func dotNTT(out *nttElement, a []nttElement, stride int, b []nttElement) {
	dotNTTGeneric(out, a, stride, b)
}
