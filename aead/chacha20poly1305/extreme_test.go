package chacha20poly1305

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xcrypto "golang.org/x/crypto/chacha20poly1305"
)

// TestAllOnesCiphertext seals plaintexts chosen so that the ciphertext is
// all ones (the keystream XOR 0xff), with additional data of all ones:
// every Poly1305 block is 2¹²⁹-1, which keeps the limbs of the
// accumulators at their largest in every Poly1305 path (the one-block
// code, the IFMA steps of short messages and of the merged kernels). Seal
// must match x/crypto's and Open must take its output back.
func TestAllOnesCiphertext(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		key := bytes.Repeat([]byte{0xa5}, KeySize)
		nonce := make([]byte, NonceSize)
		a, _ := New(key)
		x, _ := xcrypto.New(key)
		for _, n := range []int{16, 127, 128, 255, 256, 384, 511, 512, 640, 1008, 1024, 1025, 2048, 3072, 17408} {
			for _, adLen := range []int{0, 13, 40} {
				ctx := fmt.Sprintf("%d bytes, %d bytes of additional data", n, adLen)
				nonce[0]++
				ad := bytes.Repeat([]byte{0xff}, adLen)
				pt := x.Seal(nil, nonce, make([]byte, n), nil)[:n] // the keystream
				for i := range pt {
					pt[i] ^= 0xff
				}
				want := x.Seal(nil, nonce, pt, ad)
				if !bytes.Equal(want[:n], bytes.Repeat([]byte{0xff}, n)) {
					t.Fatalf("%s: the ciphertext is not all ones", ctx)
				}
				got := a.Seal(nil, nonce, pt, ad)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s: Seal gives tag %x, x/crypto %x", ctx, got[n:], want[n:])
				}
				out, err := a.Open(nil, nonce, want, ad)
				if err != nil || !bytes.Equal(out, pt) {
					t.Fatalf("%s: Open fails: %v", ctx, err)
				}
			}
		}
	})
}
