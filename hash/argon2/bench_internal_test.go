package argon2

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// BenchmarkImplementations measures the compression function G of every
// implementation, in the XOR form of the passes after the first, cycling
// through a few blocks.
func BenchmarkImplementations(b *testing.B) {
	mem := make([]block, 16)
	for i := range mem {
		for j := range mem[i] {
			mem[i][j] = uint64(i*blockWords+j) * 0x9e3779b97f4a7c15
		}
	}
	cputest.BenchmarkAllImplementations(b, "argon2", func(b *testing.B) {
		b.SetBytes(1024)
		i := 0
		for b.Loop() {
			g(&mem[(i+2)%16], &mem[(i+1)%16], &mem[(i+7)%16], true)
			i++
		}
	})
}

// BenchmarkSplitImplementations measures G as segment computes it with an
// accelerated implementation, in the three parts gRows, gColumnsFirst and
// gColumnsRest, in the XOR form, cycling through a few blocks.
func BenchmarkSplitImplementations(b *testing.B) {
	mem := make([]block, 16)
	for i := range mem {
		for j := range mem[i] {
			mem[i][j] = uint64(i*blockWords+j) * 0x9e3779b97f4a7c15
		}
	}
	cputest.BenchmarkAllImplementations(b, "argon2", func(b *testing.B) {
		if !splitG() {
			b.Skip("G is not split in this implementation")
		}
		b.SetBytes(1024)
		var q block
		i := 0
		for b.Loop() {
			out, x, y := &mem[(i+2)%16], &mem[(i+1)%16], &mem[(i+7)%16]
			gRows(&q, out, x, y)
			gColumnsFirst(out, x, y, &q, true)
			gColumnsRest(out, x, y, &q, true)
			i++
		}
	})
}
