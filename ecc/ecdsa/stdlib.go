package ecdsa

// Conversions between this package's keys and those of crypto/ecdsa. The
// keys cross as the byte strings of SEC 1 (crypto/ecdsa's Bytes,
// ParseRawPrivateKey and ParseUncompressedPublicKey, Go 1.25), never
// through math/big.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/subtle"
	"errors"
	"strings"
)

// curveFromStdlib returns this package's curve of the standard library's
// curve c, or an error if it has none.
func curveFromStdlib(c elliptic.Curve) (Curve, error) {
	switch c {
	case nil:
		return nil, errors.New("ecdsa: missing curve")
	case elliptic.P256():
		return P256(), nil
	case elliptic.P384():
		return P384(), nil
	case elliptic.P521():
		return P521(), nil
	}
	name := "of unknown name"
	if p := c.Params(); p != nil && p.Name != "" {
		name = p.Name
	}
	return nil, errors.New("ecdsa: curve " + name + " is not supported (only P-256, P-384 and P-521)")
}

// stdError returns crypto/ecdsa's error err, which may or may not name its
// package, as an error of this package about what.
func stdError(what string, err error) error {
	return errors.New("ecdsa: invalid " + what + ": " + strings.TrimPrefix(err.Error(), "ecdsa: "))
}

// Stdlib returns the key as a new *ecdsa.PublicKey of the standard library
// (crypto/ecdsa), on the curve of crypto/elliptic of the same name. It is
// the value that [PrivateKey.Public] returns, and what crypto/x509's
// MarshalPKIXPublicKey and crypto/tls expect. It returns nil if pub is nil
// or the zero PublicKey, which holds no key.
func (pub *PublicKey) Stdlib() *ecdsa.PublicKey {
	if pub == nil || pub.curve == nil {
		return nil
	}
	k, err := ecdsa.ParseUncompressedPublicKey(pub.curve.stdCurve(), pub.q)
	if err != nil {
		panic("ecdsa: internal error: crypto/ecdsa rejected a public key: " + err.Error())
	}
	return k
}

// Stdlib returns the key as a new *ecdsa.PrivateKey of the standard library
// (crypto/ecdsa), for crypto/x509's MarshalPKCS8PrivateKey and
// MarshalECPrivateKey and for code written against crypto/ecdsa. It returns
// nil if priv is nil or the zero PrivateKey, which holds no key.
//
// crypto/ecdsa computes the public key again from the scalar, which takes
// as long as one of its key generations.
func (priv *PrivateKey) Stdlib() *ecdsa.PrivateKey {
	if priv == nil || priv.pub == nil || priv.pub.curve == nil {
		return nil
	}
	k, err := ecdsa.ParseRawPrivateKey(priv.pub.curve.stdCurve(), priv.d)
	if err != nil {
		panic("ecdsa: internal error: crypto/ecdsa rejected a private key: " + err.Error())
	}
	return k
}

// FromStdlibPublicKey returns the standard library's public key pub as a
// *PublicKey, with the checks of [NewPublicKey]. Its curve must be
// crypto/elliptic's P256, P384 or P521; other curves (P-224 among them,
// which this package does not implement) are an error, as is a nil key or
// one whose coordinates are missing or not a point of the curve.
func FromStdlibPublicKey(pub *ecdsa.PublicKey) (*PublicKey, error) {
	if pub == nil {
		return nil, errors.New("ecdsa: missing public key")
	}
	c, err := curveFromStdlib(pub.Curve)
	if err != nil {
		return nil, err
	}
	if pub.X == nil || pub.Y == nil {
		return nil, errors.New("ecdsa: missing public key coordinates")
	}
	q, err := pub.Bytes()
	if err != nil {
		return nil, stdError("public key", err)
	}
	return NewPublicKey(c, q)
}

// FromStdlibPrivateKey returns the standard library's private key priv as a
// *PrivateKey, with the checks of [NewPrivateKey]. Its curve must be
// crypto/elliptic's P256, P384 or P521, and its public key (X, Y) must be
// that of its scalar D: crypto/ecdsa does not check it, and a signature
// verified with the wrong public key would not verify with the right one.
// The public key is computed from D and compared in constant time.
func FromStdlibPrivateKey(priv *ecdsa.PrivateKey) (*PrivateKey, error) {
	if priv == nil {
		return nil, errors.New("ecdsa: missing private key")
	}
	c, err := curveFromStdlib(priv.Curve)
	if err != nil {
		return nil, err
	}
	if priv.D == nil || priv.X == nil || priv.Y == nil {
		return nil, errors.New("ecdsa: missing private key values")
	}
	q, err := priv.PublicKey.Bytes()
	if err != nil {
		return nil, stdError("public key", err)
	}
	d, err := priv.Bytes()
	if err != nil {
		return nil, stdError("private key", err)
	}
	defer clear(d)
	k, err := NewPrivateKey(c, d)
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare(k.pub.q, q) != 1 {
		return nil, errors.New("ecdsa: the public key does not match the private key")
	}
	return k, nil
}
