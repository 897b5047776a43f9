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

// The tests in this file aim at the implementations that process messages
// in chunks (512 bytes for AVX2+MULX), comparing them with x/crypto around
// the chunk boundaries, in place and next to unreadable pages.

// strideLengths are the plaintext lengths around the strides of the
// implementations: ChaCha20 blocks of 64 bytes, groups of four and eight
// blocks, and chunks of one to eight groups.
func strideLengths() []int {
	var ls []int
	for _, n := range []int{64, 256, 512, 1024, 1536, 2048, 4096} {
		ls = append(ls, n-1, n, n+1)
	}
	return append(ls, 4096+511, 4096+513, 8192+16*7+5)
}

// TestStrides seals and opens, with both packages, plaintexts around the
// strides with additional data of every length from 0 to 80 bytes, out of
// place and in place.
func TestStrides(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 stride1"))))
		for _, v := range variants {
			for _, n := range strideLengths() {
				for adLen := 0; adLen <= 80; adLen++ {
					key, nonce := randBytes(r, KeySize), randBytes(r, v.nonceSize)
					pt, ad := randBytes(r, n), randBytes(r, adLen)
					ctx := fmt.Sprintf("%s, %d-byte plaintext, %d-byte additional data", v.name, n, adLen)
					a, _ := v.new(key)
					x, _ := v.xnew(key)

					want := x.Seal(nil, nonce, pt, ad)
					// In place, with room for the tag.
					buf := make([]byte, n, n+Overhead)
					copy(buf, pt)
					ct := a.Seal(buf[:0], nonce, buf, ad)
					if !bytes.Equal(ct, want) {
						t.Fatalf("%s: Seal in place gives\n%x\nx/crypto\n%x", ctx, ct, want)
					}
					if adLen%16 == 3 {
						if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
							t.Fatalf("%s: Seal gives\n%x\nx/crypto\n%x", ctx, got, want)
						}
						got, err := a.Open(nil, nonce, want, ad)
						if err != nil || !bytes.Equal(got, pt) {
							t.Fatalf("%s: Open fails: %v", ctx, err)
						}
					}
					got, err := a.Open(ct[:0], nonce, ct, ad)
					if err != nil || !bytes.Equal(got, pt) {
						t.Fatalf("%s: Open in place fails: %v", ctx, err)
					}
				}
			}
		}
	})
}

// TestTamperedNoPlaintext flips each bit of the tag, and bits of the
// ciphertext and additional data at the chunk boundaries, and checks that
// Open fails and leaves no plaintext, neither in the result nor in dst.
func TestTamperedNoPlaintext(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 tamper1"))))
		for _, n := range []int{1, 511, 512, 513, 1024, 1025, 3000} {
			a, _ := New(randBytes(r, KeySize))
			nonce, ad := randBytes(r, NonceSize), randBytes(r, 13)
			// A plaintext of 'p' bytes, which keystream bytes are unlikely
			// to be in long runs.
			pt := bytes.Repeat([]byte{'p'}, n)
			sealed := a.Seal(nil, nonce, pt, ad)
			flips := []int{0, 8*n - 1, 8 * (n / 2), 8 * 511, 8 * 512}
			for i := 0; i < 8*Overhead; i++ {
				flips = append(flips, 8*n+i)
			}
			for _, f := range flips {
				if f < 0 || f >= 8*len(sealed) {
					continue
				}
				bad := bytes.Clone(sealed)
				bad[f/8] ^= 1 << (f % 8)
				dst := make([]byte, 0, n)
				if got, err := a.Open(dst, nonce, bad, ad); err == nil || got != nil {
					t.Fatalf("%d bytes, bit %d flipped: Open accepts it", n, f)
				}
				if bytes.Contains(dst[:n], []byte("pppp")) {
					t.Fatalf("%d bytes, bit %d flipped: plaintext left in dst", n, f)
				}
				if _, err := a.Open(bad[:0], nonce, bad, ad); err == nil {
					t.Fatalf("%d bytes, bit %d flipped: Open in place accepts it", n, f)
				}
				if bytes.Contains(bad[:n], []byte("pppp")) {
					t.Fatalf("%d bytes, bit %d flipped: plaintext left in place", n, f)
				}
			}
			badAD := bytes.Clone(ad)
			badAD[12] ^= 0x80
			if _, err := a.Open(nil, nonce, sealed, badAD); err == nil {
				t.Fatalf("%d bytes: Open accepts altered additional data", n)
			}
		}
	})
}

// TestGuardPages seals and opens messages that end right before, or start
// right after, an unreadable page, so that an implementation reading or
// writing beyond its buffers crashes the test.
func TestGuardPages(t *testing.T) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 guard01"))))
		a, _ := New(randBytes(r, KeySize))
		nonce := randBytes(r, NonceSize)
		for _, n := range []int{0, 1, 63, 64, 511, 512, 513, 1024, 1040, 2047, 4096} {
			pt := randBytes(r, n)
			for _, adLen := range []int{0, 13, 16, 33} {
				ptEnd, ptStart := cryptotest.GuardedBytes(t, n)
				copy(ptEnd, pt)
				copy(ptStart, pt)
				adEnd, adStart := cryptotest.GuardedBytes(t, adLen)
				ctEnd, ctStart := cryptotest.GuardedBytes(t, n+Overhead)
				for _, c := range []struct{ pt, ad, ct []byte }{
					{ptEnd, adEnd, ctEnd}, {ptStart, adStart, ctStart},
				} {
					want := a.Seal(nil, nonce, pt, c.ad)
					got := a.Seal(c.ct[:0], nonce, c.pt, c.ad)
					if !bytes.Equal(got, want) {
						t.Fatalf("%d bytes, %d bytes of additional data: Seal next to guard pages differs", n, adLen)
					}
					out, err := a.Open(c.pt[:0], nonce, c.ct, c.ad)
					if err != nil || !bytes.Equal(out, pt) {
						t.Fatalf("%d bytes, %d bytes of additional data: Open next to guard pages fails: %v", n, adLen, err)
					}
				}
			}
		}
	})
}

// sealPathLengths are the plaintext lengths at which the AVX2+MULX Seal
// changes paths, and one either side: the first chunk of 448 bytes after
// the key block, then whole 512-byte chunks, then a rest that is empty, at
// most two blocks (stitched with the Poly1305 of the last chunk) or longer;
// and the same across the 64 KiB pieces of the chunk loop.
func sealPathLengths() []int {
	var ls []int
	for _, base := range []int{448, 448 + 512, 448 + 2*512, 448 + 3*512, 448 + 128*512, 448 + 256*512} {
		for _, rest := range []int{0, 1, 63, 64, 65, 127, 128, 129, 130, 511} {
			ls = append(ls, base+rest)
		}
		ls = append(ls, base-1)
	}
	return ls
}

// TestSealPaths seals and opens, with both packages, plaintexts at each
// length of sealPathLengths with additional data of random lengths, out of
// place and in place.
func TestSealPaths(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 paths!!"))))
		for _, n := range sealPathLengths() {
			for i := 0; i < 4; i++ {
				adLen := []int{0, 13, 16, 1 + r.IntN(70)}[i]
				key, nonce := randBytes(r, KeySize), randBytes(r, NonceSize)
				pt, ad := randBytes(r, n), randBytes(r, adLen)
				ctx := fmt.Sprintf("%d-byte plaintext, %d-byte additional data", n, adLen)
				a, _ := New(key)
				x, _ := xcrypto.New(key)
				want := x.Seal(nil, nonce, pt, ad)
				if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
					t.Fatalf("%s: Seal differs from x/crypto", ctx)
				}
				buf := make([]byte, n, n+Overhead)
				copy(buf, pt)
				ct := a.Seal(buf[:0], nonce, buf, ad)
				if !bytes.Equal(ct, want) {
					t.Fatalf("%s: Seal in place differs from x/crypto", ctx)
				}
				got, err := a.Open(nil, nonce, want, ad)
				if err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: Open fails: %v", ctx, err)
				}
				if got, err := a.Open(ct[:0], nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: Open in place fails: %v", ctx, err)
				}
			}
		}
	})
}
