package aesgcmsiv

import (
	"bytes"
	"math/rand/v2"
	"runtime/debug"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestGuardPages seals and opens messages whose plaintext, additional data
// and ciphertext end right before, or start right after, an unreadable
// page, on every implementation, at lengths around the kernels' chunks
// (128, 256 and 512 bytes) and thresholds (the 512-bit stitched Open from
// 2.5 KiB, POLYVAL alone of 2 KiB of additional data), so that a kernel
// reading or writing beyond its buffers crashes the test.
func TestGuardPages(t *testing.T) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton aes-gcm-siv guard pages!"))))
		for _, ks := range []int{16, 32} {
			a := mustNew(t, randBytes(r, ks))
			nonce := randBytes(r, NonceSize)
			for _, n := range []int{0, 1, 15, 16, 127, 128, 255, 256, 257, 511, 512, 1024, 2560, 2575, 3072, 4096} {
				pt := randBytes(r, n)
				for _, adLen := range []int{0, 13, 2048} {
					ptEnd, ptStart := cryptotest.GuardedBytes(t, n)
					copy(ptEnd, pt)
					copy(ptStart, pt)
					adEnd, adStart := cryptotest.GuardedBytes(t, adLen)
					ctEnd, ctStart := cryptotest.GuardedBytes(t, n+TagSize)
					for _, c := range []struct{ pt, ad, ct []byte }{
						{ptEnd, adEnd, ctEnd}, {ptStart, adStart, ctStart},
					} {
						want := a.Seal(nil, nonce, pt, c.ad)
						got := a.Seal(c.ct[:0], nonce, c.pt, c.ad)
						if !bytes.Equal(got, want) {
							t.Fatalf("AES-%d, %d bytes, %d bytes of additional data: Seal next to guard pages differs", 8*ks, n, adLen)
						}
						out, err := a.Open(c.pt[:0], nonce, c.ct, c.ad)
						if err != nil || !bytes.Equal(out, pt) {
							t.Fatalf("AES-%d, %d bytes, %d bytes of additional data: Open next to guard pages fails: %v", 8*ks, n, adLen, err)
						}
					}
				}
			}
		}
	})
}
