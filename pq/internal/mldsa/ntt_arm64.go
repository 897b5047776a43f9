//go:build gc && !purego

package mldsa

import "github.com/crypton-go/crypton/cpufeat"

// useNEON enables the NEON (Advanced SIMD) transforms, NTT-domain products
// and rejection sampling of ExpandA; the arithmetic works on four 32-bit
// coefficients per 128-bit register with signed Montgomery multiplication
// by SQDMULH. Advanced SIMD is part of every ARMv8-A core that Go supports,
// but the feature is taken from cpufeat like any other, so that
// CRYPTON_CPU=-asimd switches it off.
var useNEON = cpufeat.HasARM64ASIMD

func init() {
	cpufeat.Register("mldsa", "NEON", &useNEON)
}

// nttNEON is nttGeneric with NEON; see ntt_arm64.s and its generator,
// tools/asm/pq/mldsaarm64.
//
//go:noescape
func nttNEON(f *[n]fieldElement)

// inverseNTTScaledNEON is inverseNTTScaledGeneric with NEON.
//
//go:noescape
func inverseNTTScaledNEON(f *[n]fieldElement, scale int32)

// mulAccNEON is mulAccGeneric with NEON, for len(b) ≥ len(a).
//
//go:noescape
func mulAccNEON(out *nttElement, a, b []nttElement, x, y *nttElement)

// mulNTTNEON is mulNTTGeneric with NEON.
//
//go:noescape
func mulNTTNEON(out, a, b *nttElement)

// rejSampleNEON is rejSampleGeneric with NEON for a prefix of buf: it
// returns the new j and the number of bytes it consumed.
//
//go:noescape
func rejSampleNEON(a *nttElement, j int, buf []byte) (int, int)

// ntt replaces f by its NTT representation; see nttGeneric.
func ntt(f *[n]fieldElement) {
	if useNEON {
		nttNEON(f)
		return
	}
	nttGeneric(f)
}

// inverseNTTScaled replaces f by its polynomial times scale·256·2⁻³²; see
// inverseNTTScaledGeneric.
func inverseNTTScaled(f *[n]fieldElement, scale int32) {
	if useNEON {
		inverseNTTScaledNEON(f, scale)
		return
	}
	inverseNTTScaledGeneric(f, scale)
}

// mulAcc sets out to (Σ a[j]∘b[j] + x∘y)·2⁻³²; see mulAccGeneric.
func mulAcc(out *nttElement, a, b []nttElement, x, y *nttElement) {
	if useNEON {
		b = b[:len(a)]
		if x != nil {
			_ = y[0] // the kernel reads y when x is set
		}
		mulAccNEON(out, a, b, x, y)
		return
	}
	mulAccGeneric(out, a, b, x, y)
}

// mulNTT sets out to a∘b·2⁻³²; see mulNTTGeneric.
func mulNTT(out, a, b *nttElement) {
	if useNEON {
		mulNTTNEON(out, a, b)
		return
	}
	mulNTTGeneric(out, a, b)
}

// rejSample stores the candidates of buf below q in a[j:] until a is full;
// see rejSampleGeneric.
func rejSample(a *nttElement, j int, buf []byte) int {
	if useNEON {
		var used int
		j, used = rejSampleNEON(a, j, buf)
		buf = buf[used:]
	}
	return rejSampleGeneric(a, j, buf)
}

func boundedAccept(accept *[272]byte, buf *[136]byte, limit uint32) {
	boundedAcceptGeneric(accept, buf, limit)
}

func rejBounded(f *ringElement, j int, buf, accept []byte, eta int) int {
	return rejBoundedGeneric(f, j, buf, accept, eta)
}
