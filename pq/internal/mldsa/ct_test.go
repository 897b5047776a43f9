//go:build ctgrind

package mldsa

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

func init() { declassifyHook = ctgrind.Public }

// TestCTMLDSA is the constant-time case of ML-DSA, run by tools/cmd/ctcheck
// under valgrind, for each parameter set: key generation from a secret seed
// (ρ and the public key are marked public as they are made, and the
// rejection decisions of ExpandS per block); deterministic signing and
// signing with a secret rnd (the challenge c̃ of each attempt, the
// rejection decisions of the loop and the released signature are marked
// public); the parsing of a secret expanded key, with its validity checks;
// and the constant-time comparison of private keys; for each
// implementation.
func TestCTMLDSA(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testCTMLDSA)
}

func testCTMLDSA(t *testing.T) {
	for _, p := range []*Params{Params44, Params65, Params87} {
		t.Run(p.String(), func(t *testing.T) {
			seed := make([]byte, SeedSize)
			for i := range seed {
				seed[i] = byte(7*i + 1)
			}
			ctgrind.Secret(seed)
			sk, err := NewPrivateKey(p, seed)
			if err != nil {
				t.Fatal(err)
			}
			pk := sk.PublicKey()

			mu, err := pk.ComputeMu([]byte("message"), "context")
			if err != nil {
				t.Fatal(err)
			}
			var zero [RandomSize]byte
			sig := sk.SignMu(&mu, &zero)
			ctgrind.Public(sig)
			if err := pk.VerifyMu(&mu, sig); err != nil {
				t.Fatal(err)
			}

			var rnd [RandomSize]byte
			for i := range rnd {
				rnd[i] = byte(3 * i)
			}
			ctgrind.Secret(rnd[:])
			sig2 := sk.SignMu(&mu, &rnd)
			ctgrind.Public(sig2)
			if err := pk.VerifyMu(&mu, sig2); err != nil {
				t.Fatal(err)
			}
			if string(sig2) == string(sig) {
				t.Fatal("hedged and deterministic signatures are equal")
			}

			// K, s₁, s₂ and t₀ are secret; ρ and tr are public.
			exp := sk.ExpandedBytes()
			ctgrind.Public(exp)
			ctgrind.Secret(exp[32:64])
			ctgrind.Secret(exp[128:])
			sk2, err := NewPrivateKeyFromExpanded(p, exp)
			if err != nil {
				t.Fatal(err)
			}
			sig3 := sk2.SignMu(&mu, &zero)
			ctgrind.Public(sig3)
			if string(sig3) != string(sig) {
				t.Fatal("the key from the expanded form signs differently")
			}

			eq := sk.Equal(sk2)
			ctgrind.PublicValue(&eq)
			if !eq {
				t.Fatal("the key from the expanded form is not Equal to the key")
			}
		})
	}
}
