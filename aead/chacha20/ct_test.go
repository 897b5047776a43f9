//go:build ctgrind

package chacha20_test

import (
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTChaCha20 is the constant-time case of the stream cipher, run by
// tools/cmd/ctcheck under valgrind: the key and the plaintext are secret;
// the nonce travels in the clear in every protocol, so it stays public.
// The ciphertext is marked public before it is compared. The lengths
// cover a partial block, the multi-block paths of each implementation and
// a counter set with SetCounter; HChaCha20 runs on a secret key too.
func TestCTChaCha20(t *testing.T) {
	cputest.TestAllImplementations(t, "chacha20", func(t *testing.T) {
		key := make([]byte, chacha20.KeySize)
		for i := range key {
			key[i] = byte(5*i + 1)
		}
		nonce := make([]byte, chacha20.NonceSize)
		for i := range nonce {
			nonce[i] = byte(i)
		}
		msg := make([]byte, 600)
		for i := range msg {
			msg[i] = byte(3 * i)
		}
		ctgrind.Secret(key)
		ctgrind.Secret(msg)

		c, err := chacha20.NewUnauthenticatedCipher(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		ct := make([]byte, len(msg))
		c.XORKeyStream(ct[:37], msg[:37])
		c.XORKeyStream(ct[37:], msg[37:])
		ctgrind.Public(ct)

		// Decrypting from a fresh cipher gives the plaintext back.
		d, err := chacha20.NewUnauthenticatedCipher(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		pt := make([]byte, len(ct))
		d.XORKeyStream(pt, ct)
		ctgrind.Public(pt)
		ctgrind.Public(msg)
		if string(pt) != string(msg) {
			t.Error("decryption did not invert encryption")
		}

		// A seek with SetCounter, then the keystream from there.
		ctgrind.Secret(msg)
		e, err := chacha20.NewUnauthenticatedCipher(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		e.SetCounter(3)
		out := make([]byte, 200)
		e.XORKeyStream(out, msg[:200])
		ctgrind.Public(out)

		// The XChaCha20 subkey derivation; its nonce is public.
		sub, err := chacha20.HChaCha20(key, make([]byte, 16))
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(sub)
		if len(sub) != 32 {
			t.Errorf("HChaCha20 returned %d bytes", len(sub))
		}
	})
}
