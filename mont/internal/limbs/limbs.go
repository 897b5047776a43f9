// Package limbs implements constant-time Montgomery arithmetic modulo a
// fixed odd modulus of 4, 6 or 9 saturated 64-bit limbs: the one
// implementation behind the base and scalar fields of mont/p256, mont/p384
// and mont/p521.
//
// A [Field] holds a modulus m < 2^(64·N) and the constants of Montgomery
// multiplication with R = 2^(64·N). Values are arrays of N little-endian
// limbs; unless a function says otherwise, its operands are fully reduced
// (below m) and so is its result, which may alias any operand. Values in
// Montgomery form hold x·R mod m for the element x.
//
// The code is generic over the array type, so that each limb count gets its
// own instantiation with fixed-length arrays on the stack, and uses only
// math/bits' 64-bit functions (it builds and runs on 32-bit platforms).
// Everything is constant time in the values of the operands: no branch, no
// memory index, no early exit depends on them. Only the modulus and the
// exponents of [Field.Exp] are public.
package limbs

import (
	"math/bits"
	"unsafe"
)

//go:generate go run gen_mul.go

// Limbs is the set of limb arrays the package supports.
type Limbs interface {
	[4]uint64 | [6]uint64 | [9]uint64
}

// Field holds a modulus and its Montgomery constants. It is read only after
// [NewField] returns.
type Field[T Limbs] struct {
	m     T      // the modulus, odd
	m0inv uint64 // −m⁻¹ mod 2^64
	one   T      // R mod m, 1 in Montgomery form
	rr    T      // R² mod m
	unit  T      // the plain integer 1
	pm2   T      // m − 2, the exponent of inversion (Fermat)
	sqrtE T      // (m + 1)/4, the exponent of square roots when m ≡ 3 (mod 4)

	// mersenne is set for p = 2^521 − 1 (NewP521): values are then plain,
	// not in Montgomery form (R = 1), and products fold 2^521 ≡ 1.
	mersenne bool

	// p256 is set for P-256's p, which has dedicated assembly.
	p256 bool

	// asm, if not nil, turns on the assembly kernels while *asm is true.
	asm *bool
}

// SetAsm makes f use the package's assembly kernels for multiplication and
// squaring whenever *flag is true, as read at each call; the kernels give
// exactly the limbs of [Field.MulGeneric]. On platforms without them, it
// does nothing. Call it during package initialization.
func (f *Field[T]) SetAsm(flag *bool) {
	if haveAsm {
		f.asm = flag
	}
}

// Mul sets z = x·y·R⁻¹ mod m, with assembly where [Field.SetAsm] enabled it
// and [Field.MulGeneric] otherwise.
func (f *Field[T]) Mul(z, x, y *T) {
	if haveAsm && f.asm != nil && *f.asm {
		mulAsm(f, z, x, y)
		return
	}
	f.MulGeneric(z, x, y)
}

// Square sets z = x·x·R⁻¹ mod m, like [Field.Mul].
func (f *Field[T]) Square(z, x *T) {
	if haveAsm && f.asm != nil && *f.asm {
		squareAsm(f, z, x)
		return
	}
	f.SquareGeneric(z, x)
}

// NewField returns the constants of arithmetic modulo m, an odd number above 3
// and below 2^(64·N) − 1. It is meant for package initialization and is not
// constant time.
func NewField[T Limbs](m T) *Field[T] {
	f := &Field[T]{m: m}
	f.p256 = len(m) == 4 && m[0] == 1<<64-1 && m[1] == 1<<32-1 && m[2] == 0 && m[3] == 0xffffffff00000001
	// Newton's iteration for the inverse mod 2^64: x = m0 is right mod 2^3
	// for odd m0, and each step doubles the number of correct bits.
	m0 := m[0]
	x := m0
	for range 5 {
		x *= 2 - m0*x
	}
	f.m0inv = -x
	f.unit[0] = 1
	// R mod m and R² mod m by doubling 1 modulo m, 64·N times each.
	r := f.unit
	n := len(m)
	for range 64 * n {
		f.Add(&r, &r, &r)
	}
	f.one = r
	for range 64 * n {
		f.Add(&r, &r, &r)
	}
	f.rr = r
	// m − 2 and (m + 1)/4.
	var b uint64
	f.pm2[0], b = bits.Sub64(m[0], 2, 0)
	for i := 1; i < n; i++ {
		f.pm2[i], b = bits.Sub64(m[i], 0, b)
	}
	var s T
	var c uint64 = 1
	for i := range n {
		s[i], c = bits.Add64(m[i], 0, c)
	}
	for i := range n {
		s[i] >>= 2
		if i+1 < n {
			s[i] |= s[i+1] << 62
		}
	}
	s[n-1] |= c << 62
	f.sqrtE = s
	return f
}

// NewP521 returns the arithmetic modulo the Mersenne prime p = 2^521 − 1 on
// nine limbs. Its values are plain numbers below p, not in Montgomery form:
// the methods that speak of Montgomery form take R = 1 for it ([Field.ToMont]
// reduces modulo p, [Field.FromMont] copies), and multiplication computes the
// full product and folds it with 2^521 ≡ 1.
func NewP521() *Field[[9]uint64] {
	var m [9]uint64
	for i := range m {
		m[i] = ^uint64(0)
	}
	m[8] = 0x1ff
	f := NewField(m)
	f.mersenne = true
	f.one = f.unit
	return f
}

// reduce521 sets z = x mod 2^521 − 1 for any x below 2^576.
func reduce521(z, x *[9]uint64) {
	// x = h·2^521 + l ≡ h + l, below 2^521 + 2^55.
	var s [9]uint64
	var c uint64
	s[0], c = bits.Add64(x[0], x[8]>>9, 0)
	for i := 1; i < 8; i++ {
		s[i], c = bits.Add64(x[i], 0, c)
	}
	s[8] = x[8]&0x1ff + c
	// Once more: bit 521 is set only if s is below 2^55 + 2^521 and then
	// s − 2^521 + 1 is small; the result is at most p.
	s[0], c = bits.Add64(s[0], s[8]>>9, 0)
	for i := 1; i < 8; i++ {
		s[i], c = bits.Add64(s[i], 0, c)
	}
	s[8] = s[8]&0x1ff + c
	// p itself is 0.
	d := ^s[8] & 0x1ff
	for i := range 8 {
		d |= ^s[i]
	}
	keep := uint64(isZero64(d)) - 1
	for i := range s {
		z[i] = s[i] & keep
	}
}

// Modulus returns the modulus.
func (f *Field[T]) Modulus() *T { return &f.m }

// SqrtExp returns (m + 1)/4.
func (f *Field[T]) SqrtExp() *T { return &f.sqrtE }

// InvExp returns m − 2.
func (f *Field[T]) InvExp() *T { return &f.pm2 }

// One sets z = 1 in Montgomery form (R mod m).
func (f *Field[T]) One(z *T) { *z = f.one }

// reduce sets z = (hi·2^(64·N) + t) mod m for a value below 2m, by
// subtracting m unless that borrows past hi.
func (f *Field[T]) reduce(z, t *T, hi uint64) {
	var s T
	var b uint64
	for i := range len(s) {
		s[i], b = bits.Sub64((*t)[i], f.m[i], b)
	}
	// Keep t when the subtraction borrowed and hi could not absorb it.
	keep := -(b &^ hi)
	for i := range len(s) {
		(*z)[i] = s[i] ^ (keep & (s[i] ^ (*t)[i]))
	}
}

// Add sets z = x + y mod m.
func (f *Field[T]) Add(z, x, y *T) {
	var t T
	var c uint64
	for i := range len(t) {
		t[i], c = bits.Add64((*x)[i], (*y)[i], c)
	}
	f.reduce(z, &t, c)
}

// Sub sets z = x − y mod m.
func (f *Field[T]) Sub(z, x, y *T) {
	var t T
	var b uint64
	for i := range len(t) {
		t[i], b = bits.Sub64((*x)[i], (*y)[i], b)
	}
	// On a borrow, add m back.
	mask := -b
	var c uint64
	for i := range len(t) {
		(*z)[i], c = bits.Add64(t[i], f.m[i]&mask, c)
	}
}

// Neg sets z = −x mod m.
func (f *Field[T]) Neg(z, x *T) {
	var zero T
	f.Sub(z, &zero, x)
}

// MulGeneric sets z = x·y·R⁻¹ mod m, the Montgomery product, by coarsely
// integrated operand scanning (CIOS; Koç, Acar, Kaliski, "Analyzing and
// comparing Montgomery multiplication algorithms", 1996): for each limb of
// y, add x·y[i] to the accumulator, then add the multiple q·m that clears
// its low limb and shift it down one limb; a final conditional subtraction
// brings the result below m. y must be below m; x may be any value below R,
// which [Field.ToMont] relies on. The code is unrolled for each limb count by
// gen_mul.go (mul_generic.go); mulCIOS in the tests is the loop it unrolls.
func (f *Field[T]) MulGeneric(z, x, y *T) {
	if f.mersenne {
		mul521(as9(z), as9(x), as9(y))
		return
	}
	switch len(*z) {
	case 4:
		montMul4(as4(z), as4(x), as4(y), as4(&f.m), f.m0inv)
	case 6:
		montMul6(as6(z), as6(x), as6(y), as6(&f.m), f.m0inv)
	case 9:
		montMul9(as9(z), as9(x), as9(y), as9(&f.m), f.m0inv)
	}
}

// as4, as6 and as9 convert a pointer to the limb array of that length, for
// the code specialized by length; T is exactly that array type.
func as4[T Limbs](p *T) *[4]uint64 { return (*[4]uint64)(unsafe.Pointer(p)) }
func as6[T Limbs](p *T) *[6]uint64 { return (*[6]uint64)(unsafe.Pointer(p)) }
func as9[T Limbs](p *T) *[9]uint64 { return (*[9]uint64)(unsafe.Pointer(p)) }

// SquareGeneric sets z = x·x·R⁻¹ mod m.
func (f *Field[T]) SquareGeneric(z, x *T) { f.MulGeneric(z, x, x) }

// ToMont sets z = x·R mod m, for any x below R (not only x < m): the result
// is x mod m in Montgomery form.
func (f *Field[T]) ToMont(z, x *T) {
	if f.mersenne {
		reduce521(as9(z), as9(x))
		return
	}
	f.Mul(z, x, &f.rr)
}

// FromMont sets z = x·R⁻¹ mod m, the plain value of a Montgomery-form x.
func (f *Field[T]) FromMont(z, x *T) {
	if f.mersenne {
		*z = *x
		return
	}
	f.Mul(z, x, &f.unit)
}

// Select sets z = a if cond == 1 and z = b if cond == 0.
func Select[T Limbs](z, a, b *T, cond int) {
	mask := -uint64(cond)
	for i := range len(*z) {
		(*z)[i] = (*b)[i] ^ (mask & ((*a)[i] ^ (*b)[i]))
	}
}

// Equal returns 1 if x == y and 0 otherwise.
func Equal[T Limbs](x, y *T) int {
	var d uint64
	for i := range len(*x) {
		d |= (*x)[i] ^ (*y)[i]
	}
	return isZero64(d)
}

// IsZero returns 1 if x == 0 and 0 otherwise.
func IsZero[T Limbs](x *T) int {
	var d uint64
	for i := range len(*x) {
		d |= (*x)[i]
	}
	return isZero64(d)
}

// isZero64 returns 1 if d == 0 and 0 otherwise, without a branch.
func isZero64(d uint64) int {
	_, b := bits.Sub64(d, 1, 0)
	return int(b & ((^d) >> 63))
}

// LessThan returns 1 if x < y and 0 otherwise.
func LessThan[T Limbs](x, y *T) int {
	var b uint64
	for i := range len(*x) {
		_, b = bits.Sub64((*x)[i], (*y)[i], b)
	}
	return int(b)
}

// IsValid returns 1 if x < m (a canonical plain value) and 0 otherwise.
func (f *Field[T]) IsValid(x *T) int { return LessThan(x, &f.m) }

// SetBytes sets z to the big-endian number b, which must have at most
// 8·N bytes. The length of b is public; its contents are not.
func SetBytes[T Limbs](z *T, b []byte) {
	var t T
	for i := range len(b) {
		k := len(b) - 1 - i // byte k from the little end
		t[k/8] |= uint64(b[i]) << (8 * (k % 8))
	}
	*z = t
}

// FillBytes writes x big-endian into all of b, whose length must be at
// least the byte length of x's value and at most 8·N.
func FillBytes[T Limbs](b []byte, x *T) {
	for i := range len(b) {
		k := len(b) - 1 - i
		b[i] = byte((*x)[k/8] >> (8 * (k % 8)))
	}
}

// window is the width of the sliding window of [Field.Exp].
const window = 5

// Exp sets z = x^e in Montgomery form (x in Montgomery form too), for a
// public exponent e: the time depends on e, not on x. It uses a sliding
// window over e's bits, from the most significant, with the odd powers x,
// x³, …, x^(2^window − 1) precomputed.
func (f *Field[T]) Exp(z, x, e *T) {
	var table [1 << (window - 1)]T
	table[0] = *x
	var x2 T
	f.Square(&x2, x)
	for i := 1; i < len(table); i++ {
		f.Mul(&table[i], &table[i-1], &x2)
	}
	bit := func(i int) uint64 { return (*e)[i/64] >> (i % 64) & 1 }
	acc := f.one
	started := false
	i := len(*e)*64 - 1
	for i >= 0 {
		if bit(i) == 0 {
			if started {
				f.Square(&acc, &acc)
			}
			i--
			continue
		}
		// The window is bits i down to j, with bit j set.
		j := max(i-window+1, 0)
		for bit(j) == 0 {
			j++
		}
		var w uint64
		for k := i; k >= j; k-- {
			w = w<<1 | bit(k)
			if started {
				f.Square(&acc, &acc)
			}
		}
		if started {
			f.Mul(&acc, &acc, &table[w>>1])
		} else {
			acc = table[w>>1]
			started = true
		}
		i = j - 1
	}
	*z = acc
}

// Invert sets z = x^(m−2), the inverse of x when m is prime (and 0 for 0),
// in Montgomery form.
func (f *Field[T]) Invert(z, x *T) { f.Exp(z, x, &f.pm2) }

// Sqrt sets z to a square root of x, for a prime m ≡ 3 (mod 4), and returns 1
// if x is a square; otherwise it leaves z unchanged and returns 0. Both are
// in Montgomery form.
func (f *Field[T]) Sqrt(z, x *T) int {
	var r, r2 T
	f.Exp(&r, x, &f.sqrtE)
	f.Square(&r2, &r)
	ok := Equal(&r2, x)
	Select(z, &r, z, ok)
	return ok
}

// SetCanonical sets z to the Montgomery form of the big-endian number b and
// returns true if b has exactly size bytes and a value below m; otherwise it
// leaves z unchanged and returns false. size must be at most 8·N. Only the
// outcome is revealed, not the value.
func (f *Field[T]) SetCanonical(z *T, b []byte, size int) bool {
	if len(b) != size {
		return false
	}
	var t T
	SetBytes(&t, b)
	ok := f.IsValid(&t)
	declassify(&ok)
	if ok == 0 {
		return false
	}
	f.ToMont(z, &t)
	return true
}

// SetReduced sets z to the Montgomery form of the big-endian number b
// reduced modulo m, and returns true, if b has at most size bytes (size at
// most 8·N); otherwise it leaves z unchanged and returns false.
func (f *Field[T]) SetReduced(z *T, b []byte, size int) bool {
	if len(b) > size {
		return false
	}
	var t T
	SetBytes(&t, b)
	f.ToMont(z, &t)
	return true
}

// Encode writes the canonical big-endian encoding of the Montgomery-form x
// into b[:size] and returns b[:size]. It panics if b is shorter than size.
func (f *Field[T]) Encode(b []byte, x *T, size int) []byte {
	b = b[:size]
	var t T
	f.FromMont(&t, x)
	FillBytes(b, &t)
	return b
}

// IsOdd returns the parity of the plain value of the Montgomery-form x.
func (f *Field[T]) IsOdd(x *T) int {
	var t T
	f.FromMont(&t, x)
	return int(t[0] & 1)
}
