//go:build gc && !purego

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// wantImplementations is what TestImplementations expects the package to
// register on arm64: blockSHA512 needs the ARMv8.2 SHA512 instructions.
var wantImplementations = cputest.Requirements{
	"ARMv8-SHA512": {"sha512"},
}

// skipUnlessSHA512 skips t when blockSHA512 cannot run here. It is only a
// skip because TestImplementations fails if the CPU has the instructions
// and the implementation is nevertheless unavailable.
func skipUnlessSHA512(t *testing.T) {
	t.Helper()
	if !cpufeat.Available("sha512", "ARMv8-SHA512") {
		t.Skipf("ARMv8-SHA512 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
}

// TestBlockSHA512 compares blockSHA512 directly with blockGeneric on 0 to 20
// whole blocks, from random chaining values, at every offset from 0 to 15
// from a 16-byte boundary, followed by 0 to 127 bytes that both must ignore.
// It also checks that blockSHA512 writes nothing but the eight words of h,
// leaves h alone when there is no whole block, and does not change p.
func TestBlockSHA512(t *testing.T) {
	skipUnlessSHA512(t)
	const maxBlocks = 20
	r := newRand("blockSHA512")
	buf := randomBytes(r, 16+(maxBlocks+1)*BlockSize)
	orig := string(buf)

	// h between guard words, which blockSHA512 must not touch.
	var g struct {
		before [2]uint64
		h      [8]uint64
		after  [2]uint64
	}
	const guard = 0xdeadbeefcafef00d
	guards := [2]uint64{guard, ^uint64(guard)}

	for nblocks := 0; nblocks <= maxBlocks; nblocks++ {
		for off := range 16 {
			extra := r.IntN(BlockSize)
			if off == 0 {
				extra = 0 // exactly whole blocks
			} else if off == 1 {
				extra = BlockSize - 1
			}
			in := buf[off : off+nblocks*BlockSize+extra]
			var want digest
			for i := range want.h {
				want.h[i] = r.Uint64()
			}
			start := want.h
			g.before, g.h, g.after = guards, start, guards

			blockGeneric(&want, in)
			blockSHA512(&g.h, in)
			if g.h != want.h {
				t.Fatalf("%d blocks + %d bytes at offset %d from %x: blockSHA512 = %x, blockGeneric = %x", nblocks, extra, off, start, g.h, want.h)
			}
			if g.before != guards || g.after != guards {
				t.Fatalf("%d blocks + %d bytes at offset %d: blockSHA512 wrote outside h: %x %x", nblocks, extra, off, g.before, g.after)
			}
			if nblocks == 0 && g.h != start {
				t.Fatalf("%d bytes, no whole block, yet blockSHA512 changed h", extra)
			}
		}
	}
	if string(buf) != orig {
		t.Fatal("blockSHA512 changed its input")
	}
}

// TestBlockSHA512Chained checks that compressing 37 blocks in one call gives
// the same as blockGeneric and as compressing them in calls of random
// numbers of blocks, so that the chaining value carried from one block to
// the next and from one call to the next agree.
func TestBlockSHA512Chained(t *testing.T) {
	skipUnlessSHA512(t)
	r := newRand("blockSHA512 chained")
	in := randomBytes(r, 37*BlockSize)
	var whole [8]uint64
	for i := range whole {
		whole[i] = r.Uint64()
	}
	pieces, generic := whole, digest{h: whole}
	blockSHA512(&whole, in)
	blockGeneric(&generic, in)
	for rest := in; len(rest) > 0; {
		n := min(len(rest), BlockSize*(1+r.IntN(5)))
		blockSHA512(&pieces, rest[:n])
		rest = rest[n:]
	}
	if whole != generic.h {
		t.Errorf("37 blocks in one call = %x, blockGeneric = %x", whole, generic.h)
	}
	if pieces != whole {
		t.Errorf("37 blocks in pieces = %x, in one call = %x", pieces, whole)
	}
}
