package secretbox

import (
	"bytes"
	"crypto/cipher"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xsecretbox "golang.org/x/crypto/nacl/secretbox"
)

// pkg is the name the keystream implementations register under.
const pkg = "salsa20"

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNaCl checks the vector of NaCl's tests/secretbox.c and
// secretbox2.c: "firstkey", the test nonce and the 131-byte message give
// the box below (NaCl's output without its 16 leading zero bytes). It also
// checks x/crypto's own known answer.
func TestNaCl(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		key := [32]byte(unhex(t, "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389"))
		nonce := [24]byte(unhex(t, "69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37"))
		msg := unhex(t, `
			be075fc53c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffc
			e5ecbaaf33bd751a1ac728d45e6c61296cdc3c01233561f41db66cce314adb31
			0e3be8250c46f06dceea3a7fa1348057e2f6556ad6b1318a024a838f21af1fde
			048977eb48f59ffd4924ca1c60902e52f0a089bc76897040e082f93776384864
			5e0705`)
		box := unhex(t, `
			f3ffc7703f9400e52a7dfb4b3d3305d9
			8e993b9f48681273c29650ba32fc76ce48332ea7164d96a4476fb8c531a1186a
			c0dfc17c98dce87b4da7f011ec48c97271d2c20f9b928fe2270d6fb863d51738
			b48eeee314a7cc8ab932164548e526ae90224368517acfeabd6bb3732bc0e9da
			99832b61ca01b6de56244a9e88d5f9b37973f622a43d14a6599b1f654cb45a74
			e355a5`)
		if got := Seal(nil, msg, &nonce, &key); !bytes.Equal(got, box) {
			t.Errorf("Seal = %x, want %x", got, box)
		}
		if got, ok := Open(nil, box, &nonce, &key); !ok || !bytes.Equal(got, msg) {
			t.Errorf("Open = %x, %v, want %x, true", got, ok, msg)
		}
		a, err := NewXSalsa20Poly1305(key[:])
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Seal(nil, nonce[:], msg, nil); !bytes.Equal(got, box) {
			t.Errorf("AEAD Seal = %x, want %x", got, box)
		}
		if got, err := a.Open(nil, nonce[:], box, nil); err != nil || !bytes.Equal(got, msg) {
			t.Errorf("AEAD Open = %x, %v, want %x", got, err, msg)
		}

		// x/crypto's test: key of ones, nonce of twos, 64 bytes of threes.
		key = [32]byte(bytes.Repeat([]byte{1}, 32))
		nonce = [24]byte(bytes.Repeat([]byte{2}, 24))
		want := unhex(t, `8442bc313f4626f1359e3b50122b6ce6fe66ddfe7d39d14e637eb4fd5b45beadab55198df6ab5368439792a23c87db70acb6156dc5ef957ac04f6276cf6093b84be77ff0849cc33e34b7254d5a8f65ad`)
		if got := Seal(nil, bytes.Repeat([]byte{3}, 64), &nonce, &key); !bytes.Equal(got, want) {
			t.Errorf("Seal of x/crypto's example = %x, want %x", got, want)
		}
	})
}

// lengths are every message length from 0 to 1024 bytes and the lengths
// around larger strides (the keystream of the message starts 32 bytes into
// block 0, so its strides are shifted by 32).
func lengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	for _, n := range []int{4096, 4096 - 32, 64 * 1024, 64*1024 - 32} {
		ls = append(ls, n-1, n, n+1)
	}
	return ls
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// TestDifferential seals random messages of every length with random keys
// and nonces, compares with x/crypto, and opens the boxes with both
// packages, appending to a prefix.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton secretbox differential 1"))))
		for _, n := range lengths() {
			var key [32]byte
			var nonce [24]byte
			fill(r, key[:])
			fill(r, nonce[:])
			msg := make([]byte, n)
			fill(r, msg)
			prefix := []byte("prefix")

			want := xsecretbox.Seal(prefix, msg, &nonce, &key)
			got := Seal(prefix, msg, &nonce, &key)
			if !bytes.Equal(got, want) {
				t.Fatalf("%d bytes: Seal differs from x/crypto", n)
			}
			box := want[len(prefix):]
			opened, ok := Open(prefix, box, &nonce, &key)
			if !ok || !bytes.Equal(opened[:len(prefix)], prefix) || !bytes.Equal(opened[len(prefix):], msg) {
				t.Fatalf("%d bytes: Open of x/crypto's box failed (ok %v)", n, ok)
			}
			if x, ok := xsecretbox.Open(nil, Seal(nil, msg, &nonce, &key), &nonce, &key); !ok || !bytes.Equal(x, msg) {
				t.Fatalf("%d bytes: x/crypto cannot open our box", n)
			}
		}
	})
}

// TestOpenRejects checks that Open rejects every single-bit flip of a box
// and boxes shorter than the tag, returning nil and false and writing nothing into out's capacity.
func TestOpenRejects(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton secretbox rejects tamper"))))
		var key [32]byte
		var nonce [24]byte
		fill(r, key[:])
		fill(r, nonce[:])
		for _, n := range []int{0, 1, 16, 31, 32, 33, 64, 95, 96, 97, 200, 1000} {
			msg := make([]byte, n)
			fill(r, msg)
			box := Seal(nil, msg, &nonce, &key)
			out := make([]byte, 0, len(box))
			for bit := 0; bit < 8*len(box); bit++ {
				box[bit/8] ^= 1 << (bit % 8)
				got, ok := Open(out, box, &nonce, &key)
				if ok || got != nil {
					t.Fatalf("%d bytes: Open accepted the box with bit %d flipped", n, bit)
				}
				if !bytes.Equal(out[:cap(out)], make([]byte, cap(out))) {
					t.Fatalf("%d bytes: Open wrote into out for a forged box", n)
				}
				box[bit/8] ^= 1 << (bit % 8)
			}
			// Other nonces and keys.
			nonce[r.IntN(24)] ^= 1 << r.IntN(8)
			if _, ok := Open(nil, box, &nonce, &key); ok {
				t.Fatalf("%d bytes: Open accepted the box with another nonce", n)
			}
			key[r.IntN(32)] ^= 1 << r.IntN(8)
			if _, ok := Open(nil, box, &nonce, &key); ok {
				t.Fatalf("%d bytes: Open accepted the box with another key and nonce", n)
			}
		}
		for n := range Overhead {
			if got, ok := Open(nil, make([]byte, n), &nonce, &key); ok || got != nil {
				t.Fatalf("Open of a %d-byte box: %x, %v, want nil, false", n, got, ok)
			}
		}
	})
}

// try calls f and returns the value it panicked with, or nil.
func try(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// TestOverlap checks that Seal and Open panic, as x/crypto's do, when the
// output overlaps the input, and that the AEAD form works in place.
func TestOverlap(t *testing.T) {
	var key [32]byte
	var nonce [24]byte
	buf := make([]byte, 200)
	msg := buf[:50]
	if v := try(func() { Seal(buf[:0], msg, &nonce, &key) }); fmt.Sprint(v) != "secretbox: invalid buffer overlap" {
		t.Errorf("Seal with overlapping buffers: panic %v", v)
	}
	box := Seal(nil, msg, &nonce, &key)
	copy(buf, box)
	if v := try(func() { Open(buf[:0], buf[:len(box)], &nonce, &key) }); fmt.Sprint(v) != "secretbox: invalid buffer overlap" {
		t.Errorf("Open with overlapping buffers: panic %v", v)
	}

	a, _ := NewXSalsa20Poly1305(key[:])
	for _, n := range []int{0, 1, 15, 16, 17, 32, 96, 97, 1000} {
		pt := make([]byte, n, n+Overhead)
		for i := range pt {
			pt[i] = byte(i)
		}
		want := Seal(nil, pt, &nonce, &key)
		got := a.Seal(pt[:0], nonce[:], pt, nil)
		if !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: AEAD Seal in place = %x, want %x", n, got, want)
		}
		opened, err := a.Open(got[:0], nonce[:], got, nil)
		if err != nil || len(opened) != n {
			t.Fatalf("%d bytes: AEAD Open in place failed: %v", n, err)
		}
		for i := range opened {
			if opened[i] != byte(i) {
				t.Fatalf("%d bytes: AEAD Open in place gives a wrong plaintext", n)
			}
		}
		if n > 1 {
			pt = make([]byte, n+Overhead+1)
			if v := try(func() { a.Seal(pt[1:1], nonce[:], pt[:n], nil) }); fmt.Sprint(v) != "secretbox: invalid buffer overlap" {
				t.Fatalf("%d bytes: AEAD Seal with inexact overlap: panic %v", n, v)
			}
		}
	}
}

// TestAEADForm checks the cipher.AEAD: sizes, errors and panics, and the
// additional-data rule.
func TestAEADForm(t *testing.T) {
	for _, n := range []int{0, 16, 31, 33, 64} {
		if _, err := NewXSalsa20Poly1305(make([]byte, n)); err == nil || err.Error() != "secretbox: bad key length" {
			t.Errorf("NewXSalsa20Poly1305 with a %d-byte key: error %v", n, err)
		}
	}
	a, err := NewXSalsa20Poly1305(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if a.NonceSize() != 24 || a.Overhead() != 16 {
		t.Errorf("NonceSize %d, Overhead %d, want 24 and 16", a.NonceSize(), a.Overhead())
	}
	nonce := make([]byte, 24)
	ct := a.Seal(nil, nonce, []byte("message"), nil)
	const adErr = "secretbox: additional data is not supported"
	if pt, err := a.Open(nil, nonce, ct, []byte{0}); err == nil || err.Error() != adErr || pt != nil {
		t.Errorf("Open with additional data: %x, %v", pt, err)
	}
	if pt, err := a.Open(nil, nonce, ct, []byte{}); err != nil || string(pt) != "message" {
		t.Errorf("Open with empty additional data: %q, %v", pt, err)
	}
	if v := try(func() { a.Seal(nil, nonce, []byte("message"), []byte("ad")) }); fmt.Sprint(v) != adErr {
		t.Errorf("Seal with additional data: panic %v, want %q", v, adErr)
	}
	for _, n := range []int{0, 12, 23, 25} {
		if v := try(func() { a.Seal(nil, make([]byte, n), nil, nil) }); v == nil {
			t.Errorf("Seal with a %d-byte nonce did not panic", n)
		}
		if v := try(func() { a.Open(nil, make([]byte, n), ct, nil) }); v == nil {
			t.Errorf("Open with a %d-byte nonce did not panic", n)
		}
	}
	for n := range Overhead {
		if pt, err := a.Open(nil, nonce, ct[:n], nil); err == nil || pt != nil {
			t.Errorf("Open of a %d-byte ciphertext: %x, %v", n, pt, err)
		}
	}
}

// adNonce is a test adapter that gives NewXSalsa20Poly1305 additional data,
// so that the shared suite cryptotest.TestAEAD, which always passes some,
// can run over it: empty additional data goes straight to the AEAD under
// test, and non-empty additional data is bound by deriving the nonce from
// it (the nonce XOR SHA-256 of the additional data). Every Seal and Open of
// the suite thus runs the real methods, with the nonces and buffers that the
// suite chooses.
type adNonce struct{ cipher.AEAD }

func (a adNonce) nonce(nonce, ad []byte) []byte {
	if len(ad) == 0 || len(nonce) != NonceSize {
		return nonce
	}
	h := sha256.Sum256(ad)
	n := make([]byte, NonceSize)
	for i := range n {
		n[i] = nonce[i] ^ h[i]
	}
	return n
}

func (a adNonce) Seal(dst, nonce, plaintext, ad []byte) []byte {
	return a.AEAD.Seal(dst, a.nonce(nonce, ad), plaintext, nil)
}

func (a adNonce) Open(dst, nonce, ciphertext, ad []byte) ([]byte, error) {
	return a.AEAD.Open(dst, a.nonce(nonce, ad), ciphertext, nil)
}

// TestAEAD runs the shared AEAD suite, through adNonce, on every
// implementation.
func TestAEAD(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		cryptotest.TestAEAD(t, func() cipher.AEAD {
			a, err := NewXSalsa20Poly1305([]byte("crypton secretbox aead test key!"))
			if err != nil {
				t.Fatal(err)
			}
			return adNonce{a}
		})
	})
}

func TestAllocations(t *testing.T) {
	var key [32]byte
	var nonce [24]byte
	msg := make([]byte, 1000)
	out := make([]byte, 0, 2000)
	opened := make([]byte, 0, 2000)
	a, _ := NewXSalsa20Poly1305(key[:])
	if n := testing.AllocsPerRun(10, func() {
		box := Seal(out[:0], msg, &nonce, &key)
		if _, ok := Open(opened, box, &nonce, &key); !ok {
			panic("open failed")
		}
	}); n > 0 {
		t.Errorf("Seal and Open allocate %v times", n)
	}
	buf := make([]byte, 1000, 1000+Overhead)
	if n := testing.AllocsPerRun(10, func() {
		ct := a.Seal(buf[:0], nonce[:], buf, nil)
		if _, err := a.Open(ct[:0], nonce[:], ct, nil); err != nil {
			panic(err)
		}
	}); n > 0 {
		t.Errorf("the AEAD's Seal and Open allocate %v times", n)
	}
}

// FuzzOpen opens any box with any key and nonce: it must never panic and
// must agree with x/crypto. It also seals the box as a message and compares.
func FuzzOpen(f *testing.F) {
	var key [32]byte
	var nonce [24]byte
	f.Add(key[:], nonce[:], xsecretbox.Seal(nil, []byte("hello"), &nonce, &key))
	f.Add(key[:], nonce[:], []byte("short"))
	f.Add(key[:], nonce[:], make([]byte, 200))
	f.Fuzz(func(t *testing.T, k, n, box []byte) {
		if len(k) < 32 || len(n) < 24 {
			return
		}
		key, nonce := (*[32]byte)(k), (*[24]byte)(n)
		got, ok := Open(nil, box, nonce, key)
		want, wok := xsecretbox.Open(nil, box, nonce, key)
		if ok != wok || !bytes.Equal(got, want) {
			t.Fatalf("Open = %x, %v; x/crypto %x, %v", got, ok, want, wok)
		}
		if s, x := Seal(nil, box, nonce, key), xsecretbox.Seal(nil, box, nonce, key); !bytes.Equal(s, x) {
			t.Fatalf("Seal differs from x/crypto")
		}
	})
}
