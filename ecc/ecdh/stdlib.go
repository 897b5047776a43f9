package ecdh

// Conversions between this package's keys and those of crypto/ecdh. Both
// hold the same byte strings, so the keys cross through NewPrivateKey and
// NewPublicKey of the other package. crypto/ecdh has no X448.

import (
	"crypto/ecdh"
	"errors"
)

var errNoStdlibX448 = errors.New("ecdh: X448 has no counterpart in crypto/ecdh")

// stdCurve returns crypto/ecdh's curve of c, or an error for X448.
func stdCurve(c Curve) (ecdh.Curve, error) {
	switch c {
	case X25519():
		return ecdh.X25519(), nil
	case P256():
		return ecdh.P256(), nil
	case P384():
		return ecdh.P384(), nil
	case P521():
		return ecdh.P521(), nil
	case X448():
		return nil, errNoStdlibX448
	}
	return nil, errors.New("ecdh: missing curve")
}

// curveFromStdlib returns this package's curve of crypto/ecdh's curve c.
func curveFromStdlib(c ecdh.Curve) (Curve, error) {
	switch c {
	case ecdh.X25519():
		return X25519(), nil
	case ecdh.P256():
		return P256(), nil
	case ecdh.P384():
		return P384(), nil
	case ecdh.P521():
		return P521(), nil
	case nil:
		return nil, errors.New("ecdh: missing curve")
	}
	// crypto/ecdh.Curve has unexported methods: its only implementations
	// are the curves above (and P-224, which crypto/ecdh does not offer).
	return nil, errors.New("ecdh: unsupported crypto/ecdh curve")
}

// Stdlib returns the key as a new *ecdh.PublicKey of the standard library
// (crypto/ecdh), for crypto/x509's MarshalPKIXPublicKey and for code
// written against crypto/ecdh. The curves map to those of the same name.
//
// crypto/ecdh has no X448, so for an X448 key Stdlib returns an error (as
// it does for a nil or zero PublicKey): that is why, unlike the Stdlib
// methods of the ecdsa and rsa packages, it has an error result. Package
// ecc/pkix encodes X448 keys.
func (k *PublicKey) Stdlib() (*ecdh.PublicKey, error) {
	if k == nil || k.curve == nil {
		return nil, errors.New("ecdh: missing public key")
	}
	c, err := stdCurve(k.curve)
	if err != nil {
		return nil, err
	}
	pub, err := c.NewPublicKey(k.publicKey)
	if err != nil {
		return nil, errors.New("ecdh: internal error: crypto/ecdh rejected a public key: " + err.Error())
	}
	return pub, nil
}

// Stdlib returns the key as a new *ecdh.PrivateKey of the standard library
// (crypto/ecdh), for crypto/x509's MarshalPKCS8PrivateKey and for code
// written against crypto/ecdh. The curves map to those of the same name;
// crypto/ecdh computes the public key again.
//
// crypto/ecdh has no X448, so for an X448 key Stdlib returns an error, as
// it does for a nil or zero PrivateKey.
func (k *PrivateKey) Stdlib() (*ecdh.PrivateKey, error) {
	if k == nil || k.curve == nil {
		return nil, errors.New("ecdh: missing private key")
	}
	c, err := stdCurve(k.curve)
	if err != nil {
		return nil, err
	}
	priv, err := c.NewPrivateKey(k.privateKey)
	if err != nil {
		return nil, errors.New("ecdh: internal error: crypto/ecdh rejected a private key: " + err.Error())
	}
	return priv, nil
}

// FromStdlibPublicKey returns the standard library's public key pub as a
// *PublicKey of the curve of the same name, with the checks of that
// curve's NewPublicKey. A nil key, or the zero ecdh.PublicKey, is an error.
func FromStdlibPublicKey(pub *ecdh.PublicKey) (*PublicKey, error) {
	if pub == nil {
		return nil, errors.New("ecdh: missing public key")
	}
	c, err := curveFromStdlib(pub.Curve())
	if err != nil {
		return nil, err
	}
	return c.NewPublicKey(pub.Bytes())
}

// FromStdlibPrivateKey returns the standard library's private key priv as
// a *PrivateKey of the curve of the same name, with the checks of that
// curve's NewPrivateKey; the public key is computed again. A nil key, or
// the zero ecdh.PrivateKey, is an error.
func FromStdlibPrivateKey(priv *ecdh.PrivateKey) (*PrivateKey, error) {
	if priv == nil {
		return nil, errors.New("ecdh: missing private key")
	}
	c, err := curveFromStdlib(priv.Curve())
	if err != nil {
		return nil, err
	}
	b := priv.Bytes()
	defer clear(b)
	return c.NewPrivateKey(b)
}
