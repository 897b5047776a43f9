package ecdh_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"crypto/rand"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// nistBenchKey is a fixed private key of size bytes, below every order.
func nistBenchKey(size int, fill byte) []byte {
	k := bytes.Repeat([]byte{fill}, size)
	k[0] = 0x01
	return k
}

// benchNISTECDH measures ECDH with prepared keys: crypton and crypto/ecdh.
func benchNISTECDH(b *testing.B, c ecdh.Curve, std stdecdh.Curve, size int) {
	priv, pub := nistBenchKey(size, 0x5a), nistBenchKey(size, 0xa7)
	b.Run("crypton", func(b *testing.B) {
		k, _ := c.NewPrivateKey(priv)
		peer, _ := c.NewPrivateKey(pub)
		remote, _ := c.NewPublicKey(peer.PublicKey().Bytes())
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := k.ECDH(remote); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		k, _ := std.NewPrivateKey(priv)
		peer, _ := std.NewPrivateKey(pub)
		remote, _ := std.NewPublicKey(peer.PublicKey().Bytes())
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := k.ECDH(remote); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkECDHP256(b *testing.B) { benchNISTECDH(b, ecdh.P256(), stdecdh.P256(), 32) }
func BenchmarkECDHP384(b *testing.B) { benchNISTECDH(b, ecdh.P384(), stdecdh.P384(), 48) }
func BenchmarkECDHP521(b *testing.B) { benchNISTECDH(b, ecdh.P521(), stdecdh.P521(), 66) }

// benchNISTGenerateKey measures GenerateKey with crypto/rand.Reader, which
// computes the public key (a fixed-base multiplication), and NewPrivateKey
// from fixed bytes, the same without the random source, so that the CPU
// time per operation can be reported. crypto/ecdh ignores its rand
// argument since Go 1.26.
func benchNISTGenerateKey(b *testing.B, c ecdh.Curve, std stdecdh.Curve, size int) {
	priv := nistBenchKey(size, 0x5a)
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, err := c.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, err := std.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
	b.Run("NewPrivateKey/crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := c.NewPrivateKey(priv); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("NewPrivateKey/stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			k, err := std.NewPrivateKey(priv)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
}

func BenchmarkGenerateKeyP256(b *testing.B) { benchNISTGenerateKey(b, ecdh.P256(), stdecdh.P256(), 32) }
func BenchmarkGenerateKeyP384(b *testing.B) { benchNISTGenerateKey(b, ecdh.P384(), stdecdh.P384(), 48) }
func BenchmarkGenerateKeyP521(b *testing.B) { benchNISTGenerateKey(b, ecdh.P521(), stdecdh.P521(), 66) }
