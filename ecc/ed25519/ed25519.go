// Package ed25519 implements the Ed25519 signature algorithm of RFC 8032,
// with its Ed25519ph and Ed25519ctx variants, with the API of the standard
// library's crypto/ed25519.
//
// Keys and signatures are byte strings in the encodings of crypto/ed25519,
// and [PublicKey] and [Options] are crypto/ed25519's own types, so keys move
// between the two packages by a type conversion of the private key alone, and
// a [PrivateKey] is a crypto.Signer whose Public method returns a
// crypto/ed25519.PublicKey, as crypto/tls and crypto/x509 expect.
// [PrivateKey.Stdlib], [FromStdlibPrivateKey] and [FromStdlibPublicKey] are
// the conversions under the names that crypton's ecdsa, ecdh and rsa
// packages use (crypto/x509's MarshalPKCS8PrivateKey wants
// priv.Stdlib()); FromStdlibPrivateKey also checks the key.
//
// The group arithmetic is crypton's edwards25519 on mont/gf25519 (portable
// Go everywhere, MULX/ADCX/ADOX assembly on amd64 CPUs with BMI2 and ADX);
// the hash is crypton's SHA-512.
//
// # Verification
//
// [Verify] and [VerifyWithOptions] accept and reject exactly the signatures
// that crypto/ed25519 accepts and rejects, on every input: the cofactorless
// equation [S]B = R + [k]A, checked by encoding the right-hand side's
// counterpart [S]B − [k]A and comparing it with the bytes of R (so a
// non-canonical R never verifies), S ≥ ℓ rejected, and A decoded with the
// same leniency as Go (a non-canonical y-coordinate, or the sign bit with
// x = 0, is accepted; small-order A and R are not rejected). Verification
// runs in variable time: everything it touches is public.
//
// The one difference is that a public key of the wrong length makes Verify
// return false and VerifyWithOptions return an error, where crypto/ed25519
// panics, and a nil *Options means plain Ed25519.
//
// # Private keys whose halves disagree
//
// A PrivateKey is the seed followed by the public key, as in
// crypto/ed25519, and the public half goes into the hash of every signature.
// If an attacker could get two signatures of one message under one seed
// with two different public halves, the two would share their nonce r but
// not their challenge k, and the secret scalar would follow from
// S₁ − S₂ = (k₁ − k₂)·s (the "double public key" oracle of Chalkias, Garillot
// and Nikolaenko). crypto/ed25519 signs with whatever public half it is
// given.
//
// This package instead checks the public half against the seed, but not on
// every signature: it keeps the expanded form of each private key in use
// (the clamped scalar and the nonce prefix from SHA-512 of the seed), with
// a copy of the key, in a cache indexed by the key's public half and
// validated on every use by a constant-time comparison of all 64 key bytes.
// The fixed-base multiplication that derives the public key from the seed
// happens when an entry is made, and only then; [NewKeyFromSeed] and
// [GenerateKey] fill the cache for the keys they return, having just
// computed the public key, so a key that comes from them does not pay it
// again, and a key parsed from elsewhere pays it on its first signature (a
// copy of a key in another slice finds the entry of the original). A key
// whose halves disagree is never used: the Sign method returns an error
// and the Sign function panics.
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
// before it returns, as it does the nonce r; the SHA-512 of the seed is
// overwritten once the scalar and prefix are taken from it, and
// [GenerateKey] overwrites the seed it read after deriving the key.
//
// What is not wiped: the caller's PrivateKey and seed (the caller's to
// wipe: NewKeyFromSeed and GenerateKey return the key in a new slice), the
// internal states of the SHA-512 computations, which hash the seed and the
// nonce prefix, copies that the compiler makes in registers and on the
// stack, and memory that the garbage collector frees, which is not cleared
// until it is reused. While a key is in use, the cache holds a copy of it,
// and its expanded form, in ordinary Go memory, even if the key itself is
// in memory locked with mlock: that copy may be swapped out.
//
// Signing is constant time with respect to the seed and the nonce.
package ed25519

import (
	"crypto"
	stded25519 "crypto/ed25519"
	cryptorand "crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"

	"github.com/crypton-go/crypton/ecc/internal/edwards25519"
	"github.com/crypton-go/crypton/ecc/internal/keycache"
	"github.com/crypton-go/crypton/hash/sha512"
)

const (
	// PublicKeySize is the length of an encoded public key (a point), in bytes.
	PublicKeySize = 32
	// PrivateKeySize is the length of a PrivateKey, seed and public key, in bytes.
	PrivateKeySize = 64
	// SignatureSize is the length of a signature, R and S, in bytes.
	SignatureSize = 64
	// SeedSize is the length of a seed, in bytes: the private key of RFC
	// 8032, from which everything else is derived.
	SeedSize = 32
)

// PublicKey is the type of Ed25519 public keys: crypto/ed25519.PublicKey
// itself, so that the public keys of this package and of the standard
// library are interchangeable, and PrivateKey.Public returns the type that
// crypto/tls and crypto/x509 expect.
type PublicKey = stded25519.PublicKey

// Options can be used with [PrivateKey.Sign] or [VerifyWithOptions] to
// select Ed25519 variants. It is crypto/ed25519.Options itself: Hash is
// crypto.Hash(0) for Ed25519 and Ed25519ctx, or crypto.SHA512 for
// Ed25519ph; Context, if not empty, selects Ed25519ctx or provides the
// context string for Ed25519ph, and is at most 255 bytes long.
type Options = stded25519.Options

// PrivateKey is the type of Ed25519 private keys: the 32-byte seed followed
// by the 32-byte public key, as in crypto/ed25519 (a conversion moves a key
// between the two types). It implements [crypto.Signer].
type PrivateKey []byte

// Public returns a copy of the public half of priv, as a
// crypto/ed25519.PublicKey. It does not check it against the seed (signing
// does).
func (priv PrivateKey) Public() crypto.PublicKey {
	publicKey := make([]byte, PublicKeySize)
	copy(publicKey, priv[32:])
	return PublicKey(publicKey)
}

// Equal reports whether x holds the same 64 bytes as priv, comparing them
// in constant time. x may be a PrivateKey of this package or a
// crypto/ed25519.PrivateKey; anything else is not equal.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	var xx []byte
	switch k := x.(type) {
	case PrivateKey:
		xx = k
	case stded25519.PrivateKey:
		xx = k
	default:
		return false
	}
	return subtle.ConstantTimeCompare(priv, xx) == 1
}

// Seed returns a copy of the first half of priv, the seed: what RFC 8032
// calls the private key.
func (priv PrivateKey) Seed() []byte {
	return append(make([]byte, 0, SeedSize), priv[:SeedSize]...)
}

// Sign implements crypto.Signer: it returns the signature of message by
// priv. Signing is deterministic, and rand is not read (it may be nil).
//
// The variant follows opts as in crypto/ed25519: opts.HashFunc() zero means
// Ed25519 on the message itself, or Ed25519ctx if opts is an *Options with
// a non-empty Context; crypto.SHA512 means Ed25519ph, and message must then
// be the 64-byte SHA-512 digest of the message, not the message. Any other
// hash is an error, as is a context longer than 255 bytes.
//
// Sign returns an error if priv is not PrivateKeySize bytes long or if its
// public half is not the public key of its seed.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) (signature []byte, err error) {
	// The key first, then the options, as crypto/ed25519 orders its
	// errors.
	var k expandedKey
	if err := expand(priv, &k); err != nil {
		return nil, err
	}
	defer k.wipe()
	hash := opts.HashFunc()
	context := ""
	if o, ok := opts.(*Options); ok {
		context = o.Context
	}
	var dom domain
	switch {
	case hash == crypto.SHA512: // Ed25519ph
		if l := len(message); l != sha512.Size {
			return nil, errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(context); l > 255 {
			return nil, errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		dom = domain{ph: true, on: true, context: context}
	case hash == crypto.Hash(0) && context != "": // Ed25519ctx
		if l := len(context); l > 255 {
			return nil, errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		dom = domain{on: true, context: context}
	case hash == crypto.Hash(0): // Ed25519
	default:
		return nil, errors.New("ed25519: expected opts.HashFunc() zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
	signature = make([]byte, SignatureSize)
	sign((*[SignatureSize]byte)(signature), &k, message, &dom)
	return signature, nil
}

// GenerateKey reads a seed from rand (crypto/rand.Reader if rand is nil)
// and returns the key pair it derives, as [NewKeyFromSeed].
//
// Unlike crypto/ed25519 since Go 1.26, GenerateKey does read the seed from
// rand, so that a deterministic reader gives deterministic keys in tests.
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
	copy(publicKey, privateKey[32:])
	return publicKey, privateKey, nil
}

// NewKeyFromSeed derives the PrivateKey of a 32-byte seed, RFC 8032's
// private key, as RFC 8032, Section 5.1.5, describes, and panics if seed is
// not SeedSize bytes long.
func NewKeyFromSeed(seed []byte) PrivateKey {
	if l := len(seed); l != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	privateKey := make([]byte, PrivateKeySize)
	var k expandedKey
	k.fromSeed(seed)
	var A edwards25519.Point
	A.ScalarBaseMult(&k.s)
	copy(privateKey[:32], seed)
	copy(privateKey[32:], A.Bytes())
	k.key = [64]byte(privateKey)
	pub := [PublicKeySize]byte(privateKey[32:])
	declassify(&pub) // the public key
	keyCache.Put(pub, &k)
	k.wipe()
	return privateKey
}

// Sign returns the Ed25519 signature of message by privateKey (RFC 8032,
// Section 5.1.6). It panics if privateKey is not PrivateKeySize bytes long
// and, unlike crypto/ed25519, if the public half of privateKey is not the
// public key of its seed (see the package documentation).
func Sign(privateKey PrivateKey, message []byte) []byte {
	var k expandedKey
	if err := expand(privateKey, &k); err != nil {
		panic(err.Error())
	}
	var dom domain
	signature := make([]byte, SignatureSize)
	sign((*[SignatureSize]byte)(signature), &k, message, &dom)
	k.wipe()
	return signature
}

// Verify reports whether sig is a valid Ed25519 signature of message under
// publicKey (RFC 8032, Section 5.1.7, with the cofactorless equation). Its
// verdict is crypto/ed25519.Verify's on every input, except that a public key
// that is not PublicKeySize bytes long gives false instead of a panic. It
// runs in variable time.
func Verify(publicKey PublicKey, message, sig []byte) bool {
	var A edwards25519.Point
	if err := decodePublicKey(&A, publicKey); err != nil {
		return false
	}
	return verify(&A, publicKey, message, sig, &domain{}) == nil
}

// VerifyWithOptions returns nil if sig is a valid signature of message under
// publicKey in the variant that opts selects, and an error saying what is
// wrong otherwise. opts is read as by [PrivateKey.Sign]: Hash zero for
// Ed25519 (Ed25519ctx if Context is not empty), crypto.SHA512 for Ed25519ph
// with message the SHA-512 digest; a nil opts means Ed25519.
//
// Its verdict, and its error text, are crypto/ed25519.VerifyWithOptions's on
// every input, except that a public key that is not PublicKeySize bytes long
// gives an error instead of a panic. It runs in variable time.
func VerifyWithOptions(publicKey PublicKey, message, sig []byte, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	// The public key first, then the options, as crypto/ed25519 orders its
	// errors.
	var A edwards25519.Point
	if err := decodePublicKey(&A, publicKey); err != nil {
		return err
	}
	var dom domain
	switch {
	case opts.Hash == crypto.SHA512: // Ed25519ph
		if l := len(message); l != sha512.Size {
			return errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		dom = domain{ph: true, on: true, context: opts.Context}
	case opts.Hash == crypto.Hash(0) && opts.Context != "": // Ed25519ctx
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		dom = domain{on: true, context: opts.Context}
	case opts.Hash == crypto.Hash(0): // Ed25519
	default:
		return errors.New("ed25519: expected opts.Hash zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
	return verify(&A, publicKey, message, sig, &dom)
}

// domain is the dom2(phflag, context) prefix of RFC 8032, Section 5.1:
// absent (on == false) for plain Ed25519.
type domain struct {
	on, ph  bool
	context string
}

const domPrefix = "SigEd25519 no Ed25519 collisions"

func (d *domain) write(h interface{ Write([]byte) (int, error) }) {
	if !d.on {
		return
	}
	var flag byte
	if d.ph {
		flag = 1
	}
	h.Write([]byte(domPrefix))
	h.Write([]byte{flag, byte(len(d.context))})
	h.Write([]byte(d.context))
}

// expandedKey is a private key prepared for signing.
type expandedKey struct {
	key    [64]byte // seed || public key, as given
	s      edwards25519.Scalar
	prefix [32]byte
}

// wipe overwrites k with zeros (best effort: the compiler may have kept
// copies of its fields elsewhere).
func (k *expandedKey) wipe() { *k = expandedKey{} }

// fromSeed sets the scalar and prefix of k from seed (RFC 8032, Section
// 5.1.5).
func (k *expandedKey) fromSeed(seed []byte) {
	h := sha512.Sum512(seed)
	k.s.SetBytesWithClamping(h[:32])
	copy(k.prefix[:], h[32:])
	clear(h[:])
}

// sign writes the signature of message by k into sig (RFC 8032, Section
// 5.1.6).
func sign(sig *[SignatureSize]byte, k *expandedKey, message []byte, dom *domain) {
	var digest [64]byte
	h := sha512.New()
	dom.write(h)
	h.Write(k.prefix[:])
	h.Write(message)
	h.Sum(digest[:0])
	var r edwards25519.Scalar
	r.SetUniformBytes(digest[:])

	var R edwards25519.Point
	R.ScalarBaseMult(&r)
	copy(sig[:32], R.Bytes())

	h.Reset()
	dom.write(h)
	h.Write(sig[:32])
	h.Write(k.key[32:])
	h.Write(message)
	h.Sum(digest[:0])
	var c edwards25519.Scalar
	c.SetUniformBytes(digest[:])

	var S edwards25519.Scalar
	S.MultiplyAdd(&c, &k.s, &r)
	copy(sig[32:], S.Bytes())
	r = edwards25519.Scalar{}
}

// decodePublicKey sets A to the point encoded by publicKey, with
// crypto/ed25519's leniency (see edwards25519.Point.SetBytes).
func decodePublicKey(A *edwards25519.Point, publicKey PublicKey) error {
	if l := len(publicKey); l != PublicKeySize {
		return errors.New("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	if _, err := A.SetBytes(publicKey); err != nil {
		return errors.New("ed25519: bad public key")
	}
	return nil
}

// verify checks sig as crypto/ed25519 does (see the package documentation)
// against the public key A, encoded as publicKey.
func verify(A *edwards25519.Point, publicKey PublicKey, message, sig []byte, dom *domain) error {
	if l := len(sig); l != SignatureSize {
		return errors.New("ed25519: bad signature length: " + strconv.Itoa(l))
	}
	if sig[63]&224 != 0 {
		return errors.New("ed25519: invalid signature")
	}
	var S edwards25519.Scalar
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return errors.New("ed25519: invalid signature")
	}

	var digest [64]byte
	h := sha512.New()
	dom.write(h)
	h.Write(sig[:32])
	h.Write(publicKey)
	h.Write(message)
	h.Sum(digest[:0])
	var k edwards25519.Scalar
	k.SetUniformBytes(digest[:])

	// [S]B = R + [k]A  ⇔  [k](−A) + [S]B = R
	var minusA edwards25519.Point
	minusA.Negate(A)
	var R edwards25519.Point
	R.VarTimeDoubleScalarBaseMult(&k, &minusA, &S)
	if subtle.ConstantTimeCompare(sig[:32], R.Bytes()) != 1 {
		return errors.New("ed25519: invalid signature")
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
		return errors.New("ed25519: bad private key length: " + strconv.Itoa(l))
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
	k.key = [64]byte(priv)
	k.fromSeed(priv[:SeedSize])
	var A edwards25519.Point
	A.ScalarBaseMult(&k.s)
	var enc [PublicKeySize]byte
	copy(enc[:], A.Bytes())
	match := subtle.ConstantTimeCompare(enc[:], priv[SeedSize:])
	declassify(&match) // revealed by the error
	if match != 1 {
		k.wipe()
		return errors.New("ed25519: bad private key: public key does not match seed")
	}
	keyCache.Put(pub, k)
	return nil
}
