package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

var benchSeed = []byte("crypton ed25519 benchmark seed!!")

// BenchmarkSign signs a short message with a prepared key: crypton and
// crypto/ed25519. Both reuse their per-key cache across iterations.
func BenchmarkSign(b *testing.B) {
	msg := []byte("Hello, world!")
	b.Run("crypton", func(b *testing.B) {
		priv := ed25519.NewKeyFromSeed(benchSeed)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			ed25519.Sign(priv, msg)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		priv := stded25519.NewKeyFromSeed(benchSeed)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			stded25519.Sign(priv, msg)
		}
	})
}

// BenchmarkVerify verifies a valid signature of a short message.
func BenchmarkVerify(b *testing.B) {
	msg := []byte("Hello, world!")
	priv := stded25519.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(stded25519.PublicKey)
	sig := stded25519.Sign(priv, msg)
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !ed25519.Verify(pub, msg, sig) {
				b.Fatal("rejected")
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !stded25519.Verify(pub, msg, sig) {
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
			ed25519.NewKeyFromSeed(benchSeed)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			stded25519.NewKeyFromSeed(benchSeed)
		}
	})
}

// BenchmarkSignFreshKey signs with a key that is not in the per-key cache
// every time, the worst case: crypton then derives the public key from the
// seed to check it, crypto/ed25519 does not check. crypton's cache, indexed
// by the public half, is emptied before each signature; crypto/ed25519's,
// keyed by address, misses a key in a new slice. (crypton-copy signs with
// a new slice of a key in the cache, which finds its entry.)
func BenchmarkSignFreshKey(b *testing.B) {
	msg := []byte("Hello, world!")
	key := []byte(ed25519.NewKeyFromSeed(benchSeed))
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			ed25519.ForgetKeys()
			ed25519.Sign(key, msg)
		}
	})
	b.Run("crypton-copy", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			ed25519.Sign(ed25519.PrivateKey(append([]byte{}, key...)), msg)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			stded25519.Sign(stded25519.PrivateKey(append([]byte{}, key...)), msg)
		}
	})
}

// BenchmarkImplementations signs and verifies with each implementation of
// the field arithmetic (generic Go, MULX/ADX assembly).
func BenchmarkImplementations(b *testing.B) {
	msg := []byte("Hello, world!")
	priv := ed25519.NewKeyFromSeed(benchSeed)
	pub := ed25519.PublicKey(priv[32:])
	sig := ed25519.Sign(priv, msg)
	cputest.BenchmarkAllImplementations(b, "gf25519", func(b *testing.B) {
		b.Run("Sign", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				ed25519.Sign(priv, msg)
			}
		})
		b.Run("Verify", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				ed25519.Verify(pub, msg, sig)
			}
		})
	})
}
