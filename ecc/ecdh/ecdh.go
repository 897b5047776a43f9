// Package ecdh implements Elliptic Curve Diffie-Hellman over X25519 and X448
// (RFC 7748) and over the NIST curves P-256, P-384 and P-521 (SEC 1, NIST
// SP 800-56A), with the API of the standard library's crypto/ecdh.
//
// Keys and shared secrets are byte strings in the encodings of crypto/ecdh,
// so keys move freely between the two packages; NewPublicKey of a NIST curve
// also accepts compressed points, which crypto/ecdh does not.
// [PrivateKey.Stdlib] and [PublicKey.Stdlib] return a key as crypto/ecdh's
// (for crypto/x509's MarshalPKCS8PrivateKey and MarshalPKIXPublicKey, which
// know only the standard library's types), and [FromStdlibPrivateKey] and
// [FromStdlibPublicKey] bring keys back; crypto/ecdh has no X448. Package
// ecc/pkix reads and writes PKCS #8 and PKIX for every curve, X448 too. The field
// arithmetic comes from crypton's mont module (gf25519, gf448, p256, p384,
// p521): portable Go everywhere, and MULX/ADCX/ADOX assembly on amd64 CPUs
// with BMI2 and ADX.
//
// Every operation on a private key is constant time. The public key of a
// private key is computed when the key is made, with a fixed-base
// multiplication (a precomputed table of multiples of the base point,
// scanned whole for every look-up): for X25519 on the birationally
// equivalent edwards25519, for X448 on edwards448 followed by the 4-isogeny
// of RFC 7748, Section 4.2, and for the NIST curves on the curve itself.
// For X25519 and X448 that is several times faster than the ladder that
// ECDH uses.
package ecdh

import (
	"crypto"
	"crypto/subtle"
	"errors"
	"io"
)

// Curve is an elliptic curve that supports Diffie-Hellman key agreement.
// The curves are X25519, X448, P256, P384 and P521; the interface's
// unexported methods keep its implementations inside this package.
type Curve interface {
	// GenerateKey generates a random PrivateKey, reading the private key
	// from rand (crypto/rand.Reader if rand is nil).
	//
	// Unlike crypto/ecdh since Go 1.26, GenerateKey does use rand, so that a
	// deterministic reader gives deterministic keys in tests.
	//
	// For X25519 and X448 every string read is a valid key. For the NIST
	// curves the key is drawn by rejection sampling, and GenerateKey
	// returns an error, rather than reading forever, if 100 draws in a row
	// are out of range (zero, or not below n): rand is then broken, stuck
	// on zeros or ones for example, since a draw from a working source is
	// rejected with probability below 2⁻³².
	GenerateKey(rand io.Reader) (*PrivateKey, error)

	// NewPrivateKey checks that key is valid and returns a PrivateKey.
	//
	// For X25519 and X448, this only checks the length (32 or 56 bytes);
	// every string of that length is a valid private key, clamped when used
	// (RFC 7748, Section 5). For the NIST curves, key must be a big-endian
	// integer of the curve's size (32, 48 or 66 bytes) in [1, n−1], n the
	// order of the base point.
	NewPrivateKey(key []byte) (*PrivateKey, error)

	// NewPublicKey checks that key is valid and returns a PublicKey.
	//
	// For X25519 and X448, this only checks the length (32 or 56 bytes).
	// Like crypto/ecdh, it accepts non-canonical encodings, points on the
	// twist and points of low order; ECDH rejects those whose shared secret
	// is zero.
	//
	// For the NIST curves, key is a SEC 1 point, uncompressed (0x04 ‖ X ‖ Y)
	// or compressed (0x02 or 0x03 ‖ X); NewPublicKey rejects the point at
	// infinity, coordinates not below p and points not on the curve.
	NewPublicKey(key []byte) (*PublicKey, error)

	// ecdh computes the shared secret of local and remote, both of this
	// curve.
	ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error)

	// publicKey returns the public key of the private key key, which is in
	// the curve's encoding.
	publicKey(key []byte) []byte
}

// PublicKey is an ECDH public key, usually a peer's ECDH share sent over the
// wire. It is safe for concurrent use.
type PublicKey struct {
	curve     Curve
	publicKey []byte
	// point is the decoded point of a NIST curve's key made by
	// NewPublicKey (a P of that nistCurve), which ECDH reads and never
	// writes; nil otherwise, and then ECDH decodes publicKey.
	point any
}

// Bytes returns a copy of the encoding of the public key: for X25519 and
// X448, the 32 or 56 bytes of RFC 7748; for the NIST curves, the
// uncompressed point of SEC 1, Section 2.3.3 (0x04 ‖ X ‖ Y), whichever
// encoding NewPublicKey was given.
func (k *PublicKey) Bytes() []byte {
	var buf [133]byte // enough for P-521; keeps the copy on the stack when inlined
	return append(buf[:0], k.publicKey...)
}

// Equal reports whether x is a *PublicKey of the same curve with the same
// encoding. Equal is constant time in the encodings' contents.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(*PublicKey)
	if !ok {
		return false
	}
	return k.curve == xx.curve && subtle.ConstantTimeCompare(k.publicKey, xx.publicKey) == 1
}

// Curve returns the curve of the key.
func (k *PublicKey) Curve() Curve { return k.curve }

// PrivateKey is an ECDH private key. It is safe for concurrent use.
type PrivateKey struct {
	curve      Curve
	privateKey []byte
	// publicKey is computed when the key is made.
	publicKey *PublicKey
}

// ECDH performs an ECDH exchange and returns the shared secret. k and
// remote must use the same curve.
//
// For X25519 and X448, the result is the 32-byte X25519(k, remote) or the
// 56-byte X448(k, remote) of RFC 7748, Sections 6.1 and 6.2 (the functions
// of Section 5). If it is all zeros, that is, if remote is a point of low
// order, ECDH returns an error, as RFC 7748 allows and crypto/ecdh does.
//
// For the NIST curves, the result is the x-coordinate of k·remote, encoded
// as SEC 1, Section 2.3.5 says (32, 48 or 66 bytes), as in crypto/ecdh.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	if remote == nil || k.curve != remote.curve {
		return nil, errors.New("ecdh: private key and public key curves do not match")
	}
	return k.curve.ecdh(k, remote)
}

// Bytes returns a copy of the encoding of the private key: the bytes given
// to NewPrivateKey or read by GenerateKey (for X25519 and X448, 32 or 56
// bytes; for the NIST curves, the scalar as a big-endian integer of 32, 48
// or 66 bytes).
func (k *PrivateKey) Bytes() []byte {
	var buf [66]byte
	return append(buf[:0], k.privateKey...)
}

// Equal reports whether x is a *PrivateKey of the same curve with the same
// encoding. Equal is constant time in the keys' contents.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok {
		return false
	}
	return k.curve == xx.curve && subtle.ConstantTimeCompare(k.privateKey, xx.privateKey) == 1
}

// Curve returns the curve of the key.
func (k *PrivateKey) Curve() Curve { return k.curve }

// PublicKey returns the public key of k, computed when k was made.
func (k *PrivateKey) PublicKey() *PublicKey { return k.publicKey }

// Public implements the implicit interface of crypto private keys
// (crypto.Decrypter, crypto.Signer): it returns k.PublicKey(), a *PublicKey
// of this package.
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }

// newPrivateKey makes the PrivateKey of a key already checked by c. It
// keeps key, which the caller must not use afterwards.
func newPrivateKey(c Curve, key []byte) *PrivateKey {
	k := &PrivateKey{curve: c, privateKey: key}
	k.publicKey = &PublicKey{curve: c, publicKey: c.publicKey(k.privateKey)}
	return k
}
