package ecdsa_test

import (
	"bytes"
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// TestStdlibRoundTrip moves keys of this package to crypto/ecdsa and back,
// and keys of crypto/ecdsa here and back, on every curve: the scalars,
// points and curves must come back unchanged.
func TestStdlibRoundTrip(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		for i := range 8 {
			priv, err := ecdsa.GenerateKey(tc.c, seededReader(uint64(i)))
			if err != nil {
				t.Fatal(err)
			}
			if priv.PublicKey().Curve() != tc.c {
				t.Fatalf("PublicKey().Curve() = %v, want %v", priv.PublicKey().Curve(), tc.c)
			}
			std := priv.Stdlib()
			if std.Curve != tc.std {
				t.Fatalf("Stdlib().Curve = %v, want %v", std.Curve.Params().Name, tc.c)
			}
			d, err := std.Bytes()
			if err != nil || !bytes.Equal(d, priv.Bytes()) {
				t.Fatalf("Stdlib().Bytes() = %x, %v; want %x", d, err, priv.Bytes())
			}
			q, err := std.PublicKey.Bytes()
			if err != nil || !bytes.Equal(q, priv.PublicKey().Bytes()) {
				t.Fatalf("Stdlib().PublicKey.Bytes() = %x, %v; want %x", q, err, priv.PublicKey().Bytes())
			}
			if !std.PublicKey.Equal(priv.Public()) || !std.PublicKey.Equal(priv.PublicKey().Stdlib()) {
				t.Fatal("Stdlib().PublicKey differs from Public() or PublicKey().Stdlib()")
			}
			back, err := ecdsa.FromStdlibPrivateKey(std)
			if err != nil || !back.Equal(priv) || !back.PublicKey().Equal(priv.PublicKey()) {
				t.Fatalf("FromStdlibPrivateKey(Stdlib()) = %v, %v", back, err)
			}
			pub, err := ecdsa.FromStdlibPublicKey(priv.PublicKey().Stdlib())
			if err != nil || !pub.Equal(priv.PublicKey()) {
				t.Fatalf("FromStdlibPublicKey(Stdlib()) = %v, %v", pub, err)
			}
			// A new value every time: changing one does not change the key.
			std.D.SetInt64(1)
			if !bytes.Equal(priv.Stdlib().D.FillBytes(make([]byte, tc.size)), priv.Bytes()) {
				t.Fatal("Stdlib returned a shared value")
			}

			// And the other way: crypto/ecdsa's keys.
			sk, err := stdecdsa.GenerateKey(tc.std, rand.Reader)
			if err != nil {
				t.Fatal(err)
			}
			k, err := ecdsa.FromStdlibPrivateKey(sk)
			if err != nil {
				t.Fatal(err)
			}
			if again := k.Stdlib(); !again.Equal(sk) || !again.PublicKey.Equal(&sk.PublicKey) {
				t.Fatal("FromStdlibPrivateKey(k).Stdlib() differs from k")
			}
			kp, err := ecdsa.FromStdlibPublicKey(&sk.PublicKey)
			if err != nil || !kp.Equal(k.PublicKey()) || !kp.Stdlib().Equal(&sk.PublicKey) {
				t.Fatalf("FromStdlibPublicKey = %v, %v", kp, err)
			}
			// Signatures cross too.
			digest := sha256.Sum256([]byte{byte(i)})
			sig, err := k.Sign(rand.Reader, digest[:], crypto.SHA256)
			if err != nil || !stdecdsa.VerifyASN1(&sk.PublicKey, digest[:], sig) {
				t.Fatalf("crypto/ecdsa rejected a signature of the converted key (%v)", err)
			}
			sig, err = stdecdsa.SignASN1(rand.Reader, sk, digest[:])
			if err != nil || !ecdsa.VerifyASN1(kp, digest[:], sig) {
				t.Fatalf("a signature of crypto/ecdsa was rejected with the converted key (%v)", err)
			}
		}
	})
}

// TestStdlibX509 marshals keys with crypto/x509 through Stdlib and parses
// them back: PKCS #8 and SEC 1 private keys, PKIX public keys.
func TestStdlibX509(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, err := ecdsa.GenerateKey(tc.c, seededReader(7))
		if err != nil {
			t.Fatal(err)
		}
		// x509 refuses this package's own types, with its confusing
		// message naming *ecdsa.PrivateKey: the reason for Stdlib.
		if _, err := x509.MarshalPKCS8PrivateKey(priv); err == nil {
			t.Fatal("crypto/x509 accepted a crypton key; Stdlib may no longer be needed")
		}

		der, err := x509.MarshalPKCS8PrivateKey(priv.Stdlib())
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ecdsa.FromStdlibPrivateKey(parsed.(*stdecdsa.PrivateKey))
		if err != nil || !back.Equal(priv) {
			t.Fatalf("PKCS #8 round trip: %v, %v", back, err)
		}

		der, err = x509.MarshalECPrivateKey(priv.Stdlib())
		if err != nil {
			t.Fatal(err)
		}
		sec1, err := x509.ParseECPrivateKey(der)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ecdsa.FromStdlibPrivateKey(sec1); err != nil || !back.Equal(priv) {
			t.Fatalf("SEC 1 round trip: %v, %v", back, err)
		}

		der, err = x509.MarshalPKIXPublicKey(priv.PublicKey().Stdlib())
		if err != nil {
			t.Fatal(err)
		}
		pub, err := x509.ParsePKIXPublicKey(der)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ecdsa.FromStdlibPublicKey(pub.(*stdecdsa.PublicKey)); err != nil || !back.Equal(priv.PublicKey()) {
			t.Fatalf("PKIX round trip: %v, %v", back, err)
		}
	})
}

// TestStdlibInvalid gives FromStdlibPublicKey and FromStdlibPrivateKey
// keys that are nil, incomplete, on other curves, off the curve, out of
// range or inconsistent: each must be an error naming the package, never a
// panic.
func TestStdlibInvalid(t *testing.T) {
	p224, err := stdecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	a, err := stdecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	b, err := stdecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	n := elliptic.P256().Params().N
	p := elliptic.P256().Params().P
	withD := func(d *big.Int) *stdecdsa.PrivateKey {
		return &stdecdsa.PrivateKey{PublicKey: a.PublicKey, D: d}
	}
	withPub := func(x, y *big.Int) *stdecdsa.PublicKey {
		return &stdecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}
	}
	custom := &elliptic.CurveParams{Name: "custom", P: p, N: n, B: big.NewInt(7), Gx: big.NewInt(1), Gy: big.NewInt(2), BitSize: 256}
	offCurve := new(big.Int).Add(a.Y, big.NewInt(1))

	pubs := []struct {
		name, want string
		pub        *stdecdsa.PublicKey
	}{
		{"nil", "missing public key", nil},
		{"zero", "missing curve", &stdecdsa.PublicKey{}},
		{"P-224", "curve P-224 is not supported", &p224.PublicKey},
		{"custom curve", "curve custom is not supported", &stdecdsa.PublicKey{Curve: custom, X: a.X, Y: a.Y}},
		{"nameless curve", "curve of unknown name is not supported", &stdecdsa.PublicKey{Curve: &elliptic.CurveParams{}, X: a.X, Y: a.Y}},
		{"nil X", "missing public key coordinates", withPub(nil, a.Y)},
		{"nil Y", "missing public key coordinates", withPub(a.X, nil)},
		{"off the curve", "invalid public key", withPub(a.X, offCurve)},
		{"origin", "invalid public key", withPub(new(big.Int), new(big.Int))},
		{"negative X", "invalid public key", withPub(new(big.Int).Neg(a.X), a.Y)},
		{"X + p", "invalid public key", withPub(new(big.Int).Add(a.X, p), a.Y)},
		{"X too long", "invalid public key", withPub(new(big.Int).Lsh(a.X, 300), a.Y)},
	}
	for _, tc := range pubs {
		k, err := ecdsa.FromStdlibPublicKey(tc.pub)
		checkErr(t, "FromStdlibPublicKey "+tc.name, k, err, tc.want)
	}

	privs := []struct {
		name, want string
		priv       *stdecdsa.PrivateKey
	}{
		{"nil", "missing private key", nil},
		{"zero", "missing curve", &stdecdsa.PrivateKey{}},
		{"P-224", "curve P-224 is not supported", p224},
		{"nil D", "missing private key values", withD(nil)},
		{"nil X", "missing private key values", &stdecdsa.PrivateKey{PublicKey: *withPub(nil, a.Y), D: a.D}},
		{"zero D", "invalid private key", withD(new(big.Int))},
		{"negative D", "invalid private key", withD(new(big.Int).Neg(a.D))},
		{"D = n", "invalid private key", withD(new(big.Int).Set(n))},
		{"D = n + 1", "invalid private key", withD(new(big.Int).Add(n, big.NewInt(1)))},
		{"D too long", "invalid private key", withD(new(big.Int).Lsh(a.D, 300))},
		{"off the curve", "invalid public key", &stdecdsa.PrivateKey{PublicKey: *withPub(a.X, offCurve), D: a.D}},
		{"another key's point", "does not match", &stdecdsa.PrivateKey{PublicKey: b.PublicKey, D: a.D}},
	}
	for _, tc := range privs {
		k, err := ecdsa.FromStdlibPrivateKey(tc.priv)
		checkErr(t, "FromStdlibPrivateKey "+tc.name, k, err, tc.want)
	}

	// Stdlib of no key is nil.
	var nilPriv *ecdsa.PrivateKey
	var nilPub *ecdsa.PublicKey
	if nilPriv.Stdlib() != nil || new(ecdsa.PrivateKey).Stdlib() != nil ||
		nilPub.Stdlib() != nil || new(ecdsa.PublicKey).Stdlib() != nil {
		t.Error("Stdlib of a nil or zero key is not nil")
	}
	if new(ecdsa.PrivateKey).Public() != nil {
		t.Error("Public of the zero key is not nil")
	}
	if new(ecdsa.PublicKey).Curve() != nil {
		t.Error("Curve of the zero key is not nil")
	}
}

func checkErr[K any](t *testing.T, name string, k *K, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", name)
		return
	}
	if k != nil {
		t.Errorf("%s: a key as well as the error %q", name, err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "ecdsa: ") || !strings.Contains(msg, want) {
		t.Errorf("%s: error %q, want \"ecdsa: …%s…\"", name, msg, want)
	}
}

// TestSignASN1 checks SignASN1 against crypto/ecdsa's verification on
// every curve and digest length, its equality with Sign's hedged
// signatures, that a nil rand is crypto/rand's, and its errors.
func TestSignASN1(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, err := ecdsa.GenerateKey(tc.c, seededReader(11))
		if err != nil {
			t.Fatal(err)
		}
		std := priv.PublicKey().Stdlib()
		msg := []byte("SignASN1")
		s1, s256, s384, s512 := sha1.Sum(msg), sha256.Sum256(msg), sha512.Sum384(msg), sha512.Sum512(msg)
		long := bytes.Repeat([]byte{0xa7}, 100)
		for _, digest := range [][]byte{nil, {1}, s1[:], s256[:], s384[:], s512[:], long} {
			sig, err := ecdsa.SignASN1(rand.Reader, priv, digest)
			if err != nil {
				t.Fatal(err)
			}
			if !stdecdsa.VerifyASN1(std, digest, sig) || !ecdsa.VerifyASN1(priv.PublicKey(), digest, sig) {
				t.Fatalf("signature of a %d-byte digest rejected", len(digest))
			}
			again, err := ecdsa.SignASN1(rand.Reader, priv, digest)
			if err != nil || bytes.Equal(again, sig) {
				t.Fatalf("two signatures with crypto/rand are equal (%v)", err)
			}
			// With the same reader, the signature is Sign's.
			a, err := ecdsa.SignASN1(seededReader(1), priv, digest)
			if err != nil {
				t.Fatal(err)
			}
			b, err := priv.Sign(seededReader(1), digest, nil)
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("SignASN1 = %x, Sign = %x (%v)", a, b, err)
			}
			// A nil rand is crypto/rand.Reader: randomized, not RFC 6979.
			n1, err1 := ecdsa.SignASN1(nil, priv, digest)
			n2, err2 := ecdsa.SignASN1(nil, priv, digest)
			if err1 != nil || err2 != nil || bytes.Equal(n1, n2) || !stdecdsa.VerifyASN1(std, digest, n1) {
				t.Fatalf("SignASN1 with a nil rand: %x, %x, %v, %v", n1, n2, err1, err2)
			}
		}
		// A reader that fails.
		if sig, err := ecdsa.SignASN1(failingReader{}, priv, s256[:]); err == nil || sig != nil {
			t.Errorf("SignASN1 with a failing reader = %x, %v", sig, err)
		}
	})
	for name, priv := range map[string]*ecdsa.PrivateKey{"nil": nil, "zero": new(ecdsa.PrivateKey)} {
		if sig, err := ecdsa.SignASN1(rand.Reader, priv, make([]byte, 32)); err == nil || sig != nil ||
			err.Error() != "ecdsa: missing private key" {
			t.Errorf("SignASN1 with a %s key = %x, %v", name, sig, err)
		}
		if sig, err := priv.Sign(rand.Reader, make([]byte, 32), nil); err == nil || sig != nil {
			t.Errorf("Sign with a %s key = %x, %v", name, sig, err)
		}
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("no randomness") }
