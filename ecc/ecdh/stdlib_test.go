package ecdh_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	crand "crypto/rand"
	"crypto/x509"
	"fmt"
	mathrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// stdPairs are the curves crypto/ecdh has, with their counterparts.
var stdPairs = []struct {
	c   ecdh.Curve
	std stdecdh.Curve
}{
	{ecdh.X25519(), stdecdh.X25519()},
	{ecdh.P256(), stdecdh.P256()},
	{ecdh.P384(), stdecdh.P384()},
	{ecdh.P521(), stdecdh.P521()},
}

// TestStdlibRoundTrip moves keys of this package to crypto/ecdh and back,
// and keys of crypto/ecdh here and back, on every curve both have; shared
// secrets computed across the two agree.
func TestStdlibRoundTrip(t *testing.T) {
	rnd := mathrand.NewChaCha8([32]byte{'s', 't', 'd'})
	for _, p := range stdPairs {
		t.Run(fmt.Sprint(p.c), func(t *testing.T) {
			for range 8 {
				priv, err := p.c.GenerateKey(rnd)
				if err != nil {
					t.Fatal(err)
				}
				std, err := priv.Stdlib()
				if err != nil {
					t.Fatal(err)
				}
				if std.Curve() != p.std || !bytes.Equal(std.Bytes(), priv.Bytes()) ||
					!bytes.Equal(std.PublicKey().Bytes(), priv.PublicKey().Bytes()) {
					t.Fatalf("Stdlib() = %v %x, want %v %x", std.Curve(), std.Bytes(), p.c, priv.Bytes())
				}
				stdPub, err := priv.PublicKey().Stdlib()
				if err != nil || !stdPub.Equal(std.PublicKey()) {
					t.Fatalf("PublicKey().Stdlib() = %v, %v", stdPub, err)
				}
				back, err := ecdh.FromStdlibPrivateKey(std)
				if err != nil || !back.Equal(priv) || !back.PublicKey().Equal(priv.PublicKey()) || back.Curve() != p.c {
					t.Fatalf("FromStdlibPrivateKey(Stdlib()) = %v, %v", back, err)
				}
				pub, err := ecdh.FromStdlibPublicKey(stdPub)
				if err != nil || !pub.Equal(priv.PublicKey()) {
					t.Fatalf("FromStdlibPublicKey(Stdlib()) = %v, %v", pub, err)
				}

				// crypto/ecdh's keys, and secrets across the two packages.
				peer, err := p.std.GenerateKey(crand.Reader)
				if err != nil {
					t.Fatal(err)
				}
				k, err := ecdh.FromStdlibPrivateKey(peer)
				if err != nil || !bytes.Equal(k.Bytes(), peer.Bytes()) || !bytes.Equal(k.PublicKey().Bytes(), peer.PublicKey().Bytes()) {
					t.Fatalf("FromStdlibPrivateKey = %v, %v", k, err)
				}
				if again, err := k.Stdlib(); err != nil || !again.Equal(peer) {
					t.Fatalf("FromStdlibPrivateKey(k).Stdlib() = %v, %v; want k", again, err)
				}
				kp, err := ecdh.FromStdlibPublicKey(peer.PublicKey())
				if err != nil {
					t.Fatal(err)
				}
				s1, err := priv.ECDH(kp)
				if err != nil {
					t.Fatal(err)
				}
				s2, err := peer.ECDH(stdPub)
				if err != nil || !bytes.Equal(s1, s2) {
					t.Fatalf("shared secrets %x and %x (%v)", s1, s2, err)
				}
			}
		})
	}
}

// TestStdlibX509 marshals keys with crypto/x509 through Stdlib and parses
// them back.
func TestStdlibX509(t *testing.T) {
	rnd := mathrand.NewChaCha8([32]byte{'x', '5', '0', '9'})
	for _, p := range stdPairs {
		t.Run(fmt.Sprint(p.c), func(t *testing.T) {
			priv, err := p.c.GenerateKey(rnd)
			if err != nil {
				t.Fatal(err)
			}
			std, err := priv.Stdlib()
			if err != nil {
				t.Fatal(err)
			}
			der, err := x509.MarshalPKCS8PrivateKey(std)
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := x509.ParsePKCS8PrivateKey(der)
			if err != nil {
				t.Fatal(err)
			}
			// x509 returns NIST keys as *ecdsa.PrivateKey, whose ECDH method
			// gives the *ecdh.PrivateKey.
			var sk *stdecdh.PrivateKey
			switch k := parsed.(type) {
			case *stdecdh.PrivateKey:
				sk = k
			case interface {
				ECDH() (*stdecdh.PrivateKey, error)
			}:
				if sk, err = k.ECDH(); err != nil {
					t.Fatal(err)
				}
			default:
				t.Fatalf("ParsePKCS8PrivateKey returned a %T", parsed)
			}
			if back, err := ecdh.FromStdlibPrivateKey(sk); err != nil || !back.Equal(priv) {
				t.Fatalf("PKCS #8 round trip: %v, %v", back, err)
			}

			stdPub, err := priv.PublicKey().Stdlib()
			if err != nil {
				t.Fatal(err)
			}
			der, err = x509.MarshalPKIXPublicKey(stdPub)
			if err != nil {
				t.Fatal(err)
			}
			pub, err := x509.ParsePKIXPublicKey(der)
			if err != nil {
				t.Fatal(err)
			}
			var sp *stdecdh.PublicKey
			switch k := pub.(type) {
			case *stdecdh.PublicKey:
				sp = k
			case interface {
				ECDH() (*stdecdh.PublicKey, error)
			}:
				if sp, err = k.ECDH(); err != nil {
					t.Fatal(err)
				}
			default:
				t.Fatalf("ParsePKIXPublicKey returned a %T", pub)
			}
			if back, err := ecdh.FromStdlibPublicKey(sp); err != nil || !back.Equal(priv.PublicKey()) {
				t.Fatalf("PKIX round trip: %v, %v", back, err)
			}
		})
	}
}

// TestStdlibErrors: X448 keys, which crypto/ecdh lacks, and nil and zero
// keys are errors naming the package, never panics.
func TestStdlibErrors(t *testing.T) {
	priv, err := ecdh.X448().GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, k any, err error, want string) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if msg := err.Error(); !strings.HasPrefix(msg, "ecdh: ") || !strings.Contains(msg, want) {
			t.Errorf("%s: error %q, want \"ecdh: …%s…\"", name, msg, want)
		}
		if k != nil && !isNilPtr(k) {
			t.Errorf("%s: a key as well as an error", name)
		}
	}
	k1, err := priv.Stdlib()
	check("X448 PrivateKey.Stdlib", k1, err, "X448 has no counterpart in crypto/ecdh")
	k2, err := priv.PublicKey().Stdlib()
	check("X448 PublicKey.Stdlib", k2, err, "X448 has no counterpart in crypto/ecdh")

	var nilPriv *ecdh.PrivateKey
	var nilPub *ecdh.PublicKey
	k1, err = nilPriv.Stdlib()
	check("nil PrivateKey.Stdlib", k1, err, "missing private key")
	k1, err = new(ecdh.PrivateKey).Stdlib()
	check("zero PrivateKey.Stdlib", k1, err, "missing private key")
	k2, err = nilPub.Stdlib()
	check("nil PublicKey.Stdlib", k2, err, "missing public key")
	k2, err = new(ecdh.PublicKey).Stdlib()
	check("zero PublicKey.Stdlib", k2, err, "missing public key")

	k3, err := ecdh.FromStdlibPrivateKey(nil)
	check("FromStdlibPrivateKey(nil)", k3, err, "missing private key")
	k3, err = ecdh.FromStdlibPrivateKey(new(stdecdh.PrivateKey))
	check("FromStdlibPrivateKey(zero)", k3, err, "missing curve")
	k4, err := ecdh.FromStdlibPublicKey(nil)
	check("FromStdlibPublicKey(nil)", k4, err, "missing public key")
	k4, err = ecdh.FromStdlibPublicKey(new(stdecdh.PublicKey))
	check("FromStdlibPublicKey(zero)", k4, err, "missing curve")
}

func isNilPtr(k any) bool {
	switch k := k.(type) {
	case *stdecdh.PrivateKey:
		return k == nil
	case *stdecdh.PublicKey:
		return k == nil
	case *ecdh.PrivateKey:
		return k == nil
	case *ecdh.PublicKey:
		return k == nil
	}
	return false
}
