package main

import (
	"bytes"
	"crypto"
	gomlkem "crypto/mlkem"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"

	"github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"

	"github.com/crypton-go/crypton/pq/mlkem"
)

// mlkemSpeedAlgs are the per-operation (µs/op) rows of ML-KEM (FIPS 203):
// key generation, encapsulation and decapsulation for each parameter set,
// against two Go peers, crypto/mlkem and CIRCL's kem/mlkem, of which the
// Go column shows the faster (see speedAlg.setupAlt). crypto/mlkem has no
// ML-KEM-512, whose rows have CIRCL as their only peer. crypton and Go are
// driven through Go 1.26's crypto.Decapsulator and crypto.Encapsulator,
// which both packages implement, and CIRCL's kem.Scheme through the same
// interfaces (circlDecapsulator). OpenSSL 3.0 has no ML-KEM (3.5 added
// it): the OpenSSL column is blank.
//
// The encapsulation and decapsulation rows use one key made from the same
// seed on every side, and decapsulate the same ciphertext.
var mlkemSpeedAlgs = slices.Concat(
	mlkemAlgs(mlkemSpeedSets[0]),
	mlkemAlgs(mlkemSpeedSets[1]),
	mlkemAlgs(mlkemSpeedSets[2]),
)

// mlkemGoPeer names the standard library's peer in the notes of the
// ML-KEM rows that have two peers.
const mlkemGoPeer = "crypto/mlkem"

// mlkemSpeedSets are the parameter sets of the rows, in table order.
var mlkemSpeedSets = []mlkemSet{
	{
		name:            "ML-KEM-512",
		cryptonGenerate: decapsulator(mlkem.GenerateKey512),
		cryptonFromSeed: decapsulatorFromSeed(mlkem.NewDecapsulationKey512),
		circl:           mlkem512.Scheme(),
		circlPeer:       circlPeer + "/kem/mlkem/mlkem512",
	},
	{
		name:            "ML-KEM-768",
		cryptonGenerate: decapsulator(mlkem.GenerateKey768),
		cryptonFromSeed: decapsulatorFromSeed(mlkem.NewDecapsulationKey768),
		goGenerate:      decapsulator(gomlkem.GenerateKey768),
		goFromSeed:      decapsulatorFromSeed(gomlkem.NewDecapsulationKey768),
		circl:           mlkem768.Scheme(),
		circlPeer:       circlPeer + "/kem/mlkem/mlkem768",
	},
	{
		name:            "ML-KEM-1024",
		cryptonGenerate: decapsulator(mlkem.GenerateKey1024),
		cryptonFromSeed: decapsulatorFromSeed(mlkem.NewDecapsulationKey1024),
		goGenerate:      decapsulator(gomlkem.GenerateKey1024),
		goFromSeed:      decapsulatorFromSeed(gomlkem.NewDecapsulationKey1024),
		circl:           mlkem1024.Scheme(),
		circlPeer:       circlPeer + "/kem/mlkem/mlkem1024",
	},
}

// mlkemSet is one ML-KEM parameter set on each side: for crypton and Go, a
// key from crypto/rand and a key from a 64-byte seed (d ‖ z); the Go
// functions are nil when Go's standard library lacks the parameter set.
// circl is CIRCL's scheme, from the package circlPeer.
type mlkemSet struct {
	name                        string
	cryptonGenerate, goGenerate func() (crypto.Decapsulator, error)
	cryptonFromSeed, goFromSeed func(seed []byte) (crypto.Decapsulator, error)
	circl                       kem.Scheme
	circlPeer                   string
}

// mlkemSeedSize is the length of an ML-KEM seed, d ‖ z.
const mlkemSeedSize = 64

func decapsulator[K crypto.Decapsulator](f func() (K, error)) func() (crypto.Decapsulator, error) {
	return func() (crypto.Decapsulator, error) {
		k, err := f()
		if err != nil {
			return nil, err
		}
		return k, nil
	}
}

func decapsulatorFromSeed[K crypto.Decapsulator](f func([]byte) (K, error)) func([]byte) (crypto.Decapsulator, error) {
	return func(seed []byte) (crypto.Decapsulator, error) {
		k, err := f(seed)
		if err != nil {
			return nil, err
		}
		return k, nil
	}
}

// circlDecapsulator is a CIRCL ML-KEM key pair as a crypto.Decapsulator,
// used through the scheme that made it.
type circlDecapsulator struct {
	sk kem.PrivateKey
	ek circlEncapsulator
}

func newCirclDecapsulator(s kem.Scheme, pk kem.PublicKey, sk kem.PrivateKey) *circlDecapsulator {
	return &circlDecapsulator{sk: sk, ek: circlEncapsulator{s, pk}}
}

func (k *circlDecapsulator) Encapsulator() crypto.Encapsulator { return &k.ek }

func (k *circlDecapsulator) Decapsulate(ciphertext []byte) ([]byte, error) {
	return k.ek.scheme.Decapsulate(k.sk, ciphertext)
}

// circlEncapsulator is a CIRCL ML-KEM public key as a crypto.Encapsulator.
type circlEncapsulator struct {
	scheme kem.Scheme
	pk     kem.PublicKey
}

// Bytes encodes the key, which CIRCL does each time it is asked: only the
// setup checks ask, not the operations measured.
func (k *circlEncapsulator) Bytes() []byte {
	b, err := k.pk.MarshalBinary()
	if err != nil {
		panic(err) // cannot happen: CIRCL's ML-KEM keys always encode
	}
	return b
}

func (k *circlEncapsulator) Encapsulate() (sharedKey, ciphertext []byte) {
	ct, ss, err := k.scheme.Encapsulate(k.pk)
	if err != nil {
		panic(err) // cannot happen: the key is the scheme's own
	}
	return ss, ct
}

// circlGenerate returns a function that generates a key of scheme s from
// crypto/rand.
func circlGenerate(s kem.Scheme) func() (crypto.Decapsulator, error) {
	return func() (crypto.Decapsulator, error) {
		pk, sk, err := s.GenerateKeyPair()
		if err != nil {
			return nil, err
		}
		return newCirclDecapsulator(s, pk, sk), nil
	}
}

// circlFromSeed derives the key of scheme s from a 64-byte seed d ‖ z.
func circlFromSeed(s kem.Scheme, seed []byte) (crypto.Decapsulator, error) {
	if len(seed) != s.SeedSize() {
		return nil, fmt.Errorf("%d-byte seed, want %d", len(seed), s.SeedSize())
	}
	pk, sk := s.DeriveKeyPair(seed)
	return newCirclDecapsulator(s, pk, sk), nil
}

// mlkemAlgs are the three rows of one parameter set: against crypto/mlkem
// and CIRCL where the standard library has the set, else against CIRCL
// alone.
func mlkemAlgs(s mlkemSet) []speedAlg {
	var algs []speedAlg
	for _, op := range []string{"keygen", "encapsulate", "decapsulate"} {
		a := speedAlg{name: s.name + " " + op, family: "mlkem", pkg: "mlkem,sha3", unit: unitUsOp}
		if s.goGenerate != nil {
			a.goName, a.altPeer = mlkemGoPeer, s.circlPeer
			a.setupAlt = func() (c, g, alt func() error, err error) { return mlkemSetup(s, op) }
		} else {
			a.goPeer = s.circlPeer
			a.setup = func() (c, g func() error, err error) {
				c, _, g, err = mlkemSetup(s, op)
				return c, g, err
			}
		}
		algs = append(algs, a)
	}
	return algs
}

// mlkemKeys are the keys of one setup: crypton's, and Go's and CIRCL's
// from the same seed (Go's nil without a Go counterpart).
type mlkemKeys struct {
	crypton, gostd, circl crypto.Decapsulator
}

// newMLKEMKeys makes a key from a random seed on each side and checks that
// each peer agrees with crypton (checkMLKEMPeer).
func newMLKEMKeys(s mlkemSet) (mlkemKeys, error) {
	seed := make([]byte, mlkemSeedSize)
	if _, err := rand.Read(seed); err != nil {
		return mlkemKeys{}, err
	}
	var keys mlkemKeys
	var err error
	if keys.crypton, err = s.cryptonFromSeed(seed); err != nil {
		return mlkemKeys{}, fmt.Errorf("crypton: %v", err)
	}
	if s.goFromSeed != nil {
		if keys.gostd, err = s.goFromSeed(seed); err != nil {
			return mlkemKeys{}, fmt.Errorf("Go: %v", err)
		}
		if err := checkMLKEMPeer(keys.crypton, keys.gostd); err != nil {
			return mlkemKeys{}, fmt.Errorf("against Go: %v", err)
		}
	}
	if keys.circl, err = circlFromSeed(s.circl, seed); err != nil {
		return mlkemKeys{}, fmt.Errorf("CIRCL: %v", err)
	}
	if err := checkMLKEMPeer(keys.crypton, keys.circl); err != nil {
		return mlkemKeys{}, fmt.Errorf("against CIRCL: %v", err)
	}
	return keys, nil
}

// checkMLKEMPeer checks that crypton's key and a peer's, made from the
// same seed, agree: the same encapsulation key, each side decapsulating the
// other's ciphertexts to the same shared key, and the same
// implicit-rejection key for a ciphertext with a bit flipped, which must
// differ from the shared key.
func checkMLKEMPeer(crypton, peer crypto.Decapsulator) error {
	if !bytes.Equal(crypton.Encapsulator().Bytes(), peer.Encapsulator().Bytes()) {
		return errors.New("crypton's encapsulation key differs from the peer's for the same seed")
	}
	// Each side's ciphertext, decapsulated by the other.
	for _, dir := range []struct{ enc, dec crypto.Decapsulator }{{crypton, peer}, {peer, crypton}} {
		k, ct := dir.enc.Encapsulator().Encapsulate()
		got, err := dir.dec.Decapsulate(ct)
		if err != nil {
			return fmt.Errorf("decapsulating a fresh ciphertext: %v", err)
		}
		if !bytes.Equal(got, k) {
			return errors.New("decapsulation does not give the encapsulated shared key")
		}
		bad := bytes.Clone(ct)
		bad[len(bad)/2] ^= 1
		rc, err := crypton.Decapsulate(bad)
		if err != nil {
			return fmt.Errorf("crypton: decapsulating a corrupted ciphertext: %v", err)
		}
		if bytes.Equal(rc, k) {
			return errors.New("crypton decapsulates a corrupted ciphertext to the shared key")
		}
		rp, err := peer.Decapsulate(bad)
		if err != nil {
			return fmt.Errorf("decapsulating a corrupted ciphertext: %v", err)
		}
		if !bytes.Equal(rc, rp) {
			return errors.New("crypton's implicit-rejection key differs from the peer's")
		}
	}
	return nil
}

// mlkemSetup prepares one row of parameter set s: op is "keygen",
// "encapsulate" or "decapsulate". It returns crypton's, Go's (nil without
// a Go counterpart) and CIRCL's operation.
func mlkemSetup(s mlkemSet, op string) (c, g, circl func() error, err error) {
	keys, err := newMLKEMKeys(s)
	if err != nil {
		return nil, nil, nil, err
	}
	switch op {
	case "keygen":
		keygen := func(gen func() (crypto.Decapsulator, error)) func() error {
			return func() error {
				dk, err := gen()
				if err == nil && dk == nil {
					err = errors.New("no key and no error")
				}
				return err
			}
		}
		c, circl = keygen(s.cryptonGenerate), keygen(circlGenerate(s.circl))
		if s.goGenerate != nil {
			g = keygen(s.goGenerate)
		}
	case "encapsulate":
		encaps := func(dk crypto.Decapsulator) func() error {
			ek := dk.Encapsulator()
			return func() error {
				k, ct := ek.Encapsulate()
				sink ^= k[0] ^ ct[0]
				return nil
			}
		}
		c, circl = encaps(keys.crypton), encaps(keys.circl)
		if keys.gostd != nil {
			g = encaps(keys.gostd)
		}
	case "decapsulate":
		_, ct := keys.crypton.Encapsulator().Encapsulate()
		decaps := func(dk crypto.Decapsulator) func() error {
			return func() error {
				k, err := dk.Decapsulate(ct)
				if err == nil {
					sink ^= k[0]
				}
				return err
			}
		}
		c, circl = decaps(keys.crypton), decaps(keys.circl)
		if keys.gostd != nil {
			g = decaps(keys.gostd)
		}
	default:
		return nil, nil, nil, fmt.Errorf("unknown ML-KEM operation %q", op)
	}
	return c, g, circl, nil
}
