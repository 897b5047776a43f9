// Package mldsatest provides testing functions for ML-DSA: FIPS 204's
// expanded encoding of private keys (skEncode), for known-answer tests and
// interoperability with implementations that store private keys in that
// form.
//
// Keys stored as their 32-byte seed, which [mldsa.PrivateKey.Bytes]
// returns, are much smaller; use this package only where the expanded form
// is required.
package mldsatest

import (
	"errors"

	"github.com/crypton-go/crypton/pq/internal/mldsa"
	pub "github.com/crypton-go/crypton/pq/mldsa"
)

// ExpandedBytes returns FIPS 204's encoding of the private key sk,
// skEncode(ρ, K, tr, s₁, s₂, t₀) (Algorithm 24): 2560, 4032 or 4896 bytes
// for ML-DSA-44, ML-DSA-65 and ML-DSA-87.
//
// The result must be kept secret.
func ExpandedBytes(sk *pub.PrivateKey) []byte {
	return mldsa.UnwrapPrivateKey(sk).ExpandedBytes()
}

// NewPrivateKeyFromExpanded parses FIPS 204's encoding of a private key of
// parameter set p, skEncode(ρ, K, tr, s₁, s₂, t₀) (Algorithm 25), and
// checks it: its length; the coefficients of s₁ and s₂, which must be in
// [−η, η]; and t₀ and tr, which must be those that ρ, s₁ and s₂ give. The
// public key is recomputed from ρ, s₁ and s₂. The checks run in constant
// time in the secret parts of the key.
//
// The key it returns has no seed: its Bytes method returns nil.
func NewPrivateKeyFromExpanded(p *pub.Parameters, sk []byte) (*pub.PrivateKey, error) {
	var pp *mldsa.Params
	switch p {
	case pub.MLDSA44():
		pp = mldsa.Params44
	case pub.MLDSA65():
		pp = mldsa.Params65
	case pub.MLDSA87():
		pp = mldsa.Params87
	default:
		return nil, errors.New("mldsa: invalid parameters")
	}
	k, err := mldsa.NewPrivateKeyFromExpanded(pp, sk)
	if err != nil {
		return nil, err
	}
	return mldsa.WrapPrivateKey(k).(*pub.PrivateKey), nil
}
