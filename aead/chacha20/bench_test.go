package chacha20

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xchacha20 "golang.org/x/crypto/chacha20"
)

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// BenchmarkXORKeyStream compares XORKeyStream with x/crypto's, size by
// size, with the implementation that the package selects on this machine.
// Each benchmark encrypts in place, continuing one keystream.
func BenchmarkXORKeyStream(b *testing.B) {
	key, nonce := make([]byte, KeySize), make([]byte, NonceSize)
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			buf := make([]byte, s.n)
			b.Run("crypton", func(b *testing.B) {
				c, _ := NewUnauthenticatedCipher(key, nonce)
				b.SetBytes(int64(len(buf)))
				b.ReportAllocs()
				for b.Loop() {
					c.XORKeyStream(buf, buf)
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				c, _ := xchacha20.NewUnauthenticatedCipher(key, nonce)
				b.SetBytes(int64(len(buf)))
				b.ReportAllocs()
				for b.Loop() {
					c.XORKeyStream(buf, buf)
				}
			})
		})
	}
}

// BenchmarkImplementations measures every implementation on 16 KiB.
func BenchmarkImplementations(b *testing.B) {
	buf := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		c, _ := NewUnauthenticatedCipher(make([]byte, KeySize), make([]byte, NonceSize))
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for b.Loop() {
			c.XORKeyStream(buf, buf)
		}
	})
}
