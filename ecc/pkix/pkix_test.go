package pkix_test

import (
	"bytes"
	"crypto"
	stdecdh "crypto/ecdh"
	stdecdsa "crypto/ecdsa"
	stded25519 "crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	mathrand "math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/ecc/ed448"
	"github.com/crypton-go/crypton/ecc/pkix"
)

// keyGen makes a private key of one algorithm of this module from rand.
type keyGen struct {
	name string
	gen  func(rand *mathrand.ChaCha8) (crypto.PrivateKey, error)
}

var keyGens = []keyGen{
	{"Ed25519", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) {
		_, k, err := ed25519.GenerateKey(r)
		return k, err
	}},
	{"Ed448", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) {
		_, k, err := ed448.GenerateKey(r)
		return k, err
	}},
	{"X25519", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) { return ecdh.X25519().GenerateKey(r) }},
	{"X448", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) { return ecdh.X448().GenerateKey(r) }},
	{"ECDSA P-256", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) { return ecdsa.GenerateKey(ecdsa.P256(), r) }},
	{"ECDSA P-384", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) { return ecdsa.GenerateKey(ecdsa.P384(), r) }},
	{"ECDSA P-521", func(r *mathrand.ChaCha8) (crypto.PrivateKey, error) { return ecdsa.GenerateKey(ecdsa.P521(), r) }},
}

// publicOf returns the public key of a private key that Parse returns, of
// the type ParsePKIXPublicKey returns.
func publicOf(t testing.TB, k any) any {
	t.Helper()
	switch k := k.(type) {
	case ed25519.PrivateKey:
		return k.Public()
	case ed448.PrivateKey:
		return k.Public()
	case *ecdh.PrivateKey:
		return k.PublicKey()
	case *ecdsa.PrivateKey:
		return k.PublicKey()
	case *rsa.PrivateKey:
		return &k.PublicKey
	}
	t.Fatalf("no public key for a %T", k)
	return nil
}

type equaler interface{ Equal(crypto.PublicKey) bool }
type privEqualer interface{ Equal(crypto.PrivateKey) bool }

// equalKeys reports whether a and b are keys of the same type and value.
func equalKeys(a, b any) bool {
	if fmt.Sprintf("%T", a) != fmt.Sprintf("%T", b) {
		return false
	}
	switch e := a.(type) {
	case equaler:
		return e.Equal(b)
	case privEqualer:
		return e.Equal(b)
	}
	return false
}

// TestRoundTrip marshals keys of every algorithm and parses them back: the
// same key, of the same type.
func TestRoundTrip(t *testing.T) {
	r := mathrand.NewChaCha8([32]byte{'p', 'k', 'i', 'x'})
	for _, g := range keyGens {
		t.Run(g.name, func(t *testing.T) {
			for range 4 {
				priv, err := g.gen(r)
				if err != nil {
					t.Fatal(err)
				}
				der, err := pkix.MarshalPKCS8PrivateKey(priv)
				if err != nil {
					t.Fatal(err)
				}
				back, err := pkix.ParsePKCS8PrivateKey(der)
				if err != nil {
					t.Fatal(err)
				}
				if !equalKeys(priv, back) {
					t.Fatalf("ParsePKCS8PrivateKey(MarshalPKCS8PrivateKey(%T)) = %T, not equal: %x %x", priv, back, priv, back)
				}
				pub := publicOf(t, priv)
				spki, err := pkix.MarshalPKIXPublicKey(pub)
				if err != nil {
					t.Fatal(err)
				}
				backPub, err := pkix.ParsePKIXPublicKey(spki)
				if err != nil {
					t.Fatal(err)
				}
				if !equalKeys(pub, backPub) {
					t.Fatalf("ParsePKIXPublicKey(MarshalPKIXPublicKey(%T)) = %T, not equal", pub, backPub)
				}
			}
		})
	}
}

// stdKeys are keys of every algorithm and curve the standard library and
// this module share, as the standard library's types.
func stdKeys(t testing.TB) []crypto.PrivateKey {
	t.Helper()
	var keys []crypto.PrivateKey
	_, ed, err := stded25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	keys = append(keys, ed)
	for _, c := range []stdecdh.Curve{stdecdh.X25519(), stdecdh.P256(), stdecdh.P384(), stdecdh.P521()} {
		k, err := c.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	for _, c := range []elliptic.Curve{elliptic.P256(), elliptic.P384(), elliptic.P521()} {
		k, err := stdecdsa.GenerateKey(c, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	return append(keys, rsaKey())
}

var rsaKey = sync.OnceValue(func() *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return k
})

// TestStdlibTypes marshals the standard library's keys: the encodings must
// be crypto/x509's byte for byte, and parsing either gives this module's
// key of the same value.
func TestStdlibTypes(t *testing.T) {
	for _, k := range stdKeys(t) {
		name := fmt.Sprintf("%T", k)
		want, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		der, err := pkix.MarshalPKCS8PrivateKey(k)
		if err != nil || !bytes.Equal(der, want) {
			t.Errorf("%s: MarshalPKCS8PrivateKey = %x, %v; crypto/x509 gives %x", name, der, err, want)
			continue
		}
		parsed, err := pkix.ParsePKCS8PrivateKey(der)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if std := toStdlib(t, parsed); !std.(privEqualer).Equal(stdPrivate(k)) {
			t.Errorf("%s: ParsePKCS8PrivateKey returned %T of another value", name, parsed)
		}

		pub := k.(interface{ Public() crypto.PublicKey }).Public()
		want, err = x509.MarshalPKIXPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		spki, err := pkix.MarshalPKIXPublicKey(pub)
		if err != nil || !bytes.Equal(spki, want) {
			t.Errorf("%s: MarshalPKIXPublicKey = %x, %v; crypto/x509 gives %x", name, spki, err, want)
			continue
		}
		parsedPub, err := pkix.ParsePKIXPublicKey(spki)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if std := toStdlib(t, parsedPub); !std.(equaler).Equal(stdPublic(pub)) {
			t.Errorf("%s: ParsePKIXPublicKey returned %T of another value", name, parsedPub)
		}
	}
}

// stdPrivate and stdPublic turn crypto/ecdh's NIST keys into
// crypto/ecdsa's, which is what this package's keys for them become.
func stdPrivate(k crypto.PrivateKey) crypto.PrivateKey {
	if e, ok := k.(*stdecdh.PrivateKey); ok && e.Curve() != stdecdh.X25519() {
		c := map[stdecdh.Curve]elliptic.Curve{stdecdh.P256(): elliptic.P256(), stdecdh.P384(): elliptic.P384(), stdecdh.P521(): elliptic.P521()}[e.Curve()]
		d, err := stdecdsa.ParseRawPrivateKey(c, e.Bytes())
		if err != nil {
			panic(err)
		}
		return d
	}
	return k
}

func stdPublic(k crypto.PublicKey) crypto.PublicKey {
	if e, ok := k.(*stdecdh.PublicKey); ok && e.Curve() != stdecdh.X25519() {
		c := map[stdecdh.Curve]elliptic.Curve{stdecdh.P256(): elliptic.P256(), stdecdh.P384(): elliptic.P384(), stdecdh.P521(): elliptic.P521()}[e.Curve()]
		p, err := stdecdsa.ParseUncompressedPublicKey(c, e.Bytes())
		if err != nil {
			panic(err)
		}
		return p
	}
	return k
}

// toStdlib returns the standard library's type of a key that Parse
// returned, or nil for X448 and Ed448.
func toStdlib(t testing.TB, k any) any {
	t.Helper()
	var err error
	switch k := k.(type) {
	case ed25519.PrivateKey:
		return k.Stdlib()
	case *ecdsa.PrivateKey:
		return k.Stdlib()
	case *ecdsa.PublicKey:
		return k.Stdlib()
	case *ecdh.PrivateKey:
		if k.Curve() == ecdh.X448() {
			return nil
		}
		var s *stdecdh.PrivateKey
		if s, err = k.Stdlib(); err == nil {
			return s
		}
	case *ecdh.PublicKey:
		if k.Curve() == ecdh.X448() {
			return nil
		}
		var s *stdecdh.PublicKey
		if s, err = k.Stdlib(); err == nil {
			return s
		}
	case ed448.PrivateKey, ed448.PublicKey:
		return nil
	case stded25519.PublicKey, *rsa.PrivateKey, *rsa.PublicKey:
		return k
	default:
		t.Fatalf("Parse returned a %T", k)
	}
	t.Fatal(err)
	return nil
}

// TestX509ReadsOurs checks that crypto/x509 parses what this package
// writes for this module's keys, into the key that Stdlib gives.
func TestX509ReadsOurs(t *testing.T) {
	r := mathrand.NewChaCha8([32]byte{'x', '5', '0', '9'})
	for _, g := range keyGens {
		priv, err := g.gen(r)
		if err != nil {
			t.Fatal(err)
		}
		std := toStdlib(t, priv)
		if std == nil {
			continue // X448, Ed448
		}
		der, err := pkix.MarshalPKCS8PrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		k, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			t.Fatalf("%s: crypto/x509: %v", g.name, err)
		}
		if !k.(privEqualer).Equal(std) {
			t.Errorf("%s: crypto/x509 parsed another key", g.name)
		}
		if want, err := x509.MarshalPKCS8PrivateKey(std); err != nil || !bytes.Equal(want, der) {
			t.Errorf("%s: crypto/x509 encodes the key as %x, this package as %x", g.name, want, der)
		}
		pub := publicOf(t, priv)
		spki, err := pkix.MarshalPKIXPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		p, err := x509.ParsePKIXPublicKey(spki)
		if err != nil {
			t.Fatalf("%s: crypto/x509: %v", g.name, err)
		}
		if !p.(equaler).Equal(toStdlib(t, pub)) {
			t.Errorf("%s: crypto/x509 parsed another public key", g.name)
		}
	}
}

// TestRSA: RSA keys pass through crypto/x509, and values with a Stdlib
// method returning crypto/rsa's keys (crypton's rsa keys) are accepted.
func TestRSA(t *testing.T) {
	k := rsaKey()
	want, _ := x509.MarshalPKCS8PrivateKey(k)
	der, err := pkix.MarshalPKCS8PrivateKey(rsaWrapper{k})
	if err != nil || !bytes.Equal(der, want) {
		t.Fatalf("MarshalPKCS8PrivateKey(Stdlib() *rsa.PrivateKey) = %x, %v", der, err)
	}
	wantPub, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
	spki, err := pkix.MarshalPKIXPublicKey(rsaPubWrapper{&k.PublicKey})
	if err != nil || !bytes.Equal(spki, wantPub) {
		t.Fatalf("MarshalPKIXPublicKey(Stdlib() *rsa.PublicKey) = %x, %v", spki, err)
	}
	parsed, err := pkix.ParsePKCS8PrivateKey(der)
	if p, ok := parsed.(*rsa.PrivateKey); err != nil || !ok || !p.Equal(k) {
		t.Fatalf("ParsePKCS8PrivateKey = %T, %v", parsed, err)
	}
	parsedPub, err := pkix.ParsePKIXPublicKey(spki)
	if p, ok := parsedPub.(*rsa.PublicKey); err != nil || !ok || !p.Equal(&k.PublicKey) {
		t.Fatalf("ParsePKIXPublicKey = %T, %v", parsedPub, err)
	}
	// crypto/x509's errors come back as this package's.
	bad := bytes.Clone(der)
	bad[len(bad)-1] ^= 1
	if _, err := pkix.ParsePKCS8PrivateKey(bad); err == nil || !strings.HasPrefix(err.Error(), "pkix: x509: ") {
		t.Errorf("ParsePKCS8PrivateKey of a broken RSA key: %v", err)
	}
	if _, err := pkix.MarshalPKCS8PrivateKey(rsaWrapper{nil}); err == nil || err.Error() != "pkix: missing private key" {
		t.Errorf("MarshalPKCS8PrivateKey of a nil RSA key: %v", err)
	}
}

type rsaWrapper struct{ k *rsa.PrivateKey }

func (w rsaWrapper) Stdlib() *rsa.PrivateKey { return w.k }

type rsaPubWrapper struct{ k *rsa.PublicKey }

func (w rsaPubWrapper) Stdlib() *rsa.PublicKey { return w.k }

func mustHex(s string) []byte {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		panic(err)
	}
	return b
}
