package mont

import (
	"errors"
	"sync"
)

// Modulus is an odd modulus m > 1 with the constants Montgomery
// multiplication needs. A Modulus is immutable and safe for concurrent use.
//
// Creating a Modulus takes time that depends only on its length, so secret
// moduli (the primes of an RSA key) are fine.
type Modulus struct {
	nat    *Nat   // the modulus, with no spare limbs above its top limb
	bitLen int    // bit length (public)
	m0inv  uint64 // -m⁻¹ mod 2^64
	rr     *Nat   // R² mod m, R = 2^(64·limbs)

	// The radix-2⁵² form of the modulus (see radix52.go), made on first
	// use by an exponentiation that needs it.
	r52Once sync.Once
	r52     *modulus52
}

var (
	errModulusEven  = errors.New("mont: modulus is even")
	errModulusSmall = errors.New("mont: modulus is less than 3")
)

// NewModulus returns the modulus whose big-endian encoding is b. Leading
// zero bytes are ignored. It returns an error if the value is even or less
// than 3.
//
// The time taken depends on the bit length of the value, which is treated
// as public, but not otherwise on the value.
func NewModulus(b []byte) (*Modulus, error) {
	// The limb count comes from the bit length: leading zeros in the
	// encoding must not give the modulus a zero top limb.
	return newModulus(NewNat().SetBigEndian(b).trimPublic())
}

// NewModulusProduct returns the modulus a·b, for the big-endian values a
// and b (the primes of an RSA key). It returns an error if the product is
// even or less than 3.
func NewModulusProduct(a, b []byte) (*Modulus, error) {
	x := NewNat().SetBigEndian(a).trimPublic()
	y := NewNat().SetBigEndian(b).trimPublic()
	return newModulus(NewNat().MulPlain(x, y).trimPublic())
}

// trimVarTime drops zero top limbs. The number of limbs of a modulus is
// public (its bit length), so this is a public-value operation.
func (x *Nat) trimVarTime() *Nat {
	n := len(x.limbs)
	for n > 0 && x.limbs[n-1] == 0 {
		n--
	}
	x.limbs = x.limbs[:n]
	return x
}

// trimPublic drops zero top limbs, for a value whose bit length is public
// but whose bits are otherwise secret (an RSA prime): it finds the bit
// length in constant time and declassifies only that, so the limbs are
// never compared with zero one by one.
func (x *Nat) trimPublic() *Nat {
	n := x.bitLen()
	declassify(&n)
	x.limbs = x.limbs[:(n+63)/64]
	return x
}

// bitLen returns the position of x's highest set bit plus one, or 0 if x
// is zero, in time that depends only on x's length.
func (x *Nat) bitLen() int {
	var n uint64
	for i, l := range x.limbs {
		// Each nonzero limb replaces the length found below it.
		nz := (l | -l) >> 63
		n ^= -nz & (n ^ (uint64(i)*64 + len64(l)))
	}
	return int(n)
}

// len64 is bits.Len64 in constant time: a binary search whose steps shift
// by the masked step size instead of branching (bits.Len64 may use a table
// indexed by the value where the CPU has no instruction for it).
func len64(x uint64) uint64 {
	var n uint64
	for _, k := range [...]uint64{32, 16, 8, 4, 2, 1} {
		// big is 1 if x has a bit at or above k.
		big := ((x >> k) | -(x >> k)) >> 63
		x >>= k & -big
		n += k & -big
	}
	return n + x
}

// newModulus makes a Modulus of n, which has no zero top limb. Only the
// length of n and the validation outcome (which leaks nothing but whether
// n is odd and at least 3, which any valid modulus is) decide branches.
func newModulus(n *Nat) (*Modulus, error) {
	if len(n.limbs) == 0 {
		return nil, errModulusSmall
	}
	odd := n.limbs[0] & 1
	declassify(&odd)
	if odd == 0 {
		return nil, errModulusEven
	}
	bitLen := n.bitLen()
	declassify(&bitLen)
	if bitLen < 2 { // 1: the only odd value below 3
		return nil, errModulusSmall
	}
	m := &Modulus{nat: n, bitLen: bitLen}
	m.m0inv = minusInverse64(n.limbs[0])
	m.rr = computeRR(m)
	return m, nil
}

// minusInverse64 returns -x⁻¹ mod 2^64 for odd x, by Newton's iteration:
// each step doubles the number of correct low bits, starting from 3 bits
// (x·x ≡ 1 mod 8 for odd x).
func minusInverse64(x uint64) uint64 {
	inv := x
	for range 5 {
		inv *= 2 - x*inv
	}
	return -inv
}

// computeRR returns R² mod m, R = 2^(64n) for n limbs. Doubling 1 modulo m
// 65n times (each a constant-time shift and conditional subtraction) gives
// R·2^n mod m, the Montgomery form of 2^n; six Montgomery squarings raise
// that to 2^(64n), whose Montgomery form is R² mod m.
func computeRR(m *Modulus) *Nat {
	n := len(m.nat.limbs)
	x := NewNat().reset(n)
	x.limbs[0] = 1
	for range 65 * n {
		// x = 2x mod m: x < m, so 2x < 2m and one subtraction suffices.
		carry := x.add(x)
		x.maybeSubtract(Choice(carry), m)
	}
	for range 6 {
		montSqr(x.limbs, x.limbs, m.nat.limbs, m.m0inv)
	}
	return x
}

// Size returns the size of m in bytes.
func (m *Modulus) Size() int { return (m.bitLen + 7) / 8 }

// BitLen returns the size of m in bits.
func (m *Modulus) BitLen() int { return m.bitLen }

// Nat returns m as a Nat with m's length. The caller may modify it.
func (m *Modulus) Nat() *Nat { return NewNat().Set(m.nat) }
