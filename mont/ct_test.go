//go:build ctgrind

package mont_test

import (
	"fmt"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont"
)

// kernelPackages are the names under which mont registers its independent
// kernels, the arithmetic, Exp's table scan and Exp's radix-2⁵² arithmetic:
// the cases run under every combination of their implementations.
var kernelPackages = []string{"mont", "mont/select", "mont/ifma"}

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

// ctModulusBytes returns an odd number of exactly bits bits.
func ctModulusBytes(bits int, seed uint64) []byte {
	b := ctBytes(bits/8, seed)
	b[0] |= 0x80
	b[len(b)-1] |= 1
	return b
}

// ctSecretNat returns a secret Nat with m's length and a value below m:
// one byte shorter than m, from bytes marked secret before they are read.
func ctSecretNat(m *mont.Modulus, seed uint64) *mont.Nat {
	b := ctBytes(m.Size()-1, seed)
	ctgrind.Secret(b)
	return mont.NewNat().SetBigEndian(b).ExpandFor(m)
}

// TestCTMont is the constant-time case of mont's modular arithmetic, run by
// tools/cmd/ctcheck under valgrind with every implementation of the
// Montgomery kernels, for 1024- and 2048-bit moduli (both have dedicated
// assembly kernels).
//
// The modulus is public, as for FFDH and an RSA public key, except where the
// case builds one from secret bytes with NewModulus, which is documented to
// take time that depends only on the bit length (RSA's primes are secret
// moduli): mont declassifies that length and the outcome of the checks
// that return errors, nothing else. The operands, the
// exponent of Exp and the value reduced by Mod and ModAny are secret; the
// results are marked public only for the test's own comparisons.
// Inverse reveals only whether its input is invertible (its result).
// Functions named VarTime are excluded by design, and so are SetBytes and
// SetOverflowingBytes (whose errors reveal a comparison with the modulus)
// and FillBytes (whose error reveals whether the value fits).
func TestCTMont(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		for _, bits := range []int{1024, 2048} {
			t.Run(fmt.Sprint(bits), func(t *testing.T) { ctMont(t, bits) })
		}
	})
}

func ctMont(t *testing.T, bits int) {
	m, err := mont.NewModulus(ctModulusBytes(bits, uint64(bits)))
	if err != nil {
		t.Fatal(err)
	}
	x := ctSecretNat(m, 1)
	y := ctSecretNat(m, 2)

	// Field operations; each is checked against another route to the same
	// value.
	sum := mont.NewNat().Set(x).Add(y, m)
	diff := mont.NewNat().Set(sum).Sub(y, m)
	eq := diff.Equal(x)
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("(x + y) - y != x")
	}
	sq := mont.NewNat().Set(x).Square(m)
	prod := mont.NewNat().Set(x).Mul(x, m)
	eq = sq.Equal(prod)
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("x² != x·x")
	}
	xy := mont.NewNat().Set(x).Mul(y, m)
	one := mont.NewNat().SetUint(1, m)
	dec := mont.NewNat().Set(xy).Add(one, m).SubOne(m)
	eq = dec.Equal(xy)
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("(x·y + 1) - 1 != x·y")
	}
	isZero := mont.NewNat().Set(x).Sub(x, m).IsZero()
	ctgrind.PublicValue(&isZero)
	if isZero != 1 {
		t.Error("x - x != 0")
	}
	// Assign under a secret choice.
	sel := mont.NewNat().Set(x).Assign(x.IsOdd(), y)
	ctgrind.Public(sel.Bytes(m))

	// Exp with a secret base and a secret exponent of the modulus' size,
	// against the same power computed as x^e = x^(e-1)·x... through a second
	// exponent: x^(2e) = (x^e)².
	e := ctBytes(m.Size(), 3)
	ctgrind.Secret(e)
	pow := mont.NewNat().Exp(x, e, m)
	e2 := make([]byte, len(e)+1)
	var carry byte
	for i := len(e) - 1; i >= 0; i-- {
		e2[i+1] = e[i]<<1 | carry
		carry = e[i] >> 7
	}
	e2[0] = carry
	pow2 := mont.NewNat().Exp(x, e2, m)
	eq = pow2.Equal(mont.NewNat().Set(pow).Square(m))
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("x^(2e) != (x^e)²")
	}

	// Reductions: Mod of a secret number twice m's length, and ModAny of
	// a secret number by a secret even modulus (d mod (p-1) in RSA).
	wide := mont.NewNat().MulPlain(x, y)
	r := mont.NewNat().Mod(wide, m)
	eq = r.Equal(xy)
	ctgrind.PublicValue(&eq)
	if eq != 1 {
		t.Error("x·y mod m by Mod != Mul")
	}
	ev := ctBytes(m.Size()/2, 4)
	ev[len(ev)-1] &^= 1
	ctgrind.Secret(ev)
	even := mont.NewNat().SetBigEndian(ev)
	r2, err := mont.NewNat().ModAny(x, even)
	ctgrind.PublicValue(&err)
	if err != nil {
		t.Fatal(err)
	}
	ctgrind.Public(r2.Bytes(m)[:0])

	// A secret modulus: half of m's size, like an RSA prime, with Exp
	// modulo it; the result is only checked for shape, since p is not
	// prime.
	pb := ctModulusBytes(bits/2, 5)
	ctgrind.Secret(pb)
	p, err := mont.NewModulus(pb)
	ctgrind.PublicValue(&err)
	if err != nil {
		t.Fatal(err)
	}
	xp := mont.NewNat().Mod(x, p)
	powp := mont.NewNat().Exp(xp, e[:p.Size()], p)
	out := powp.Bytes(p)
	ctgrind.Public(out)
	if len(out) != p.Size() {
		t.Errorf("Bytes returned %d bytes, want %d", len(out), p.Size())
	}

	// Inverse of a secret value modulo the public m (an RSA blinding
	// value) and modulo the secret p; only whether an inverse exists is
	// revealed, by the result.
	for _, c := range []struct {
		a *mont.Nat
		m *mont.Modulus
	}{{x, m}, {xp, p}} {
		inv, ok := mont.NewNat().Inverse(c.a, c.m)
		if !ok {
			continue // a shares a factor with the modulus: possible for these values
		}
		eq = mont.NewNat().Set(inv).Mul(c.a, c.m).IsOne()
		ctgrind.PublicValue(&eq)
		if eq != 1 {
			t.Error("a·Inverse(a) != 1")
		}
	}
	// Zero, computed from the secret x, has no inverse.
	if _, ok := mont.NewNat().Inverse(mont.NewNat().Set(x).Sub(x, m), m); ok {
		t.Error("Inverse(0) succeeded")
	}
}

// ctMersenne returns 2^k - 1, big-endian.
func ctMersenne(k int) []byte {
	b := make([]byte, (k+7)/8)
	for i := range b {
		b[i] = 0xff
	}
	b[0] = 0xff >> (8*len(b) - k)
	return b
}

// TestCTMontCRT is the constant-time case of the operations of an RSA
// private key's set-up and use in mont: the secret primes become moduli
// (NewModulus, NewModulusProduct), q⁻¹ mod p comes from InversePrime, and
// RecombineCRT joins the halves, with every input secret. The primes are
// the Mersenne primes 2^521 - 1 and 2^607 - 1, so that the results can be
// checked.
func TestCTMontCRT(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		pb, qb := ctMersenne(521), ctMersenne(607)
		ctgrind.Secret(pb)
		ctgrind.Secret(qb)
		p, err := mont.NewModulus(pb)
		if err != nil {
			t.Fatal(err)
		}
		q, err := mont.NewModulus(qb)
		if err != nil {
			t.Fatal(err)
		}
		n, err := mont.NewModulusProduct(pb, qb)
		if err != nil {
			t.Fatal(err)
		}
		qModP := mont.NewNat().Mod(q.Nat(), p)
		qInv := mont.NewNat().InversePrime(qModP, p)
		isOne := mont.NewNat().Set(qInv).Mul(qModP, p).IsOne()
		ctgrind.PublicValue(&isOne)
		if isOne != 1 {
			t.Fatal("q·InversePrime(q) != 1 mod p")
		}

		z := ctSecretNat(n, 6)
		zp := mont.NewNat().Mod(z, p)
		zq := mont.NewNat().Mod(z, q)
		got := mont.NewNat().RecombineCRT(zp, p, zq, q, qInv, n)
		eq := got.Equal(z)
		ctgrind.PublicValue(&eq)
		if eq != 1 {
			t.Error("RecombineCRT(z mod p, z mod q) != z")
		}
	})
}

// ctSecretReader is a deterministic random source (xorshift) whose output
// is secret for memcheck.
type ctSecretReader struct{ s uint64 }

func (r *ctSecretReader) Read(b []byte) (int, error) {
	for i := range b {
		r.s ^= r.s << 13
		r.s ^= r.s >> 7
		r.s ^= r.s << 17
		b[i] = byte(r.s >> 32)
	}
	ctgrind.Secret(b)
	return len(b), nil
}

// TestCTProbablyPrime is the constant-time case of ProbablyPrime: for a
// secret prime, with bases from a secret source, nothing but the verdict
// (and the bit length) may decide a branch or an address. The primes are
// P-224's p = 2^224 − 2^96 + 1, whose p − 1 has 96 factors of two (a long
// run of squarings after the exponentiation), and 2^521 − 1, with one. A
// composite (their product) is rejected, which may take variable time once
// the verdict is known: the case only checks that it is rejected.
func TestCTProbablyPrime(t *testing.T) {
	p224 := []byte{
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
	}
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		for _, w := range [][]byte{p224, ctMersenne(521)} {
			w = append([]byte(nil), w...)
			ctgrind.Secret(w)
			prime, err := mont.ProbablyPrime(w, 5, &ctSecretReader{s: 7})
			if err != nil || !prime {
				t.Errorf("ProbablyPrime of a %d-byte prime: %v, %v", len(w), prime, err)
			}
		}
		c := mont.NewNat().MulPlain(mont.NewNat().SetBigEndian(p224), mont.NewNat().SetBigEndian(ctMersenne(521)))
		cb, err := c.FillBytes(make([]byte, 28+66))
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Secret(cb)
		if prime, err := mont.ProbablyPrime(cb, 5, &ctSecretReader{s: 8}); err != nil || prime {
			t.Errorf("ProbablyPrime of a composite: %v, %v", prime, err)
		}
	})
}
