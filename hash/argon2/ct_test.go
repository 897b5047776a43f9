//go:build ctgrind

package argon2_test

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/argon2"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTArgon2i is the constant-time case of the package, run by
// tools/cmd/ctcheck under valgrind with every implementation of G: Argon2i
// with a secret password and a secret key K, in two lanes and two passes,
// through Params and through a Hasher. The salt, the associated data and the
// parameters are public; the key is marked public only for the test's own
// comparison. Argon2id has no such case: after the first half of its first
// pass it reads the blocks that the memory's contents select, by design (see
// the package documentation), which memcheck rightly reports.
func TestCTArgon2i(t *testing.T) {
	cputest.TestAllImplementations(t, "argon2", func(t *testing.T) {
		password := []byte("correct horse battery staple")
		secret := []byte("pepper, kept apart from the hashes")
		ctgrind.Secret(password)
		ctgrind.Secret(secret)
		p := argon2.Params{
			Time: 2, Memory: 64, Threads: 2, KeyLen: 80,
			Secret: secret, AssociatedData: []byte("public"),
		}
		salt := []byte("0123456789abcdef")
		key, err := p.Key(password, salt)
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(key)
		h, err := argon2.NewHasher(p)
		if err != nil {
			t.Fatal(err)
		}
		again, err := h.Key(password, salt)
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(again)
		if !bytes.Equal(key, again) {
			t.Error("Hasher.Key differs from Params.Key")
		}
	})
}
