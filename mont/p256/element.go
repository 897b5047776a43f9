package p256

import (
	"encoding/hex"

	"github.com/crypton-go/crypton/mont/internal/limbs"
)

// Element is an element of GF(p), p = 2^256 − 2^224 + 2^192 + 2^96 − 1. The
// zero value is 0.
type Element struct {
	// l holds x·2^256 mod p in little-endian limbs, below p.
	l [4]uint64
}

// mustElement decodes a constant of the package.
func mustElement(s string) *Element {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	e, err := new(Element).SetBytes(b)
	if err != nil {
		panic(err)
	}
	return e
}

// Zero sets e = 0 and returns e.
func (e *Element) Zero() *Element { *e = Element{}; return e }

// One sets e = 1 and returns e.
func (e *Element) One() *Element { fp.One(&e.l); return e }

// Set sets e = a and returns e.
func (e *Element) Set(a *Element) *Element { *e = *a; return e }

// Add sets e = a + b and returns e.
func (e *Element) Add(a, b *Element) *Element { limbs.Add4(fp, &e.l, &a.l, &b.l); return e }

// Sub sets e = a − b and returns e.
func (e *Element) Sub(a, b *Element) *Element { limbs.Sub4(fp, &e.l, &a.l, &b.l); return e }

// Negate sets e = −a and returns e.
func (e *Element) Negate(a *Element) *Element { fp.Neg(&e.l, &a.l); return e }

// Mul sets e = a · b and returns e.
func (e *Element) Mul(a, b *Element) *Element { fpMul(fp, &e.l, &a.l, &b.l); return e }

// Square sets e = a² and returns e.
func (e *Element) Square(a *Element) *Element { fpSquare(fp, &e.l, &a.l); return e }

// Select sets e to a if cond == 1 and to b if cond == 0, and returns e. cond
// must be 0 or 1; the choice is made in constant time.
func (e *Element) Select(a, b *Element, cond int) *Element {
	limbs.Select(&e.l, &a.l, &b.l, cond)
	return e
}

// Equal returns 1 if e and a are equal and 0 otherwise.
func (e *Element) Equal(a *Element) int { return limbs.Equal(&e.l, &a.l) }

// IsZero returns 1 if e is 0 and 0 otherwise.
func (e *Element) IsZero() int { return limbs.IsZero(&e.l) }

// IsOdd returns 1 if the canonical value of e (its encoding) is odd and 0
// otherwise: the bit of SEC 1's point compression.
func (e *Element) IsOdd() int { return fp.IsOdd(&e.l) }

// Invert sets e = 1/a and returns e; if a is 0, e is set to 0. It runs a
// fixed number of Bernstein–Yang divsteps, in constant time.
func (e *Element) Invert(a *Element) *Element { fp.Invert(&e.l, &a.l); return e }

// InvertVarTime sets e = 1/a and returns e; if a is 0, e is set to 0.
//
// InvertVarTime is VARIABLE TIME in the value of a (a binary extended GCD,
// Bernstein–Yang divsteps): use it only for public inputs, never for
// secrets. [Element.Invert] is the constant-time alternative.
func (e *Element) InvertVarTime(a *Element) *Element { fp.InvertVarTime(&e.l, &a.l); return e }

// Sqrt sets e to a square root of a and returns e and 1 if a is a square;
// otherwise it leaves e unchanged and returns e and 0. Which root is
// returned is unspecified (use [Element.IsOdd] and [Element.Negate] to pick
// one). It computes a^((p+1)/4), as p ≡ 3 (mod 4), in constant time.
func (e *Element) Sqrt(a *Element) (*Element, int) {
	ok := fp.Sqrt(&e.l, &a.l)
	return e, ok
}

// SetBytes sets e to the big-endian encoding b, which must be exactly
// [ElementSize] bytes with a value below p, and returns e. Otherwise it
// returns nil and an error and leaves e unchanged.
func (e *Element) SetBytes(b []byte) (*Element, error) {
	if !fp.SetCanonical(&e.l, b, ElementSize) {
		return nil, errElement
	}
	return e, nil
}

// Bytes returns the canonical big-endian encoding of e, [ElementSize] bytes.
func (e *Element) Bytes() []byte {
	var out [ElementSize]byte
	return e.FillBytes(out[:])
}

// FillBytes writes the canonical big-endian encoding of e into
// b[:ElementSize] and returns it, without allocating. It panics if b is
// shorter than [ElementSize].
func (e *Element) FillBytes(b []byte) []byte { return fp.Encode(b, &e.l, ElementSize) }
