//go:build ctgrind

package ffdh_test

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/rsa/ffdh"
)

// TestCTFFDH is the constant-time case of key agreement in ffdhe2048, run
// by tools/cmd/ctcheck under valgrind with every implementation of mont's
// kernels. Our private exponent is secret from the moment it is imported:
// NewPrivateKey's range check and its computation of the public key, then
// SharedSecret, must not branch on it or index memory with it. The range
// check's outcome and the public key are public; so is the peer's key. The
// shared secret stays secret until the test declassifies it to compare it
// with the peer's.
func TestCTFFDH(t *testing.T) {
	cputest.TestAllCombinations(t, []string{"mont", "mont/select"}, func(t *testing.T) {
		g := ffdh.FFDHE2048()
		// A 29-byte exponent, the length GenerateKey uses for this group.
		x := make([]byte, 29)
		for i := range x {
			x[i] = byte(0xa5 ^ 7*i)
		}
		ctgrind.Secret(x)
		priv, err := g.NewPrivateKey(x)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatal(err)
		}
		pubBytes := priv.PublicKey().Bytes()
		ctgrind.Public(pubBytes)

		// The peer's key pair is public here: only ours is under test.
		peerX := make([]byte, 29)
		peerX[0], peerX[28] = 0x3c, 0x17
		peer, err := g.NewPrivateKey(peerX)
		if err != nil {
			t.Fatal(err)
		}
		peerPub, err := g.NewPublicKey(peer.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		// A public key received from us, validated as the peer would.
		ours, err := g.NewPublicKey(pubBytes)
		if err != nil {
			t.Fatal(err)
		}

		secret, err := priv.SharedSecret(peerPub)
		ctgrind.PublicValue(&err)
		if err != nil {
			t.Fatal(err)
		}
		want, err := peer.SharedSecret(ours)
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(secret)
		if string(secret) != string(want) {
			t.Error("the two parties' shared secrets differ")
		}
	})
}
