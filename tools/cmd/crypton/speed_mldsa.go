package main

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"github.com/crypton-go/crypton/pq/mldsa"
)

// mldsaSpeedAlgs are the per-operation (µs/op) rows of ML-DSA (FIPS 204):
// key generation, signing and verification for each parameter set, of pure
// ML-DSA with the empty context on a 32-byte message. Go 1.26 has no
// ML-DSA (crypto/mldsa is planned for Go 1.27), so the Go column is
// CIRCL's sign/mldsa, and the notes say so; OpenSSL 3.0 has none either
// (3.5 added it): the OpenSSL column is blank.
//
// Key generation draws a fresh seed from crypto/rand on both sides.
// Signing is hedged on both sides (32 random bytes from crypto/rand per
// signature, FIPS 204's default), so that the number of attempts of the
// signing loop varies from one signature to the next and the figure is its
// mean. Verification checks the same signature on both sides, crypton's
// with a public key parsed from CIRCL's encoding.
var mldsaSpeedAlgs = slices.Concat(
	mldsaAlgs(mldsaSpeedSets[0]),
	mldsaAlgs(mldsaSpeedSets[1]),
	mldsaAlgs(mldsaSpeedSets[2]),
)

// mldsaSpeedMsg is the message the rows sign and verify.
var mldsaSpeedMsg = []byte("crypton speed: a 32-byte message")

// mldsaSpeedSets are the parameter sets of the rows, in table order.
var mldsaSpeedSets = []mldsaSet{
	{"ML-DSA-44", mldsa.MLDSA44(), circlPeer + "/sign/mldsa/mldsa44",
		newCirclDSA(mldsa44.GenerateKey, mldsa44.NewKeyFromSeed, mldsa44.SignTo, mldsa44.Verify, (*mldsa44.PublicKey).Bytes, mldsa44.SignatureSize)},
	{"ML-DSA-65", mldsa.MLDSA65(), circlPeer + "/sign/mldsa/mldsa65",
		newCirclDSA(mldsa65.GenerateKey, mldsa65.NewKeyFromSeed, mldsa65.SignTo, mldsa65.Verify, (*mldsa65.PublicKey).Bytes, mldsa65.SignatureSize)},
	{"ML-DSA-87", mldsa.MLDSA87(), circlPeer + "/sign/mldsa/mldsa87",
		newCirclDSA(mldsa87.GenerateKey, mldsa87.NewKeyFromSeed, mldsa87.SignTo, mldsa87.Verify, (*mldsa87.PublicKey).Bytes, mldsa87.SignatureSize)},
}

// mldsaSet is one ML-DSA parameter set: crypton's, and CIRCL's from the
// package circlPeer.
type mldsaSet struct {
	name      string
	params    *mldsa.Parameters
	circlPeer string
	circl     circlDSA
}

// circlDSA is one of CIRCL's ML-DSA packages, whose functions differ from
// the others' only in their key types.
type circlDSA struct {
	generate func() error // a key pair from crypto/rand
	fromSeed func(seed *[mldsa.PrivateKeySize]byte) circlDSAKey
}

// circlDSAKey is a CIRCL ML-DSA key pair.
type circlDSAKey struct {
	pub []byte // the public key's encoding
	// sign signs msg with the empty context, hedged or deterministically,
	// into a new signature.
	sign func(msg []byte, randomized bool) ([]byte, error)
	// verify checks sig on msg with the empty context.
	verify func(msg, sig []byte) bool
}

// newCirclDSA makes the circlDSA of the CIRCL package whose functions it
// is given.
func newCirclDSA[PK, SK any](
	generate func(io.Reader) (*PK, *SK, error),
	fromSeed func(*[mldsa.PrivateKeySize]byte) (*PK, *SK),
	signTo func(sk *SK, msg, ctx []byte, randomized bool, sig []byte) error,
	verify func(pk *PK, msg, ctx, sig []byte) bool,
	encode func(*PK) []byte,
	sigSize int,
) circlDSA {
	return circlDSA{
		generate: func() error {
			_, sk, err := generate(nil)
			if err == nil && sk == nil {
				err = errors.New("no key and no error")
			}
			return err
		},
		fromSeed: func(seed *[mldsa.PrivateKeySize]byte) circlDSAKey {
			pk, sk := fromSeed(seed)
			return circlDSAKey{
				pub: encode(pk),
				sign: func(msg []byte, randomized bool) ([]byte, error) {
					sig := make([]byte, sigSize)
					return sig, signTo(sk, msg, nil, randomized, sig)
				},
				verify: func(msg, sig []byte) bool { return verify(pk, msg, nil, sig) },
			}
		},
	}
}

// mldsaAlgs are the three rows of one parameter set.
func mldsaAlgs(s mldsaSet) []speedAlg {
	var algs []speedAlg
	for _, op := range []string{"keygen", "sign", "verify"} {
		algs = append(algs, speedAlg{
			name: s.name + " " + op, family: "mldsa", pkg: "mldsa,sha3", unit: unitUsOp,
			goPeer: s.circlPeer,
			setup:  func() (c, g func() error, err error) { return mldsaSetup(s, op) },
		})
	}
	return algs
}

// mldsaKeys are the keys of one setup, made from the same seed: crypton's
// private key, its public key parsed from CIRCL's encoding, and CIRCL's
// key pair; sig is a hedged signature of mldsaSpeedMsg by crypton.
type mldsaKeys struct {
	crypton *mldsa.PrivateKey
	pub     *mldsa.PublicKey
	circl   circlDSAKey
	sig     []byte
}

// newMLDSAKeys makes a key pair from a random seed on both sides and
// checks that they agree: the same public key, each side accepting the
// other's hedged signature and rejecting it with a bit flipped, and the
// same deterministic signature.
func newMLDSAKeys(s mldsaSet) (mldsaKeys, error) {
	var seed [mldsa.PrivateKeySize]byte
	if _, err := rand.Read(seed[:]); err != nil {
		return mldsaKeys{}, err
	}
	var keys mldsaKeys
	var err error
	if keys.crypton, err = mldsa.NewPrivateKey(s.params, seed[:]); err != nil {
		return mldsaKeys{}, fmt.Errorf("crypton: %v", err)
	}
	keys.circl = s.circl.fromSeed(&seed)
	if !bytes.Equal(keys.crypton.PublicKey().Bytes(), keys.circl.pub) {
		return mldsaKeys{}, errors.New("crypton's public key differs from CIRCL's for the same seed")
	}
	if keys.pub, err = mldsa.NewPublicKey(s.params, keys.circl.pub); err != nil {
		return mldsaKeys{}, fmt.Errorf("crypton: parsing CIRCL's public key: %v", err)
	}
	msg := mldsaSpeedMsg
	if keys.sig, err = keys.crypton.Sign(nil, msg, nil); err != nil {
		return mldsaKeys{}, fmt.Errorf("crypton: %v", err)
	}
	csig, err := keys.circl.sign(msg, true)
	if err != nil {
		return mldsaKeys{}, fmt.Errorf("CIRCL: %v", err)
	}
	if !keys.circl.verify(msg, keys.sig) {
		return mldsaKeys{}, errors.New("CIRCL rejects crypton's signature")
	}
	if err := mldsa.Verify(keys.pub, msg, csig, nil); err != nil {
		return mldsaKeys{}, fmt.Errorf("crypton rejects CIRCL's signature: %v", err)
	}
	for _, sig := range [][]byte{keys.sig, csig} {
		bad := bytes.Clone(sig)
		bad[len(bad)/3] ^= 1
		if keys.circl.verify(msg, bad) {
			return mldsaKeys{}, errors.New("CIRCL accepts a corrupted signature")
		}
		if mldsa.Verify(keys.pub, msg, bad, nil) == nil {
			return mldsaKeys{}, errors.New("crypton accepts a corrupted signature")
		}
	}
	dsig, err := keys.crypton.SignDeterministic(msg, nil)
	if err != nil {
		return mldsaKeys{}, fmt.Errorf("crypton: %v", err)
	}
	cdsig, err := keys.circl.sign(msg, false)
	if err != nil {
		return mldsaKeys{}, fmt.Errorf("CIRCL: %v", err)
	}
	if !bytes.Equal(dsig, cdsig) {
		return mldsaKeys{}, errors.New("crypton's deterministic signature differs from CIRCL's")
	}
	return keys, nil
}

// mldsaSetup prepares one row of parameter set s: op is "keygen", "sign"
// or "verify". It returns crypton's and CIRCL's operation.
func mldsaSetup(s mldsaSet, op string) (c, g func() error, err error) {
	keys, err := newMLDSAKeys(s)
	if err != nil {
		return nil, nil, err
	}
	msg := mldsaSpeedMsg
	switch op {
	case "keygen":
		c = func() error {
			sk, err := mldsa.GenerateKey(s.params)
			if err == nil && sk == nil {
				err = errors.New("no key and no error")
			}
			return err
		}
		g = s.circl.generate
	case "sign":
		c = func() error {
			sig, err := keys.crypton.Sign(nil, msg, nil)
			if err == nil {
				sink ^= sig[0]
			}
			return err
		}
		g = func() error {
			sig, err := keys.circl.sign(msg, true)
			if err == nil {
				sink ^= sig[0]
			}
			return err
		}
	case "verify":
		c = func() error { return mldsa.Verify(keys.pub, msg, keys.sig, nil) }
		g = func() error {
			if !keys.circl.verify(msg, keys.sig) {
				return errors.New("CIRCL rejects the signature")
			}
			return nil
		}
	default:
		return nil, nil, fmt.Errorf("unknown ML-DSA operation %q", op)
	}
	return c, g, nil
}
