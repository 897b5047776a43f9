package ecdh

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestX25519BaseMult checks the fixed-base public key computation on
// edwards25519 against the Montgomery ladder on u = 9 and against
// crypto/ecdh, on edge and random private keys.
func TestX25519BaseMult(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		r := rand.New(rand.NewPCG(25519, 9))
		keys := [][]byte{
			make([]byte, 32),
			bytes.Repeat([]byte{0xff}, 32),
			bytes.Repeat([]byte{0x88}, 32),
			bytes.Repeat([]byte{0x77}, 32),
		}
		for range 300 {
			k := make([]byte, 32)
			for i := range k {
				k[i] = byte(r.Uint32())
			}
			keys = append(keys, k)
		}
		for _, k := range keys {
			got := make([]byte, 32)
			x25519BaseMult(got, k)
			ladder := make([]byte, 32)
			x25519Scalar(ladder, k, &x25519Base)
			if !bytes.Equal(got, ladder) {
				t.Fatalf("key %x: fixed-base %x, ladder %x", k, got, ladder)
			}
			sk, err := stdecdh.X25519().NewPrivateKey(k)
			if err != nil {
				t.Fatal(err)
			}
			if want := sk.PublicKey().Bytes(); !bytes.Equal(got, want) {
				t.Fatalf("key %x: %x, crypto/ecdh %x", k, got, want)
			}
			priv, err := X25519().NewPrivateKey(k)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(priv.PublicKey().Bytes(), got) {
				t.Fatal("PublicKey does not use the fixed-base result")
			}
		}
	})
}
