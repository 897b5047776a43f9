package ecdh

import (
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"

	"github.com/crypton-go/crypton/ecc/internal/edwards25519"
	"github.com/crypton-go/crypton/mont/gf25519"
)

// X25519 returns a Curve that implements the X25519 function of RFC 7748,
// Section 5, over Curve25519.
//
// Multiple invocations of this function return the same value, so it can be
// used for equality checks and switch statements.
func X25519() Curve { return x25519 }

var x25519 = &x25519Curve{}

type x25519Curve struct{}

func (c *x25519Curve) String() string { return "X25519" }

const (
	x25519PrivateKeySize = 32
	x25519PublicKeySize  = 32
	x25519SharedSize     = 32
)

func (c *x25519Curve) GenerateKey(r io.Reader) (*PrivateKey, error) {
	if r == nil {
		r = rand.Reader
	}
	key := make([]byte, x25519PrivateKeySize)
	if _, err := io.ReadFull(r, key); err != nil {
		return nil, err
	}
	return newPrivateKey(c, key), nil
}

func (c *x25519Curve) NewPrivateKey(key []byte) (*PrivateKey, error) {
	if len(key) != x25519PrivateKeySize {
		return nil, errors.New("ecdh: invalid private key size")
	}
	return newPrivateKey(c, append([]byte{}, key...)), nil
}

func (c *x25519Curve) NewPublicKey(key []byte) (*PublicKey, error) {
	if len(key) != x25519PublicKeySize {
		return nil, errors.New("ecdh: invalid public key")
	}
	return &PublicKey{curve: c, publicKey: append([]byte{}, key...)}, nil
}

// x25519Base is the u-coordinate of the base point, 9.
var x25519Base = [32]byte{9}

// publicKey returns X25519(key, 9), the public key of key.
//
// It is computed on the birationally equivalent edwards25519 rather than
// with the ladder: the clamped scalar, reduced modulo the order ℓ of the
// base point (which the point does not notice), multiplies the Edwards base
// point B with a fixed-base table scanned in constant time, and the result
// maps to u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y) (RFC 7748, Section 4.1).
// The map sends B to u = 9, and [k]B to the u-coordinate of [k]9, so this
// equals the ladder's result. (The point is never the identity: the
// clamped scalar lies in [2^254, 2^255) and is a multiple of 8, so it is
// not a multiple of ℓ.)
func (c *x25519Curve) publicKey(key []byte) []byte {
	out := make([]byte, x25519PublicKeySize)
	x25519BaseMult(out, key)
	return out
}

// x25519BaseMult sets out to X25519(scalar, 9) by a fixed-base
// multiplication on edwards25519. scalar and out are 32 bytes long.
func x25519BaseMult(out, scalar []byte) {
	var s edwards25519.Scalar
	s.SetBytesWithClamping(scalar) // cannot fail: 32 bytes
	var p edwards25519.Point
	p.ScalarBaseMult(&s)
	copy(out, p.BytesMontgomery())
	s = edwards25519.Scalar{}
}

func (c *x25519Curve) ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error) {
	out := make([]byte, x25519SharedSize)
	x25519Scalar(out, local.privateKey, (*[32]byte)(remote.publicKey))
	zero := isZero(out)
	declassify(&zero)
	if zero {
		return nil, errors.New("ecdh: bad X25519 remote ECDH input: low order point")
	}
	return out, nil
}

// x25519Scalar sets out to X25519(scalar, point), RFC 7748, Section 5: the
// clamped scalar times the point whose u-coordinate is point (top bit
// ignored, non-canonical values reduced). scalar and out are 32 bytes long.
func x25519Scalar(out, scalar []byte, point *[32]byte) {
	var k [32]byte
	copy(k[:], scalar)
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64
	var u gf25519.Element
	u.SetBytes(point[:]) // cannot fail: 32 bytes
	gf25519.X25519Ladder(&u, &k, &u)
	copy(out, u.Bytes())
	// Wipe the clamped scalar (best effort: the compiler may have kept
	// copies elsewhere on the stack).
	clear(k[:])
}

// isZero reports whether b is all zeros, in time that depends only on len(b).
func isZero(b []byte) bool {
	var acc byte
	for _, x := range b {
		acc |= x
	}
	return subtle.ConstantTimeByteEq(acc, 0) == 1
}
