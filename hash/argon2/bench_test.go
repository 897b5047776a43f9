package argon2_test

import (
	"testing"

	"github.com/crypton-go/crypton/hash/argon2"
	xargon2 "golang.org/x/crypto/argon2"
)

// benchParams are the parameters of the side-by-side benchmarks: 64 MiB
// with one pass in one lane (the target of issue #26) and in four lanes,
// three passes in one lane and in two lanes (the target of the hash
// module), and the OWASP recommendation (19 MiB, two passes, one lane).
var benchParams = []struct {
	name    string
	time    uint32
	memory  uint32
	threads uint8
}{
	{"m=64MiB,t=1,p=1", 1, 64 * 1024, 1},
	{"m=64MiB,t=1,p=4", 1, 64 * 1024, 4},
	{"m=64MiB,t=3,p=1", 3, 64 * 1024, 1},
	{"m=64MiB,t=3,p=2", 3, 64 * 1024, 2},
	{"m=19MiB,t=2,p=1", 2, 19 * 1024, 1},
}

// BenchmarkIDKey compares IDKey, which takes its memory from a pool, with
// x/crypto's, which allocates it for every key, and with a Hasher, which
// keeps its own. Each sub-benchmark makes one call before it starts timing,
// so that the one that runs first does not alone pay for growing the
// process's heap.
func BenchmarkIDKey(b *testing.B) {
	pw, salt := []byte("correct horse battery staple"), []byte("0123456789abcdef")
	for _, c := range benchParams {
		b.Run(c.name, func(b *testing.B) {
			b.Run("crypton", func(b *testing.B) {
				b.ReportAllocs()
				argon2.IDKey(pw, salt, c.time, c.memory, c.threads, 32)
				for b.Loop() {
					if _, err := argon2.IDKey(pw, salt, c.time, c.memory, c.threads, 32); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("crypton-Hasher", func(b *testing.B) {
				b.ReportAllocs()
				h, err := argon2.NewHasher(argon2.Params{Time: c.time, Memory: c.memory, Threads: c.threads, KeyLen: 32})
				if err != nil {
					b.Fatal(err)
				}
				h.IDKey(pw, salt)
				for b.Loop() {
					if _, err := h.IDKey(pw, salt); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.ReportAllocs()
				xargon2.IDKey(pw, salt, c.time, c.memory, c.threads, 32)
				for b.Loop() {
					xargon2.IDKey(pw, salt, c.time, c.memory, c.threads, 32)
				}
			})
		})
	}
}
