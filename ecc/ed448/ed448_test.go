package ed448_test

import (
	"bytes"
	"crypto"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	circl "github.com/cloudflare/circl/sign/ed448"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ed448"
	"github.com/crypton-go/crypton/ecc/internal/edwards448"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func allImplementations(t *testing.T, f func(t *testing.T)) {
	cputest.TestAllImplementations(t, "gf448", f)
}

type rfcVector struct {
	Name, Seed, Pub, Msg, Ctx, Sig string
	Ph                             bool
}

func loadRFC(t *testing.T) []rfcVector {
	data, err := os.ReadFile("testdata/rfc8032.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []rfcVector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 11 {
		t.Fatalf("%d vectors, want 11", len(vs))
	}
	return vs
}

// TestRFC8032 runs the test vectors of RFC 8032, Section 7.4 (Ed448, nine
// vectors, one with a context) and 7.5 (Ed448ph, two vectors, one with a
// context), from testdata/rfc8032.json.
func TestRFC8032(t *testing.T) {
	vectors := loadRFC(t)
	allImplementations(t, func(t *testing.T) {
		for _, v := range vectors {
			seed, pub, msg, want := mustHex(t, v.Seed), mustHex(t, v.Pub), mustHex(t, v.Msg), mustHex(t, v.Sig)
			ctx := string(mustHex(t, v.Ctx))
			priv := ed448.NewKeyFromSeed(seed)
			if !bytes.Equal(priv[57:], pub) || !bytes.Equal(priv.Seed(), seed) {
				t.Fatalf("%s: public key %x, want %x", v.Name, priv[57:], pub)
			}
			signFn, verifyFn := ed448.Sign, ed448.Verify
			if v.Ph {
				signFn, verifyFn = ed448.SignPh, ed448.VerifyPh
			}
			sig, err := signFn(priv, msg, ctx)
			if err != nil || !bytes.Equal(sig, want) {
				t.Errorf("%s: signature %x, %v; want %x", v.Name, sig, err, want)
			}
			// A key parsed from bytes (not through NewKeyFromSeed), through
			// crypto.Signer.
			parsed := ed448.PrivateKey(append(bytes.Clone(seed), pub...))
			opts := &ed448.Options{Context: ctx, Prehash: v.Ph}
			if sig, err := parsed.Sign(nil, msg, opts); err != nil || !bytes.Equal(sig, want) {
				t.Errorf("%s: parsed key: signature %x, %v", v.Name, sig, err)
			}
			if !verifyFn(pub, msg, want, ctx) {
				t.Errorf("%s: rejected", v.Name)
			}
			if err := ed448.VerifyWithOptions(pub, msg, want, opts); err != nil {
				t.Errorf("%s: VerifyWithOptions: %v", v.Name, err)
			}
			// The other variant, another context, a corrupted signature.
			other := ed448.Verify
			if !v.Ph {
				other = ed448.VerifyPh
			}
			if other(pub, msg, want, ctx) || verifyFn(pub, msg, want, ctx+"x") {
				t.Errorf("%s: accepted in the wrong variant or context", v.Name)
			}
			for _, i := range []int{0, 56, 57, 113} {
				bad := bytes.Clone(want)
				bad[i] ^= 1
				if verifyFn(pub, msg, bad, ctx) {
					t.Errorf("%s: corrupted byte %d accepted", v.Name, i)
				}
			}
			if !circlVerify(pub, msg, want, ctx, v.Ph) {
				t.Errorf("%s: circl rejects the vector", v.Name)
			}
		}
	})
}

func circlVerify(pub, msg, sig []byte, ctx string, ph bool) bool {
	if ph {
		return circl.VerifyPh(pub, msg, sig, ctx)
	}
	return circl.Verify(pub, msg, sig, ctx)
}

// checkSame verifies with crypton and circl and fails unless they agree.
func checkSame(t *testing.T, what string, pub, msg, sig []byte, ctx string, ph bool) bool {
	t.Helper()
	var got bool
	if ph {
		got = ed448.VerifyPh(pub, msg, sig, ctx)
	} else {
		got = ed448.Verify(pub, msg, sig, ctx)
	}
	want := circlVerify(pub, msg, sig, ctx, ph)
	if got != want {
		t.Fatalf("%s: pub %x msg %x sig %x ctx %q ph %v: crypton %v, circl %v", what, pub, msg, sig, ctx, ph, got, want)
	}
	err := ed448.VerifyWithOptions(pub, msg, sig, &ed448.Options{Context: ctx, Prehash: ph})
	if (err == nil) != got {
		t.Fatalf("%s: VerifyWithOptions %v, Verify %v", what, err, got)
	}
	return got
}

// TestWycheproof runs every test of Wycheproof's ed448_test.json: valid
// signatures must verify and invalid ones must not, and circl must agree on
// each.
func TestWycheproof(t *testing.T) {
	var f wycheproof.EdDSAVerifyFile
	wycheproof.Load(t, "ed448_test.json", &f)
	allImplementations(t, func(t *testing.T) {
		n := 0
		for _, g := range f.TestGroups {
			if g.PublicKey.Curve != "edwards448" {
				t.Fatalf("curve %q", g.PublicKey.Curve)
			}
			for _, tc := range g.Tests {
				n++
				ok := checkSame(t, tc.Name(), g.PublicKey.PK, tc.Msg, tc.Sig, "", false)
				switch tc.Result {
				case wycheproof.Valid:
					if !ok {
						t.Errorf("%s (%s): valid signature rejected", tc.Name(), tc.Comment)
					}
				case wycheproof.Invalid:
					if ok {
						t.Errorf("%s (%s): invalid signature accepted", tc.Name(), tc.Comment)
					}
				default:
					t.Errorf("%s: result %q", tc.Name(), tc.Result)
				}
			}
		}
		if n != 86 {
			t.Fatalf("%d tests, want 86", n)
		}
	})
}

var bigP = func() *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
	return p.Sub(p, big.NewInt(1))
}()

var bigL, _ = new(big.Int).SetString("181709681073901722637330951972001133588410340171829515070372549795146003961539585716195755291692375963310293709091662304773755859649779", 10)

func leBytes(n *big.Int, size int) []byte {
	b := n.FillBytes(make([]byte, size))
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

func fromLE(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

// edgePoints are encodings of the points of order dividing 4, and invalid
// or non-canonical encodings: y = p, p + 1, 2^448 − 1, the sign bit with
// x = 0, and high bits of the last byte set.
var edgePoints = func() [][]byte {
	one := leBytes(big.NewInt(1), 57)
	pm1 := leBytes(new(big.Int).Sub(bigP, big.NewInt(1)), 57)
	zero := make([]byte, 57)
	t1 := append(make([]byte, 56), 0x80)
	out := [][]byte{one, pm1, zero, t1}
	for _, k := range []int64{0, 1, 2} {
		out = append(out, leBytes(new(big.Int).Add(bigP, big.NewInt(k)), 57))
	}
	all := bytes.Repeat([]byte{0xff}, 57)
	all[56] = 0
	out = append(out, all)
	for _, b := range [][]byte{one, pm1} {
		c := bytes.Clone(b)
		c[56] = 0x80
		out = append(out, c)
	}
	c := bytes.Clone(one)
	c[56] = 0x01
	out = append(out, c)
	return out
}()

// addL adds ℓ to the 57-byte little-endian s, modulo 2^456.
func addL(s []byte) {
	n := new(big.Int).Add(fromLE(s), bigL)
	n.Mod(n, new(big.Int).Lsh(big.NewInt(1), 456))
	copy(s, leBytes(n, 57))
}

// mutate returns a copy of b with a random edit: bit flips, a byte set, a
// small-order or non-canonical point spliced in at offset 0 (R or A), S
// replaced by S + ℓ, high bits of the last byte, or a length change.
func mutate(r *rand.Rand, b []byte, isSig bool) []byte {
	b = bytes.Clone(b)
	switch r.IntN(8) {
	case 0, 1:
		if len(b) > 0 {
			b[r.IntN(len(b))] ^= 1 << r.IntN(8)
		}
	case 2:
		if len(b) > 0 {
			b[r.IntN(len(b))] = byte(r.Uint32())
		}
	case 3, 4:
		if len(b) >= 57 {
			copy(b, edgePoints[r.IntN(len(edgePoints))])
		}
	case 5:
		if isSig && len(b) == 114 {
			addL(b[57:])
		}
	case 6:
		if len(b) > 0 && r.IntN(2) == 0 {
			b = b[:len(b)-1]
		} else {
			b = append(b, byte(r.Uint32()))
		}
	case 7:
		if len(b) > 0 {
			b[len(b)-1] ^= 0x80 << r.IntN(2) >> r.IntN(8)
		}
	}
	return b
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestDifferential signs random messages with random keys and contexts in
// both variants, checks the signatures equal circl's, and verifies them and
// mutations of them (of the signature, the key and the message) with both
// packages, which must agree.
func TestDifferential(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 40
	}
	allImplementations(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(8032, 448))
		accepted := 0
		for i := range n {
			seed := randBytes(r, 57)
			priv := ed448.NewKeyFromSeed(seed)
			cpriv := circl.NewKeyFromSeed(seed)
			if !bytes.Equal(priv, cpriv) {
				t.Fatalf("key of %x: %x, circl %x", seed, priv, cpriv)
			}
			pub := []byte(priv[57:])
			msg := randBytes(r, r.IntN(300))
			ctx := string(randBytes(r, []int{0, 1, 8, 255}[i%4]))
			ph := i%3 == 2
			var sig, csig []byte
			var err error
			if ph {
				sig, err = ed448.SignPh(priv, msg, ctx)
				csig = circl.SignPh(cpriv, msg, ctx)
			} else {
				sig, err = ed448.Sign(priv, msg, ctx)
				csig = circl.Sign(cpriv, msg, ctx)
			}
			if err != nil || !bytes.Equal(sig, csig) {
				t.Fatalf("signature %x (%v), circl %x", sig, err, csig)
			}
			if checkSame(t, "valid", pub, msg, sig, ctx, ph) {
				accepted++
			}
			switch r.IntN(5) {
			case 0:
				sig = mutate(r, sig, true)
			case 1:
				pub = mutate(r, pub, false)
			case 2:
				msg = mutate(r, msg, false)
			case 3:
				sig = mutate(r, sig, true)
				pub = mutate(r, pub, false)
			case 4:
				ctx = string(mutate(r, []byte(ctx), false))
			}
			if checkSame(t, "mutated", pub, msg, sig, ctx, ph) {
				accepted++
			}
		}
		if accepted < n {
			t.Fatalf("only %d accepted", accepted)
		}
	})
}

// forge returns a signature of msg that verifies under the public key
// A + T, where A = [a]B and T is a point of small order: R = [r]B and
// S = r + k·a with k the challenge over the encoding of A + T. The
// cofactorless equation [S]B = R + [k](A + T) holds only if [k]T = 0; the
// check of this package (and circl) ignores T.
//
// cofactorless reports whether the cofactorless equation holds.
func forge(t *testing.T, r *rand.Rand, T []byte, msg []byte, ctx string, ph bool) (pub, sig []byte, cofactorless bool) {
	t.Helper()
	var a, rr edwards448.Scalar
	a.SetUniformBytes(randBytes(r, 114))
	rr.SetUniformBytes(randBytes(r, 114))
	var A, TP, R edwards448.Point
	A.ScalarBaseMult(&a)
	if _, err := TP.SetBytes(T); err != nil {
		t.Fatal(err)
	}
	A.Add(&A, &TP)
	pub = A.Bytes()
	R.ScalarBaseMult(&rr)
	sig = R.Bytes()
	m := msg
	if ph {
		m = sha3.SumSHAKE256(msg, 64)
	}
	var flag byte
	if ph {
		flag = 1
	}
	h := sha3.NewSHAKE256()
	h.Write([]byte("SigEd448"))
	h.Write([]byte{flag, byte(len(ctx))})
	h.Write([]byte(ctx))
	h.Write(sig)
	h.Write(pub)
	h.Write(m)
	digest := make([]byte, 114)
	h.Read(digest)
	var k, S edwards448.Scalar
	k.SetUniformBytes(digest)
	S.MultiplyAdd(&k, &a, &rr)
	var check edwards448.Point
	check.ScalarMult(&k, &A)
	check.Negate(&check)
	var sB edwards448.Point
	sB.ScalarBaseMult(&S)
	check.Add(&check, &sB)
	return pub, append(sig, S.Bytes()...), check.Equal(&R) == 1
}

// TestMixedOrderKeys checks the treatment of public keys with a component
// of small order against circl: signatures made with the prime-order part's
// scalar verify, whatever the challenge; and signatures under a public key
// of small order alone.
func TestMixedOrderKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	allImplementations(t, func(t *testing.T) {
		cofactorlessRejects := 0
		for i := range 16 {
			T := edgePoints[i%4]
			msg := randBytes(r, 20)
			ctx := []string{"", "c"}[i%2]
			ph := i%3 == 0
			pub, sig, cofactorless := forge(t, r, T, msg, ctx, ph)
			if !cofactorless {
				cofactorlessRejects++
			}
			if !checkSame(t, "mixed order", pub, msg, sig, ctx, ph) {
				t.Errorf("signature under A + T%d rejected", i%4)
			}
			// A small-order key: R = [S]B for any S.
			var S edwards448.Scalar
			S.SetUniformBytes(randBytes(r, 114))
			var R edwards448.Point
			R.ScalarBaseMult(&S)
			sig = append(R.Bytes(), S.Bytes()...)
			if !checkSame(t, "small order", T, msg, sig, ctx, ph) {
				t.Errorf("small-order key T%d: R = [S]B rejected", i%4)
			}
			// R of small order with S = 0.
			for _, R := range edgePoints[:4] {
				checkSame(t, "small-order R", T, msg, append(bytes.Clone(R), make([]byte, 57)...), ctx, ph)
				checkSame(t, "small-order R", pub, msg, append(bytes.Clone(R), make([]byte, 57)...), ctx, ph)
			}
		}
		// The test must reach the keys where the two equations differ.
		if cofactorlessRejects == 0 {
			t.Error("no forged signature fails the cofactorless equation")
		}
	})
}

// FuzzVerify checks that crypton and circl agree on any public key,
// message, signature, context and variant.
func FuzzVerify(f *testing.F) {
	priv := ed448.NewKeyFromSeed(make([]byte, 57))
	sig, _ := ed448.Sign(priv, []byte("hello"), "")
	f.Add([]byte(priv[57:]), []byte("hello"), sig, "", false)
	sig, _ = ed448.SignPh(priv, []byte("hello"), "ctx")
	f.Add([]byte(priv[57:]), []byte("hello"), sig, "ctx", true)
	for _, p := range edgePoints {
		f.Add(p, []byte{}, append(bytes.Clone(p), make([]byte, 57)...), "", false)
	}
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte, ctx string, ph bool) {
		checkSame(t, "fuzz", pub, msg, sig, ctx, ph)
	})
}

// TestMismatchedPrivateKey checks that a private key whose public half is
// not the public key of its seed is never used to sign.
func TestMismatchedPrivateKey(t *testing.T) {
	good := ed448.NewKeyFromSeed(bytes.Repeat([]byte{1}, 57))
	other := ed448.NewKeyFromSeed(bytes.Repeat([]byte{2}, 57))
	bad := ed448.PrivateKey(append(good.Seed(), other[57:]...))
	if _, err := ed448.Sign(bad, []byte("m"), ""); err == nil {
		t.Fatal("signed with a mismatched key")
	}
	if _, err := bad.Sign(nil, []byte("m"), crypto.Hash(0)); err == nil {
		t.Fatal("crypto.Signer signed with a mismatched key")
	}
	// A key whose public half is changed after it was used (and cached)
	// is checked again.
	k := bytes.Clone(good)
	if _, err := ed448.Sign(k, []byte("m"), ""); err != nil {
		t.Fatal(err)
	}
	copy(k[57:], other[57:])
	if _, err := ed448.SignPh(k, []byte("m"), ""); err == nil {
		t.Fatal("signed after the public half changed")
	}
	copy(k[57:], good[57:])
	if _, err := ed448.Sign(k, []byte("m"), ""); err != nil {
		t.Fatal(err)
	}
	k[0] ^= 1 // the seed changed, the public half not
	if _, err := ed448.Sign(k, []byte("m"), ""); err == nil {
		t.Fatal("signed after the seed changed")
	}
}

func TestBadInputs(t *testing.T) {
	priv := ed448.NewKeyFromSeed(make([]byte, 57))
	pub := priv.Public().(ed448.PublicKey)
	sig, err := ed448.Sign(priv, []byte("m"), "")
	if err != nil || !ed448.Verify(pub, []byte("m"), sig, "") {
		t.Fatal(err)
	}
	for _, n := range []int{0, 56, 58, 114} {
		if ed448.Verify(make([]byte, n), []byte("m"), sig, "") || ed448.VerifyPh(make([]byte, n), []byte("m"), sig, "") {
			t.Errorf("Verify accepted a %d-byte key", n)
		}
		if ed448.Verify(pub, []byte("m"), make([]byte, n), "") {
			t.Errorf("Verify accepted a %d-byte signature", n)
		}
		if _, err := ed448.Sign(make([]byte, n), []byte("m"), ""); err == nil {
			t.Errorf("Sign accepted a %d-byte key", n)
		}
	}
	if ed448.Verify(pub, []byte("m"), append(sig, 0), "") || ed448.Verify(pub, []byte("m"), sig[:113], "") {
		t.Error("Verify accepted a signature of the wrong length")
	}
	long := strings.Repeat("c", 256)
	if _, err := ed448.Sign(priv, []byte("m"), long); err == nil {
		t.Error("Sign accepted a 256-byte context")
	}
	if _, err := ed448.SignPh(priv, []byte("m"), long); err == nil {
		t.Error("SignPh accepted a 256-byte context")
	}
	if _, err := priv.Sign(nil, []byte("m"), &ed448.Options{Context: long}); err == nil {
		t.Error("PrivateKey.Sign accepted a 256-byte context")
	}
	if ed448.Verify(pub, []byte("m"), sig, long) || ed448.VerifyWithOptions(pub, []byte("m"), sig, &ed448.Options{Context: long}) == nil {
		t.Error("Verify accepted a 256-byte context")
	}
	if _, err := priv.Sign(nil, []byte("m"), crypto.SHA512); err == nil {
		t.Error("Sign accepted SHA-512")
	}
	for _, n := range []int{0, 32, 56, 58} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewKeyFromSeed accepted %d bytes", n)
				}
			}()
			ed448.NewKeyFromSeed(make([]byte, n))
		}()
	}
	// A 255-byte context works and matches circl.
	ctx := strings.Repeat("c", 255)
	s1, err := ed448.Sign(priv, []byte("m"), ctx)
	if err != nil || !bytes.Equal(s1, circl.Sign(circl.PrivateKey(priv), []byte("m"), ctx)) {
		t.Errorf("255-byte context: %v", err)
	}
	// A nil *Options is plain Ed448.
	var nilOpts *ed448.Options
	if s, err := priv.Sign(nil, []byte("m"), nilOpts); err != nil || !bytes.Equal(s, sig) {
		t.Errorf("nil *Options: %v", err)
	}
	if s, err := priv.Sign(nil, []byte("m"), nil); err != nil || !bytes.Equal(s, sig) {
		t.Errorf("nil opts: %v", err)
	}
	if err := ed448.VerifyWithOptions(pub, []byte("m"), sig, nil); err != nil {
		t.Errorf("VerifyWithOptions(nil): %v", err)
	}
}

// TestKeys checks GenerateKey, the key types and crypto.Signer.
func TestKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seed := randBytes(r, 57)
	pub, priv, err := ed448.GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(priv.Seed(), seed) || !bytes.Equal(priv, ed448.NewKeyFromSeed(seed)) || !bytes.Equal(pub, priv[57:]) {
		t.Fatal("GenerateKey does not derive the key from the seed it reads")
	}
	if _, _, err := ed448.GenerateKey(bytes.NewReader(seed[:56])); err == nil {
		t.Error("GenerateKey with a short reader succeeded")
	}
	var signer crypto.Signer = priv
	p, ok := signer.Public().(ed448.PublicKey)
	if !ok || !p.Equal(pub) || p.Equal([]byte(pub)) {
		t.Fatalf("Public() = %T", signer.Public())
	}
	if !priv.Equal(ed448.PrivateKey(bytes.Clone(priv))) || priv.Equal(pub) {
		t.Error("PrivateKey.Equal")
	}
	_, priv2, err := ed448.GenerateKey(nil)
	if err != nil || priv2.Equal(priv) {
		t.Fatal("GenerateKey(nil)")
	}
	msg := []byte("message")
	for _, opts := range []crypto.SignerOpts{crypto.Hash(0), &ed448.Options{}, &ed448.Options{Context: "x"}, &ed448.Options{Prehash: true}, &ed448.Options{Context: "y", Prehash: true}} {
		sig, err := signer.Sign(nil, msg, opts)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := opts.(*ed448.Options)
		if o == nil {
			o = &ed448.Options{}
		}
		if !checkSame(t, "Signer", pub, msg, sig, o.Context, o.Prehash) {
			t.Errorf("signature with %+v rejected", o)
		}
		csig, err := circl.PrivateKey(priv).Sign(nil, msg, circl.SignerOptions{Context: o.Context, Scheme: map[bool]circl.SchemeID{false: circl.ED448, true: circl.ED448Ph}[o.Prehash]})
		if err != nil || !bytes.Equal(csig, sig) {
			t.Errorf("signature with %+v differs from circl's", o)
		}
	}
}

func TestAllocations(t *testing.T) {
	priv := ed448.NewKeyFromSeed(make([]byte, 57))
	pub := ed448.PublicKey(priv[57:])
	msg := []byte("message")
	sig, _ := ed448.Sign(priv, msg, "")
	if n := testing.AllocsPerRun(20, func() { ed448.Sign(priv, msg, "ctx") }); n > 2 {
		t.Errorf("Sign: %v allocations", n)
	}
	if n := testing.AllocsPerRun(20, func() { ed448.Verify(pub, msg, sig, "") }); n > 1 {
		t.Errorf("Verify: %v allocations", n)
	}
}

// globalKey is a private key outside the heap (in the data segment), which
// signs like any other: the key cache never refers to the key's memory.
var globalKey [114]byte

func TestGlobalKey(t *testing.T) {
	copy(globalKey[:], ed448.NewKeyFromSeed(bytes.Repeat([]byte{9}, 57)))
	msg := []byte("m")
	for range 3 {
		sig, err := ed448.Sign(globalKey[:], msg, "")
		if err != nil || !bytes.Equal(sig, circl.Sign(globalKey[:], msg, "")) {
			t.Fatal("signature differs from circl's")
		}
	}
	var stackKey [114]byte
	copy(stackKey[:], globalKey[:])
	if sig, _ := ed448.Sign(stackKey[:], msg, ""); !ed448.Verify(ed448.PublicKey(stackKey[57:]), msg, sig, "") {
		t.Fatal("rejected")
	}
}

// FuzzSign checks that crypton's keys and signatures equal circl's for any
// seed, message, context and variant.
func FuzzSign(f *testing.F) {
	f.Add(make([]byte, 57), []byte("hello"), "", false)
	f.Add(bytes.Repeat([]byte{0xff}, 57), []byte{}, "ctx", true)
	f.Add(bytes.Repeat([]byte{0x80}, 57), make([]byte, 64), strings.Repeat("c", 255), false)
	f.Fuzz(func(t *testing.T, seed, msg []byte, ctx string, ph bool) {
		if len(seed) != 57 || len(ctx) > 255 {
			return
		}
		priv := ed448.NewKeyFromSeed(seed)
		cpriv := circl.NewKeyFromSeed(seed)
		if !bytes.Equal(priv, cpriv) {
			t.Fatalf("key %x, circl %x", priv, cpriv)
		}
		sig, err := priv.Sign(nil, msg, &ed448.Options{Context: ctx, Prehash: ph})
		var csig []byte
		if ph {
			csig = circl.SignPh(cpriv, msg, ctx)
		} else {
			csig = circl.Sign(cpriv, msg, ctx)
		}
		if err != nil || !bytes.Equal(sig, csig) {
			t.Fatalf("signature %x (%v), circl %x", sig, err, csig)
		}
		if !checkSame(t, "signed", priv[57:], msg, sig, ctx, ph) {
			t.Fatal("own signature rejected")
		}
	})
}
