package mont

import (
	"errors"
	"math/bits"
)

// Nat is a natural number, stored as little-endian 64-bit limbs. Its
// length in limbs is part of its public shape: operations modulo m require
// the length of m (see [Nat.ExpandFor]) and never look at which limbs are
// zero, so a Nat's value does not affect the time they take.
//
// The zero value is a Nat of length zero, ready to use. Methods that set a
// Nat return it, in the style of math/big.
type Nat struct {
	limbs []uint64
}

// NewNat returns a new Nat of length zero.
func NewNat() *Nat { return &Nat{} }

// reset sets x to zero with n limbs, reusing its storage when possible.
func (x *Nat) reset(n int) *Nat {
	if cap(x.limbs) < n {
		x.limbs = make([]uint64, n)
		return x
	}
	x.limbs = x.limbs[:n]
	clear(x.limbs)
	return x
}

// expand grows x to n limbs, keeping its value.
func (x *Nat) expand(n int) *Nat {
	if len(x.limbs) > n {
		panic("mont: internal error: shrinking a Nat")
	}
	if cap(x.limbs) < n {
		l := make([]uint64, n)
		copy(l, x.limbs)
		x.limbs = l
		return x
	}
	old := len(x.limbs)
	x.limbs = x.limbs[:n]
	clear(x.limbs[old:])
	return x
}

// ExpandFor gives x the length of m's limbs, keeping its value, so that it
// can be an operand of operations modulo m. x must have no more limbs than
// m (for a larger number, use [Nat.Mod]); ExpandFor panics otherwise.
func (x *Nat) ExpandFor(m *Modulus) *Nat { return x.expand(len(m.nat.limbs)) }

// Set sets x = y, with y's length, and returns x.
func (x *Nat) Set(y *Nat) *Nat {
	if x == y {
		return x
	}
	x.reset(len(y.limbs))
	copy(x.limbs, y.limbs)
	return x
}

// Assign sets x = y if on is 1 and leaves x unchanged if on is 0, in
// constant time. x and y must have the same length.
func (x *Nat) Assign(on Choice, y *Nat) *Nat {
	mask := on.mask()
	yl := y.limbs[:len(x.limbs)]
	for i := range x.limbs {
		x.limbs[i] ^= mask & (x.limbs[i] ^ yl[i])
	}
	return x
}

// SetUint sets x = y with the length of m and returns x. y must be less
// than m; SetUint panics otherwise, since y is normally a small constant.
func (x *Nat) SetUint(y uint64, m *Modulus) *Nat {
	x.reset(len(m.nat.limbs))
	x.limbs[0] = y
	if len(m.nat.limbs) == 1 && y >= m.nat.limbs[0] {
		panic("mont: SetUint value not reduced modulo m")
	}
	return x
}

var (
	errTooLong     = errors.New("mont: input is longer than the modulus")
	errNotReduced  = errors.New("mont: input is not reduced modulo the modulus")
	errTooManyBits = errors.New("mont: input has more bits than the modulus")
)

// setBytes sets x to the big-endian value b with n limbs. It fails if b
// does not fit in n limbs (leading zero bytes are allowed).
func (x *Nat) setBytes(b []byte, n int) error {
	x.reset(n)
	i := len(b)
	for k := 0; i > 0; k++ {
		var limb uint64
		for s := uint(0); s < 64 && i > 0; s += 8 {
			i--
			limb |= uint64(b[i]) << s
		}
		if k >= n {
			if limb != 0 {
				return errTooLong
			}
			continue
		}
		x.limbs[k] = limb
	}
	return nil
}

// SetBytes sets x to the big-endian value b, with the length of m, and
// returns x. It returns an error if the value is not less than m. Leading
// zero bytes are allowed up to any length; the time taken depends only on
// len(b) and m's length, not on the value: only the outcome, which the
// error reveals, decides a branch.
func (x *Nat) SetBytes(b []byte, m *Modulus) (*Nat, error) {
	// Only zero bytes may exceed the modulus' size.
	var high byte
	if len(b) > m.Size() {
		for _, c := range b[:len(b)-m.Size()] {
			high |= c
		}
		b = b[len(b)-m.Size():]
	}
	tooLong := ctEq(uint64(high), 0).Not()
	declassify(&tooLong)
	if tooLong == 1 {
		return nil, errTooLong
	}
	if err := x.setBytes(b, len(m.nat.limbs)); err != nil {
		return nil, err // unreachable: b has at most m's size
	}
	geq := x.cmpGeq(m.nat)
	declassify(&geq)
	if geq == 1 {
		return nil, errNotReduced
	}
	return x, nil
}

// SetOverflowingBytes sets x to the big-endian value b reduced modulo m,
// with the length of m, and returns x. The value may be at most as long, in
// bits, as m; it then is below 2m and one conditional subtraction reduces
// it. It returns an error if b has more bits than m.
func (x *Nat) SetOverflowingBytes(b []byte, m *Modulus) (*Nat, error) {
	if len(b) > m.Size() {
		return nil, errTooLong
	}
	if err := x.setBytes(b, len(m.nat.limbs)); err != nil {
		return nil, err
	}
	if top := m.bitLen % 64; top != 0 {
		// Whether b has too many bits is the error: public.
		tooMany := ctEq(x.limbs[len(x.limbs)-1]>>top, 0).Not()
		declassify(&tooMany)
		if tooMany == 1 {
			return nil, errTooManyBits
		}
	}
	x.maybeSubtract(x.cmpGeq(m.nat), m)
	return x, nil
}

// Bytes returns x as a big-endian byte slice of m's size, with leading
// zeros. x must be reduced modulo m.
func (x *Nat) Bytes(m *Modulus) []byte {
	b := make([]byte, m.Size())
	x.fillBytes(b)
	return b
}

// fillBytes writes x big-endian into all of b, truncating high limbs that
// do not fit (the caller ensures they are zero).
func (x *Nat) fillBytes(b []byte) {
	clear(b)
	i := len(b)
	for _, limb := range x.limbs {
		for s := 0; s < 64 && i > 0; s += 8 {
			i--
			b[i] = byte(limb >> s)
		}
	}
}

// Equal returns 1 if x == y and 0 otherwise. x and y must have the same
// length.
func (x *Nat) Equal(y *Nat) Choice {
	yl := y.limbs[:len(x.limbs)]
	var d uint64
	for i, l := range x.limbs {
		d |= l ^ yl[i]
	}
	return ctEq(d, 0)
}

// IsZero returns 1 if x == 0 and 0 otherwise.
func (x *Nat) IsZero() Choice {
	var d uint64
	for _, l := range x.limbs {
		d |= l
	}
	return ctEq(d, 0)
}

// IsOne returns 1 if x == 1 and 0 otherwise.
func (x *Nat) IsOne() Choice {
	if len(x.limbs) == 0 {
		return 0
	}
	d := x.limbs[0] ^ 1
	for _, l := range x.limbs[1:] {
		d |= l
	}
	return ctEq(d, 0)
}

// IsMinusOne returns 1 if x == m - 1 and 0 otherwise. x must have m's
// length.
func (x *Nat) IsMinusOne(m *Modulus) Choice {
	ml := m.nat.limbs
	xl := x.limbs[:len(ml)]
	// m is odd, so m - 1 differs from m only in the lowest bit.
	d := xl[0] ^ (ml[0] ^ 1)
	for i := 1; i < len(ml); i++ {
		d |= xl[i] ^ ml[i]
	}
	return ctEq(d, 0)
}

// IsOdd returns 1 if x is odd and 0 otherwise.
func (x *Nat) IsOdd() Choice {
	if len(x.limbs) == 0 {
		return 0
	}
	return Choice(x.limbs[0] & 1)
}

// cmpGeq returns 1 if x >= y and 0 otherwise. x and y must have the same
// length.
func (x *Nat) cmpGeq(y *Nat) Choice {
	yl := y.limbs[:len(x.limbs)]
	var b uint64
	for i, l := range x.limbs {
		_, b = bits.Sub64(l, yl[i], b)
	}
	return Choice(b ^ 1)
}

// add sets x = x + y (same lengths) and returns the carry.
func (x *Nat) add(y *Nat) uint64 {
	yl := y.limbs[:len(x.limbs)]
	var c uint64
	for i := range x.limbs {
		x.limbs[i], c = bits.Add64(x.limbs[i], yl[i], c)
	}
	return c
}

// sub sets x = x - y (same lengths) and returns the borrow.
func (x *Nat) sub(y *Nat) uint64 {
	yl := y.limbs[:len(x.limbs)]
	var b uint64
	for i := range x.limbs {
		x.limbs[i], b = bits.Sub64(x.limbs[i], yl[i], b)
	}
	return b
}

// maybeSubtract subtracts m from x if always is 1 or if x >= m, in
// constant time. It is used after an addition whose carry is always.
func (x *Nat) maybeSubtract(always Choice, m *Modulus) {
	var buf [maxStackLimbs]uint64
	t := &Nat{limbs: buf[:0]}
	t.Set(x)
	b := t.sub(m.nat)
	// Keep the difference when the subtraction did not borrow or when the
	// borrow is absorbed by the carry.
	x.Assign(always.Or(Choice(b).Not()), t)
}

// BitLenVarTime returns the position of x's highest set bit plus one. It
// takes time that depends on the value: use it on public values only.
func (x *Nat) BitLenVarTime() int {
	for i := len(x.limbs) - 1; i >= 0; i-- {
		if x.limbs[i] != 0 {
			return i*64 + bits.Len64(x.limbs[i])
		}
	}
	return 0
}

// TrailingZeroBitsVarTime returns the number of trailing zero bits of x,
// or 0 if x is zero. It takes time that depends on the value: use it on
// public values only.
func (x *Nat) TrailingZeroBitsVarTime() uint {
	if k := trailingZerosVarTime(x.limbs); k < 64*len(x.limbs) {
		return uint(k)
	}
	return 0
}

// ShiftRightVarTime sets x = x >> n, keeping x's length, and returns x. The
// time depends on n, which must be public.
func (x *Nat) ShiftRightVarTime(n uint) *Nat {
	shiftRightVarTime(x.limbs, n)
	return x
}
