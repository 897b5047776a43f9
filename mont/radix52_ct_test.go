package mont

import (
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTExp52 is the constant-time case of the radix-2⁵² exponentiation,
// run by tools/cmd/ctcheck under valgrind, which cannot execute AVX-512:
// it runs exp52, exp52Pair and expShort52VarTime (whose exponent is public
// but whose base is not) on the portable kernels that the assembly ones
// mirror, so the driver's branches and addresses are checked, with secret
// bases and exponents and a public 1024-bit modulus. The assembly kernels
// branch on nothing but their loop counter and address nothing but their
// arguments (TestExp52AccessPattern checks the driver's calls into them).
func TestCTExp52(t *testing.T) {
	mb := make([]byte, 128)
	for i := range mb {
		mb[i] = byte(i*37 + 11)
	}
	mb[0] |= 0x80
	mb[127] |= 1
	m, err := NewModulus(mb)
	if err != nil {
		t.Fatal(err)
	}
	secret := func(seed byte) (*Nat, []byte) {
		b := make([]byte, 127)
		e := make([]byte, 128)
		for i := range b {
			b[i] = byte(i)*seed + 3
			e[i] = byte(i)*(seed+2) + 5
		}
		ctgrind.Secret(b)
		ctgrind.Secret(e)
		return NewNat().SetBigEndian(b).ExpandFor(m), e
	}
	x1, e1 := secret(7)
	x2, e2 := secret(9)

	got := NewNat().exp52(x1, e1, m, amm52Portable, selectEntryGeneric)
	want := NewNat().Exp(x1, e1, m)
	eq := got.Equal(want)
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("exp52 != Exp")
	}

	p1, p2 := NewNat(), NewNat()
	exp52Pair(p1, x1, e1, m, p2, x2, e2, m, amm52PairPortable, selectEntryGeneric)
	eq = p1.Equal(want).And(p2.Equal(NewNat().Exp(x2, e2, m)))
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("exp52Pair != Exp, Exp")
	}

	short := NewNat().expShort52VarTime(x1, 65537, m, amm52Portable)
	eq = short.Equal(NewNat().ExpShortVarTime(x1, 65537, m))
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("expShort52VarTime != ExpShortVarTime")
	}
}
