//go:build ctgrind

package chacha20poly1305_test

import (
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20poly1305"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTChaCha20Poly1305 is the constant-time case of Seal and Open for
// ChaCha20-Poly1305 and XChaCha20-Poly1305, run by tools/cmd/ctcheck under
// valgrind, for every implementation of the package and every pairing of
// the implementations of chacha20 and poly1305 that it is built on.
//
// The key and the plaintext are secret. The nonce and the additional data
// are public in every protocol. The ciphertext is sent, so it is marked
// public before Open; Open's plaintext stays secret. Whether Open accepted
// a ciphertext is what the protocol reveals: the returned error is marked
// public before the test looks at it.
func TestCTChaCha20Poly1305(t *testing.T) {
	cputest.TestAllImplementations(t, "chacha20poly1305", func(t *testing.T) {
		ctImplementations(t)
	})
}

func ctImplementations(t *testing.T) {
	cputest.TestAllImplementations(t, "chacha20", func(t *testing.T) {
		cputest.TestAllImplementations(t, "poly1305", func(t *testing.T) {
			for _, c := range []struct {
				name string
				new  func([]byte) (cipher.AEAD, error)
			}{{"New", chacha20poly1305.New}, {"NewX", chacha20poly1305.NewX}} {
				t.Run(c.name, func(t *testing.T) {
					// One message of a single block (the short path), one of
					// several, and, for the chunks of AVX2+MULX (448 bytes,
					// then 512-byte chunks), messages whose tail after the
					// chunks is one whole block (1024 bytes, which Seal ends
					// in chachaRowsPolyAVX2), a whole and a partial block
					// (1060), or longer than two blocks (1100).
					for _, n := range []int{40, 300, 1024, 1060, 1100} {
						ctSealOpen(t, c.new, n)
					}
				})
			}
		})
	})
}

func ctSealOpen(t *testing.T, newAEAD func([]byte) (cipher.AEAD, error), n int) {
	key := make([]byte, chacha20poly1305.KeySize)
	for i := range key {
		key[i] = byte(9*i + 2)
	}
	msg := make([]byte, n)
	for i := range msg {
		msg[i] = byte(i)
	}
	ad := []byte("header")
	ctgrind.Secret(key)
	ctgrind.Secret(msg)

	aead, err := newAEAD(key)
	if err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, aead.NonceSize())
	for i := range nonce {
		nonce[i] = byte(100 + i)
	}

	ct := aead.Seal(nil, nonce, msg, ad)
	ctgrind.Public(ct)
	if len(ct) != n+aead.Overhead() {
		t.Fatalf("Seal returned %d bytes, want %d", len(ct), n+aead.Overhead())
	}

	pt, err := aead.Open(nil, nonce, ct, ad)
	ctgrind.PublicValue(&err)
	if err != nil {
		t.Fatalf("Open rejected the output of Seal: %v", err)
	}
	// The plaintext is secret; only the test's own check declassifies it.
	ctgrind.Public(pt)
	ctgrind.Public(msg)
	if string(pt) != string(msg) {
		t.Fatal("Open did not return the plaintext")
	}

	// A tampered ciphertext, in the body and in the tag.
	for _, i := range []int{n / 2, len(ct) - 3} {
		bad := append([]byte(nil), ct...)
		bad[i] ^= 0x40
		pt, err := aead.Open(nil, nonce, bad, ad)
		ctgrind.PublicValue(&err)
		ctgrind.Public(pt)
		if err == nil {
			t.Fatalf("Open accepted a ciphertext altered at byte %d", i)
		}
	}
}
