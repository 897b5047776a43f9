//go:build ctgrind

package pbkdf2_test

import (
	"hash"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTPBKDF2 is the constant-time case of Key with 2 iterations, run by
// tools/cmd/ctcheck under valgrind over SHA-256 and SHA-512, with each of
// their implementations. The password is secret, and so is the derived key
// until the test marks it public to compare it; the salt, the iteration
// count and the key length are public. The key length asks for two blocks
// of the underlying HMAC and a part of a third.
func TestCTPBKDF2(t *testing.T) {
	for _, c := range []struct {
		name string
		h    func() hash.Hash
	}{{"sha256", sha256.New}, {"sha512", sha512.New}} {
		t.Run(c.name, func(t *testing.T) {
			cputest.TestAllImplementations(t, c.name, func(t *testing.T) {
				ctPBKDF2(t, c.h)
			})
		})
	}
}

func ctPBKDF2(t *testing.T, h func() hash.Hash) {
	pw := []byte("correct horse battery staple")
	ctgrind.Secret(pw)
	// The conversion copies the bytes, and memcheck their secrecy with them.
	password := string(pw)
	salt := []byte("public salt")
	n := 2*h().Size() + 7

	k1, err := pbkdf2.Key(h, password, salt, 2, n)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := pbkdf2.Key(h, password, salt, 2, n)
	if err != nil {
		t.Fatal(err)
	}
	ctgrind.Public(k1)
	ctgrind.Public(k2)
	if len(k1) != n || string(k1) != string(k2) {
		t.Error("Key is not deterministic or has the wrong length")
	}
}
