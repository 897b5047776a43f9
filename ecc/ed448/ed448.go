// Package ed448 implements the Ed448 and Ed448ph signature algorithms of
// RFC 8032, Section 5.2.
//
// The API has the shape of the standard library's crypto/ed25519 and of
// github.com/cloudflare/circl/sign/ed448: keys and signatures are byte
// strings in the encodings of RFC 8032 (a [PrivateKey] is the 57-byte seed
// followed by the 57-byte public key, as in circl), [Sign] and [Verify] take
// the context string of Ed448 (which may be empty), [SignPh] and [VerifyPh]
// are Ed448ph, whose message is prehashed with SHAKE256 to 64 bytes, and a
// PrivateKey is a crypto.Signer selecting the variant with [Options].
//
// The group arithmetic is crypton's edwards448 on mont/gf448, the hash is
// crypton's SHAKE256.
//
// # Verification
//
// [Verify] and [VerifyPh] accept exactly the signatures that circl's
// ed448.Verify and ed448.VerifyPh accept, on every input: the public key A
// must be a canonical encoding of a curve point (RFC 8032, Section 5.2.3),
// S must be canonical (below ℓ, RFC 8032, Section 5.2.7), and R must be the
// canonical encoding of [S]B − [k]A′, where A′ is the component of A in the
// subgroup of prime order ℓ: a component of small order in A (which no key
// from [NewKeyFromSeed] has) is ignored, as in circl and the Goldilocks
// implementations it derives from. Every signature accepted therefore
// satisfies RFC 8032's cofactored equation [4][S]B = [4]R + [4][k]A.
// Verification runs in variable time: everything it touches is public.
//
// # Private keys whose halves disagree
//
// The public half of a PrivateKey goes into the hash of every signature,
// and two signatures of one message under one seed with two different
// public halves would share their nonce but not their challenge, revealing
// the secret scalar. As this module's ed25519 package does, signing checks
// the public half against the seed, once per key: the expanded form of a
// key in use (its secret scalar and nonce prefix), with a copy of the key,
// is kept in a cache indexed by the key's public half and validated on
// every use by a constant-time comparison of all 114 key bytes.
// [NewKeyFromSeed] and [GenerateKey] fill the cache for the keys they
// return; a key parsed from elsewhere pays one fixed-base multiplication on
// its first signature. A key whose halves disagree is never used: signing
// returns an error.
//
// The cache never refers to the caller's memory, so a key may be held
// anywhere: on the Go heap, in a global, or in memory that the Go heap does
// not own, such as a buffer from mmap locked with mlock. An entry is
// dropped when its key has not been used between two garbage collections
// (so one or two collections after its last use), and the cache holds at
// most 4096 keys: a key beyond those, or used again after its entry was
// dropped, pays the fixed-base multiplication again.
//
// # What is wiped
//
// When the cache drops an entry, or replaces it, it overwrites the entry's
// copy of the key, scalar and prefix with zeros. A signature works on its
// own copy of the expanded key, in a local variable that it overwrites
// before it returns, as it does the nonce r; the SHAKE256 output from the
// seed is overwritten once the scalar and prefix are taken from it, and
// [GenerateKey] overwrites the seed it read after deriving the key.
//
// What is not wiped: the caller's PrivateKey and seed (the caller's to
// wipe: NewKeyFromSeed and GenerateKey return the key in a new slice), the
// internal states of the SHAKE256 computations, which hash the seed and the
// nonce prefix, copies that the compiler makes in registers and on the
// stack, and memory that the garbage collector frees, which is not cleared
// until it is reused. While a key is in use, the cache holds a copy of it,
// and its expanded form, in ordinary Go memory, even if the key itself is
// in memory locked with mlock: that copy may be swapped out.
//
// Signing is constant time with respect to the seed and the nonce.
package ed448

import (
	"crypto"
	cryptorand "crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"

	"github.com/crypton-go/crypton/ecc/internal/edwards448"
	"github.com/crypton-go/crypton/ecc/internal/keycache"
	"github.com/crypton-go/crypton/hash/sha3"
)

const (
	// PublicKeySize is the length of an encoded public key (a point), in bytes.
	PublicKeySize = 57
	// PrivateKeySize is the length of a PrivateKey, seed and public key, in bytes.
	PrivateKeySize = 114
	// SignatureSize is the length of a signature, R and S, in bytes.
	SignatureSize = 114
	// SeedSize is the length of a seed, in bytes: the private key of RFC
	// 8032, from which everything else is derived.
	SeedSize = 57
	// ContextMaxSize is the maximum length of a context string, in bytes.
	ContextMaxSize = 255
)

// PublicKey is the type of Ed448 public keys: the 57-byte encoding of a
// point.
type PublicKey []byte

// Equal reports whether x is a PublicKey with the same bytes as pub.
func (pub PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(PublicKey)
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare(pub, xx) == 1
}

// PrivateKey is the type of Ed448 private keys: the 57-byte seed followed by
// the 57-byte public key. It implements [crypto.Signer].
type PrivateKey []byte

// Public returns a copy of the public half of priv, a [PublicKey]. It does
// not check it against the seed (signing does).
func (priv PrivateKey) Public() crypto.PublicKey {
	publicKey := make([]byte, PublicKeySize)
	copy(publicKey, priv[SeedSize:])
	return PublicKey(publicKey)
}

// Equal reports whether x is a PrivateKey holding the same 114 bytes as
// priv, comparing them in constant time.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(PrivateKey)
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare(priv, xx) == 1
}

// Seed returns a copy of the first half of priv, the seed: what RFC 8032
// calls the private key.
func (priv PrivateKey) Seed() []byte {
	return append(make([]byte, 0, SeedSize), priv[:SeedSize]...)
}

// Options selects the variant of [PrivateKey.Sign] and [VerifyWithOptions].
// Its HashFunc method returns zero: neither variant takes a message hashed
// by the caller.
type Options struct {
	// Context is the context string of RFC 8032, at most 255 bytes long; it
	// may be empty.
	Context string
	// Prehash selects Ed448ph: the message is hashed with SHAKE256 to 64
	// bytes by the signer and the verifier.
	Prehash bool
}

// HashFunc returns crypto.Hash(0), so that Options implements
// crypto.SignerOpts.
func (o *Options) HashFunc() crypto.Hash { return 0 }

// Sign implements crypto.Signer: it returns the signature of message by
// priv. Signing is deterministic, and rand is not read (it may be nil).
//
// opts.HashFunc() must be zero (a nil opts is plain Ed448 with an empty
// context, where crypto/ed25519 would panic). If opts is an *Options, it selects the
// context string and, with Prehash, Ed448ph (message is then the whole
// message, which Sign hashes); otherwise the signature is plain Ed448 with
// an empty context. Sign returns an error if opts.HashFunc() is not zero, if
// the context is longer than 255 bytes, if priv is not PrivateKeySize bytes
// long, or if its public half is not the public key of its seed.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) (signature []byte, err error) {
	if opts != nil && opts.HashFunc() != crypto.Hash(0) {
		return nil, errors.New("ed448: expected opts.HashFunc() zero (unhashed message, for Ed448 and Ed448ph)")
	}
	var o Options
	if oo, ok := opts.(*Options); ok && oo != nil {
		o = *oo
	}
	return sign(priv, message, o.Context, o.Prehash)
}

// GenerateKey reads a seed from rand (crypto/rand.Reader if rand is nil)
// and returns the key pair it derives, as [NewKeyFromSeed].
func GenerateKey(rand io.Reader) (PublicKey, PrivateKey, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, err
	}
	privateKey := NewKeyFromSeed(seed)
	clear(seed)
	publicKey := make([]byte, PublicKeySize)
	copy(publicKey, privateKey[SeedSize:])
	return publicKey, privateKey, nil
}

// NewKeyFromSeed derives the PrivateKey of a 57-byte seed, RFC 8032's
// private key, as RFC 8032, Section 5.2.5, describes. Like crypto/ed25519's
// NewKeyFromSeed, it panics if seed is not SeedSize bytes long.
func NewKeyFromSeed(seed []byte) PrivateKey {
	if l := len(seed); l != SeedSize {
		panic("ed448: bad seed length: " + strconv.Itoa(l))
	}
	privateKey := make([]byte, PrivateKeySize)
	var k expandedKey
	k.fromSeed(seed)
	var A edwards448.Point
	A.ScalarBaseMult(&k.s)
	copy(privateKey[:SeedSize], seed)
	copy(privateKey[SeedSize:], A.Bytes())
	k.key = [PrivateKeySize]byte(privateKey)
	pub := [PublicKeySize]byte(privateKey[SeedSize:])
	declassify(&pub) // the public key
	keyCache.Put(pub, &k)
	k.wipe()
	return privateKey
}

// Sign returns the Ed448 signature of message by priv with the context
// string context (RFC 8032, Section 5.2.6), which may be empty. It returns
// an error if context is longer than 255 bytes, if priv is not
// PrivateKeySize bytes long, or if the public half of priv is not the
// public key of its seed (see the package documentation).
func Sign(priv PrivateKey, message []byte, context string) ([]byte, error) {
	return sign(priv, message, context, false)
}

// SignPh returns the Ed448ph signature of message by priv with the context
// string context: the signature of the 64-byte SHAKE256 hash of message
// (RFC 8032, Section 5.2). Its errors are those of [Sign].
func SignPh(priv PrivateKey, message []byte, context string) ([]byte, error) {
	return sign(priv, message, context, true)
}

// Verify reports whether sig is a valid Ed448 signature of message under
// publicKey with the context string context (RFC 8032, Section 5.2.7; see
// the package documentation for the exact check). It returns false, rather
// than panicking, on inputs of any length, and on a context longer than
// 255 bytes. It runs in variable time.
func Verify(publicKey PublicKey, message, sig []byte, context string) bool {
	return verify(publicKey, message, sig, context, false) == nil
}

// VerifyPh reports whether sig is a valid Ed448ph signature of message (the
// whole message, which VerifyPh hashes) under publicKey with the context
// string context, like [Verify].
func VerifyPh(publicKey PublicKey, message, sig []byte, context string) bool {
	return verify(publicKey, message, sig, context, true) == nil
}

// VerifyWithOptions returns nil if sig is a valid signature of message under
// publicKey in the variant and with the context that opts selects (a nil
// opts is Ed448 with an empty context), and an error saying what is wrong
// otherwise. It runs in variable time.
func VerifyWithOptions(publicKey PublicKey, message, sig []byte, opts *Options) error {
	var o Options
	if opts != nil {
		o = *opts
	}
	return verify(publicKey, message, sig, o.Context, o.Prehash)
}

// The hash of RFC 8032, Section 5.2: SHAKE256 with the prefix dom4(F, C)
// before everything it hashes.

const domPrefix = "SigEd448"

// hashWithDom writes dom4(phflag, context) and then each of parts into h,
// from its zero state, and reads 114 bytes into out.
func hashWithDom(h *sha3.SHAKE, out *[114]byte, ph bool, context string, parts ...[]byte) {
	h.Reset()
	h.Write([]byte(domPrefix))
	var flag byte
	if ph {
		flag = 1
	}
	h.Write([]byte{flag, byte(len(context))})
	h.Write([]byte(context))
	for _, p := range parts {
		h.Write(p)
	}
	h.Read(out[:])
}

// prehash returns PH(message): SHAKE256(message, 64) for Ed448ph, and
// message itself otherwise.
func prehash(h *sha3.SHAKE, buf *[64]byte, message []byte, ph bool) []byte {
	if !ph {
		return message
	}
	h.Reset()
	h.Write(message)
	h.Read(buf[:])
	return buf[:]
}

// expandedKey is a private key prepared for signing.
type expandedKey struct {
	key    [PrivateKeySize]byte // seed || public key, as given
	s      edwards448.Scalar
	prefix [57]byte
}

// wipe overwrites k with zeros (best effort: the compiler may have kept
// copies of its fields elsewhere).
func (k *expandedKey) wipe() { *k = expandedKey{} }

// fromSeed sets the scalar and prefix of k from seed (RFC 8032, Section
// 5.2.5).
func (k *expandedKey) fromSeed(seed []byte) {
	var h sha3.SHAKE // the zero value is SHAKE256
	var digest [114]byte
	h.Write(seed)
	h.Read(digest[:])
	k.s.SetBytesWithClamping(digest[:57]) // cannot fail: 57 bytes
	copy(k.prefix[:], digest[57:])
	clear(digest[:])
}

// sign returns the signature of message by priv (RFC 8032, Section
// 5.2.6).
func sign(priv PrivateKey, message []byte, context string, ph bool) ([]byte, error) {
	// The key first, then the context.
	var k expandedKey
	if err := expand(priv, &k); err != nil {
		return nil, err
	}
	defer k.wipe()
	if l := len(context); l > ContextMaxSize {
		return nil, errors.New("ed448: bad context length: " + strconv.Itoa(l))
	}
	var h sha3.SHAKE
	var phBuf [64]byte
	msg := prehash(&h, &phBuf, message, ph)

	var digest [114]byte
	hashWithDom(&h, &digest, ph, context, k.prefix[:], msg)
	var r edwards448.Scalar
	r.SetUniformBytes(digest[:]) // cannot fail: 114 bytes

	signature := make([]byte, SignatureSize)
	var R edwards448.Point
	R.ScalarBaseMult(&r)
	copy(signature[:57], R.Bytes())

	hashWithDom(&h, &digest, ph, context, signature[:57], k.key[SeedSize:], msg)
	var c edwards448.Scalar
	c.SetUniformBytes(digest[:])

	var S edwards448.Scalar
	S.MultiplyAdd(&c, &k.s, &r)
	copy(signature[57:], S.Bytes())
	r = edwards448.Scalar{}
	return signature, nil
}

// inv4 is 4⁻¹ mod ℓ.
var inv4 = func() *edwards448.Scalar {
	b := []byte{
		0x3d, 0x11, 0xd6, 0xaa, 0xa4, 0x30, 0xde, 0x48, 0xd5, 0x63, 0x71, 0xa3, 0x9c, 0x30, 0x5b, 0x08,
		0xa4, 0x8d, 0xb5, 0x6b, 0xd2, 0xb6, 0x13, 0x71, 0xfa, 0x88, 0x32, 0xdf, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00,
	}
	s, err := new(edwards448.Scalar).SetCanonicalBytes(b)
	if err != nil {
		panic("ed448: bad constant")
	}
	return s
}()

var errInvalid = errors.New("ed448: invalid signature")

// verify checks sig (see the package documentation).
func verify(publicKey PublicKey, message, sig []byte, context string, ph bool) error {
	if l := len(publicKey); l != PublicKeySize {
		return errors.New("ed448: bad public key length: " + strconv.Itoa(l))
	}
	if l := len(sig); l != SignatureSize {
		return errors.New("ed448: bad signature length: " + strconv.Itoa(l))
	}
	if l := len(context); l > ContextMaxSize {
		return errors.New("ed448: bad context length: " + strconv.Itoa(l))
	}
	var S edwards448.Scalar
	if _, err := S.SetCanonicalBytes(sig[57:]); err != nil {
		return errInvalid
	}
	var A edwards448.Point
	if _, err := A.SetBytes(publicKey); err != nil {
		return errors.New("ed448: bad public key")
	}

	var h sha3.SHAKE
	var phBuf [64]byte
	msg := prehash(&h, &phBuf, message, ph)
	var digest [114]byte
	hashWithDom(&h, &digest, ph, context, sig[:57], publicKey, msg)
	var k edwards448.Scalar
	k.SetUniformBytes(digest[:])

	// [S]B − [k]A′ with A′ the prime-order component of A: [4]A = [4]A′,
	// so [k]A′ = [k/4 mod ℓ]([4]A).
	var minusA4 edwards448.Point
	minusA4.MultByCofactor(&A)
	minusA4.Negate(&minusA4)
	k.Multiply(&k, inv4)
	var R edwards448.Point
	R.VarTimeDoubleScalarBaseMult(&k, &minusA4, &S)
	var enc [57]byte
	copy(enc[:], R.Bytes())
	if subtle.ConstantTimeCompare(sig[:57], enc[:]) != 1 {
		return errInvalid
	}
	return nil
}

// keyCache holds the expanded form of each private key that was used or
// made, indexed by the key's public half (see the package documentation).
var keyCache keycache.Cache[[PublicKeySize]byte, expandedKey]

// expand sets *k to the expanded form of priv, from the cache or made and
// stored there, checking that the public half of priv is the public key of
// its seed.
func expand(priv PrivateKey, k *expandedKey) error {
	if l := len(priv); l != PrivateKeySize {
		return errors.New("ed448: bad private key length: " + strconv.Itoa(l))
	}
	// The index is a copy of the public half: public, whether or not it
	// is the public key of the seed, and never a pointer into priv, which
	// may be memory the Go heap does not own.
	pub := [PublicKeySize]byte(priv[SeedSize:])
	declassify(&pub)
	if keyCache.Load(pub, k, func(c *expandedKey) bool {
		// Whether the key changed since it was cached is not secret.
		same := subtle.ConstantTimeCompare(c.key[:], priv)
		declassify(&same)
		return same == 1
	}) {
		return nil
	}
	k.key = [PrivateKeySize]byte(priv)
	k.fromSeed(priv[:SeedSize])
	var A edwards448.Point
	A.ScalarBaseMult(&k.s)
	var enc [PublicKeySize]byte
	copy(enc[:], A.Bytes())
	match := subtle.ConstantTimeCompare(enc[:], priv[SeedSize:])
	declassify(&match) // revealed by the error
	if match != 1 {
		k.wipe()
		return errors.New("ed448: bad private key: public key does not match seed")
	}
	keyCache.Put(pub, k)
	return nil
}
