package ffdh_test

import (
	"crypto/rand"
	"strconv"
	"testing"
)

// The benchmarks run over every group, named by the size of p, so that
// BenchmarkSharedSecret/2048 compares with OpenSSL's "speed ffdh2048"
// (whose op is one derive: the exponentiation with a short private
// exponent and the checks of its result).

// BenchmarkSharedSecret measures one SharedSecret with a generated key and
// a peer key already validated.
func BenchmarkSharedSecret(b *testing.B) {
	for _, tg := range testGroups {
		b.Run(strconv.Itoa(tg.bits), func(b *testing.B) {
			g := tg.group()
			k, err := g.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			peer, err := g.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			pub := peer.PublicKey()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.SharedSecret(pub); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGenerateKey measures GenerateKey: reading the exponent from
// crypto/rand and computing the public key.
func BenchmarkGenerateKey(b *testing.B) {
	for _, tg := range testGroups {
		b.Run(strconv.Itoa(tg.bits), func(b *testing.B) {
			g := tg.group()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.GenerateKey(rand.Reader); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNewPublicKey measures the validation of a peer's public key,
// which a TLS handshake adds to each SharedSecret.
func BenchmarkNewPublicKey(b *testing.B) {
	for _, tg := range testGroups {
		b.Run(strconv.Itoa(tg.bits), func(b *testing.B) {
			g := tg.group()
			k, err := g.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			y := k.PublicKey().Bytes()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.NewPublicKey(y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
