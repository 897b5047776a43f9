package ecdh

import (
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"

	"github.com/crypton-go/crypton/ecc/internal/nistec"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// P256 returns a Curve which implements NIST P-256 (FIPS 186-5, SP 800-186),
// also known as secp256r1 or prime256v1.
//
// Private keys are 32-byte big-endian scalars in [1, n−1]. NewPublicKey
// accepts the uncompressed and the compressed SEC 1 encodings of a point of
// the curve (65 or 33 bytes), and PublicKey.Bytes returns the uncompressed
// one. ECDH returns the 32-byte x-coordinate of the shared point.
//
// Multiple invocations of this function return the same value, so it can be
// used for equality checks and switch statements.
func P256() Curve { return p256Curve }

// P384 returns a Curve which implements NIST P-384 (FIPS 186-5, SP 800-186),
// also known as secp384r1. Keys and shared secrets are as for [P256], with
// 48-byte scalars and field elements.
//
// Multiple invocations of this function return the same value, so it can be
// used for equality checks and switch statements.
func P384() Curve { return p384Curve }

// P521 returns a Curve which implements NIST P-521 (FIPS 186-5, SP 800-186),
// also known as secp521r1. Keys and shared secrets are as for [P256], with
// 66-byte scalars and field elements.
//
// Multiple invocations of this function return the same value, so it can be
// used for equality checks and switch statements.
func P521() Curve { return p521Curve }

var (
	p256Curve = &nistCurve[*nistec.P256Point]{
		name:     "P-256",
		newPoint: nistec.NewP256Point,
		order:    orderBytes(p256.ScalarSize, "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
		topMask:  0xff,
	}
	p384Curve = &nistCurve[*nistec.P384Point]{
		name:     "P-384",
		newPoint: nistec.NewP384Point,
		order: orderBytes(p384.ScalarSize, "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"+
			"581a0db248b0a77aecec196accc52973"),
		topMask: 0xff,
	}
	p521Curve = &nistCurve[*nistec.P521Point]{
		name:     "P-521",
		newPoint: nistec.NewP521Point,
		order: orderBytes(p521.ScalarSize, "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"+
			"fa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409"),
		topMask: 0x01, // the order has 521 bits
	}
)

// nistPoint is the part of the API of a nistec point type that ECDH uses.
type nistPoint[P any] interface {
	SetBytes(b []byte) (P, error)
	Bytes() []byte
	BytesX() ([]byte, error)
	ScalarMult(q P, scalar []byte) (P, error)
	ScalarBaseMult(scalar []byte) (P, error)
}

// nistCurve is P-256, P-384 or P-521 over the points P of ecc/internal/nistec.
type nistCurve[P nistPoint[P]] struct {
	name     string
	newPoint func() P
	order    []byte // n, big-endian, of the curve's scalar size
	topMask  byte   // the bits of the first byte of a scalar that n uses
}

func (c *nistCurve[P]) String() string { return c.name }

// orderBytes decodes the hex string of a group order.
func orderBytes(size int, h string) []byte {
	b := make([]byte, size)
	if len(h) != 2*size {
		panic("ecdh: bad order constant")
	}
	for i := range b {
		b[i] = unhex(h[2*i])<<4 | unhex(h[2*i+1])
	}
	return b
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	panic("ecdh: bad hex digit")
}

// validScalar returns 1 if k, of the length of order, is in [1, order−1],
// and 0 otherwise, in constant time.
func validScalar(k, order []byte) int {
	var borrow, acc uint32
	for i := len(k) - 1; i >= 0; i-- {
		d := uint32(k[i]) - uint32(order[i]) - borrow
		borrow = (d >> 8) & 1
		acc |= uint32(k[i])
	}
	return int(borrow) & (1 ^ subtle.ConstantTimeEq(int32(acc), 0))
}

// maxDraws bounds the rejection sampling of GenerateKey. A draw is
// rejected with probability below 2⁻³² (P-256; far less on P-384 and
// P-521), so maxDraws rejections in a row mean that the random source is
// broken (a reader stuck on zeros or ones, say), not unlucky.
const maxDraws = 100

// errBrokenRandom is GenerateKey's error when maxDraws draws were all out
// of range.
var errBrokenRandom = errors.New("ecdh: random source returned out-of-range values " +
	strconv.Itoa(maxDraws) + " times; it is broken")

// GenerateKey draws a uniform private key in [1, n−1] by rejection
// sampling: it reads the scalar size in bytes from rand (crypto/rand.Reader
// if rand is nil), clears the bits above those of n, and tries again if the
// value is zero or at least n (for P-256, about once in 2^32 keys). After
// 100 values out of range in a row it gives up and returns an error: the
// reader is broken.
func (c *nistCurve[P]) GenerateKey(r io.Reader) (*PrivateKey, error) {
	if r == nil {
		r = rand.Reader
	}
	key := make([]byte, len(c.order))
	for range maxDraws {
		if _, err := io.ReadFull(r, key); err != nil {
			clear(key)
			return nil, err
		}
		key[0] &= c.topMask
		ok := validScalar(key, c.order)
		declassify(&ok) // a rejected draw tells nothing of the key kept
		if ok == 1 {
			return newPrivateKey(c, key), nil
		}
	}
	clear(key)
	return nil, errBrokenRandom
}

// NewPrivateKey checks that key is a big-endian scalar of the curve's
// scalar size in [1, n−1], in constant time, and returns a PrivateKey.
func (c *nistCurve[P]) NewPrivateKey(key []byte) (*PrivateKey, error) {
	if len(key) != len(c.order) {
		return nil, errors.New("ecdh: invalid private key size")
	}
	ok := validScalar(key, c.order)
	declassify(&ok) // revealed by the error
	if ok != 1 {
		return nil, errors.New("ecdh: invalid private key")
	}
	return newPrivateKey(c, append([]byte{}, key...)), nil
}

// NewPublicKey checks that key is the uncompressed (0x04‖X‖Y) or compressed
// (0x02‖X or 0x03‖X) SEC 1 encoding of a point of the curve, not the point
// at infinity, and returns a PublicKey. The key keeps the uncompressed
// encoding, which its Bytes method returns.
func (c *nistCurve[P]) NewPublicKey(key []byte) (*PublicKey, error) {
	if len(key) == 0 || key[0] == 0 {
		return nil, errors.New("ecdh: invalid public key")
	}
	p, err := c.newPoint().SetBytes(key)
	if err != nil {
		return nil, errors.New("ecdh: invalid public key")
	}
	enc := key
	if key[0] != 4 {
		enc = p.Bytes()
	} else {
		enc = append([]byte{}, key...)
	}
	return &PublicKey{curve: c, publicKey: enc, point: p}, nil
}

// publicKey returns the uncompressed encoding of key·G, computed by a
// constant-time fixed-base multiplication. key is a valid private key, so
// the point is not the point at infinity.
func (c *nistCurve[P]) publicKey(key []byte) []byte {
	p, err := c.newPoint().ScalarBaseMult(key)
	if err != nil {
		panic("ecdh: internal error: " + err.Error())
	}
	return p.Bytes()
}

// ecdh returns the x-coordinate of local·remote, as SEC 1, Section 3.3.1
// and NIST SP 800-56A define the shared secret, in constant time.
func (c *nistCurve[P]) ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error) {
	// q is the point NewPublicKey decoded (read only), or the encoding
	// decoded again into p, which then receives the product in place.
	p := c.newPoint()
	q, ok := remote.point.(P)
	if !ok {
		if _, err := p.SetBytes(remote.publicKey); err != nil {
			return nil, errors.New("ecdh: invalid public key")
		}
		q = p
	}
	if _, err := p.ScalarMult(q, local.privateKey); err != nil {
		return nil, err
	}
	// The curves have prime order and the scalar is in [1, n−1], so the
	// product is never the point at infinity; BytesX checks anyway.
	x, err := p.BytesX()
	if err != nil {
		return nil, errors.New("ecdh: invalid shared secret")
	}
	return x, nil
}
