// Package pkix reads and writes private keys in PKCS #8 (RFC 5208, and the
// OneAsymmetricKey of RFC 5958) and public keys in X.509's
// SubjectPublicKeyInfo (RFC 5280, Section 4.1; "PKIX"), the DER of PEM
// blocks "PRIVATE KEY" and "PUBLIC KEY", for every algorithm of crypton's
// ecc module: Ed25519, Ed448, X25519 and X448 (RFC 8410), and ECDSA and
// ECDH on P-256, P-384 and P-521 (RFC 5915, RFC 5480). RSA keys pass
// through to crypto/x509.
//
// Its functions have the names and shapes of crypto/x509's. They differ in
// that they know Ed448 and X448, which the standard library does not, and
// in the types of the keys that they return.
//
// # What Parse returns
//
// ParsePKCS8PrivateKey and ParsePKIXPublicKey return crypton's key types
// for the algorithms that crypton implements, so that a key loaded from a
// PEM file is ready for crypton's (faster) code whatever its algorithm, and
// a program has one set of types to switch on:
//
//	algorithm             private key                public key
//	Ed25519               ecc/ed25519.PrivateKey     ecc/ed25519.PublicKey (crypto/ed25519's type)
//	Ed448                 ecc/ed448.PrivateKey       ecc/ed448.PublicKey
//	X25519, X448          *ecc/ecdh.PrivateKey       *ecc/ecdh.PublicKey
//	EC (id-ecPublicKey)   *ecc/ecdsa.PrivateKey      *ecc/ecdsa.PublicKey
//	RSA (rsaEncryption)   *crypto/rsa.PrivateKey     *crypto/rsa.PublicKey
//
// The standard library's types are a Stdlib method away (for Ed25519 the
// public key is already crypto/ed25519's; X448 and Ed448 have none). RSA
// keys are crypto/rsa's because the ecc module does not depend on crypton's
// rsa module; its FromStdlibPrivateKey and FromStdlibPublicKey convert them.
// An EC key is returned as an ECDSA key, as crypto/x509 does, since PKCS #8
// and PKIX give ECDSA and ECDH keys the same algorithm identifier; for ECDH,
// ecc/ecdh's P256().NewPrivateKey(k.Bytes()) (or NewPublicKey) makes the
// key of that package.
//
// # What Marshal accepts
//
// MarshalPKCS8PrivateKey and MarshalPKIXPublicKey take the types above and
// also the standard library's: crypto/ed25519's PrivateKey, crypto/ecdh's
// and crypto/ecdsa's keys on the same curves, and any value with a method
// Stdlib() *crypto/rsa.PrivateKey (or *crypto/rsa.PublicKey), as crypton's
// rsa keys have. The encodings are those that OpenSSL writes, and for the
// algorithms that crypto/x509 has they are crypto/x509's, byte for byte:
// PKCS #8 v1 (version number 0) with, for Ed25519, Ed448, X25519 and X448,
// the 32-, 57-, 32- or 56-byte private key alone, and for EC keys an
// ECPrivateKey with the scalar at the curve's size and the uncompressed
// public key, and no curve (which the algorithm identifier names).
//
// # What Parse accepts
//
// DER only (read with x/crypto's cryptobyte): definite, minimal lengths and
// nothing after the key. PKCS #8 may be v1 or v2 (RFC 5958); attributes
// are skipped, and a public key, allowed in v2 only, must be that of the
// private key, as must an ECPrivateKey's public key, and an ECPrivateKey's
// curve that of the algorithm identifier: crypto/x509 ignores the three.
// Scalars of EC keys shorter than the curve's size, or longer with leading
// zeros, are accepted, as crypto/x509 accepts them. RFC 8410's algorithms
// must have no parameters. Public EC points may be compressed (RFC 5480
// allows it; crypto/x509 does not). Curves other than P-256, P-384 and
// P-521 (P-224 among them) are an error, as are algorithms other than the
// ones above. No input makes the functions panic.
package pkix

import (
	"crypto/ecdh"
	stdecdsa "crypto/ecdsa"
	stded25519 "crypto/ed25519"
	"crypto/rsa"
	"crypto/subtle"
	"crypto/x509"
	encasn1 "encoding/asn1"
	"errors"
	"fmt"

	cecdh "github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/ecc/ed448"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// Algorithm identifiers: RFC 8410, Section 3; RFC 5480, Section 2.1.1 and
// 2.1.1.1; RFC 8017, Appendix A.1.
var (
	oidX25519        = encasn1.ObjectIdentifier{1, 3, 101, 110}
	oidX448          = encasn1.ObjectIdentifier{1, 3, 101, 111}
	oidEd25519       = encasn1.ObjectIdentifier{1, 3, 101, 112}
	oidEd448         = encasn1.ObjectIdentifier{1, 3, 101, 113}
	oidECPublicKey   = encasn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}
	oidP256          = encasn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}
	oidP384          = encasn1.ObjectIdentifier{1, 3, 132, 0, 34}
	oidP521          = encasn1.ObjectIdentifier{1, 3, 132, 0, 35}
	oidRSAEncryption = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 1}
)

// Context-specific tags of OneAsymmetricKey (RFC 5958) and ECPrivateKey
// (RFC 5915).
var (
	tagAttributes   = asn1.Tag(0).Constructed().ContextSpecific() // [0] IMPLICIT SET OF
	tagOAKPublicKey = asn1.Tag(1).ContextSpecific()               // [1] IMPLICIT BIT STRING
	tagECParameters = asn1.Tag(0).Constructed().ContextSpecific() // [0] EXPLICIT
	tagECPublicKey  = asn1.Tag(1).Constructed().ContextSpecific() // [1] EXPLICIT
)

// rfc8410 describes one of the algorithms of RFC 8410, whose keys are byte
// strings: the private key (Ed25519's and Ed448's seed) of privSize bytes
// and the public key of pubSize.
type rfc8410 struct {
	name              string
	oid               encasn1.ObjectIdentifier
	privSize, pubSize int
}

var (
	algX25519  = &rfc8410{"X25519", oidX25519, 32, 32}
	algX448    = &rfc8410{"X448", oidX448, 56, 56}
	algEd25519 = &rfc8410{"Ed25519", oidEd25519, ed25519.SeedSize, ed25519.PublicKeySize}
	algEd448   = &rfc8410{"Ed448", oidEd448, ed448.SeedSize, ed448.PublicKeySize}
)

func rfc8410ByOID(oid encasn1.ObjectIdentifier) *rfc8410 {
	for _, a := range []*rfc8410{algX25519, algX448, algEd25519, algEd448} {
		if oid.Equal(a.oid) {
			return a
		}
	}
	return nil
}

// MarshalPKCS8PrivateKey returns the PKCS #8 (RFC 5208 and 5958) DER
// encoding of key, the contents of a PEM block of type "PRIVATE KEY".
//
// key may be an ecc/ed25519.PrivateKey or crypto/ed25519.PrivateKey, an
// ecc/ed448.PrivateKey, an *ecc/ecdh.PrivateKey (X25519, X448, P-256,
// P-384, P-521) or *crypto/ecdh.PrivateKey (the same but X448), an
// *ecc/ecdsa.PrivateKey or *crypto/ecdsa.PrivateKey (P-256, P-384, P-521),
// an *crypto/rsa.PrivateKey, or a value with a method
// Stdlib() *crypto/rsa.PrivateKey; RSA keys are encoded by crypto/x509. An
// ECDH key on a NIST curve is encoded as an EC key, which
// ParsePKCS8PrivateKey returns as an ECDSA key. Ed25519 and Ed448 keys are
// written as their seed; whether a key's public half is the public key of
// its seed is not checked.
func MarshalPKCS8PrivateKey(key any) ([]byte, error) {
	switch k := key.(type) {
	case ed25519.PrivateKey:
		return marshalRFC8410PrivateKey(algEd25519, []byte(k), ed25519.PrivateKeySize)
	case stded25519.PrivateKey:
		return marshalRFC8410PrivateKey(algEd25519, []byte(k), ed25519.PrivateKeySize)
	case ed448.PrivateKey:
		return marshalRFC8410PrivateKey(algEd448, []byte(k), ed448.PrivateKeySize)
	case *cecdh.PrivateKey:
		if k == nil || k.Curve() == nil {
			return nil, errors.New("pkix: missing private key")
		}
		return marshalECDHPrivateKey(k)
	case *ecdh.PrivateKey:
		if k == nil {
			return nil, errors.New("pkix: missing private key")
		}
		ck, err := cecdh.FromStdlibPrivateKey(k)
		if err != nil {
			return nil, wrap(err)
		}
		return marshalECDHPrivateKey(ck)
	case *ecdsa.PrivateKey:
		if k == nil || k.PublicKey() == nil {
			return nil, errors.New("pkix: missing private key")
		}
		return marshalECDSAPrivateKey(k)
	case *stdecdsa.PrivateKey:
		ck, err := ecdsa.FromStdlibPrivateKey(k)
		if err != nil {
			return nil, wrap(err)
		}
		return marshalECDSAPrivateKey(ck)
	case *rsa.PrivateKey:
		return marshalRSAPrivateKey(k)
	case interface{ Stdlib() *rsa.PrivateKey }:
		return marshalRSAPrivateKey(k.Stdlib())
	case nil:
		return nil, errors.New("pkix: missing private key")
	}
	return nil, fmt.Errorf("pkix: unsupported private key type %T", key)
}

// MarshalPKIXPublicKey returns the DER encoding of pub as an X.509
// SubjectPublicKeyInfo (RFC 5280, Section 4.1), the contents of a PEM block
// of type "PUBLIC KEY".
//
// pub may be an ecc/ed25519.PublicKey (which is crypto/ed25519's), an
// ecc/ed448.PublicKey, an *ecc/ecdh.PublicKey (X25519, X448, P-256, P-384,
// P-521) or *crypto/ecdh.PublicKey (the same but X448), an
// *ecc/ecdsa.PublicKey or *crypto/ecdsa.PublicKey (P-256, P-384, P-521), an
// *crypto/rsa.PublicKey, or a value with a method
// Stdlib() *crypto/rsa.PublicKey. EC points are written uncompressed.
func MarshalPKIXPublicKey(pub any) ([]byte, error) {
	switch k := pub.(type) {
	case ed25519.PublicKey:
		return marshalRFC8410PublicKey(algEd25519, k)
	case ed448.PublicKey:
		return marshalRFC8410PublicKey(algEd448, k)
	case *cecdh.PublicKey:
		if k == nil || k.Curve() == nil {
			return nil, errors.New("pkix: missing public key")
		}
		return marshalECDHPublicKey(k)
	case *ecdh.PublicKey:
		if k == nil {
			return nil, errors.New("pkix: missing public key")
		}
		ck, err := cecdh.FromStdlibPublicKey(k)
		if err != nil {
			return nil, wrap(err)
		}
		return marshalECDHPublicKey(ck)
	case *ecdsa.PublicKey:
		if k == nil || k.Curve() == nil {
			return nil, errors.New("pkix: missing public key")
		}
		return marshalECPublicKey(k.Curve(), k.Bytes())
	case *stdecdsa.PublicKey:
		ck, err := ecdsa.FromStdlibPublicKey(k)
		if err != nil {
			return nil, wrap(err)
		}
		return marshalECPublicKey(ck.Curve(), ck.Bytes())
	case *rsa.PublicKey:
		return marshalRSAPublicKey(k)
	case interface{ Stdlib() *rsa.PublicKey }:
		return marshalRSAPublicKey(k.Stdlib())
	case nil:
		return nil, errors.New("pkix: missing public key")
	}
	return nil, fmt.Errorf("pkix: unsupported public key type %T", pub)
}

// ParsePKCS8PrivateKey parses a private key in PKCS #8 (RFC 5208 and 5958),
// ASN.1 DER, the contents of a PEM block of type "PRIVATE KEY". It returns
// an ecc/ed25519.PrivateKey, an ecc/ed448.PrivateKey, an
// *ecc/ecdh.PrivateKey (X25519 and X448), an *ecc/ecdsa.PrivateKey (EC keys
// on P-256, P-384 and P-521) or an *crypto/rsa.PrivateKey (parsed by
// crypto/x509); see the package documentation for why and for what is
// accepted.
func ParsePKCS8PrivateKey(der []byte) (any, error) {
	input := cryptobyte.String(der)
	var (
		seq, algo, params, privateKey cryptobyte.String
		version                       int64
		oid                           encasn1.ObjectIdentifier
	)
	if !input.ReadASN1(&seq, asn1.SEQUENCE) {
		return nil, errors.New("pkix: malformed PKCS #8 private key")
	}
	if !input.Empty() {
		return nil, errors.New("pkix: trailing data after the PKCS #8 private key")
	}
	if !seq.ReadASN1Int64WithTag(&version, asn1.INTEGER) ||
		!seq.ReadASN1(&algo, asn1.SEQUENCE) || !algo.ReadASN1ObjectIdentifier(&oid) ||
		!seq.ReadASN1(&privateKey, asn1.OCTET_STRING) {
		return nil, errors.New("pkix: malformed PKCS #8 private key")
	}
	params = algo
	if version != 0 && version != 1 {
		return nil, fmt.Errorf("pkix: unsupported PKCS #8 version number %d (want 0 or 1, v1 or v2)", version)
	}
	// OneAsymmetricKey's attributes, skipped, and public key.
	if !seq.SkipOptionalASN1(tagAttributes) {
		return nil, errors.New("pkix: malformed PKCS #8 attributes")
	}
	var publicKey []byte
	if seq.PeekASN1Tag(tagOAKPublicKey) {
		if version != 1 {
			return nil, errors.New("pkix: a public key in a PKCS #8 v1 private key (only v2 has one)")
		}
		var bits cryptobyte.String
		if !seq.ReadASN1(&bits, tagOAKPublicKey) || !readBitStringBytes(bits, &publicKey) {
			return nil, errors.New("pkix: malformed public key in the PKCS #8 private key")
		}
	}
	if !seq.Empty() {
		return nil, errors.New("pkix: malformed PKCS #8 private key: unknown fields after the key")
	}

	switch {
	case oid.Equal(oidRSAEncryption):
		k, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			return nil, wrap(err)
		}
		return k, nil
	case oid.Equal(oidECPublicKey):
		c, err := namedCurve(&params)
		if err != nil {
			return nil, err
		}
		k, err := parseECPrivateKey(c, privateKey, publicKey)
		if err != nil {
			return nil, err // not a nil *ecdsa.PrivateKey in a non-nil any
		}
		return k, nil
	}
	a := rfc8410ByOID(oid)
	if a == nil {
		return nil, fmt.Errorf("pkix: unsupported private key algorithm %v", oid)
	}
	if !params.Empty() {
		return nil, fmt.Errorf("pkix: invalid %s private key: the algorithm has parameters", a.name)
	}
	// CurvePrivateKey ::= OCTET STRING, inside the privateKey OCTET STRING.
	var key cryptobyte.String
	if !privateKey.ReadASN1(&key, asn1.OCTET_STRING) || !privateKey.Empty() {
		return nil, fmt.Errorf("pkix: malformed %s private key", a.name)
	}
	if len(key) != a.privSize {
		return nil, fmt.Errorf("pkix: invalid %s private key length %d (want %d)", a.name, len(key), a.privSize)
	}
	var k any
	var pub []byte
	switch a {
	case algEd25519:
		kk := ed25519.NewKeyFromSeed(key)
		k, pub = kk, kk[ed25519.SeedSize:]
	case algEd448:
		kk := ed448.NewKeyFromSeed(key)
		k, pub = kk, kk[ed448.SeedSize:]
	case algX25519, algX448:
		c := cecdh.X25519()
		if a == algX448 {
			c = cecdh.X448()
		}
		kk, err := c.NewPrivateKey(key)
		if err != nil {
			return nil, wrap(err)
		}
		k, pub = kk, kk.PublicKey().Bytes()
	}
	if publicKey != nil && subtle.ConstantTimeCompare(publicKey, pub) != 1 {
		return nil, fmt.Errorf("pkix: invalid %s private key: its public key is not that of the private key", a.name)
	}
	return k, nil
}

// ParsePKIXPublicKey parses a public key in X.509's SubjectPublicKeyInfo
// (RFC 5280, Section 4.1), ASN.1 DER, the contents of a PEM block of type
// "PUBLIC KEY". It returns an ecc/ed25519.PublicKey (crypto/ed25519's
// type), an ecc/ed448.PublicKey, an *ecc/ecdh.PublicKey (X25519 and X448),
// an *ecc/ecdsa.PublicKey (EC keys on P-256, P-384 and P-521) or an
// *crypto/rsa.PublicKey (parsed by crypto/x509); see the package
// documentation for why and for what is accepted. Ed25519 and Ed448 keys
// are checked for their length only, as crypto/x509 does; a key that is
// not a point fails verification.
func ParsePKIXPublicKey(der []byte) (any, error) {
	input := cryptobyte.String(der)
	var (
		seq, algo, bits cryptobyte.String
		oid             encasn1.ObjectIdentifier
		key             []byte
	)
	if !input.ReadASN1(&seq, asn1.SEQUENCE) {
		return nil, errors.New("pkix: malformed public key")
	}
	if !input.Empty() {
		return nil, errors.New("pkix: trailing data after the public key")
	}
	if !seq.ReadASN1(&algo, asn1.SEQUENCE) || !algo.ReadASN1ObjectIdentifier(&oid) ||
		!seq.ReadASN1(&bits, asn1.BIT_STRING) || !seq.Empty() || !readBitStringBytes(bits, &key) {
		return nil, errors.New("pkix: malformed public key")
	}
	switch {
	case oid.Equal(oidRSAEncryption):
		k, err := x509.ParsePKIXPublicKey(der)
		if err != nil {
			return nil, wrap(err)
		}
		return k, nil
	case oid.Equal(oidECPublicKey):
		c, err := namedCurve(&algo)
		if err != nil {
			return nil, err
		}
		k, err := ecdsa.NewPublicKey(c, key)
		if err != nil {
			return nil, wrap(err)
		}
		return k, nil
	}
	a := rfc8410ByOID(oid)
	if a == nil {
		return nil, fmt.Errorf("pkix: unsupported public key algorithm %v", oid)
	}
	if !algo.Empty() {
		return nil, fmt.Errorf("pkix: invalid %s public key: the algorithm has parameters", a.name)
	}
	if len(key) != a.pubSize {
		return nil, fmt.Errorf("pkix: invalid %s public key length %d (want %d)", a.name, len(key), a.pubSize)
	}
	switch a {
	case algEd25519:
		return ed25519.PublicKey(append([]byte(nil), key...)), nil
	case algEd448:
		return ed448.PublicKey(append([]byte(nil), key...)), nil
	case algX25519:
		return newECDHPublicKey(cecdh.X25519(), key)
	default:
		return newECDHPublicKey(cecdh.X448(), key)
	}
}

func newECDHPublicKey(c cecdh.Curve, key []byte) (any, error) {
	k, err := c.NewPublicKey(key)
	if err != nil {
		return nil, wrap(err)
	}
	return k, nil
}

// readBitStringBytes sets out to the contents of the BIT STRING whose
// encoding (without tag and length) is bits, which must have no unused
// bits: keys are whole octets.
func readBitStringBytes(bits cryptobyte.String, out *[]byte) bool {
	if len(bits) == 0 || bits[0] != 0 {
		return false
	}
	*out = bits[1:]
	return true
}

// wrap returns the error err of another package (ecc/ecdsa, ecc/ecdh,
// crypto/x509) as an error of this one.
func wrap(err error) error {
	return fmt.Errorf("pkix: %w", err)
}

// marshalRFC8410PrivateKey returns the PKCS #8 of the key of the algorithm
// a whose first a.privSize bytes are the private key; key must be size
// bytes long.
func marshalRFC8410PrivateKey(a *rfc8410, key []byte, size int) ([]byte, error) {
	if len(key) != size {
		return nil, fmt.Errorf("pkix: invalid %s private key length %d (want %d)", a.name, len(key), size)
	}
	return marshalPKCS8(a.oid, nil, func(b *cryptobyte.Builder) {
		b.AddASN1OctetString(key[:a.privSize])
	})
}

func marshalRFC8410PublicKey(a *rfc8410, key []byte) ([]byte, error) {
	if len(key) != a.pubSize {
		return nil, fmt.Errorf("pkix: invalid %s public key length %d (want %d)", a.name, len(key), a.pubSize)
	}
	return marshalSPKI(a.oid, nil, key)
}

func marshalECDHPrivateKey(k *cecdh.PrivateKey) ([]byte, error) {
	switch c := k.Curve(); c {
	case cecdh.X25519(), cecdh.X448():
		a := algX25519
		if c == cecdh.X448() {
			a = algX448
		}
		key := k.Bytes()
		defer clear(key)
		return marshalRFC8410PrivateKey(a, key, a.privSize)
	default:
		d := k.Bytes()
		defer clear(d)
		return marshalECPrivateKey(ecdsaCurve(c), d, k.PublicKey().Bytes())
	}
}

func marshalECDSAPrivateKey(k *ecdsa.PrivateKey) ([]byte, error) {
	d := k.Bytes()
	defer clear(d)
	return marshalECPrivateKey(k.PublicKey().Curve(), d, k.PublicKey().Bytes())
}

func marshalECDHPublicKey(k *cecdh.PublicKey) ([]byte, error) {
	switch c := k.Curve(); c {
	case cecdh.X25519():
		return marshalRFC8410PublicKey(algX25519, k.Bytes())
	case cecdh.X448():
		return marshalRFC8410PublicKey(algX448, k.Bytes())
	default:
		return marshalECPublicKey(ecdsaCurve(c), k.Bytes())
	}
}

func marshalRSAPrivateKey(k *rsa.PrivateKey) ([]byte, error) {
	if k == nil {
		return nil, errors.New("pkix: missing private key")
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return nil, wrap(err)
	}
	return der, nil
}

func marshalRSAPublicKey(k *rsa.PublicKey) ([]byte, error) {
	if k == nil {
		return nil, errors.New("pkix: missing public key")
	}
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		return nil, wrap(err)
	}
	return der, nil
}

// marshalPKCS8 returns the PKCS #8 version 1 PrivateKeyInfo of the
// algorithm oid, with the parameters added by params if it is not nil and
// the contents of the privateKey OCTET STRING added by key.
func marshalPKCS8(oid encasn1.ObjectIdentifier, params, key cryptobyte.BuilderContinuation) ([]byte, error) {
	b := cryptobyte.NewBuilder(nil)
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(0) // version v1
		addAlgorithm(b, oid, params)
		b.AddASN1(asn1.OCTET_STRING, key)
	})
	return builderBytes(b)
}

// marshalSPKI returns the SubjectPublicKeyInfo of the algorithm oid, with
// the parameters added by params if it is not nil, and the key.
func marshalSPKI(oid encasn1.ObjectIdentifier, params cryptobyte.BuilderContinuation, key []byte) ([]byte, error) {
	b := cryptobyte.NewBuilder(nil)
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		addAlgorithm(b, oid, params)
		b.AddASN1BitString(key)
	})
	return builderBytes(b)
}

func addAlgorithm(b *cryptobyte.Builder, oid encasn1.ObjectIdentifier, params cryptobyte.BuilderContinuation) {
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
		if params != nil {
			params(b)
		}
	})
}

func builderBytes(b *cryptobyte.Builder) ([]byte, error) {
	der, err := b.Bytes()
	if err != nil {
		return nil, errors.New("pkix: internal error: " + err.Error())
	}
	return der, nil
}
