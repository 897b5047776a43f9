// Package mldsa implements ML-DSA, the module-lattice-based digital
// signature algorithm of FIPS 204, with the parameter sets ML-DSA-44,
// ML-DSA-65 and ML-DSA-87.
//
// Its API follows that of the standard library's crypto/mldsa (Go 1.27,
// proposal golang/go#77626): a [Parameters] value chooses the parameter
// set; a [PrivateKey] is a [crypto.Signer] whose Public method returns its
// [*PublicKey]; [Verify] checks a signature. Only pure ML-DSA is offered
// (FIPS 204, Algorithms 2 and 3), with an optional context string of up to
// 255 bytes in [Options]; HashML-DSA, the pre-hash variant, is not. The
// external μ interface ([ComputeMu], [PrivateKey.SignMu], [VerifyMu])
// splits the hashing of the message from the signature, for signers whose
// private key is elsewhere.
//
// ML-DSA-44 is the smallest and fastest; ML-DSA-65 and ML-DSA-87 reach
// higher security categories, and ML-DSA-87 is the one of the CNSA 2.0
// suite.
//
// Private keys are stored as their 32-byte seed ξ, from which FIPS 204's
// key generation derives the rest. Package mldsatest handles FIPS 204's
// expanded encoding, for tests and interoperability.
//
// Signing is hedged by default: it mixes 32 random bytes into the
// randomness that the key and the message determine. Deterministic signing
// is available too.
//
// Key generation and signing run in constant time in the private key: no
// branch and no memory address depends on the seed, the secret vectors s₁,
// s₂ and t₀, the key K or the masking vector y. What the algorithm reveals
// by design is not hidden: the number of attempts of the signing loop, the
// step at which each rejected attempt failed, the challenge c̃ of each
// attempt (a hash of its commitment w₁; the signature holds the last
// one's), and which half bytes the sampling of s₁ and s₂ rejects
// (independent of the values it keeps). Expanding the public matrix Â from its seed ρ by rejection
// sampling takes a time that depends on ρ, which is public; so does
// verification, which works on public values only.
package mldsa

import (
	"crypto"
	"crypto/rand"
	"errors"
	"io"

	"github.com/crypton-go/crypton/pq/internal/mldsa"
)

const (
	// PrivateKeySize is the size of a private key seed ξ.
	PrivateKeySize = 32

	// MLDSA44PublicKeySize is the size of an ML-DSA-44 public key.
	MLDSA44PublicKeySize = 1312

	// MLDSA65PublicKeySize is the size of an ML-DSA-65 public key.
	MLDSA65PublicKeySize = 1952

	// MLDSA87PublicKeySize is the size of an ML-DSA-87 public key.
	MLDSA87PublicKeySize = 2592

	// MLDSA44SignatureSize is the size of an ML-DSA-44 signature.
	MLDSA44SignatureSize = 2420

	// MLDSA65SignatureSize is the size of an ML-DSA-65 signature.
	MLDSA65SignatureSize = 3309

	// MLDSA87SignatureSize is the size of an ML-DSA-87 signature.
	MLDSA87SignatureSize = 4627
)

// muSize is the size of the message representative μ.
const muSize = mldsa.MuSize

// Parameters is an ML-DSA parameter set (FIPS 204, Table 1). Its values are
// returned by [MLDSA44], [MLDSA65] and [MLDSA87], which return the same
// pointer each time, so that parameter sets compare with ==.
type Parameters struct {
	p *mldsa.Params
}

var (
	mldsa44 = &Parameters{mldsa.Params44}
	mldsa65 = &Parameters{mldsa.Params65}
	mldsa87 = &Parameters{mldsa.Params87}
)

// MLDSA44 returns the ML-DSA-44 parameter set (security category 2).
func MLDSA44() *Parameters { return mldsa44 }

// MLDSA65 returns the ML-DSA-65 parameter set (security category 3).
func MLDSA65() *Parameters { return mldsa65 }

// MLDSA87 returns the ML-DSA-87 parameter set (security category 5).
func MLDSA87() *Parameters { return mldsa87 }

// String returns the name of the parameter set: "ML-DSA-44", "ML-DSA-65"
// or "ML-DSA-87".
func (p *Parameters) String() string { return p.p.String() }

// params returns the implementation's parameters of p, or an error if p is
// nil.
func params(p *Parameters) (*mldsa.Params, error) {
	if p == nil || p.p == nil {
		return nil, errors.New("mldsa: invalid parameters")
	}
	return p.p, nil
}

// PrivateKey is an ML-DSA private key. It includes the expanded form of the
// key and its public key, precomputed for signing.
//
// It implements [crypto.Signer].
type PrivateKey struct {
	key *mldsa.PrivateKey
	pub PublicKey
}

var _ crypto.Signer = (*PrivateKey)(nil)

// PublicKey is an ML-DSA public key. It includes the matrix Â that its seed
// expands to, precomputed for verification.
type PublicKey struct {
	key *mldsa.PublicKey
}

func wrapPrivateKey(k *mldsa.PrivateKey) *PrivateKey {
	return &PrivateKey{key: k, pub: PublicKey{key: k.PublicKey()}}
}

// GenerateKey generates a new private key of parameter set p, drawing its
// seed from the default crypto/rand source. The private key must be kept
// secret.
func GenerateKey(p *Parameters) (*PrivateKey, error) {
	var seed [PrivateKeySize]byte
	rand.Read(seed[:]) // never fails, by its documentation
	return NewPrivateKey(p, seed[:])
}

// NewPrivateKey derives the private key of parameter set p from a 32-byte
// seed ξ (FIPS 204, Algorithm 6, ML-DSA.KeyGen_internal). The seed must be
// uniformly random and kept secret.
func NewPrivateKey(p *Parameters, seed []byte) (*PrivateKey, error) {
	pp, err := params(p)
	if err != nil {
		return nil, err
	}
	k, err := mldsa.NewPrivateKey(pp, seed)
	if err != nil {
		return nil, err
	}
	return wrapPrivateKey(k), nil
}

// NewPublicKey parses a public key of parameter set p in the encoding of
// FIPS 204 (pkEncode, Algorithm 22). It returns an error if b has the
// wrong length, the only way that an encoding can be invalid.
func NewPublicKey(p *Parameters, b []byte) (*PublicKey, error) {
	pp, err := params(p)
	if err != nil {
		return nil, err
	}
	k, err := mldsa.NewPublicKey(pp, b)
	if err != nil {
		return nil, err
	}
	return &PublicKey{key: k}, nil
}

// Bytes returns the private key as its 32-byte seed ξ, or nil for a key
// made from FIPS 204's expanded encoding (see package mldsatest), which
// does not contain the seed.
//
// The private key must be kept secret.
func (sk *PrivateKey) Bytes() []byte { return sk.key.Seed() }

// PublicKey returns the public key of sk.
func (sk *PrivateKey) PublicKey() *PublicKey { return &sk.pub }

// Public returns the public key of sk, a [*PublicKey].
//
// It implements [crypto.Signer].
func (sk *PrivateKey) Public() crypto.PublicKey { return &sk.pub }

// Equal reports whether sk and x are the same private key: x is a
// [*PrivateKey] of the same parameter set that signs alike. The
// comparison runs in constant time. A key made from a seed equals the same
// key made from its expanded encoding.
func (sk *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok || xx == nil {
		return false
	}
	return sk.key.Equal(xx.key)
}

// Options holds the options of ML-DSA signing and verification. A nil
// *Options is the same as the zero value.
//
// It implements [crypto.SignerOpts].
type Options struct {
	// Context is the context string of FIPS 204, at most 255 bytes, which
	// separates the signatures of one application or protocol from
	// another's. The empty context is the default.
	Context string
}

// HashFunc returns 0: ML-DSA signs the message itself, not its hash.
//
// It implements [crypto.SignerOpts].
func (*Options) HashFunc() crypto.Hash { return 0 }

// context returns the context string of opts.
func (o *Options) context() string {
	if o == nil {
		return ""
	}
	return o.Context
}

// signerContext returns the context string of the options of
// [PrivateKey.Sign]: nil, an [*Options], or any crypto.SignerOpts whose
// HashFunc returns 0 (the empty context).
func signerContext(opts crypto.SignerOpts) (string, error) {
	switch o := opts.(type) {
	case nil:
		return "", nil
	case *Options:
		return o.context(), nil
	}
	if opts.HashFunc() != 0 {
		return "", errors.New("mldsa: cannot sign a pre-hashed message: HashML-DSA is not supported")
	}
	return "", nil
}

// Sign returns the ML-DSA signature of message with the private key sk
// (FIPS 204, Algorithm 2, ML-DSA.Sign): pure ML-DSA of the message itself,
// with the context string of opts, which is nil or an [*Options]. Any opts
// whose HashFunc is not zero is an error, as the pre-hash variant
// HashML-DSA is not supported.
//
// The signature is hedged: 32 bytes of randomness rnd are read from rand,
// or from the default crypto/rand source if rand is nil, and mixed with
// the key and the message. If rand fails to provide them, Sign returns an
// error.
//
// It implements [crypto.Signer].
func (sk *PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	ctx, err := signerContext(opts)
	if err != nil {
		return nil, err
	}
	// The context is checked before any randomness is read.
	mu, err := sk.pub.key.ComputeMu(message, ctx)
	if err != nil {
		return nil, err
	}
	rnd, err := readRandom(rand)
	if err != nil {
		return nil, err
	}
	return sk.key.SignMu(&mu, &rnd), nil
}

// SignDeterministic returns the deterministic ML-DSA signature of message
// with the private key sk and the context string of opts (FIPS 204,
// Algorithm 2, with rnd all zeros): the same message always gets the same
// signature. FIPS 204 advises the hedged variant, [PrivateKey.Sign], where
// side channels or fault attacks are a concern.
func (sk *PrivateKey) SignDeterministic(message []byte, opts *Options) ([]byte, error) {
	mu, err := sk.pub.key.ComputeMu(message, opts.context())
	if err != nil {
		return nil, err
	}
	var rnd [mldsa.RandomSize]byte
	return sk.key.SignMu(&mu, &rnd), nil
}

// SignMu returns the ML-DSA signature with the private key sk of the
// 64-byte message representative mu, computed by [ComputeMu] with the
// public key of sk: ML-DSA.Sign_internal (FIPS 204, Algorithm 7) from line
// 7, the "external μ" of FIPS 204, section 6.2. The signature is hedged
// with 32 bytes from rand, or from the default crypto/rand source if rand
// is nil, as in [PrivateKey.Sign].
func (sk *PrivateKey) SignMu(rand io.Reader, mu []byte) ([]byte, error) {
	if len(mu) != muSize {
		return nil, errors.New("mldsa: invalid message representative length")
	}
	rnd, err := readRandom(rand)
	if err != nil {
		return nil, err
	}
	return sk.key.SignMu((*[muSize]byte)(mu), &rnd), nil
}

// SignMuDeterministic returns the deterministic ML-DSA signature with the
// private key sk of the 64-byte message representative mu, as
// [PrivateKey.SignMu] with rnd all zeros.
func (sk *PrivateKey) SignMuDeterministic(mu []byte) ([]byte, error) {
	if len(mu) != muSize {
		return nil, errors.New("mldsa: invalid message representative length")
	}
	var rnd [mldsa.RandomSize]byte
	return sk.key.SignMu((*[muSize]byte)(mu), &rnd), nil
}

// readRandom returns the 32 bytes of rnd read from r, or from crypto/rand
// if r is nil.
func readRandom(r io.Reader) (rnd [mldsa.RandomSize]byte, err error) {
	if r == nil {
		rand.Read(rnd[:]) // never fails, by its documentation
		return rnd, nil
	}
	// A buffer of its own, as what is passed to an io.Reader escapes to
	// the heap.
	b := make([]byte, mldsa.RandomSize)
	if _, err := io.ReadFull(r, b); err != nil {
		return rnd, errors.New("mldsa: cannot read randomness: " + err.Error())
	}
	copy(rnd[:], b)
	clear(b)
	return rnd, nil
}

// Bytes returns the public key in the encoding of FIPS 204 (pkEncode,
// Algorithm 22).
func (pk *PublicKey) Bytes() []byte { return pk.key.Bytes() }

// Parameters returns the parameter set of pk.
func (pk *PublicKey) Parameters() *Parameters {
	switch pk.key.Params() {
	case mldsa.Params44:
		return mldsa44
	case mldsa.Params65:
		return mldsa65
	default:
		return mldsa87
	}
}

// Equal reports whether pk and x are the same public key: x is a
// [*PublicKey] of the same parameter set with the same encoding.
func (pk *PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(*PublicKey)
	if !ok || xx == nil {
		return false
	}
	return pk.key.Equal(xx.key)
}

// Verify checks the ML-DSA signature of message with the public key pk and
// the context string of opts, which may be nil for the empty context (FIPS
// 204, Algorithm 3, ML-DSA.Verify). It returns nil if the signature is
// valid, and an error otherwise: a malformed signature, of the wrong
// length or with a non-canonical encoding of its hints, is an error too.
//
// Verification works on public values only and is not constant time.
func Verify(pk *PublicKey, message, signature []byte, opts *Options) error {
	if pk == nil || pk.key == nil {
		return errors.New("mldsa: invalid public key")
	}
	return pk.key.Verify(message, opts.context(), signature)
}

// ComputeMu returns the 64-byte message representative μ of message for
// the public key pk and the context string of opts (FIPS 204, Algorithm 7,
// line 6, with M′ as in Algorithm 2): μ = SHAKE256(tr ‖ 0 ‖ len(ctx) ‖
// ctx ‖ message, 64 bytes), where tr is the hash of pk. [PrivateKey.SignMu]
// signs it and [VerifyMu] verifies its signatures, which are those of
// message with the same context.
func ComputeMu(pk *PublicKey, message []byte, opts *Options) ([]byte, error) {
	if pk == nil || pk.key == nil {
		return nil, errors.New("mldsa: invalid public key")
	}
	mu, err := pk.key.ComputeMu(message, opts.context())
	if err != nil {
		return nil, err
	}
	return mu[:], nil
}

// VerifyMu checks the ML-DSA signature of the 64-byte message
// representative mu with the public key pk: ML-DSA.Verify_internal (FIPS
// 204, Algorithm 8) from line 8. It returns nil if the signature is valid,
// and an error otherwise, as [Verify] does.
func VerifyMu(pk *PublicKey, mu, signature []byte) error {
	if pk == nil || pk.key == nil {
		return errors.New("mldsa: invalid public key")
	}
	if len(mu) != muSize {
		return errors.New("mldsa: invalid message representative length")
	}
	return pk.key.VerifyMu((*[muSize]byte)(mu), signature)
}

func init() {
	mldsa.WrapPrivateKey = func(k *mldsa.PrivateKey) any { return wrapPrivateKey(k) }
	mldsa.UnwrapPrivateKey = func(k any) *mldsa.PrivateKey { return k.(*PrivateKey).key }
}
