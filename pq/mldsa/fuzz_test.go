package mldsa_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/pq/mldsa"
)

// FuzzNewPublicKey parses arbitrary bytes as public keys of every parameter
// set: never a panic; exactly the encodings of the right length are
// accepted, as by CIRCL; an accepted key encodes back to its input. Each
// input is also XORed into a valid public key at the offset off, which
// keeps the inputs short (see FuzzVerify), and the changed key must verify
// a signature of the valid key exactly when CIRCL's does (which it should
// not, unless the change is empty).
func FuzzNewPublicKey(f *testing.F) {
	msg := []byte("message")
	type key struct{ pkb, sig []byte }
	keys := map[string]key{}
	for _, p := range allParams {
		sk, _ := mldsa.NewPrivateKey(p.p, make([]byte, 32))
		sig, _ := sk.SignDeterministic(msg, nil)
		keys[p.name] = key{sk.PublicKey().Bytes(), sig}
	}
	f.Add([]byte{}, uint16(0))
	f.Add([]byte{1}, uint16(0))
	f.Add([]byte{0, 0, 0, 0, 0x80}, uint16(32))
	f.Add(bytes.Repeat([]byte{0xff}, 40), uint16(1300))
	f.Fuzz(func(t *testing.T, in []byte, off uint16) {
		for _, p := range allParams {
			pk, err := mldsa.NewPublicKey(p.p, in)
			if (err == nil) != (len(in) == p.pkSize) {
				t.Fatalf("%s: %d bytes: error %v", p.name, len(in), err)
			}
			if cerr := circlSchemes[p.name].parse(in); (err == nil) != (cerr == nil) {
				t.Fatalf("%s: crypton %v, CIRCL %v", p.name, err, cerr)
			}
			if err == nil && !bytes.Equal(pk.Bytes(), in) {
				t.Fatalf("%s: the key does not encode back to its input", p.name)
			}

			k := keys[p.name]
			b := bytes.Clone(k.pkb)
			for i, x := range in {
				if j := int(off) + i; j < len(b) {
					b[j] ^= x
				}
			}
			pk, err = mldsa.NewPublicKey(p.p, b)
			if err != nil {
				t.Fatalf("%s: %v", p.name, err)
			}
			if !bytes.Equal(pk.Bytes(), b) || pk.Parameters() != p.p {
				t.Fatalf("%s: the key does not encode back to its input", p.name)
			}
			err = mldsa.Verify(pk, msg, k.sig, nil)
			if want := circlSchemes[p.name].verify(b, msg, nil, k.sig); (err == nil) != want {
				t.Fatalf("%s: crypton %v, CIRCL %v", p.name, err, want)
			}
		}
	})
}

// FuzzVerify verifies arbitrary signatures with a fixed key of each
// parameter set: never a panic, and the same verdict as CIRCL's. An input
// of the length of a signature is verified as it is; any other input is
// XORed into a valid signature at the offset off (so that every signature
// is reachable from a short input), and also verified as it is, which must
// fail. The seeds are short: Go's fuzzer minimizes each new input in a time
// quadratic in its length, up to -fuzzminimizetime (a minute by default),
// and patches of a valid signature explore the hint encoding and the norm
// checks where they matter.
func FuzzVerify(f *testing.F) {
	msg, opts := []byte("message"), &mldsa.Options{Context: "ctx"}
	type key struct {
		pk  *mldsa.PublicKey
		pkb []byte
		sig []byte
	}
	keys := map[string]key{}
	seed := bytes.Repeat([]byte{42}, 32)
	for _, p := range allParams {
		sk, _ := mldsa.NewPrivateKey(p.p, seed)
		sig, _ := sk.SignDeterministic(msg, opts)
		keys[p.name] = key{sk.PublicKey(), sk.PublicKey().Bytes(), sig}
		// The last count of the hints, and the last used hint index.
		f.Add([]byte{1}, uint16(len(sig)-1))
		f.Add([]byte{1}, uint16(len(sig)-1-p.k-p.omega+int(sig[len(sig)-1])-1))
	}
	f.Add([]byte{}, uint16(0))
	f.Add([]byte{0x80}, uint16(40))
	f.Add([]byte{1, 2, 3, 4}, uint16(1000))
	f.Fuzz(func(t *testing.T, in []byte, off uint16) {
		for _, p := range allParams {
			k := keys[p.name]
			sig := in
			if len(in) != p.sigSize {
				if err := mldsa.Verify(k.pk, msg, in, opts); err == nil {
					t.Fatalf("%s: a signature of %d bytes verified", p.name, len(in))
				}
				sig = bytes.Clone(k.sig)
				for i, b := range in {
					if j := int(off) + i; j < len(sig) {
						sig[j] ^= b
					}
				}
			}
			err := mldsa.Verify(k.pk, msg, sig, opts)
			if err != nil && !strings.HasPrefix(err.Error(), "mldsa: ") {
				t.Fatalf("%s: error %v", p.name, err)
			}
			if want := circlSchemes[p.name].verify(k.pkb, msg, []byte(opts.Context), sig); (err == nil) != want {
				t.Fatalf("%s: crypton %v, CIRCL %v", p.name, err, want)
			}
		}
	})
}
