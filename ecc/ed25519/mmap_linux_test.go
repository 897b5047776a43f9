package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	"runtime"
	"syscall"
	"testing"

	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// mmapPage returns a page of memory that the Go heap does not own, as
// careful programs keep their keys: mapped with mmap, followed by an
// unmapped guard page (so a key at its very end is also read within
// bounds), and unmapped when the test ends (cryptotest.GuardedBytes).
func mmapPage(t *testing.T) []byte {
	t.Helper()
	page, _ := cryptotest.GuardedBytes(t, syscall.Getpagesize())
	return page
}

// TestKeyOutsideHeap signs and verifies with keys held in memory that the
// Go heap does not own (before the key cache stopped keying on addresses,
// the first signature ended the program: "fatal error: getWeakHandle on
// invalid pointer"), at the start of a page and at its very end, through
// every signing entry point and variant, after the key cache was emptied
// (so that the key is checked against its seed from the page) and with the
// key in the cache.
func TestKeyOutsideHeap(t *testing.T) {
	page := mmapPage(t)
	seed := page[:ed25519.SeedSize]
	copy(seed, bytes.Repeat([]byte{0x5a}, ed25519.SeedSize))
	keys := map[string]ed25519.PrivateKey{
		"start of page": page[64:128],
		"end of page":   page[len(page)-ed25519.PrivateKeySize:],
	}
	msg := page[256:300]
	copy(msg, "a message in locked memory too")
	digest := sha512.Sum512(msg)
	for name, priv := range keys {
		t.Run(name, func(t *testing.T) {
			copy(priv, ed25519.NewKeyFromSeed(seed))
			std := stded25519.PrivateKey(bytes.Clone(priv)) // crypto/ed25519 caches by address too
			for _, forget := range []bool{true, false} {
				if forget {
					ed25519.ForgetKeys()
				}
				sig := ed25519.Sign(priv, msg)
				if want := stded25519.Sign(std, msg); !bytes.Equal(sig, want) {
					t.Fatalf("Sign = %x, want %x", sig, want)
				}
				pub := ed25519.PublicKey(priv[32:])
				if !ed25519.Verify(pub, msg, sig) {
					t.Error("Verify rejects the signature")
				}
				for _, opts := range []*ed25519.Options{{}, {Context: "ctx"}, {Hash: crypto.SHA512}, {Hash: crypto.SHA512, Context: "ctx"}} {
					m := msg
					if opts.Hash == crypto.SHA512 {
						m = digest[:]
					}
					sig, err := priv.Sign(nil, m, opts)
					if err != nil {
						t.Fatalf("%+v: %v", opts, err)
					}
					want, _ := std.Sign(nil, m, opts)
					if !bytes.Equal(sig, want) {
						t.Errorf("%+v: signature differs from crypto/ed25519's", opts)
					}
					if err := ed25519.VerifyWithOptions(pub, m, sig, opts); err != nil {
						t.Errorf("%+v: %v", opts, err)
					}
				}
			}
			// A seed changed in place is checked again, and refused.
			priv[0] ^= 1
			if _, err := priv.Sign(nil, msg, crypto.Hash(0)); err == nil {
				t.Error("signed with a seed changed in place")
			}
			priv[0] ^= 1
			if _, err := priv.Sign(nil, msg, crypto.Hash(0)); err != nil {
				t.Error(err)
			}
		})
	}
	// The seed and key in the page work for the key made from it, too.
	if _, priv, err := ed25519.GenerateKey(bytes.NewReader(seed)); err != nil || !bytes.Equal(priv, keys["end of page"]) {
		t.Errorf("GenerateKey from the page: %v", err)
	}
}

// TestKeyUnmapped checks that nothing refers to a key's memory once the
// key has been used: signing with a key in a page, unmapping the page and
// collecting garbage (which sweeps the key cache) must not touch it.
func TestKeyUnmapped(t *testing.T) {
	page, err := syscall.Mmap(-1, 0, syscall.Getpagesize(), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	priv := ed25519.PrivateKey(page[:ed25519.PrivateKeySize])
	copy(priv, ed25519.NewKeyFromSeed(bytes.Repeat([]byte{0x3c}, 32)))
	ed25519.ForgetKeys()
	sig := ed25519.Sign(priv, []byte("m"))
	pub := bytes.Clone(priv[32:])
	clear(page)
	if err := syscall.Munmap(page); err != nil {
		t.Fatalf("munmap: %v", err)
	}
	for range 3 {
		runtime.GC()
		ed25519.Sign(ed25519.NewKeyFromSeed(make([]byte, 32)), []byte("m"))
	}
	if !ed25519.Verify(pub, []byte("m"), sig) {
		t.Error("rejected")
	}
}
