package salsa20

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xsalsa20 "golang.org/x/crypto/salsa20"
	xsalsa "golang.org/x/crypto/salsa20/salsa"
)

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// BenchmarkXORKeyStream compares XORKeyStream (Salsa20, 8-byte nonce) with
// x/crypto's, size by size, with the implementation that the package
// selects on this machine, in place.
func BenchmarkXORKeyStream(b *testing.B) {
	var key [32]byte
	nonce := make([]byte, 8)
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			buf := make([]byte, s.n)
			b.Run("crypton", func(b *testing.B) {
				b.SetBytes(int64(len(buf)))
				b.ReportAllocs()
				for b.Loop() {
					XORKeyStream(buf, buf, nonce, &key)
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.SetBytes(int64(len(buf)))
				b.ReportAllocs()
				for b.Loop() {
					xsalsa20.XORKeyStream(buf, buf, nonce, &key)
				}
			})
		})
	}
}

// BenchmarkCore8 compares Core8 with x/crypto's Core208, in place as
// scrypt's BlockMix uses it.
func BenchmarkCore8(b *testing.B) {
	var x [64]byte
	b.Run("crypton", func(b *testing.B) {
		b.SetBytes(64)
		b.ReportAllocs()
		for b.Loop() {
			Core8(&x, &x)
		}
	})
	b.Run("xcrypto", func(b *testing.B) {
		b.SetBytes(64)
		b.ReportAllocs()
		for b.Loop() {
			xsalsa.Core208(&x, &x)
		}
	})
}

// BenchmarkImplementations measures every implementation of the keystream
// at each size.
func BenchmarkImplementations(b *testing.B) {
	var key [32]byte
	nonce := make([]byte, 8)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		for _, s := range benchSizes {
			buf := make([]byte, s.n)
			b.Run(s.name, func(b *testing.B) {
				b.SetBytes(int64(len(buf)))
				b.ReportAllocs()
				for b.Loop() {
					XORKeyStream(buf, buf, nonce, &key)
				}
			})
		}
	})
}
