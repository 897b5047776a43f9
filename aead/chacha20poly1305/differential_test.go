package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xcrypto "golang.org/x/crypto/chacha20poly1305"
)

// The tests in this file compare the package with
// golang.org/x/crypto/chacha20poly1305, which uses assembly on amd64.

// variants are the two AEADs of both packages.
var variants = []struct {
	name      string
	new, xnew func([]byte) (cipher.AEAD, error)
	nonceSize int
}{
	{"ChaCha20-Poly1305", New, xcrypto.New, NonceSize},
	{"XChaCha20-Poly1305", NewX, xcrypto.NewX, NonceSizeX},
}

// differentialLengths are every length from 0 to 1024 bytes, the lengths
// around a few larger strides, the shortest lengths that reach the AVX-512
// kernel (Seal: 448 bytes before its first 1024-byte chunk) and lengths
// around its chunks and its AVX2 rest, around the 16 KiB pieces of the
// IFMA passes, and lengths for which the assembly is called more than once
// (every 64 KiB).
func differentialLengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	for _, n := range []int{256, 512, 1024, 1472, 1472 + 512, 2048, 2496, 4096, 16384, 16384 + 1024, 2*16384 + 1024, 448 + 65536, 65536} {
		ls = append(ls, n-1, n, n+1)
	}
	return append(ls, 65536+512+1, 2*65536+1536+7)
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestDifferential seals random plaintexts of every length, with random
// keys, nonces and additional data of random lengths, with both packages,
// and opens each result with both, intact and with one bit flipped.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 diff 01"))))
		for _, v := range variants {
			for _, n := range differentialLengths() {
				key, nonce := randBytes(r, KeySize), randBytes(r, v.nonceSize)
				pt, ad := randBytes(r, n), randBytes(r, []int{0, 1, 12, 16, 17, r.IntN(100)}[r.IntN(6)])
				ctx := fmt.Sprintf("%s, %d-byte plaintext, %d-byte additional data", v.name, n, len(ad))
				a, _ := v.new(key)
				x, _ := v.xnew(key)

				ct := a.Seal(nil, nonce, pt, ad)
				if want := x.Seal(nil, nonce, pt, ad); !bytes.Equal(ct, want) {
					t.Fatalf("%s: Seal gives\n%x\nx/crypto\n%x", ctx, ct, want)
				}
				if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: Open of the sealed message fails: %v", ctx, err)
				}

				bad := bytes.Clone(ct)
				bad[r.IntN(len(bad))] ^= byte(1 << r.IntN(8))
				got, err := a.Open(nil, nonce, bad, ad)
				want, xerr := x.Open(nil, nonce, bad, ad)
				if (err == nil) != (xerr == nil) || !bytes.Equal(got, want) {
					t.Fatalf("%s: Open of a tampered message gives %x, %v; x/crypto %x, %v", ctx, got, err, want, xerr)
				}
				if err == nil {
					t.Fatalf("%s: Open accepts a tampered message", ctx)
				}
			}
		}
	})
}

// FuzzOpen opens ciphertexts with both packages, for every implementation,
// and checks that Open never panics (the nonce has the right size) and
// accepts exactly what x/crypto accepts, with the same plaintext. The key
// and nonce are cut or zero-padded to size; x selects XChaCha20-Poly1305.
// If seal is set, data is first sealed with x/crypto and then bit flip of
// the result is flipped (none if flip is past the end), so that the fuzzer
// reaches both valid and nearly valid ciphertexts; otherwise data is opened
// as it is.
func FuzzOpen(f *testing.F) {
	for i, n := range []int{0, 1, 15, 16, 17, 63, 64, 65, 200, 600, 1100} {
		pt := make([]byte, n)
		for j := range pt {
			pt[j] = byte(j*7 + n)
		}
		x := i%2 == 1
		f.Add([]byte("the key"), []byte("nonce"), pt, []byte("ad"), x, true, uint32(1<<20))
		f.Add([]byte("the key"), []byte("nonce"), pt, []byte("ad"), x, true, uint32(8*n+3))
		f.Add([]byte("the key"), []byte("nonce"), pt, []byte(nil), x, false, uint32(0))
	}
	for _, tc := range knownAnswers {
		ct := append(unhex(tc.ciphertext), unhex(tc.tag)...)
		f.Add(unhex(tc.key), unhex(tc.nonce), ct, unhex(tc.aad), tc.x, false, uint32(0))
	}
	f.Fuzz(func(t *testing.T, key, nonce, data, ad []byte, x, seal bool, flip uint32) {
		name, nonce, a, xa := fuzzAEADs(t, key, nonce, x)
		ct := data
		if seal {
			ct = xa.Seal(nil, nonce, data, ad)
			if int(flip/8) < len(ct) {
				ct[flip/8] ^= 1 << (flip % 8)
			}
		}
		want, xerr := xa.Open(nil, nonce, ct, ad)
		cputest.ForEachImplementation(pkg, func(impl string) {
			var got []byte
			var err error
			if p := try(func() { got, err = a.Open(nil, nonce, ct, ad) }); p != nil {
				t.Fatalf("%s, %s: Open panicked: %v", name, impl, p)
			}
			if (err == nil) != (xerr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s, %s: Open gives %x, %v; x/crypto %x, %v", name, impl, got, err, want, xerr)
			}
			if err != nil && got != nil {
				t.Fatalf("%s, %s: a failed Open returned a plaintext", name, impl)
			}
			// In place, from a copy.
			buf := bytes.Clone(ct)
			got, err = a.Open(buf[:0], nonce, buf, ad)
			if (err == nil) != (xerr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s, %s: Open in place gives %x, %v; x/crypto %x, %v", name, impl, got, err, want, xerr)
			}
		})
	})
}

// FuzzSeal seals plaintexts with both packages, for every implementation,
// and checks that the results agree, in place too, and open. The seeds
// have the lengths at which the kernels change (the AVX-512 key kernels
// from 321 bytes, eight lanes to 512, chachaSealGroupsIFMA at 768, 896
// and 1024, the stitched kernels beyond), and those around them.
func FuzzSeal(f *testing.F) {
	for i, n := range []int{0, 1, 64, 320, 321, 512, 513, 767, 768, 896, 1023, 1024, 1025, 2048} {
		pt := make([]byte, n)
		for j := range pt {
			pt[j] = byte(j*5 + n)
		}
		f.Add([]byte("the key"), []byte("nonce"), pt, []byte("ad"), i%2 == 1)
		f.Add([]byte("the key"), []byte("nonce"), pt, []byte(nil), false)
	}
	f.Fuzz(func(t *testing.T, key, nonce, pt, ad []byte, x bool) {
		name, nonce, a, xa := fuzzAEADs(t, key, nonce, x)
		want := xa.Seal(nil, nonce, pt, ad)
		cputest.ForEachImplementation(pkg, func(impl string) {
			if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
				t.Fatalf("%s, %s, %d bytes: Seal gives %x; x/crypto %x", name, impl, len(pt), got, want)
			}
			buf := make([]byte, len(pt), len(pt)+Overhead)
			copy(buf, pt)
			if got := a.Seal(buf[:0], nonce, buf, ad); !bytes.Equal(got, want) {
				t.Fatalf("%s, %s, %d bytes: Seal in place gives %x; x/crypto %x", name, impl, len(pt), got, want)
			}
			if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%s, %s, %d bytes: Open of the sealed message fails: %v", name, impl, len(pt), err)
			}
		})
	})
}

// fuzzAEADs returns, for a fuzz target, the name of the variant that x
// selects (XChaCha20-Poly1305 if set), the nonce cut or zero-padded to its
// size, and the AEADs of both packages under the key, cut or padded too.
func fuzzAEADs(t *testing.T, key, nonce []byte, x bool) (name string, n []byte, a, xa cipher.AEAD) {
	v := variants[0]
	if x {
		v = variants[1]
	}
	key = fit(key, KeySize)
	a, err := v.new(key)
	if err != nil {
		t.Fatal(err)
	}
	xa, err = v.xnew(key)
	if err != nil {
		t.Fatal(err)
	}
	return v.name, fit(nonce, v.nonceSize), a, xa
}

// fit cuts b to n bytes or pads it with zeros.
func fit(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}
