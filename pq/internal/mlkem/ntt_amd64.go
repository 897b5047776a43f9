//go:build gc && !purego

package mlkem

import "github.com/crypton-go/crypton/cpufeat"

var (
	// useAVX512 enables the AVX-512 transforms and NTT-domain products,
	// which work on 32 coefficients per instruction in ZMM registers
	// (AVX-512F and AVX-512BW), and the AVX2 kernels for the rest.
	useAVX512 = cpufeat.HasAVX512F && cpufeat.HasAVX512BW && cpufeat.HasAVX2

	// useAVX2 enables the AVX2 transforms and NTT-domain products, which
	// work on sixteen coefficients per instruction with Montgomery
	// multiplication in 16-bit lanes.
	useAVX2 = cpufeat.HasAVX2
)

func init() {
	cpufeat.Register("mlkem", "AVX-512", &useAVX512)
	cpufeat.Register("mlkem", "AVX2", &useAVX2)
}

// avx2Kernels reports whether the AVX2 kernels may run: with either
// implementation, since the AVX-512 one runs them for the steps that have
// no AVX-512 kernel.
func avx2Kernels() bool { return useAVX2 || useAVX512 }

// nttAVX512 is nttGeneric with AVX-512BW; see ntt_avx512_amd64.s and its
// generator, tools/asm/pq/mlkem (avx512.go).
//
//go:noescape
func nttAVX512(f *nttElement)

// inverseNTTAVX512 is inverseNTTGeneric with AVX-512BW.
//
//go:noescape
func inverseNTTAVX512(f *ringElement)

// dotNTTAVX512 is dotNTTGeneric with AVX-512BW, for k = len(b) elements of b.
//
//go:noescape
func dotNTTAVX512(out *nttElement, a *nttElement, stride int, b *nttElement, k int)

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
	if avx2Kernels() {
		var used int
		n, used = rejSampleAVX2(a, n, buf)
		buf = buf[used:]
	}
	return rejSampleGeneric(a, n, buf)
}

func nttInPlace(a *nttElement) {
	if useAVX512 {
		nttAVX512(a)
		return
	}
	if useAVX2 {
		nttAVX2(a)
		return
	}
	nttGeneric(a)
}

func inverseNTTInPlace(f *ringElement) {
	if useAVX512 {
		inverseNTTAVX512(f)
		return
	}
	if useAVX2 {
		inverseNTTAVX2(f)
		return
	}
	inverseNTTGeneric(f)
}

// dotNTT sets out to the sum of a[i·stride] × b[i] for i < len(b); see
// dotNTTGeneric.
func dotNTT(out *nttElement, a []nttElement, stride int, b []nttElement) {
	if avx2Kernels() && len(b) > 0 {
		_ = a[(len(b)-1)*stride] // the kernels read these elements
		if useAVX512 {
			dotNTTAVX512(out, &a[0], stride, &b[0], len(b))
		} else {
			dotNTTAVX2(out, &a[0], stride, &b[0], len(b))
		}
		return
	}
	dotNTTGeneric(out, a, stride, b)
}
