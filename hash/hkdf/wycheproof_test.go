package hkdf_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/hkdf"
	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// wycheproofFiles maps each Wycheproof HKDF file to the name of its hash.
var wycheproofFiles = map[string]string{
	"hkdf_sha1_test.json":   "SHA-1",
	"hkdf_sha256_test.json": "SHA-256",
	"hkdf_sha384_test.json": "SHA-384",
	"hkdf_sha512_test.json": "SHA-512",
}

// TestWycheproof runs every test of every Wycheproof HKDF file. Valid tests
// must give their output keying material, through Key and through Extract
// followed by Expand; invalid ones (an output longer than 255 hash outputs)
// must be rejected with an error.
func TestWycheproof(t *testing.T) {
	seen := map[string]bool{}
	for _, file := range wycheproof.Files(t, "hkdf_") {
		t.Run(strings.TrimSuffix(file, "_test.json"), func(t *testing.T) {
			name, ok := wycheproofFiles[file]
			if !ok {
				t.Fatalf("unexpected Wycheproof file %s: add it to wycheproofFiles or skip it explicitly", file)
			}
			seen[file] = true
			hf := hashtest.ByName(t, name)
			var f wycheproof.HKDFFile
			wycheproof.Load(t, file, &f)
			valid, invalid := 0, 0
			for _, g := range f.TestGroups {
				for _, tc := range g.Tests {
					okm, err := hkdf.Key(hf.New, tc.IKM, tc.Salt, string(tc.Info), tc.Size)
					prk, _ := hkdf.Extract(hf.New, tc.IKM, tc.Salt)
					okm2, err2 := hkdf.Expand(hf.New, prk, string(tc.Info), tc.Size)
					switch tc.Result {
					case wycheproof.Valid:
						valid++
						if err != nil || !bytes.Equal(okm, tc.OKM) {
							t.Errorf("%s (%s): Key = %x, %v; want %x", tc.Name(), tc.Comment, okm, err, tc.OKM)
						}
						if err2 != nil || !bytes.Equal(okm2, tc.OKM) {
							t.Errorf("%s (%s): Expand(Extract) = %x, %v; want %x", tc.Name(), tc.Comment, okm2, err2, tc.OKM)
						}
					case wycheproof.Invalid:
						invalid++
						if err == nil || okm != nil {
							t.Errorf("%s (%s) %v: Key = %x, %v; want an error", tc.Name(), tc.Comment, tc.Flags, okm, err)
						}
						if err2 == nil || okm2 != nil {
							t.Errorf("%s (%s) %v: Expand = %x, %v; want an error", tc.Name(), tc.Comment, tc.Flags, okm2, err2)
						}
					default:
						t.Errorf("%s: unexpected result %q", tc.Name(), tc.Result)
					}
				}
			}
			if valid == 0 || invalid == 0 {
				t.Errorf("%d valid and %d invalid tests checked, want some of each", valid, invalid)
			}
			t.Logf("%d valid and %d invalid tests passed", valid, invalid)
		})
	}
	for file := range wycheproofFiles {
		if !seen[file] && !t.Failed() {
			t.Errorf("Wycheproof file %s was not found", file)
		}
	}
}
