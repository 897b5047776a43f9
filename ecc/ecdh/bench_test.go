package ecdh_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"crypto/rand"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

var (
	benchPriv = bytes.Repeat([]byte{0x5a}, 32)
	benchPub  = []byte{
		0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
		0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
	}
)

// BenchmarkX25519 measures ECDH with prepared keys: crypton and crypto/ecdh.
func BenchmarkX25519(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		priv, _ := ecdh.X25519().NewPrivateKey(benchPriv)
		pub, _ := ecdh.X25519().NewPublicKey(benchPub)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		priv, _ := stdecdh.X25519().NewPrivateKey(benchPriv)
		pub, _ := stdecdh.X25519().NewPublicKey(benchPub)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkGenerateKey measures GenerateKey with crypto/rand.Reader followed
// by PublicKey: both packages compute the public key when the key is made,
// crypton with a fixed-base multiplication on edwards25519, crypto/ecdh
// with a Montgomery ladder on the base point. (crypto/ecdh ignores its rand
// argument since Go 1.26 and reads its own secure source.) There is no
// cpu-ns/op here: locking the thread around the system calls of the random
// source makes the wall-clock time of a busy machine meaningless.
func BenchmarkGenerateKey(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, err := ecdh.X25519().GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, err := stdecdh.X25519().GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
}
