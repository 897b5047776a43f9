package main

import (
	"bytes"
	"crypto"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cloudflare/circl/kem"
)

// speedPeersJSON is what the tests of rows with peers outside the standard
// library, or with two peers, read of -format json.
type speedPeersJSON struct {
	Rows []struct {
		Algorithm      string   `json:"algorithm"`
		Implementation string   `json:"implementation"`
		Unit           string   `json:"unit"`
		Crypton        float64  `json:"crypton"`
		Go             *float64 `json:"go"`
		OpenSSL        *float64 `json:"openssl"`
		CryptonGo      *float64 `json:"crypton_vs_go"`
		GoPeer         *string  `json:"go_peer"`
		GoAltPeer      *string  `json:"go_alt_peer"`
		Figures        struct {
			Go    *speedStats `json:"go"`
			GoAlt *speedStats `json:"go_alt"`
		} `json:"figures"`
	} `json:"rows"`
	Notes []string `json:"notes"`
}

// TestSpeedMLKEM runs the ML-KEM rows on a tiny budget: crypton and Go
// figures in µs/op, the Go one the faster of crypto/mlkem and CIRCL for
// ML-KEM-768 and ML-KEM-1024 (with a note naming it and giving the other's
// figure) and CIRCL's for ML-KEM-512, and no OpenSSL figure (OpenSSL 3.0
// has no ML-KEM).
func TestSpeedMLKEM(t *testing.T) {
	out, _ := runSpeedFormat(t, "-algs", "mlkem", "-format", "json")
	var rep speedPeersJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("JSON does not parse: %v\n%s", err, out)
	}
	var want []string
	for _, set := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		for _, op := range []string{"keygen", "encapsulate", "decapsulate"} {
			want = append(want, set+" "+op)
		}
	}
	if len(rep.Rows) != len(want) {
		t.Fatalf("got %d rows, want %q:\n%s", len(rep.Rows), want, out)
	}
	for i, r := range rep.Rows {
		if r.Algorithm != want[i] {
			t.Errorf("row %d is %q, want %q", i, r.Algorithm, want[i])
		}
		if r.Unit != unitUsOp || !(r.Crypton > 0) {
			t.Errorf("%s: unit %q, crypton %v; want a positive µs/op figure", r.Algorithm, r.Unit, r.Crypton)
		}
		if got, want := r.Implementation, activeImplementations("mlkem,sha3"); got != want {
			t.Errorf("%s: implementation %q, want %q", r.Algorithm, got, want)
		}
		if r.Go == nil || !(*r.Go > 0 && r.CryptonGo != nil && *r.CryptonGo == *r.Go/r.Crypton) {
			t.Errorf("%s: Go %v, ratio %v; want positive, the ratio Go/crypton", r.Algorithm, r.Go, r.CryptonGo)
			continue
		}
		if r.OpenSSL != nil {
			t.Errorf("%s: OpenSSL figure %v; this row has no openssl command", r.Algorithm, *r.OpenSSL)
		}
		set, _, _ := strings.Cut(r.Algorithm, " ")
		circl := "github.com/cloudflare/circl/kem/mlkem/mlkem" + strings.TrimPrefix(set, "ML-KEM-")
		if set == "ML-KEM-512" {
			if r.GoPeer == nil || *r.GoPeer != circl || r.GoAltPeer != nil || r.Figures.GoAlt != nil {
				t.Errorf("%s: Go peer %v, other peer %v (figure %v); want %s alone", r.Algorithm, r.GoPeer, r.GoAltPeer, r.Figures.GoAlt, circl)
			}
			if !slices.Contains(rep.Notes, r.Algorithm+": the Go column is "+circl+" (the standard library has none)") {
				t.Errorf("%s: no note naming CIRCL as the Go column: %q", r.Algorithm, rep.Notes)
			}
			continue
		}
		if r.GoPeer == nil || r.GoAltPeer == nil || r.Figures.Go == nil || r.Figures.GoAlt == nil {
			t.Errorf("%s: Go peer %v, other peer %v, figures %+v; want both peers' figures", r.Algorithm, r.GoPeer, r.GoAltPeer, r.Figures)
			continue
		}
		peers := []string{*r.GoPeer, *r.GoAltPeer}
		slices.Sort(peers)
		if !slices.Equal(peers, []string{"crypto/mlkem", circl}) {
			t.Errorf("%s: peers %q, want crypto/mlkem and %s", r.Algorithm, peers, circl)
		}
		if r.Figures.Go.Median != *r.Go || !(r.Figures.Go.Median <= r.Figures.GoAlt.Median) {
			t.Errorf("%s: Go %v, figures %+v and %+v; want the faster peer's median in the Go column", r.Algorithm, *r.Go, r.Figures.Go, r.Figures.GoAlt)
		}
		note := fmt.Sprintf("%s: the Go column is %s, the faster of two peers; %s: %s µs/op", r.Algorithm, *r.GoPeer, *r.GoAltPeer, fmtValue(r.Figures.GoAlt.Median))
		if !slices.Contains(rep.Notes, note) {
			t.Errorf("no note %q: %q", note, rep.Notes)
		}
	}
}

// TestMLKEMSetupChecks checks that each row's setup rejects an
// implementation that gets ML-KEM wrong: a key from another seed on the Go
// side, and a decapsulation that ignores the ciphertext.
func TestMLKEMSetupChecks(t *testing.T) {
	set := mlkemSpeedSets[1] // ML-KEM-768, against Go
	otherSeed := set
	otherSeed.goFromSeed = func(seed []byte) (crypto.Decapsulator, error) {
		return set.goFromSeed(append([]byte{seed[0] ^ 1}, seed[1:]...))
	}
	if _, err := newMLKEMKeys(otherSeed); err == nil || !strings.Contains(err.Error(), "encapsulation key differs") {
		t.Errorf("keys from different seeds: err %v, want the encapsulation keys to differ", err)
	}
	constant := set
	constant.goFromSeed = func(seed []byte) (crypto.Decapsulator, error) {
		dk, err := set.goFromSeed(seed)
		return constantDecapsulator{dk}, err
	}
	if _, err := newMLKEMKeys(constant); err == nil {
		t.Error("a Go side that decapsulates every ciphertext to one key passed the setup checks")
	}
	// The same on the CIRCL side, of a set with Go (ML-KEM-768) and of one
	// without (ML-KEM-512).
	for _, set := range []mlkemSet{mlkemSpeedSets[1], mlkemSpeedSets[0]} {
		otherSeed := set
		otherSeed.circl = otherSeedScheme{set.circl}
		if _, err := newMLKEMKeys(otherSeed); err == nil || !strings.Contains(err.Error(), "against CIRCL: crypton's encapsulation key differs") {
			t.Errorf("%s: CIRCL key from another seed: err %v, want the encapsulation keys to differ", set.name, err)
		}
		constant := set
		constant.circl = constantScheme{set.circl}
		if _, err := newMLKEMKeys(constant); err == nil || !strings.Contains(err.Error(), "against CIRCL") {
			t.Errorf("%s: a CIRCL side that decapsulates every ciphertext to one key: err %v", set.name, err)
		}
	}
	for _, s := range mlkemSpeedSets {
		if _, err := newMLKEMKeys(s); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
	}
}

// TestCirclDecapsulator checks the CIRCL keys the ML-KEM rows measure: the
// encapsulation key has the size of the set, a fresh key's ciphertexts
// decapsulate to their shared key, and keys from crypto/rand differ.
func TestCirclDecapsulator(t *testing.T) {
	for _, s := range mlkemSpeedSets {
		gen := circlGenerate(s.circl)
		a, err := gen()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		b, err := gen()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if len(a.Encapsulator().Bytes()) != s.circl.PublicKeySize() || bytes.Equal(a.Encapsulator().Bytes(), b.Encapsulator().Bytes()) {
			t.Errorf("%s: encapsulation keys %x and %x", s.name, a.Encapsulator().Bytes(), b.Encapsulator().Bytes())
		}
		k, ct := a.Encapsulator().Encapsulate()
		got, err := a.Decapsulate(ct)
		if err != nil || !bytes.Equal(got, k) || len(ct) != s.circl.CiphertextSize() {
			t.Errorf("%s: decapsulated %x, %v; want %x", s.name, got, err, k)
		}
		if _, err := circlFromSeed(s.circl, make([]byte, 32)); err == nil {
			t.Errorf("%s: a 32-byte seed was accepted", s.name)
		}
	}
}

// otherSeedScheme derives its keys from the seed with its first bit flipped.
type otherSeedScheme struct{ kem.Scheme }

func (s otherSeedScheme) DeriveKeyPair(seed []byte) (kem.PublicKey, kem.PrivateKey) {
	return s.Scheme.DeriveKeyPair(append([]byte{seed[0] ^ 1}, seed[1:]...))
}

// constantScheme decapsulates every ciphertext to the same key.
type constantScheme struct{ kem.Scheme }

func (constantScheme) Decapsulate(kem.PrivateKey, []byte) ([]byte, error) {
	return make([]byte, 32), nil
}

// constantDecapsulator decapsulates every ciphertext to the same key.
type constantDecapsulator struct{ crypto.Decapsulator }

func (constantDecapsulator) Decapsulate([]byte) ([]byte, error) { return make([]byte, 32), nil }
