//go:build gc && !purego

package aescore

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestImplARMv8 checks the entry points of the modes with ImplARMv8,
// which the selection of package aes does not reach: EncryptBlocksWith
// against crypto/aes at every block count up to 40 and around the 4- and
// 8-block strides, and CTR32 against crypto/cipher's CTR at every length
// up to 300 bytes, from counters just below the 32-bit wrap, on keys made
// both ways (Init with the ARMv8 code selected, InitGeneric).
func TestImplARMv8(t *testing.T) {
	if !cpufeat.Available(pkg, "ARMv8-AES") {
		t.Skipf("ARMv8-AES implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	r := rand.New(rand.NewPCG(21, 22))
	rnd := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	for _, size := range []int{16, 24, 32} {
		for _, generic := range []bool{false, true} {
			key := rnd(size)
			var k Key
			if generic {
				k.InitGeneric(key)
			} else {
				k.Init(key)
			}
			std, _ := aes.NewCipher(key)
			for n := 0; n <= 40; n++ {
				src := rnd(16 * n)
				want := make([]byte, len(src))
				for i := 0; i < len(src); i += 16 {
					std.Encrypt(want[i:], src[i:])
				}
				got := make([]byte, len(src)+16)
				EncryptBlocksWith(ImplARMv8, &k, got, src)
				if !bytes.Equal(got[:len(src)], want) || !bytes.Equal(got[len(src):], make([]byte, 16)) {
					t.Fatalf("AES-%d (generic key %v): EncryptBlocksWith of %d blocks differs from crypto/aes", 8*size, generic, n)
				}
			}
			for _, start := range []uint32{2, 1<<32 - 1, 1<<32 - 5} {
				for n := 0; n <= 300; n++ {
					var ctr [16]byte
					copy(ctr[:12], rnd(12))
					binary.BigEndian.PutUint32(ctr[12:], start)
					src := rnd(n)
					// crypto/cipher's CTR increments all 128 bits; the
					// reference reruns it from each wrap with the top 96
					// bits kept, as inc32 does.
					want := make([]byte, n)
					iv := ctr
					for off := 0; off < n; {
						c := binary.BigEndian.Uint32(iv[12:])
						m := min(n-off, int(1<<32-uint64(c))*16)
						cipher.NewCTR(std, iv[:]).XORKeyStream(want[off:off+m], src[off:off+m])
						off += m
						binary.BigEndian.PutUint32(iv[12:], 0)
					}
					got := make([]byte, n)
					c := ctr
					CTR32(ImplARMv8, &k, &c, got, src)
					if !bytes.Equal(got, want) {
						t.Fatalf("AES-%d (generic key %v): CTR32 of %d bytes from %#x differs", 8*size, generic, n, start)
					}
					wantNext := start + uint32((n+15)/16)
					if !bytes.Equal(c[:12], ctr[:12]) || binary.BigEndian.Uint32(c[12:]) != wantNext {
						t.Fatalf("CTR32 of %d bytes from %#x left counter %x", n, start, c)
					}
				}
			}
		}
	}
}
