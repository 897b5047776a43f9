//go:build gc && !purego

package chacha20

import (
	"fmt"
	"testing"
)

// TestBlocksAVX2 compares blocksAVX2 itself with blocksGeneric, also for the
// short inputs for which blocks does not choose it.
func TestBlocksAVX2(t *testing.T) {
	if !useAVX2 {
		// TestImplementations fails if the CPU has AVX2 and this is not set.
		t.Skip("AVX2 not available on this CPU or turned off")
	}
	testBlockFunc(t, blocksAVX2)
}

// TestBlocksAVX512 compares blocksAVX512 itself with blocksGeneric.
func TestBlocksAVX512(t *testing.T) {
	if !useAVX512 {
		// TestImplementations fails if the CPU has AVX-512F and this is
		// not set.
		t.Skip("AVX-512 not available on this CPU or turned off")
	}
	testBlockFunc(t, blocksAVX512)
}

// TestBlocksRowsAVX512 compares blocksRowsAVX512 with blocksGeneric, on
// inputs cut into pieces of one to rowsMaxBlocks blocks, the most it takes.
func TestBlocksRowsAVX512(t *testing.T) {
	if !hasRowsAVX512 {
		t.Skip("the CPU lacks AVX2 or AVX-512VL")
	}
	testBlockFunc(t, func(state *[16]uint32, dst, src []byte) {
		for len(src) >= blockSize {
			n := min(len(src)/blockSize, rowsMaxBlocks) * blockSize
			blocksRowsAVX512(state, dst[:n], src[:n])
			dst, src = dst[n:], src[n:]
		}
	})
}

// BenchmarkBlockFuncs measures the assembly block functions themselves on
// short and long inputs, to place the lengths from which blocks prefers
// one to the other.
func BenchmarkBlockFuncs(b *testing.B) {
	funcs := []struct {
		name   string
		ok     bool
		f      blockFunc
		maxLen int
	}{
		{"AVX-512", useAVX512, blocksAVX512, 1 << 30},
		{"rows-AVX-512", hasRowsAVX512, blocksRowsAVX512, rowsMaxBlocks * blockSize},
		{"AVX2", useAVX2, blocksAVX2, 1 << 30},
		{"generic", true, blocksGeneric, 1 << 30},
	}
	for _, n := range []int{64, 128, 192, 256, 512, 1024, 1088, 16 * 1024} {
		buf := make([]byte, n)
		for _, f := range funcs {
			if !f.ok || n > f.maxLen {
				continue
			}
			b.Run(fmt.Sprintf("%dB/%s", n, f.name), func(b *testing.B) {
				var state [16]uint32
				b.SetBytes(int64(n))
				for b.Loop() {
					f.f(&state, buf, buf)
				}
			})
		}
	}
}
