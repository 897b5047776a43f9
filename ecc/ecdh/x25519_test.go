package ecdh_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

func decodeHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// x25519 computes X25519(scalar, point) through the package API.
func x25519(t testing.TB, scalar, point []byte) ([]byte, error) {
	t.Helper()
	priv, err := ecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdh.X25519().NewPublicKey(point)
	if err != nil {
		t.Fatal(err)
	}
	return priv.ECDH(pub)
}

// allImplementations runs f on every implementation of the field arithmetic.
func allImplementations(t *testing.T, f func(t *testing.T)) {
	cputest.TestAllImplementations(t, "gf25519", f)
}

// TestRFC7748Vectors checks the test vectors of RFC 7748, Section 5.2.
func TestRFC7748Vectors(t *testing.T) {
	vectors := []struct{ scalar, u, out string }{
		{
			"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
		},
		{
			"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
		},
	}
	allImplementations(t, func(t *testing.T) {
		for _, v := range vectors {
			got, err := x25519(t, decodeHex(t, v.scalar), decodeHex(t, v.u))
			if err != nil || !bytes.Equal(got, decodeHex(t, v.out)) {
				t.Errorf("X25519(%s, %s) = %x, %v; want %s", v.scalar, v.u, got, err, v.out)
			}
		}
	})
}

// TestRFC7748DiffieHellman checks the exchange of RFC 7748, Section 6.1.
func TestRFC7748DiffieHellman(t *testing.T) {
	allImplementations(t, func(t *testing.T) {
		c := ecdh.X25519()
		alice, err := c.NewPrivateKey(decodeHex(t, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))
		if err != nil {
			t.Fatal(err)
		}
		bob, err := c.NewPrivateKey(decodeHex(t, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := hex.EncodeToString(alice.PublicKey().Bytes()), "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"; got != want {
			t.Errorf("Alice's public key %s, want %s", got, want)
		}
		if got, want := hex.EncodeToString(bob.PublicKey().Bytes()), "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"; got != want {
			t.Errorf("Bob's public key %s, want %s", got, want)
		}
		const shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
		s1, err := alice.ECDH(bob.PublicKey())
		if err != nil || hex.EncodeToString(s1) != shared {
			t.Errorf("Alice's shared secret %x, %v; want %s", s1, err, shared)
		}
		s2, err := bob.ECDH(alice.PublicKey())
		if err != nil || hex.EncodeToString(s2) != shared {
			t.Errorf("Bob's shared secret %x, %v; want %s", s2, err, shared)
		}
	})
}

// TestWycheproof runs every test of x25519_test.json. Valid and acceptable
// tests must give the file's shared secret, except those flagged
// ZeroSharedSecret (public keys of low order), which must be rejected with
// an error, as crypto/ecdh rejects them; the test checks crypto/ecdh agrees.
func TestWycheproof(t *testing.T) {
	var f wycheproof.XDHFile
	wycheproof.Load(t, "x25519_test.json", &f)
	n, ran := 0, false // ran: not every implementation left out (cputest.ImplsEnvVar)
	allImplementations(t, func(t *testing.T) {
		ran = true
		for _, g := range f.TestGroups {
			if g.Curve != "curve25519" {
				t.Fatalf("unexpected curve %q", g.Curve)
			}
			for _, tc := range g.Tests {
				n++
				got, err := x25519(t, tc.Private, tc.Public)
				std, stdErr := stdX25519(t, tc.Private, tc.Public)
				wantReject := tc.Result == wycheproof.Invalid || tc.HasFlag("ZeroSharedSecret")
				switch {
				case wantReject && err == nil:
					t.Errorf("%s (%s, %v): accepted, shared %x", tc.Name(), tc.Comment, tc.Flags, got)
				case wantReject && err.Error() != "ecdh: bad X25519 remote ECDH input: low order point":
					t.Errorf("%s: error %q", tc.Name(), err)
				case !wantReject && err != nil:
					t.Errorf("%s (%s, %v): %v", tc.Name(), tc.Comment, tc.Flags, err)
				case !wantReject && !bytes.Equal(got, tc.Shared):
					t.Errorf("%s (%s): shared %x, want %x", tc.Name(), tc.Comment, got, tc.Shared)
				}
				if (err == nil) != (stdErr == nil) || !bytes.Equal(got, std) {
					t.Errorf("%s: %x, %v; crypto/ecdh %x, %v", tc.Name(), got, err, std, stdErr)
				}
			}
		}
	})
	if ran && n == 0 {
		t.Fatal("no tests")
	}
}

func stdX25519(t testing.TB, scalar, point []byte) ([]byte, error) {
	t.Helper()
	priv, err := stdecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := stdecdh.X25519().NewPublicKey(point)
	if err != nil {
		t.Fatal(err)
	}
	return priv.ECDH(pub)
}

// TestVsStdlib compares key generation and ECDH with crypto/ecdh on random
// private keys and random public keys, including non-canonical encodings
// (2^255−19 and above), encodings with bit 255 set, and points of low order.
func TestVsStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	random := func() []byte {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	var specials [][]byte
	for k := 0; k < 19+4; k++ {
		// p+k − 19 for k = 0..22: p−19 … p+3, with and without bit 255.
		b := bytes.Repeat([]byte{0xff}, 32)
		b[0] = byte(0xed - 19 + k)
		b[31] = 0x7f
		specials = append(specials, b, append(bytes.Clone(b[:31]), 0xff))
	}
	for _, small := range []int{0, 1, 9} {
		b := make([]byte, 32)
		b[0] = byte(small)
		specials = append(specials, b, append(bytes.Clone(b[:31]), 0x80))
	}
	allImplementations(t, func(t *testing.T) {
		for i := 0; i < 100+len(specials); i++ {
			privBytes := random()
			pubBytes := random()
			if i%2 == 1 {
				pubBytes[31] |= 0x80
			}
			if i >= 100 {
				pubBytes = specials[i-100]
			}
			priv, err := ecdh.X25519().NewPrivateKey(privBytes)
			if err != nil {
				t.Fatal(err)
			}
			stdPriv, _ := stdecdh.X25519().NewPrivateKey(privBytes)
			if got, want := priv.PublicKey().Bytes(), stdPriv.PublicKey().Bytes(); !bytes.Equal(got, want) {
				t.Errorf("public key of %x: %x, crypto/ecdh %x", privBytes, got, want)
			}
			got, err := x25519(t, privBytes, pubBytes)
			want, stdErr := stdX25519(t, privBytes, pubBytes)
			if (err == nil) != (stdErr == nil) || !bytes.Equal(got, want) {
				t.Errorf("X25519(%x, %x) = %x, %v; crypto/ecdh %x, %v", privBytes, pubBytes, got, err, want, stdErr)
			}
		}
	})
}

func TestGenerateKey(t *testing.T) {
	c := ecdh.X25519()
	seed := bytes.Repeat([]byte{7}, 32)
	k, err := c.GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k.Bytes(), seed) {
		t.Errorf("GenerateKey read %x, want %x", k.Bytes(), seed)
	}
	std, _ := stdecdh.X25519().NewPrivateKey(seed)
	if !bytes.Equal(k.PublicKey().Bytes(), std.PublicKey().Bytes()) {
		t.Errorf("public key %x, crypto/ecdh %x", k.PublicKey().Bytes(), std.PublicKey().Bytes())
	}
	if _, err := c.GenerateKey(bytes.NewReader(seed[:31])); err == nil {
		t.Error("GenerateKey with a short reader succeeded")
	}
	a, err := c.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Equal(b) || bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two generated keys are equal")
	}
	s1, err1 := a.ECDH(b.PublicKey())
	s2, err2 := b.ECDH(a.PublicKey())
	if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
		t.Errorf("shared secrets differ: %x, %v; %x, %v", s1, err1, s2, err2)
	}
}

func TestKeys(t *testing.T) {
	c := ecdh.X25519()
	if c != ecdh.X25519() {
		t.Error("X25519() returns different values")
	}
	if s, ok := c.(interface{ String() string }); !ok || s.String() != "X25519" {
		t.Errorf("X25519() has no String method returning X25519")
	}
	raw := bytes.Repeat([]byte{1}, 32)
	k, err := c.NewPrivateKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	raw[5] = 2 // NewPrivateKey must have copied its input
	k2, _ := c.NewPrivateKey(bytes.Repeat([]byte{1}, 32))
	if !k.Equal(k2) || !k2.Equal(k) || k.Bytes()[5] != 1 {
		t.Error("equal private keys compare unequal, or the input was not copied")
	}
	k.Bytes()[0] = 5 // Bytes returns a copy
	if k.Bytes()[0] != 1 {
		t.Error("Bytes does not return a copy")
	}
	k3, _ := c.NewPrivateKey(raw)
	if k.Equal(k3) || k.Equal(nil) || k.PublicKey().Equal(k3.PublicKey()) {
		t.Error("different keys compare equal")
	}
	if k.Curve() != c || k.PublicKey().Curve() != c {
		t.Error("Curve() differs")
	}
	if pub, ok := k.Public().(*ecdh.PublicKey); !ok || !pub.Equal(k.PublicKey()) || pub.Equal("x") {
		t.Error("Public() is not the public key")
	}
	pubRaw := k.PublicKey().Bytes()
	p, err := c.NewPublicKey(pubRaw)
	if err != nil || !p.Equal(k.PublicKey()) {
		t.Errorf("NewPublicKey(PublicKey().Bytes()) = %v, %v", p, err)
	}
	pubRaw[0] ^= 1
	if !p.Equal(k.PublicKey()) {
		t.Error("NewPublicKey did not copy its input")
	}
	for _, n := range []int{0, 31, 33, 64} {
		if k, err := c.NewPrivateKey(make([]byte, n)); err == nil || k != nil || err.Error() != "ecdh: invalid private key size" {
			t.Errorf("NewPrivateKey of %d bytes: %v, %v", n, k, err)
		}
		if p, err := c.NewPublicKey(make([]byte, n)); err == nil || p != nil || err.Error() != "ecdh: invalid public key" {
			t.Errorf("NewPublicKey of %d bytes: %v, %v", n, p, err)
		}
	}
	if _, err := k.ECDH(nil); err == nil {
		t.Error("ECDH(nil) succeeded")
	}
}

// TestAllocations checks that ECDH with prepared keys allocates only its
// result.
func TestAllocations(t *testing.T) {
	allImplementations(t, func(t *testing.T) {
		priv, _ := ecdh.X25519().NewPrivateKey(bytes.Repeat([]byte{3}, 32))
		pub := priv.PublicKey()
		if n := testing.AllocsPerRun(10, func() {
			if _, err := priv.ECDH(pub); err != nil {
				t.Fatal(err)
			}
		}); n > 1 {
			t.Errorf("ECDH: %v allocations, want at most 1", n)
		}
	})
}

// FuzzECDH compares ECDH with crypto/ecdh on arbitrary private and public
// keys.
func FuzzECDH(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add(make([]byte, 32), append([]byte{9}, make([]byte, 31)...))
	f.Add(bytes.Repeat([]byte{0x80}, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0x42}, 32), append(bytes.Repeat([]byte{0xff}, 31), 0x7f))
	f.Fuzz(func(t *testing.T, privBytes, pubBytes []byte) {
		priv, err := ecdh.X25519().NewPrivateKey(privBytes)
		stdPriv, stdErr := stdecdh.X25519().NewPrivateKey(privBytes)
		if (err == nil) != (stdErr == nil) {
			t.Fatalf("NewPrivateKey(%x): %v; crypto/ecdh %v", privBytes, err, stdErr)
		}
		pub, err := ecdh.X25519().NewPublicKey(pubBytes)
		stdPub, stdErr := stdecdh.X25519().NewPublicKey(pubBytes)
		if (err == nil) != (stdErr == nil) {
			t.Fatalf("NewPublicKey(%x): %v; crypto/ecdh %v", pubBytes, err, stdErr)
		}
		if priv == nil || pub == nil {
			return
		}
		if !bytes.Equal(priv.PublicKey().Bytes(), stdPriv.PublicKey().Bytes()) {
			t.Fatalf("public key of %x differs", privBytes)
		}
		got, err := priv.ECDH(pub)
		want, stdErr := stdPriv.ECDH(stdPub)
		if (err == nil) != (stdErr == nil) || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x, %x) = %x, %v; crypto/ecdh %x, %v", privBytes, pubBytes, got, err, want, stdErr)
		}
	})
}
