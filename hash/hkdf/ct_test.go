//go:build ctgrind

package hkdf_test

import (
	"hash"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/hkdf"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTHKDF is the constant-time case of Extract, Expand and Key, run by
// tools/cmd/ctcheck under valgrind over SHA-256 and SHA-512, with each of
// their implementations. The input keying material is secret, and so are
// the pseudorandom key and the output keying material; the salt, the info
// string and the lengths are public. The outputs are marked public only
// for the test's own comparison.
func TestCTHKDF(t *testing.T) {
	for _, c := range []struct {
		name string
		h    func() hash.Hash
	}{{"sha256", sha256.New}, {"sha512", sha512.New}} {
		t.Run(c.name, func(t *testing.T) {
			cputest.TestAllImplementations(t, c.name, func(t *testing.T) {
				ctHKDF(t, c.h)
			})
		})
	}
}

func ctHKDF(t *testing.T, h func() hash.Hash) {
	ikm := make([]byte, 48)
	for i := range ikm {
		ikm[i] = byte(17*i + 1)
	}
	salt := []byte("public salt")
	const info = "crypton ctgrind"
	ctgrind.Secret(ikm)

	prk, err := hkdf.Extract(h, ikm, salt)
	if err != nil {
		t.Fatal(err)
	}
	// Three blocks of output and a partial fourth.
	okm, err := hkdf.Expand(h, prk, info, 3*h().Size()+5)
	if err != nil {
		t.Fatal(err)
	}
	key, err := hkdf.Key(h, ikm, salt, info, len(okm))
	if err != nil {
		t.Fatal(err)
	}
	ctgrind.Public(okm)
	ctgrind.Public(key)
	if string(okm) != string(key) {
		t.Error("Key differs from Extract then Expand")
	}
}
