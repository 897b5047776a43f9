package aesgcmsiv

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// FuzzSealOpen seals arbitrary plaintexts and additional data with every
// implementation and with the reference of reference_test.go, requires the
// same ciphertext, opens it again, and opens it with one bit flipped. The
// seed corpus, which runs in ordinary go test, covers the RFC 8452 vectors'
// shapes and lengths around the blocks and the kernels' strides.
func FuzzSealOpen(f *testing.F) {
	for _, v := range rfcVectors {
		f.Add(v.key == k256One, unhex(v.nonce), unhex(v.pt), unhex(v.ad), uint16(0))
	}
	for _, n := range []int{0, 1, 15, 16, 17, 128, 255, 256, 257, 300, 1000} {
		f.Add(n%2 == 0, bytes.Repeat([]byte{byte(n)}, NonceSize), make([]byte, n), []byte("ad"), uint16(n*7))
	}
	f.Fuzz(func(t *testing.T, long bool, nonce, pt, ad []byte, flip uint16) {
		if len(nonce) != NonceSize {
			return
		}
		key := []byte("an AES-GCM-SIV key of 32 bytes.!")
		if !long {
			key = key[:16]
		}
		want := refSeal(key, nonce, pt, ad).sealed
		cputest.ForEachImplementation(pkg, func(impl string) {
			a := mustNew(t, key)
			ct := a.Seal(nil, nonce, pt, ad)
			if !bytes.Equal(ct, want) {
				t.Fatalf("%s: Seal gives %x, the reference %x", impl, ct, want)
			}
			if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%s: Open gives %x, %v", impl, got, err)
			}
			bit := int(flip) % (8 * len(ct))
			ct[bit/8] ^= 1 << (bit % 8)
			if got, err := a.Open(nil, nonce, ct, ad); err == nil || got != nil {
				t.Fatalf("%s: Open accepts a ciphertext with bit %d flipped", impl, bit)
			}
		})
	})
}
