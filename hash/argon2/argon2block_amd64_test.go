//go:build gc && !purego

package argon2

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// gState is the state of the chained G computation that TestGAVX2 gives to
// cryptotest.TestBlockFunc: each 1 KiB input block is a reference block,
// Cur becomes G(Prev, reference) (XORed into Cur in the XOR form), and then
// Prev and Cur swap, so that the next block starts from this result.
type gState struct {
	Prev, Cur block
}

// chain returns the block function of TestGAVX2 for an implementation of G.
func chain(gf func(out, x, y *block, xor bool), xor bool) func(*gState, []byte) {
	return func(s *gState, p []byte) {
		for ; len(p) >= 1024; p = p[1024:] {
			var ref block
			for i := range ref {
				ref[i] = binary.LittleEndian.Uint64(p[8*i:])
			}
			gf(&s.Cur, &s.Prev, &ref, xor)
			s.Prev, s.Cur = s.Cur, s.Prev
		}
	}
}

func gAVX2Block(out, x, y *block, xor bool) {
	gAVX2((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), xor)
}

// gSplitBlock computes G in the three parts that segment uses, with a
// prefetch in between as segment does.
func gSplitBlock(out, x, y *block, xor bool) {
	var q block
	gRows(&q, out, x, y)
	gColumnsFirst(out, x, y, &q, xor)
	prefetch(x)
	gColumnsRest(out, x, y, &q, xor)
}

// avx2Kernels are the AVX2 forms of G that the tests compare with gGeneric.
var avx2Kernels = []struct {
	name string
	g    func(out, x, y *block, xor bool)
}{
	{"whole", gAVX2Block},
	{"split", gSplitBlock},
}

// TestGAVX2 compares gAVX2, and the three parts of it that segment uses,
// with gGeneric, in both forms, on chains of random blocks, and checks that
// they write nothing outside the state.
func TestGAVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("AVX2 not available (TestImplementations says whether it should be)")
	}
	for _, k := range avx2Kernels {
		for _, xor := range []bool{false, true} {
			name := k.name + "/set"
			if xor {
				name = k.name + "/xor"
			}
			t.Run(name, func(t *testing.T) {
				cryptotest.TestBlockFunc(t, 1024, chain(k.g, xor), chain(gGeneric, xor), nil)
			})
		}
	}
}

// TestGAVX2Aliasing compares gAVX2, whole and in parts, with gGeneric when
// out is the same block as x or y, or x the same as y, as in the generation
// of addresses, on random blocks.
func TestGAVX2Aliasing(t *testing.T) {
	if !useAVX2 {
		t.Skip("AVX2 not available (TestImplementations says whether it should be)")
	}
	r := rand.New(rand.NewPCG(3, 4))
	random := func() block {
		var b block
		for i := range b {
			b[i] = r.Uint64()
		}
		return b
	}
	for i := range 50 {
		xor := i%2 == 1
		x, y, o := random(), random(), random()
		cases := []struct {
			name string
			call func(gf func(out, x, y *block, xor bool), x, y, o *block) block
		}{
			{"out=x", func(gf func(out, x, y *block, xor bool), x, y, o *block) block { gf(x, x, y, xor); return *x }},
			{"out=y", func(gf func(out, x, y *block, xor bool), x, y, o *block) block { gf(y, x, y, xor); return *y }},
			{"x=y", func(gf func(out, x, y *block, xor bool), x, y, o *block) block { gf(o, x, x, xor); return *o }},
			{"out=x=y", func(gf func(out, x, y *block, xor bool), x, y, o *block) block { gf(x, x, x, xor); return *x }},
		}
		for _, c := range cases {
			for _, k := range avx2Kernels {
				x1, y1, o1 := x, y, o
				x2, y2, o2 := x, y, o
				want := c.call(gGeneric, &x1, &y1, &o1)
				got := c.call(k.g, &x2, &y2, &o2)
				if got != want || x1 != x2 || y1 != y2 || o1 != o2 {
					t.Fatalf("%s, xor=%v: gAVX2 (%s) differs from gGeneric", c.name, xor, k.name)
				}
			}
		}
	}
}
