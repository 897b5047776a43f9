package mldsa_test

import (
	"bytes"
	"crypto"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/pq/mldsa"
	"github.com/crypton-go/crypton/pq/mldsa/mldsatest"
)

// params describes one parameter set for the tests, which run on all
// three.
type params struct {
	p                         *mldsa.Parameters
	name                      string
	pkSize, sigSize, expSize  int
	k, l, omega, ctSize, zLen int // the layout of signatures
}

var allParams = []params{
	{mldsa.MLDSA44(), "ML-DSA-44", mldsa.MLDSA44PublicKeySize, mldsa.MLDSA44SignatureSize, 2560, 4, 4, 80, 32, 576},
	{mldsa.MLDSA65(), "ML-DSA-65", mldsa.MLDSA65PublicKeySize, mldsa.MLDSA65SignatureSize, 4032, 6, 5, 55, 48, 640},
	{mldsa.MLDSA87(), "ML-DSA-87", mldsa.MLDSA87PublicKeySize, mldsa.MLDSA87SignatureSize, 4896, 8, 7, 75, 64, 640},
}

func paramsByName(t testing.TB, name string) *params {
	for i := range allParams {
		if allParams[i].name == name {
			return &allParams[i]
		}
	}
	t.Fatalf("unknown parameter set %q", name)
	return nil
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// checkErr fails the test unless err is an error of this package.
func checkErr(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil || !strings.HasPrefix(err.Error(), "mldsa: ") {
		t.Errorf("%s: error %v, want an error starting with \"mldsa: \"", what, err)
	}
}

func TestParameters(t *testing.T) {
	for _, p := range allParams {
		if p.p.String() != p.name {
			t.Errorf("String() = %q, want %q", p.p.String(), p.name)
		}
	}
	if mldsa.MLDSA44() != mldsa.MLDSA44() || mldsa.MLDSA65() != mldsa.MLDSA65() || mldsa.MLDSA87() != mldsa.MLDSA87() {
		t.Error("the parameter functions do not return the same pointer each time")
	}
	if *mldsa.MLDSA44() == *mldsa.MLDSA65() || *mldsa.MLDSA65() == *mldsa.MLDSA87() {
		t.Error("distinct parameter sets compare equal")
	}
	if mldsa.PrivateKeySize != 32 {
		t.Error("PrivateKeySize is not 32")
	}
	var opts crypto.SignerOpts = &mldsa.Options{Context: "c"}
	if opts.HashFunc() != 0 || (*mldsa.Options)(nil).HashFunc() != 0 {
		t.Error("HashFunc is not 0")
	}
}

func TestRoundTrip(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testRoundTrip)
}

func testRoundTrip(t *testing.T) {
	msg := []byte("the message")
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			sk, err := mldsa.GenerateKey(p.p)
			if err != nil {
				t.Fatal(err)
			}
			pk := sk.PublicKey()
			if pk.Parameters() != p.p {
				t.Error("Parameters() is not the key's parameter set")
			}
			if n := len(pk.Bytes()); n != p.pkSize {
				t.Errorf("public key is %d bytes, want %d", n, p.pkSize)
			}
			if n := len(sk.Bytes()); n != mldsa.PrivateKeySize {
				t.Errorf("private key is %d bytes, want %d", n, mldsa.PrivateKeySize)
			}
			if sk.Public().(*mldsa.PublicKey) != pk {
				t.Error("Public() is not PublicKey()")
			}
			for _, opts := range []crypto.SignerOpts{nil, (*mldsa.Options)(nil), &mldsa.Options{}, &mldsa.Options{Context: "ctx"}, crypto.Hash(0)} {
				sig, err := sk.Sign(nil, msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if len(sig) != p.sigSize {
					t.Fatalf("signature is %d bytes, want %d", len(sig), p.sigSize)
				}
				o, _ := opts.(*mldsa.Options)
				if err := mldsa.Verify(pk, msg, sig, o); err != nil {
					t.Fatalf("opts %#v: %v", opts, err)
				}
				if err := mldsa.Verify(pk, msg, sig, &mldsa.Options{Context: "other"}); err == nil {
					t.Fatal("a signature verified with another context")
				}
				if err := mldsa.Verify(pk, []byte("another message"), sig, o); err == nil {
					t.Fatal("a signature verified for another message")
				}
			}
			// Hedged signatures differ; deterministic ones do not.
			s1, _ := sk.Sign(nil, msg, nil)
			s2, _ := sk.Sign(nil, msg, nil)
			if bytes.Equal(s1, s2) {
				t.Error("two hedged signatures are equal")
			}
			d1, err := sk.SignDeterministic(msg, nil)
			if err != nil {
				t.Fatal(err)
			}
			d2, _ := sk.SignDeterministic(msg, &mldsa.Options{})
			if !bytes.Equal(d1, d2) {
				t.Error("deterministic signatures differ")
			}
			// Deterministic signing is hedged signing with rnd = 0.
			d3, err := sk.Sign(bytes.NewReader(make([]byte, 32)), msg, nil)
			if err != nil || !bytes.Equal(d1, d3) {
				t.Error("signing with zero randomness is not deterministic signing")
			}

			// The keys round-trip through their encodings.
			sk2, err := mldsa.NewPrivateKey(p.p, sk.Bytes())
			if err != nil || !sk2.Equal(sk) || !sk.Equal(sk2) {
				t.Fatalf("NewPrivateKey(Bytes()) differs: %v", err)
			}
			pk2, err := mldsa.NewPublicKey(p.p, pk.Bytes())
			if err != nil || !pk2.Equal(pk) || !bytes.Equal(pk2.Bytes(), pk.Bytes()) {
				t.Fatalf("NewPublicKey(Bytes()) differs: %v", err)
			}
			if err := mldsa.Verify(pk2, msg, d1, nil); err != nil {
				t.Fatal("the parsed public key does not verify")
			}
			if d4, _ := sk2.SignDeterministic(msg, nil); !bytes.Equal(d4, d1) {
				t.Fatal("the key from the seed signs differently")
			}

			// Another key differs and does not verify.
			other, _ := mldsa.GenerateKey(p.p)
			if other.Equal(sk) || other.PublicKey().Equal(pk) {
				t.Fatal("two generated keys are equal")
			}
			if err := mldsa.Verify(other.PublicKey(), msg, d1, nil); err == nil {
				t.Fatal("another key verified the signature")
			}
			if sk.Equal(pk) || pk.Equal(sk) || sk.Equal(nil) || pk.Equal(nil) || sk.Equal((*mldsa.PrivateKey)(nil)) || pk.Equal((*mldsa.PublicKey)(nil)) {
				t.Fatal("Equal accepted another type or nil")
			}
		})
	}
	// Keys of different parameter sets are not equal, even from one seed.
	seed := make([]byte, 32)
	a, _ := mldsa.NewPrivateKey(mldsa.MLDSA44(), seed)
	b, _ := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)
	if a.Equal(b) || a.PublicKey().Equal(b.PublicKey()) {
		t.Error("keys of different parameter sets are equal")
	}
}

// TestExternalMu checks ComputeMu, SignMu and VerifyMu against Sign and
// Verify, and μ against its definition.
func TestExternalMu(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testExternalMu)
}

func testExternalMu(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			sk, _ := mldsa.NewPrivateKey(p.p, randBytes(r, 32))
			pk := sk.PublicKey()
			msg := randBytes(r, 100)
			opts := &mldsa.Options{Context: "some context"}
			mu, err := mldsa.ComputeMu(pk, msg, opts)
			if err != nil {
				t.Fatal(err)
			}
			// μ = SHAKE256(SHAKE256(pk, 64) ‖ 0 ‖ len(ctx) ‖ ctx ‖ M, 64).
			tr := sha3.SumSHAKE256(pk.Bytes(), 64)
			in := append(append(tr, 0, byte(len(opts.Context))), opts.Context...)
			if want := sha3.SumSHAKE256(append(in, msg...), 64); !bytes.Equal(mu, want) {
				t.Fatal("ComputeMu differs from its definition")
			}
			d1, _ := sk.SignDeterministic(msg, opts)
			d2, err := sk.SignMuDeterministic(mu)
			if err != nil || !bytes.Equal(d1, d2) {
				t.Fatal("SignMuDeterministic differs from SignDeterministic")
			}
			rnd := randBytes(r, 32)
			h1, _ := sk.Sign(bytes.NewReader(rnd), msg, opts)
			h2, err := sk.SignMu(bytes.NewReader(rnd), mu)
			if err != nil || !bytes.Equal(h1, h2) {
				t.Fatal("SignMu differs from Sign")
			}
			h3, err := sk.SignMu(nil, mu)
			if err != nil {
				t.Fatal(err)
			}
			for _, sig := range [][]byte{d1, h1, h3} {
				if err := mldsa.VerifyMu(pk, mu, sig); err != nil {
					t.Fatal(err)
				}
				if err := mldsa.Verify(pk, msg, sig, opts); err != nil {
					t.Fatal(err)
				}
			}
			mu[0] ^= 1
			if err := mldsa.VerifyMu(pk, mu, d1); err == nil {
				t.Fatal("VerifyMu accepted another μ")
			}
			for _, n := range []int{0, 32, 63, 65} {
				_, err := sk.SignMu(nil, make([]byte, n))
				checkErr(t, "SignMu with a short μ", err)
				_, err = sk.SignMuDeterministic(make([]byte, n))
				checkErr(t, "SignMuDeterministic with a short μ", err)
				checkErr(t, "VerifyMu with a short μ", mldsa.VerifyMu(pk, make([]byte, n), d1))
			}
		})
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += n
	return n, err
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("no randomness") }

// TestRandomness checks that hedged signing reads exactly 32 bytes of rnd
// and fails if it cannot.
func TestRandomness(t *testing.T) {
	sk, _ := mldsa.NewPrivateKey(mldsa.MLDSA44(), make([]byte, 32))
	r := &countingReader{r: rand.NewChaCha8([32]byte{})}
	if _, err := sk.Sign(r, []byte("m"), nil); err != nil || r.n != 32 {
		t.Errorf("Sign read %d bytes (error %v), want 32", r.n, err)
	}
	mu, _ := mldsa.ComputeMu(sk.PublicKey(), []byte("m"), nil)
	r.n = 0
	if _, err := sk.SignMu(r, mu); err != nil || r.n != 32 {
		t.Errorf("SignMu read %d bytes (error %v), want 32", r.n, err)
	}
	_, err := sk.Sign(errReader{}, []byte("m"), nil)
	checkErr(t, "Sign with a failing reader", err)
	_, err = sk.Sign(bytes.NewReader(make([]byte, 31)), []byte("m"), nil)
	checkErr(t, "Sign with 31 bytes of randomness", err)
	_, err = sk.SignMu(errReader{}, mu)
	checkErr(t, "SignMu with a failing reader", err)
	// Nothing is read if the options are invalid.
	r.n = 0
	_, err = sk.Sign(r, []byte("m"), &mldsa.Options{Context: strings.Repeat("x", 256)})
	checkErr(t, "Sign with a long context", err)
	if r.n != 0 {
		t.Error("Sign read randomness before checking the context")
	}
}

// TestContext checks the limit of 255 bytes on the context string.
func TestContext(t *testing.T) {
	for _, p := range allParams {
		sk, _ := mldsa.GenerateKey(p.p)
		pk := sk.PublicKey()
		msg := []byte("m")
		ok := &mldsa.Options{Context: strings.Repeat("c", 255)}
		long := &mldsa.Options{Context: strings.Repeat("c", 256)}
		sig, err := sk.Sign(nil, msg, ok)
		if err != nil {
			t.Fatal(err)
		}
		if err := mldsa.Verify(pk, msg, sig, ok); err != nil {
			t.Fatal(err)
		}
		_, err = sk.Sign(nil, msg, long)
		checkErr(t, "Sign with a 256-byte context", err)
		_, err = sk.SignDeterministic(msg, long)
		checkErr(t, "SignDeterministic with a 256-byte context", err)
		checkErr(t, "Verify with a 256-byte context", mldsa.Verify(pk, msg, sig, long))
		_, err = mldsa.ComputeMu(pk, msg, long)
		checkErr(t, "ComputeMu with a 256-byte context", err)
	}
}

// TestPreHash checks that options asking for a pre-hashed message, which
// HashML-DSA would sign, are refused.
func TestPreHash(t *testing.T) {
	sk, _ := mldsa.NewPrivateKey(mldsa.MLDSA65(), make([]byte, 32))
	for _, h := range []crypto.Hash{crypto.SHA256, crypto.SHA512, crypto.SHA3_256} {
		_, err := sk.Sign(nil, []byte("m"), h)
		checkErr(t, "Sign with "+h.String(), err)
	}
}

// TestInputErrors checks that every malformed input gives an error that
// names the package, and never a panic.
func TestInputErrors(t *testing.T) {
	_, err := mldsa.GenerateKey(nil)
	checkErr(t, "GenerateKey(nil)", err)
	_, err = mldsa.NewPrivateKey(nil, make([]byte, 32))
	checkErr(t, "NewPrivateKey(nil, …)", err)
	_, err = mldsa.NewPublicKey(nil, make([]byte, mldsa.MLDSA44PublicKeySize))
	checkErr(t, "NewPublicKey(nil, …)", err)
	_, err = mldsatest.NewPrivateKeyFromExpanded(nil, make([]byte, 2560))
	checkErr(t, "NewPrivateKeyFromExpanded(nil, …)", err)
	checkErr(t, "Verify(nil, …)", mldsa.Verify(nil, nil, make([]byte, mldsa.MLDSA44SignatureSize), nil))
	checkErr(t, "VerifyMu(nil, …)", mldsa.VerifyMu(nil, make([]byte, 64), nil))
	_, err = mldsa.ComputeMu(nil, nil, nil)
	checkErr(t, "ComputeMu(nil, …)", err)

	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			for _, n := range []int{0, 31, 33, 64} {
				_, err := mldsa.NewPrivateKey(p.p, make([]byte, n))
				checkErr(t, "a seed of the wrong length", err)
			}
			for _, n := range []int{0, 32, p.pkSize - 1, p.pkSize + 1, 2 * p.pkSize} {
				_, err := mldsa.NewPublicKey(p.p, make([]byte, n))
				checkErr(t, "a public key of the wrong length", err)
			}
			for _, n := range []int{0, p.expSize - 1, p.expSize + 1} {
				_, err := mldsatest.NewPrivateKeyFromExpanded(p.p, make([]byte, n))
				checkErr(t, "an expanded key of the wrong length", err)
			}
			// Every public key of the right length is valid.
			for _, v := range []byte{0, 0xff} {
				pk, err := mldsa.NewPublicKey(p.p, bytes.Repeat([]byte{v}, p.pkSize))
				if err != nil {
					t.Fatal(err)
				}
				checkErr(t, "a random signature", mldsa.Verify(pk, nil, bytes.Repeat([]byte{v}, p.sigSize), nil))
			}
			sk, _ := mldsa.GenerateKey(p.p)
			pk := sk.PublicKey()
			sig, _ := sk.Sign(nil, []byte("m"), nil)
			for _, n := range []int{0, 1, p.sigSize - 1, p.sigSize + 1} {
				b := append(append([]byte{}, sig...), 0)[:n]
				checkErr(t, "a signature of the wrong length", mldsa.Verify(pk, []byte("m"), b, nil))
			}
			checkErr(t, "a nil signature", mldsa.Verify(pk, []byte("m"), nil, nil))
		})
	}
}

// TestCorruptedSignatures changes every region of a valid signature: c̃, z
// (coefficients just over the norm bound too) and each part of the hint
// encoding, canonical or not; every change makes Verify fail.
func TestCorruptedSignatures(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testCorruptedSignatures)
}

func testCorruptedSignatures(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	msg := []byte("message")
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			sk, _ := mldsa.NewPrivateKey(p.p, randBytes(r, 32))
			pk := sk.PublicKey()
			sig, _ := sk.SignDeterministic(msg, nil)
			if err := mldsa.Verify(pk, msg, sig, nil); err != nil {
				t.Fatal(err)
			}
			try := func(what string, change func(s []byte)) {
				t.Helper()
				s := bytes.Clone(sig)
				change(s)
				checkErr(t, what, mldsa.Verify(pk, msg, s, nil))
			}
			zOff := p.ctSize
			hOff := p.ctSize + p.l*p.zLen
			// Every bit of c̃; every byte of z, a few bits each.
			for i := range p.ctSize * 8 {
				try("a flipped bit of c̃", func(s []byte) { s[i/8] ^= 1 << (i % 8) })
			}
			for i := zOff; i < hOff; i += 1 + r.IntN(3) {
				try("a flipped bit of z", func(s []byte) { s[i] ^= 1 << r.IntN(8) })
			}
			// A coefficient of z of γ₁ − β or more in absolute value: the
			// first coefficient encoded as γ₁ − z = 0, that is z = γ₁.
			zMask := byte(1)<<(p.zLen/32-16) - 1 // the bits of the first coefficient in its third byte
			try("z = γ₁", func(s []byte) { s[zOff], s[zOff+1], s[zOff+2] = 0, 0, s[zOff+2]&^zMask })
			hints := sig[hOff:]
			n := int(hints[p.omega+p.k-1]) // the number of hints
			if n < 2 || n > p.omega-1 {
				t.Fatalf("the test signature has %d hints", n)
			}
			try("a changed hint index", func(s []byte) { s[hOff] ^= 1 })
			try("a repeated hint index", func(s []byte) {
				// Two indices of one polynomial become equal.
				for i := range p.k {
					start := 0
					if i > 0 {
						start = int(s[hOff+p.omega+i-1])
					}
					if end := int(s[hOff+p.omega+i]); end-start >= 2 {
						s[hOff+start+1] = s[hOff+start]
						return
					}
				}
				t.Fatal("no polynomial has two hints")
			})
			try("decreasing hint indices", func(s []byte) {
				for i := range p.k {
					start := 0
					if i > 0 {
						start = int(s[hOff+p.omega+i-1])
					}
					if end := int(s[hOff+p.omega+i]); end-start >= 2 {
						s[hOff+start], s[hOff+start+1] = s[hOff+start+1], s[hOff+start]
						return
					}
				}
				t.Fatal("no polynomial has two hints")
			})
			try("too many hints", func(s []byte) { s[hOff+p.omega+p.k-1] = byte(p.omega + 1) })
			try("a count of hints of 255", func(s []byte) { s[hOff+p.omega] = 255 })
			try("a decreasing count of hints", func(s []byte) {
				for i := 1; i < p.k; i++ {
					if s[hOff+p.omega+i-1] > 0 {
						s[hOff+p.omega+i] = s[hOff+p.omega+i-1] - 1
						return
					}
				}
				s[hOff+p.omega] = 1
				s[hOff+p.omega+1] = 0
			})
			try("a nonzero unused hint position", func(s []byte) { s[hOff+p.omega-1] = 1 })
			try("one hint fewer", func(s []byte) {
				s[hOff+n-1] = 0
				for i := range p.k {
					if int(s[hOff+p.omega+i]) == n {
						s[hOff+p.omega+i] = byte(n - 1)
					}
				}
			})
			try("one hint more", func(s []byte) {
				last := s[hOff+n-1]
				if last == 255 {
					last = 0
				}
				s[hOff+n] = last + 1
				s[hOff+p.omega+p.k-1] = byte(n + 1)
			})
			try("all hint counts zero", func(s []byte) { clear(s[hOff:]) })
			try("all bytes 0xff", func(s []byte) {
				for i := range s {
					s[i] = 0xff
				}
			})
		})
	}
}

// TestExpanded checks package mldsatest: the expanded encoding round-trips,
// a key parsed from it has no seed and signs the same, and tampered keys
// (t₀, tr, s₁ or s₂ changed or out of range) are rejected.
func TestExpanded(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testExpanded)
}

func testExpanded(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	msg := []byte("message")
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			sk, _ := mldsa.NewPrivateKey(p.p, randBytes(r, 32))
			exp := mldsatest.ExpandedBytes(sk)
			if len(exp) != p.expSize {
				t.Fatalf("expanded key is %d bytes, want %d", len(exp), p.expSize)
			}
			pkb := sk.PublicKey().Bytes()
			if !bytes.Equal(exp[:32], pkb[:32]) {
				t.Error("the expanded key does not start with ρ")
			}
			if !bytes.Equal(exp[64:128], sha3.SumSHAKE256(pkb, 64)) {
				t.Error("the expanded key does not hold tr = H(pk)")
			}
			sk2, err := mldsatest.NewPrivateKeyFromExpanded(p.p, exp)
			if err != nil {
				t.Fatal(err)
			}
			if sk2.Bytes() != nil {
				t.Error("a key from the expanded form has a seed")
			}
			if !sk2.Equal(sk) || !sk.Equal(sk2) {
				t.Error("the key from the expanded form is not Equal")
			}
			if !bytes.Equal(mldsatest.ExpandedBytes(sk2), exp) {
				t.Error("the expanded form does not round-trip")
			}
			if !bytes.Equal(sk2.PublicKey().Bytes(), pkb) {
				t.Error("the key from the expanded form has another public key")
			}
			s1, _ := sk.SignDeterministic(msg, nil)
			s2, _ := sk2.SignDeterministic(msg, nil)
			if !bytes.Equal(s1, s2) {
				t.Error("the key from the expanded form signs differently")
			}
			if _, err := mldsatest.NewPrivateKeyFromExpanded(allParams[(indexOf(p.name)+1)%3].p, exp); err == nil {
				t.Error("an expanded key was accepted for another parameter set")
			}

			eta := 2
			etaBits := 3
			if p.name == "ML-DSA-65" {
				eta, etaBits = 4, 4
			}
			sOff := 128
			t0Off := 128 + (p.k+p.l)*32*etaBits
			reject := func(what string, change func(b []byte)) {
				t.Helper()
				b := bytes.Clone(exp)
				change(b)
				_, err := mldsatest.NewPrivateKeyFromExpanded(p.p, b)
				checkErr(t, what, err)
			}
			reject("a changed ρ", func(b []byte) { b[0] ^= 1 })
			reject("a changed tr", func(b []byte) { b[64] ^= 1 })
			reject("a changed tr (last byte)", func(b []byte) { b[127] ^= 0x80 })
			reject("a changed t₀", func(b []byte) { b[t0Off] ^= 1 })
			reject("a changed t₀ (last byte)", func(b []byte) { b[len(b)-1] ^= 0x10 })
			reject("a changed s₁", func(b []byte) { b[sOff] ^= 1 })
			reject("a changed s₂", func(b []byte) { b[t0Off-1] ^= 1 })
			// s₁ and s₂ values out of [−η, η]: η − s above 2η.
			for v := 2*eta + 1; v < 1<<etaBits; v++ {
				for _, off := range []int{sOff, sOff + p.l*32*etaBits} {
					reject("an out-of-range coefficient", func(b []byte) {
						// The first coefficient of s₁ or s₂ is η − v.
						mask := byte(1<<etaBits - 1)
						b[off] = b[off]&^mask | byte(v)
					})
				}
			}
			// A changed K is a different, valid key that signs differently.
			b := bytes.Clone(exp)
			b[32] ^= 1
			sk3, err := mldsatest.NewPrivateKeyFromExpanded(p.p, b)
			if err != nil {
				t.Fatal(err)
			}
			if sk3.Equal(sk) {
				t.Error("keys differing in K are Equal")
			}
			if s3, _ := sk3.SignDeterministic(msg, nil); bytes.Equal(s3, s1) {
				t.Error("a different K signs alike")
			}
		})
	}
}

func indexOf(name string) int {
	for i, p := range allParams {
		if p.name == name {
			return i
		}
	}
	return -1
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, "mldsa", testAllocations)
}

func testAllocations(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			seed := make([]byte, 32)
			sk, _ := mldsa.NewPrivateKey(p.p, seed)
			pk := sk.PublicKey()
			msg := []byte("message")
			opts := &mldsa.Options{Context: "context"}
			sig, _ := sk.Sign(nil, msg, opts)
			if n := testing.AllocsPerRun(10, func() { sk.Sign(nil, msg, opts) }); n > 1 {
				t.Errorf("Sign allocates %v times, want at most 1 (the signature)", n)
			}
			if n := testing.AllocsPerRun(10, func() { sk.SignDeterministic(msg, opts) }); n > 1 {
				t.Errorf("SignDeterministic allocates %v times, want at most 1", n)
			}
			if n := testing.AllocsPerRun(10, func() { mldsa.Verify(pk, msg, sig, opts) }); n > 0 {
				t.Errorf("Verify allocates %v times, want 0", n)
			}
			if n := testing.AllocsPerRun(10, func() { mldsa.NewPrivateKey(p.p, seed) }); n > 3 {
				t.Errorf("NewPrivateKey allocates %v times, want at most 3", n)
			}
			pkb := pk.Bytes()
			if n := testing.AllocsPerRun(10, func() { mldsa.NewPublicKey(p.p, pkb) }); n > 3 {
				t.Errorf("NewPublicKey allocates %v times, want at most 3", n)
			}
		})
	}
}
