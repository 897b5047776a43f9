package ecdsa_test

import (
	stdecdsa "crypto/ecdsa"
	"crypto/rand"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// The benchmarks put crypton and crypto/ecdsa side by side on the same key
// and digest: BenchmarkSignP256/crypton and BenchmarkSignP256/stdlib, and
// so on. Both sign hedged with crypto/rand.Reader (crypto/ecdsa since Go
// 1.26 always does). cpu-ns/op is the thread's CPU time, what `openssl
// speed` reports.

func BenchmarkSignP256(b *testing.B) { benchmarkSign(b, testCurves[0]) }
func BenchmarkSignP384(b *testing.B) { benchmarkSign(b, testCurves[1]) }
func BenchmarkSignP521(b *testing.B) { benchmarkSign(b, testCurves[2]) }

func BenchmarkVerifyP256(b *testing.B) { benchmarkVerify(b, testCurves[0]) }
func BenchmarkVerifyP384(b *testing.B) { benchmarkVerify(b, testCurves[1]) }
func BenchmarkVerifyP521(b *testing.B) { benchmarkVerify(b, testCurves[2]) }

func BenchmarkGenerateKeyP256(b *testing.B) { benchmarkGenerateKey(b, testCurves[0]) }
func BenchmarkGenerateKeyP384(b *testing.B) { benchmarkGenerateKey(b, testCurves[1]) }
func BenchmarkGenerateKeyP521(b *testing.B) { benchmarkGenerateKey(b, testCurves[2]) }

func benchKeys(b *testing.B, tc testCurve) (*ecdsa.PrivateKey, *stdecdsa.PrivateKey, []byte) {
	priv, err := ecdsa.GenerateKey(tc.c, seededReader(42))
	if err != nil {
		b.Fatal(err)
	}
	std, err := stdecdsa.ParseRawPrivateKey(tc.std, priv.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	h := tc.hash.New()
	h.Write([]byte("crypton ecdsa benchmark"))
	return priv, std, h.Sum(nil)
}

func benchmarkSign(b *testing.B, tc testCurve) {
	priv, std, digest := benchKeys(b, tc)
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := priv.Sign(rand.Reader, digest, tc.hash); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := std.Sign(rand.Reader, digest, tc.hash); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("crypton-deterministic", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := priv.Sign(nil, digest, tc.hash); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib-deterministic", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := std.Sign(nil, digest, tc.hash); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func benchmarkVerify(b *testing.B, tc testCurve) {
	priv, std, digest := benchKeys(b, tc)
	sig, err := priv.Sign(rand.Reader, digest, tc.hash)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("crypton", func(b *testing.B) {
		pub := priv.PublicKey()
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !ecdsa.VerifyASN1(pub, digest, sig) {
				b.Fatal("rejected")
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !stdecdsa.VerifyASN1(&std.PublicKey, digest, sig) {
				b.Fatal("rejected")
			}
		}
	})
	// A public key parsed for every verification: the cost of a key's
	// first verification, which also builds the table that the key keeps.
	enc := priv.PublicKey().Bytes()
	b.Run("crypton-newkey", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			pub, err := ecdsa.NewPublicKey(tc.c, enc)
			if err != nil {
				b.Fatal(err)
			}
			if !ecdsa.VerifyASN1(pub, digest, sig) {
				b.Fatal("rejected")
			}
		}
	})
	b.Run("stdlib-newkey", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			pub, err := stdecdsa.ParseUncompressedPublicKey(tc.std, enc)
			if err != nil {
				b.Fatal(err)
			}
			if !stdecdsa.VerifyASN1(pub, digest, sig) {
				b.Fatal("rejected")
			}
		}
	})
}

func benchmarkGenerateKey(b *testing.B, tc testCurve) {
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := ecdsa.GenerateKey(tc.c, rand.Reader); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := stdecdsa.GenerateKey(tc.std, rand.Reader); err != nil {
				b.Fatal(err)
			}
		}
	})
}
