//go:build ctgrind

package hmac_test

import (
	"hash"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTHMAC is the constant-time case of HMAC and Equal, run by
// tools/cmd/ctcheck under valgrind, over SHA-1, SHA-256 and SHA-512 with
// each of their implementations. The key and the message are secret. A MAC
// is compared in secret with Equal, whose boolean result is what a verifier
// reveals and is marked public before the test looks at it. The keys cover
// one shorter than the block and one longer (which is hashed first).
func TestCTHMAC(t *testing.T) {
	for _, c := range []struct {
		name string
		h    func() hash.Hash
	}{{"sha1", sha1.New}, {"sha256", sha256.New}, {"sha512", sha512.New}} {
		t.Run(c.name, func(t *testing.T) {
			cputest.TestAllImplementations(t, c.name, func(t *testing.T) {
				for _, keyLen := range []int{32, 200} {
					ctHMAC(t, c.h, keyLen)
				}
			})
		})
	}
}

func ctHMAC(t *testing.T, h func() hash.Hash, keyLen int) {
	key := make([]byte, keyLen)
	for i := range key {
		key[i] = byte(13*i + 5)
	}
	msg := make([]byte, 200)
	for i := range msg {
		msg[i] = byte(i)
	}
	ctgrind.Secret(key)
	ctgrind.Secret(msg)

	m := hmac.New(h, key)
	m.Write(msg[:50])
	m.Write(msg[50:])
	mac1 := m.Sum(nil)

	// The same MAC again after Reset, and one of another message.
	m.Reset()
	m.Write(msg)
	mac2 := m.Sum(nil)
	m.Reset()
	m.Write(msg[1:])
	mac3 := m.Sum(nil)

	eq := hmac.Equal(mac1, mac2)
	ctgrind.PublicValue(&eq)
	if !eq {
		t.Error("Equal rejected two MACs of the same message")
	}
	eq = hmac.Equal(mac1, mac3)
	ctgrind.PublicValue(&eq)
	if eq {
		t.Error("Equal accepted the MACs of different messages")
	}
	ctgrind.Public(mac1)
	if len(mac1) != m.Size() {
		t.Errorf("Sum returned %d bytes, want %d", len(mac1), m.Size())
	}
}
