package main

import (
	"crypto"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestSpeedMLKEM runs the ML-KEM rows on a tiny budget: crypton and Go
// figures in µs/op for ML-KEM-768 and ML-KEM-1024, crypton only (with a
// note) for ML-KEM-512, and no OpenSSL figure (OpenSSL 3.0 has no ML-KEM).
func TestSpeedMLKEM(t *testing.T) {
	out, _ := runSpeedFormat(t, "-algs", "mlkem", "-format", "json")
	var rep speedJSON
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
		if has512 := strings.HasPrefix(r.Algorithm, "ML-KEM-512 "); has512 != (r.Go == nil) {
			t.Errorf("%s: Go figure %v; want one exactly for ML-KEM-768 and ML-KEM-1024", r.Algorithm, r.Go)
		} else if r.Go != nil && !(*r.Go > 0 && r.CryptonGo != nil && *r.CryptonGo > 0) {
			t.Errorf("%s: Go %v, ratio %v; want positive", r.Algorithm, r.Go, r.CryptonGo)
		}
		if r.OpenSSL != nil {
			t.Errorf("%s: OpenSSL figure %v; this row has no openssl command", r.Algorithm, *r.OpenSSL)
		}
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool {
		return strings.Contains(n, "no ML-KEM-512") && strings.Contains(n, "ML-KEM-512 keygen, ML-KEM-512 encapsulate, ML-KEM-512 decapsulate")
	}) {
		t.Errorf("no note that the Go column of the ML-KEM-512 rows is blank: %q", rep.Notes)
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
	for _, s := range mlkemSpeedSets {
		if _, err := newMLKEMKeys(s); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
	}
}

// constantDecapsulator decapsulates every ciphertext to the same key.
type constantDecapsulator struct{ crypto.Decapsulator }

func (constantDecapsulator) Decapsulate([]byte) ([]byte, error) { return make([]byte, 32), nil }
