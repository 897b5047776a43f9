//go:build ctgrind

package ed25519_test

import (
	"bytes"
	"crypto"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSign is the constant-time case of signing, run by tools/cmd/ctcheck
// under valgrind: the seed is secret from NewKeyFromSeed (key derivation
// and the fixed-base multiplication) through Sign, in plain Ed25519 and in
// Ed25519ctx, with a key from NewKeyFromSeed and with a key parsed from
// bytes (not in the key cache, so its public half is checked against the
// seed: only whether it matches is declassified, and the public half, the
// cache's index). The public key and the signatures are marked public
// before they are compared.
func TestCTSign(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		seed := bytes.Repeat([]byte{0x42}, 32)
		ctgrind.Secret(seed)
		priv := ed25519.NewKeyFromSeed(seed)
		ctgrind.Public(priv[32:])
		msg := []byte("constant time")
		sig1 := ed25519.Sign(priv, msg)
		ctgrind.Public(sig1)

		// The cache is indexed by the public half: without ForgetKeys,
		// the copy would find the entry that NewKeyFromSeed made.
		ed25519.ForgetKeys()
		parsed := ed25519.PrivateKey(bytes.Clone(priv))
		ctgrind.Secret(parsed[:32])
		sig2, err := parsed.Sign(nil, msg, crypto.Hash(0))
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(sig2)
		sig3, err := parsed.Sign(nil, msg, &ed25519.Options{Context: "ctx"})
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(sig3)
		if !bytes.Equal(sig1, sig2) || bytes.Equal(sig1, sig3) {
			t.Error("signatures differ")
		}
		if !ed25519.Verify(ed25519.PublicKey(priv[32:]), msg, sig1) {
			t.Error("signature rejected")
		}
	})
}
