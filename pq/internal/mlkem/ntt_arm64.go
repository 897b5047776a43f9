//go:build gc && !purego

package mlkem

import "github.com/crypton-go/crypton/cpufeat"

// useNEON enables the NEON (Advanced SIMD) transforms, NTT-domain products
// and rejection sampling, which work on eight coefficients per 128-bit
// register with Barrett multiplication in 16-bit lanes. Advanced SIMD is
// part of every ARMv8-A core that Go supports, but the feature is taken
// from cpufeat like any other, so that CRYPTON_CPU=-asimd switches it off.
var useNEON = cpufeat.HasARM64ASIMD

func init() {
	cpufeat.Register("mlkem", "NEON", &useNEON)
}

// nttNEON is nttGeneric with NEON; see ntt_arm64.s and its generator,
// tools/asm/pq/mlkemarm64.
//
//go:noescape
func nttNEON(f *nttElement)

// inverseNTTNEON is inverseNTTGeneric with NEON.
//
//go:noescape
func inverseNTTNEON(f *ringElement)

// dotNTTNEON is dotNTTGeneric with NEON, for k = len(b) elements of b,
// 1 ≤ k ≤ 4.
//
//go:noescape
func dotNTTNEON(out *nttElement, a *nttElement, stride int, b *nttElement, k int)

// rejSampleNEON is rejSampleGeneric with NEON for a prefix of buf: it
// returns the new n and the number of bytes it consumed.
//
//go:noescape
func rejSampleNEON(a *nttElement, n int, buf []byte) (int, int)

// rejSample stores the candidates of buf below q in a[n:] until a is full;
// see rejSampleGeneric.
func rejSample(a *nttElement, n int, buf []byte) int {
	if useNEON {
		var used int
		n, used = rejSampleNEON(a, n, buf)
		buf = buf[used:]
	}
	return rejSampleGeneric(a, n, buf)
}

func nttInPlace(a *nttElement) {
	if useNEON {
		nttNEON(a)
		return
	}
	nttGeneric(a)
}

func inverseNTTInPlace(f *ringElement) {
	if useNEON {
		inverseNTTNEON(f)
		return
	}
	inverseNTTGeneric(f)
}

// dotNTT sets out to the sum of a[i·stride] × b[i] for i < len(b); see
// dotNTTGeneric.
func dotNTT(out *nttElement, a []nttElement, stride int, b []nttElement) {
	if useNEON && len(b) > 0 && len(b) <= maxK {
		_ = a[(len(b)-1)*stride] // the kernel reads these elements
		dotNTTNEON(out, &a[0], stride, &b[0], len(b))
		return
	}
	dotNTTGeneric(out, a, stride, b)
}
