//go:build ctgrind

package salsa20_test

import (
	"testing"

	"github.com/crypton-go/crypton/aead/salsa20"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSalsa20 is the constant-time case of the package, run by
// tools/cmd/ctcheck under valgrind: the key, the plaintext and the input
// of Core8 are secret; the nonce travels in the clear, so it stays public.
// The lengths cover a partial block alone, one to four blocks (the
// diagonal path of the AVX2 code), groups of eight with a partial group
// after them, and both nonce sizes (XSalsa20 runs HSalsa20 on the secret
// key). Outputs are marked public before they are compared.
func TestCTSalsa20(t *testing.T) {
	cputest.TestAllImplementations(t, "salsa20", func(t *testing.T) {
		var key [32]byte
		for i := range key {
			key[i] = byte(5*i + 1)
		}
		msg := make([]byte, 1100)
		for i := range msg {
			msg[i] = byte(3 * i)
		}
		ctgrind.SecretValue(&key)
		ctgrind.Secret(msg)
		for _, nonceLen := range []int{8, 24} {
			nonce := make([]byte, nonceLen)
			for i := range nonce {
				nonce[i] = byte(i)
			}
			for _, n := range []int{37, 200, 1100} {
				ct := make([]byte, n)
				salsa20.XORKeyStream(ct, msg[:n], nonce, &key)
				ctgrind.Public(ct)
				pt := make([]byte, n)
				salsa20.XORKeyStream(pt, ct, nonce, &key)
				ctgrind.Public(pt)
				ctgrind.Public(msg[:n])
				if string(pt) != string(msg[:n]) {
					t.Errorf("%d bytes, %d-byte nonce: decryption did not invert encryption", n, nonceLen)
				}
				ctgrind.Secret(msg[:n])
			}
		}

		var in [16]byte
		var sub [32]byte
		salsa20.HSalsa20(&sub, &in, &key)
		ctgrind.PublicValue(&sub)
		if sub == ([32]byte{}) {
			t.Error("HSalsa20 returned zeros")
		}
	})

	var block [64]byte
	for i := range block {
		block[i] = byte(i)
	}
	ctgrind.SecretValue(&block)
	salsa20.Core8(&block, &block)
	ctgrind.PublicValue(&block)
	if block == ([64]byte{}) {
		t.Error("Core8 returned zeros")
	}
}
