package mldsa

import "math/bits"

// The assembly of both architectures is generated here, so that go
// generate on either rebuilds both.
//
//go:generate go run github.com/crypton-go/crypton/tools/asm/pq/mldsa -out ntt_amd64.s
//go:generate go run github.com/crypton-go/crypton/tools/asm/pq/mldsa -avx512 -out ntt_avx512_amd64.s
//go:generate go run github.com/crypton-go/crypton/tools/asm/pq/mldsaarm64 -out ntt_arm64.s

// zeta is 1753, the primitive 512-th root of unity modulo q that FIPS 204
// fixes.
const zeta = 1753

// zetasMont[m] is ζ^BitRev₈(m)·2³² mod q, centered in (−q/2, q/2): the
// twiddle factors of FIPS 204, Algorithms 41 and 42 (listed in its
// Appendix B), in Montgomery form so that a Montgomery product with one of
// them multiplies by the plain power of ζ. They are computed once from ζ.
var zetasMont [n]int32

// zetaPow returns ζ^BitRev₈(m) mod q, the m-th value of FIPS 204, Appendix
// B (for m ≥ 1; the table there has 0 at index 0, which is never used).
func zetaPow(m int) fieldElement {
	e := int(bits.Reverse8(uint8(m)))
	x := uint64(1)
	for range e {
		x = x * zeta % q
	}
	return fieldElement(x)
}

func init() {
	for m := range n {
		zetasMont[m] = centered(fieldElement(uint64(zetaPow(m)) << 32 % q))
	}
}

// The NTTs work on signed values, stored in the fieldElements as the bits
// of an int32, and reduce only in the Montgomery products, which return
// values below q in absolute value: the sums and differences of the
// butterflies grow, within bounds that the comments give, and never wrap.

// qInv is q⁻¹ mod 2³², as an int32.
const qInv = 58728449

// montReduceSigned returns r ≡ x·2⁻³² (mod q) with |r| < q, for |x| <
// 2³¹·q: m·q, with m ≡ x·q⁻¹ (mod 2³²) and |m| ≤ 2³¹, has the low 32 bits
// of x, and |x − m·q| < 2³²·q.
func montReduceSigned(x int64) int32 {
	m := int32(x) * qInv
	return int32((x - int64(m)*q) >> 32)
}

// In FIPS 204's Algorithm 41, the layer of butterflies with half length h
// has the groups g = 0, 1, … starting at 2h·g and uses zetas[m] with m =
// 128/h + g; Algorithm 42 runs the layers in the reverse order with m =
// 256/h − 1 − g.

// nttGeneric replaces f, with coefficients in [0, q), by its NTT
// representation (FIPS 204, Algorithm 41), with coefficients in [0, q). It
// runs two layers at a time, on blocks of four values at distances h (which
// measured faster than one layer at a time; not so for the inverse).
func nttGeneric(f *[n]fieldElement) {
	// Layers 128 and 64, 32 and 16, 8 and 4. Each layer adds at most q to
	// the absolute values, which stay below 7q after these six.
	for h := 64; h >= 4; h >>= 2 {
		for t, s := 0, 0; s < n; t, s = t+1, s+4*h {
			z2 := int64(zetasMont[64/h+t])
			z1a := int64(zetasMont[128/h+2*t])
			z1b := int64(zetasMont[128/h+2*t+1])
			b0 := f[s : s+h]
			b1 := f[s+h : s+2*h][:len(b0)]
			b2 := f[s+2*h : s+3*h][:len(b0)]
			b3 := f[s+3*h : s+4*h][:len(b0)]
			for j := range b0 {
				a0, a1, a2, a3 := int32(b0[j]), int32(b1[j]), int32(b2[j]), int32(b3[j])
				t2 := montReduceSigned(z2 * int64(a2))
				t3 := montReduceSigned(z2 * int64(a3))
				a0, a2 = a0+t2, a0-t2
				a1, a3 = a1+t3, a1-t3
				t1 := montReduceSigned(z1a * int64(a1))
				t3 = montReduceSigned(z1b * int64(a3))
				b0[j], b1[j] = fieldElement(a0+t1), fieldElement(a0-t1)
				b2[j], b3[j] = fieldElement(a2+t3), fieldElement(a2-t3)
			}
		}
	}
	// Layers 2 and 1 (h = 1), with the results, below 9q, reduced to
	// [0, q): a Montgomery product with 2³² mod q reduces without scaling.
	for t := range n / 4 {
		z2 := int64(zetasMont[64+t])
		z1a := int64(zetasMont[128+2*t])
		z1b := int64(zetasMont[128+2*t+1])
		b := (*[4]fieldElement)(f[4*t : 4*t+4])
		a0, a1, a2, a3 := int32(b[0]), int32(b[1]), int32(b[2]), int32(b[3])
		t2 := montReduceSigned(z2 * int64(a2))
		t3 := montReduceSigned(z2 * int64(a3))
		a0, a2 = a0+t2, a0-t2
		a1, a3 = a1+t3, a1-t3
		t1 := montReduceSigned(z1a * int64(a1))
		t3 = montReduceSigned(z1b * int64(a3))
		b[0] = fieldFromInt(montReduceSigned(int64(a0+t1) * mont))
		b[1] = fieldFromInt(montReduceSigned(int64(a0-t1) * mont))
		b[2] = fieldFromInt(montReduceSigned(int64(a2+t3) * mont))
		b[3] = fieldFromInt(montReduceSigned(int64(a2-t3) * mont))
	}
}

// Scales of the last step of the inverse NTT, applied with a Montgomery
// product, which divides by 2³²: invNTTScale = 2³²/256 mod q makes it a
// multiplication by 256⁻¹ (FIPS 204's f = 8347681), and invNTTScaleMont =
// 2⁶⁴/256 mod q also cancels the 2⁻³² that montMul leaves in a product of
// two NTT representations.
const (
	invNTTScale     = 16382
	invNTTScaleMont = 41978
)

// inverseNTTScaledGeneric replaces f, with coefficients in [0, q), by the
// polynomial whose NTT representation it is (FIPS 204, Algorithm 42),
// multiplied by scale·256·2⁻³², with coefficients in [0, q), for |scale| <
// q/2.
func inverseNTTScaledGeneric(f *[n]fieldElement, scale int32) {
	m := n
	for half := 1; half < n/2; half <<= 1 {
		for start := 0; start < n; start += 2 * half {
			m--
			z := -int64(zetasMont[m])
			lo, hi := f[start:start+half], f[start+half:start+2*half]
			hi = hi[:len(lo)]
			for j := range lo {
				// The sums double at each layer: below 2⁷·q after the
				// seven layers of this loop. The differences are
				// multiplied back below q.
				x, y := int32(lo[j]), int32(hi[j])
				lo[j] = fieldElement(x + y)
				hi[j] = fieldElement(montReduceSigned(z * int64(x-y)))
			}
		}
	}
	// The last layer (m = 1) multiplies by the scale too, the differences
	// with ζ′ = −ζ^BitRev₈(1)·scale·2⁻³² (for |x ± y| < 2⁸·q < 2³¹ and
	// |ζ′|, |scale| < q/2, the products are below 2³¹·q in absolute
	// value), and reduces both halves to [0, q).
	zs := int64(montReduceSigned(-int64(zetasMont[1]) * int64(scale)))
	sc := int64(scale)
	lo, hi := f[:n/2], f[n/2:]
	for j := range lo {
		x, y := int32(lo[j]), int32(hi[j])
		lo[j] = fieldFromInt(montReduceSigned(int64(x+y) * sc))
		hi[j] = fieldFromInt(montReduceSigned(int64(x-y) * zs))
	}
}

// inverseNTT replaces the NTT representation f by its polynomial.
func inverseNTT(f *[n]fieldElement) { inverseNTTScaled(f, invNTTScale) }

// inverseNTTMont replaces f by NTT⁻¹(f)·2³²: the polynomial of a product
// of NTT representations computed with montMul or mulAcc, which carry a
// factor 2⁻³².
func inverseNTTMont(f *[n]fieldElement) { inverseNTTScaled(f, invNTTScaleMont) }

// mulAccGeneric sets out to (Σ a[j]∘b[j] + x∘y)·2⁻³², the sum of the
// coefficient-wise products of NTT representations, with one Montgomery
// reduction for the whole sum. x and y may be nil, for no last term. There
// are at most eight terms, so the sum stays below 8q² < q·2³².
func mulAccGeneric(out *nttElement, a, b []nttElement, x, y *nttElement) {
	b = b[:len(a)]
	for i := range out {
		var s uint64
		for j := range a {
			s += uint64(a[j][i]) * uint64(b[j][i])
		}
		if x != nil {
			s += uint64(x[i]) * uint64(y[i])
		}
		out[i] = montReduce(s)
	}
}

// mulNTTGeneric sets out to a∘b·2⁻³².
func mulNTTGeneric(out, a, b *nttElement) {
	for i := range out {
		out[i] = montMul(a[i], b[i])
	}
}
