package pbkdf2_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// wycheproofFiles maps each Wycheproof PBKDF2 file to the name of its hash.
var wycheproofFiles = map[string]string{
	"pbkdf2_hmacsha1_test.json":   "SHA-1",
	"pbkdf2_hmacsha224_test.json": "SHA-224",
	"pbkdf2_hmacsha256_test.json": "SHA-256",
	"pbkdf2_hmacsha384_test.json": "SHA-384",
	"pbkdf2_hmacsha512_test.json": "SHA-512",
}

// TestWycheproof runs every test of every Wycheproof PBKDF2 file, except
// those with more than longIterations iterations (one, with 16777216, in
// pbkdf2_hmacsha1), which run only without -short and with
// CRYPTON_LONG_TESTS=1; the test logs how many it skipped.
func TestWycheproof(t *testing.T) {
	seen := map[string]bool{}
	for _, file := range wycheproof.Files(t, "pbkdf2_") {
		t.Run(strings.TrimSuffix(file, "_test.json"), func(t *testing.T) {
			name, ok := wycheproofFiles[file]
			if !ok {
				t.Fatalf("unexpected Wycheproof file %s: add it to wycheproofFiles or skip it explicitly", file)
			}
			seen[file] = true
			hf := hashtest.ByName(t, name)
			var f wycheproof.PBKDF2File
			wycheproof.Load(t, file, &f)
			passed, skipped := 0, 0
			for _, g := range f.TestGroups {
				for _, tc := range g.Tests {
					if tc.IterationCount > longIterations && !longTests() {
						skipped++
						t.Logf("%s (%s): skipped, %d iterations; set CRYPTON_LONG_TESTS=1 (without -short) to run it", tc.Name(), tc.Comment, tc.IterationCount)
						continue
					}
					dk, err := pbkdf2.Key(hf.New, string(tc.Password), tc.Salt, tc.IterationCount, tc.DKLen)
					switch tc.Result {
					case wycheproof.Valid, wycheproof.Acceptable:
						if err != nil || !bytes.Equal(dk, tc.DK) {
							t.Errorf("%s (%s): Key(%x, %x, %d, %d) = %x, %v; want %x", tc.Name(), tc.Comment, tc.Password, tc.Salt, tc.IterationCount, tc.DKLen, dk, err, tc.DK)
							continue
						}
					case wycheproof.Invalid:
						if err == nil && bytes.Equal(dk, tc.DK) {
							t.Errorf("%s (%s) %v: Key gives the invalid DK %x", tc.Name(), tc.Comment, tc.Flags, dk)
							continue
						}
					}
					passed++
				}
			}
			if passed == 0 {
				t.Error("no test ran")
			}
			t.Logf("%d tests passed, %d with more than %d iterations skipped", passed, skipped, longIterations)
		})
	}
	for file := range wycheproofFiles {
		if !seen[file] && !t.Failed() {
			t.Errorf("Wycheproof file %s was not found", file)
		}
	}
}
