package ecdh

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestX448Iterated runs the iterated test of RFC 7748, Section 5.2: k and u
// start as the base point 5, and each iteration sets k, u = X448(k, u), k.
// It checks the results after 1 and 1,000 iterations, and after 1,000,000
// iterations (many minutes per implementation) only when the environment
// variable CRYPTON_LONG_TESTS is 1. It calls the X448 function directly,
// without computing a public key for every new scalar.
func TestX448Iterated(t *testing.T) {
	want := map[int]string{
		1:       "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113",
		1000:    "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38",
		1000000: "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37",
	}
	long := os.Getenv("CRYPTON_LONG_TESTS") == "1"
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		last := longIterations(t, "gf448", long)
		k := make([]byte, 56)
		k[0] = 5
		u := bytes.Clone(k)
		for i := 1; i <= last; i++ {
			out := make([]byte, 56)
			x448Scalar(out, k, (*[56]byte)(u))
			k, u = out, k
			if w, ok := want[i]; ok {
				if got := hex.EncodeToString(k); got != w {
					t.Fatalf("after %d iterations: %s, want %s", i, got, w)
				}
			}
		}
	})
}

// TestX448BaseMult pins the key generation on edwards448 to the ladder:
// x448BaseMult(k) = X448(k, 5) for random keys and keys at the edges of
// the clamped range.
func TestX448BaseMult(t *testing.T) {
	r := rand.New(rand.NewPCG(448, 5))
	var keys [][]byte
	for _, b := range []byte{0, 0xff, 0x80, 0x7f, 0x01} {
		keys = append(keys, bytes.Repeat([]byte{b}, 56))
	}
	for range 100 {
		k := make([]byte, 56)
		for i := range k {
			k[i] = byte(r.Uint32())
		}
		keys = append(keys, k)
	}
	five := [56]byte{5}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		for _, k := range keys {
			got := make([]byte, 56)
			want := make([]byte, 56)
			x448BaseMult(got, k)
			x448Scalar(want, k, &five)
			if !bytes.Equal(got, want) {
				t.Fatalf("public key of %x: %x, ladder %x", k, got, want)
			}
		}
	})
}
