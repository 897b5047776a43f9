//go:build gc && !purego

package sha256

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestBlockSHA2 compares blockSHA2 directly with blockGeneric on 0 to 40
// blocks, from random chaining values, at every offset from 0 to 15 of the
// input, with up to a block of trailing bytes that both must ignore. It also
// checks that blockSHA2 writes nothing but the eight words of h, reads p
// without changing it, and handles an h that is only 4-byte aligned.
func TestBlockSHA2(t *testing.T) {
	if !cpufeat.Available(pkg, "ARMv8-SHA2") {
		t.Skipf("ARMv8-SHA2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	const maxBlocks = 40
	r := rand.New(rand.NewPCG(5, 0x428a2f98))
	buf := make([]byte, 16+(maxBlocks+1)*BlockSize)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	orig := slices.Clone(buf)

	// h sits 12 bytes into the struct, between guard words.
	var g struct {
		before [3]uint32
		h      [8]uint32
		after  [3]uint32
	}
	const guard = 0xdeadbeef

	for nb := 0; nb <= maxBlocks; nb++ {
		for off := range 16 {
			p := buf[off : off+nb*BlockSize+r.IntN(BlockSize)]
			var d digest
			for i := range d.h {
				d.h[i] = r.Uint32()
			}
			start := d.h
			g.before = [3]uint32{guard, guard, guard}
			g.after = g.before
			g.h = start

			blockGeneric(&d, p)
			blockSHA2(&g.h, p)
			if g.h != d.h {
				t.Fatalf("%d blocks at offset %d from %08x: blockSHA2 gives %08x, blockGeneric %08x", nb, off, start, g.h, d.h)
			}
			if g.before != [3]uint32{guard, guard, guard} || g.after != g.before {
				t.Fatalf("%d blocks at offset %d: blockSHA2 wrote outside h: %08x %08x", nb, off, g.before, g.after)
			}
			if nb == 0 && g.h != start {
				t.Fatalf("no whole block, yet blockSHA2 changed h")
			}
		}
	}
	if !slices.Equal(buf, orig) {
		t.Fatal("blockSHA2 changed its input")
	}
}
