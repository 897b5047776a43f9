//go:build ctgrind

package ecdh_test

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTNIST is the constant-time case of ECDH on P-256, P-384 and P-521,
// run by tools/cmd/ctcheck under valgrind: the private keys are secret,
// from NewPrivateKey (range check and public key) through ECDH; the public
// keys and shared secrets are marked public before use. Whether a key is in
// range is revealed by NewPrivateKey's error and declassified inside it.
func TestCTNIST(t *testing.T) {
	for _, c := range []ecdh.Curve{ecdh.P256(), ecdh.P384(), ecdh.P521()} {
		t.Run(c.(interface{ String() string }).String(), func(t *testing.T) {
			size := len(mustGenerate(t, c).Bytes())
			a := bytes.Repeat([]byte{0x11}, size)
			b := bytes.Repeat([]byte{0x7e}, size)
			a[0], b[0] = 0x01, 0x01
			ctgrind.Secret(a)
			ctgrind.Secret(b)
			ka, err := c.NewPrivateKey(a)
			if err != nil {
				t.Fatal(err)
			}
			kb, err := c.NewPrivateKey(b)
			if err != nil {
				t.Fatal(err)
			}
			pa, pb := ka.PublicKey().Bytes(), kb.PublicKey().Bytes()
			ctgrind.Public(pa)
			ctgrind.Public(pb)
			remoteA, err := c.NewPublicKey(pa)
			if err != nil {
				t.Fatal(err)
			}
			remoteB, err := c.NewPublicKey(pb)
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
}

func mustGenerate(t *testing.T, c ecdh.Curve) *ecdh.PrivateKey {
	k, err := c.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
