package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestSpeedMLDSA runs the ML-DSA rows on a tiny budget: crypton and CIRCL
// (the Go column, with a note: Go 1.26 has no ML-DSA) figures in µs/op, and
// no OpenSSL figure (OpenSSL 3.0 has no ML-DSA).
func TestSpeedMLDSA(t *testing.T) {
	out, _ := runSpeedFormat(t, "-algs", "mldsa", "-format", "json")
	var rep speedPeersJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("JSON does not parse: %v\n%s", err, out)
	}
	var want []string
	for _, set := range []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"} {
		for _, op := range []string{"keygen", "sign", "verify"} {
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
		if got, want := r.Implementation, activeImplementations("mldsa,sha3"); got != want {
			t.Errorf("%s: implementation %q, want %q", r.Algorithm, got, want)
		}
		if r.Go == nil || !(*r.Go > 0 && r.CryptonGo != nil && *r.CryptonGo == *r.Go/r.Crypton) {
			t.Errorf("%s: Go %v, ratio %v; want positive, the ratio Go/crypton", r.Algorithm, r.Go, r.CryptonGo)
		}
		if r.OpenSSL != nil {
			t.Errorf("%s: OpenSSL figure %v; this row has no openssl command", r.Algorithm, *r.OpenSSL)
		}
		set, _, _ := strings.Cut(r.Algorithm, " ")
		circl := "github.com/cloudflare/circl/sign/mldsa/mldsa" + strings.TrimPrefix(set, "ML-DSA-")
		if r.GoPeer == nil || *r.GoPeer != circl || r.GoAltPeer != nil || r.Figures.GoAlt != nil {
			t.Errorf("%s: Go peer %q, other peer %q; want %s alone", r.Algorithm, optString(r.GoPeer), optString(r.GoAltPeer), circl)
		}
		if !slices.Contains(rep.Notes, r.Algorithm+": the Go column is "+circl+" (the standard library has none)") {
			t.Errorf("%s: no note naming CIRCL as the Go column: %q", r.Algorithm, rep.Notes)
		}
	}
}

// TestMLDSASetupChecks checks that each row's setup rejects a CIRCL side
// that gets ML-DSA wrong, and accepts the real one for every parameter set.
func TestMLDSASetupChecks(t *testing.T) {
	set := mldsaSpeedSets[1] // ML-DSA-65
	with := func(change func(k *circlDSAKey)) mldsaSet {
		s := set
		s.circl.fromSeed = func(seed *[32]byte) circlDSAKey {
			k := set.circl.fromSeed(seed)
			change(&k)
			return k
		}
		return s
	}
	otherSeed := set
	otherSeed.circl.fromSeed = func(seed *[32]byte) circlDSAKey {
		other := *seed
		other[0] ^= 1
		return set.circl.fromSeed(&other)
	}
	for _, tc := range []struct {
		name string
		set  mldsaSet
		want string
	}{
		{"a key from another seed", otherSeed, "public key differs"},
		{"a verifier that accepts everything", with(func(k *circlDSAKey) { k.verify = func(_, _ []byte) bool { return true } }), "CIRCL accepts a corrupted signature"},
		{"a verifier that rejects everything", with(func(k *circlDSAKey) { k.verify = func(_, _ []byte) bool { return false } }), "CIRCL rejects crypton's signature"},
		{"a signer that always hedges", with(func(k *circlDSAKey) {
			sign := k.sign
			k.sign = func(msg []byte, _ bool) ([]byte, error) { return sign(msg, true) }
		}), "deterministic signature differs"},
		{"a signer of another message", with(func(k *circlDSAKey) {
			sign := k.sign
			k.sign = func(msg []byte, randomized bool) ([]byte, error) {
				return sign(append([]byte("x"), msg...), randomized)
			}
		}), "crypton rejects CIRCL's signature"},
	} {
		if _, err := newMLDSAKeys(tc.set); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		}
	}
	for _, s := range mldsaSpeedSets {
		if _, err := newMLDSAKeys(s); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
		if err := s.circl.generate(); err != nil {
			t.Errorf("%s: CIRCL key generation: %v", s.name, err)
		}
	}
}

// TestSpeedMLDSASelect checks the names the issue asks for.
func TestSpeedMLDSASelect(t *testing.T) {
	algs, err := parseSpeedAlgs("ml-dsa-44-sign,mldsa65sign,ML-DSA-87 sign,ml_dsa_65_verify,mldsa65keygen", speedAlgs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range algs {
		got = append(got, a.name)
	}
	if want := []string{"ML-DSA-44 sign", "ML-DSA-65 keygen", "ML-DSA-65 sign", "ML-DSA-65 verify", "ML-DSA-87 sign"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}
