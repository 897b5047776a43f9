//go:build gc && !purego

package sha256

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestBlockAVX2 compares blockAVX2 directly with blockGeneric. blockAVX2
// works on pairs of blocks, one in each 128-bit lane, so the counts cover
// both parities, from no block at all, and around the loop of the schedule.
// Each case starts from a random chaining value, takes the input at an
// unaligned offset, adds trailing bytes short of a block that both must
// ignore, and checks that blockAVX2 neither writes next to h nor changes p.
func TestBlockAVX2(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX2") {
		t.Skipf("AVX2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	r := rand.New(rand.NewPCG(256, 2))
	counts := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33}
	const maxBlocks = 33
	buf := make([]byte, 64+(maxBlocks+1)*BlockSize)
	var state struct {
		pre  uint32
		h    [8]uint32
		post uint32
	}
	const guard = 0x5ca1ab1e
	for _, nb := range counts {
		for trial := 0; trial < 16; trial++ {
			for i := range buf {
				buf[i] = byte(r.Uint32())
			}
			off := r.IntN(64)
			p := buf[off : off+nb*BlockSize+r.IntN(BlockSize)]
			saved := bytes.Clone(p)

			var d digest
			for i := range d.h {
				d.h[i] = r.Uint32()
			}
			state.pre, state.h, state.post = guard, d.h, guard
			start := d.h

			blockAVX2(&state.h, p)
			blockGeneric(&d, p)
			if state.h != d.h {
				t.Fatalf("%d blocks (+%d bytes) at offset %d from %08x: blockAVX2 = %08x, blockGeneric = %08x",
					nb, len(p)-nb*BlockSize, off, start, state.h, d.h)
			}
			if state.pre != guard || state.post != guard {
				t.Fatalf("%d blocks: blockAVX2 wrote next to h", nb)
			}
			if !bytes.Equal(p, saved) {
				t.Fatalf("%d blocks: blockAVX2 changed its input", nb)
			}
		}
	}
}
