package mldsa

// Arithmetic in Z_q, q = 8380417, and in R_q = Z_q[X]/(X²⁵⁶ + 1) (FIPS 204,
// section 2.3). Every function here runs in time independent of the values
// it is given: reductions subtract q under a mask made from the sign of a
// difference, products are reduced with Montgomery's method, and divisions
// by the constants of Decompose are multiplications by fixed reciprocals.

const (
	// n is the degree of the polynomials.
	n = 256
	// q is the ML-DSA modulus, 2²³ − 2¹³ + 1.
	q = 8380417
	// d is the number of bits that Power2Round drops from t.
	d = 13

	// qInvNeg is −q⁻¹ mod 2³², the factor of Montgomery reduction.
	qInvNeg = 4236238847
	// mont is 2³² mod q, Montgomery's R.
	mont = 4193792
	// mont2 is R² mod q: montMul(x, mont2) puts x in Montgomery form.
	mont2 = 2365951
)

// fieldElement is an element of Z_q, always fully reduced: 0 ≤ x < q.
type fieldElement uint32

// ringElement is a polynomial of R_q, coefficient i at index i.
type ringElement [n]fieldElement

// nttElement is the NTT representation of a polynomial of R_q (FIPS 204,
// section 7.5): its values at the 256 roots ζ^(2·BitRev₈(i)+1) of X²⁵⁶ + 1.
// Products of nttElements are taken coefficient by coefficient.
type nttElement [n]fieldElement

// reduceOnce maps a value in [0, 2q) to [0, q).
func reduceOnce(a uint32) fieldElement {
	x := a - q
	// If a < q, x wrapped around and its top bit is set; 2q < 2³¹ keeps
	// the top bit clear otherwise.
	x += q & uint32(int32(x)>>31)
	return fieldElement(x)
}

func fieldAdd(a, b fieldElement) fieldElement {
	return reduceOnce(uint32(a + b))
}

func fieldSub(a, b fieldElement) fieldElement {
	return reduceOnce(uint32(a - b + q))
}

// montReduce returns x·2⁻³² mod q for x < q·2³², which includes a sum of up
// to 512 products of two field elements. Adding m·q, with m chosen so that
// the low 32 bits of the sum vanish, leaves a multiple of 2³² whose quotient
// is below (x + 2³²·q)/2³² < 2q.
func montReduce(x uint64) fieldElement {
	m := uint32(x) * qInvNeg
	t := uint32((x + uint64(m)*q) >> 32)
	return reduceOnce(t)
}

// montMul returns a·b·2⁻³² mod q.
func montMul(a, b fieldElement) fieldElement {
	return montReduce(uint64(a) * uint64(b))
}

// fieldFromInt returns x mod q for −q < x < q.
func fieldFromInt(x int32) fieldElement {
	return fieldElement(uint32(x) + q&uint32(x>>31))
}

// centered returns the representative of a in (−(q−1)/2, (q−1)/2], the
// mod± q of FIPS 204, section 2.3.
func centered(a fieldElement) int32 {
	x := int32(a)
	// (q−1)/2 − x is negative exactly when x must become x − q.
	return x - q&(((q-1)/2-x)>>31)
}

// infNorm returns |a mod± q|, the contribution of a to the infinity norm
// (FIPS 204, section 2.3).
func infNorm(a fieldElement) uint32 {
	x := centered(a)
	s := x >> 31
	return uint32((x ^ s) - s)
}

// exceedsGeneric returns 1 if some coefficient of f has an infinity norm of
// bound or more, and 0 otherwise, without a branch on the coefficients.
// bound is below 2³¹.
func exceedsGeneric(f *ringElement, bound uint32) uint32 {
	var bad uint32
	for _, a := range f {
		// bound − 1 − |a| is negative when |a| ≥ bound.
		bad |= bound - 1 - infNorm(a)
	}
	return bad >> 31
}

// power2Round splits r into (r1, r0) with r = r1·2ᵈ + r0 and r0 in
// (−2ᵈ⁻¹, 2ᵈ⁻¹] (FIPS 204, Algorithm 35). r1 is below 2¹⁰.
func power2Round(r fieldElement) (r1 uint32, r0 int32) {
	// Rounding r/2ᵈ to the nearest integer with halves rounded down.
	r1 = (uint32(r) + 1<<(d-1) - 1) >> d
	return r1, int32(r) - int32(r1<<d)
}

// power2RoundPolyGeneric sets t1[i] and t0[i] to r1 and r0 mod q of
// power2Round(t[i] + s[i]).
func power2RoundPolyGeneric(t1 *[n]uint32, t0, t, s *ringElement) {
	for i := range n {
		hi, lo := power2Round(fieldAdd(t[i], s[i]))
		t1[i] = hi
		t0[i] = fieldFromInt(lo)
	}
}

// decomposer holds the constants of Decompose for one value of γ₂.
type decomposer struct {
	alpha uint32 // 2γ₂
	m     uint32 // (q−1)/α, the number of values of r1
	// mul is ⌈2⁴⁸/α⌉: for x < 2²⁴, ⌊x·mul/2⁴⁸⌋ = ⌊x/α⌋ because the error
	// x·(mul·α − 2⁴⁸) is below 2²⁴·α < 2⁴⁸ (see TestDecompose).
	mul uint64
}

func newDecomposer(gamma2 uint32) decomposer {
	alpha := 2 * gamma2
	return decomposer{alpha: alpha, m: (q - 1) / alpha, mul: (1<<48 + uint64(alpha) - 1) / uint64(alpha)}
}

// decompose splits r into (r1, r0) with r ≡ r1·α + r0 (mod q), r0 in
// (−α/2, α/2], except that the r1 of q − 1 − r0 is 0 and r0 one less
// (FIPS 204, Algorithm 36). It runs in constant time.
func (c *decomposer) decompose(r fieldElement) (r1 uint32, r0 int32) {
	// The nearest multiple of α, halves rounded down, as in power2Round.
	r1 = uint32(((uint64(r) + uint64(c.alpha/2) - 1) * c.mul) >> 48)
	r0 = int32(r) - int32(r1*c.alpha)
	// r − r0 = q − 1 exactly when r1 = m: then r1 becomes 0 and r0 drops
	// by one.
	wrap := uint32(int32((r1^c.m)-1) >> 31) // all ones if r1 == m
	return r1 &^ wrap, r0 - int32(wrap&1)
}

// highBits returns r1 of decompose(r) (FIPS 204, Algorithm 37).
func (c *decomposer) highBits(r fieldElement) uint32 {
	r1, _ := c.decompose(r)
	return r1
}

// useHint returns the high bits of r adjusted by the hint bit h (FIPS 204,
// Algorithm 40). It is used in verification only, on public values.
func (c *decomposer) useHint(h byte, r fieldElement) uint32 {
	r1, r0 := c.decompose(r)
	if h == 0 {
		return r1
	}
	if r0 > 0 {
		if r1 == c.m-1 {
			return 0
		}
		return r1 + 1
	}
	if r1 == 0 {
		return c.m - 1
	}
	return r1 - 1
}

// highBitsPolyGeneric sets w1[i] to highBits(w[i]).
func highBitsPolyGeneric(w1 *[n]uint32, w *ringElement, c *decomposer) {
	for i, x := range w {
		w1[i] = c.highBits(x)
	}
}

// subLowBitsGeneric sets w to w − t and returns 1 if the r0 of decompose of
// some coefficient of w has an absolute value of bound or more, 0
// otherwise, without a branch on the coefficients. 0 < bound < 2³¹.
func subLowBitsGeneric(w, t *ringElement, c *decomposer, bound uint32) uint32 {
	var bad int32
	for i := range n {
		r := fieldSub(w[i], t[i])
		w[i] = r
		_, r0 := c.decompose(r)
		s := r0 >> 31
		// Negative when |r₀| ≥ bound.
		bad |= int32(bound) - 1 - (r0 ^ s - s)
	}
	return uint32(bad) >> 31
}

// makeHintsGeneric sets h[i] to MakeHint (FIPS 204, Algorithm 39): 1 where
// adding t[i] to w[i] changes its high bits, 0 elsewhere, and returns the
// number of ones, without a branch on the coefficients.
func makeHintsGeneric(h *[n]byte, w, t *ringElement, c *decomposer) uint32 {
	count := uint32(0)
	for i, r := range w {
		x := c.highBits(r) ^ c.highBits(fieldAdd(r, t[i]))
		bit := (x | -x) >> 31
		h[i] = byte(bit)
		count += bit
	}
	return count
}

// useHintPolyGeneric sets w1[i] to useHint(h[i], w[i]), on public values.
func useHintPolyGeneric(w1 *[n]uint32, h *[n]byte, w *ringElement, c *decomposer) {
	for i, x := range w {
		w1[i] = c.useHint(h[i], x)
	}
}
