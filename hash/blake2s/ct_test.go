//go:build ctgrind

package blake2s_test

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/blake2s"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTBLAKE2s is the constant-time case of the package, run by
// tools/cmd/ctcheck under valgrind: the key and the message are secret, and
// so is the digest until the test marks it public to compare it. The
// message spans several blocks and ends in a partial one, through the
// one-shot function and through Write in uneven pieces, keyed and not.
func TestCTBLAKE2s(t *testing.T) {
	cputest.TestAllImplementations(t, "blake2s", func(t *testing.T) {
		key := make([]byte, 24)
		for i := range key {
			key[i] = byte(7*i + 1)
		}
		msg := make([]byte, 300)
		for i := range msg {
			msg[i] = byte(11 * i)
		}
		ctgrind.Secret(key)
		ctgrind.Secret(msg)

		sum := blake2s.Sum256(msg)
		ctgrind.PublicValue(&sum)
		h, err := blake2s.New256(nil)
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

		mac, err := blake2s.New128(key)
		if err != nil {
			t.Fatal(err)
		}
		mac.Write(msg[:70])
		mac.Write(msg[70:])
		tag := mac.Sum(nil)
		ctgrind.Public(tag)
		mac.Reset()
		ctgrind.Public(mac.Sum(nil)) // the key block alone, as the last block
	})
}
