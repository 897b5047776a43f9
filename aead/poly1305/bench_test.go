package poly1305

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	//lint:ignore SA1019 the deprecated package is the reference to compare with.
	xpoly1305 "golang.org/x/crypto/poly1305"
)

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

var sink [TagSize]byte

// BenchmarkPoly1305 compares Sum with x/crypto's, size by size, with the
// implementation that the package selects on this machine.
func BenchmarkPoly1305(b *testing.B) {
	var key [32]byte
	for i := range key {
		key[i] = byte(i)
	}
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			msg := make([]byte, s.n)
			b.Run("crypton", func(b *testing.B) {
				b.SetBytes(int64(len(msg)))
				b.ReportAllocs()
				for b.Loop() {
					Sum(&sink, msg, &key)
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.SetBytes(int64(len(msg)))
				b.ReportAllocs()
				for b.Loop() {
					xpoly1305.Sum(&sink, msg, &key)
				}
			})
		})
	}
}

// BenchmarkImplementations measures every implementation on 16 KiB.
func BenchmarkImplementations(b *testing.B) {
	var key [32]byte
	msg := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		b.ReportAllocs()
		for b.Loop() {
			Sum(&sink, msg, &key)
		}
	})
}
