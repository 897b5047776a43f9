package hmac_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// wycheproofFiles maps each Wycheproof HMAC file this package runs to the
// name of its hash in hashes.
var wycheproofFiles = map[string]string{
	"hmac_sha1_test.json":       "SHA-1",
	"hmac_sha224_test.json":     "SHA-224",
	"hmac_sha256_test.json":     "SHA-256",
	"hmac_sha384_test.json":     "SHA-384",
	"hmac_sha512_test.json":     "SHA-512",
	"hmac_sha512_224_test.json": "SHA-512/224",
	"hmac_sha512_256_test.json": "SHA-512/256",
	"hmac_sha3_224_test.json":   "SHA3-224",
	"hmac_sha3_256_test.json":   "SHA3-256",
	"hmac_sha3_384_test.json":   "SHA3-384",
	"hmac_sha3_512_test.json":   "SHA3-512",
}

// TestWycheproof runs every test of every Wycheproof HMAC file whose hash
// crypton has, on every implementation of that hash. The files are those
// named hmac_*; of them, hmac_sm3 is skipped because crypton has no SM3. Any
// other file is an error, so a new one is not silently ignored.
func TestWycheproof(t *testing.T) {
	seen := map[string]bool{}
	for _, file := range wycheproof.Files(t, "hmac_") {
		t.Run(strings.TrimSuffix(file, "_test.json"), func(t *testing.T) {
			switch {
			case file == "hmac_sm3_test.json":
				t.Skip("HMAC-SM3: crypton has no SM3")
			}
			name, ok := wycheproofFiles[file]
			if !ok {
				t.Fatalf("unexpected Wycheproof file %s: add it to wycheproofFiles or skip it explicitly", file)
			}
			seen[file] = true
			hf := hashtest.ByName(t, name)
			var f wycheproof.MACFile
			wycheproof.Load(t, file, &f)
			cputest.TestAllImplementations(t, hf.Pkg, func(t *testing.T) {
				valid, invalid := 0, 0
				for _, g := range f.TestGroups {
					if g.TagSize%8 != 0 || g.TagSize/8 > hf.New().Size() || g.TagSize <= 0 {
						t.Fatalf("group with tag size %d bits for %s", g.TagSize, hf.Name)
					}
					n := g.TagSize / 8
					for _, tc := range g.Tests {
						m := hmac.New(hf.New, tc.Key)
						m.Write(tc.Msg)
						full := m.Sum(nil)
						// A truncated tag is the first TagSize bits of the MAC.
						ok := hmac.Equal(full[:n], tc.Tag)
						switch tc.Result {
						case wycheproof.Valid:
							valid++
							if !ok {
								t.Errorf("%s (%s): key %x, msg %x: MAC %x, want tag %x", tc.Name(), tc.Comment, tc.Key, tc.Msg, full[:n], tc.Tag)
							}
						case wycheproof.Invalid:
							invalid++
							if ok {
								t.Errorf("%s (%s) %v: the invalid tag %x verifies", tc.Name(), tc.Comment, tc.Flags, tc.Tag)
							}
						}

						// The same MAC again after Reset, the message
						// written in two pieces.
						m.Reset()
						half := len(tc.Msg) / 2
						m.Write(tc.Msg[:half])
						m.Write(tc.Msg[half:])
						if again := m.Sum(nil); !bytes.Equal(again, full) {
							t.Errorf("%s: after Reset: MAC %x, first %x", tc.Name(), again, full)
						}
					}
				}
				if valid == 0 || invalid == 0 {
					t.Errorf("%d valid and %d invalid tests checked, want some of each", valid, invalid)
				}
				t.Logf("%d valid and %d invalid tests passed", valid, invalid)
			})
		})
	}
	for file := range wycheproofFiles {
		if !seen[file] && !t.Failed() {
			t.Errorf("Wycheproof file %s was not found", file)
		}
	}
}
