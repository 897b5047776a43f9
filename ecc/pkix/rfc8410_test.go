package pkix_test

import (
	"bytes"
	"encoding/pem"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/ecc/pkix"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// The examples of RFC 8410, Section 10.
const (
	// Section 10.1, Example Ed25519 Public Key.
	rfc8410PublicKey = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
-----END PUBLIC KEY-----
`
	// Section 10.2, Example X25519 Certificate, signed with the key of
	// Section 10.3. (Errata 6936 and 7070 concern the DER of its
	// extensions, not its key.)
	rfc8410Certificate = `-----BEGIN CERTIFICATE-----
MIIBLDCB36ADAgECAghWAUdKKo3DMDAFBgMrZXAwGTEXMBUGA1UEAwwOSUVURiBUZX
N0IERlbW8wHhcNMTYwODAxMTIxOTI0WhcNNDAxMjMxMjM1OTU5WjAZMRcwFQYDVQQD
DA5JRVRGIFRlc3QgRGVtbzAqMAUGAytlbgMhAIUg8AmJMKdUdIt93LQ+91oNvzoNJj
ga9OukqY6qm05qo0UwQzAPBgNVHRMBAf8EBTADAQEAMA4GA1UdDwEBAAQEAwIDCDAg
BgNVHQ4BAQAEFgQUmx9e7e0EM4Xk97xiPFl1uQvIuzswBQYDK2VwA0EAryMB/t3J5v
/BzKc9dNZIpDmAgs3babFOTQbs+BolzlDUwsPrdGxO3YNGhW7Ibz3OGhhlxXrCe1Cg
w1AH9efZBw==
-----END CERTIFICATE-----
`
	// Section 10.3, Examples of Ed25519 Private Key: version 1, and
	// version 2 with an attribute and the public key.
	rfc8410PrivateKey = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC
-----END PRIVATE KEY-----
`
	rfc8410PrivateKeyV2 = `-----BEGIN PRIVATE KEY-----
MHICAQEwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC
oB8wHQYKKoZIhvcNAQkJFDEPDA1DdXJkbGUgQ2hhaXJzgSEAGb9ECWmEzf6FQbrB
Z9w7lshQhqowtrbLDFw4rXAxZuE=
-----END PRIVATE KEY-----
`
)

func pemBytes(t testing.TB, s, typ string) []byte {
	t.Helper()
	b, rest := pem.Decode([]byte(s))
	if b == nil || b.Type != typ || len(bytes.TrimSpace(rest)) != 0 {
		t.Fatalf("bad PEM %q", s)
	}
	return b.Bytes
}

func TestRFC8410(t *testing.T) {
	seed := mustHex("d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842")
	pubBytes := mustHex("19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1")

	// 10.1
	spki := pemBytes(t, rfc8410PublicKey, "PUBLIC KEY")
	pub, err := pkix.ParsePKIXPublicKey(spki)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := pub.(ed25519.PublicKey); !ok || !bytes.Equal(p, pubBytes) {
		t.Fatalf("Section 10.1: %T %x", pub, pub)
	}
	if der, err := pkix.MarshalPKIXPublicKey(pub); err != nil || !bytes.Equal(der, spki) {
		t.Errorf("Section 10.1 marshaled as %x, %v", der, err)
	}

	// 10.3
	v1 := pemBytes(t, rfc8410PrivateKey, "PRIVATE KEY")
	for _, der := range [][]byte{v1, pemBytes(t, rfc8410PrivateKeyV2, "PRIVATE KEY")} {
		k, err := pkix.ParsePKCS8PrivateKey(der)
		if err != nil {
			t.Fatal(err)
		}
		priv, ok := k.(ed25519.PrivateKey)
		if !ok || !bytes.Equal(priv.Seed(), seed) || !bytes.Equal(priv[32:], pubBytes) {
			t.Fatalf("Section 10.3: %T %x", k, k)
		}
		// Written back as version 1, as crypto/x509 and OpenSSL do.
		if again, err := pkix.MarshalPKCS8PrivateKey(priv); err != nil || !bytes.Equal(again, v1) {
			t.Errorf("Section 10.3 marshaled as %x, %v", again, err)
		}
	}

	// 10.2: the certificate's key is Alice's public key of RFC 7748,
	// Section 6.1, and its signature verifies with the key of 10.1.
	cert := cryptobyte.String(pemBytes(t, rfc8410Certificate, "CERTIFICATE"))
	var c, tbs, tbsElem cryptobyte.String
	var sig []byte
	if !cert.ReadASN1(&c, asn1.SEQUENCE) || !c.ReadASN1Element(&tbsElem, asn1.SEQUENCE) ||
		!c.SkipASN1(asn1.SEQUENCE) || !c.ReadASN1BitStringAsBytes(&sig) {
		t.Fatal("cannot read the certificate")
	}
	tbs = tbsElem
	var spkiElem cryptobyte.String
	if !tbs.ReadASN1(&tbs, asn1.SEQUENCE) ||
		!tbs.SkipOptionalASN1(asn1.Tag(0).Constructed().ContextSpecific()) || // version
		!tbs.SkipASN1(asn1.INTEGER) || // serialNumber
		!tbs.SkipASN1(asn1.SEQUENCE) || // signature
		!tbs.SkipASN1(asn1.SEQUENCE) || // issuer
		!tbs.SkipASN1(asn1.SEQUENCE) || // validity
		!tbs.SkipASN1(asn1.SEQUENCE) || // subject
		!tbs.ReadASN1Element(&spkiElem, asn1.SEQUENCE) {
		t.Fatal("cannot read the certificate's SubjectPublicKeyInfo")
	}
	xk, err := pkix.ParsePKIXPublicKey(spkiElem)
	if err != nil {
		t.Fatal(err)
	}
	alice := mustHex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
	x, ok := xk.(*ecdh.PublicKey)
	if !ok || x.Curve() != ecdh.X25519() || !bytes.Equal(x.Bytes(), alice) {
		t.Fatalf("Section 10.2: %T %v", xk, xk)
	}
	if der, err := pkix.MarshalPKIXPublicKey(x); err != nil || !bytes.Equal(der, spkiElem) {
		t.Errorf("Section 10.2's key marshaled as %x, %v", der, err)
	}
	if !ed25519.Verify(pub.(ed25519.PublicKey), tbsElem, sig) {
		t.Error("Section 10.2's certificate does not verify with Section 10.1's key")
	}
}
