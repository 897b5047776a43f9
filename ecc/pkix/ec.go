package pkix

// EC keys: the algorithm id-ecPublicKey with a namedCurve parameter (RFC
// 5480, Section 2.1.1), public keys as SEC 1 points, and private keys as
// the ECPrivateKey of RFC 5915:
//
//	ECPrivateKey ::= SEQUENCE {
//	  version        INTEGER { ecPrivkeyVer1(1) },
//	  privateKey     OCTET STRING,
//	  parameters [0] ECParameters {{ NamedCurve }} OPTIONAL,
//	  publicKey  [1] BIT STRING OPTIONAL
//	}

import (
	"crypto/subtle"
	encasn1 "encoding/asn1"
	"errors"
	"fmt"

	cecdh "github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// curveOID returns the namedCurve of c.
func curveOID(c ecdsa.Curve) encasn1.ObjectIdentifier {
	switch c {
	case ecdsa.P256():
		return oidP256
	case ecdsa.P384():
		return oidP384
	default:
		return oidP521
	}
}

// curveByOID returns the curve named oid, or an error.
func curveByOID(oid encasn1.ObjectIdentifier) (ecdsa.Curve, error) {
	switch {
	case oid.Equal(oidP256):
		return ecdsa.P256(), nil
	case oid.Equal(oidP384):
		return ecdsa.P384(), nil
	case oid.Equal(oidP521):
		return ecdsa.P521(), nil
	}
	return nil, fmt.Errorf("pkix: unsupported elliptic curve %v (only P-256, P-384 and P-521)", oid)
}

// ecdsaCurve returns the curve of ecc/ecdsa of the NIST curve c of
// ecc/ecdh.
func ecdsaCurve(c cecdh.Curve) ecdsa.Curve {
	switch c {
	case cecdh.P256():
		return ecdsa.P256()
	case cecdh.P384():
		return ecdsa.P384()
	default:
		return ecdsa.P521()
	}
}

// namedCurve reads the parameters of id-ecPublicKey, which must be all of
// params: the namedCurve OID of one of the curves. An implicit or
// specified curve is an error.
func namedCurve(params *cryptobyte.String) (ecdsa.Curve, error) {
	var oid encasn1.ObjectIdentifier
	if !params.PeekASN1Tag(asn1.OBJECT_IDENTIFIER) {
		return nil, errors.New("pkix: EC key parameters are not a named curve")
	}
	if !params.ReadASN1ObjectIdentifier(&oid) || !params.Empty() {
		return nil, errors.New("pkix: malformed EC key parameters")
	}
	return curveByOID(oid)
}

// parseECPrivateKey parses the ECPrivateKey der of a key on c. oakPub is
// the public key of the enclosing OneAsymmetricKey, or nil.
func parseECPrivateKey(c ecdsa.Curve, der cryptobyte.String, oakPub []byte) (*ecdsa.PrivateKey, error) {
	var (
		seq, d, params, pubField cryptobyte.String
		version                  int64
		hasParams, hasPub        bool
	)
	if !der.ReadASN1(&seq, asn1.SEQUENCE) || !der.Empty() ||
		!seq.ReadASN1Int64WithTag(&version, asn1.INTEGER) ||
		!seq.ReadASN1(&d, asn1.OCTET_STRING) ||
		!seq.ReadOptionalASN1(&params, &hasParams, tagECParameters) ||
		!seq.ReadOptionalASN1(&pubField, &hasPub, tagECPublicKey) || !seq.Empty() {
		return nil, errors.New("pkix: malformed EC private key")
	}
	if version != 1 {
		return nil, fmt.Errorf("pkix: unsupported EC private key version %d", version)
	}
	if hasParams {
		pc, err := namedCurve(&params)
		if err != nil {
			return nil, err
		}
		if pc != c {
			return nil, fmt.Errorf("pkix: invalid EC private key: its curve %v is not the algorithm's %v", pc, c)
		}
	}
	var pub []byte
	if hasPub {
		var bits cryptobyte.String
		if !pubField.ReadASN1(&bits, asn1.BIT_STRING) || !pubField.Empty() || !readBitStringBytes(bits, &pub) {
			return nil, errors.New("pkix: malformed public key in the EC private key")
		}
	}

	// RFC 5915 says the scalar is as long as the order; like crypto/x509,
	// accept it shorter (some encoders drop leading zeros) and longer with
	// leading zeros. The lengths are public; the extra octets are checked
	// without a branch on their values.
	size := scalarSize(c)
	buf := make([]byte, size)
	defer clear(buf)
	if len(d) > size {
		var extra byte
		for _, x := range d[:len(d)-size] {
			extra |= x
		}
		if subtle.ConstantTimeByteEq(extra, 0) != 1 {
			return nil, errors.New("pkix: invalid EC private key: the scalar is too large")
		}
		copy(buf, d[len(d)-size:])
	} else {
		copy(buf[size-len(d):], d)
	}
	k, err := ecdsa.NewPrivateKey(c, buf)
	if err != nil {
		return nil, wrap(err)
	}
	for _, p := range [][]byte{pub, oakPub} {
		if p == nil {
			continue
		}
		q, err := ecdsa.NewPublicKey(c, p)
		if err != nil || !q.Equal(k.PublicKey()) {
			return nil, errors.New("pkix: invalid EC private key: its public key is not that of the private key")
		}
	}
	return k, nil
}

// scalarSize returns the size of a scalar of c in bytes.
func scalarSize(c ecdsa.Curve) int {
	switch c {
	case ecdsa.P256():
		return 32
	case ecdsa.P384():
		return 48
	default:
		return 66
	}
}

// marshalECPrivateKey returns the PKCS #8 of the key on c of the scalar d
// (big-endian, of the curve's size) and the uncompressed point q, with the
// ECPrivateKey crypto/x509 writes: version 1, d, no parameters (the
// algorithm names the curve), q.
func marshalECPrivateKey(c ecdsa.Curve, d, q []byte) ([]byte, error) {
	oid := curveOID(c)
	return marshalPKCS8(oidECPublicKey, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
	}, func(b *cryptobyte.Builder) {
		b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1Int64(1)
			b.AddASN1OctetString(d)
			b.AddASN1(tagECPublicKey, func(b *cryptobyte.Builder) {
				b.AddASN1BitString(q)
			})
		})
	})
}

// marshalECPublicKey returns the SubjectPublicKeyInfo of the point q
// (uncompressed) on c.
func marshalECPublicKey(c ecdsa.Curve, q []byte) ([]byte, error) {
	oid := curveOID(c)
	return marshalSPKI(oidECPublicKey, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
	}, q)
}
