package ecdh_test

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	circlx448 "github.com/cloudflare/circl/dh/x448"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// x448 computes X448(scalar, point) through the package API.
func x448(t testing.TB, scalar, point []byte) ([]byte, error) {
	t.Helper()
	priv, err := ecdh.X448().NewPrivateKey(scalar)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdh.X448().NewPublicKey(point)
	if err != nil {
		t.Fatal(err)
	}
	return priv.ECDH(pub)
}

// circlX448 is circl's verdict: the shared secret, or an error for a
// low-order point.
func circlX448(scalar, point []byte) ([]byte, bool) {
	var shared, s, p circlx448.Key
	copy(s[:], scalar)
	copy(p[:], point)
	if !circlx448.Shared(&shared, &s, &p) {
		return nil, false
	}
	return shared[:], true
}

func circlPublic(scalar []byte) []byte {
	var pub, s circlx448.Key
	copy(s[:], scalar)
	circlx448.KeyGen(&pub, &s)
	return pub[:]
}

func allImplementations448(t *testing.T, f func(t *testing.T)) {
	cputest.TestAllImplementations(t, "gf448", f)
}

// TestX448RFC7748Vectors checks the X448 test vectors of RFC 7748,
// Section 5.2.
func TestX448RFC7748Vectors(t *testing.T) {
	vectors := []struct{ scalar, u, out string }{
		{
			"3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
			"06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
			"ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f",
		},
		{
			"203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
			"0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
			"884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d",
		},
	}
	allImplementations448(t, func(t *testing.T) {
		for _, v := range vectors {
			got, err := x448(t, decodeHex(t, v.scalar), decodeHex(t, v.u))
			if err != nil || !bytes.Equal(got, decodeHex(t, v.out)) {
				t.Errorf("X448(%s, %s) = %x, %v; want %s", v.scalar, v.u, got, err, v.out)
			}
		}
	})
}

// TestX448RFC7748DiffieHellman checks the exchange of RFC 7748, Section 6.2.
func TestX448RFC7748DiffieHellman(t *testing.T) {
	allImplementations448(t, func(t *testing.T) {
		c := ecdh.X448()
		alice, err := c.NewPrivateKey(decodeHex(t, "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b"))
		if err != nil {
			t.Fatal(err)
		}
		bob, err := c.NewPrivateKey(decodeHex(t, "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := hex.EncodeToString(alice.PublicKey().Bytes()), "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0"; got != want {
			t.Errorf("Alice's public key %s, want %s", got, want)
		}
		if got, want := hex.EncodeToString(bob.PublicKey().Bytes()), "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609"; got != want {
			t.Errorf("Bob's public key %s, want %s", got, want)
		}
		const shared = "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d"
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

// TestX448Wycheproof runs every test of x448_test.json. Public keys of the
// wrong length (invalid) must be rejected by NewPublicKey; valid and
// acceptable tests must give the file's shared secret, except those flagged
// ZeroSharedSecret (public keys of low order), which ECDH must reject with
// an error, as circl does; circl must agree on every test.
func TestX448Wycheproof(t *testing.T) {
	var f wycheproof.XDHFile
	wycheproof.Load(t, "x448_test.json", &f)
	allImplementations448(t, func(t *testing.T) {
		n := 0
		for _, g := range f.TestGroups {
			if g.Curve != "curve448" {
				t.Fatalf("unexpected curve %q", g.Curve)
			}
			for _, tc := range g.Tests {
				n++
				if len(tc.Public) != 56 {
					if tc.Result != wycheproof.Invalid {
						t.Errorf("%s: %d-byte public key, result %s", tc.Name(), len(tc.Public), tc.Result)
					}
					if _, err := ecdh.X448().NewPublicKey(tc.Public); err == nil {
						t.Errorf("%s: NewPublicKey accepted %d bytes", tc.Name(), len(tc.Public))
					}
					continue
				}
				got, err := x448(t, tc.Private, tc.Public)
				wantReject := tc.Result == wycheproof.Invalid || tc.HasFlag("ZeroSharedSecret")
				switch {
				case wantReject && err == nil:
					t.Errorf("%s (%s, %v): accepted, shared %x", tc.Name(), tc.Comment, tc.Flags, got)
				case wantReject && err.Error() != "ecdh: bad X448 remote ECDH input: low order point":
					t.Errorf("%s: error %q", tc.Name(), err)
				case !wantReject && err != nil:
					t.Errorf("%s (%s, %v): %v", tc.Name(), tc.Comment, tc.Flags, err)
				case !wantReject && !bytes.Equal(got, tc.Shared):
					t.Errorf("%s (%s): shared %x, want %x", tc.Name(), tc.Comment, got, tc.Shared)
				}
				want, ok := circlX448(tc.Private, tc.Public)
				if (err == nil) != ok || !bytes.Equal(got, want) {
					t.Errorf("%s: %x, %v; circl %x, %v", tc.Name(), got, err, want, ok)
				}
			}
		}
		if n != 510 {
			t.Fatalf("%d tests, want 510", n)
		}
	})
}

var bigP448 = func() *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
	return p.Sub(p, big.NewInt(1))
}()

func le56(n *big.Int) []byte {
	b := n.FillBytes(make([]byte, 56))
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// TestX448VsCircl compares key generation and ECDH with circl on random
// private keys and random public keys, including non-canonical encodings
// (p − 3 to 2^448 − 1) and the points of low order (0, 1, p − 1 and their
// non-canonical forms p, p + 1).
func TestX448VsCircl(t *testing.T) {
	r := rand.New(rand.NewPCG(7748, 448))
	random := func() []byte {
		b := make([]byte, 56)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	var specials [][]byte
	for k := -3; k <= 3; k++ {
		specials = append(specials, le56(new(big.Int).Add(bigP448, big.NewInt(int64(k)))))
	}
	specials = append(specials, bytes.Repeat([]byte{0xff}, 56), make([]byte, 56))
	for _, small := range []int64{0, 1, 2, 5} {
		specials = append(specials, le56(big.NewInt(small)))
	}
	rejected, ran := 0, false // ran: not every implementation left out (cputest.ImplsEnvVar)
	allImplementations448(t, func(t *testing.T) {
		ran = true
		for i := 0; i < 60+len(specials); i++ {
			privBytes := random()
			pubBytes := random()
			if i >= 60 {
				pubBytes = specials[i-60]
			}
			priv, err := ecdh.X448().NewPrivateKey(privBytes)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := priv.PublicKey().Bytes(), circlPublic(privBytes); !bytes.Equal(got, want) {
				t.Errorf("public key of %x: %x, circl %x", privBytes, got, want)
			}
			got, err := x448(t, privBytes, pubBytes)
			want, ok := circlX448(privBytes, pubBytes)
			if (err == nil) != ok || !bytes.Equal(got, want) {
				t.Errorf("X448(%x, %x) = %x, %v; circl %x, %v", privBytes, pubBytes, got, err, want, ok)
			}
			if err != nil {
				rejected++
			}
		}
	})
	if ran && rejected == 0 {
		t.Error("no low-order point rejected")
	}
}

// TestX448PublicKeys checks, on many random private keys, that the public
// key computed on edwards448 equals X448(k, 5) computed with the ladder
// through ECDH with the base point as the remote key.
func TestX448PublicKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	base, err := ecdh.X448().NewPublicKey(append([]byte{5}, make([]byte, 55)...))
	if err != nil {
		t.Fatal(err)
	}
	allImplementations448(t, func(t *testing.T) {
		for range 50 {
			k := make([]byte, 56)
			for i := range k {
				k[i] = byte(r.Uint32())
			}
			priv, _ := ecdh.X448().NewPrivateKey(k)
			want, err := priv.ECDH(base)
			if err != nil || !bytes.Equal(priv.PublicKey().Bytes(), want) {
				t.Fatalf("public key of %x: %x, ladder %x (%v)", k, priv.PublicKey().Bytes(), want, err)
			}
		}
	})
}

func TestX448Keys(t *testing.T) {
	c := ecdh.X448()
	if c != ecdh.X448() || c == ecdh.X25519() {
		t.Error("X448() returns different values, or X25519's")
	}
	if s, ok := c.(interface{ String() string }); !ok || s.String() != "X448" {
		t.Errorf("X448() has no String method returning X448")
	}
	seed := bytes.Repeat([]byte{7}, 56)
	k, err := c.GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k.Bytes(), seed) || !bytes.Equal(k.PublicKey().Bytes(), circlPublic(seed)) {
		t.Errorf("GenerateKey: %x, public %x", k.Bytes(), k.PublicKey().Bytes())
	}
	if _, err := c.GenerateKey(bytes.NewReader(seed[:55])); err == nil {
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
	if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) || len(s1) != 56 {
		t.Errorf("shared secrets differ: %x, %v; %x, %v", s1, err1, s2, err2)
	}
	raw := bytes.Repeat([]byte{1}, 56)
	k1, _ := c.NewPrivateKey(raw)
	raw[5] = 2 // NewPrivateKey must have copied its input
	k2, _ := c.NewPrivateKey(bytes.Repeat([]byte{1}, 56))
	if !k1.Equal(k2) || k1.Bytes()[5] != 1 || k1.Curve() != c || k1.PublicKey().Curve() != c {
		t.Error("equal private keys compare unequal, or the input was not copied")
	}
	// Keys of the two curves never mix.
	x25519Key, _ := ecdh.X25519().NewPrivateKey(make([]byte, 32))
	if _, err := k1.ECDH(x25519Key.PublicKey()); err == nil {
		t.Error("ECDH with an X25519 public key succeeded")
	}
	if _, err := x25519Key.ECDH(k1.PublicKey()); err == nil {
		t.Error("X25519 ECDH with an X448 public key succeeded")
	}
	pub, _ := c.NewPublicKey(k1.PublicKey().Bytes())
	x25519Pub, _ := ecdh.X25519().NewPublicKey(k1.PublicKey().Bytes()[:32])
	if !pub.Equal(k1.PublicKey()) || pub.Equal(x25519Pub) {
		t.Error("PublicKey.Equal")
	}
	for _, n := range []int{0, 32, 55, 57, 64} {
		if k, err := c.NewPrivateKey(make([]byte, n)); err == nil || k != nil || err.Error() != "ecdh: invalid private key size" {
			t.Errorf("NewPrivateKey of %d bytes: %v, %v", n, k, err)
		}
		if p, err := c.NewPublicKey(make([]byte, n)); err == nil || p != nil || err.Error() != "ecdh: invalid public key" {
			t.Errorf("NewPublicKey of %d bytes: %v, %v", n, p, err)
		}
	}
}

// TestX448Allocations checks that ECDH with prepared keys allocates only
// its result.
func TestX448Allocations(t *testing.T) {
	priv, _ := ecdh.X448().NewPrivateKey(bytes.Repeat([]byte{3}, 56))
	pub := priv.PublicKey()
	if n := testing.AllocsPerRun(10, func() {
		if _, err := priv.ECDH(pub); err != nil {
			t.Fatal(err)
		}
	}); n > 1 {
		t.Errorf("ECDH: %v allocations, want at most 1", n)
	}
}

// FuzzNewPublicKeyX448 checks NewPublicKey on any input: 56 bytes are
// accepted and kept as given, anything else rejected.
func FuzzNewPublicKeyX448(f *testing.F) {
	f.Add(make([]byte, 56))
	f.Add(make([]byte, 57))
	f.Add([]byte{5})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ecdh.X448().NewPublicKey(b)
		if (err == nil) != (len(b) == 56) {
			t.Fatalf("NewPublicKey of %d bytes: %v", len(b), err)
		}
		if err == nil && !bytes.Equal(p.Bytes(), b) {
			t.Fatalf("Bytes() = %x, want %x", p.Bytes(), b)
		}
	})
}

// FuzzECDHX448 compares key generation and ECDH with circl on arbitrary
// private and public keys.
func FuzzECDHX448(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 56), bytes.Repeat([]byte{0xff}, 56))
	f.Add(make([]byte, 56), append([]byte{5}, make([]byte, 55)...))
	f.Add(bytes.Repeat([]byte{0x80}, 56), make([]byte, 56))
	f.Add(bytes.Repeat([]byte{0x42}, 56), append([]byte{1}, make([]byte, 55)...))
	f.Fuzz(func(t *testing.T, privBytes, pubBytes []byte) {
		priv, err := ecdh.X448().NewPrivateKey(privBytes)
		if (err == nil) != (len(privBytes) == 56) {
			t.Fatalf("NewPrivateKey(%x): %v", privBytes, err)
		}
		pub, err := ecdh.X448().NewPublicKey(pubBytes)
		if (err == nil) != (len(pubBytes) == 56) {
			t.Fatalf("NewPublicKey(%x): %v", pubBytes, err)
		}
		if priv == nil || pub == nil {
			return
		}
		if !bytes.Equal(priv.PublicKey().Bytes(), circlPublic(privBytes)) {
			t.Fatalf("public key of %x differs", privBytes)
		}
		got, err := priv.ECDH(pub)
		want, ok := circlX448(privBytes, pubBytes)
		if (err == nil) != ok || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x, %x) = %x, %v; circl %x, %v", privBytes, pubBytes, got, err, want, ok)
		}
	})
}
