package aes

import (
	"bytes"
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// TestGCMWycheproof runs every test of Wycheproof's aes_gcm_test.json
// through crypto/cipher over the Block, on every implementation of
// AES-GCM: 12-byte nonces through cipher.NewGCMWithTagSize, other nonce
// sizes with 16-byte tags through cipher.NewGCMWithNonceSize, any other
// combination through the Block's NewGCM directly. The empty nonce, which
// GCM does not allow, must be refused by cipher.NewGCMWithNonceSize; its
// tests are all invalid. Tags under 12 bytes, which crypto/cipher does not
// support, are counted and skipped.
func TestGCMWycheproof(t *testing.T) {
	var f wycheproof.AEADFile
	wycheproof.Load(t, "aes_gcm_test.json", &f)
	cputest.TestAllImplementations(t, gcmPkg, func(t *testing.T) {
		var std12, stdOther, direct, emptyNonce, shortTag int
		for _, g := range f.TestGroups {
			ts := g.TagSize / 8
			if ts < 12 || ts > 16 {
				shortTag += len(g.Tests)
				continue
			}
			for _, tc := range g.Tests {
				block := newTestBlock(t, tc.Key)
				var a cipher.AEAD
				var err error
				switch {
				case len(tc.IV) == 0:
					if tc.Result != wycheproof.Invalid {
						t.Fatalf("%s: an empty nonce in a test that is %s", tc.Name(), tc.Result)
					}
					if a, err := cipher.NewGCMWithNonceSize(block, 0); err == nil || a != nil {
						t.Fatalf("%s: cipher.NewGCMWithNonceSize(0) = %v, %v", tc.Name(), a, err)
					}
					emptyNonce++
					continue
				case len(tc.IV) == 12:
					std12++
					a, err = cipher.NewGCMWithTagSize(block, ts)
				case ts == 16:
					stdOther++
					a, err = cipher.NewGCMWithNonceSize(block, len(tc.IV))
				default:
					direct++
					a, err = block.(interface {
						NewGCM(nonceSize, tagSize int) (cipher.AEAD, error)
					}).NewGCM(len(tc.IV), ts)
				}
				if err != nil {
					t.Fatalf("%s: %v", tc.Name(), err)
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
		if std12 == 0 || stdOther == 0 {
			t.Fatalf("%d tests with 12-byte nonces and %d with others: the file has not been read", std12, stdOther)
		}
		if n := std12 + stdOther + direct + emptyNonce + shortTag; n != f.NumberOfTests {
			t.Fatalf("ran %d tests, the file has %d", n, f.NumberOfTests)
		}
		t.Logf("%d tests through cipher.NewGCMWithTagSize, %d through cipher.NewGCMWithNonceSize, %d through NewGCM, %d with an empty nonce, %d with tags under 12 bytes (skipped)",
			std12, stdOther, direct, emptyNonce, shortTag)
	})
}
