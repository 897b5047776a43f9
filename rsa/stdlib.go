package rsa

// Conversions between this package's keys and those of crypto/rsa, whose
// numbers are math/big's. math/big is used here only to build and read
// those values, never for the arithmetic of a key.

import (
	"crypto/rsa"
	"errors"
	"fmt"
	"math/big"
)

// stdPublicKey returns the standard library's public key with the
// big-endian modulus n and the exponent e.
func stdPublicKey(n []byte, e int) *rsa.PublicKey {
	return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: e}
}

// Stdlib returns the key as a new *rsa.PublicKey of the standard library.
func (pub *PublicKey) Stdlib() *rsa.PublicKey {
	return &rsa.PublicKey{N: new(big.Int).Set(pub.std.N), E: pub.e}
}

// FromStdlibPublicKey returns the standard library's public key pub as a
// *PublicKey, with the checks of NewPublicKey.
func FromStdlibPublicKey(pub *rsa.PublicKey) (*PublicKey, error) {
	if pub == nil || pub.N == nil {
		return nil, errors.New("rsa: missing public key")
	}
	if pub.N.Sign() <= 0 {
		return nil, errors.New("rsa: modulus is not positive")
	}
	return NewPublicKey(pub.N.Bytes(), pub.E)
}

// FromStdlibPrivateKey returns the standard library's private key priv as
// a *PrivateKey, with the checks of NewPrivateKey. Keys with more than two
// primes are not supported.
func FromStdlibPrivateKey(priv *rsa.PrivateKey) (*PrivateKey, error) {
	if priv == nil || priv.D == nil {
		return nil, errors.New("rsa: missing private key")
	}
	if len(priv.Primes) != 2 {
		return nil, fmt.Errorf("rsa: keys with %d primes are not supported (only two)", len(priv.Primes))
	}
	pub, err := FromStdlibPublicKey(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	p, q := priv.Primes[0], priv.Primes[1]
	if p == nil || q == nil || p.Sign() <= 0 || q.Sign() <= 0 || priv.D.Sign() <= 0 {
		return nil, errors.New("rsa: private key values must be positive")
	}
	return newPrivateKey(pub, priv.D.Bytes(), p.Bytes(), q.Bytes())
}

// Stdlib returns the key as a new *rsa.PrivateKey of the standard library,
// with its CRT values precomputed.
func (priv *PrivateKey) Stdlib() *rsa.PrivateKey {
	k := &rsa.PrivateKey{
		PublicKey: *priv.pub.Stdlib(),
		D:         new(big.Int).SetBytes(priv.d),
		Primes:    []*big.Int{new(big.Int).SetBytes(priv.pBytes), new(big.Int).SetBytes(priv.qBytes)},
	}
	k.Precompute()
	return k
}
