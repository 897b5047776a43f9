//go:build ctgrind

package blake2b_test

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/blake2b"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTBLAKE2b is the constant-time case of the package, run by
// tools/cmd/ctcheck under valgrind: the key and the message are secret, and
// so is the digest until the test marks it public to compare it. The
// message spans several blocks and ends in a partial one, through the
// one-shot function and through Write in uneven pieces, keyed and not.
func TestCTBLAKE2b(t *testing.T) {
	cputest.TestAllImplementations(t, "blake2b", func(t *testing.T) {
		key := make([]byte, 48)
		for i := range key {
			key[i] = byte(7*i + 1)
		}
		msg := make([]byte, 300)
		for i := range msg {
			msg[i] = byte(11 * i)
		}
		ctgrind.Secret(key)
		ctgrind.Secret(msg)

		sum := blake2b.Sum512(msg)
		ctgrind.PublicValue(&sum)
		h, err := blake2b.New512(nil)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(msg[:7])
		h.Write(msg[7:150])
		h.Write(msg[150:])
		got := h.Sum(nil)
		ctgrind.Public(got)
		if string(got) != string(sum[:]) {
			t.Error("the streaming digest differs from the one-shot digest")
		}

		mac, err := blake2b.New(32, key)
		if err != nil {
			t.Fatal(err)
		}
		mac.Write(msg[:130])
		mac.Write(msg[130:])
		tag := mac.Sum(nil)
		ctgrind.Public(tag)
		mac.Reset()
		ctgrind.Public(mac.Sum(nil)) // the key block alone, as the last block
	})
}
