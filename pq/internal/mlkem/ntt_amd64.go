//go:build gc && !purego

package mlkem

import "github.com/crypton-go/crypton/cpufeat"

// useAVX2 enables the AVX2 transforms and NTT-domain products, which work on
// sixteen coefficients per instruction with Montgomery multiplication in
// 16-bit lanes.
var useAVX2 = cpufeat.HasAVX2

func init() {
	cpufeat.Register("mlkem", "AVX2", &useAVX2)
}

// nttAVX2 is nttGeneric with AVX2; see ntt_amd64.s and its generator,
// tools/asm/pq/mlkem.
//
//go:noescape
func nttAVX2(f *nttElement)

// inverseNTTAVX2 is inverseNTTGeneric with AVX2.
//
//go:noescape
func inverseNTTAVX2(f *ringElement)

// dotNTTAVX2 is dotNTTGeneric with AVX2, for k = len(b) elements of b.
//
//go:noescape
func dotNTTAVX2(out *nttElement, a *nttElement, stride int, b *nttElement, k int)

// rejSampleAVX2 is rejSampleGeneric with AVX2 for a prefix of buf: it
// returns the new n and the number of bytes it consumed.
//
//go:noescape
func rejSampleAVX2(a *nttElement, n int, buf []byte) (int, int)

// rejSample stores the candidates of buf below q in a[n:] until a is full;
// see rejSampleGeneric.
func rejSample(a *nttElement, n int, buf []byte) int {
	if useAVX2 {
		var used int
		n, used = rejSampleAVX2(a, n, buf)
		buf = buf[used:]
	}
	return rejSampleGeneric(a, n, buf)
}

func nttInPlace(a *nttElement) {
	if useAVX2 {
		nttAVX2(a)
		return
	}
	nttGeneric(a)
}

func inverseNTTInPlace(f *ringElement) {
	if useAVX2 {
		inverseNTTAVX2(f)
		return
	}
	inverseNTTGeneric(f)
}

// dotNTT sets out to the sum of a[i·stride] × b[i] for i < len(b); see
// dotNTTGeneric.
func dotNTT(out *nttElement, a []nttElement, stride int, b []nttElement) {
	if useAVX2 && len(b) > 0 {
		_ = a[(len(b)-1)*stride] // the kernel reads these elements
		dotNTTAVX2(out, &a[0], stride, &b[0], len(b))
		return
	}
	dotNTTGeneric(out, a, stride, b)
}
