//go:build ctgrind

package fieldtest

import (
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
)

// ctBytes returns n bytes of a fixed pseudorandom sequence (xorshift from
// seed), so that the cases need no randomness source under valgrind.
func ctBytes(n int, seed uint64) []byte {
	b := make([]byte, n)
	s := seed | 1
	for i := range b {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		b[i] = byte(s >> 32)
	}
	return b
}

// CT is the constant-time case of E's arithmetic, for tools/cmd/ctcheck:
// the operands are decoded from bytes marked secret (the top byte cleared,
// so that they are below the modulus), and so is the condition of Select.
// Every operation runs on them: Add, Sub, Negate, Mul, Square, Invert,
// Select, Equal, IsZero, the encodings, and Sqrt and IsOdd (Element) or
// SetBytesReduced (Scalar) where E has them. Results are marked public only
// to be compared.
func CT[E any, P Ptr[E]](t *testing.T, size int) {
	xb, yb := ctBytes(size, 1), ctBytes(size, 2)
	xb[0], yb[0] = 0, 0
	ctgrind.Secret(xb)
	ctgrind.Secret(yb)
	var x, y, v, w E
	if _, err := P(&x).SetBytes(xb); err != nil {
		t.Fatal(err)
	}
	if _, err := P(&y).SetBytes(yb); err != nil {
		t.Fatal(err)
	}
	P(&v).Mul(&x, &y)
	P(&v).Square(&v)
	P(&v).Add(&v, &x)
	P(&v).Sub(&v, &y)
	P(&v).Negate(&v)
	P(&w).Invert(&v)
	P(&w).Mul(&w, &v) // 1, unless v is 0
	eq := P(&w).Equal(P(new(E)).One())
	zero := P(&v).IsZero()
	cond := int(xb[1] & 1)
	P(&v).Select(&x, &v, cond)
	sqrtOK, odd := 1, 0
	if s, ok := any(P(&w)).(sqrter[E]); ok {
		var sq E
		P(&sq).Square(&x)
		_, sqrtOK = s.Sqrt(&sq)
		odd = any(P(&w)).(odder).IsOdd()
	}
	if r, ok := any(P(&w)).(reducer[E]); ok {
		wide := ctBytes(size, 3)
		ctgrind.Secret(wide)
		if _, err := r.SetBytesReduced(wide); err != nil {
			t.Fatal(err)
		}
	}
	out := P(&v).Bytes()
	buf := make([]byte, size)
	P(&w).FillBytes(buf)
	ctgrind.Public(out)
	ctgrind.Public(buf)
	ctgrind.PublicValue(&eq)
	ctgrind.PublicValue(&zero)
	ctgrind.PublicValue(&sqrtOK)
	ctgrind.PublicValue(&odd)
	if eq != 1 || zero != 0 || len(out) != size || sqrtOK != 1 || odd > 1 {
		t.Errorf("x·x⁻¹ = 1: %d, IsZero = %d, Sqrt(x²) = %d, IsOdd = %d", eq, zero, sqrtOK, odd)
	}
}
