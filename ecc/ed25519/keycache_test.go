package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"runtime"
	"testing"
	"time"

	"github.com/crypton-go/crypton/ecc/ed25519"
)

// TestKeyCache checks the key cache from the outside: NewKeyFromSeed puts
// its key in it, a copy of the key in another slice finds the same entry,
// a key whose halves disagree never enters it, and a key left unused is
// dropped after a few garbage collections and checked again when it is
// used again.
func TestKeyCache(t *testing.T) {
	ed25519.ForgetKeys()
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{0x21}, ed25519.SeedSize))
	if n := ed25519.CachedKeys(); n != 1 {
		t.Fatalf("%d keys cached after NewKeyFromSeed, want 1", n)
	}
	msg := []byte("cached")
	want := stded25519.Sign(stded25519.PrivateKey(bytes.Clone(priv)), msg)
	for range 3 {
		if sig := ed25519.Sign(bytes.Clone(priv), msg); !bytes.Equal(sig, want) {
			t.Fatal("signature differs from crypto/ed25519's")
		}
	}
	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{0x22}, ed25519.SeedSize))
	bad := ed25519.PrivateKey(append(other.Seed(), priv[32:]...))
	if _, err := bad.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Fatal("signed with a mismatched key")
	}
	if n := ed25519.CachedKeys(); n != 2 {
		t.Fatalf("%d keys cached, want 2", n)
	}
	deadline := time.Now().Add(10 * time.Second)
	for ed25519.CachedKeys() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d keys still cached after 10 s of garbage collections", ed25519.CachedKeys())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if sig := ed25519.Sign(priv, msg); !bytes.Equal(sig, want) {
		t.Fatal("signature after the key was dropped differs from crypto/ed25519's")
	}
	if _, err := bad.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Fatal("signed with a mismatched key")
	}
	if n := ed25519.CachedKeys(); n != 1 {
		t.Fatalf("%d keys cached, want 1", n)
	}
}
