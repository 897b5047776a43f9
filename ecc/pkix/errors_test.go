package pkix_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/ecc/ed448"
	"github.com/crypton-go/crypton/ecc/pkix"
)

// tlv returns the DER element of tag with the concatenation of parts as
// contents.
func tlv(tag byte, parts ...[]byte) []byte {
	c := bytes.Join(parts, nil)
	out := []byte{tag}
	switch n := len(c); {
	case n < 0x80:
		out = append(out, byte(n))
	case n < 0x100:
		out = append(out, 0x81, byte(n))
	default:
		out = append(out, 0x82, byte(n>>8), byte(n))
	}
	return append(out, c...)
}

func seq(parts ...[]byte) []byte    { return tlv(0x30, parts...) }
func octets(parts ...[]byte) []byte { return tlv(0x04, parts...) }
func bits(b []byte) []byte          { return tlv(0x03, []byte{0}, b) }
func integer(v byte) []byte         { return []byte{0x02, 0x01, v} }

var (
	derEd25519  = mustHex("06032b6570")
	derEd448    = mustHex("06032b6571")
	derX25519   = mustHex("06032b656e")
	derECPublic = mustHex("06072a8648ce3d0201")
	derP256     = mustHex("06082a8648ce3d030107")
	derP384     = mustHex("06052b81040022")
	derP224     = mustHex("06052b81040021")
	derDSA      = mustHex("06072a8648ce380401")
	derNULL     = mustHex("0500")
)

// pkcs8 returns a OneAsymmetricKey of version v, algorithm identifier
// contents alg and private key contents key, followed by extra fields.
func pkcs8(v byte, alg, key []byte, extra ...[]byte) []byte {
	return seq(append([][]byte{integer(v), seq(alg), octets(key)}, extra...)...)
}

func checkParseError(t *testing.T, name string, k any, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: accepted, as a %T", name, k)
		return
	}
	if k != nil {
		t.Errorf("%s: a %T as well as the error %q", name, k, err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "pkix: ") || !strings.Contains(msg, want) {
		t.Errorf("%s: error %q, want \"pkix: …%s…\"", name, msg, want)
	}
}

func TestParsePKCS8Errors(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, 32)
	edPub := []byte(ed25519.NewKeyFromSeed(seed)[32:])
	otherPub := []byte(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{8}, 32))[32:])
	good := pkcs8(0, derEd25519, octets(seed))
	if _, err := pkix.ParsePKCS8PrivateKey(good); err != nil {
		t.Fatalf("the base of the error cases is rejected: %v", err)
	}
	// Version 2 (1) with attributes and the public key: accepted.
	v2 := pkcs8(1, derEd25519, octets(seed), tlv(0xa0, seq(derNULL)), tlv(0x81, []byte{0}, edPub))
	if k, err := pkix.ParsePKCS8PrivateKey(v2); err != nil || !bytes.Equal(k.(ed25519.PrivateKey)[32:], edPub) {
		t.Fatalf("version 2 with attributes and public key: %x, %v", k, err)
	}

	ec, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	other, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ecAlg := append(bytes.Clone(derECPublic), derP256...)
	ecKey := func(version byte, d []byte, extra ...[]byte) []byte {
		return seq(append([][]byte{integer(version), octets(d)}, extra...)...)
	}
	n := mustHex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

	for _, tc := range []struct {
		name, want string
		der        []byte
	}{
		{"empty", "malformed PKCS #8", nil},
		{"garbage", "malformed PKCS #8", []byte("-----BEGIN PRIVATE KEY-----")},
		{"trailing data", "trailing data", append(bytes.Clone(good), 0)},
		{"truncated", "malformed PKCS #8", good[:len(good)-1]},
		{"version 2", "unsupported PKCS #8 version number 2", pkcs8(2, derEd25519, octets(seed))},
		{"version -1", "unsupported PKCS #8 version number -1", pkcs8(0xff, derEd25519, octets(seed))},
		{"no algorithm OID", "malformed PKCS #8", pkcs8(0, derNULL, octets(seed))},
		{"unsupported algorithm", "unsupported private key algorithm 1.2.840.10040.4.1", pkcs8(0, derDSA, octets(seed))},
		{"Ed25519 NULL parameters", "invalid Ed25519 private key: the algorithm has parameters", pkcs8(0, append(bytes.Clone(derEd25519), derNULL...), octets(seed))},
		{"Ed25519 short seed", "invalid Ed25519 private key length 31 (want 32)", pkcs8(0, derEd25519, octets(seed[:31]))},
		{"Ed25519 whole key", "invalid Ed25519 private key length 64 (want 32)", pkcs8(0, derEd25519, octets(ed25519.NewKeyFromSeed(seed)))},
		{"Ed448 seed of Ed25519", "invalid Ed448 private key length 32 (want 57)", pkcs8(0, derEd448, octets(seed))},
		{"seed not wrapped", "malformed Ed25519 private key", pkcs8(0, derEd25519, seed)},
		{"data after the seed", "malformed Ed25519 private key", pkcs8(0, derEd25519, append(octets(seed), 0))},
		{"public key in version 1", "public key in a PKCS #8 v1 private key", pkcs8(0, derEd25519, octets(seed), tlv(0x81, []byte{0}, edPub))},
		{"another public key", "its public key is not that of the private key", pkcs8(1, derEd25519, octets(seed), tlv(0x81, []byte{0}, otherPub))},
		{"public key with unused bits", "malformed public key", pkcs8(1, derEd25519, octets(seed), tlv(0x81, []byte{1}, edPub))},
		{"empty public key", "malformed public key", pkcs8(1, derEd25519, octets(seed), tlv(0x81))},
		{"public key before attributes", "unknown fields", pkcs8(1, derEd25519, octets(seed), tlv(0x81, []byte{0}, edPub), tlv(0xa0))},
		{"unknown field", "unknown fields", pkcs8(1, derEd25519, octets(seed), tlv(0x82, []byte{0}))},
		{"X25519 another public key", "its public key is not that of the private key", pkcs8(1, derX25519, octets(seed), tlv(0x81, []byte{0}, edPub))},

		{"EC P-224", "unsupported elliptic curve 1.3.132.0.33", pkcs8(0, append(bytes.Clone(derECPublic), derP224...), ecKey(1, ec.Bytes()))},
		{"EC no parameters", "not a named curve", pkcs8(0, derECPublic, ecKey(1, ec.Bytes()))},
		{"EC NULL parameters", "not a named curve", pkcs8(0, append(bytes.Clone(derECPublic), derNULL...), ecKey(1, ec.Bytes()))},
		{"EC specified curve", "not a named curve", pkcs8(0, append(bytes.Clone(derECPublic), seq(integer(1))...), ecKey(1, ec.Bytes()))},
		{"EC two curves", "malformed EC key parameters", pkcs8(0, append(bytes.Clone(ecAlg), derP256...), ecKey(1, ec.Bytes()))},
		{"ECPrivateKey version 0", "unsupported EC private key version 0", pkcs8(0, ecAlg, ecKey(0, ec.Bytes()))},
		{"ECPrivateKey not a sequence", "malformed EC private key", pkcs8(0, ecAlg, ec.Bytes())},
		{"ECPrivateKey trailing data", "malformed EC private key", pkcs8(0, ecAlg, append(ecKey(1, ec.Bytes()), 0))},
		{"ECPrivateKey other curve", "its curve P-384 is not the algorithm's P-256", pkcs8(0, ecAlg, ecKey(1, ec.Bytes(), tlv(0xa0, derP384)))},
		{"ECPrivateKey other public key", "its public key is not that of the private key", pkcs8(0, ecAlg, ecKey(1, ec.Bytes(), tlv(0xa1, bits(other.PublicKey().Bytes()))))},
		{"ECPrivateKey public key off the curve", "its public key is not that of the private key", pkcs8(0, ecAlg, ecKey(1, ec.Bytes(), tlv(0xa1, bits(append([]byte{4}, make([]byte, 64)...)))))},
		{"ECPrivateKey public key not a BIT STRING", "malformed public key in the EC private key", pkcs8(0, ecAlg, ecKey(1, ec.Bytes(), tlv(0xa1, octets(ec.PublicKey().Bytes()))))},
		{"ECPrivateKey fields out of order", "malformed EC private key", pkcs8(0, ecAlg, ecKey(1, ec.Bytes(), tlv(0xa1, bits(ec.PublicKey().Bytes())), tlv(0xa0, derP256)))},
		{"OneAsymmetricKey other public key", "its public key is not that of the private key", pkcs8(1, ecAlg, ecKey(1, ec.Bytes()), tlv(0x81, []byte{0}, other.PublicKey().Bytes()))},
		{"EC zero scalar", "pkix: ecdsa: invalid private key", pkcs8(0, ecAlg, ecKey(1, make([]byte, 32)))},
		{"EC empty scalar", "pkix: ecdsa: invalid private key", pkcs8(0, ecAlg, ecKey(1, nil))},
		{"EC scalar n", "pkix: ecdsa: invalid private key", pkcs8(0, ecAlg, ecKey(1, n))},
		{"EC scalar too long", "the scalar is too large", pkcs8(0, ecAlg, ecKey(1, append([]byte{1}, ec.Bytes()...)))},
	} {
		k, err := pkix.ParsePKCS8PrivateKey(tc.der)
		checkParseError(t, tc.name, k, err, tc.want)
	}

	// Scalars shorter than the curve's, or longer with leading zeros, are
	// accepted, as crypto/x509 accepts them.
	for _, d := range [][]byte{append([]byte{0, 0}, ec.Bytes()...), trimmed(t)} {
		k, err := pkix.ParsePKCS8PrivateKey(pkcs8(0, ecAlg, ecKey(1, d)))
		if err != nil {
			t.Errorf("scalar of %d bytes: %v", len(d), err)
			continue
		}
		want := append(make([]byte, 32-len(bytes.TrimLeft(d, "\x00"))), bytes.TrimLeft(d, "\x00")...)
		if got := k.(*ecdsa.PrivateKey).Bytes(); !bytes.Equal(got, want) {
			t.Errorf("scalar %x parsed as %x", d, got)
		}
	}
	// The ECPrivateKey's curve and public key, when right, are accepted.
	k, err := pkix.ParsePKCS8PrivateKey(pkcs8(1, ecAlg, ecKey(1, ec.Bytes(), tlv(0xa0, derP256), tlv(0xa1, bits(ec.PublicKey().BytesCompressed()))),
		tlv(0x81, []byte{0}, ec.PublicKey().Bytes())))
	if err != nil || !k.(*ecdsa.PrivateKey).Equal(ec) {
		t.Errorf("ECPrivateKey with all its fields: %v", err)
	}
}

// trimmed returns a P-256 scalar whose first octet is zero, without it.
func trimmed(t *testing.T) []byte {
	for {
		k, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if d := k.Bytes(); d[0] == 0 {
			return d[1:]
		}
		// One key in 256 has a zero first octet: build one instead.
		d := k.Bytes()
		d[0] = 0
		if _, err := ecdsa.NewPrivateKey(ecdsa.P256(), d); err == nil {
			return d[1:]
		}
	}
}

func TestParsePKIXErrors(t *testing.T) {
	ec, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key := bytes.Repeat([]byte{9}, 32)
	good := seq(seq(derEd25519), bits(key))
	if _, err := pkix.ParsePKIXPublicKey(good); err != nil {
		t.Fatalf("the base of the error cases is rejected: %v", err)
	}
	ecAlg := append(bytes.Clone(derECPublic), derP256...)
	offCurve := ec.PublicKey().Bytes()
	offCurve[len(offCurve)-1] ^= 1
	for _, tc := range []struct {
		name, want string
		der        []byte
	}{
		{"empty", "malformed public key", []byte{}},
		{"trailing data", "trailing data", append(bytes.Clone(good), 0)},
		{"truncated", "malformed public key", good[:len(good)-1]},
		{"extra field", "malformed public key", seq(seq(derEd25519), bits(key), derNULL)},
		{"octet string key", "malformed public key", seq(seq(derEd25519), octets(key))},
		{"unused bits", "malformed public key", seq(seq(derEd25519), tlv(0x03, []byte{1}, key))},
		{"empty BIT STRING", "malformed public key", seq(seq(derEd25519), tlv(0x03))},
		{"unsupported algorithm", "unsupported public key algorithm 1.2.840.10040.4.1", seq(seq(derDSA), bits(key))},
		{"Ed25519 NULL parameters", "invalid Ed25519 public key: the algorithm has parameters", seq(seq(derEd25519, derNULL), bits(key))},
		{"Ed25519 short", "invalid Ed25519 public key length 31 (want 32)", seq(seq(derEd25519), bits(key[:31]))},
		{"Ed448 of Ed25519's length", "invalid Ed448 public key length 32 (want 57)", seq(seq(derEd448), bits(key))},
		{"X25519 long", "invalid X25519 public key length 33 (want 32)", seq(seq(derX25519), bits(append(key, 0)))},
		{"EC P-224", "unsupported elliptic curve 1.3.132.0.33", seq(seq(derECPublic, derP224), bits(ec.PublicKey().Bytes()))},
		{"EC no curve", "not a named curve", seq(seq(derECPublic), bits(ec.PublicKey().Bytes()))},
		{"EC off the curve", "pkix: ecdsa: invalid public key", seq(seq(ecAlg), bits(offCurve))},
		{"EC infinity", "pkix: ecdsa: invalid public key", seq(seq(ecAlg), bits([]byte{0}))},
		{"EC empty", "pkix: ecdsa: invalid public key", seq(seq(ecAlg), bits(nil))},
		{"EC P-384 point on P-256", "pkix: ecdsa: invalid public key", seq(seq(derECPublic, derP384), bits(ec.PublicKey().Bytes()))},
	} {
		k, err := pkix.ParsePKIXPublicKey(tc.der)
		checkParseError(t, tc.name, k, err, tc.want)
	}
	// Compressed points are accepted (crypto/x509 rejects them).
	k, err := pkix.ParsePKIXPublicKey(seq(seq(ecAlg), bits(ec.PublicKey().BytesCompressed())))
	if err != nil || !k.(*ecdsa.PublicKey).Equal(ec.PublicKey()) {
		t.Errorf("compressed point: %v", err)
	}
}

func TestMarshalErrors(t *testing.T) {
	p224, err := stdecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, edPriv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, want string
		key        any
	}{
		{"nil", "pkix: missing private key", nil},
		{"string", "pkix: unsupported private key type string", "key"},
		{"public key", "pkix: unsupported private key type ed25519.PublicKey", edPriv.Public()},
		{"nil *ecdsa.PrivateKey", "pkix: missing private key", (*ecdsa.PrivateKey)(nil)},
		{"zero ecdsa.PrivateKey", "pkix: missing private key", new(ecdsa.PrivateKey)},
		{"nil *ecdh.PrivateKey", "pkix: missing private key", (*ecdh.PrivateKey)(nil)},
		{"zero ecdh.PrivateKey", "pkix: missing private key", new(ecdh.PrivateKey)},
		{"nil crypto/ecdh key", "pkix: missing private key", (*stdecdh.PrivateKey)(nil)},
		{"zero crypto/ecdh key", "pkix: ecdh: missing curve", new(stdecdh.PrivateKey)},
		{"nil crypto/ecdsa key", "pkix: ecdsa: missing private key", (*stdecdsa.PrivateKey)(nil)},
		{"zero crypto/ecdsa key", "pkix: ecdsa: missing curve", new(stdecdsa.PrivateKey)},
		{"crypto/ecdsa P-224", "pkix: ecdsa: curve P-224 is not supported", p224},
		{"nil *rsa.PrivateKey", "pkix: missing private key", (*rsa.PrivateKey)(nil)},
		{"short Ed25519", "pkix: invalid Ed25519 private key length 32 (want 64)", edPriv[:32]},
		{"nil Ed25519", "pkix: invalid Ed25519 private key length 0 (want 64)", ed25519.PrivateKey(nil)},
		{"short Ed448", "pkix: invalid Ed448 private key length 57 (want 114)", ed448.PrivateKey(make([]byte, 57))},
	} {
		der, err := pkix.MarshalPKCS8PrivateKey(tc.key)
		if err == nil || err.Error() != tc.want && !strings.HasPrefix(err.Error(), tc.want) || der != nil {
			t.Errorf("MarshalPKCS8PrivateKey(%s) = %x, %v; want %q", tc.name, der, err, tc.want)
		}
	}
	for _, tc := range []struct {
		name, want string
		key        any
	}{
		{"nil", "pkix: missing public key", nil},
		{"private key", "pkix: unsupported public key type ed25519.PrivateKey", edPriv},
		{"nil *ecdsa.PublicKey", "pkix: missing public key", (*ecdsa.PublicKey)(nil)},
		{"zero ecdsa.PublicKey", "pkix: missing public key", new(ecdsa.PublicKey)},
		{"nil *ecdh.PublicKey", "pkix: missing public key", (*ecdh.PublicKey)(nil)},
		{"zero ecdh.PublicKey", "pkix: missing public key", new(ecdh.PublicKey)},
		{"nil crypto/ecdh key", "pkix: missing public key", (*stdecdh.PublicKey)(nil)},
		{"zero crypto/ecdh key", "pkix: ecdh: missing curve", new(stdecdh.PublicKey)},
		{"nil crypto/ecdsa key", "pkix: ecdsa: missing public key", (*stdecdsa.PublicKey)(nil)},
		{"crypto/ecdsa P-224", "pkix: ecdsa: curve P-224 is not supported", &p224.PublicKey},
		{"nil *rsa.PublicKey", "pkix: missing public key", (*rsa.PublicKey)(nil)},
		{"short Ed25519", "pkix: invalid Ed25519 public key length 31 (want 32)", ed25519.PublicKey(make([]byte, 31))},
		{"short Ed448", "pkix: invalid Ed448 public key length 32 (want 57)", ed448.PublicKey(make([]byte, 32))},
	} {
		der, err := pkix.MarshalPKIXPublicKey(tc.key)
		if err == nil || err.Error() != tc.want && !strings.HasPrefix(err.Error(), tc.want) || der != nil {
			t.Errorf("MarshalPKIXPublicKey(%s) = %x, %v; want %q", tc.name, der, err, tc.want)
		}
	}
}
