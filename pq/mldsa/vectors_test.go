package mldsa_test

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/internal/wycheproof"
	"github.com/crypton-go/crypton/pq/mldsa"
	"github.com/crypton-go/crypton/pq/mldsa/mldsatest"
)

// wycheproofParams returns the parameter set named by a file's Algorithm,
// and checks it against the file's name.
func wycheproofParams(t *testing.T, file, algorithm string) *params {
	t.Helper()
	p := paramsByName(t, algorithm)
	if !strings.HasPrefix(file, "mldsa_"+strings.TrimPrefix(algorithm, "ML-DSA-")+"_") {
		t.Fatalf("%s holds %s vectors", file, algorithm)
	}
	return p
}

// TestWycheproofSign runs mldsa_{44,65,87}_sign_{seed,noseed}_test.json:
// deterministic signing with keys given as a seed or in the expanded form.
// A valid test must give exactly its signature (and the signature must
// verify); an invalid one (a key of the wrong length or with coefficients
// out of range, a context over 255 bytes) must fail.
func TestWycheproofSign(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testWycheproofSign)
}

func testWycheproofSign(t *testing.T) {
	for _, file := range wycheproof.Files(t, "mldsa_*_sign_*_test.json") {
		t.Run(file, func(t *testing.T) {
			var f wycheproof.MLDSASignFile
			wycheproof.Load(t, file, &f)
			p := wycheproofParams(t, file, f.Algorithm)
			seeded := f.Schema == wycheproof.SchemaMLDSASignSeed
			counts := map[wycheproof.Result]int{}
			for _, g := range f.TestGroups {
				if g.Type != "MlDsaSign" {
					t.Fatalf("unknown group type %q", g.Type)
				}
				var sk *mldsa.PrivateKey
				var keyErr error
				if seeded {
					sk, keyErr = mldsa.NewPrivateKey(p.p, g.PrivateSeed)
				} else {
					sk, keyErr = mldsatest.NewPrivateKeyFromExpanded(p.p, g.PrivateKey)
				}
				for _, tc := range g.Tests {
					t.Run(tc.Name(), func(t *testing.T) {
						counts[tc.Result]++
						if keyErr != nil {
							if tc.Result != wycheproof.Invalid {
								t.Fatalf("%s: the key was rejected: %v", tc.Comment, keyErr)
							}
							checkErr(t, "an invalid key", keyErr)
							return
						}
						if seeded && !bytes.Equal(sk.Bytes(), g.PrivateSeed) {
							t.Fatal("Bytes is not the seed")
						}
						if !seeded && !bytes.Equal(mldsatest.ExpandedBytes(sk), g.PrivateKey) {
							t.Fatal("ExpandedBytes is not the key")
						}
						opts := &mldsa.Options{Context: string(tc.Ctx)}
						sig, err := sk.SignDeterministic(tc.Msg, opts)
						switch tc.Result {
						case wycheproof.Valid:
							if err != nil {
								t.Fatalf("%s: %v", tc.Comment, err)
							}
							if !bytes.Equal(sig, tc.Sig) {
								t.Fatalf("%s: signature differs", tc.Comment)
							}
							if err := mldsa.Verify(sk.PublicKey(), tc.Msg, sig, opts); err != nil {
								t.Fatalf("%s: the signature does not verify: %v", tc.Comment, err)
							}
						case wycheproof.Invalid:
							checkErr(t, tc.Comment, err)
						default:
							t.Fatalf("unexpected result %q", tc.Result)
						}
					})
				}
			}
			t.Logf("%d tests: %d valid, %d invalid", f.NumberOfTests, counts[wycheproof.Valid], counts[wycheproof.Invalid])
		})
	}
}

// TestWycheproofVerify runs mldsa_{44,65,87}_verify_test.json: valid
// signatures (of keys at the edges of key generation and signing, and of
// keys whose private part is out of range), and invalid ones: modified
// signatures, non-canonical hint encodings, wrong lengths of signatures
// and keys, contexts over 255 bytes.
func TestWycheproofVerify(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testWycheproofVerify)
}

func testWycheproofVerify(t *testing.T) {
	for _, file := range wycheproof.Files(t, "mldsa_*_verify_test.json") {
		t.Run(file, func(t *testing.T) {
			var f wycheproof.MLDSAVerifyFile
			wycheproof.Load(t, file, &f)
			p := wycheproofParams(t, file, f.Algorithm)
			counts := map[wycheproof.Result]int{}
			for _, g := range f.TestGroups {
				if g.Type != "MlDsaVerify" {
					t.Fatalf("unknown group type %q", g.Type)
				}
				pk, keyErr := mldsa.NewPublicKey(p.p, g.PublicKey)
				for _, tc := range g.Tests {
					t.Run(tc.Name(), func(t *testing.T) {
						counts[tc.Result]++
						if keyErr != nil {
							if tc.Result != wycheproof.Invalid {
								t.Fatalf("%s: the key was rejected: %v", tc.Comment, keyErr)
							}
							checkErr(t, "an invalid key", keyErr)
							return
						}
						err := mldsa.Verify(pk, tc.Msg, tc.Sig, &mldsa.Options{Context: string(tc.Ctx)})
						switch tc.Result {
						case wycheproof.Valid:
							if err != nil {
								t.Fatalf("%s: %v", tc.Comment, err)
							}
						case wycheproof.Invalid:
							checkErr(t, tc.Comment, err)
						default:
							t.Fatalf("unexpected result %q", tc.Result)
						}
					})
				}
			}
			t.Logf("%d tests: %d valid, %d invalid", f.NumberOfTests, counts[wycheproof.Valid], counts[wycheproof.Invalid])
		})
	}
}

// circlModule is the module whose testdata holds NIST's ACVP vectors for
// ML-DSA (from usnistgov/ACVP-Server), and whose ML-DSA is the peer of the
// differential tests: a test dependency only.
const (
	circlPath    = "github.com/cloudflare/circl"
	circlVersion = "v1.6.5"
)

type hexBytes []byte

func (b *hexBytes) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*b = v
	return err
}

// readACVP decodes the gzipped JSON file name of the ACVP vector set dir.
func readACVP(t *testing.T, dir, name string, v any) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(z).Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// acvpGroup holds the fields of an ACVP test group of ML-DSA that the
// tests use, from every revision of the vector sets. The older revision
// ("FIPS204", which CIRCL v1.6.5 carries) tests ML-DSA.Sign_internal and
// Verify_internal on a message M′ given whole; the newer one adds
// signatureInterface ("internal" or "external"), preHash ("pure" or
// "preHash"), externalMu and the context.
type acvpGroup struct {
	TgID               int      `json:"tgId"`
	TestType           string   `json:"testType"`
	ParameterSet       string   `json:"parameterSet"`
	Deterministic      bool     `json:"deterministic"`
	SignatureInterface string   `json:"signatureInterface"`
	PreHash            string   `json:"preHash"`
	ExternalMu         bool     `json:"externalMu"`
	PK                 hexBytes `json:"pk"`
	Tests              []struct {
		TcID      int      `json:"tcId"`
		Seed      hexBytes `json:"seed"`
		PK        hexBytes `json:"pk"`
		SK        hexBytes `json:"sk"`
		Message   hexBytes `json:"message"`
		Mu        hexBytes `json:"mu"`
		Rnd       hexBytes `json:"rnd"`
		Context   hexBytes `json:"context"`
		HashAlg   string   `json:"hashAlg"`
		Signature hexBytes `json:"signature"`
	} `json:"tests"`
}

type acvpResults struct {
	TestGroups []struct {
		TgID  int `json:"tgId"`
		Tests []struct {
			TcID       int      `json:"tcId"`
			PK         hexBytes `json:"pk"`
			SK         hexBytes `json:"sk"`
			Signature  hexBytes `json:"signature"`
			TestPassed *bool    `json:"testPassed"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// acvpMu returns the μ that a test of an ACVP group signs or verifies, for
// the public key pkb, and whether the API can express the test: the
// internal interface signs μ = H(tr‖M′) (or the μ given, with externalMu),
// the external one pure ML-DSA with a context. Pre-hash tests cannot be
// expressed.
func acvpMu(g *acvpGroup, pkb, message, mu, ctx []byte) ([]byte, bool) {
	switch {
	case g.PreHash == "preHash":
		return nil, false
	case g.ExternalMu:
		return mu, true
	case g.SignatureInterface == "external":
		m := append([]byte{0, byte(len(ctx))}, ctx...)
		message = append(m, message...)
	}
	tr := sha3.SumSHAKE256(pkb, 64)
	return sha3.SumSHAKE256(append(tr, message...), 64), true
}

// TestACVP runs NIST's ACVP vectors for ML-DSA: key generation from a seed
// to the public key and the expanded private key; signing (deterministic
// and with a given rnd) with an expanded private key through SignMu; and
// verification through VerifyMu.
func TestACVP(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testACVP)
}

func testACVP(t *testing.T) {
	root := filepath.Join(cryptotest.FetchModule(t, circlPath, circlVersion), "sign", "mldsa", "testdata")
	load := func(t *testing.T, name string) ([]acvpGroup, acvpResults) {
		dir := filepath.Join(root, name)
		var prompt struct {
			Revision   string      `json:"revision"`
			TestGroups []acvpGroup `json:"testGroups"`
		}
		var results acvpResults
		readACVP(t, dir, "prompt.json.gz", &prompt)
		readACVP(t, dir, "expectedResults.json.gz", &results)
		if len(results.TestGroups) != len(prompt.TestGroups) {
			t.Fatal("prompt and results have different groups")
		}
		for i := range prompt.TestGroups {
			pg, rg := &prompt.TestGroups[i], &results.TestGroups[i]
			if pg.TgID != rg.TgID || len(pg.Tests) != len(rg.Tests) {
				t.Fatalf("results out of order at tgId %d", pg.TgID)
			}
			for j := range pg.Tests {
				if pg.Tests[j].TcID != rg.Tests[j].TcID {
					t.Fatalf("results out of order at tcId %d", pg.Tests[j].TcID)
				}
			}
		}
		t.Logf("revision %s", prompt.Revision)
		return prompt.TestGroups, results
	}

	t.Run("keyGen", func(t *testing.T) {
		groups, results := load(t, "ML-DSA-keyGen-FIPS204")
		n := 0
		for gi, g := range groups {
			p := paramsByName(t, g.ParameterSet)
			for ti, tc := range g.Tests {
				want := results.TestGroups[gi].Tests[ti]
				sk, err := mldsa.NewPrivateKey(p.p, tc.Seed)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sk.PublicKey().Bytes(), want.PK) {
					t.Errorf("tcId %d: public key differs", tc.TcID)
				}
				if !bytes.Equal(mldsatest.ExpandedBytes(sk), want.SK) {
					t.Errorf("tcId %d: private key differs", tc.TcID)
				}
				n++
			}
		}
		t.Logf("%d keyGen tests", n)
		if n != 75 {
			t.Errorf("ran %d keyGen tests, want 75", n)
		}
	})

	t.Run("sigGen", func(t *testing.T) {
		groups, results := load(t, "ML-DSA-sigGen-FIPS204")
		ran, skipped := 0, 0
		for gi, g := range groups {
			p := paramsByName(t, g.ParameterSet)
			for ti, tc := range g.Tests {
				want := results.TestGroups[gi].Tests[ti]
				sk, err := mldsatest.NewPrivateKeyFromExpanded(p.p, tc.SK)
				if err != nil {
					t.Fatalf("tcId %d: %v", tc.TcID, err)
				}
				mu, ok := acvpMu(&g, sk.PublicKey().Bytes(), tc.Message, tc.Mu, tc.Context)
				if !ok {
					skipped++
					continue
				}
				var sig []byte
				if g.Deterministic {
					sig, err = sk.SignMuDeterministic(mu)
				} else {
					sig, err = sk.SignMu(bytes.NewReader(tc.Rnd), mu)
				}
				if err != nil || !bytes.Equal(sig, want.Signature) {
					t.Errorf("tcId %d (%s, deterministic %v): signature differs (%v)", tc.TcID, g.ParameterSet, g.Deterministic, err)
				}
				if err := mldsa.VerifyMu(sk.PublicKey(), mu, sig); err != nil {
					t.Errorf("tcId %d: the signature does not verify", tc.TcID)
				}
				ran++
			}
		}
		if skipped > 0 {
			t.Logf("skipped %d pre-hash (HashML-DSA) tests: the API signs pure ML-DSA only", skipped)
		}
		t.Logf("%d sigGen tests", ran)
		if ran != 60 {
			t.Errorf("ran %d sigGen tests, want 60", ran)
		}
	})

	t.Run("sigVer", func(t *testing.T) {
		groups, results := load(t, "ML-DSA-sigVer-FIPS204")
		ran, skipped, passed := 0, 0, 0
		for gi, g := range groups {
			p := paramsByName(t, g.ParameterSet)
			for ti, tc := range g.Tests {
				want := results.TestGroups[gi].Tests[ti]
				pkb := g.PK
				if tc.PK != nil {
					pkb = tc.PK
				}
				pk, err := mldsa.NewPublicKey(p.p, pkb)
				if err != nil {
					t.Fatalf("tcId %d: %v", tc.TcID, err)
				}
				mu, ok := acvpMu(&g, pkb, tc.Message, tc.Mu, tc.Context)
				if !ok {
					skipped++
					continue
				}
				if want.TestPassed == nil {
					t.Fatalf("tcId %d: no testPassed", tc.TcID)
				}
				err = mldsa.VerifyMu(pk, mu, tc.Signature)
				if (err == nil) != *want.TestPassed {
					t.Errorf("tcId %d: VerifyMu = %v, want testPassed %v", tc.TcID, err, *want.TestPassed)
				}
				if err == nil {
					passed++
				}
				ran++
			}
		}
		if skipped > 0 {
			t.Logf("skipped %d pre-hash (HashML-DSA) tests: the API verifies pure ML-DSA only", skipped)
		}
		t.Logf("%d sigVer tests, %d valid signatures", ran, passed)
		if ran != 45 {
			t.Errorf("ran %d sigVer tests, want 45", ran)
		}
	})
}

// circlScheme adapts one of CIRCL's ML-DSA packages to the differential
// test.
type circlScheme struct {
	parse  func(pk []byte) error
	keys   func(seed *[32]byte) (pk, sk []byte)
	sign   func(seed *[32]byte, msg, ctx []byte, randomized bool) []byte
	verify func(pk, msg, ctx, sig []byte) bool
}

var circlSchemes = map[string]circlScheme{
	"ML-DSA-44": {
		parse: func(b []byte) error { var pk mldsa44.PublicKey; return pk.UnmarshalBinary(b) },
		keys:  func(s *[32]byte) ([]byte, []byte) { pk, sk := mldsa44.NewKeyFromSeed(s); return pk.Bytes(), sk.Bytes() },
		sign: func(s *[32]byte, msg, ctx []byte, randomized bool) []byte {
			_, sk := mldsa44.NewKeyFromSeed(s)
			sig := make([]byte, mldsa44.SignatureSize)
			if err := mldsa44.SignTo(sk, msg, ctx, randomized, sig); err != nil {
				panic(err)
			}
			return sig
		},
		verify: func(pkb, msg, ctx, sig []byte) bool {
			var pk mldsa44.PublicKey
			if pk.UnmarshalBinary(pkb) != nil {
				return false
			}
			return mldsa44.Verify(&pk, msg, ctx, sig)
		},
	},
	"ML-DSA-65": {
		parse: func(b []byte) error { var pk mldsa65.PublicKey; return pk.UnmarshalBinary(b) },
		keys:  func(s *[32]byte) ([]byte, []byte) { pk, sk := mldsa65.NewKeyFromSeed(s); return pk.Bytes(), sk.Bytes() },
		sign: func(s *[32]byte, msg, ctx []byte, randomized bool) []byte {
			_, sk := mldsa65.NewKeyFromSeed(s)
			sig := make([]byte, mldsa65.SignatureSize)
			if err := mldsa65.SignTo(sk, msg, ctx, randomized, sig); err != nil {
				panic(err)
			}
			return sig
		},
		verify: func(pkb, msg, ctx, sig []byte) bool {
			var pk mldsa65.PublicKey
			if pk.UnmarshalBinary(pkb) != nil {
				return false
			}
			return mldsa65.Verify(&pk, msg, ctx, sig)
		},
	},
	"ML-DSA-87": {
		parse: func(b []byte) error { var pk mldsa87.PublicKey; return pk.UnmarshalBinary(b) },
		keys:  func(s *[32]byte) ([]byte, []byte) { pk, sk := mldsa87.NewKeyFromSeed(s); return pk.Bytes(), sk.Bytes() },
		sign: func(s *[32]byte, msg, ctx []byte, randomized bool) []byte {
			_, sk := mldsa87.NewKeyFromSeed(s)
			sig := make([]byte, mldsa87.SignatureSize)
			if err := mldsa87.SignTo(sk, msg, ctx, randomized, sig); err != nil {
				panic(err)
			}
			return sig
		},
		verify: func(pkb, msg, ctx, sig []byte) bool {
			var pk mldsa87.PublicKey
			if pk.UnmarshalBinary(pkb) != nil {
				return false
			}
			return mldsa87.Verify(&pk, msg, ctx, sig)
		},
	},
}

// TestCIRCL checks all three parameter sets against CIRCL's ML-DSA on
// random seeds, messages and contexts: the same keys from the same seed
// (public and expanded private), byte-equal deterministic signatures, each
// side verifying the other's hedged signatures, and both rejecting the same
// modified signatures.
func TestCIRCL(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testCIRCL)
}

func testCIRCL(t *testing.T) {
	iters := 40
	if testing.Short() {
		iters = 8
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, p := range allParams {
		c := circlSchemes[p.name]
		t.Run(p.name, func(t *testing.T) {
			for i := range iters {
				seed := [32]byte(randBytes(r, 32))
				msg := randBytes(r, r.IntN(300))
				ctx := randBytes(r, []int{0, 1, 17, 255}[i%4])
				opts := &mldsa.Options{Context: string(ctx)}
				sk, err := mldsa.NewPrivateKey(p.p, seed[:])
				if err != nil {
					t.Fatal(err)
				}
				pk := sk.PublicKey()
				cpk, csk := c.keys(&seed)
				if !bytes.Equal(pk.Bytes(), cpk) || !bytes.Equal(mldsatest.ExpandedBytes(sk), csk) {
					t.Fatalf("seed %x: keys differ", seed)
				}
				sig, err := sk.SignDeterministic(msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if csig := c.sign(&seed, msg, ctx, false); !bytes.Equal(sig, csig) {
					t.Fatalf("seed %x, msg %x, ctx %x: deterministic signatures differ", seed, msg, ctx)
				}
				hsig, err := sk.Sign(nil, msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !c.verify(cpk, msg, ctx, hsig) {
					t.Fatalf("seed %x: CIRCL rejects crypton's signature", seed)
				}
				csig := c.sign(&seed, msg, ctx, true)
				if err := mldsa.Verify(pk, msg, csig, opts); err != nil {
					t.Fatalf("seed %x: crypton rejects CIRCL's signature: %v", seed, err)
				}
				// A modified signature: both reject it.
				bad := bytes.Clone(csig)
				bad[r.IntN(len(bad))] ^= 1 << r.IntN(8)
				if err := mldsa.Verify(pk, msg, bad, opts); (err == nil) != c.verify(cpk, msg, ctx, bad) {
					t.Fatalf("seed %x: verdicts on a modified signature differ (crypton %v)", seed, err)
				}
			}
		})
	}
}
