package mlkem_test

import (
	"bytes"
	"compress/gzip"
	"crypto"
	stdmlkem "crypto/mlkem"
	stdmlkemtest "crypto/mlkem/mlkemtest"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// TestWycheproof runs mlkem_test.json: key generation and decapsulation
// (including ciphertexts that implicit rejection must catch although a
// strcmp-style comparison would not), and encapsulation keys that fail the
// modulus check.
func TestWycheproof(t *testing.T) {
	cputest.TestAllImplementations(t, "mlkem", testWycheproof)
}

func testWycheproof(t *testing.T) {
	var f wycheproof.MLKEMFile
	wycheproof.Load(t, "mlkem_test.json", &f)
	n := 0
	for _, g := range f.TestGroups {
		p := paramsByName(t, g.ParameterSet)
		for _, tc := range g.Tests {
			t.Run(p.name+"/"+tc.Name(), func(t *testing.T) {
				n++
				switch g.Type {
				case "MLKEMTest":
					dk, err := p.fromSeed(tc.Seed)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(dk.Encapsulator().Bytes(), tc.EK) {
						t.Fatal("encapsulation key differs")
					}
					K, err := dk.Decapsulate(tc.C)
					if tc.Result == wycheproof.Invalid {
						if err == nil && bytes.Equal(K, tc.K) {
							t.Fatal("invalid test passed")
						}
						return
					}
					if err != nil || !bytes.Equal(K, tc.K) {
						t.Fatalf("Decapsulate = %x, %v; want %x", K, err, tc.K)
					}
				case "MLKEMEncapsTest":
					ek, err := p.parseEK(tc.EK)
					if tc.Result == wycheproof.Invalid {
						if err == nil {
							t.Fatal("invalid encapsulation key accepted")
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					K, c, err := p.encapsulateDet(ek, tc.M)
					if err != nil || !bytes.Equal(K, tc.K) || !bytes.Equal(c, tc.C) {
						t.Fatalf("Encapsulate = %x, %x, %v", K, c, err)
					}
				default:
					t.Fatalf("unknown group type %q", g.Type)
				}
			})
		}
	}
	if n != f.NumberOfTests {
		t.Errorf("ran %d tests of %d", n, f.NumberOfTests)
	}
}

// circlModule is the module whose testdata holds NIST's ACVP vectors for
// ML-KEM (from usnistgov/ACVP-Server), and whose ML-KEM is a peer in the
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

// TestACVP runs NIST's ACVP vectors: key generation from (d, z) to the
// encapsulation key and the expanded decapsulation key; encapsulation with
// a given m; decapsulation with an expanded key, of valid and modified
// ciphertexts.
func TestACVP(t *testing.T) {
	cputest.TestAllImplementations(t, "mlkem", testACVP)
}

func testACVP(t *testing.T) {
	root := filepath.Join(cryptotest.FetchModule(t, circlPath, circlVersion), "kem", "mlkem", "testdata")

	t.Run("keyGen", func(t *testing.T) {
		dir := filepath.Join(root, "ML-KEM-keyGen-FIPS203")
		var prompt struct {
			TestGroups []struct {
				TgID         int    `json:"tgId"`
				ParameterSet string `json:"parameterSet"`
				Tests        []struct {
					TcID int      `json:"tcId"`
					D    hexBytes `json:"d"`
					Z    hexBytes `json:"z"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		var results struct {
			TestGroups []struct {
				TgID  int `json:"tgId"`
				Tests []struct {
					TcID int      `json:"tcId"`
					EK   hexBytes `json:"ek"`
					DK   hexBytes `json:"dk"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		readACVP(t, dir, "prompt.json.gz", &prompt)
		readACVP(t, dir, "expectedResults.json.gz", &results)
		n := 0
		for gi, g := range prompt.TestGroups {
			p := paramsByName(t, g.ParameterSet)
			for ti, tc := range g.Tests {
				want := results.TestGroups[gi].Tests[ti]
				if want.TcID != tc.TcID {
					t.Fatalf("results out of order at tcId %d", tc.TcID)
				}
				dk, err := p.fromSeed(append(append([]byte{}, tc.D...), tc.Z...))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(dk.Encapsulator().Bytes(), want.EK) {
					t.Errorf("tcId %d: ek differs", tc.TcID)
				}
				if !bytes.Equal(p.expanded(dk), want.DK) {
					t.Errorf("tcId %d: dk differs", tc.TcID)
				}
				n++
			}
		}
		if n != 75 {
			t.Errorf("ran %d keyGen tests, want 75", n)
		}
	})

	t.Run("encapDecap", func(t *testing.T) {
		dir := filepath.Join(root, "ML-KEM-encapDecap-FIPS203")
		var prompt struct {
			TestGroups []struct {
				TgID         int      `json:"tgId"`
				ParameterSet string   `json:"parameterSet"`
				Function     string   `json:"function"`
				DK           hexBytes `json:"dk"`
				Tests        []struct {
					TcID int      `json:"tcId"`
					EK   hexBytes `json:"ek"`
					M    hexBytes `json:"m"`
					C    hexBytes `json:"c"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		var results struct {
			TestGroups []struct {
				TgID  int `json:"tgId"`
				Tests []struct {
					TcID int      `json:"tcId"`
					C    hexBytes `json:"c"`
					K    hexBytes `json:"k"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		readACVP(t, dir, "prompt.json.gz", &prompt)
		readACVP(t, dir, "expectedResults.json.gz", &results)
		counts := map[string]int{}
		for gi, g := range prompt.TestGroups {
			p := paramsByName(t, g.ParameterSet)
			for ti, tc := range g.Tests {
				want := results.TestGroups[gi].Tests[ti]
				if want.TcID != tc.TcID {
					t.Fatalf("results out of order at tcId %d", tc.TcID)
				}
				switch g.Function {
				case "encapsulation":
					ek, err := p.parseEK(tc.EK)
					if err != nil {
						t.Fatalf("tcId %d: %v", tc.TcID, err)
					}
					K, c, err := p.encapsulateDet(ek, tc.M)
					if err != nil || !bytes.Equal(K, want.K) || !bytes.Equal(c, want.C) {
						t.Errorf("tcId %d: encapsulation differs (%v)", tc.TcID, err)
					}
				case "decapsulation":
					dk, err := p.fromExpanded(g.DK)
					if err != nil {
						t.Fatalf("tcId %d: %v", tc.TcID, err)
					}
					K, err := dk.Decapsulate(tc.C)
					if err != nil || !bytes.Equal(K, want.K) {
						t.Errorf("tcId %d: decapsulation differs (%v)", tc.TcID, err)
					}
				default:
					t.Fatalf("unknown function %q", g.Function)
				}
				counts[g.Function]++
			}
		}
		if counts["encapsulation"] != 75 || counts["decapsulation"] != 30 {
			t.Errorf("ran %v tests, want 75 encapsulations and 30 decapsulations", counts)
		}
	})
}

// TestStdlib checks ML-KEM-768 and ML-KEM-1024 against Go's crypto/mlkem
// on random keys, both ways: the same seed gives the same keys; each side
// decapsulates the other's ciphertexts; derandomized encapsulations are
// equal; modified ciphertexts give the same implicit-rejection keys.
func TestStdlib(t *testing.T) {
	cputest.TestAllImplementations(t, "mlkem", testStdlib)
}

func testStdlib(t *testing.T) {
	type stdKey interface {
		Bytes() []byte
		Decapsulate([]byte) ([]byte, error)
	}
	type peer struct {
		p        *params
		fromSeed func([]byte) (stdKey, crypto.Encapsulator, error)
		parseEK  func([]byte) (crypto.Encapsulator, error)
		encDet   func(crypto.Encapsulator, []byte) ([]byte, []byte, error)
	}
	peers := []peer{
		{
			p: paramsByName(t, "ML-KEM-768"),
			fromSeed: func(s []byte) (stdKey, crypto.Encapsulator, error) {
				k, err := stdmlkem.NewDecapsulationKey768(s)
				if err != nil {
					return nil, nil, err
				}
				return k, k.EncapsulationKey(), nil
			},
			parseEK: func(b []byte) (crypto.Encapsulator, error) { return stdmlkem.NewEncapsulationKey768(b) },
			encDet: func(ek crypto.Encapsulator, m []byte) ([]byte, []byte, error) {
				return stdmlkemtest.Encapsulate768(ek.(*stdmlkem.EncapsulationKey768), m)
			},
		},
		{
			p: paramsByName(t, "ML-KEM-1024"),
			fromSeed: func(s []byte) (stdKey, crypto.Encapsulator, error) {
				k, err := stdmlkem.NewDecapsulationKey1024(s)
				if err != nil {
					return nil, nil, err
				}
				return k, k.EncapsulationKey(), nil
			},
			parseEK: func(b []byte) (crypto.Encapsulator, error) { return stdmlkem.NewEncapsulationKey1024(b) },
			encDet: func(ek crypto.Encapsulator, m []byte) ([]byte, []byte, error) {
				return stdmlkemtest.Encapsulate1024(ek.(*stdmlkem.EncapsulationKey1024), m)
			},
		},
	}
	iters := 200
	if testing.Short() {
		iters = 20
	}
	r := rand.New(rand.NewPCG(20, 21))
	for _, pe := range peers {
		t.Run(pe.p.name, func(t *testing.T) {
			for range iters {
				seed := randBytes(r, 64)
				dk, err := pe.p.fromSeed(seed)
				if err != nil {
					t.Fatal(err)
				}
				sdk, sek, err := pe.fromSeed(seed)
				if err != nil {
					t.Fatal(err)
				}
				ek := dk.Encapsulator()
				if !bytes.Equal(ek.Bytes(), sek.Bytes()) {
					t.Fatalf("seed %x: encapsulation keys differ", seed)
				}
				// Go encapsulates to crypton's key, crypton decapsulates.
				sek2, err := pe.parseEK(ek.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				K, c := sek2.Encapsulate()
				if K2, err := dk.Decapsulate(c); err != nil || !bytes.Equal(K, K2) {
					t.Fatalf("seed %x: crypton did not decapsulate Go's ciphertext", seed)
				}
				// crypton encapsulates to Go's key, Go decapsulates.
				ek2, err := pe.p.parseEK(sek.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				K, c = ek2.Encapsulate()
				if K2, err := sdk.Decapsulate(c); err != nil || !bytes.Equal(K, K2) {
					t.Fatalf("seed %x: Go did not decapsulate crypton's ciphertext", seed)
				}
				// Derandomized encapsulation.
				m := randBytes(r, 32)
				K, c, err = pe.p.encapsulateDet(ek, m)
				if err != nil {
					t.Fatal(err)
				}
				sK, sc, err := pe.encDet(sek, m)
				if err != nil || !bytes.Equal(K, sK) || !bytes.Equal(c, sc) {
					t.Fatalf("seed %x, m %x: encapsulations differ", seed, m)
				}
				// Implicit rejection of a modified ciphertext.
				c[r.IntN(len(c))] ^= 1 << r.IntN(8)
				Kr, err1 := dk.Decapsulate(c)
				sKr, err2 := sdk.Decapsulate(c)
				if err1 != nil || err2 != nil || !bytes.Equal(Kr, sKr) || bytes.Equal(Kr, K) {
					t.Fatalf("seed %x: implicit rejection differs", seed)
				}
			}
		})
	}
}

// TestCIRCL checks all three parameter sets against CIRCL's ML-KEM, which
// has ML-KEM-512 (Go's crypto/mlkem does not): keys from the same seed,
// derandomized encapsulation, decapsulation both ways, implicit rejection.
func TestCIRCL(t *testing.T) {
	cputest.TestAllImplementations(t, "mlkem", testCIRCL)
}

func testCIRCL(t *testing.T) {
	schemes := map[string]kem.Scheme{
		"ML-KEM-512":  mlkem512.Scheme(),
		"ML-KEM-768":  mlkem768.Scheme(),
		"ML-KEM-1024": mlkem1024.Scheme(),
	}
	iters := 100
	if testing.Short() {
		iters = 10
	}
	r := rand.New(rand.NewPCG(22, 23))
	for _, p := range allParams {
		s := schemes[p.name]
		t.Run(p.name, func(t *testing.T) {
			for range iters {
				seed := randBytes(r, 64)
				dk, err := p.fromSeed(seed)
				if err != nil {
					t.Fatal(err)
				}
				cpk, csk := s.DeriveKeyPair(seed)
				cek, _ := cpk.MarshalBinary()
				cdk, _ := csk.MarshalBinary()
				if !bytes.Equal(dk.Encapsulator().Bytes(), cek) || !bytes.Equal(p.expanded(dk), cdk) {
					t.Fatalf("seed %x: keys differ", seed)
				}
				m := randBytes(r, 32)
				c, K, err := s.EncapsulateDeterministically(cpk, m)
				if err != nil {
					t.Fatal(err)
				}
				K2, c2, err := p.encapsulateDet(dk.Encapsulator(), m)
				if err != nil || !bytes.Equal(K, K2) || !bytes.Equal(c, c2) {
					t.Fatalf("seed %x, m %x: encapsulations differ", seed, m)
				}
				K3, c3 := dk.Encapsulator().Encapsulate()
				if K4, err := s.Decapsulate(csk, c3); err != nil || !bytes.Equal(K3, K4) {
					t.Fatalf("seed %x: CIRCL did not decapsulate crypton's ciphertext", seed)
				}
				c[r.IntN(len(c))] ^= 1 << r.IntN(8)
				Kr, err1 := dk.Decapsulate(c)
				cKr, err2 := s.Decapsulate(csk, c)
				if err1 != nil || err2 != nil || !bytes.Equal(Kr, cKr) {
					t.Fatalf("seed %x: implicit rejection differs", seed)
				}
			}
		})
	}
}
