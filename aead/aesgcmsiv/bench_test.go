package aesgcmsiv

import (
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/aead/aesgcm"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16384}}

func cryptonGCM(key []byte) cipher.AEAD {
	a, err := aesgcm.New(key)
	if err != nil {
		panic(err)
	}
	return a
}

func cryptonSIV(key []byte) cipher.AEAD {
	a, err := New(key)
	if err != nil {
		panic(err)
	}
	return a
}

// benchSeal seals n bytes with 13 bytes of additional data into a buffer
// with room. It reports the thread's CPU time per operation besides the
// wall clock (cryptotest.CPUTime): the machines are shared and noisy.
func benchSeal(b *testing.B, a cipher.AEAD, n int) {
	nonce := make([]byte, NonceSize)
	pt := make([]byte, n)
	ad := make([]byte, 13)
	out := make([]byte, 0, n+TagSize)
	b.SetBytes(int64(n))
	b.ReportAllocs()
	cryptotest.CPUTime(b)
	for b.Loop() {
		out = a.Seal(out[:0], nonce, pt, ad)
	}
}

// benchOpen opens a sealed n-byte message into a buffer with room.
func benchOpen(b *testing.B, a cipher.AEAD, n int) {
	nonce := make([]byte, NonceSize)
	ad := make([]byte, 13)
	ct := a.Seal(nil, nonce, make([]byte, n), ad)
	out := make([]byte, 0, n)
	b.SetBytes(int64(n))
	b.ReportAllocs()
	cryptotest.CPUTime(b)
	for b.Loop() {
		var err error
		if out, err = a.Open(out[:0], nonce, ct, ad); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSideBySide runs f on AES-GCM-SIV ("gcmsiv") and on crypton's own
// AES-GCM ("gcm", aead/aesgcm) with the same key, for the ratio of the two:
// AES-128 under the names gcmsiv and gcm, AES-256 under gcmsiv-256 and
// gcm-256.
func benchSideBySide(b *testing.B, f func(*testing.B, cipher.AEAD, int)) {
	key := make([]byte, 32)
	for _, sz := range benchSizes {
		b.Run(sz.name, func(b *testing.B) {
			b.Run("gcmsiv", func(b *testing.B) { f(b, cryptonSIV(key[:16]), sz.n) })
			b.Run("gcm", func(b *testing.B) { f(b, cryptonGCM(key[:16]), sz.n) })
			b.Run("gcmsiv-256", func(b *testing.B) { f(b, cryptonSIV(key), sz.n) })
			b.Run("gcm-256", func(b *testing.B) { f(b, cryptonGCM(key), sz.n) })
		})
	}
}

// BenchmarkSeal compares Seal of AES-GCM-SIV with crypton's AES-GCM, side
// by side, with the implementations selected on this machine.
func BenchmarkSeal(b *testing.B) { benchSideBySide(b, benchSeal) }

// BenchmarkOpen is BenchmarkSeal for Open.
func BenchmarkOpen(b *testing.B) { benchSideBySide(b, benchOpen) }

// BenchmarkImplementations measures Seal and Open of each implementation.
func BenchmarkImplementations(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		for _, ks := range []int{16, 32} {
			key := make([]byte, ks)
			name := map[int]string{16: "AES-128", 32: "AES-256"}[ks]
			for _, sz := range benchSizes {
				b.Run(name+"/Seal/"+sz.name, func(b *testing.B) { benchSeal(b, cryptonSIV(key), sz.n) })
				b.Run(name+"/Open/"+sz.name, func(b *testing.B) { benchOpen(b, cryptonSIV(key), sz.n) })
			}
		}
	})
}
