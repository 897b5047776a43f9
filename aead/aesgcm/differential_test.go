package aesgcm

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// The tests in this file compare the package with the standard library's
// AES-GCM (crypto/cipher.NewGCM over crypto/aes), with 16-byte tags only:
// Go 1.26.8's GCM mishandles shorter tags (golang/go#80288), so the
// specification's and Wycheproof's vectors test those.

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// differentialLengths are every plaintext length from 0 to 1024 bytes, and
// the lengths around 4 KiB and 16 KiB.
func differentialLengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	return append(ls, 4095, 4096, 4097, 16383, 16384, 16385)
}

// TestDifferential seals random plaintexts of every length with random
// keys of the three sizes, nonces and additional data (of 0 to 40 bytes,
// cycling with the plaintext length, and every length up to 300 bytes with
// a few plaintext lengths), with both packages, and opens each result with
// ours, intact and with one bit flipped.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton aes-gcm differential 001"))))
		check := func(n, adLen int) {
			key := randBytes(r, []int{16, 24, 32}[r.IntN(3)])
			nonce, pt, ad := randBytes(r, NonceSize), randBytes(r, n), randBytes(r, adLen)
			ctx := fmt.Sprintf("AES-%d, %d-byte plaintext, %d-byte additional data", 8*len(key), n, adLen)
			a, err := New(key)
			if err != nil {
				t.Fatal(err)
			}
			ct := a.Seal(nil, nonce, pt, ad)
			if want := stdlibGCM(key).Seal(nil, nonce, pt, ad); !bytes.Equal(ct, want) {
				t.Fatalf("%s: Seal gives\n%x\nthe standard library\n%x", ctx, ct, want)
			}
			if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%s: Open of the sealed message fails: %v", ctx, err)
			}
			bad := bytes.Clone(ct)
			bad[r.IntN(len(bad))] ^= byte(1 << r.IntN(8))
			if got, err := a.Open(nil, nonce, bad, ad); err == nil || got != nil {
				t.Fatalf("%s: Open accepts a tampered message", ctx)
			}
		}
		for _, n := range differentialLengths() {
			check(n, n%41)
		}
		// Every additional data length up to 300 bytes, with plaintexts
		// around the short-message path's limits (240 bytes of plaintext,
		// 64 of additional data) and the stitched kernels' chunks.
		for adLen := 0; adLen <= 300; adLen++ {
			for _, n := range []int{0, 1, 16, 17, 127, 128, 129, 239, 240, 241, 255, 256, 257} {
				check(n, adLen)
			}
		}
	})
}

// TestInPlace seals and opens in place, with dst = plaintext[:0] and
// ciphertext[:0], at lengths around the strides of the implementations,
// and compares with separate buffers.
func TestInPlace(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		key := randBytes(r, 16)
		a, _ := New(key)
		for _, n := range []int{0, 1, 15, 16, 17, 127, 128, 129, 255, 256, 257, 1024, 4097} {
			nonce, pt, ad := randBytes(r, NonceSize), randBytes(r, n), randBytes(r, 7)
			want := a.Seal(nil, nonce, pt, ad)
			buf := make([]byte, n, n+TagSize)
			copy(buf, pt)
			got := a.Seal(buf[:0], nonce, buf, ad)
			if !bytes.Equal(got, want) || &got[0] != &buf[:1][0] {
				t.Fatalf("%d bytes: Seal in place gives %x, want %x", n, got, want)
			}
			opened, err := a.Open(got[:0], nonce, got, ad)
			if err != nil || !bytes.Equal(opened, pt) {
				t.Fatalf("%d bytes: Open in place gives %x, %v", n, opened, err)
			}
		}
	})
}

// TestTamperEveryBit flips every bit of the ciphertext, tag, additional
// data and nonce of short messages, one at a time: Open must reject each,
// return nil and leave the destination untouched.
func TestTamperEveryBit(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for _, ts := range []int{12, 16} {
			a, _ := NewWithTagSize(randBytes(r, 32), ts)
			for _, n := range []int{0, 1, 15, 16, 17, 33} {
				nonce, pt, ad := randBytes(r, NonceSize), randBytes(r, n), randBytes(r, 5)
				ct := a.Seal(nil, nonce, pt, ad)
				dst := make([]byte, 0, n)
				for _, buf := range [][]byte{ct, ad, nonce} {
					for i := 0; i < 8*len(buf); i++ {
						buf[i/8] ^= 1 << (i % 8)
						got, err := a.Open(dst, nonce, ct, ad)
						if err == nil || got != nil {
							t.Fatalf("tag %d, %d bytes: Open accepts a flipped bit %d", ts, n, i)
						}
						if d := dst[:n]; !bytes.Equal(d, make([]byte, n)) {
							t.Fatalf("tag %d, %d bytes: a rejected Open wrote %x", ts, n, d)
						}
						buf[i/8] ^= 1 << (i % 8)
					}
				}
				if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("tag %d, %d bytes: Open fails after the flips are undone", ts, n)
				}
			}
		}
	})
}

// TestAllocations checks that Seal and Open into a destination with room
// do not allocate, on every implementation.
func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, f := range []func([]byte) (cipher.AEAD, error){New, NewRandomNonce} {
			a, _ := f(make([]byte, 16))
			nonce := make([]byte, a.NonceSize())
			pt, ad := make([]byte, 1000), make([]byte, 13)
			out := make([]byte, 0, len(pt)+a.Overhead())
			ct := a.Seal(nil, nonce, pt, ad)
			if n := testing.AllocsPerRun(10, func() { out = a.Seal(out[:0], nonce, pt, ad) }); n != 0 {
				t.Errorf("%T: Seal allocates %v times", a, n)
			}
			if n := testing.AllocsPerRun(10, func() {
				if _, err := a.Open(out[:0], nonce, ct, ad); err != nil {
					t.Fatal(err)
				}
			}); n != 0 {
				t.Errorf("%T: Open allocates %v times", a, n)
			}
		}
	})
}

// TestOpenFailureLeavesNoPlaintext opens tampered ciphertexts long enough
// for the stitched kernels, which decrypt while they authenticate, into a
// destination with room and in place: Open must return nil and leave no
// plaintext anywhere in the destination (zeros where it wrote, the
// sentinel elsewhere).
func TestOpenFailureLeavesNoPlaintext(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		a, _ := New(randBytes(r, 16))
		for _, n := range []int{255, 256, 257, 512, 4096, 4097 + 300} {
			nonce, pt, ad := randBytes(r, NonceSize), randBytes(r, n), randBytes(r, 3)
			ct := a.Seal(nil, nonce, pt, ad)
			for _, where := range []int{0, n / 2, n - 1, len(ct) - 1} {
				bad := bytes.Clone(ct)
				bad[where] ^= 0x10
				dst := bytes.Repeat([]byte{0xa5}, n+32)
				got, err := a.Open(dst[:0], nonce, bad, ad)
				if err == nil || got != nil {
					t.Fatalf("%d bytes, flipped byte %d: Open accepts", n, where)
				}
				for i, b := range dst {
					if b != 0 && b != 0xa5 {
						t.Fatalf("%d bytes, flipped byte %d: byte %d of dst is %#x after a failed Open", n, where, i, b)
					}
				}
				if bytes.Contains(dst, pt[:16]) {
					t.Fatalf("%d bytes, flipped byte %d: plaintext left in dst", n, where)
				}
				// In place: the buffer must hold no plaintext either.
				inPlace := bytes.Clone(bad)
				if got, err := a.Open(inPlace[:0], nonce, inPlace, ad); err == nil || got != nil {
					t.Fatalf("%d bytes, flipped byte %d: Open in place accepts", n, where)
				}
				if bytes.Contains(inPlace, pt[:16]) {
					t.Fatalf("%d bytes, flipped byte %d: plaintext left after a failed Open in place", n, where)
				}
			}
		}
	})
}
