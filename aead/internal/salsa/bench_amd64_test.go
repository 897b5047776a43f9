//go:build gc && !purego

package salsa

import (
	"fmt"
	"testing"
)

// BenchmarkBlocksTail measures blocksAVX512, blocksAVX2 and blocksGeneric
// on one to sixteen blocks (and 64 KiB), to choose where blocks switches
// between them.
func BenchmarkBlocksTail(b *testing.B) {
	if !useAVX2 {
		b.Skip("no AVX2")
	}
	buf := make([]byte, 1024*BlockSize)
	for _, nb := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 16, 1024} {
		for _, f := range []struct {
			name string
			f    blockFunc
		}{{"AVX-512", blocksAVX512}, {"AVX2", blocksAVX2}, {"generic", blocksGeneric}} {
			if f.name == "AVX-512" && !useAVX512 {
				continue
			}
			b.Run(fmt.Sprintf("%d/%s", nb, f.name), func(b *testing.B) {
				var s [16]uint32
				p := buf[:nb*BlockSize]
				b.SetBytes(int64(len(p)))
				for b.Loop() {
					f.f(&s, p, p)
				}
			})
		}
	}
}
