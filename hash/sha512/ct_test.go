//go:build ctgrind

package sha512_test

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/sha512"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSHA512 is the constant-time case of the hash, run by
// tools/cmd/ctcheck under valgrind: the message is secret (a hash processes
// keys and secrets inside HMAC, HKDF and signatures), and so is the digest
// until the test marks it public to compare it. The message spans several
// blocks and ends in a partial one, through the one-shot function and
// through Write in uneven pieces.
func TestCTSHA512(t *testing.T) {
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		msg := make([]byte, 300)
		for i := range msg {
			msg[i] = byte(11 * i)
		}
		ctgrind.Secret(msg)

		sum := sha512.Sum512(msg)
		ctgrind.PublicValue(&sum)

		h := sha512.New()
		h.Write(msg[:7])
		h.Write(msg[7:150])
		h.Write(msg[150:])
		got := h.Sum(nil)
		ctgrind.Public(got)
		if string(got) != string(sum[:]) {
			t.Error("the streaming digest differs from the one-shot digest")
		}

		sum2 := sha512.Sum384(msg)
		ctgrind.PublicValue(&sum2)
		h2 := sha512.New512_256()
		h2.Write(msg)
		ctgrind.Public(h2.Sum(nil))
	})
}
