package chacha20poly1305

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xcrypto "golang.org/x/crypto/chacha20poly1305"
)

// The tests in this file aim at the short-message code (one call of
// chachaRowsAVX2 for the key and the keystream, one of polyFinishMULX for
// the tag, under 512 bytes) and at the ends of longer messages, which use
// the same functions after the 512-byte chunks.

// TestShortGrid seals and opens, with both packages, every plaintext length
// from 0 to 1100 bytes with every additional data length from 0 to 40
// (random contents), out of place and in place, and opens a tampered copy,
// which must fail and leave no plaintext in dst or in place.
func TestShortGrid(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 short01"))))
		key, nonce := randBytes(r, KeySize), randBytes(r, NonceSize)
		a, _ := New(key)
		x, _ := xcrypto.New(key)
		ptAll, adAll := randBytes(r, 1100), randBytes(r, 40)
		buf := make([]byte, 1100+Overhead)
		dst := make([]byte, 1100+Overhead)
		wantBuf := make([]byte, 1100+Overhead)
		for n := 0; n <= 1100; n++ {
			for adLen := 0; adLen <= 40; adLen++ {
				// Fresh contents at each length, cheaply.
				ptAll[r.IntN(1100)] ^= byte(r.Uint32())
				adAll[r.IntN(40)] ^= byte(r.Uint32())
				nonce[r.IntN(NonceSize)]++
				pt, ad := ptAll[:n], adAll[:adLen]
				ctx := fmt.Sprintf("%d-byte plaintext, %d-byte additional data", n, adLen)

				want := x.Seal(wantBuf[:0], nonce, pt, ad)
				copy(buf, pt)
				ct := a.Seal(buf[:0], nonce, buf[:n], ad)
				if !bytes.Equal(ct, want) {
					t.Fatalf("%s: Seal in place gives\n%x\nx/crypto\n%x", ctx, ct, want)
				}
				if adLen%8 == 5 {
					got := a.Seal(make([]byte, 3, 3+n+Overhead), nonce, pt, ad)
					if !bytes.Equal(got[3:], want) {
						t.Fatalf("%s: Seal gives\n%x\nx/crypto\n%x", ctx, got[3:], want)
					}
					out, err := a.Open(make([]byte, 2, 2+n), nonce, want, ad)
					if err != nil || !bytes.Equal(out[2:], pt) {
						t.Fatalf("%s: Open fails: %v", ctx, err)
					}
				}

				// Tampered, out of place: nothing left in dst.
				bit := r.IntN(8 * len(ct))
				ct[bit/8] ^= 1 << (bit % 8)
				clear(dst)
				if out, err := a.Open(dst[:0], nonce, ct, ad); err == nil || out != nil {
					t.Fatalf("%s: Open accepts bit %d flipped", ctx, bit)
				}
				if !bytes.Equal(dst, make([]byte, len(dst))) {
					t.Fatalf("%s: Open of a tampered message leaves bytes in dst", ctx)
				}
				// Tampered, in place: no plaintext left over the ciphertext.
				if _, err := a.Open(ct[:0], nonce, ct, ad); err == nil {
					t.Fatalf("%s: Open in place accepts bit %d flipped", ctx, bit)
				}
				if n >= 8 && bytes.Contains(buf[:n], pt[:8]) {
					t.Fatalf("%s: Open in place of a tampered message leaves plaintext", ctx)
				}
				ct[bit/8] ^= 1 << (bit % 8)
				copy(ct, want)

				got, err := a.Open(ct[:0], nonce, ct, ad)
				if err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: Open in place fails: %v", ctx, err)
				}
			}
		}
	})
}

// TestShortGuardPages seals and opens short messages, and the ends of
// longer ones, whose plaintext, additional data, ciphertext or output end
// right before an unreadable page, or start right after one.
func TestShortGuardPages(t *testing.T) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var lengths []int
	for n := 0; n <= 130; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range []int{191, 192, 193, 255, 256, 257, 383, 384, 385, 447, 448, 449, 510, 511, 575, 576, 577, 1023, 1025, 1100} {
		lengths = append(lengths, n)
	}
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 guard02"))))
		a, _ := New(randBytes(r, KeySize))
		nonce := randBytes(r, NonceSize)
		for _, n := range lengths {
			pt := randBytes(r, n)
			for _, adLen := range []int{0, 1, 13, 16, 31} {
				ad := randBytes(r, adLen)
				want := a.Seal(nil, nonce, pt, ad)
				ptEnd, ptStart := cryptotest.GuardedBytes(t, n)
				adEnd, adStart := cryptotest.GuardedBytes(t, adLen)
				ctEnd, ctStart := cryptotest.GuardedBytes(t, n+Overhead)
				outEnd, outStart := cryptotest.GuardedBytes(t, n)
				for _, c := range []struct{ pt, ad, ct, out []byte }{
					{ptEnd, adEnd, ctEnd, outEnd}, {ptStart, adStart, ctStart, outStart},
				} {
					copy(c.pt, pt)
					copy(c.ad, ad)
					if got := a.Seal(c.ct[:0], nonce, c.pt, c.ad); !bytes.Equal(got, want) {
						t.Fatalf("%d bytes, %d bytes of additional data: Seal next to guard pages differs", n, adLen)
					}
					out, err := a.Open(c.out[:0], nonce, c.ct, c.ad)
					if err != nil || !bytes.Equal(out, pt) {
						t.Fatalf("%d bytes, %d bytes of additional data: Open next to guard pages fails: %v", n, adLen, err)
					}
					// In place, with the tag right before the page.
					out, err = a.Open(c.ct[:0], nonce, c.ct, c.ad)
					if err != nil || !bytes.Equal(out, pt) {
						t.Fatalf("%d bytes, %d bytes of additional data: Open in place next to guard pages fails: %v", n, adLen, err)
					}
				}
			}
		}
	})
}

// TestShortAllocations checks that Seal and Open of short messages, out of
// place and in place, allocate nothing.
func TestShortAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		a, _ := New(make([]byte, KeySize))
		nonce, ad := make([]byte, NonceSize), make([]byte, 13)
		for _, n := range []int{0, 13, 64, 300} {
			pt := make([]byte, n)
			ct := make([]byte, 0, n+Overhead)
			out := make([]byte, 0, n)
			if allocs := testing.AllocsPerRun(10, func() {
				ct = a.Seal(ct[:0], nonce, pt, ad)
				out, _ = a.Open(out[:0], nonce, ct, ad)
				buf := ct[:n]
				buf = a.Seal(buf[:0], nonce, buf, ad)
				a.Open(buf[:0], nonce, buf, ad)
			}); allocs != 0 {
				t.Errorf("%d bytes: %v allocations, want 0", n, allocs)
			}
		}
	})
}
