// Package ecdsa implements the Elliptic Curve Digital Signature Algorithm
// of FIPS 186-5 on the NIST curves P-256, P-384 and P-521.
//
// Signatures come in the two encodings in use: the ASN.1 DER encoding of
// SEC 1 and RFC 3279 ([PrivateKey.Sign], [SignASN1], [VerifyASN1]), which
// X.509 and TLS use, and the fixed-length r ‖ s of IEEE P1363
// ([PrivateKey.SignRaw], [VerifyRaw]), which JOSE, COSE and WebCrypto use.
// Public keys are SEC 1 points, uncompressed or compressed; private keys
// are big-endian scalars of the size of the curve's order.
//
// Signing never depends on the quality of a random number generator for
// its security. With a nil rand it is deterministic ECDSA (RFC 6979, FIPS
// 186-5 Section 6.3.2): the per-message secret k is derived with
// HMAC_DRBG from the private key and the digest, with the hash the caller
// names in opts, so the same key and digest always give the same
// signature. With a non-nil rand it is hedged: bytes read from rand are
// mixed into the same derivation, as draft-irtf-cfrg-det-sigs-with-noise
// describes and crypto/ecdsa does, so that a broken generator degrades to
// deterministic signing rather than leaking the key, and fault attacks on
// the deterministic scheme are blunted.
//
// A [*PrivateKey] is a [crypto.Signer] whose Public method returns a
// standard library [*crypto/ecdsa.PublicKey], so that keys of this package
// sign certificates with crypto/x509 and handshakes in crypto/tls; the
// signatures are ordinary ECDSA signatures that crypto/ecdsa verifies, and
// this package verifies crypto/ecdsa's. [PrivateKey.Stdlib] and
// [PublicKey.Stdlib] return a key as crypto/ecdsa's, for crypto/x509's
// MarshalPKCS8PrivateKey and MarshalPKIXPublicKey, which know only the
// standard library's types, and [FromStdlibPrivateKey] and
// [FromStdlibPublicKey] bring keys back. Package ecc/pkix reads and
// writes PKCS #8 and PKIX for this package's keys directly.
//
// Digests longer than the order are truncated to its bit length, as FIPS
// 186-5 specifies; shorter ones are used whole. Verification accepts only
// signatures with r and s in [1, n−1] and, for DER, only strict DER; it
// returns false, never panics, on any input.
//
// The field and scalar arithmetic is crypton's mont/p256, mont/p384 and
// mont/p521, and the point arithmetic ecc/internal/nistec. Key generation
// and signing are constant time in the private key and in k (fixed-base
// multiplication from a table scanned whole, constant-time inversion
// modulo n), except for the rejection sampling of k and of generated
// keys, which reveals only that a discarded candidate was out of range (a
// chance of about 2⁻³² per signature on P-256, and far less on the others).
// Verification handles only public values and is variable time.
package ecdsa

import (
	"crypto"
	"crypto/elliptic"
	"crypto/subtle"
	"errors"
	"hash"
	"io"
	"sync/atomic"

	cryptorand "crypto/rand"
)

// maxScalarSize is the largest scalar size of the curves, P-521's.
const maxScalarSize = 66

// Curve is one of the NIST curves, P256, P384 or P521. Its String method
// returns the curve's name, such as "P-256". Its unexported methods keep
// its implementations inside this package.
type Curve interface {
	String() string

	// scalarSize returns the size in bytes of a scalar, which is also that
	// of a field element.
	scalarSize() int
	// stdCurve returns crypto/elliptic's curve of the same parameters.
	stdCurve() elliptic.Curve
	newPrivateKey(d []byte) (*PrivateKey, error)
	generateKey(rand io.Reader) (*PrivateKey, error)
	newPublicKey(q []byte) (*PublicKey, error)
	bytesCompressed(pub *PublicKey) []byte
	sign(priv *PrivateKey, h func() hash.Hash, rand io.Reader, digest []byte, der bool) ([]byte, error)
	verify(pub *PublicKey, digest, r, s []byte) bool
}

// P256 returns the curve P-256 (FIPS 186-5, also secp256r1 and
// prime256v1). Every call returns the same value.
func P256() Curve { return curveP256 }

// P384 returns the curve P-384 (FIPS 186-5, also secp384r1). Every call
// returns the same value.
func P384() Curve { return curveP384 }

// P521 returns the curve P-521 (FIPS 186-5, also secp521r1). Every call
// returns the same value.
func P521() Curve { return curveP521 }

// PrivateKey is an ECDSA private key. It is safe for concurrent use.
type PrivateKey struct {
	d   []byte // big-endian, the curve's scalar size, in [1, n−1]
	pub *PublicKey
}

// PublicKey is an ECDSA public key. It is safe for concurrent use. The
// first verification with a key computes small multiples of its point
// (512 bytes on P-256, 1152 on P-521), which the key keeps for the
// verifications that follow.
type PublicKey struct {
	curve Curve
	q     []byte // SEC 1 uncompressed encoding
	point any    // the decoded point, a *nistec.PNNNPoint
	// table holds the multiples of the point that verification uses, a
	// *nistec.VarTimeTable, from the first verification on. It is behind a
	// pointer so that copies of a PublicKey share it: a copy made while
	// another goroutine stores into it reads only the pointer.
	table *atomic.Value
}

// GenerateKey generates a private key on c, reading randomness from rand
// (crypto/rand.Reader if rand is nil). The scalar is drawn by rejection
// sampling (FIPS 186-5, Appendix A.2.2). A draw from a working source is
// rejected with probability below 2⁻³², so after 100 draws in a row out of
// range (zero, or not below n) GenerateKey stops and returns an error
// saying that rand is broken, rather than reading from it forever: a
// reader stuck on zeros or ones, for example.
//
// Unlike crypto/ecdsa since Go 1.26, GenerateKey does use rand, so that a
// deterministic reader gives deterministic keys in tests.
func GenerateKey(c Curve, rand io.Reader) (*PrivateKey, error) {
	if c == nil {
		return nil, errors.New("ecdsa: nil curve")
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	return c.generateKey(rand)
}

// NewPrivateKey returns the private key of the big-endian scalar d, which
// must be exactly as long as the curve's order (32, 48 or 66 bytes) and in
// [1, n−1]. It computes the public key. The check of d and the computation
// are constant time; which error is returned is not.
func NewPrivateKey(c Curve, d []byte) (*PrivateKey, error) {
	if c == nil {
		return nil, errors.New("ecdsa: nil curve")
	}
	return c.newPrivateKey(d)
}

// NewPublicKey returns the public key encoded in q, a SEC 1 point:
// uncompressed (0x04 ‖ X ‖ Y) or compressed (0x02 or 0x03 ‖ X). It rejects
// the point at infinity, coordinates not reduced modulo p, and points not on
// the curve.
func NewPublicKey(c Curve, q []byte) (*PublicKey, error) {
	if c == nil {
		return nil, errors.New("ecdsa: nil curve")
	}
	return c.newPublicKey(q)
}

// Bytes returns a copy of the private key's big-endian scalar, as long as
// the curve's order: the encoding NewPrivateKey accepts.
func (priv *PrivateKey) Bytes() []byte {
	return append([]byte(nil), priv.d...)
}

// PublicKey returns the public key of priv, d·G.
func (priv *PrivateKey) PublicKey() *PublicKey { return priv.pub }

// Public returns the public key of priv as the standard library's
// *crypto/ecdsa.PublicKey, as crypto/tls and crypto/x509 expect of a
// crypto.Signer: priv.PublicKey().Stdlib(). Each call returns a new value.
// It returns nil for the zero PrivateKey, which holds no key.
func (priv *PrivateKey) Public() crypto.PublicKey {
	if priv == nil || priv.pub == nil || priv.pub.curve == nil {
		return nil
	}
	return priv.pub.Stdlib()
}

// Equal reports whether x is a *PrivateKey of the same curve with the same
// scalar, comparing the scalars in constant time.
func (priv *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok {
		return false
	}
	return priv.pub.curve == xx.pub.curve && subtle.ConstantTimeCompare(priv.d, xx.d) == 1
}

// Bytes returns a copy of the SEC 1 uncompressed encoding of the public key,
// 0x04 ‖ X ‖ Y.
func (pub *PublicKey) Bytes() []byte {
	return append([]byte(nil), pub.q...)
}

// Curve returns the curve of the key: [P256], [P384] or [P521], or nil
// for the zero PublicKey.
func (pub *PublicKey) Curve() Curve { return pub.curve }

// BytesCompressed returns the SEC 1 compressed encoding of the public key,
// 0x02 or 0x03 (the parity of Y) ‖ X.
func (pub *PublicKey) BytesCompressed() []byte {
	return pub.curve.bytesCompressed(pub)
}

// Equal reports whether x is a *PublicKey of the same curve and point.
func (pub *PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(*PublicKey)
	if !ok {
		return false
	}
	return pub.curve == xx.curve && subtle.ConstantTimeCompare(pub.q, xx.q) == 1
}

// Sign signs digest, the hash of a message, with priv and returns the
// signature in ASN.1 DER, the ECDSA-Sig-Value of RFC 3279. It implements
// [crypto.Signer].
//
// If rand is nil, the signature is deterministic (RFC 6979): opts.HashFunc()
// must name the hash that produced digest (SHA-1, SHA-224, SHA-256,
// SHA-384, SHA-512, SHA-512/224, SHA-512/256 or SHA3-224 to SHA3-512) and
// digest must be its size; RFC 6979 uses it in HMAC_DRBG. If rand is not
// nil, the signature is hedged: as many bytes as the order's size are read
// from rand and mixed into the derivation as
// draft-irtf-cfrg-det-sigs-with-noise-04 specifies, with HMAC-SHA-256 on
// P-256 and HMAC-SHA-512 on P-384 and P-521 whatever the digest's hash
// (on P-384 and P-521, crypto/ecdsa's construction byte for byte); opts is
// not consulted and may be nil.
//
// A digest longer than the order is truncated to the order's bit length.
func (priv *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	return priv.sign(rand, digest, opts, true)
}

// SignRaw is like [PrivateKey.Sign] but returns the signature as r ‖ s,
// each a big-endian integer as long as the order (IEEE P1363; 64, 96 or
// 132 bytes in all), the encoding of JOSE (RFC 7518), COSE (RFC 9053) and
// WebCrypto.
func (priv *PrivateKey) SignRaw(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	return priv.sign(rand, digest, opts, false)
}

// sign checks the arguments of Sign and SignRaw and returns the signature,
// in DER if der is set and as r ‖ s otherwise.
func (priv *PrivateKey) sign(rand io.Reader, digest []byte, opts crypto.SignerOpts, der bool) ([]byte, error) {
	if priv == nil || priv.pub == nil || priv.pub.curve == nil {
		return nil, errMissingKey
	}
	var h func() hash.Hash
	if rand == nil {
		if opts == nil {
			return nil, errors.New("ecdsa: deterministic signing (nil rand) needs opts.HashFunc() to name the hash of the digest")
		}
		hf := opts.HashFunc()
		var err error
		if h, err = hashFunc(hf); err != nil {
			return nil, err
		}
		if hf.Size() != len(digest) {
			return nil, errors.New("ecdsa: digest length does not match the hash function " + hf.String())
		}
	}
	return priv.pub.curve.sign(priv, h, rand, digest, der)
}

// SignASN1 signs digest, the hash of a message, with priv and returns the
// signature in ASN.1 DER, as [PrivateKey.Sign] does with a non-nil rand.
// It is crypto/ecdsa's SignASN1 for this package's keys, so that code
// written against crypto/ecdsa moves by its import path.
//
// As crypto/ecdsa's, the signature is randomized: hedged, as
// draft-irtf-cfrg-det-sigs-with-noise-04 specifies, with as many bytes as
// the order's size read from rand (crypto/rand.Reader if rand is nil) and
// mixed into RFC 6979's derivation of k with the private key and the
// digest, so that a broken rand does not leak the key. No hash needs to be
// named: the HMAC_DRBG of the derivation uses the curve's hash, SHA-256 on
// P-256 and SHA-512 on P-384 and P-521, whatever the digest's hash and
// length (on P-384 and P-521 the construction of crypto/ecdsa, byte for
// byte). The signature is that of priv.Sign(rand, digest, nil).
//
// Unlike crypto/ecdsa since Go 1.26, SignASN1 does read from rand, so that
// a deterministic reader gives deterministic signatures in tests. For a
// deterministic signature (RFC 6979), call [PrivateKey.Sign] with a nil
// rand and the digest's hash.
//
// A digest longer than the order is truncated to the order's bit length.
func SignASN1(rand io.Reader, priv *PrivateKey, digest []byte) ([]byte, error) {
	if priv == nil || priv.pub == nil || priv.pub.curve == nil {
		return nil, errMissingKey
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	return priv.pub.curve.sign(priv, nil, rand, digest, true)
}

var errMissingKey = errors.New("ecdsa: missing private key")

// VerifyASN1 reports whether sig, in ASN.1 DER, is a valid signature of
// digest by pub. It accepts only strict DER and r and s in [1, n−1];
// a digest longer than the order is truncated to its bit length. It is not
// constant time: all its inputs are public.
func VerifyASN1(pub *PublicKey, digest, sig []byte) bool {
	if pub == nil || pub.curve == nil {
		return false
	}
	r, s, ok := parseDER(sig, pub.curve.scalarSize())
	if !ok {
		return false
	}
	return pub.curve.verify(pub, digest, r, s)
}

// VerifyRaw reports whether sig, r ‖ s in IEEE P1363 encoding (exactly
// twice the order's size), is a valid signature of digest by pub. Like
// [VerifyASN1], it accepts only r and s in [1, n−1] and is not constant
// time.
func VerifyRaw(pub *PublicKey, digest, sig []byte) bool {
	if pub == nil || pub.curve == nil {
		return false
	}
	n := pub.curve.scalarSize()
	if len(sig) != 2*n {
		return false
	}
	return pub.curve.verify(pub, digest, sig[:n], sig[n:])
}
