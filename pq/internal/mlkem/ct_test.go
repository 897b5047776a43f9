//go:build ctgrind

package mlkem

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

func init() { declassifyHook = ctgrind.Public }

// TestCTMLKEM is the constant-time case of ML-KEM, run by tools/cmd/ctcheck
// under valgrind, for each implementation and parameter set: key generation
// from a secret seed (ρ and the encapsulation key are marked public as they
// are made), encapsulation with a secret m, decapsulation with a secret key
// of a valid ciphertext and of a modified one (implicit rejection), and the
// parsing of a secret expanded key.
func TestCTMLKEM(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testCTMLKEM)
}

func testCTMLKEM(t *testing.T) {
	for _, p := range []*Params{Params512, Params768, Params1024} {
		t.Run(p.String(), func(t *testing.T) {
			seed := make([]byte, SeedSize)
			for i := range seed {
				seed[i] = byte(7*i + 1)
			}
			ctgrind.Secret(seed)
			dk, err := NewDecapsulationKey(p, seed)
			if err != nil {
				t.Fatal(err)
			}
			ek := dk.EncapsulationKey()

			var m [MessageSize]byte
			for i := range m {
				m[i] = byte(3 * i)
			}
			ctgrind.Secret(m[:])
			K, c := ek.Encapsulate(&m)
			ctgrind.Public(c)

			K2, err := dk.Decapsulate(c)
			if err != nil {
				t.Fatal(err)
			}
			ctgrind.Public(K)
			ctgrind.Public(K2)
			if string(K) != string(K2) {
				t.Fatal("decapsulation did not recover the shared key")
			}

			c[5] ^= 1
			K3, err := dk.Decapsulate(c)
			if err != nil {
				t.Fatal(err)
			}
			ctgrind.Public(K3)
			if string(K3) == string(K) {
				t.Fatal("a modified ciphertext decapsulated to the shared key")
			}

			// ŝ and z are secret; ek and H(ek) are public.
			exp := dk.ExpandedBytes()
			ctgrind.Public(exp)
			ctgrind.Secret(exp[:384*p.k])
			ctgrind.Secret(exp[len(exp)-32:])
			dk2, err := NewDecapsulationKeyFromExpanded(p, exp)
			if err != nil {
				t.Fatal(err)
			}
			K4, err := dk2.Decapsulate(c)
			if err != nil {
				t.Fatal(err)
			}
			ctgrind.Public(K4)
			if string(K4) != string(K3) {
				t.Fatal("the key from the expanded form decapsulates differently")
			}
		})
	}
}
