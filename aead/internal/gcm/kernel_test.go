package gcm

import (
	"bytes"
	"crypto/aes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name under which the implementations register with cpufeat.
const pkg = "aesgcm"

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestBulkKernels calls sealBulk and openBulk, the stitched kernels where
// the implementation has one, directly: from counters just below the
// 32-bit wrap (the kernels add to the counter with VPADDD, which must
// wrap without carrying into the nonce, as inc32), from a random
// accumulator, with every key size and lengths around the 128-, 256- and
// 512-byte chunks. The reference is aescore.CTR32 and ghash.UpdateGeneric
// on the part the kernel took, and the counter it leaves.
func TestBulkKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		for _, ks := range []int{16, 24, 32} {
			g, err := New(randBytes(r, ks), NonceSize, TagSize)
			if err != nil {
				t.Fatal(err)
			}
			// 224 and 225: the 512-bit kernels' fast counter path for the
			// first chunk at its limit and just past it.
			for _, start := range []uint32{2, 224, 225, 0x0100ffe0, 1<<32 - 1, 1<<32 - 3, 1<<32 - 9, 1<<32 - 20} {
				for _, n := range []int{127, 128, 255, 256, 384, 511, 512, 767, 768, 1024, 1279, 1280, 1536, 1792, 2048, 2304, 2815, 4096, 4096 + 200, 4096 + 256 + 17} {
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
						if (g.impl.stitch == stitchVAES || g.impl.stitch == stitchVAES512) && done != n&^255 {
							t.Fatalf("%d bytes: the 256-byte chunks of %+v took %d", n, g.impl, done)
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

// TestCounterWrap runs counter mode from counter blocks whose last 32 bits
// are near 2³²-1, over long enough inputs to take the implementations'
// bulk paths across the wrap, and compares with counter blocks encrypted
// one at a time by the standard library's AES: GCM's inc32 wraps the low
// 32 bits and never carries into the nonce, as the standard library's GCM
// does. (With a 12-byte nonce the counter starts at 2, so Seal itself
// cannot reach the wrap; Wycheproof's vectors with longer nonces cover it
// through Seal.)
func TestCounterWrap(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		for _, ks := range []int{16, 32} {
			key := randBytes(r, ks)
			g, err := New(key, NonceSize, TagSize)
			if err != nil {
				t.Fatal(err)
			}
			std, _ := aes.NewCipher(key)
			for _, start := range []uint32{1<<32 - 1, 1<<32 - 2, 1<<32 - 7, 1<<32 - 17, 1<<32 - 100} {
				for _, n := range []int{16, 100, 256, 1000, 4096 + 5} {
					var ctr [16]byte
					copy(ctr[:12], randBytes(r, 12))
					ctr[11] = 0xff // a carry out of the low 32 bits would show
					binary.BigEndian.PutUint32(ctr[12:], start)
					first := ctr
					src := randBytes(r, n)
					got := make([]byte, n)
					aescore.CTR32(g.impl.aes, &g.key, &ctr, got, src)

					want := make([]byte, n)
					blk := first
					var stream [16]byte
					for i := 0; i < n; i += 16 {
						std.Encrypt(stream[:], blk[:])
						for j := i; j < min(i+16, n); j++ {
							want[j] = src[j] ^ stream[j-i]
						}
						binary.BigEndian.PutUint32(blk[12:], binary.BigEndian.Uint32(blk[12:])+1)
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("AES-%d from counter %#x, %d bytes: wrong key stream", 8*ks, start, n)
					}
					if ctr != blk {
						t.Fatalf("AES-%d from counter %#x, %d bytes: counter left at %x, want %x", 8*ks, start, n, ctr, blk)
					}
				}
			}
		}
	})
}
