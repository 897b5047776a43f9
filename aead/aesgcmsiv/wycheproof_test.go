package aesgcmsiv

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// TestWycheproof runs every test of Wycheproof's aes_gcm_siv_test.json on
// every implementation: valid tests must seal to their ciphertext and tag
// and open again; invalid ones must fail to open. Tests whose nonce is not
// 12 bytes long, which the API cannot take (Seal and Open panic, as
// cipher.AEAD documents), must be invalid; they are counted, and New must
// reject the keys of tests whose key is neither 16 nor 32 bytes.
func TestWycheproof(t *testing.T) {
	var f wycheproof.AEADFile
	wycheproof.Load(t, "aes_gcm_siv_test.json", &f)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var run, badNonce, badKey int
		for _, g := range f.TestGroups {
			for _, tc := range g.Tests {
				a, err := New(tc.Key)
				if len(tc.Key) != 16 && len(tc.Key) != 32 {
					if err == nil || tc.Result != wycheproof.Invalid {
						t.Fatalf("%s: a %d-byte key in a test that is %s; New gives %v", tc.Name(), len(tc.Key), tc.Result, err)
					}
					badKey++
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", tc.Name(), err)
				}
				if len(tc.IV) != NonceSize {
					if tc.Result != wycheproof.Invalid {
						t.Fatalf("%s: a %d-byte nonce in a test that is %s", tc.Name(), len(tc.IV), tc.Result)
					}
					badNonce++
					continue
				}
				run++
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
		if run == 0 {
			t.Fatal("no test run: the file has not been read")
		}
		if n := run + badNonce + badKey; n != f.NumberOfTests {
			t.Fatalf("ran %d tests, the file has %d", n, f.NumberOfTests)
		}
		t.Logf("%d tests run, %d with a nonce of another size, %d with a key of another size", run, badNonce, badKey)
	})
}
