package ed448_test

import (
	"bytes"
	"crypto"
	"runtime"
	"syscall"
	"testing"

	circl "github.com/cloudflare/circl/sign/ed448"
	"github.com/crypton-go/crypton/ecc/ed448"
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
	seed := page[:ed448.SeedSize]
	copy(seed, bytes.Repeat([]byte{0x5a}, ed448.SeedSize))
	keys := map[string]ed448.PrivateKey{
		"start of page": page[64 : 64+ed448.PrivateKeySize],
		"end of page":   page[len(page)-ed448.PrivateKeySize:],
	}
	msg := page[256:300]
	copy(msg, "a message in locked memory too")
	for name, priv := range keys {
		t.Run(name, func(t *testing.T) {
			copy(priv, ed448.NewKeyFromSeed(seed))
			ref := circl.PrivateKey(bytes.Clone(priv))
			pub := ed448.PublicKey(priv[ed448.SeedSize:])
			for _, forget := range []bool{true, false} {
				if forget {
					ed448.ForgetKeys()
				}
				for _, ctx := range []string{"", "ctx"} {
					sig, err := ed448.Sign(priv, msg, ctx)
					if err != nil {
						t.Fatal(err)
					}
					if want := circl.Sign(ref, msg, ctx); !bytes.Equal(sig, want) {
						t.Errorf("Sign(%q) = %x, want %x", ctx, sig, want)
					}
					if !ed448.Verify(pub, msg, sig, ctx) {
						t.Errorf("Verify(%q) rejects the signature", ctx)
					}
					sig, err = ed448.SignPh(priv, msg, ctx)
					if err != nil {
						t.Fatal(err)
					}
					if want := circl.SignPh(ref, msg, ctx); !bytes.Equal(sig, want) {
						t.Errorf("SignPh(%q) differs from circl's", ctx)
					}
					if !ed448.VerifyPh(pub, msg, sig, ctx) {
						t.Errorf("VerifyPh(%q) rejects the signature", ctx)
					}
				}
				opts := &ed448.Options{Context: "signer"}
				sig, err := priv.Sign(nil, msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if err := ed448.VerifyWithOptions(pub, msg, sig, opts); err != nil {
					t.Error(err)
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
	if _, priv, err := ed448.GenerateKey(bytes.NewReader(seed)); err != nil || !bytes.Equal(priv, keys["end of page"]) {
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
	priv := ed448.PrivateKey(page[:ed448.PrivateKeySize])
	copy(priv, ed448.NewKeyFromSeed(bytes.Repeat([]byte{0x3c}, ed448.SeedSize)))
	ed448.ForgetKeys()
	sig, err := ed448.Sign(priv, []byte("m"), "")
	if err != nil {
		t.Fatal(err)
	}
	pub := bytes.Clone(priv[ed448.SeedSize:])
	clear(page)
	if err := syscall.Munmap(page); err != nil {
		t.Fatalf("munmap: %v", err)
	}
	for range 3 {
		runtime.GC()
		ed448.Sign(ed448.NewKeyFromSeed(make([]byte, ed448.SeedSize)), []byte("m"), "")
	}
	if !ed448.Verify(pub, []byte("m"), sig, "") {
		t.Error("rejected")
	}
}
