package aesgcm

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestBulkKernels calls sealBulk and openBulk, the stitched kernels where
// the implementation has one, directly: from counters just below the
// 32-bit wrap (the kernels add to the counter with VPADDD, which must
// wrap without carrying into the nonce, as inc32), from a random
// accumulator, with every key size and lengths around the 128- and
// 256-byte chunks. The reference is aescore.CTR32 and ghash.UpdateGeneric
// on the part the kernel took, and the counter it leaves.
func TestBulkKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		for _, ks := range []int{16, 24, 32} {
			g, err := newGCM(randBytes(r, ks), NonceSize, TagSize)
			if err != nil {
				t.Fatal(err)
			}
			for _, start := range []uint32{2, 1<<32 - 1, 1<<32 - 3, 1<<32 - 9, 1<<32 - 20} {
				for _, n := range []int{127, 128, 255, 256, 384, 512, 4096, 4096 + 200} {
					var ctr0, acc0 [16]byte
					copy(ctr0[:12], randBytes(r, 12))
					ctr0[11] = 0xff
					binary.BigEndian.PutUint32(ctr0[12:], start)
					copy(acc0[:], randBytes(r, 16))
					src := randBytes(r, n)

					for _, open := range []bool{false, true} {
						ctr, acc := ctr0, acc0
						dst := make([]byte, n)
						var done int
						if open {
							done = openBulk(g, &acc, &ctr, dst, src)
						} else {
							done = sealBulk(g, &acc, &ctr, dst, src)
						}
						if done%aescore.BlockSize != 0 || done > n {
							t.Fatalf("bulk kernel took %d of %d bytes", done, n)
						}
						if g.impl.stitch != stitchNone && n >= 256 && done == 0 {
							t.Fatalf("%d bytes: the stitched kernel of %+v took nothing", n, g.impl)
						}
						wantCtr, wantAcc := ctr0, acc0
						want := make([]byte, done)
						aescore.CTR32(g.impl.aes, &g.key, &wantCtr, want, src[:done])
						hashed := want // encryption hashes its output
						if open {
							hashed = src[:done] // decryption its input
						}
						ghash.UpdateGeneric(&g.hash, &wantAcc, hashed)
						if !bytes.Equal(dst[:done], want) || acc != wantAcc || ctr != wantCtr {
							t.Fatalf("AES-%d, open=%v, counter %#x, %d bytes (kernel took %d): output equal %v, accumulator %x want %x, counter %x want %x",
								8*ks, open, start, n, done, bytes.Equal(dst[:done], want), acc, wantAcc, ctr, wantCtr)
						}
					}
				}
			}
		}
	})
}
