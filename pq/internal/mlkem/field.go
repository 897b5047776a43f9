package mlkem

// Arithmetic in Z_q, q = 3329, and in its polynomial rings (FIPS 203,
// section 2.4). Every function here runs in time independent of the values
// it is given: the reductions subtract q under a mask computed from the sign
// of the difference, and division by q is a multiplication by a fixed
// reciprocal.

// q is the ML-KEM modulus, 2⁸·13 + 1.
const q = 3329

// n is the degree of the polynomials, 256.
const n = 256

// fieldElement is an element of Z_q, always fully reduced: 0 ≤ x < q.
type fieldElement uint16

// ringElement is a polynomial of R_q = Z_q[X]/(X²⁵⁶ + 1), coefficient i at
// index i.
type ringElement [256]fieldElement

// nttElement is the NTT representation of a polynomial (FIPS 203, section
// 4.3): 128 polynomials of degree one modulo X² − ζ^(2·BitRev₇(i)+1).
type nttElement [256]fieldElement

// reduceOnce maps a value in [0, 2q) to [0, q).
func reduceOnce(a uint16) fieldElement {
	x := a - q
	// If a < q, x wrapped around and its top bit is set; q < 2¹⁵ keeps the
	// top bit clear otherwise.
	x += q & uint16(int16(x)>>15)
	return fieldElement(x)
}

func fieldAdd(a, b fieldElement) fieldElement {
	return reduceOnce(uint16(a + b))
}

func fieldSub(a, b fieldElement) fieldElement {
	return reduceOnce(uint16(a - b + q))
}

// Barrett reduction of products: for x < 2²⁴, ⌊x·m / 2²⁴⌋ with m = ⌊2²⁴/q⌋
// is ⌊x/q⌋ or one less, so x minus that multiple of q is in [0, 2q).
const (
	barrettShift = 24
	barrettMul   = (1 << barrettShift) / q
)

// reduce returns x mod q for x < 2²⁴, which includes every product of two
// field elements (q² < 2²⁴).
func reduce(x uint32) fieldElement {
	quo := uint32((uint64(x) * barrettMul) >> barrettShift)
	return reduceOnce(uint16(x - quo*q))
}

func fieldMul(a, b fieldElement) fieldElement {
	return reduce(uint32(a) * uint32(b))
}

// Division by q of numbers below 2²³: ⌊n·m / 2³⁵⌋ with m = ⌈2³⁵/q⌉ exceeds
// n/q by less than 2²³/2³⁵ = 2⁻¹², which is below 1/q, the smallest gap
// between n/q and the next integer, so the floor is exact.
const (
	divShift = 35
	divMul   = (1<<divShift + q - 1) / q
)

// compress returns Compress_d(x) = ⌈(2^d/q)·x⌋ mod 2^d (FIPS 203, (4.7))
// for d ≤ 11.
func compress(x fieldElement, d uint) uint16 {
	// ⌈2^d·x/q⌋ = ⌊(2^d·x + ⌊q/2⌋)/q⌋ because q is odd; the numerator is
	// below 3328·2¹¹ + 1664 < 2²³.
	n := uint64(x)<<d + q/2
	return uint16((n*divMul)>>divShift) & (1<<d - 1)
}

// decompress returns Decompress_d(y) = ⌈(q/2^d)·y⌋ (FIPS 203, (4.8)) for
// y < 2^d, d ≤ 11.
func decompress(y uint16, d uint) fieldElement {
	return fieldElement((uint32(y)*q + 1<<(d-1)) >> d)
}

func polyAdd[T ~[256]fieldElement](a, b *T) (s T) {
	for i := range s {
		s[i] = fieldAdd((*a)[i], (*b)[i])
	}
	return s
}

func polySub[T ~[256]fieldElement](a, b *T) (s T) {
	for i := range s {
		s[i] = fieldSub((*a)[i], (*b)[i])
	}
	return s
}
