//go:build gc && !purego

package ghash

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestPolyvalPowers checks that InitPolyval's powers computed with
// polyvalPowersPMULL are those of initPowers (generic multiplications).
func TestPolyvalPowers(t *testing.T) {
	if !powersPMULL {
		t.Skip("no PMULL")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, h := range testKeys(r, 50) {
		var fast, slow Key
		fast.InitPolyval(&h)
		slow.h, slow.hr = fast.h, fast.hr
		initPowers(&slow)
		if fast != slow {
			t.Fatalf("H %x: the powers differ:\n%x\n%x", h, fast.pow, slow.pow)
		}
	}
}

// TestPolyvalKernels checks UpdatePolyvalPMULL against UpdatePolyvalGeneric
// and the bit-by-bit definition at every length up to 40 blocks and around
// 1024 and 2048 bytes, with random and edge keys and accumulators.
func TestPolyvalKernels(t *testing.T) {
	if !cpufeat.HasARM64PMULL {
		t.Skip("no PMULL")
	}
	r := rand.New(rand.NewPCG(7, 8))
	var lengths []int
	for n := 0; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 63, 64, 65, 127, 128, 129)
	keys := specialBlocks()
	for i := 0; i < 4; i++ {
		keys = append(keys, randBlock(r))
	}
	for ki, h := range keys {
		var k Key
		k.InitPolyval(&h)
		for _, n := range lengths {
			p := make([]byte, n*BlockSize)
			for i := range p {
				p[i] = byte(r.Uint32())
			}
			acc := randBlock(r)
			want := acc
			UpdatePolyvalGeneric(&k, &want, p)
			got := acc
			UpdatePolyvalPMULL(&k, &got, p)
			if got != want {
				t.Fatalf("H %x, %d blocks: %x, want %x", h, n, got, want)
			}
			if ki < 2 && n <= 17 {
				if ref := refPolyval(h, acc, p); got != ref {
					t.Fatalf("H %x, %d blocks: %x, the definition gives %x", h, n, got, ref)
				}
			}
		}
	}
}

// TestPolyvalShort checks that InitPolyvalShort computes the powers
// H¹..Hᵐ exactly as InitPolyval does, and that UpdatePolyvalPMULL gives
// the generic result with such a key on calls of up to maxBlocks blocks.
func TestPolyvalShort(t *testing.T) {
	if !cpufeat.HasARM64PMULL {
		t.Skip("no PMULL")
	}
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 8; trial++ {
		h := randBlock(r)
		var full Key
		full.InitPolyval(&h)
		for maxBlocks := 1; maxBlocks <= maxPowers; maxBlocks++ {
			var k Key
			k.InitPolyvalShort(&h, maxBlocks)
			for j := 1; j <= maxBlocks; j++ {
				if k.pow[maxPowers-j] != full.pow[maxPowers-j] || k.kar[maxPowers-j] != full.kar[maxPowers-j] {
					t.Fatalf("maxBlocks %d: the entry of H^%d differs", maxBlocks, j)
				}
			}
			for n := 0; n <= maxBlocks; n++ {
				p := make([]byte, n*BlockSize)
				for i := range p {
					p[i] = byte(r.Uint32())
				}
				acc := randBlock(r)
				want := acc
				UpdatePolyvalGeneric(&k, &want, p)
				UpdatePolyvalPMULL(&k, &acc, p)
				if acc != want {
					t.Fatalf("maxBlocks %d, %d blocks: %x, want %x", maxBlocks, n, acc, want)
				}
			}
		}
	}
}
