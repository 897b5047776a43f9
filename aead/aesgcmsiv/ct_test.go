//go:build ctgrind

package aesgcmsiv

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTAESGCMSIV is the constant-time case of Seal and Open, run by
// tools/cmd/ctcheck under valgrind for every implementation the emulated
// CPU has (VAES excepted: valgrind cannot execute it).
//
// The key, the nonce and the plaintext are secret (a SIV mode's nonce may
// be derived from secrets); the additional data is public. The ciphertext
// is sent, so it is marked public before Open; Open's plaintext stays
// secret. Whether Open accepted a ciphertext is what the protocol reveals:
// the package declassifies the outcome of the tag comparison
// (declassify_ctgrind.go), and the test the returned error.
func TestCTAESGCMSIV(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, ks := range []int{16, 32} {
			// One message shorter than a block, one past the eight- and
			// sixteen-block strides with a partial last block.
			for _, n := range []int{13, 300} {
				ctSealOpen(t, ks, n)
			}
		}
	})
}

func ctSealOpen(t *testing.T, ks, n int) {
	key := make([]byte, ks)
	for i := range key {
		key[i] = byte(9*i + 2)
	}
	msg := make([]byte, n)
	for i := range msg {
		msg[i] = byte(i)
	}
	nonce := make([]byte, NonceSize)
	for i := range nonce {
		nonce[i] = byte(100 + i)
	}
	ad := []byte("header, public")
	ctgrind.Secret(key)
	ctgrind.Secret(msg)
	ctgrind.Secret(nonce)

	aead, err := New(key)
	if err != nil {
		t.Fatal(err)
	}
	ct := aead.Seal(nil, nonce, msg, ad)
	ctgrind.Public(ct)
	if len(ct) != n+TagSize {
		t.Fatalf("Seal returned %d bytes, want %d", len(ct), n+TagSize)
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
