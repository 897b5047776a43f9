//go:build gc && !purego

package ghash

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestInitWide checks the tables of InitWide, H³²..H¹⁷ times x⁻¹, against
// the powers computed one multiplication by H at a time, for random keys
// and keys with one bit set or all bits set.
func TestInitWide(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	keys := [][BlockSize]byte{{}, [BlockSize]byte(bytes.Repeat([]byte{0xff}, BlockSize))}
	for bit := 0; bit < 128; bit += 11 {
		var h [BlockSize]byte
		h[bit/8] = 0x80 >> (bit % 8)
		keys = append(keys, h)
	}
	for range 20 {
		var h [BlockSize]byte
		for i := range h {
			h[i] = byte(r.Uint32())
		}
		keys = append(keys, h)
	}
	for _, h := range keys {
		var k Key
		k.Init(&h)
		k.InitWide()
		y := k.h
		for j := 1; j <= 2*maxPowers; j++ {
			if j > maxPowers {
				hi, lo := y[0], y[1]
				m := -(hi >> 63)
				hi = hi<<1 | lo>>63 ^ m&0xc200000000000000
				lo = lo<<1 ^ m&1
				if k.powHi[2*maxPowers-j] != [2]uint64{lo, hi} {
					t.Fatalf("H %x: H^%d is %x, want %x", h, j, k.powHi[2*maxPowers-j], [2]uint64{lo, hi})
				}
			}
			mul(&k, &y)
		}
	}
}
