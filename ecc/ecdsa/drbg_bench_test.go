package ecdsa

import (
	"testing"

	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// BenchmarkDRBG measures the derivation of one candidate k (RFC 6979 with
// HMAC-SHA-256 for P-256; the hedged mode's HMAC-SHA-512 with extra
// randomness for P-521): the part of signing that is not curve arithmetic.
func BenchmarkDRBG(b *testing.B) {
	b.Run("P-256/SHA-256", func(b *testing.B) {
		x, e, k := make([]byte, 32), make([]byte, 32), make([]byte, 32)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			newDRBG(sha256.New, false, x, e).generate(k)
		}
	})
	b.Run("P-521/SHA-512-hedged", func(b *testing.B) {
		z, x, e, k := make([]byte, 66), make([]byte, 66), make([]byte, 66), make([]byte, 66)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			newDRBG(sha512.New, true, z, x, e).generate(k)
		}
	})
}
