//go:build ctgrind

package secretbox_test

import (
	"testing"

	"github.com/crypton-go/crypton/aead/secretbox"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSecretbox is the constant-time case of Seal, Open and the AEAD
// form, run by tools/cmd/ctcheck under valgrind: the key and the message
// are secret; the nonce and the box travel in the clear, and whether a box
// opened is what Open reveals, so those are marked public. Opening both an
// authentic box and a forged one checks that only that outcome, not the
// contents of the tag, decides a branch.
func TestCTSecretbox(t *testing.T) {
	cputest.TestAllImplementations(t, "salsa20", func(t *testing.T) {
		var key [32]byte
		for i := range key {
			key[i] = byte(7*i + 3)
		}
		var nonce [24]byte
		for i := range nonce {
			nonce[i] = byte(i)
		}
		for _, n := range []int{0, 50, 700} {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(i)
			}
			ctgrind.SecretValue(&key)
			ctgrind.Secret(msg)

			box := secretbox.Seal(nil, msg, &nonce, &key)
			ctgrind.Public(box)

			got, ok := secretbox.Open(nil, box, &nonce, &key)
			ctgrind.PublicValue(&ok)
			ctgrind.Public(got)
			ctgrind.Public(msg)
			if !ok || string(got) != string(msg) {
				t.Errorf("%d bytes: Open of the box of Seal failed", n)
			}

			box[3] ^= 1
			_, ok = secretbox.Open(nil, box, &nonce, &key)
			ctgrind.PublicValue(&ok)
			if ok {
				t.Errorf("%d bytes: Open accepted a forged box", n)
			}
			box[3] ^= 1

			ctgrind.Secret(msg)
			aead, err := secretbox.NewXSalsa20Poly1305(key[:])
			if err != nil {
				t.Fatal(err)
			}
			ct := aead.Seal(nil, nonce[:], msg, nil)
			ctgrind.Public(ct)
			pt, err := aead.Open(nil, nonce[:], ct, nil)
			ctgrind.Public(pt)
			ctgrind.Public(msg)
			if err != nil || string(pt) != string(msg) {
				t.Errorf("%d bytes: the AEAD's Open of its Seal failed: %v", n, err)
			}
		}
	})
}
