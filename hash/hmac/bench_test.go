package hmac_test

import (
	stdhmac "crypto/hmac"
	"hash"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/internal/hashtest"
)

// BenchmarkHMAC measures the MAC of one message under a key set up once
// (Reset, Write, Sum), for each hash and size:
//
//   - crypton: this package over crypton's hash;
//   - stdlib: crypto/hmac over the standard library's hash;
//   - crypton+stdhash: this package over the standard library's hash, which
//     isolates the cost of the HMAC construction from that of the hash.
//
// A single run prints them side by side, for example
// BenchmarkHMAC/SHA-256/64B/crypton and BenchmarkHMAC/SHA-256/64B/stdlib.
func BenchmarkHMAC(b *testing.B) {
	key := []byte("a 32-byte key for benchmarking!!")
	for _, name := range []string{"SHA-1", "SHA-256", "SHA-512"} {
		hf := hashtest.ByName(b, name)
		for _, size := range []struct {
			name string
			n    int
		}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}} {
			msg := make([]byte, size.n)
			for _, impl := range []struct {
				name string
				mac  hash.Hash
			}{
				{"crypton", hmac.New(hf.New, key)},
				{"stdlib", stdhmac.New(hf.Std, key)},
				{"crypton+stdhash", hmac.New(hf.Std, key)},
			} {
				b.Run(strings.ReplaceAll(name, "/", "_")+"/"+size.name+"/"+impl.name, func(b *testing.B) {
					m := impl.mac
					out := make([]byte, 0, m.Size())
					b.SetBytes(int64(size.n))
					b.ReportAllocs()
					for b.Loop() {
						m.Reset()
						m.Write(msg)
						out = m.Sum(out[:0])
					}
				})
			}
		}
	}
}

// BenchmarkOneShot measures a MAC with a key used once: New, Write of 64
// bytes, Sum. New precomputes both key states (two compressions and two
// marshaled states), which later MACs under the same key save; crypto/hmac
// hashes the outer padded key in Sum instead, and saves the states on the
// first Reset.
func BenchmarkOneShot(b *testing.B) {
	key := []byte("a 32-byte key for benchmarking!!")
	msg := make([]byte, 64)
	for _, name := range []string{"SHA-1", "SHA-256", "SHA-512"} {
		hf := hashtest.ByName(b, name)
		for _, impl := range []struct {
			name string
			new  func() hash.Hash
		}{
			{"crypton", func() hash.Hash { return hmac.New(hf.New, key) }},
			{"stdlib", func() hash.Hash { return stdhmac.New(hf.Std, key) }},
			{"crypton+stdhash", func() hash.Hash { return hmac.New(hf.Std, key) }},
		} {
			b.Run(name+"/"+impl.name, func(b *testing.B) {
				out := make([]byte, 0, 64)
				b.ReportAllocs()
				for b.Loop() {
					m := impl.new()
					m.Write(msg)
					out = m.Sum(out[:0])
				}
			})
		}
	}
}
