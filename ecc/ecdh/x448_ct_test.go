//go:build ctgrind

package ecdh_test

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTX448 is the constant-time case of X448, run by tools/cmd/ctcheck
// under valgrind: the private keys are secret, from NewPrivateKey (which
// computes the public key on edwards448) through ECDH. The public keys and
// the shared secret are marked public before they are compared; whether the
// shared secret is zero is revealed by ECDH's error and declassified inside
// it.
func TestCTX448(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		a := bytes.Repeat([]byte{0x11}, 56)
		b := bytes.Repeat([]byte{0x7e}, 56)
		ctgrind.Secret(a)
		ctgrind.Secret(b)
		ka, err := ecdh.X448().NewPrivateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		kb, err := ecdh.X448().NewPrivateKey(b)
		if err != nil {
			t.Fatal(err)
		}
		pa, pb := ka.PublicKey().Bytes(), kb.PublicKey().Bytes()
		ctgrind.Public(pa)
		ctgrind.Public(pb)
		remoteB, err := ecdh.X448().NewPublicKey(pb)
		if err != nil {
			t.Fatal(err)
		}
		remoteA, err := ecdh.X448().NewPublicKey(pa)
		if err != nil {
			t.Fatal(err)
		}
		s1, err1 := ka.ECDH(remoteB)
		s2, err2 := kb.ECDH(remoteA)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		ctgrind.Public(s1)
		ctgrind.Public(s2)
		if !bytes.Equal(s1, s2) {
			t.Error("shared secrets differ")
		}
	})
}
