//go:build gc && !purego

package argon2

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

func gAVX512Block(out, x, y *block, xor bool) {
	gAVX512((*[blockWords]uint64)(out), (*[blockWords]uint64)(x), (*[blockWords]uint64)(y), xor)
}

// TestGAVX512 compares gAVX512 with gGeneric, in both forms, on chains of
// random blocks, and checks that it writes nothing outside the state.
func TestGAVX512(t *testing.T) {
	if !useAVX512 {
		t.Skip("AVX-512 not available (TestImplementations says whether it should be)")
	}
	for _, xor := range []bool{false, true} {
		name := "set"
		if xor {
			name = "xor"
		}
		t.Run(name, func(t *testing.T) {
			cryptotest.TestBlockFunc(t, 1024, chain(gAVX512Block, xor), chain(gGeneric, xor), nil)
		})
	}
}

// TestGAVX512Aliasing compares gAVX512 with gGeneric when out is the same
// block as x or y, or x the same as y, as in the generation of addresses,
// on random blocks, and on blocks of all-zero and all-one words.
func TestGAVX512Aliasing(t *testing.T) {
	if !useAVX512 {
		t.Skip("AVX-512 not available (TestImplementations says whether it should be)")
	}
	r := rand.New(rand.NewPCG(5, 6))
	random := func(i int) block {
		var b block
		for j := range b {
			switch i % 5 {
			case 3:
				b[j] = 0
			case 4:
				b[j] = ^uint64(0)
			default:
				b[j] = r.Uint64()
			}
		}
		return b
	}
	type gFunc = func(out, x, y *block, xor bool)
	cases := []struct {
		name string
		call func(gf gFunc, x, y, o *block, xor bool) block
	}{
		{"distinct", func(gf gFunc, x, y, o *block, xor bool) block { gf(o, x, y, xor); return *o }},
		{"out=x", func(gf gFunc, x, y, o *block, xor bool) block { gf(x, x, y, xor); return *x }},
		{"out=y", func(gf gFunc, x, y, o *block, xor bool) block { gf(y, x, y, xor); return *y }},
		{"x=y", func(gf gFunc, x, y, o *block, xor bool) block { gf(o, x, x, xor); return *o }},
		{"out=x=y", func(gf gFunc, x, y, o *block, xor bool) block { gf(x, x, x, xor); return *x }},
	}
	for i := range 100 {
		xor := i%2 == 1
		x, y, o := random(i), random(i/2), random(i/3)
		for _, c := range cases {
			x1, y1, o1 := x, y, o
			x2, y2, o2 := x, y, o
			want := c.call(gGeneric, &x1, &y1, &o1, xor)
			got := c.call(gAVX512Block, &x2, &y2, &o2, xor)
			if got != want || x1 != x2 || y1 != y2 || o1 != o2 {
				t.Fatalf("%s, xor=%v, block %d: gAVX512 differs from gGeneric", c.name, xor, i)
			}
		}
	}
}
