package ecdsa

import (
	"crypto"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/internal/wycheproof"
)

var wycheproofCurves = map[string]string{"secp256r1": "P-256", "secp384r1": "P-384", "secp521r1": "P-521"}

var wycheproofHashes = map[string]crypto.Hash{
	"SHA-256": crypto.SHA256, "SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512,
	"SHA3-256": crypto.SHA3_256, "SHA3-384": crypto.SHA3_384, "SHA3-512": crypto.SHA3_512,
}

// shortFiles are the files tested in -short mode, those issue #9 names.
var shortFiles = map[string]bool{
	"ecdsa_secp256r1_sha256_test.json": true, "ecdsa_secp256r1_sha256_p1363_test.json": true,
	"ecdsa_secp256r1_sha512_test.json": true, "ecdsa_secp256r1_sha512_p1363_test.json": true,
	"ecdsa_secp384r1_sha384_test.json": true, "ecdsa_secp384r1_sha384_p1363_test.json": true,
	"ecdsa_secp384r1_sha512_test.json": true, "ecdsa_secp384r1_sha512_p1363_test.json": true,
	"ecdsa_secp521r1_sha512_test.json": true, "ecdsa_secp521r1_sha512_p1363_test.json": true,
}

// TestWycheproof runs every ECDSA verification vector of Wycheproof for
// P-256, P-384 and P-521 with a SHA-2 or SHA-3 hash, DER and IEEE P1363
// (the _p1363 and _webcrypto files): ecdsa_secp256r1_sha256, _sha512,
// ecdsa_secp384r1_sha384, _sha512, ecdsa_secp521r1_sha512 and their _p1363
// files (all that -short runs), and the SHA-3, webcrypto and
// secp384r1_sha256 files. Each result must be exactly the expected one,
// on each implementation of the field arithmetic; these files have no
// "acceptable" vectors, and the test fails if one appears.
func TestWycheproof(t *testing.T) {
	type file struct {
		name string
		f    wycheproof.ECDSAVerifyFile
	}
	byCurve := map[string][]*file{}
	files := 0
	for _, name := range wycheproof.Files(t, "ecdsa_secp*r1_*.json") {
		if strings.Contains(name, "shake") || !strings.HasPrefix(name, "ecdsa_secp256r1_") &&
			!strings.HasPrefix(name, "ecdsa_secp384r1_") && !strings.HasPrefix(name, "ecdsa_secp521r1_") {
			continue // other curves; SHAKE digests are not a crypto.Hash
		}
		if testing.Short() && !shortFiles[name] {
			continue
		}
		fl := &file{name: strings.TrimSuffix(name, ".json")}
		wycheproof.Load(t, name, &fl.f)
		files++
		for _, g := range fl.f.TestGroups {
			curve, ok := wycheproofCurves[g.PublicKey.Curve]
			if !ok || !strings.Contains(name, g.PublicKey.Curve) {
				t.Fatalf("%s: unexpected curve %q", name, g.PublicKey.Curve)
			}
			if _, ok := wycheproofHashes[g.SHA]; !ok {
				t.Fatalf("%s: unexpected hash %q", name, g.SHA)
			}
			if l := byCurve[curve]; len(l) == 0 || l[len(l)-1] != fl {
				byCurve[curve] = append(l, fl)
			}
		}
	}
	want := 19 // every secp256r1, secp384r1 and secp521r1 file but SHAKE's
	if testing.Short() {
		want = len(shortFiles)
	}
	if files != want {
		t.Errorf("loaded %d files, want %d", files, want)
	}
	for _, curve := range []string{"P-256", "P-384", "P-521"} {
		c := curvesByName(curve)[0] // not the slow model
		t.Run(curve, func(t *testing.T) {
			forEachImplementation(t, c, func(t *testing.T) {
				for _, fl := range byCurve[curve] {
					t.Run(fl.name, func(t *testing.T) { testWycheproofFile(t, c, &fl.f) })
				}
			})
		})
	}
}

func testWycheproofFile(t *testing.T, c Curve, f *wycheproof.ECDSAVerifyFile) {
	raw := f.Schema == wycheproof.SchemaECDSAP1363Verify
	for _, g := range f.TestGroups {
		h := wycheproofHashes[g.SHA]
		pub, err := NewPublicKey(c, g.PublicKey.Uncompressed)
		if err != nil {
			t.Fatalf("public key %x rejected: %v", g.PublicKey.Uncompressed, err)
		}
		for _, tc := range g.Tests {
			d := h.New()
			d.Write(tc.Msg)
			digest := d.Sum(nil)
			var got bool
			if raw {
				got = VerifyRaw(pub, digest, tc.Sig)
			} else {
				got = VerifyASN1(pub, digest, tc.Sig)
			}
			switch tc.Result {
			case wycheproof.Acceptable:
				t.Errorf("%s (%s): an acceptable vector; document the choice (accepted: %v)", tc.Name(), tc.Comment, got)
			case wycheproof.Valid, wycheproof.Invalid:
				if want := tc.Result == wycheproof.Valid; got != want {
					t.Errorf("%s (%s, flags %v): got %v, want %v", tc.Name(), tc.Comment, tc.Flags, got, want)
				}
			}
		}
	}
}
