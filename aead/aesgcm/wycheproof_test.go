package aesgcm

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/gcm"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// TestWycheproof runs every test of Wycheproof's aes_gcm_test.json on every
// implementation. Tests with a 12-byte nonce and a 12- to 16-byte tag go
// through New or NewWithTagSize, and those with nonces of other sizes and
// a 16-byte tag through NewWithNonceSize, the public API, which computes
// the pre-counter block from the nonce with GHASH as SP 800-38D specifies;
// other nonce sizes with shorter tags (which no public constructor, here or
// in the standard library, combines) through aead/internal/gcm's New. The
// empty nonce, which GCM does not allow, has only invalid tests. Valid tests must seal to their ciphertext
// and tag and open again; invalid ones must fail to open. Tags shorter than
// 12 bytes, which neither the package nor the standard library supports,
// are counted and skipped.
func TestWycheproof(t *testing.T) {
	var f wycheproof.AEADFile
	wycheproof.Load(t, "aes_gcm_test.json", &f)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var public, otherNonce, otherNonceTag, emptyNonce, shortTag int
		for _, g := range f.TestGroups {
			ts := g.TagSize / 8
			if ts < MinTagSize || ts > TagSize {
				shortTag += len(g.Tests)
				continue
			}
			for _, tc := range g.Tests {
				if len(tc.IV) == 0 {
					if tc.Result != wycheproof.Invalid {
						t.Fatalf("%s: an empty nonce in a test that is %s", tc.Name(), tc.Result)
					}
					emptyNonce++
					continue
				}
				var a interface {
					Seal(dst, nonce, plaintext, additionalData []byte) []byte
					Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error)
				}
				if len(tc.IV) == NonceSize {
					public++
					aead, err := NewWithTagSize(tc.Key, ts)
					if err != nil {
						t.Fatalf("%s: %v", tc.Name(), err)
					}
					a = aead
				} else if ts == TagSize {
					otherNonce++
					aead, err := NewWithNonceSize(tc.Key, len(tc.IV))
					if err != nil {
						t.Fatalf("%s: %v", tc.Name(), err)
					}
					a = aead
				} else {
					otherNonceTag++
					g, err := gcm.New(tc.Key, len(tc.IV), ts)
					if err != nil {
						t.Fatalf("%s: %v", tc.Name(), err)
					}
					a = g
				}
				sealed := append(bytes.Clone(tc.CT), tc.Tag...)
				switch tc.Result {
				case wycheproof.Valid, wycheproof.Acceptable:
					if got := a.Seal(nil, tc.IV, tc.Msg, tc.AAD); !bytes.Equal(got, sealed) {
						t.Errorf("%s (%s): Seal gives %x, want %x", tc.Name(), tc.Comment, got, sealed)
					}
					if got, err := a.Open(nil, tc.IV, sealed, tc.AAD); err != nil || !bytes.Equal(got, tc.Msg) {
						t.Errorf("%s (%s): Open gives %x, %v; want %x", tc.Name(), tc.Comment, got, err, tc.Msg)
					}
				case wycheproof.Invalid:
					if got, err := a.Open(nil, tc.IV, sealed, tc.AAD); err == nil || got != nil {
						t.Errorf("%s (%s) %v: Open accepts an invalid ciphertext", tc.Name(), tc.Comment, tc.Flags)
					}
				default:
					t.Fatalf("%s: unexpected result %s", tc.Name(), tc.Result)
				}
			}
		}
		if public == 0 || otherNonce == 0 {
			t.Fatalf("%d tests through New and %d through NewWithNonceSize: the file has not been read", public, otherNonce)
		}
		if n := public + otherNonce + otherNonceTag + emptyNonce + shortTag; n != f.NumberOfTests {
			t.Fatalf("ran %d tests, the file has %d", n, f.NumberOfTests)
		}
		t.Logf("%d tests through New/NewWithTagSize, %d through NewWithNonceSize, %d with another nonce size and a short tag, %d with an empty nonce, %d with tags under 12 bytes (skipped)",
			public, otherNonce, otherNonceTag, emptyNonce, shortTag)
	})
}
