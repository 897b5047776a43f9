//go:build ctgrind

package scrypt

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTKey is the constant-time case of Key, run by tools/cmd/ctcheck
// under valgrind with each implementation of SHA-256: the password is
// secret, and so is the derived key until the test marks it public; the
// salt and the parameters are public. The index of ROMix's second loop is
// declassified in this build (declassify_ctgrind.go), since it depends on
// the password by design, so memcheck checks PBKDF2, the first loop, BlockMix
// and the Salsa20/8 core, and the XOR with the table in the second loop.
// N = 256, r = 1, p = 3 (32 KiB tables) run in parallel lanes when
// GOMAXPROCS allows.
func TestCTKey(t *testing.T) {
	cputest.TestAllImplementations(t, "sha256", func(t *testing.T) {
		password := []byte("correct horse battery staple")
		ctgrind.Secret(password)
		salt := []byte("public salt")
		k1, err := Key(password, salt, 256, 1, 3, 40)
		if err != nil {
			t.Fatal(err)
		}
		k2, err := Key(password, salt, 256, 1, 3, 40)
		if err != nil {
			t.Fatal(err)
		}
		ctgrind.Public(k1)
		ctgrind.Public(k2)
		if !bytes.Equal(k1, k2) || bytes.Equal(k1, make([]byte, 40)) {
			t.Errorf("Key is not deterministic or returned zeros: %x, %x", k1, k2)
		}
	})
}
