package ecdsa

import (
	"crypto/elliptic"
	"crypto/subtle"
	"errors"
	"hash"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/crypton-go/crypton/ecc/internal/workpool"
)

// scalarPtr is the part of the method set of *mont/p256.Scalar (and of its
// P-384 and P-521 counterparts) that ECDSA uses: arithmetic modulo the
// group order n, constant time in the values.
type scalarPtr[S any] interface {
	*S
	Set(a *S) *S
	Add(a, b *S) *S
	Mul(a, b *S) *S
	Invert(a *S) *S
	InvertVarTime(a *S) *S
	Equal(a *S) int
	IsZero() int
	SetBytes(b []byte) (*S, error)
	SetBytesReduced(b []byte) (*S, error)
	FillBytes(b []byte) []byte
}

// pointPtr is the part of the method set of *nistec.P256Point (and of its
// P-384 and P-521 counterparts) that ECDSA uses; T is the point type's
// table for verification, nistec.VarTimeTable of its field.
type pointPtr[P, T any] interface {
	*P
	SetBytes(b []byte) (*P, error)
	Bytes() []byte
	BytesCompressed() []byte
	BytesX() ([]byte, error)
	ScalarBaseMult(k []byte) (*P, error)
	NewVarTimeTable() *T
	ScalarBaseMultAddTableVarTime(s1 []byte, t *T, s2 []byte) (*P, error)
	XModOrderEqualVarTime(r []byte) bool
}

// nistCurve is ECDSA on one short Weierstrass curve of prime order, with
// scalars of type S, points of type P and their verification tables of
// type T.
type nistCurve[S, P, T any, SP scalarPtr[S], PP pointPtr[P, T]] struct {
	name      string
	size      int // bytes of a scalar, and of a field element
	orderBits int // bit length of the order n
	newPoint  func() *P
	std       func() elliptic.Curve
	// hedgeHash is the hash of HMAC_DRBG in hedged signing: SHA-256 for
	// P-256 (which has SHA-NI on amd64), SHA-512 for the others.
	hedgeHash func() hash.Hash
	// signPool keeps wiped *signWork values: a workspace of some 2 KiB
	// per signature cost more to allocate (and collect) than the pool;
	// verifyPool likewise *verifyWork.
	signPool, verifyPool sync.Pool
}

func (c *nistCurve[S, P, T, SP, PP]) String() string           { return c.name }
func (c *nistCurve[S, P, T, SP, PP]) scalarSize() int          { return c.size }
func (c *nistCurve[S, P, T, SP, PP]) stdCurve() elliptic.Curve { return c.std() }
func (c *nistCurve[S, P, T, SP, PP]) publicPoint(pub *PublicKey) *P {
	return pub.point.(*P)
}

// publicTable returns the odd multiples of the public key's point that
// verification uses, computed on the first verification with the key and
// kept with it: later ones skip that work (for P-256, some 10% of a
// verification: seven point additions and an inversion). Concurrent first
// uses may each compute the table; all are the same.
func (c *nistCurve[S, P, T, SP, PP]) publicTable(pub *PublicKey) *T {
	if pub.table == nil {
		return PP(c.publicPoint(pub)).NewVarTimeTable()
	}
	if t, ok := pub.table.Load().(*T); ok {
		return t
	}
	t := PP(c.publicPoint(pub)).NewVarTimeTable()
	pub.table.Store(t)
	return t
}

// hashToScalar sets e to bits2int(digest) mod n: the leftmost orderBits bits
// of digest as an integer (FIPS 186-5, Section 6.4.1, step 2; RFC 6979,
// Section 2.3.2), reduced modulo n. The digest is public. buf is scratch
// space of maxScalarSize bytes.
func (c *nistCurve[S, P, T, SP, PP]) hashToScalar(e *S, digest []byte, buf *[maxScalarSize]byte) {
	if len(digest) > c.size {
		digest = digest[:c.size]
	}
	b := append(buf[:0], digest...)
	if excess := len(b)*8 - c.orderBits; excess > 0 {
		shiftRight(b, uint(excess))
	}
	if _, err := SP(e).SetBytesReduced(b); err != nil {
		panic("ecdsa: internal error: SetBytesReduced rejected a short input")
	}
}

func (c *nistCurve[S, P, T, SP, PP]) newPrivateKey(d []byte) (*PrivateKey, error) {
	if len(d) != c.size {
		return nil, errors.New("ecdsa: invalid private key size")
	}
	var k S
	var buf [maxScalarSize]byte
	if !c.inRange(&k, d, &buf) {
		return nil, errors.New("ecdsa: invalid private key")
	}
	return c.privateKey(d)
}

// inRange sets k to the value of the c.size bytes b and reports whether it
// is in [1, n−1]. Only the outcome is revealed to the caller's branch: the
// comparison is a reduction modulo n followed by a constant-time
// comparison with b, which are equal exactly when b < n. buf is scratch
// space of maxScalarSize bytes, cleared on return.
func (c *nistCurve[S, P, T, SP, PP]) inRange(k *S, b []byte, buf *[maxScalarSize]byte) bool {
	if _, err := SP(k).SetBytesReduced(b); err != nil {
		panic("ecdsa: internal error: SetBytesReduced rejected a scalar-sized input")
	}
	ok := subtle.ConstantTimeCompare(SP(k).FillBytes(buf[:c.size]), b) & (1 ^ SP(k).IsZero())
	clear(buf[:])
	declassify(&ok)
	return ok == 1
}

// privateKey returns the private key of the valid scalar d, with its public
// key d·G.
func (c *nistCurve[S, P, T, SP, PP]) privateKey(d []byte) (*PrivateKey, error) {
	q, err := PP(c.newPoint()).ScalarBaseMult(d)
	if err != nil {
		return nil, errors.New("ecdsa: internal error: " + err.Error())
	}
	enc := PP(q).Bytes()
	publicBytes(enc)
	// The public key keeps the point decoded from its encoding rather than
	// q, whose projective coordinates are a function of how d·G was
	// computed, which need not be revealed.
	pub, err := c.newPublicKey(enc)
	if err != nil {
		return nil, errors.New("ecdsa: internal error: " + err.Error())
	}
	return &PrivateKey{d: append(make([]byte, 0, c.size), d...), pub: pub}, nil
}

// maxTries bounds the rejection sampling of key generation and of the
// nonce k in signing. On these curves a candidate of orderBits uniform
// bits is rejected with probability below 2⁻³² (P-256; far less on P-384
// and P-521), so maxTries rejections in a row never happen with a working
// source of randomness: the source is broken (a reader stuck on zeros or
// ones, or a hash that no longer computes the hash).
const maxTries = 100

var errBrokenRandom = errors.New("ecdsa: random source returned out-of-range values " +
	strconv.Itoa(maxTries) + " times; it is broken")

func (c *nistCurve[S, P, T, SP, PP]) generateKey(rand io.Reader) (*PrivateKey, error) {
	// FIPS 186-5, Appendix A.2.2: rejection sampling of orderBits random
	// bits, bounded by maxTries.
	b := make([]byte, c.size)
	defer clear(b)
	var k S
	var buf [maxScalarSize]byte
	for range maxTries {
		if _, err := io.ReadFull(rand, b); err != nil {
			return nil, err
		}
		shiftRight(b, uint(c.size*8-c.orderBits))
		if c.inRange(&k, b, &buf) {
			return c.privateKey(b)
		}
	}
	return nil, errBrokenRandom
}

func (c *nistCurve[S, P, T, SP, PP]) newPublicKey(q []byte) (*PublicKey, error) {
	if len(q) == 0 || q[0] == 0 {
		return nil, errors.New("ecdsa: invalid public key: the point at infinity")
	}
	p, err := PP(c.newPoint()).SetBytes(q)
	if err != nil {
		return nil, errors.New("ecdsa: invalid public key")
	}
	// SetBytes accepts only canonical coordinates, so an uncompressed
	// encoding is kept as it is; a compressed one is expanded (which
	// costs an inversion).
	enc := append(make([]byte, 0, 1+2*c.size), q...)
	if q[0] != 4 {
		enc = PP(p).Bytes()
	}
	return &PublicKey{curve: c, q: enc, point: p, table: new(atomic.Value)}, nil
}

func (c *nistCurve[S, P, T, SP, PP]) bytesCompressed(pub *PublicKey) []byte {
	return PP(c.publicPoint(pub)).BytesCompressed()
}

// sign returns the signature of digest under priv: in DER if der is set,
// and otherwise as r ‖ s of 2·c.size bytes. With rand == nil, k is derived
// as RFC 6979, Section 3.2 says, from the private key and the digest with
// HMAC of h; otherwise c.size fresh random bytes are read from rand and
// the DRBG, with HMAC of c.hedgeHash, is seeded as in
// draft-irtf-cfrg-det-sigs-with-noise-04, Section 4: those bytes, then the
// private key and bits2octets(digest), each at a block boundary.
//
// sign is constant time in the private key and in k, except that a
// candidate k that is not in [1, n−1] is rejected and another is drawn,
// which reveals that the rejected candidate was out of range (as in every
// implementation of RFC 6979; the candidate itself is discarded).
func (c *nistCurve[S, P, T, SP, PP]) sign(priv *PrivateKey, h func() hash.Hash, rand io.Reader, digest []byte, der bool) ([]byte, error) {
	// The scalars, buffers, point and DRBG live in one workspace, from a
	// pool: values that the generic methods see through a pointer escape
	// to the heap anyway. It is wiped before it goes back (the private
	// key, k and the DRBG's state).
	w := workpool.Get[signWork[S, P]](&c.signPool)
	defer func() {
		w.g.wipe() // the DRBG's hash states live outside w
		workpool.Put(&c.signPool, w)
	}()
	extra := w.extra[:0]
	if rand != nil {
		// rand writes into a buffer of its own, not into the pooled
		// workspace: a Reader that kept the slice (against io.Reader's
		// rules) would otherwise see later signatures' workspaces.
		buf := make([]byte, c.size)
		if _, err := io.ReadFull(rand, buf); err != nil {
			return nil, err
		}
		extra = append(extra, buf...)
		clear(buf)
	}
	if _, err := SP(&w.d).SetBytesReduced(priv.d); err != nil {
		return nil, errors.New("ecdsa: internal error: " + err.Error())
	}
	c.hashToScalar(&w.e, digest, &w.tmp)
	bits2octets := SP(&w.e).FillBytes(w.eb[:c.size])

	g := &w.g
	if rand == nil {
		g.init(h, false, priv.d, bits2octets)
	} else {
		g.init(c.hedgeHash, true, extra, priv.d, bits2octets)
	}
	cand := w.kb[:c.size]
	// RFC 6979 loops until a candidate gives a signature; HMAC_DRBG's output
	// is out of range, or gives r or s = 0, with probability below 2⁻³²
	// per candidate, so maxTries failures mean that the DRBG's hash is
	// broken: an error rather than a loop without end.
	for range maxTries {
		g.generate(cand)
		shiftRight(cand, uint(c.size*8-c.orderBits))
		if !c.inRange(&w.k, cand, &w.tmp) {
			continue
		}
		R, err := PP(&w.R).ScalarBaseMult(cand)
		if err != nil {
			return nil, errors.New("ecdsa: internal error: " + err.Error())
		}
		x, err := PP(R).BytesX()
		if err != nil {
			return nil, errors.New("ecdsa: internal error: " + err.Error())
		}
		// x, and so r, is revealed by the signature.
		publicBytes(x)
		if _, err := SP(&w.r).SetBytesReduced(x); err != nil {
			return nil, errors.New("ecdsa: internal error: " + err.Error())
		}
		rZero := SP(&w.r).IsZero()
		declassify(&rZero)
		if rZero == 1 {
			continue
		}
		// s = k⁻¹ · (e + r·d)
		SP(&w.kInv).Invert(&w.k)
		SP(&w.s).Mul(&w.r, &w.d)
		SP(&w.s).Add(&w.s, &w.e)
		SP(&w.s).Mul(&w.s, &w.kInv)
		sZero := SP(&w.s).IsZero()
		declassify(&sZero)
		if sZero == 1 {
			continue
		}
		rb := SP(&w.r).FillBytes(w.rs[:c.size])
		sb := SP(&w.s).FillBytes(w.rs[c.size : 2*c.size])
		publicBytes(w.rs[:2*c.size])
		if der {
			return appendDER(make([]byte, 0, 2*c.size+10), rb, sb), nil
		}
		return append(make([]byte, 0, 2*c.size), w.rs[:2*c.size]...), nil
	}
	return nil, errors.New("ecdsa: internal error: HMAC_DRBG gave no valid nonce in " +
		strconv.Itoa(maxTries) + " candidates; its hash is broken")
}

// signWork is the workspace of sign.
type signWork[S, P any] struct {
	d, e, k, kInv, r, s S
	R                   P
	eb, kb, tmp, extra  [maxScalarSize]byte
	rs                  [2 * maxScalarSize]byte
	g                   drbg
}

// verifyWork is the workspace of verify, kept in a pool like signWork
// (its values are public; it is cleared for the next use).
type verifyWork[S, P any] struct {
	r, s, e, sInv, u1, u2 S
	R                     P
	rs                    [2 * maxScalarSize]byte
	b1, b2, tmp           [maxScalarSize]byte
}

// verify reports whether r ‖ s, big-endian integers of at most c.size bytes
// each, is a valid signature of digest under pub (FIPS 186-5, Section
// 6.4.2). It is variable time: every input is public.
func (c *nistCurve[S, P, T, SP, PP]) verify(pub *PublicKey, digest, rb, sb []byte) bool {
	w := workpool.Get[verifyWork[S, P]](&c.verifyPool)
	defer workpool.Put(&c.verifyPool, w)
	rp, sp := w.rs[:c.size], w.rs[c.size:2*c.size]
	copy(rp[c.size-len(rb):], rb)
	copy(sp[c.size-len(sb):], sb)
	if _, err := SP(&w.r).SetBytes(rp); err != nil || SP(&w.r).IsZero() == 1 {
		return false
	}
	if _, err := SP(&w.s).SetBytes(sp); err != nil || SP(&w.s).IsZero() == 1 {
		return false
	}
	c.hashToScalar(&w.e, digest, &w.tmp)
	SP(&w.sInv).InvertVarTime(&w.s) // s is public
	SP(&w.u1).Mul(&w.e, &w.sInv)
	SP(&w.u2).Mul(&w.r, &w.sInv)
	R, err := PP(&w.R).ScalarBaseMultAddTableVarTime(SP(&w.u1).FillBytes(w.b1[:c.size]),
		c.publicTable(pub), SP(&w.u2).FillBytes(w.b2[:c.size]))
	if err != nil {
		return false
	}
	// x(R) mod n = r, and R ≠ ∞, without making R affine.
	return PP(R).XModOrderEqualVarTime(rp)
}
