package pkix_test

import (
	"bytes"
	"encoding/pem"
	mathrand "math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/pkix"
)

// openssl runs the openssl command with args and stdin, and returns its
// standard output. The test is skipped if there is no openssl command.
func openssl(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("the openssl command is not installed; these tests compare with it")
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("openssl %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

func decodePEM(t *testing.T, b []byte, typ string) []byte {
	t.Helper()
	block, rest := pem.Decode(b)
	if block == nil || block.Type != typ || len(bytes.TrimSpace(rest)) != 0 {
		t.Fatalf("not a single PEM block %q: %s", typ, b)
	}
	return block.Bytes
}

var opensslAlgorithms = []struct {
	name string
	args []string
}{
	{"Ed25519", []string{"-algorithm", "ed25519"}},
	{"Ed448", []string{"-algorithm", "ed448"}},
	{"X25519", []string{"-algorithm", "x25519"}},
	{"X448", []string{"-algorithm", "x448"}},
	{"P-256", []string{"-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"}},
	{"P-384", []string{"-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"}},
	{"P-521", []string{"-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-521"}},
	{"RSA", []string{"-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"}},
}

// TestOpenSSLKeys parses keys that OpenSSL generates and the public keys it
// derives from them, and has OpenSSL read what this package writes: the
// same key, in the same bytes.
func TestOpenSSLKeys(t *testing.T) {
	for _, a := range opensslAlgorithms {
		t.Run(a.name, func(t *testing.T) {
			n := 3
			if a.name == "RSA" {
				n = 1
			}
			for range n {
				privPEM := openssl(t, nil, append([]string{"genpkey"}, a.args...)...)
				der := decodePEM(t, privPEM, "PRIVATE KEY")
				k, err := pkix.ParsePKCS8PrivateKey(der)
				if err != nil {
					t.Fatalf("%v\n%s", err, privPEM)
				}
				spki := decodePEM(t, openssl(t, privPEM, "pkey", "-pubout"), "PUBLIC KEY")
				pub, err := pkix.ParsePKIXPublicKey(spki)
				if err != nil {
					t.Fatal(err)
				}
				if !equalKeys(publicOf(t, k), pub) {
					t.Fatalf("the public key of the private key is not OpenSSL's (%T, %T)", k, pub)
				}

				ours, err := pkix.MarshalPKCS8PrivateKey(k)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(ours, der) {
					t.Errorf("MarshalPKCS8PrivateKey = %x, OpenSSL wrote %x", ours, der)
				}
				// OpenSSL writes EC and RSA keys in DER in their own
				// formats (SEC 1, PKCS #1), and in PEM as PKCS #8.
				if back := decodePEM(t, openssl(t, ours, "pkey", "-inform", "DER"), "PRIVATE KEY"); !bytes.Equal(back, ours) {
					t.Errorf("OpenSSL rewrites %x as %x", ours, back)
				}
				oursPub, err := pkix.MarshalPKIXPublicKey(pub)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(oursPub, spki) {
					t.Errorf("MarshalPKIXPublicKey = %x, OpenSSL wrote %x", oursPub, spki)
				}
				if back := openssl(t, oursPub, "pkey", "-pubin", "-inform", "DER", "-outform", "DER"); !bytes.Equal(back, oursPub) {
					t.Errorf("OpenSSL rewrites %x as %x", oursPub, back)
				}

				if strings.HasPrefix(a.name, "P-") {
					// Compressed points, in the public key and in the
					// ECPrivateKey.
					c := decodePEM(t, openssl(t, privPEM, "pkey", "-pubout", "-ec_conv_form", "compressed"), "PUBLIC KEY")
					if p, err := pkix.ParsePKIXPublicKey(c); err != nil || !equalKeys(p, pub) {
						t.Errorf("compressed public key %x: %v", c, err)
					}
					c = decodePEM(t, openssl(t, privPEM, "pkey", "-ec_conv_form", "compressed"), "PRIVATE KEY")
					if p, err := pkix.ParsePKCS8PrivateKey(c); err != nil || !equalKeys(p, k) {
						t.Errorf("private key with a compressed public key %x: %v", c, err)
					}
				}
			}
		})
	}
}

// TestOpenSSLReadsOurs writes keys of this module's types, has OpenSSL
// derive their public keys, and compares them with this package's
// encoding of the public key.
func TestOpenSSLReadsOurs(t *testing.T) {
	r := mathrand.NewChaCha8([32]byte{'o', 'p', 'e', 'n', 's', 's', 'l'})
	for _, g := range keyGens {
		t.Run(g.name, func(t *testing.T) {
			for range 3 {
				k, err := g.gen(r)
				if err != nil {
					t.Fatal(err)
				}
				der, err := pkix.MarshalPKCS8PrivateKey(k)
				if err != nil {
					t.Fatal(err)
				}
				want, err := pkix.MarshalPKIXPublicKey(publicOf(t, k))
				if err != nil {
					t.Fatal(err)
				}
				got := openssl(t, der, "pkey", "-inform", "DER", "-pubout", "-outform", "DER")
				if !bytes.Equal(got, want) {
					t.Errorf("OpenSSL derives the public key %x of %x, this package %x", got, der, want)
				}
			}
		})
	}
	// A P-521 scalar with leading zero octets is written at full length.
	d := make([]byte, 66)
	d[65] = 3
	k, err := ecdsa.NewPrivateKey(ecdsa.P521(), d)
	if err != nil {
		t.Fatal(err)
	}
	der, err := pkix.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := pkix.MarshalPKIXPublicKey(k.PublicKey())
	if got := openssl(t, der, "pkey", "-inform", "DER", "-pubout", "-outform", "DER"); !bytes.Equal(got, want) {
		t.Errorf("OpenSSL derives the public key %x of 3·G, this package %x", got, want)
	}
}
