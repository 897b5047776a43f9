//go:build ctgrind

package poly1305_test

import (
	"testing"

	"github.com/crypton-go/crypton/aead/poly1305"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTPoly1305 is the constant-time case of Sum, Verify and the
// streaming MAC, run by tools/cmd/ctcheck under valgrind: the one-time key
// and the message are secret; the tag is what the protocol sends and the
// outcome of a verification is what it reveals, so both are marked public
// before the test looks at them.
func TestCTPoly1305(t *testing.T) {
	cputest.TestAllImplementations(t, "poly1305", func(t *testing.T) {
		var key [32]byte
		for i := range key {
			key[i] = byte(7*i + 3)
		}
		// Long enough for amd64's sixteen-block path (from 768 bytes),
		// with a tail of blocks and a partial block after it.
		msg := make([]byte, 1100)
		for i := range msg {
			msg[i] = byte(i)
		}
		ctgrind.SecretValue(&key)
		ctgrind.Secret(msg)

		var tag [poly1305.TagSize]byte
		poly1305.Sum(&tag, msg, &key)
		ctgrind.PublicValue(&tag)

		ok := poly1305.Verify(&tag, msg, &key)
		ctgrind.PublicValue(&ok)
		if !ok {
			t.Error("Verify rejected the tag of Sum")
		}

		wrong := tag
		wrong[5] ^= 0x10
		ok = poly1305.Verify(&wrong, msg, &key)
		ctgrind.PublicValue(&ok)
		if ok {
			t.Error("Verify accepted a wrong tag")
		}

		// The streaming MAC, written in uneven pieces.
		m := poly1305.New(&key)
		m.Write(msg[:13])
		m.Write(msg[13:200])
		m.Write(msg[200:])
		got := m.Sum(nil)
		ctgrind.Public(got)
		if string(got) != string(tag[:]) {
			t.Error("the streaming MAC differs from Sum")
		}
		ok = m.Verify(tag[:])
		ctgrind.PublicValue(&ok)
		if !ok {
			t.Error("MAC.Verify rejected the tag of Sum")
		}
	})
}
