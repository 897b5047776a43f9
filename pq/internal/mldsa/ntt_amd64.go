//go:build gc && !purego

package mldsa

import "github.com/crypton-go/crypton/cpufeat"

var (
	// useAVX512 enables the AVX-512 transforms and NTT-domain products,
	// which work on sixteen 32-bit coefficients per instruction in ZMM
	// registers (AVX-512F), and the AVX2 kernels for the rest.
	useAVX512 = cpufeat.HasAVX512F && cpufeat.HasAVX2

	// useAVX2 enables the AVX2 transforms, NTT-domain products and
	// rejection sampling, which work on eight 32-bit coefficients per
	// instruction, with signed Montgomery multiplication in the 64-bit
	// products of VPMULDQ.
	useAVX2 = cpufeat.HasAVX2
)

func init() {
	cpufeat.Register("mldsa", "AVX-512", &useAVX512)
	cpufeat.Register("mldsa", "AVX2", &useAVX2)
}

// avx2Kernels reports whether the AVX2 kernels may run: with either
// implementation, since the AVX-512 one runs them for the steps that have
// no AVX-512 kernel.
func avx2Kernels() bool { return useAVX2 || useAVX512 }

// nttAVX512 is nttGeneric with AVX-512F; see ntt_avx512_amd64.s and its
// generator, tools/asm/pq/mldsa (avx512.go).
//
//go:noescape
func nttAVX512(f *[n]fieldElement)

// inverseNTTScaledAVX512 is inverseNTTScaledGeneric with AVX-512F.
//
//go:noescape
func inverseNTTScaledAVX512(f *[n]fieldElement, scale int32)

// mulAccAVX512 is mulAccGeneric with AVX-512F, for len(b) ≥ len(a).
//
//go:noescape
func mulAccAVX512(out *nttElement, a, b []nttElement, x, y *nttElement)

// mulNTTAVX512 is mulNTTGeneric with AVX-512F.
//
//go:noescape
func mulNTTAVX512(out, a, b *nttElement)

// nttAVX2 is nttGeneric with AVX2; see ntt_amd64.s and its generator,
// tools/asm/pq/mldsa.
//
//go:noescape
func nttAVX2(f *[n]fieldElement)

// inverseNTTScaledAVX2 is inverseNTTScaledGeneric with AVX2.
//
//go:noescape
func inverseNTTScaledAVX2(f *[n]fieldElement, scale int32)

// mulAccAVX2 is mulAccGeneric with AVX2, for len(b) ≥ len(a).
//
//go:noescape
func mulAccAVX2(out *nttElement, a, b []nttElement, x, y *nttElement)

// mulNTTAVX2 is mulNTTGeneric with AVX2.
//
//go:noescape
func mulNTTAVX2(out, a, b *nttElement)

// rejSampleAVX2 is rejSampleGeneric with AVX2 for a prefix of buf: it
// returns the new j and the number of bytes it consumed.
//
//go:noescape
func rejSampleAVX2(a *nttElement, j int, buf []byte) (int, int)

// boundedAcceptAVX2 is boundedAcceptGeneric with AVX2.
//
//go:noescape
func boundedAcceptAVX2(accept *[272]byte, buf *[136]byte, limit uint32)

// rejBoundedAVX2 is rejBoundedGeneric with AVX2 for a prefix of buf, for
// len(accept) ≥ 2·len(buf): it returns the new j and the number of bytes
// of buf it consumed.
//
//go:noescape
func rejBoundedAVX2(f *ringElement, j int, buf, accept []byte, eta int) (int, int)

// ntt replaces f by its NTT representation; see nttGeneric.
func ntt(f *[n]fieldElement) {
	if useAVX512 {
		nttAVX512(f)
		return
	}
	if useAVX2 {
		nttAVX2(f)
		return
	}
	nttGeneric(f)
}

// inverseNTTScaled replaces f by its polynomial times scale·256·2⁻³²; see
// inverseNTTScaledGeneric.
func inverseNTTScaled(f *[n]fieldElement, scale int32) {
	if useAVX512 {
		inverseNTTScaledAVX512(f, scale)
		return
	}
	if useAVX2 {
		inverseNTTScaledAVX2(f, scale)
		return
	}
	inverseNTTScaledGeneric(f, scale)
}

// mulAcc sets out to (Σ a[j]∘b[j] + x∘y)·2⁻³²; see mulAccGeneric.
func mulAcc(out *nttElement, a, b []nttElement, x, y *nttElement) {
	if avx2Kernels() {
		b = b[:len(a)]
		if x != nil {
			_ = y[0] // the kernels read y when x is set
		}
		if useAVX512 {
			mulAccAVX512(out, a, b, x, y)
		} else {
			mulAccAVX2(out, a, b, x, y)
		}
		return
	}
	mulAccGeneric(out, a, b, x, y)
}

// mulNTT sets out to a∘b·2⁻³²; see mulNTTGeneric.
func mulNTT(out, a, b *nttElement) {
	if useAVX512 {
		mulNTTAVX512(out, a, b)
		return
	}
	if useAVX2 {
		mulNTTAVX2(out, a, b)
		return
	}
	mulNTTGeneric(out, a, b)
}

// rejSample stores the candidates of buf below q in a[j:] until a is full;
// see rejSampleGeneric.
func rejSample(a *nttElement, j int, buf []byte) int {
	if avx2Kernels() {
		var used int
		j, used = rejSampleAVX2(a, j, buf)
		buf = buf[used:]
	}
	return rejSampleGeneric(a, j, buf)
}

// boundedAccept sets accept[i] to 1 where half byte i of buf is below
// limit; see boundedAcceptGeneric.
func boundedAccept(accept *[272]byte, buf *[136]byte, limit uint32) {
	if avx2Kernels() {
		boundedAcceptAVX2(accept, buf, limit)
		return
	}
	boundedAcceptGeneric(accept, buf, limit)
}

// rejBounded stores the coefficients of the accepted half bytes of buf in
// f[j:] until f is full; see rejBoundedGeneric.
func rejBounded(f *ringElement, j int, buf, accept []byte, eta int) int {
	if avx2Kernels() {
		accept = accept[:2*len(buf)]
		var used int
		j, used = rejBoundedAVX2(f, j, buf, accept, eta)
		buf, accept = buf[used:], accept[2*used:]
	}
	return rejBoundedGeneric(f, j, buf, accept, eta)
}
