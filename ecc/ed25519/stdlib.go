package ed25519

// Conversions to and from crypto/ed25519, named as in the other packages
// of crypton (ecdsa, ecdh, rsa). PublicKey is crypto/ed25519's own type, so
// there is nothing to convert and no method can be declared on it;
// PrivateKey holds the same bytes as crypto/ed25519's.

import (
	stded25519 "crypto/ed25519"
	"errors"
	"strconv"
)

// Stdlib returns a copy of priv as the standard library's
// crypto/ed25519.PrivateKey, for crypto/x509's MarshalPKCS8PrivateKey
// (which does not know this package's type) and for code written against
// crypto/ed25519. The type conversion stded25519.PrivateKey(priv) gives the
// same key without the copy. Stdlib does not check priv.
//
// There is no PublicKey.Stdlib: [PublicKey] is crypto/ed25519.PublicKey
// itself.
func (priv PrivateKey) Stdlib() stded25519.PrivateKey {
	if priv == nil {
		return nil
	}
	return append(make(stded25519.PrivateKey, 0, len(priv)), priv...)
}

// FromStdlibPrivateKey returns a copy of the standard library's private key
// priv as a PrivateKey, after checking that it is PrivateKeySize bytes long
// and that its public half is the public key of its seed (which
// crypto/ed25519 does not check; see the package documentation). The check
// leaves the key's expanded form in the cache, so the first signature with
// the key does not pay for it.
func FromStdlibPrivateKey(priv stded25519.PrivateKey) (PrivateKey, error) {
	k := PrivateKey(priv)
	var e expandedKey
	if err := expand(k, &e); err != nil {
		return nil, err
	}
	e.wipe()
	return append(make(PrivateKey, 0, PrivateKeySize), priv...), nil
}

// FromStdlibPublicKey returns a copy of the standard library's public key
// pub, after checking that it is PublicKeySize bytes long. The types are
// the same; it exists so that every crypton package that has keys of an
// algorithm of the standard library converts them with functions of the
// same names. Like crypto/x509, it does not decode the point: a key that is
// not one makes Verify return false.
func FromStdlibPublicKey(pub stded25519.PublicKey) (PublicKey, error) {
	if l := len(pub); l != PublicKeySize {
		return nil, errors.New("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	return append(make(PublicKey, 0, PublicKeySize), pub...), nil
}
