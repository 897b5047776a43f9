package ed448_test

import (
	"bytes"
	"crypto"
	"runtime"
	"testing"
	"time"

	circl "github.com/cloudflare/circl/sign/ed448"
	"github.com/crypton-go/crypton/ecc/ed448"
)

// TestKeyCache checks the key cache from the outside: NewKeyFromSeed puts
// its key in it, a copy of the key in another slice finds the same entry,
// a key whose halves disagree never enters it, and a key left unused is
// dropped after a few garbage collections and checked again when it is
// used again.
func TestKeyCache(t *testing.T) {
	ed448.ForgetKeys()
	priv := ed448.NewKeyFromSeed(bytes.Repeat([]byte{0x21}, ed448.SeedSize))
	if n := ed448.CachedKeys(); n != 1 {
		t.Fatalf("%d keys cached after NewKeyFromSeed, want 1", n)
	}
	msg := []byte("cached")
	want := circl.Sign(circl.PrivateKey(bytes.Clone(priv)), msg, "")
	for range 3 {
		if sig, err := ed448.Sign(bytes.Clone(priv), msg, ""); err != nil || !bytes.Equal(sig, want) {
			t.Fatal("signature differs from circl's")
		}
	}
	other := ed448.NewKeyFromSeed(bytes.Repeat([]byte{0x22}, ed448.SeedSize))
	bad := ed448.PrivateKey(append(other.Seed(), priv[ed448.SeedSize:]...))
	if _, err := bad.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Fatal("signed with a mismatched key")
	}
	if n := ed448.CachedKeys(); n != 2 {
		t.Fatalf("%d keys cached, want 2", n)
	}
	deadline := time.Now().Add(10 * time.Second)
	for ed448.CachedKeys() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d keys still cached after 10 s of garbage collections", ed448.CachedKeys())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if sig, err := ed448.Sign(priv, msg, ""); err != nil || !bytes.Equal(sig, want) {
		t.Fatal("signature after the key was dropped differs from circl's")
	}
	if _, err := bad.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Fatal("signed with a mismatched key")
	}
	if n := ed448.CachedKeys(); n != 1 {
		t.Fatalf("%d keys cached, want 1", n)
	}
}
