package aes

import (
	stdaes "crypto/aes"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

var keySizes = []struct {
	name string
	n    int
}{{"AES-128", 16}, {"AES-256", 32}}

// BenchmarkEncrypt compares single-block Encrypt with crypto/aes, with the
// implementation that the package selects on this machine.
func BenchmarkEncrypt(b *testing.B) {
	for _, ks := range keySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			buf := make([]byte, BlockSize)
			b.Run("crypton", func(b *testing.B) {
				c, _ := NewCipher(key)
				b.SetBytes(BlockSize)
				b.ReportAllocs()
				for b.Loop() {
					c.Encrypt(buf, buf)
				}
			})
			b.Run("stdlib", func(b *testing.B) {
				c, _ := stdaes.NewCipher(key)
				b.SetBytes(BlockSize)
				b.ReportAllocs()
				for b.Loop() {
					c.Encrypt(buf, buf)
				}
			})
		})
	}
}

// BenchmarkDecrypt is BenchmarkEncrypt for Decrypt.
func BenchmarkDecrypt(b *testing.B) {
	for _, ks := range keySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			buf := make([]byte, BlockSize)
			b.Run("crypton", func(b *testing.B) {
				c, _ := NewCipher(key)
				b.SetBytes(BlockSize)
				b.ReportAllocs()
				for b.Loop() {
					c.Decrypt(buf, buf)
				}
			})
			b.Run("stdlib", func(b *testing.B) {
				c, _ := stdaes.NewCipher(key)
				b.SetBytes(BlockSize)
				b.ReportAllocs()
				for b.Loop() {
					c.Decrypt(buf, buf)
				}
			})
		})
	}
}

// BenchmarkEncryptBlocks measures the multi-block entry point that crypton's
// modes use (aescore.EncryptBlocks), once per implementation available here
// ("crypton-<implementation>"), against crypto/aes's Encrypt called block
// by block ("stdlib-ECB-loop"; crypto/aes has no exported multi-block ECB).
func BenchmarkEncryptBlocks(b *testing.B) {
	for _, ks := range keySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			for _, size := range []struct {
				name string
				n    int
			}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}} {
				b.Run(size.name, func(b *testing.B) {
					buf := make([]byte, size.n)
					cputest.ForEachImplementation(pkg, func(impl string) {
						b.Run("crypton-"+impl, func(b *testing.B) {
							var k aescore.Key
							k.Init(key)
							b.SetBytes(int64(len(buf)))
							b.ReportAllocs()
							for b.Loop() {
								aescore.EncryptBlocks(&k, buf, buf)
							}
						})
					})
					b.Run("stdlib-ECB-loop", func(b *testing.B) {
						c, _ := stdaes.NewCipher(key)
						b.SetBytes(int64(len(buf)))
						b.ReportAllocs()
						for b.Loop() {
							for i := 0; i < len(buf); i += BlockSize {
								c.Encrypt(buf[i:], buf[i:])
							}
						}
					})
				})
			}
		})
	}
}

// BenchmarkExpand measures key expansion: NewCipher against crypto/aes's
// (both allocate their Block), and aescore's Key.Init alone.
func BenchmarkExpand(b *testing.B) {
	for _, ks := range keySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			b.Run("crypton", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					NewCipher(key)
				}
			})
			b.Run("crypton-Init", func(b *testing.B) {
				var k aescore.Key
				b.ReportAllocs()
				for b.Loop() {
					k.Init(key)
				}
			})
			b.Run("stdlib", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					stdaes.NewCipher(key)
				}
			})
		})
	}
}

// BenchmarkImplementations measures every implementation of AES-128 on 16
// KiB through EncryptBlocks and on single blocks through Encrypt.
func BenchmarkImplementations(b *testing.B) {
	key := make([]byte, 16)
	buf := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		b.Run("EncryptBlocks-16KiB", func(b *testing.B) {
			var k aescore.Key
			k.Init(key)
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			for b.Loop() {
				aescore.EncryptBlocks(&k, buf, buf)
			}
		})
		b.Run("Encrypt", func(b *testing.B) {
			c, _ := NewCipher(key)
			b.SetBytes(BlockSize)
			b.ReportAllocs()
			for b.Loop() {
				c.Encrypt(buf[:BlockSize], buf[:BlockSize])
			}
		})
	})
}
