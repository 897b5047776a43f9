// Package ecdh implements Elliptic Curve Diffie-Hellman over X25519 (RFC
// 7748), with the API of the standard library's crypto/ecdh.
//
// Keys and shared secrets are byte strings in the encodings of crypto/ecdh,
// so keys move freely between the two packages. The curve arithmetic comes
// from crypton's mont/gf25519 package: portable Go everywhere, and
// MULX/ADCX/ADOX assembly on amd64 CPUs with BMI2 and ADX.
//
// Every operation on a private key is constant time. The public key of a
// private key is computed when the key is made, with a fixed-base
// multiplication on the birationally equivalent edwards25519 (a precomputed
// table of multiples of the base point, scanned whole for every look-up),
// about three times faster than the ladder that ECDH uses.
package ecdh

import (
	"crypto"
	"crypto/subtle"
	"errors"
	"io"
)

// Curve is an elliptic curve that supports Diffie-Hellman key agreement.
// Only X25519 exists today; the NIST curves and X448 will be added as more
// values of this interface, whose unexported methods keep its
// implementations inside this package.
type Curve interface {
	// GenerateKey generates a random PrivateKey, reading the private key
	// from rand (crypto/rand.Reader if rand is nil).
	//
	// Unlike crypto/ecdh since Go 1.26, GenerateKey does use rand, so that a
	// deterministic reader gives deterministic keys in tests.
	GenerateKey(rand io.Reader) (*PrivateKey, error)

	// NewPrivateKey checks that key is valid and returns a PrivateKey.
	//
	// For X25519, this only checks the length (32 bytes); every 32-byte
	// string is a valid private key, clamped when used (RFC 7748, Section 5).
	NewPrivateKey(key []byte) (*PrivateKey, error)

	// NewPublicKey checks that key is valid and returns a PublicKey.
	//
	// For X25519, this only checks the length (32 bytes). Like crypto/ecdh,
	// it accepts non-canonical encodings, points on the twist and points of
	// low order; ECDH rejects those whose shared secret is zero.
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
}

// Bytes returns a copy of the encoding of the public key: for X25519, the 32
// bytes of RFC 7748.
func (k *PublicKey) Bytes() []byte {
	var buf [32]byte // enough for X25519; keeps the copy on the stack when inlined
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
// For X25519, the result is the 32-byte X25519(k, remote) of RFC 7748,
// Section 6.1 (the function of Section 5). If it is all zeros, that is, if remote is a point of
// low order, ECDH returns an error, as RFC 7748 allows and crypto/ecdh does.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	if remote == nil || k.curve != remote.curve {
		return nil, errors.New("ecdh: private key and public key curves do not match")
	}
	return k.curve.ecdh(k, remote)
}

// Bytes returns a copy of the encoding of the private key: for X25519, the
// 32 bytes given to NewPrivateKey or read by GenerateKey.
func (k *PrivateKey) Bytes() []byte {
	var buf [32]byte
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
