//go:build ctgrind

package aesgcm

import (
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTAESGCM is the constant-time case of Seal and Open, run by
// tools/cmd/ctcheck under valgrind for every implementation the emulated
// CPU has (VAES excepted: valgrind cannot execute it).
//
// The key and the plaintext are secret; the nonce and the additional data
// are public in every protocol. The ciphertext is sent, so it is marked
// public before Open; Open's plaintext stays secret. Whether Open accepted
// a ciphertext is what the protocol reveals: the package declassifies the
// outcome of the tag comparison (declassify_ctgrind.go), and the test the
// returned error.
func TestCTAESGCM(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, ks := range []int{16, 32} {
			for _, c := range []struct {
				name string
				new  func([]byte) (cipher.AEAD, error)
			}{
				{"New", New},
				{"NewWithTagSize", func(k []byte) (cipher.AEAD, error) { return NewWithTagSize(k, 12) }},
				{"NewRandomNonce", NewRandomNonce},
			} {
				// One message shorter than a block, one past the eight-
				// and sixteen-block strides with a partial last block.
				for _, n := range []int{13, 300} {
					ctSealOpen(t, c.new, ks, n)
				}
			}
		}
	})
}

func ctSealOpen(t *testing.T, newAEAD func([]byte) (cipher.AEAD, error), ks, n int) {
	key := make([]byte, ks)
	for i := range key {
		key[i] = byte(9*i + 2)
	}
	msg := make([]byte, n)
	for i := range msg {
		msg[i] = byte(i)
	}
	ad := []byte("header, public")
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
	ctgrind.Public(pt)
	ctgrind.Public(msg)
	if string(pt) != string(msg) {
		t.Fatal("Open did not return the plaintext")
	}

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
