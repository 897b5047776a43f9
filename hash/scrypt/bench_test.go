package scrypt

import (
	"fmt"
	"testing"

	xscrypt "golang.org/x/crypto/scrypt"
)

var benchParams = []struct{ N, r, p int }{
	{16384, 8, 1},
	{32768, 8, 1},
	{1024, 8, 16},
}

// BenchmarkKey compares Key with x/crypto's, parameter set by parameter
// set, in one run. Key computes the lanes of p > 1 in parallel, up to
// GOMAXPROCS at a time; x/crypto computes them one after the other.
func BenchmarkKey(b *testing.B) {
	password, salt := []byte("password"), []byte("salt")
	for _, c := range benchParams {
		b.Run(fmt.Sprintf("N=%d,r=%d,p=%d", c.N, c.r, c.p), func(b *testing.B) {
			b.Run("crypton", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Key(password, salt, c.N, c.r, c.p, 32); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("xcrypto", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := xscrypt.Key(password, salt, c.N, c.r, c.p, 32); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkSMix measures one lane (ROMix) alone, with N=1024 and r=8, in
// bytes of table filled per second.
func BenchmarkSMix(b *testing.B) {
	const N, r = 1024, 8
	v := make([]uint32, 32*r*N)
	xy := make([]uint32, 64*r)
	blk := make([]byte, 128*r)
	b.SetBytes(128 * r * N)
	b.ReportAllocs()
	for b.Loop() {
		smix(blk, r, N, v, xy)
	}
}
