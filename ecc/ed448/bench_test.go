package ed448_test

import (
	"testing"

	circl "github.com/cloudflare/circl/sign/ed448"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ed448"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

var benchSeed = []byte("crypton ed448 benchmark seed, fifty-seven bytes long!!!!!")

// BenchmarkSign signs a short message with a prepared key: crypton and
// circl. crypton reuses its per-key cache across iterations; circl hashes
// the seed again for every signature.
func BenchmarkSign(b *testing.B) {
	msg := []byte("Hello, world!")
	b.Run("crypton", func(b *testing.B) {
		priv := ed448.NewKeyFromSeed(benchSeed)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := ed448.Sign(priv, msg, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("circl", func(b *testing.B) {
		priv := circl.NewKeyFromSeed(benchSeed)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			circl.Sign(priv, msg, "")
		}
	})
}

// BenchmarkVerify verifies a valid signature of a short message.
func BenchmarkVerify(b *testing.B) {
	msg := []byte("Hello, world!")
	priv := circl.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(circl.PublicKey)
	sig := circl.Sign(priv, msg, "")
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !ed448.Verify([]byte(pub), msg, sig, "") {
				b.Fatal("rejected")
			}
		}
	})
	b.Run("circl", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !circl.Verify(pub, msg, sig, "") {
				b.Fatal("rejected")
			}
		}
	})
}

// BenchmarkNewKeyFromSeed derives a key pair from a seed (one fixed-base
// multiplication).
func BenchmarkNewKeyFromSeed(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			ed448.NewKeyFromSeed(benchSeed)
		}
	})
	b.Run("circl", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			circl.NewKeyFromSeed(benchSeed)
		}
	})
}

// BenchmarkImplementations signs and verifies with each implementation of
// the field arithmetic.
func BenchmarkImplementations(b *testing.B) {
	msg := []byte("Hello, world!")
	priv := ed448.NewKeyFromSeed(benchSeed)
	pub := ed448.PublicKey(priv[57:])
	sig, _ := ed448.Sign(priv, msg, "")
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		b.Run("Sign", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				ed448.Sign(priv, msg, "")
			}
		})
		b.Run("Verify", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				ed448.Verify(pub, msg, sig, "")
			}
		})
	})
}
