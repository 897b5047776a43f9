package aesgcm

import (
	"crypto/aes"
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

var benchKeySizes = []struct {
	name string
	n    int
}{{"AES-128", 16}, {"AES-256", 32}}

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16384}}

func stdlibGCM(key []byte) cipher.AEAD {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	a, err := cipher.NewGCM(b)
	if err != nil {
		panic(err)
	}
	return a
}

func cryptonGCM(key []byte) cipher.AEAD {
	a, err := New(key)
	if err != nil {
		panic(err)
	}
	return a
}

// benchSeal seals n bytes with 13 bytes of additional data (a TLS 1.2
// record header's worth) into a buffer with room.
func benchSeal(b *testing.B, a cipher.AEAD, n int) {
	nonce := make([]byte, NonceSize)
	pt := make([]byte, n)
	ad := make([]byte, 13)
	out := make([]byte, 0, n+TagSize)
	b.SetBytes(int64(n))
	b.ReportAllocs()
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
	for b.Loop() {
		var err error
		if out, err = a.Open(out[:0], nonce, ct, ad); err != nil {
			b.Fatal(err)
		}
	}
}

func benchSideBySide(b *testing.B, f func(*testing.B, cipher.AEAD, int)) {
	for _, ks := range benchKeySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			for _, sz := range benchSizes {
				b.Run(sz.name, func(b *testing.B) {
					b.Run("crypton", func(b *testing.B) { f(b, cryptonGCM(key), sz.n) })
					b.Run("stdlib", func(b *testing.B) { f(b, stdlibGCM(key), sz.n) })
				})
			}
		})
	}
}

// BenchmarkSeal compares Seal with the standard library's AES-GCM, side by
// side, with the implementation the package selects on this machine.
func BenchmarkSeal(b *testing.B) { benchSideBySide(b, benchSeal) }

// BenchmarkOpen is BenchmarkSeal for Open.
func BenchmarkOpen(b *testing.B) { benchSideBySide(b, benchOpen) }

// BenchmarkImplementations measures Seal and Open of each implementation.
func BenchmarkImplementations(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		for _, ks := range benchKeySizes {
			key := make([]byte, ks.n)
			for _, sz := range benchSizes {
				b.Run(ks.name+"/Seal/"+sz.name, func(b *testing.B) { benchSeal(b, cryptonGCM(key), sz.n) })
				b.Run(ks.name+"/Open/"+sz.name, func(b *testing.B) { benchOpen(b, cryptonGCM(key), sz.n) })
			}
		}
	})
}
