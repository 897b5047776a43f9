package ed25519_test

import (
	"bytes"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/ecc/ed25519"
)

// TestStdlib moves keys to crypto/ed25519 and back, through crypto/x509's
// PKCS #8 and PKIX too, and checks the errors of the FromStdlib functions.
func TestStdlib(t *testing.T) {
	for range 8 {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		std := priv.Stdlib()
		if !bytes.Equal(std, priv) || !std.Equal(stded25519.PrivateKey(priv)) {
			t.Fatal("Stdlib() differs from the key")
		}
		std[0] ^= 1
		if priv.Equal(std) {
			t.Fatal("Stdlib() shares its bytes with the key")
		}
		std[0] ^= 1
		back, err := ed25519.FromStdlibPrivateKey(std)
		if err != nil || !back.Equal(priv) {
			t.Fatalf("FromStdlibPrivateKey(Stdlib()) = %x, %v", back, err)
		}
		if &back[0] == &std[0] {
			t.Fatal("FromStdlibPrivateKey does not copy")
		}
		p, err := ed25519.FromStdlibPublicKey(pub)
		if err != nil || !p.Equal(pub) || &p[0] == &pub[0] {
			t.Fatalf("FromStdlibPublicKey = %x, %v", p, err)
		}

		der, err := x509.MarshalPKCS8PrivateKey(priv.Stdlib())
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ed25519.FromStdlibPrivateKey(parsed.(stded25519.PrivateKey)); err != nil || !back.Equal(priv) {
			t.Fatalf("PKCS #8 round trip: %x, %v", back, err)
		}
		der, err = x509.MarshalPKIXPublicKey(priv.Public())
		if err != nil {
			t.Fatal(err)
		}
		parsedPub, err := x509.ParsePKIXPublicKey(der)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ed25519.FromStdlibPublicKey(parsedPub.(stded25519.PublicKey)); err != nil || !back.Equal(pub) {
			t.Fatalf("PKIX round trip: %x, %v", back, err)
		}

		// crypto/ed25519's keys.
		_, sk, err := stded25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		k, err := ed25519.FromStdlibPrivateKey(sk)
		if err != nil || !bytes.Equal(k, sk) || !k.Stdlib().Equal(sk) {
			t.Fatalf("FromStdlibPrivateKey = %x, %v", k, err)
		}
	}

	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, other, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	mixed := append(append(stded25519.PrivateKey{}, priv[:32]...), other[32:]...)
	for _, tc := range []struct {
		name string
		key  stded25519.PrivateKey
		want string
	}{
		{"nil", nil, "ed25519: bad private key length: 0"},
		{"seed only", stded25519.PrivateKey(priv[:32]), "ed25519: bad private key length: 32"},
		{"too long", append(stded25519.PrivateKey(priv.Stdlib()), 0), "ed25519: bad private key length: 65"},
		{"halves disagree", mixed, "ed25519: bad private key: public key does not match seed"},
	} {
		k, err := ed25519.FromStdlibPrivateKey(tc.key)
		if err == nil || err.Error() != tc.want || k != nil {
			t.Errorf("FromStdlibPrivateKey(%s) = %x, %v; want %q", tc.name, k, err, tc.want)
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		k, err := ed25519.FromStdlibPublicKey(make(stded25519.PublicKey, n))
		if err == nil || !strings.HasPrefix(err.Error(), "ed25519: bad public key length") || k != nil {
			t.Errorf("FromStdlibPublicKey of %d bytes = %x, %v", n, k, err)
		}
	}
	if ed25519.PrivateKey(nil).Stdlib() != nil {
		t.Error("Stdlib of a nil key is not nil")
	}
}
