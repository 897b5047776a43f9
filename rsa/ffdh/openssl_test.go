package ffdh_test

import (
	"bytes"
	"crypto/rand"
	"encoding/asn1"
	"encoding/pem"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/crypton-go/crypton/rsa/ffdh"
)

// The tests in this file run OpenSSL's command-line tool. They are skipped
// when there is no openssl on PATH.

// lookOpenSSL returns the path of the openssl command, or skips the test.
func lookOpenSSL(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skipf("openssl is not on PATH, so the comparison with OpenSSL is skipped: %v", err)
	}
	return path
}

// runOpenSSL runs openssl with args and returns its standard output.
func runOpenSSL(t *testing.T, openssl string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(openssl, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("openssl %v: %v\n%s", args, err, stderr.Bytes())
	}
	return stdout.Bytes()
}

// decodePEM returns the DER contents of the first PEM block of data, which
// must have the given type.
func decodePEM(t *testing.T, data []byte, typ string) []byte {
	t.Helper()
	block, _ := pem.Decode(data)
	if block == nil || block.Type != typ {
		t.Fatalf("expected a PEM block %q in:\n%s", typ, data)
	}
	return block.Bytes
}

// unmarshalDER decodes der into v, which it must fill exactly.
func unmarshalDER(t *testing.T, der []byte, v any) {
	t.Helper()
	rest, err := asn1.Unmarshal(der, v)
	if err != nil {
		t.Fatalf("decoding %T: %v", v, err)
	}
	if len(rest) != 0 {
		t.Fatalf("decoding %T: %d trailing bytes", v, len(rest))
	}
}

// The ASN.1 structures of OpenSSL's DH keys.
//
// OpenSSL writes keys of the RFC 7919 groups with the PKCS #3 algorithm
// dhKeyAgreement and its parameters DHParameter ::= SEQUENCE { prime,
// base }. It also reads the X9.42 algorithm dhpublicnumber (parameters p,
// g, q), but as a different key type ("DHX"): 3.0 refuses to derive between
// a DH private key and a DHX peer key ("operation not supported for this
// keytype"). So we hand OpenSSL our keys as dhKeyAgreement, and it
// recognizes the group from p and g.
var oidDHKeyAgreement = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 3, 1}

// dhParameter is PKCS #3's DHParameter, without the optional
// privateValueLength (which OpenSSL does not write for named groups).
type dhParameter struct {
	Prime, Base *big.Int
}

type algorithmIdentifier struct {
	Algorithm  asn1.ObjectIdentifier
	Parameters asn1.RawValue
}

// subjectPublicKeyInfo is X.509's; for DH the key is a DER INTEGER.
type subjectPublicKeyInfo struct {
	Algorithm algorithmIdentifier
	PublicKey asn1.BitString
}

// privateKeyInfo is PKCS #8's (RFC 5208); for DH the key is a DER INTEGER.
type privateKeyInfo struct {
	Version    int
	Algorithm  algorithmIdentifier
	PrivateKey []byte
}

// dhAlgorithm returns the dhKeyAgreement AlgorithmIdentifier of g.
func dhAlgorithm(t *testing.T, g *ffdh.Group) algorithmIdentifier {
	params, err := asn1.Marshal(dhParameter{new(big.Int).SetBytes(g.P()), big.NewInt(2)})
	if err != nil {
		t.Fatal(err)
	}
	return algorithmIdentifier{oidDHKeyAgreement, asn1.RawValue{FullBytes: params}}
}

// checkDHAlgorithm checks that alg is dhKeyAgreement with g's parameters.
func checkDHAlgorithm(t *testing.T, alg algorithmIdentifier, g *ffdh.Group) {
	t.Helper()
	if !alg.Algorithm.Equal(oidDHKeyAgreement) {
		t.Fatalf("OpenSSL's key has algorithm %v, want dhKeyAgreement", alg.Algorithm)
	}
	var params dhParameter
	unmarshalDER(t, alg.Parameters.FullBytes, &params)
	if !bytes.Equal(params.Prime.Bytes(), g.P()) || params.Base.Cmp(big.NewInt(2)) != 0 {
		t.Fatalf("OpenSSL's key has parameters p = %x, g = %v; want %s's", params.Prime, params.Base, g.Name())
	}
}

// marshalPublicKey encodes k as a PEM SubjectPublicKeyInfo.
func marshalPublicKey(t *testing.T, k *ffdh.PublicKey) []byte {
	y, err := asn1.Marshal(new(big.Int).SetBytes(k.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	der, err := asn1.Marshal(subjectPublicKeyInfo{
		Algorithm: dhAlgorithm(t, k.Group()),
		PublicKey: asn1.BitString{Bytes: y, BitLength: 8 * len(y)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

// marshalPrivateKey encodes k as a PEM PKCS #8 PrivateKeyInfo.
func marshalPrivateKey(t *testing.T, k *ffdh.PrivateKey) []byte {
	x, err := asn1.Marshal(new(big.Int).SetBytes(k.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	der, err := asn1.Marshal(privateKeyInfo{
		Algorithm:  dhAlgorithm(t, k.Group()),
		PrivateKey: x,
	})
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}

// TestPrimesMatchOpenSSL compares each group's prime and generator with
// the parameters OpenSSL generates for the named group.
func TestPrimesMatchOpenSSL(t *testing.T) {
	openssl := lookOpenSSL(t)
	for _, tg := range testGroups {
		out := runOpenSSL(t, openssl, "genpkey", "-genparam", "-algorithm", "DH", "-pkeyopt", "group:"+tg.name)
		var params dhParameter
		unmarshalDER(t, decodePEM(t, out, "DH PARAMETERS"), &params)
		if !bytes.Equal(params.Prime.Bytes(), tg.group().P()) {
			t.Errorf("%s: OpenSSL's prime differs\nOpenSSL %x\ncrypton %x", tg.name, params.Prime, tg.group().P())
		}
		if params.Base.Cmp(big.NewInt(2)) != 0 {
			t.Errorf("%s: OpenSSL's generator is %v", tg.name, params.Base)
		}
	}
}

// TestOpenSSLInterop agrees on a secret with OpenSSL in both directions:
// OpenSSL derives with its key and our public key, we derive with our key
// and its public key; then OpenSSL derives with our private key (as PKCS
// #8) and its public key, and we with its private key and our public key.
// All four secrets must be equal.
func TestOpenSSLInterop(t *testing.T) {
	openssl := lookOpenSSL(t)
	for _, tg := range testGroups[:3] {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			g := tg.group()
			dir := t.TempDir()
			file := func(name string) string { return filepath.Join(dir, name) }
			write := func(name string, data []byte) {
				if err := os.WriteFile(file(name), data, 0o600); err != nil {
					t.Fatal(err)
				}
			}

			// OpenSSL's key pair, read back from DER.
			runOpenSSL(t, openssl, "genpkey", "-algorithm", "DH", "-pkeyopt", "group:"+tg.name, "-out", file("theirs.pem"))
			var priv privateKeyInfo
			unmarshalDER(t, runOpenSSL(t, openssl, "pkey", "-in", file("theirs.pem"), "-outform", "DER"), &priv)
			checkDHAlgorithm(t, priv.Algorithm, g)
			var theirX *big.Int
			unmarshalDER(t, priv.PrivateKey, &theirX)
			if n := theirX.BitLen(); n > tg.expBits {
				t.Errorf("OpenSSL's exponent has %d bits, more than the %d expected", n, tg.expBits)
			}
			var pub subjectPublicKeyInfo
			unmarshalDER(t, runOpenSSL(t, openssl, "pkey", "-in", file("theirs.pem"), "-pubout", "-outform", "DER"), &pub)
			checkDHAlgorithm(t, pub.Algorithm, g)
			var theirY *big.Int
			unmarshalDER(t, pub.PublicKey.RightAlign(), &theirY)

			theirPub, err := g.NewPublicKey(theirY.Bytes())
			if err != nil {
				t.Fatalf("OpenSSL's public key rejected: %v", err)
			}
			theirPriv, err := g.NewPrivateKey(theirX.Bytes())
			if err != nil {
				t.Fatalf("OpenSSL's private key rejected: %v", err)
			}
			if !bytes.Equal(theirPriv.PublicKey().Bytes(), theirPub.Bytes()) {
				t.Fatalf("the public key we compute from OpenSSL's exponent is not OpenSSL's")
			}

			ours, err := g.GenerateKey(rand.Reader)
			if err != nil {
				t.Fatal(err)
			}
			write("ours.pem", marshalPublicKey(t, ours.PublicKey()))
			write("ours-priv.pem", marshalPrivateKey(t, ours))
			write("theirs-pub.pem", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY",
				Bytes: runOpenSSL(t, openssl, "pkey", "-in", file("theirs.pem"), "-pubout", "-outform", "DER")}))

			// dh_pad:1 asks for the secret padded to p's size, as TLS 1.3 does.
			theirSecret := runOpenSSL(t, openssl, "pkeyutl", "-derive",
				"-inkey", file("theirs.pem"), "-peerkey", file("ours.pem"), "-pkeyopt", "dh_pad:1")
			ourSecret, err := ours.SharedSecret(theirPub)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ourSecret, theirSecret) {
				t.Fatalf("OpenSSL (its key, our public key) and crypton (our key, its public key) disagree\nOpenSSL %x\ncrypton %x", theirSecret, ourSecret)
			}

			// The other way round.
			theirSecret2 := runOpenSSL(t, openssl, "pkeyutl", "-derive",
				"-inkey", file("ours-priv.pem"), "-peerkey", file("theirs-pub.pem"), "-pkeyopt", "dh_pad:1")
			ourSecret2, err := theirPriv.SharedSecret(ours.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(theirSecret2, ourSecret) || !bytes.Equal(ourSecret2, ourSecret) {
				t.Fatalf("secrets disagree with the roles swapped\nOpenSSL %x\ncrypton %x\nfirst   %x", theirSecret2, ourSecret2, ourSecret)
			}
		})
	}
}
