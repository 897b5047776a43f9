package ecdh_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"crypto/elliptic"
	crand "crypto/rand"
	"encoding/asn1"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

// nistTest is one NIST curve with its oracles.
type nistTest struct {
	curve ecdh.Curve
	std   stdecdh.Curve
	ell   elliptic.Curve
	name  string                // Wycheproof's name
	oid   asn1.ObjectIdentifier // namedCurve, RFC 5480
}

var nistCurves = []*nistTest{
	{ecdh.P256(), stdecdh.P256(), elliptic.P256(), "secp256r1", asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}},
	{ecdh.P384(), stdecdh.P384(), elliptic.P384(), "secp384r1", asn1.ObjectIdentifier{1, 3, 132, 0, 34}},
	{ecdh.P521(), stdecdh.P521(), elliptic.P521(), "secp521r1", asn1.ObjectIdentifier{1, 3, 132, 0, 35}},
}

func forNIST(t *testing.T, f func(t *testing.T, c *nistTest)) {
	for _, c := range nistCurves {
		t.Run(c.ell.Params().Name, func(t *testing.T) { f(t, c) })
	}
}

func (c *nistTest) size() int { return (c.ell.Params().BitSize + 7) / 8 }

func nistRand(t *testing.T) *rand.ChaCha8 {
	var seed [32]byte
	copy(seed[:], t.Name())
	return rand.NewChaCha8(seed)
}

func TestNISTString(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		if got := c.curve.(interface{ String() string }).String(); got != c.ell.Params().Name {
			t.Errorf("String() = %q", got)
		}
	})
}

// TestNISTStdlib checks keys and shared secrets against crypto/ecdh on
// random keys, in both directions, with compressed public keys too.
func TestNISTStdlib(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		r := nistRand(t)
		for range 16 {
			a, err := c.curve.GenerateKey(r)
			if err != nil {
				t.Fatal(err)
			}
			b, err := c.std.GenerateKey(crand.Reader)
			if err != nil {
				t.Fatal(err)
			}
			// Our public key of a equals crypto/ecdh's.
			stdA, err := c.std.NewPrivateKey(a.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.PublicKey().Bytes(), stdA.PublicKey().Bytes()) {
				t.Fatalf("public key %x, crypto/ecdh %x", a.PublicKey().Bytes(), stdA.PublicKey().Bytes())
			}
			ourB, err := c.curve.NewPrivateKey(b.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ourB.PublicKey().Bytes(), b.PublicKey().Bytes()) {
				t.Fatal("public key of a crypto/ecdh key")
			}
			// a with B's public key, and crypto/ecdh's b with A's.
			pubB, err := c.curve.NewPublicKey(b.PublicKey().Bytes())
			if err != nil {
				t.Fatal(err)
			}
			s1, err := a.ECDH(pubB)
			if err != nil {
				t.Fatal(err)
			}
			stdPubA, err := c.std.NewPublicKey(a.PublicKey().Bytes())
			if err != nil {
				t.Fatal(err)
			}
			s2, err := b.ECDH(stdPubA)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(s1, s2) || len(s1) != c.size() {
				t.Fatalf("shared secrets %x and crypto/ecdh's %x", s1, s2)
			}
			// The compressed encoding of B gives the same key.
			x, y := elliptic.Unmarshal(c.ell, b.PublicKey().Bytes())
			comp := elliptic.MarshalCompressed(c.ell, x, y)
			pubC, err := c.curve.NewPublicKey(comp)
			if err != nil {
				t.Fatal(err)
			}
			if !pubC.Equal(pubB) || !bytes.Equal(pubC.Bytes(), b.PublicKey().Bytes()) {
				t.Fatalf("compressed key: Bytes() = %x", pubC.Bytes())
			}
			if s3, err := a.ECDH(pubC); err != nil || !bytes.Equal(s3, s1) {
				t.Fatalf("ECDH with the compressed key: %x, %v", s3, err)
			}
		}
	})
}

func TestNISTPrivateKey(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		n := c.ell.Params().N
		size := c.size()
		enc := func(k *big.Int) []byte { return k.FillBytes(make([]byte, size)) }
		one := big.NewInt(1)
		for _, k := range [][]byte{enc(one), enc(new(big.Int).Sub(n, one)), enc(big.NewInt(2))} {
			priv, err := c.curve.NewPrivateKey(k)
			if err != nil {
				t.Fatalf("NewPrivateKey(%x): %v", k, err)
			}
			if !bytes.Equal(priv.Bytes(), k) {
				t.Fatal("Bytes")
			}
			std, _ := c.std.NewPrivateKey(k)
			if !bytes.Equal(priv.PublicKey().Bytes(), std.PublicKey().Bytes()) {
				t.Fatalf("public key of %x", k)
			}
		}
		invalid := [][]byte{
			make([]byte, size), enc(n), enc(new(big.Int).Add(n, one)), bytes.Repeat([]byte{0xff}, size),
			nil, make([]byte, size-1), make([]byte, size+1), append([]byte{0}, enc(one)...),
		}
		for _, k := range invalid {
			if _, err := c.curve.NewPrivateKey(k); err == nil {
				t.Errorf("NewPrivateKey(%x) accepted", k)
			} else if _, err2 := c.std.NewPrivateKey(k); err2 == nil {
				t.Errorf("crypto/ecdh accepts %x", k)
			}
		}
		// The caller's slice is copied.
		k := enc(big.NewInt(7))
		priv, _ := c.curve.NewPrivateKey(k)
		k[size-1] = 8
		if priv.Bytes()[size-1] != 7 {
			t.Error("NewPrivateKey kept the caller's slice")
		}
	})
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("no randomness") }

func TestNISTGenerateKey(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		size := c.size()
		n := c.ell.Params().N
		// Rejection sampling: n, then zero, then all ones (masked to the top
		// bits of P-521, which is still ≥ n), then a valid key.
		valid := big.NewInt(12345).FillBytes(make([]byte, size))
		stream := slicesConcat(n.FillBytes(make([]byte, size)), make([]byte, size),
			bytes.Repeat([]byte{0xff}, size), valid)
		k, err := c.curve.GenerateKey(bytes.NewReader(stream))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(k.Bytes(), valid) {
			t.Errorf("GenerateKey = %x, want %x", k.Bytes(), valid)
		}
		// The top bits of P-521 are masked: 0xff‖1…1‖(n−1 low bits).
		if c.ell.Params().BitSize == 521 {
			in := new(big.Int).Sub(n, big.NewInt(1)).FillBytes(make([]byte, size))
			in[0] |= 0xfe
			k, err := c.curve.GenerateKey(bytes.NewReader(in))
			if err != nil || !bytes.Equal(k.Bytes(), new(big.Int).Sub(n, big.NewInt(1)).FillBytes(make([]byte, size))) {
				t.Errorf("GenerateKey with the top bits set: %x, %v", k.Bytes(), err)
			}
		}
		if _, err := c.curve.GenerateKey(errReader{}); err == nil {
			t.Error("GenerateKey ignored a read error")
		}
		if _, err := c.curve.GenerateKey(bytes.NewReader(make([]byte, size-1))); err == nil {
			t.Error("GenerateKey accepted a short read")
		}
		// nil reads crypto/rand.
		k1, err1 := c.curve.GenerateKey(nil)
		k2, err2 := c.curve.GenerateKey(nil)
		if err1 != nil || err2 != nil || k1.Equal(k2) {
			t.Error("GenerateKey(nil)")
		}
		// Deterministic for a deterministic reader.
		k3, _ := c.curve.GenerateKey(nistRand(t))
		k4, _ := c.curve.GenerateKey(nistRand(t))
		if !k3.Equal(k4) {
			t.Error("GenerateKey is not deterministic in its reader")
		}
	})
}

func slicesConcat(bs ...[]byte) []byte {
	var out []byte
	for _, b := range bs {
		out = append(out, b...)
	}
	return out
}

func TestNISTPublicKey(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		size := c.size()
		g := elliptic.Marshal(c.ell, c.ell.Params().Gx, c.ell.Params().Gy)
		gc := elliptic.MarshalCompressed(c.ell, c.ell.Params().Gx, c.ell.Params().Gy)
		off := bytes.Clone(g)
		off[len(off)-1] ^= 1
		for _, k := range [][]byte{
			nil, {0}, {4}, {2}, append([]byte{0}, g[1:]...), g[:len(g)-1], append(bytes.Clone(g), 0),
			gc[:len(gc)-1], off, append([]byte{6}, g[1:]...), append([]byte{4}, make([]byte, 2*size)...),
			append([]byte{2}, c.ell.Params().P.FillBytes(make([]byte, size))...),
		} {
			if _, err := c.curve.NewPublicKey(k); err == nil || err.Error() != "ecdh: invalid public key" {
				t.Errorf("NewPublicKey(%x): %v", k, err)
			}
		}
		for _, k := range [][]byte{g, gc} {
			pub, err := c.curve.NewPublicKey(k)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(pub.Bytes(), g) || pub.Curve() != c.curve {
				t.Errorf("NewPublicKey(%x).Bytes() = %x", k, pub.Bytes())
			}
		}
		// The caller's slice is copied.
		k := bytes.Clone(g)
		pub, _ := c.curve.NewPublicKey(k)
		k[1] ^= 0xff
		if !bytes.Equal(pub.Bytes(), g) {
			t.Error("NewPublicKey kept the caller's slice")
		}
		// Keys of other curves.
		priv, _ := c.curve.GenerateKey(nil)
		other, _ := ecdh.X25519().GenerateKey(nil)
		if _, err := priv.ECDH(other.PublicKey()); err == nil {
			t.Error("ECDH across curves")
		}
		if pub.Equal(other.PublicKey()) || priv.Equal(other) {
			t.Error("Equal across curves")
		}
	})
}

func TestNISTAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage")
	}
	forNIST(t, func(t *testing.T, c *nistTest) {
		priv, _ := c.curve.GenerateKey(nistRand(t))
		peer, _ := c.curve.GenerateKey(nil)
		pub := peer.PublicKey()
		// The shared secret, the point, the decoding of the peer's key and
		// the temporaries of the encoding: one allocation each (the
		// multiplication's workspace comes from a pool).
		if n := testing.AllocsPerRun(10, func() { priv.ECDH(pub) }); n > 5 {
			t.Errorf("ECDH: %v allocations", n)
		}
		// A key from NewPublicKey keeps its decoded point: no decoding.
		parsed, err := c.curve.NewPublicKey(pub.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(10, func() { priv.ECDH(parsed) }); n > 4 {
			t.Errorf("ECDH with a parsed key: %v allocations", n)
		}
	})
}

// spki is an X.509 SubjectPublicKeyInfo with its algorithm parameters
// undecoded.
type spki struct {
	Algorithm struct {
		Algorithm  asn1.ObjectIdentifier
		Parameters asn1.RawValue
	}
	PublicKey asn1.BitString
}

var oidECPublicKey = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}

// parseSPKI returns the SEC 1 point of a DER SubjectPublicKeyInfo of an
// id-ecPublicKey on the named curve oid (RFC 5480). It rejects anything
// else: BER and malformed DER, and explicit curve parameters (which RFC 5480
// forbids and crypto/x509 does not parse), so the Wycheproof tests flagged
// InvalidAsn and UnnamedCurve are rejected even where they are
// "acceptable".
func parseSPKI(der []byte, oid asn1.ObjectIdentifier) ([]byte, error) {
	var k spki
	rest, err := asn1.Unmarshal(der, &k)
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, errors.New("trailing data")
	}
	if !k.Algorithm.Algorithm.Equal(oidECPublicKey) {
		return nil, errors.New("not an EC key")
	}
	var named asn1.ObjectIdentifier
	if rest, err := asn1.Unmarshal(k.Algorithm.Parameters.FullBytes, &named); err != nil || len(rest) != 0 {
		return nil, errors.New("not a named curve")
	}
	if !named.Equal(oid) {
		return nil, errors.New("wrong curve")
	}
	if k.PublicKey.BitLength%8 != 0 {
		return nil, errors.New("bit string")
	}
	// encoding/asn1 is not strict on every point of DER: re-encoding must
	// give the same bytes.
	if again, err := asn1.Marshal(k); err != nil || !bytes.Equal(again, der) {
		return nil, errors.New("not DER")
	}
	return k.PublicKey.Bytes, nil
}

// TestNISTWycheproof runs every test of ecdh_<curve>_test.json (keys in
// SubjectPublicKeyInfo) and ecdh_<curve>_ecpoint_test.json (keys as SEC 1
// points). Decisions on the "acceptable" tests: CompressedPublic is
// accepted (NewPublicKey takes compressed points) and gives the shared
// secret of the test; InvalidAsn and UnnamedCurve (explicit curve
// parameters) are rejected by the test's strict SubjectPublicKeyInfo parser.
// Every result is also compared with crypto/ecdh's, where crypto/ecdh
// rejects only compressed points beyond ours.
func TestNISTWycheproof(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		t.Parallel()
		for _, file := range []string{"ecdh_" + c.name + "_test.json", "ecdh_" + c.name + "_ecpoint_test.json"} {
			var f wycheproof.ECDHFile
			wycheproof.Load(t, file, &f)
			n := 0
			for _, g := range f.TestGroups {
				if g.Curve != c.name {
					t.Fatalf("%s: curve %q", file, g.Curve)
				}
				for _, tc := range g.Tests {
					n++
					checkWycheproof(t, c, file, g.Encoding, &tc)
				}
			}
			if n != f.NumberOfTests || n == 0 {
				t.Errorf("%s: ran %d of %d tests", file, n, f.NumberOfTests)
			}
		}
	})
}

func checkWycheproof(t *testing.T, c *nistTest, file, encoding string, tc *wycheproof.ECDHTest) {
	point := []byte(tc.Public)
	var parseErr error
	if encoding == "asn" {
		point, parseErr = parseSPKI(tc.Public, c.oid)
	} else if encoding != "ecpoint" {
		t.Fatalf("%s: encoding %q", file, encoding)
	}
	compressed := len(point) > 0 && (point[0] == 2 || point[0] == 3)
	var got []byte
	err := parseErr
	// In -short mode (for the slow emulated or 32-bit runs), only one in
	// eight of the accepted keys goes on to the scalar multiplication.
	short := testing.Short() && tc.TcID%8 != 0
	if err == nil {
		var pub *ecdh.PublicKey
		pub, err = c.curve.NewPublicKey(point)
		if err == nil && short {
			got = tc.Shared
		} else if err == nil {
			priv, perr := c.curve.NewPrivateKey(tc.Private.Int().FillBytes(make([]byte, c.size())))
			if perr != nil {
				t.Fatalf("%s %s: private key: %v", file, tc.Name(), perr)
			}
			got, err = priv.ECDH(pub)
		}
	}
	accept := tc.Result == wycheproof.Valid ||
		tc.Result == wycheproof.Acceptable && tc.HasFlag("CompressedPublic")
	switch {
	case accept && err != nil:
		t.Errorf("%s %s (%s, %v): %v", file, tc.Name(), tc.Comment, tc.Flags, err)
	case accept && !bytes.Equal(got, tc.Shared):
		t.Errorf("%s %s (%s): shared %x, want %x", file, tc.Name(), tc.Comment, got, tc.Shared)
	case !accept && err == nil:
		t.Errorf("%s %s (%s, %v, %s): accepted", file, tc.Name(), tc.Comment, tc.Flags, tc.Result)
	}
	// crypto/ecdh on the same point: the same verdict, except that it
	// takes no compressed points. (The shared secrets are checked against
	// the tests'; TestNISTStdlib compares them with crypto/ecdh's.)
	if parseErr != nil {
		return
	}
	_, stdErr := c.std.NewPublicKey(point)
	_, ourErr := c.curve.NewPublicKey(point)
	switch {
	case compressed && stdErr == nil:
		t.Errorf("%s %s: crypto/ecdh accepted a compressed point", file, tc.Name())
	case !compressed && (stdErr == nil) != (ourErr == nil):
		t.Errorf("%s %s: %v; crypto/ecdh %v", file, tc.Name(), ourErr, stdErr)
	}
}

// FuzzNISTNewPublicKey checks NewPublicKey on every curve against
// crypto/ecdh (uncompressed points) and crypto/elliptic's
// UnmarshalCompressed (compressed points), and that an accepted key agrees
// on a shared secret with crypto/ecdh.
func FuzzNISTNewPublicKey(f *testing.F) {
	for _, c := range nistCurves {
		p := c.ell.Params()
		f.Add(elliptic.Marshal(c.ell, p.Gx, p.Gy))
		f.Add(elliptic.MarshalCompressed(c.ell, p.Gx, p.Gy))
		f.Add(append([]byte{3}, p.Gx.FillBytes(make([]byte, c.size()))...))
		f.Add(append([]byte{2}, p.P.FillBytes(make([]byte, c.size()))...))
		f.Add(append([]byte{4}, make([]byte, 2*c.size())...))
	}
	f.Add([]byte{0})
	f.Add([]byte{})
	f.Add([]byte{2, 0, 0, 0})
	privs := make([]*ecdh.PrivateKey, len(nistCurves))
	stdPrivs := make([]*stdecdh.PrivateKey, len(nistCurves))
	for i, c := range nistCurves {
		k := bytes.Repeat([]byte{0x3c}, c.size())
		k[0] = 1
		privs[i], _ = c.curve.NewPrivateKey(k)
		stdPrivs[i], _ = c.std.NewPrivateKey(k)
	}
	f.Fuzz(func(t *testing.T, key []byte) {
		for i, c := range nistCurves {
			pub, err := c.curve.NewPublicKey(key)
			var want []byte // uncompressed, or nil if invalid
			if len(key) > 0 && (key[0] == 2 || key[0] == 3) {
				if x, y := elliptic.UnmarshalCompressed(c.ell, key); x != nil {
					want = elliptic.Marshal(c.ell, x, y)
				}
			} else if stdPub, err := c.std.NewPublicKey(key); err == nil {
				want = stdPub.Bytes()
			}
			if (err == nil) != (want != nil) {
				t.Fatalf("%s: NewPublicKey(%x): %v; want %x", c.name, key, err, want)
			}
			if err != nil {
				continue
			}
			if !bytes.Equal(pub.Bytes(), want) {
				t.Fatalf("%s: NewPublicKey(%x).Bytes() = %x, want %x", c.name, key, pub.Bytes(), want)
			}
			s, err := privs[i].ECDH(pub)
			stdPub, _ := c.std.NewPublicKey(want)
			s2, err2 := stdPrivs[i].ECDH(stdPub)
			if err != nil || err2 != nil || !bytes.Equal(s, s2) {
				t.Fatalf("%s: ECDH %x, %v; crypto/ecdh %x, %v", c.name, s, err, s2, err2)
			}
		}
	})
}

var _ io.Reader = errReader{}

// TestNISTSharedPublicKey uses one parsed public key (whose decoded point
// ECDH reads) from several goroutines at once, each with its own private
// keys, and checks every secret against one computed from a fresh parse of
// the encoding and against crypto/ecdh. Run with -race, it also checks that
// ECDH never writes the key's point.
func TestNISTSharedPublicKey(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		peer, err := c.curve.GenerateKey(nistRand(t))
		if err != nil {
			t.Fatal(err)
		}
		shared, err := c.curve.NewPublicKey(peer.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		const workers, rounds = 4, 8
		errs := make(chan error, workers)
		for w := range workers {
			go func() {
				for i := range rounds {
					priv, err := c.curve.GenerateKey(nil)
					if err != nil {
						errs <- err
						return
					}
					got, err := priv.ECDH(shared)
					if err != nil {
						errs <- err
						return
					}
					fresh, err := c.curve.NewPublicKey(shared.Bytes())
					if err != nil {
						errs <- err
						return
					}
					want, err := priv.ECDH(fresh)
					if err != nil {
						errs <- err
						return
					}
					if !bytes.Equal(got, want) {
						errs <- fmt.Errorf("worker %d round %d: %x, want %x", w, i, got, want)
						return
					}
				}
				errs <- nil
			}()
		}
		for range workers {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		// The key still encodes the same point and still agrees with the
		// standard library.
		priv, _ := c.curve.GenerateKey(nil)
		got, err := priv.ECDH(shared)
		if err != nil {
			t.Fatal(err)
		}
		stdPriv, err := c.std.NewPrivateKey(priv.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		stdPub, err := c.std.NewPublicKey(shared.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		want, err := stdPriv.ECDH(stdPub)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("after concurrent use: %x, crypto/ecdh %x", got, want)
		}
	})
}
