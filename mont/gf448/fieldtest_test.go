package gf448

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/fieldtest"
)

// fieldElement adapts Element to the method set of the prime-field test
// suite (fieldtest.Ptr), which mont/p256, p384 and p521 have natively: the
// suite encodes big-endian, where Element's encoding is RFC 7748's
// little-endian one, and expects SetBytes to reject non-canonical values,
// as Element.SetCanonicalBytes does. It adds FillBytes, and IsOdd as
// Element.IsNegative (the low bit of the canonical value). Everything else
// is Element's own method.
type fieldElement struct{ v Element }

func (e *fieldElement) Zero() *fieldElement               { e.v.Zero(); return e }
func (e *fieldElement) One() *fieldElement                { e.v.One(); return e }
func (e *fieldElement) Set(a *fieldElement) *fieldElement { e.v.Set(&a.v); return e }
func (e *fieldElement) Add(a, b *fieldElement) *fieldElement {
	e.v.Add(&a.v, &b.v)
	return e
}
func (e *fieldElement) Sub(a, b *fieldElement) *fieldElement {
	e.v.Sub(&a.v, &b.v)
	return e
}
func (e *fieldElement) Negate(a *fieldElement) *fieldElement { e.v.Negate(&a.v); return e }
func (e *fieldElement) Mul(a, b *fieldElement) *fieldElement {
	e.v.Mul(&a.v, &b.v)
	return e
}
func (e *fieldElement) Square(a *fieldElement) *fieldElement { e.v.Square(&a.v); return e }
func (e *fieldElement) Select(a, b *fieldElement, cond int) *fieldElement {
	e.v.Select(&a.v, &b.v, cond)
	return e
}
func (e *fieldElement) Equal(a *fieldElement) int            { return e.v.Equal(&a.v) }
func (e *fieldElement) IsZero() int                          { return e.v.Equal(new(Element)) }
func (e *fieldElement) IsOdd() int                           { return e.v.IsNegative() }
func (e *fieldElement) Invert(a *fieldElement) *fieldElement { e.v.Invert(&a.v); return e }

// SetBytes decodes a big-endian encoding with Element.SetCanonicalBytes.
// Other lengths go to SetCanonicalBytes unchanged, to check its error.
func (e *fieldElement) SetBytes(b []byte) (*fieldElement, error) {
	if len(b) != 56 {
		_, err := new(Element).SetCanonicalBytes(b)
		return nil, err
	}
	var le [56]byte
	for i := range le {
		le[i] = b[55-i]
	}
	if _, err := e.v.SetCanonicalBytes(le[:]); err != nil {
		return nil, err
	}
	return e, nil
}

// Bytes and FillBytes give the big-endian encoding.
func (e *fieldElement) Bytes() []byte { return e.FillBytes(make([]byte, 56)) }

func (e *fieldElement) FillBytes(b []byte) []byte {
	var le [56]byte
	e.v.bytes(&le)
	b = b[:56]
	for i := range le {
		b[i] = le[55-i]
	}
	return b
}

// TestField runs the prime-field test suite on every implementation:
// every operation against math/big on edge and random canonical values,
// with aliasing, the constants, Select, Equal, IsZero, IsNegative,
// Invert(0) = 0 and the encodings' round trip and rejections.
func TestField(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		fieldtest.Test[fieldElement](t, bigP, 56)
	})
}

// FuzzField is the suite's differential fuzz target.
func FuzzField(f *testing.F) {
	fieldtest.Fuzz[fieldElement](f, bigP, 56)
}
