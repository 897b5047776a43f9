//go:build ctgrind

package ed448_test

import (
	"bytes"
	"crypto"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ed448"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSign is the constant-time case of signing, run by tools/cmd/ctcheck
// under valgrind: the seed is secret from NewKeyFromSeed (key derivation
// and the fixed-base multiplication) through signing, in Ed448 with and
// without a context and in Ed448ph, with a key from NewKeyFromSeed and with
// a key parsed from bytes (not in the key cache, so its public half is
// checked against the seed: only whether it matches is declassified, and
// the public half, the cache's index). The public key and the
// signatures are marked public before they are compared.
func TestCTSign(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		seed := bytes.Repeat([]byte{0x42}, 57)
		ctgrind.Secret(seed)
		priv := ed448.NewKeyFromSeed(seed)
		ctgrind.Public(priv[57:])
		msg := []byte("constant time")
		sig1, err := ed448.Sign(priv, msg, "")
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(sig1)

		// The cache is indexed by the public half: without ForgetKeys,
		// the copy would find the entry that NewKeyFromSeed made.
		ed448.ForgetKeys()
		parsed := ed448.PrivateKey(bytes.Clone(priv))
		ctgrind.Secret(parsed[:57])
		sig2, err := parsed.Sign(nil, msg, crypto.Hash(0))
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(sig2)
		sig3, err := parsed.Sign(nil, msg, &ed448.Options{Context: "ctx", Prehash: true})
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(sig3)
		if !bytes.Equal(sig1, sig2) || bytes.Equal(sig1, sig3) {
			t.Error("signatures differ")
		}
		if !ed448.Verify(ed448.PublicKey(priv[57:]), msg, sig1, "") {
			t.Error("signature rejected")
		}
	})
}
