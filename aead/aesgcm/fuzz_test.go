package aesgcm

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// FuzzOpen opens arbitrary ciphertexts, and seals arbitrary plaintexts,
// with every implementation and the standard library (16-byte tags), and
// requires the same results. The nonce may have any length from 1 byte
// up: 12 bytes go through New, others through NewWithNonceSize (against
// cipher.NewGCMWithNonceSize). The seed corpus covers sealed messages of
// several lengths, intact and tampered, with 12-byte and other nonces,
// and runs in ordinary go test.
func FuzzOpen(f *testing.F) {
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i)
	}
	for _, n := range []int{0, 1, 16, 31, 128, 300} {
		nonce := bytes.Repeat([]byte{byte(n)}, NonceSize)
		ct := stdlibGCM(key[:16]).Seal(nil, nonce, make([]byte, n), []byte("ad"))
		f.Add(uint8(16), nonce, ct, []byte("ad"))
		bad := bytes.Clone(ct)
		bad[len(bad)-1] ^= 1
		f.Add(uint8(32), nonce, bad, []byte("ad"))
		long := bytes.Repeat([]byte{byte(n)}, 1+n%40)
		f.Add(uint8(24), long, stdlibGCMNonce(key[:24], len(long)).Seal(nil, long, make([]byte, n), nil), []byte(nil))
	}
	f.Fuzz(func(t *testing.T, keySize uint8, nonce, ct, ad []byte) {
		ks := []int{16, 24, 32}[int(keySize)%3]
		if len(nonce) == 0 {
			return
		}
		std := stdlibGCMNonce(key[:ks], len(nonce))
		want, wantErr := std.Open(nil, nonce, ct, ad)
		wantSealed := std.Seal(nil, nonce, ct, ad)
		cputest.ForEachImplementation(pkg, func(impl string) {
			a, err := NewWithNonceSize(key[:ks], len(nonce))
			if len(nonce) == NonceSize {
				a, err = New(key[:ks])
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := a.Open(nil, nonce, ct, ad)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s: Open gives %x, %v; the standard library %x, %v", impl, got, err, want, wantErr)
			}
			if sealed := a.Seal(nil, nonce, ct, ad); !bytes.Equal(sealed, wantSealed) {
				t.Fatalf("%s: Seal gives %x, the standard library %x", impl, sealed, wantSealed)
			}
		})
	})
}
