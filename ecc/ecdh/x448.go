package ecdh

import (
	"crypto/rand"
	"errors"
	"io"

	"github.com/crypton-go/crypton/ecc/internal/edwards448"
	"github.com/crypton-go/crypton/mont/gf448"
)

// X448 returns a Curve that implements the X448 function of RFC 7748,
// Section 5, over curve448.
//
// Private keys, public keys and shared secrets are 56 bytes long. As for
// X25519, every 56-byte string is a valid private key (clamped when used)
// and a valid public key (non-canonical values are reduced), and ECDH
// rejects a public key whose shared secret is zero, that is a point of low
// order.
//
// Multiple invocations of this function return the same value, so it can be
// used for equality checks and switch statements.
func X448() Curve { return x448 }

var x448 = &x448Curve{}

type x448Curve struct{}

func (c *x448Curve) String() string { return "X448" }

const (
	x448PrivateKeySize = 56
	x448PublicKeySize  = 56
	x448SharedSize     = 56
)

func (c *x448Curve) GenerateKey(r io.Reader) (*PrivateKey, error) {
	if r == nil {
		r = rand.Reader
	}
	key := make([]byte, x448PrivateKeySize)
	if _, err := io.ReadFull(r, key); err != nil {
		return nil, err
	}
	return newPrivateKey(c, key), nil
}

func (c *x448Curve) NewPrivateKey(key []byte) (*PrivateKey, error) {
	if len(key) != x448PrivateKeySize {
		return nil, errors.New("ecdh: invalid private key size")
	}
	return newPrivateKey(c, append([]byte{}, key...)), nil
}

func (c *x448Curve) NewPublicKey(key []byte) (*PublicKey, error) {
	if len(key) != x448PublicKeySize {
		return nil, errors.New("ecdh: invalid public key")
	}
	return &PublicKey{curve: c, publicKey: append([]byte{}, key...)}, nil
}

// publicKey returns X448(key, 5), the public key of key.
//
// It is computed on edwards448 rather than with the ladder: the clamped
// scalar, reduced modulo the order ℓ of the base point (which the point
// does not notice), multiplies the Edwards base point B of RFC 8032 with a
// fixed-base table scanned in constant time, and the 4-isogeny of RFC 7748,
// Section 4.2, u = y²/x², takes the result to curve448. The isogeny is a
// group homomorphism that maps B to the point u = 5, so [k]B maps to
// [k]·(u = 5) and this equals the ladder's result. (The point is never of
// small order: the clamped scalar lies in [2^447, 2^448) and is a multiple
// of 4, so it is not a multiple of ℓ.)
func (c *x448Curve) publicKey(key []byte) []byte {
	out := make([]byte, x448PublicKeySize)
	x448BaseMult(out, key)
	return out
}

// x448BaseMult sets out to X448(scalar, 5) by a fixed-base multiplication
// on edwards448. scalar and out are 56 bytes long.
func x448BaseMult(out, scalar []byte) {
	var s edwards448.Scalar
	s.SetX448Bytes(scalar) // cannot fail: 56 bytes
	var p edwards448.Point
	p.ScalarBaseMult(&s)
	copy(out, p.BytesMontgomery())
	s = edwards448.Scalar{}
}

func (c *x448Curve) ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error) {
	out := make([]byte, x448SharedSize)
	x448Scalar(out, local.privateKey, (*[56]byte)(remote.publicKey))
	zero := isZero(out)
	declassify(&zero)
	if zero {
		return nil, errors.New("ecdh: bad X448 remote ECDH input: low order point")
	}
	return out, nil
}

// x448Scalar sets out to X448(scalar, point), RFC 7748, Section 5: the
// clamped scalar times the point whose u-coordinate is point (non-canonical
// values reduced). scalar and out are 56 bytes long.
func x448Scalar(out, scalar []byte, point *[56]byte) {
	var k [56]byte
	copy(k[:], scalar)
	k[0] &= 252
	k[55] |= 128
	var u gf448.Element
	u.SetBytes(point[:]) // cannot fail: 56 bytes
	gf448.X448Ladder(&u, &k, &u)
	copy(out, u.Bytes())
	// Wipe the clamped scalar (best effort: the compiler may have kept
	// copies elsewhere on the stack).
	clear(k[:])
}
