//go:debug cryptocustomrand=1

package ecdsa_test

import (
	"bytes"
	stdecdsa "crypto/ecdsa"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// TestHedgedStdlib checks hedged signing on P-384 and P-521, where both
// this package and crypto/ecdsa use HMAC-SHA-512 as
// draft-irtf-cfrg-det-sigs-with-noise-04 lays out, byte for byte against
// crypto/ecdsa given the same random bytes (crypto/ecdsa reads a custom
// reader only with GODEBUG cryptocustomrand=1, set above for this test
// binary). The random bytes are all equal, see below. P-256 hedges with HMAC-SHA-256 here, SHA-512 there, so only
// their validity is compared, in TestDifferential.
func TestHedgedStdlib(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		if tc.c == ecdsa.P256() {
			t.Skip("P-256 hedges with SHA-256")
		}
		r := seededReader(11)
		for i := range 4 {
			priv, err := ecdsa.GenerateKey(tc.c, r)
			if err != nil {
				t.Fatal(err)
			}
			std, err := stdecdsa.ParseRawPrivateKey(tc.std, priv.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			digest := make([]byte, 20+30*i)
			r.Read(digest)
			// crypto/ecdsa first reads one byte from a custom reader, or
			// not, at random (randutil.MaybeReadByte): with all bytes
			// equal, both read the same entropy either way.
			z := bytes.Repeat([]byte{byte(0x5a + i)}, 2*tc.size)
			ours, err := priv.Sign(bytes.NewReader(z), digest, nil)
			if err != nil {
				t.Fatal(err)
			}
			theirs, err := stdecdsa.SignASN1(bytes.NewReader(z), std, digest)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ours, theirs) {
				t.Errorf("hedged signature %x, crypto/ecdsa %x", ours, theirs)
			}
		}
	})
}
