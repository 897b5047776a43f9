package secretbox

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xsecretbox "golang.org/x/crypto/nacl/secretbox"
)

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// BenchmarkSeal compares Seal with x/crypto's, appending to a buffer with
// room for the box.
func BenchmarkSeal(b *testing.B) {
	var key [32]byte
	var nonce [24]byte
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			msg := make([]byte, s.n)
			out := make([]byte, 0, s.n+Overhead)
			b.Run("crypton", func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					Seal(out, msg, &nonce, &key)
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					xsecretbox.Seal(out, msg, &nonce, &key)
				}
			})
		})
	}
}

// BenchmarkOpen compares Open with x/crypto's on an authentic box.
func BenchmarkOpen(b *testing.B) {
	var key [32]byte
	var nonce [24]byte
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			box := Seal(nil, make([]byte, s.n), &nonce, &key)
			out := make([]byte, 0, s.n)
			b.Run("crypton", func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					if _, ok := Open(out, box, &nonce, &key); !ok {
						b.Fatal("Open failed")
					}
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					if _, ok := xsecretbox.Open(out, box, &nonce, &key); !ok {
						b.Fatal("Open failed")
					}
				}
			})
		})
	}
}

// BenchmarkImplementations measures Seal of 16 KiB with every
// implementation of the keystream.
func BenchmarkImplementations(b *testing.B) {
	var key [32]byte
	var nonce [24]byte
	msg := make([]byte, 16*1024)
	out := make([]byte, 0, len(msg)+Overhead)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		b.ReportAllocs()
		for b.Loop() {
			Seal(out, msg, &nonce, &key)
		}
	})
}
