//go:build ctgrind

package ctgrind_test

import (
	"crypto/subtle"
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
)

var sink byte

var table [256]byte

// TestCTLeakyControl is the deliberately leaky control of the constant-time
// check: it branches on a secret byte and indexes a table with another.
// tools/cmd/ctcheck runs it on its own and fails unless memcheck reports both,
// which proves that the client requests reach valgrind and that a leak would
// not go unnoticed.
func TestCTLeakyControl(t *testing.T) {
	secret := []byte{42, 7}
	ctgrind.Secret(secret)
	if secret[0] == 42 { // a branch on a secret
		sink++
	}
	sink += table[secret[1]] // an address computed from a secret
	ctgrind.Public(secret)
}

// TestCTCleanControl does the same work without a leak: the runner expects
// no report for it.
func TestCTCleanControl(t *testing.T) {
	secret := []byte{42, 7}
	ctgrind.Secret(secret)
	sink += byte(subtle.ConstantTimeByteEq(secret[0], 42))
	var v byte
	for i := range table {
		v |= table[i] & byte(subtle.ConstantTimeByteEq(byte(i), secret[1])*0xff)
	}
	sink += v
	ctgrind.Public(secret)
	// A value marked public again may be branched on.
	if secret[0] != 42 {
		t.Fatal("secret changed")
	}
}
