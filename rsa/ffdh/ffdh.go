package ffdh

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/crypton-go/crypton/mont"
)

// Group is a finite-field Diffie-Hellman group: a safe prime p = 2q + 1
// (q prime too), the generator g = 2 of the subgroup of order q, and the
// size of the private exponents the group generates.
//
// The only groups are those returned by [FFDHE2048] and its siblings; a
// Group is immutable and safe for concurrent use. Keys are tied to their
// group by identity, so keys of the same group can be used together.
type Group struct {
	name    string
	p       *mont.Modulus
	pBytes  []byte    // p, big-endian, p.Size() bytes
	q       []byte    // q = (p-1)/2, big-endian, p.Size() bytes
	g       *mont.Nat // the generator 2, with p's length
	expBits int       // bit length bound of generated private exponents
}

// newGroup builds the group of the prime given in hexadecimal, with
// private exponents of expBits bits. The primes are constants of this
// package, so an error here is a bug and panics.
func newGroup(name, pHex string, expBits int) *Group {
	pBytes, err := hex.DecodeString(pHex)
	if err != nil {
		panic("ffdh: internal error: bad prime for " + name + ": " + err.Error())
	}
	p, err := mont.NewModulus(pBytes)
	if err != nil {
		panic("ffdh: internal error: bad prime for " + name + ": " + err.Error())
	}
	if p.Size() != len(pBytes) {
		panic("ffdh: internal error: prime for " + name + " has leading zeros")
	}
	// p is odd, so (p-1)/2 is p shifted right by one bit.
	q := p.Nat().ShiftRightVarTime(1).Bytes(p)
	return &Group{
		name:    name,
		p:       p,
		pBytes:  pBytes,
		q:       q,
		g:       mont.NewNat().SetUint(2, p),
		expBits: expBits,
	}
}

var errNoGroup = errors.New("ffdh: zero Group; use FFDHE2048 or another of the package's groups")

// Name returns the name of the group in RFC 7919, such as "ffdhe2048".
func (g *Group) Name() string { return g.name }

// P returns the prime p of the group, big-endian, with no leading zeros
// (the primes' top bits are set). The caller may modify the result.
func (g *Group) P() []byte { return bytes.Clone(g.pBytes) }

// GenerateKey returns a new private key of the group, with a private
// exponent x drawn uniformly from [2, 2^k), where k is the exponent size
// RFC 7919, Section 5.2 recommends for the group (225, 275, 325, 375 and
// 400 bits for ffdhe2048 to ffdhe8192; these are OpenSSL's sizes too).
// Since 2^k is far below q, x is always a valid exponent. The key's
// [PrivateKey.Bytes] are ceil(k/8) bytes long, whatever the value of x.
//
// GenerateKey reads ceil(k/8) bytes from rand, or from crypto/rand.Reader
// if rand is nil, clears the bits above the k-th, and reads again if the
// value is below 2.
//
// Computing the public key g^x takes time that depends only on the group,
// not on x.
func (g *Group) GenerateKey(rand io.Reader) (*PrivateKey, error) {
	if g == nil || g.p == nil {
		return nil, errNoGroup
	}
	if rand == nil {
		rand = defaultReader
	}
	n := (g.expBits + 7) / 8
	top := byte(0xff >> (8*n - g.expBits))
	x := make([]byte, n)
	// A draw is rejected with probability 2^(1-k); sixteen rejections in a
	// row mean the reader is broken (returning zeros, say).
	for range 16 {
		if _, err := io.ReadFull(rand, x); err != nil {
			return nil, fmt.Errorf("ffdh: reading random bytes: %w", err)
		}
		x[0] &= top
		// The test is constant-time; only its outcome, that a value
		// which is then discarded was too small, is revealed.
		if isBelowTwo(x) == 0 {
			return g.newPrivateKey(x), nil
		}
	}
	return nil, errors.New("ffdh: random source returned only values below 2")
}

// defaultReader is the source of randomness when GenerateKey's reader is
// nil.
var defaultReader = rand.Reader

// NewPrivateKey returns the private key with the big-endian exponent x,
// checking that 1 <= x < q. x may be up to p's size in bytes long, and may
// have leading zeros.
//
// The exponent is kept exactly as given, leading zeros and all: the length
// of x is the exponent length used by every exponentiation with the key,
// and the length of its [PrivateKey.Bytes]. The time those exponentiations
// take depends on len(x), never on the value of x; so an application that
// stores keys should store them with a fixed length (such as that of the
// keys from GenerateKey), and not strip leading zeros. A full-length x
// (p's size) is accepted but makes every operation as slow as with a
// full-size exponent, which the short exponents of RFC 7919 avoid.
//
// The range check takes time that depends only on the group and len(x); it
// reveals nothing about a valid x. The public key g^x is computed at once.
func (g *Group) NewPrivateKey(x []byte) (*PrivateKey, error) {
	if g == nil || g.p == nil {
		return nil, errNoGroup
	}
	size := len(g.pBytes)
	if len(x) > size {
		return nil, fmt.Errorf("ffdh: private key is %d bytes, longer than the %d bytes of %s's prime", len(x), size, g.name)
	}
	padded := make([]byte, size)
	copy(padded[size-len(x):], x)
	isZero := isAllZero(padded)
	inRange := lessThan(padded, g.q)
	// The outcome of each check is public (the error says it); for a valid
	// x, it is always the same.
	declassify(&isZero)
	declassify(&inRange)
	if isZero == 1 {
		return nil, errors.New("ffdh: private key is zero")
	}
	if inRange == 0 {
		return nil, errors.New("ffdh: private key is not less than the group order q = (p-1)/2")
	}
	return g.newPrivateKey(bytes.Clone(x)), nil
}

// newPrivateKey returns the key of the exponent x, which it keeps, and
// computes its public key.
func (g *Group) newPrivateKey(x []byte) *PrivateKey {
	y := mont.NewNat().Exp(g.g, x, g.p)
	return &PrivateKey{
		group: g,
		x:     x,
		pub:   &PublicKey{group: g, y: y, b: y.Bytes(g.p)},
	}
}

// NewPublicKey returns the public key with the big-endian value y, as a
// peer sends it (RFC 8446, Section 4.2.8.1, pads it to p's size; shorter
// encodings, and leading zeros, are accepted too). It performs the full
// public key validation of NIST SP 800-56A Rev. 3, Section 5.6.2.3.1: an
// error is returned if the encoding is longer than p, if y is not in
// [2, p-2], or if y is not in the subgroup of order q (y^q ≠ 1 mod p).
// (Since p is a safe prime, the other subgroups have order 1, 2 and 2q,
// and a key outside the subgroup of order q could reveal only the parity
// of our exponent; SP 800-56A rejects it all the same.)
//
// The subgroup of order q is the set of quadratic residues modulo p, and by
// Euler's criterion y^q mod p is the Legendre symbol of y: NewPublicKey
// computes the symbol with mont's binary Jacobi-symbol algorithm, over ten
// times faster than the exponentiation for ffdhe2048 and more for the
// larger groups. This takes time that depends on y, which is public.
func (g *Group) NewPublicKey(y []byte) (*PublicKey, error) {
	if g == nil || g.p == nil {
		return nil, errNoGroup
	}
	size := len(g.pBytes)
	if len(y) > size {
		return nil, fmt.Errorf("ffdh: public key is %d bytes, longer than the %d bytes of %s's prime", len(y), size, g.name)
	}
	n, err := mont.NewNat().SetBytes(y, g.p)
	if err != nil {
		return nil, errors.New("ffdh: public key is not less than p")
	}
	if n.IsZero().Or(n.IsOne()).Or(n.IsMinusOne(g.p)) == 1 {
		return nil, errors.New("ffdh: public key is 0, 1 or p-1")
	}
	if n.JacobiVarTime(g.p) != 1 {
		return nil, errors.New("ffdh: public key is not in the subgroup of order q")
	}
	return &PublicKey{group: g, y: n, b: n.Bytes(g.p)}, nil
}

// PrivateKey is a Diffie-Hellman private key: an exponent x of its group,
// with its public key g^x mod p. It is immutable and safe for concurrent
// use.
type PrivateKey struct {
	group *Group
	x     []byte // big-endian exponent, with the length it was given
	pub   *PublicKey
}

// Group returns the key's group.
func (k *PrivateKey) Group() *Group { return k.group }

// Bytes returns a copy of the private exponent x, big-endian, with the
// length the key was made with: ceil(k/8) bytes for a key from
// [Group.GenerateKey] (k the group's exponent size), len(x) for one from
// [Group.NewPrivateKey].
func (k *PrivateKey) Bytes() []byte { return bytes.Clone(k.x) }

// PublicKey returns the public key g^x mod p that matches k. It was
// computed when k was made; every call returns the same *PublicKey.
func (k *PrivateKey) PublicKey() *PublicKey { return k.pub }

// SharedSecret returns the Diffie-Hellman shared secret y^x mod p, for the
// peer's public key y and k's exponent x, as a big-endian value padded with
// leading zeros to the size of p, as TLS 1.3 uses it (RFC 8446, Section
// 7.4.1). TLS 1.2 (RFC 5246, Section 8.1.2) strips the leading zeros
// instead; a caller that needs that must strip them itself, and mind that
// the length of the result then reveals how many there were.
//
// It returns an error if peer is of another group, or if the result is 1
// (which cannot happen for keys made by this package, since a valid peer
// key has order q and 0 < x < q; the check is a safeguard).
//
// The exponentiation takes time that depends only on the group and on the
// length of k's exponent, not on the values of the exponent, of peer's key,
// or of the result.
func (k *PrivateKey) SharedSecret(peer *PublicKey) ([]byte, error) {
	if k.group == nil {
		return nil, errors.New("ffdh: zero PrivateKey")
	}
	if peer == nil || peer.group != k.group {
		return nil, errors.New("ffdh: public key is not of the private key's group")
	}
	z := mont.NewNat().Exp(peer.y, k.x, k.group.p)
	// Whether z is 1 is public (the error says it), and never the case for
	// a valid peer key.
	isOne := z.IsOne()
	declassify(&isOne)
	if isOne == 1 {
		return nil, errors.New("ffdh: shared secret is 1")
	}
	return z.Bytes(k.group.p), nil
}

// PublicKey is a Diffie-Hellman public key: an element y of the subgroup
// of order q of its group. It is immutable and safe for concurrent use.
type PublicKey struct {
	group *Group
	y     *mont.Nat // the value, with p's length; never modified
	b     []byte    // y, big-endian, p's size
}

// Group returns the key's group.
func (k *PublicKey) Group() *Group { return k.group }

// Bytes returns a copy of the public value y, big-endian, padded with
// leading zeros to the size of p, as TLS 1.3 sends it (RFC 8446, Section
// 4.2.8.1).
func (k *PublicKey) Bytes() []byte { return bytes.Clone(k.b) }

// isAllZero returns 1 if every byte of b is zero and 0 otherwise, in time
// that depends only on len(b).
func isAllZero(b []byte) int {
	var acc byte
	for _, v := range b {
		acc |= v
	}
	return subtle.ConstantTimeByteEq(acc, 0)
}

// isBelowTwo returns 1 if the big-endian value b is 0 or 1, and 0
// otherwise, in time that depends only on len(b). b must not be empty.
func isBelowTwo(b []byte) int {
	acc := b[len(b)-1] &^ 1
	for _, v := range b[:len(b)-1] {
		acc |= v
	}
	return subtle.ConstantTimeByteEq(acc, 0)
}

// lessThan returns 1 if the big-endian value a is less than b and 0
// otherwise, for slices of the same length, in time that depends only on
// that length: it computes the borrow out of a - b, byte by byte from the
// least significant one.
func lessThan(a, b []byte) int {
	var borrow uint32
	for i := len(a) - 1; i >= 0; i-- {
		// The difference is in [-256, 255]; when negative, its uint32
		// wrap-around sets the top bit.
		d := uint32(a[i]) - uint32(b[i]) - borrow
		borrow = d >> 31
	}
	return int(borrow)
}
