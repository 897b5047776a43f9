package argon2_test

import (
	"math"
	"syscall"
	"testing"

	"github.com/crypton-go/crypton/hash/argon2"
)

// TestTooLong checks that inputs longer than 2^32-1 bytes, whose lengths H0
// cannot encode, are rejected. The 4 GiB input is a read-only mapping that
// is never touched, so no memory is committed.
func TestTooLong(t *testing.T) {
	n := uint64(math.MaxUint32) + 1
	if n > math.MaxInt {
		t.Skip("a slice cannot be longer than 2^32-1 bytes on a 32-bit platform")
	}
	huge, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("cannot map 4 GiB: %v", err)
	}
	defer syscall.Munmap(huge)
	ok := argon2.Params{Time: 1, Memory: 8, Threads: 1, KeyLen: 4}
	h, err := argon2.NewHasher(ok)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, key []byte, err error, want string) {
		t.Helper()
		if err == nil || err.Error() != want || key != nil {
			t.Errorf("%s: key %x, error %v; want the error %q", what, key, err, want)
		}
	}
	k, err := argon2.IDKey(huge, nil, 1, 8, 1, 4)
	check("IDKey with a long password", k, err, "argon2: password too long")
	k, err = argon2.Key(nil, huge, 1, 8, 1, 4)
	check("Key with a long salt", k, err, "argon2: salt too long")
	k, err = h.IDKey(huge, nil)
	check("Hasher.IDKey with a long password", k, err, "argon2: password too long")
	k, err = h.Key(nil, huge)
	check("Hasher.Key with a long salt", k, err, "argon2: salt too long")
	p := ok
	p.Secret = huge
	k, err = p.IDKey(nil, nil)
	check("Params.IDKey with a long secret", k, err, "argon2: secret too long")
	_, err = argon2.NewHasher(p)
	check("NewHasher with a long secret", nil, err, "argon2: secret too long")
	p = ok
	p.AssociatedData = huge
	k, err = p.Key(nil, nil)
	check("Params.Key with long associated data", k, err, "argon2: associated data too long")
}
