package aes

import (
	stdaes "crypto/aes"
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/aead/aesgcm"
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

var modeSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// BenchmarkGCMSeal measures AES-GCM Seal (13 bytes of additional data, a
// TLS 1.2 record header's worth, into a buffer with room) three ways, side
// by side: crypto/cipher's NewGCM over this package's Block
// ("cipher.NewGCM"), which reaches crypton's AES-GCM through the Block's
// NewGCM method; aesgcm.New with the same key ("aesgcm.New"), the target;
// crypto/cipher's NewGCM over crypto/aes ("stdlib"); and crypto/cipher's
// generic GCM over the Block with its optional methods hidden
// ("cipher-fallback"), what cipher.NewGCM ran before the Block had them.
func BenchmarkGCMSeal(b *testing.B) {
	for _, ks := range keySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			for _, size := range modeSizes {
				b.Run(size.name, func(b *testing.B) {
					block, _ := NewCipher(key)
					viaBlock, _ := cipher.NewGCM(block)
					direct, _ := aesgcm.New(key)
					stdBlock, _ := stdaes.NewCipher(key)
					std, _ := cipher.NewGCM(stdBlock)
					fallback, _ := cipher.NewGCM(hiddenBlock{block})
					for _, c := range []struct {
						name string
						a    cipher.AEAD
					}{{"cipher.NewGCM", viaBlock}, {"aesgcm.New", direct}, {"stdlib", std}, {"cipher-fallback", fallback}} {
						b.Run(c.name, func(b *testing.B) {
							nonce, pt, ad := make([]byte, 12), make([]byte, size.n), make([]byte, 13)
							out := make([]byte, 0, size.n+16)
							b.SetBytes(int64(size.n))
							b.ReportAllocs()
							for b.Loop() {
								out = c.a.Seal(out[:0], nonce, pt, ad)
							}
						})
					}
				})
			}
		})
	}
}

// BenchmarkCTR measures XORKeyStream of crypto/cipher's NewCTR over this
// package's Block ("cipher.NewCTR"), which reaches crypton's counter mode
// through the Block's NewCTR method, over crypto/aes ("stdlib"), and over
// the Block with its optional methods hidden ("cipher-fallback",
// crypto/cipher's generic CTR), side by side, in place, one Stream per
// benchmark.
func BenchmarkCTR(b *testing.B) {
	for _, ks := range keySizes {
		b.Run(ks.name, func(b *testing.B) {
			key := make([]byte, ks.n)
			for _, size := range modeSizes {
				b.Run(size.name, func(b *testing.B) {
					block, _ := NewCipher(key)
					stdBlock, _ := stdaes.NewCipher(key)
					for _, c := range []struct {
						name  string
						block cipher.Block
					}{{"cipher.NewCTR", block}, {"stdlib", stdBlock}, {"cipher-fallback", hiddenBlock{block}}} {
						b.Run(c.name, func(b *testing.B) {
							s := cipher.NewCTR(c.block, make([]byte, BlockSize))
							buf := make([]byte, size.n)
							b.SetBytes(int64(size.n))
							b.ReportAllocs()
							for b.Loop() {
								s.XORKeyStream(buf, buf)
							}
						})
					}
				})
			}
		})
	}
}

// hiddenBlock is a cipher.Block without the optional methods of b.
type hiddenBlock struct{ b cipher.Block }

func (h hiddenBlock) BlockSize() int          { return h.b.BlockSize() }
func (h hiddenBlock) Encrypt(dst, src []byte) { h.b.Encrypt(dst, src) }
func (h hiddenBlock) Decrypt(dst, src []byte) { h.b.Decrypt(dst, src) }
