//go:build gc && !purego

package gcm

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat"
)

// TestBulkARMv8 checks that sealBulk and openBulk of the ARMv8 code take
// every whole block (TestBulkKernels accepts any prefix from a
// non-stitched implementation), at every length up to 300 bytes and
// across the 4 KiB chunks, from counters around the 32-bit wrap, in place
// and not, against aescore.CTR32 and ghash.UpdateGeneric.
func TestBulkARMv8(t *testing.T) {
	if !cpufeat.Available(pkg, "ARMv8-AES") {
		t.Skipf("ARMv8-AES implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	r := rand.New(rand.NewPCG(31, 32))
	lengths := []int{}
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 4095, 4096, 4097, 8192+16*9+5)
	for _, ks := range []int{16, 24, 32} {
		g, err := New(randBytes(r, ks), NonceSize, TagSize)
		if err != nil {
			t.Fatal(err)
		}
		if g.impl.aes != aescore.ImplARMv8 {
			t.Fatalf("implementation %+v, want the ARMv8 code", g.impl)
		}
		for _, start := range []uint32{2, 1<<32 - 1, 1<<32 - 7} {
			for _, n := range lengths {
				var ctr0, acc0 [16]byte
				copy(ctr0[:12], randBytes(r, 12))
				binary.BigEndian.PutUint32(ctr0[12:], start)
				copy(acc0[:], randBytes(r, 16))
				src := randBytes(r, n)
				whole := n &^ 15
				for _, open := range []bool{false, true} {
					for _, inPlace := range []bool{false, true} {
						ctr, acc := ctr0, acc0
						dst := make([]byte, n)
						in := src
						if inPlace {
							copy(dst, src)
							in = dst
						}
						var done int
						if open {
							done = openBulk(g, &acc, &ctr, dst, in)
						} else {
							done = sealBulk(g, &acc, &ctr, dst, in)
						}
						if done != whole {
							t.Fatalf("%d bytes: bulk took %d, want %d", n, done, whole)
						}
						wantCtr, wantAcc := ctr0, acc0
						want := make([]byte, whole)
						aescore.CTR32(aescore.ImplARMv8, &g.key, &wantCtr, want, src[:whole])
						if open {
							ghash.UpdateGeneric(&g.hash, &wantAcc, src[:whole])
						} else {
							ghash.UpdateGeneric(&g.hash, &wantAcc, want)
						}
						if !bytes.Equal(dst[:whole], want) || acc != wantAcc || ctr != wantCtr {
							t.Fatalf("AES-%d, open=%v, in place=%v, counter %#x, %d bytes: output equal %v, accumulator %x want %x, counter %x want %x",
								8*ks, open, inPlace, start, n, bytes.Equal(dst[:whole], want), acc, wantAcc, ctr, wantCtr)
						}
						if !inPlace && !bytes.Equal(dst[whole:], make([]byte, n-whole)) {
							t.Fatalf("%d bytes: bulk wrote past the whole blocks", n)
						}
					}
				}
			}
		}
	}
}
