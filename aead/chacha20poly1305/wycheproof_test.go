package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// TestWycheproof runs every test of Wycheproof's chacha20_poly1305_test.json
// and xchacha20_poly1305_test.json on every implementation: valid tests
// must seal to their ciphertext and tag and open again, invalid ones must
// fail to open; a nonce of the wrong size (flag InvalidNonceSize, always
// invalid) must make Seal and Open panic, as cipher.AEAD documents.
func TestWycheproof(t *testing.T) {
	for _, tf := range []struct {
		file      string
		new       func([]byte) (cipher.AEAD, error)
		nonceSize int
	}{
		{"chacha20_poly1305_test.json", New, NonceSize},
		{"xchacha20_poly1305_test.json", NewX, NonceSizeX},
	} {
		t.Run(tf.file, func(t *testing.T) {
			var f wycheproof.AEADFile
			wycheproof.Load(t, tf.file, &f)
			cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
				var valid, invalid, badNonce int
				for _, g := range f.TestGroups {
					if g.KeySize != 8*KeySize || g.TagSize != 8*Overhead {
						t.Fatalf("group with a %d-bit key and a %d-bit tag", g.KeySize, g.TagSize)
					}
					for _, tc := range g.Tests {
						a, err := tf.new(tc.Key)
						if err != nil {
							t.Fatalf("%s: %v", tc.Name(), err)
						}
						if len(tc.IV) != tf.nonceSize {
							if tc.Result != wycheproof.Invalid || !tc.HasFlag("InvalidNonceSize") {
								t.Fatalf("%s: a %d-byte nonce in a test that is %s", tc.Name(), len(tc.IV), tc.Result)
							}
							badNonce++
							checkNoncePanics(t, a, &tc)
							continue
						}
						sealed := append(bytes.Clone(tc.CT), tc.Tag...)
						switch tc.Result {
						case wycheproof.Valid:
							valid++
							if got := a.Seal(nil, tc.IV, tc.Msg, tc.AAD); !bytes.Equal(got, sealed) {
								t.Errorf("%s (%s): Seal gives %x, want %x", tc.Name(), tc.Comment, got, sealed)
							}
							if got, err := a.Open(nil, tc.IV, sealed, tc.AAD); err != nil || !bytes.Equal(got, tc.Msg) {
								t.Errorf("%s (%s): Open gives %x, %v; want %x", tc.Name(), tc.Comment, got, err, tc.Msg)
							}
						case wycheproof.Invalid:
							invalid++
							if got, err := a.Open(nil, tc.IV, sealed, tc.AAD); err == nil || got != nil {
								t.Errorf("%s (%s) %v: Open accepts an invalid ciphertext", tc.Name(), tc.Comment, tc.Flags)
							}
						default:
							t.Fatalf("%s: unexpected result %s", tc.Name(), tc.Result)
						}
					}
				}
				if valid == 0 || invalid == 0 || badNonce == 0 {
					t.Fatalf("%d valid, %d invalid and %d wrong-nonce tests: the file has not been read", valid, invalid, badNonce)
				}
				if n := valid + invalid + badNonce; n != f.NumberOfTests {
					t.Fatalf("ran %d tests, the file has %d", n, f.NumberOfTests)
				}
				t.Logf("%d valid, %d invalid and %d wrong-nonce-size tests", valid, invalid, badNonce)
			})
		})
	}
}

// checkNoncePanics checks that Seal and Open panic with a test's nonce of
// the wrong size.
func checkNoncePanics(t *testing.T, a cipher.AEAD, tc *wycheproof.AEADTest) {
	t.Helper()
	if try(func() { a.Seal(nil, tc.IV, tc.Msg, tc.AAD) }) == nil {
		t.Errorf("%s: Seal with a %d-byte nonce does not panic", tc.Name(), len(tc.IV))
	}
	if try(func() { a.Open(nil, tc.IV, append(bytes.Clone(tc.CT), tc.Tag...), tc.AAD) }) == nil {
		t.Errorf("%s: Open with a %d-byte nonce does not panic", tc.Name(), len(tc.IV))
	}
}

// try calls f and returns the value it panicked with, or nil.
func try(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}
