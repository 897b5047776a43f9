package chacha20poly1305

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xcrypto "golang.org/x/crypto/chacha20poly1305"
)

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// benchAD is the additional data of the benchmarks: 13 bytes, as in TLS 1.2.
var benchAD = make([]byte, 13)

// BenchmarkSeal compares Seal with x/crypto's, size by size, with the
// implementation that the package selects on this machine. Besides ns/op,
// each benchmark reports the CPU time of its thread (cpu-ns/op), which the
// other work of a shared machine disturbs less, and which `openssl speed`
// without -elapsed measures too.
func BenchmarkSeal(b *testing.B) {
	key, nonce := make([]byte, KeySize), make([]byte, NonceSize)
	ours, _ := New(key)
	theirs, _ := xcrypto.New(key)
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			pt := make([]byte, s.n)
			out := make([]byte, 0, s.n+Overhead)
			b.Run("crypton", func(b *testing.B) {
				b.SetBytes(int64(len(pt)))
				b.ReportAllocs()
				cryptotest.CPUTime(b)
				for b.Loop() {
					out = ours.Seal(out[:0], nonce, pt, benchAD)
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.SetBytes(int64(len(pt)))
				b.ReportAllocs()
				cryptotest.CPUTime(b)
				for b.Loop() {
					out = theirs.Seal(out[:0], nonce, pt, benchAD)
				}
			})
		})
	}
}

// BenchmarkOpen compares Open with x/crypto's, size by size.
func BenchmarkOpen(b *testing.B) {
	key, nonce := make([]byte, KeySize), make([]byte, NonceSize)
	ours, _ := New(key)
	theirs, _ := xcrypto.New(key)
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			ct := ours.Seal(nil, nonce, make([]byte, s.n), benchAD)
			out := make([]byte, 0, s.n)
			b.Run("crypton", func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				cryptotest.CPUTime(b)
				for b.Loop() {
					var err error
					if out, err = ours.Open(out[:0], nonce, ct, benchAD); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				cryptotest.CPUTime(b)
				for b.Loop() {
					var err error
					if out, err = theirs.Open(out[:0], nonce, ct, benchAD); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkImplementations measures Seal and Open with every
// implementation, size by size.
func BenchmarkImplementations(b *testing.B) {
	a, _ := New(make([]byte, KeySize))
	nonce := make([]byte, NonceSize)
	for _, s := range benchSizes {
		pt := make([]byte, s.n)
		ct := a.Seal(nil, nonce, pt, benchAD)
		out := make([]byte, 0, len(pt)+Overhead)
		b.Run("Seal/"+s.name, func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				b.SetBytes(int64(len(pt)))
				b.ReportAllocs()
				cryptotest.CPUTime(b)
				for b.Loop() {
					out = a.Seal(out[:0], nonce, pt, benchAD)
				}
			})
		})
		b.Run("Open/"+s.name, func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				b.SetBytes(int64(len(pt)))
				b.ReportAllocs()
				cryptotest.CPUTime(b)
				for b.Loop() {
					var err error
					if out, err = a.Open(out[:0], nonce, ct, benchAD); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
