//go:build gc && !purego

package chacha20poly1305

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/cpufeat"
)

// rowsKernels are chachaRowsAVX2 and chachaRowsAVX512, with whether this
// CPU can run them.
var rowsKernels = []struct {
	name string
	f    func(state *[16]uint32, ctr uint32, key *[32]byte, dst, src []byte, ks *[64]byte)
	ok   bool
	lack string
}{
	{"AVX2", chachaRowsAVX2, cpufeat.HasAVX2, "AVX2"},
	{"AVX512", chachaRowsAVX512, cpufeat.HasAVX2 && cpufeat.HasAVX512VL, "AVX2 or AVX-512VL"},
}

// TestKernelRows compares chachaRowsAVX2 and chachaRowsAVX512 with the
// package chacha20: the key block, the whole blocks XORed, and the
// keystream block after them, for every number of blocks up to 20,
// counters near the ends of the 32-bit range, in place and not, and checks
// that they write nothing else.
func TestKernelRows(t *testing.T) {
	for _, k := range rowsKernels {
		t.Run(k.name, func(t *testing.T) {
			if !k.ok {
				t.Skip("the CPU lacks " + k.lack)
			}
			testKernelRows(t, k.f)
		})
	}
}

func testKernelRows(t *testing.T, rows func(state *[16]uint32, ctr uint32, key *[32]byte, dst, src []byte, ks *[64]byte)) {
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 rows!!!"))))
	keystream := func(key *[KeySize]byte, nonce *[NonceSize]byte, counter uint32, n int) []byte {
		s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
		if counter > 0 {
			s.SetCounter(counter)
		}
		out := make([]byte, n)
		s.XORKeyStream(out, out)
		return out
	}
	for _, keyCounter := range []uint32{0, 5, 1<<32 - 1} {
		for _, ctr := range []uint32{1, 2, 9, 1<<31 - 3, 1<<32 - 21} {
			for blocks := 0; blocks <= 20; blocks++ {
				for _, inPlace := range []bool{false, true} {
					key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
					src := randBytes(r, 64*blocks+r.IntN(2)*(1+r.IntN(63)))
					whole := src[:64*blocks]
					want := keystream(&key, &nonce, ctr, 64*(blocks+1))
					for i := range whole {
						want[i] ^= whole[i]
					}
					wantKey := keystream(&key, &nonce, keyCounter, 32)

					// dst with a margin on both sides, which must stay untouched.
					buf := randBytes(r, len(src)+128)
					dst := buf[64 : 64+len(src)]
					if inPlace {
						copy(dst, src)
						src = dst
					}
					bufCopy := bytes.Clone(buf)
					state := initState(&key, &nonce, keyCounter)
					stateCopy := state
					var gotKey [32]byte
					var ks [64]byte
					rows(&state, ctr, &gotKey, dst, src, &ks)
					if state != stateCopy {
						t.Fatal("state changed")
					}
					if !bytes.Equal(gotKey[:], wantKey) {
						t.Fatalf("key %d ctr %d blocks %d: key block mismatch", keyCounter, ctr, blocks)
					}
					if !bytes.Equal(dst[:64*blocks], want[:64*blocks]) {
						t.Fatalf("key %d ctr %d blocks %d in place %v: output mismatch", keyCounter, ctr, blocks, inPlace)
					}
					if len(src) == 64*blocks {
						if ks != [64]byte{} {
							t.Fatalf("blocks %d: ks written with no partial block", blocks)
						}
					} else if !bytes.Equal(ks[:], want[64*blocks:]) {
						t.Fatalf("key %d ctr %d blocks %d: tail keystream mismatch", keyCounter, ctr, blocks)
					}
					if !bytes.Equal(buf[:64], bufCopy[:64]) || !bytes.Equal(buf[64+64*blocks:], bufCopy[64+64*blocks:]) {
						t.Fatalf("blocks %d: wrote outside the whole blocks of dst", blocks)
					}
				}
			}
		}
	}
}

func BenchmarkKernelRows(b *testing.B) {
	for _, k := range rowsKernels {
		if !k.ok {
			continue
		}
		for _, n := range []int{0, 64, 256, 448} {
			b.Run(k.name+"/"+strconv.Itoa(n), func(b *testing.B) {
				var key [KeySize]byte
				var nonce [NonceSize]byte
				state := initState(&key, &nonce, 0)
				buf := make([]byte, n)
				var kb [32]byte
				var ks [64]byte
				for b.Loop() {
					k.f(&state, 1, &kb, buf, buf, &ks)
				}
			})
		}
	}
}
