package mlkem

import "math/bits"

// The assembly of both architectures is generated here, so that go
// generate on either rebuilds both.
//
//go:generate go run github.com/crypton-go/crypton/tools/asm/pq/mlkem -out ntt_amd64.s
//go:generate go run github.com/crypton-go/crypton/tools/asm/pq/mlkem -avx512 -out ntt_avx512_amd64.s
//go:generate go run github.com/crypton-go/crypton/tools/asm/pq/mlkemarm64 -out ntt_arm64.s

// zeta is 17, the primitive 256-th root of unity modulo q that FIPS 203 fixes.
const zeta = 17

// zetas[i] is ζ^BitRev₇(i) mod q, the twiddle factors of Algorithms 9 and
// 10; gammas[i] is ζ^(2·BitRev₇(i)+1) mod q, the moduli of the base-case
// products of Algorithm 11. Both are computed once from ζ (FIPS 203,
// Appendix A lists them).
var zetas, gammas [128]fieldElement

func init() {
	var pow [256]fieldElement // pow[e] = ζ^e
	pow[0] = 1
	for e := 1; e < 256; e++ {
		pow[e] = fieldMul(pow[e-1], zeta)
	}
	for i := range 128 {
		r := int(bits.Reverse8(uint8(i)) >> 1) // BitRev₇(i)
		zetas[i] = pow[r]
		gammas[i] = pow[2*r+1]
	}
}

// nttGeneric replaces the coefficients of f, a polynomial, with its NTT
// representation (FIPS 203, Algorithm 9).
func nttGeneric(a *nttElement) {
	k := 1
	for half := 128; half >= 2; half /= 2 {
		for start := 0; start < 256; start += 2 * half {
			z := zetas[k]
			k++
			lo, hi := a[start:start+half], a[start+half:start+2*half]
			for j := range lo {
				t := fieldMul(z, hi[j])
				hi[j] = fieldSub(lo[j], t)
				lo[j] = fieldAdd(lo[j], t)
			}
		}
	}
}

// invNTTScale is 128⁻¹ mod q, the scale Algorithm 10 ends with.
const invNTTScale = 3303

// inverseNTTGeneric replaces the NTT representation in f with the
// polynomial it represents (FIPS 203, Algorithm 10).
func inverseNTTGeneric(f *ringElement) {
	k := 127
	for half := 2; half <= 128; half *= 2 {
		for start := 0; start < 256; start += 2 * half {
			z := zetas[k]
			k--
			lo, hi := f[start:start+half], f[start+half:start+2*half]
			for j := range lo {
				t := lo[j]
				lo[j] = fieldAdd(t, hi[j])
				hi[j] = fieldMul(z, fieldSub(hi[j], t))
			}
		}
	}
	for i := range f {
		f[i] = fieldMul(f[i], invNTTScale)
	}
}

// mulAddNTT sets acc to acc + a×b, the product of two NTT representations
// (FIPS 203, Algorithms 11 and 12), added coefficient by coefficient.
func mulAddNTT(acc, a, b *nttElement) {
	for i := range 128 {
		a0, a1 := uint32(a[2*i]), uint32(a[2*i+1])
		b0, b1 := uint32(b[2*i]), uint32(b[2*i+1])
		// (a0 + a1·X)(b0 + b1·X) mod X² − γ. Both sums stay below 2q² < 2²⁴
		// once a1·b1·γ is reduced.
		c0 := reduce(a0*b0 + uint32(fieldMul(reduce(a1*b1), gammas[i])))
		c1 := reduce(a0*b1 + a1*b0)
		acc[2*i] = fieldAdd(acc[2*i], c0)
		acc[2*i+1] = fieldAdd(acc[2*i+1], c1)
	}
}

// dotNTTGeneric sets out to the sum of a[i·stride] × b[i] for i < len(b):
// an entry of a matrix-vector product in the NTT domain, the matrix's row
// (stride 1) or column (stride k) in a.
func dotNTTGeneric(out *nttElement, a []nttElement, stride int, b []nttElement) {
	*out = nttElement{}
	for i := range b {
		mulAddNTT(out, &a[i*stride], &b[i])
	}
}

// ntt returns the NTT representation of f (FIPS 203, Algorithm 9).
func ntt(f *ringElement) nttElement {
	a := nttElement(*f)
	nttInPlace(&a)
	return a
}

// inverseNTT returns the polynomial whose NTT representation is a (FIPS 203,
// Algorithm 10).
func inverseNTT(a *nttElement) ringElement {
	f := ringElement(*a)
	inverseNTTInPlace(&f)
	return f
}
