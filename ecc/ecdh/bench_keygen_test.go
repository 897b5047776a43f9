package ecdh_test

import (
	stdecdh "crypto/ecdh"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// BenchmarkNewPrivateKey measures making an X25519 private key from fixed
// bytes, which computes its public key: crypton with the fixed-base
// multiplication on edwards25519, crypto/ecdh with its ladder. It is
// GenerateKey without the random source, so the CPU time per operation can
// be reported.
func BenchmarkNewPrivateKey(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			k, err := ecdh.X25519().NewPrivateKey(benchPriv)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			k, err := stdecdh.X25519().NewPrivateKey(benchPriv)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
}
