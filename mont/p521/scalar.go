package p521

import "github.com/crypton-go/crypton/mont/internal/limbs"

// Scalar is an integer modulo the order n of the P-521 group, whose
// hexadecimal value is
//
//	0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409
//
// The zero value is 0.
type Scalar struct {
	// l holds x·2^576 mod n in little-endian limbs, below n.
	l [9]uint64
}

// Zero sets s = 0 and returns s.
func (s *Scalar) Zero() *Scalar { *s = Scalar{}; return s }

// One sets s = 1 and returns s.
func (s *Scalar) One() *Scalar { fn.One(&s.l); return s }

// Set sets s = a and returns s.
func (s *Scalar) Set(a *Scalar) *Scalar { *s = *a; return s }

// Add sets s = a + b mod n and returns s.
func (s *Scalar) Add(a, b *Scalar) *Scalar { limbs.Add9(fn, &s.l, &a.l, &b.l); return s }

// Sub sets s = a − b mod n and returns s.
func (s *Scalar) Sub(a, b *Scalar) *Scalar { limbs.Sub9(fn, &s.l, &a.l, &b.l); return s }

// Negate sets s = −a mod n and returns s.
func (s *Scalar) Negate(a *Scalar) *Scalar { fn.Neg(&s.l, &a.l); return s }

// Mul sets s = a · b mod n and returns s.
func (s *Scalar) Mul(a, b *Scalar) *Scalar { fnMul(fn, &s.l, &a.l, &b.l); return s }

// Square sets s = a² mod n and returns s.
func (s *Scalar) Square(a *Scalar) *Scalar { fnSquare(fn, &s.l, &a.l); return s }

// Select sets s to a if cond == 1 and to b if cond == 0, and returns s. cond
// must be 0 or 1; the choice is made in constant time.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	limbs.Select(&s.l, &a.l, &b.l, cond)
	return s
}

// Equal returns 1 if s and a are equal and 0 otherwise.
func (s *Scalar) Equal(a *Scalar) int { return limbs.Equal(&s.l, &a.l) }

// IsZero returns 1 if s is 0 and 0 otherwise.
func (s *Scalar) IsZero() int { return limbs.IsZero(&s.l) }

// Invert sets s = 1/a mod n and returns s; if a is 0, s is set to 0. It
// runs a fixed number of Bernstein–Yang divsteps, in constant time.
func (s *Scalar) Invert(a *Scalar) *Scalar { fn.Invert(&s.l, &a.l); return s }

// InvertVarTime sets s = 1/a mod n and returns s; if a is 0, s is set to
// 0.
//
// InvertVarTime is VARIABLE TIME in the value of a (a binary extended GCD,
// Bernstein–Yang divsteps): use it only for public inputs, such as the s of
// an ECDSA signature being verified, never for secrets. [Scalar.Invert] is
// the constant-time alternative.
func (s *Scalar) InvertVarTime(a *Scalar) *Scalar { fn.InvertVarTime(&s.l, &a.l); return s }

// SetBytes sets s to the big-endian encoding b, which must be exactly
// [ScalarSize] bytes with a value below n, and returns s. Otherwise it
// returns nil and an error and leaves s unchanged.
func (s *Scalar) SetBytes(b []byte) (*Scalar, error) {
	if !fn.SetCanonical(&s.l, b, ScalarSize) {
		return nil, errScalar
	}
	return s, nil
}

// SetBytesReduced sets s to the big-endian number b reduced modulo n, and
// returns s. b may have any value and up to [ScalarSize] bytes (an ECDSA
// digest truncated to the order's length, for one); if it is longer,
// SetBytesReduced returns nil and an error and leaves s unchanged. Its time
// depends on len(b) only.
func (s *Scalar) SetBytesReduced(b []byte) (*Scalar, error) {
	if !fn.SetReduced(&s.l, b, ScalarSize) {
		return nil, errScalar
	}
	return s, nil
}

// Bytes returns the canonical big-endian encoding of s, [ScalarSize] bytes.
func (s *Scalar) Bytes() []byte {
	var out [ScalarSize]byte
	return s.FillBytes(out[:])
}

// FillBytes writes the canonical big-endian encoding of s into
// b[:ScalarSize] and returns it, without allocating. It panics if b is
// shorter than [ScalarSize].
func (s *Scalar) FillBytes(b []byte) []byte { return fn.Encode(b, &s.l, ScalarSize) }
