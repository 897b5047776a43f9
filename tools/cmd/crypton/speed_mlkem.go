package main

import (
	"bytes"
	"crypto"
	gomlkem "crypto/mlkem"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"

	"github.com/crypton-go/crypton/pq/mlkem"
)

// mlkemSpeedAlgs are the per-operation (µs/op) rows of ML-KEM (FIPS 203):
// key generation, encapsulation and decapsulation for each parameter set,
// against crypto/mlkem, which has no ML-KEM-512. Both sides are driven
// through Go 1.26's crypto.Decapsulator and crypto.Encapsulator, which
// both packages implement. OpenSSL 3.0 has no ML-KEM (3.5 added it): the
// OpenSSL column is blank.
//
// The encapsulation and decapsulation rows use one key made from the same
// seed on both sides, and decapsulate the same ciphertext.
var mlkemSpeedAlgs = slices.Concat(
	mlkemAlgs(mlkemSpeedSets[0]),
	mlkemAlgs(mlkemSpeedSets[1]),
	mlkemAlgs(mlkemSpeedSets[2]),
)

// mlkemSpeedSets are the parameter sets of the rows, in table order.
var mlkemSpeedSets = []mlkemSet{
	{
		name:            "ML-KEM-512",
		cryptonGenerate: decapsulator(mlkem.GenerateKey512),
		cryptonFromSeed: decapsulatorFromSeed(mlkem.NewDecapsulationKey512),
	},
	{
		name:            "ML-KEM-768",
		cryptonGenerate: decapsulator(mlkem.GenerateKey768),
		cryptonFromSeed: decapsulatorFromSeed(mlkem.NewDecapsulationKey768),
		goGenerate:      decapsulator(gomlkem.GenerateKey768),
		goFromSeed:      decapsulatorFromSeed(gomlkem.NewDecapsulationKey768),
	},
	{
		name:            "ML-KEM-1024",
		cryptonGenerate: decapsulator(mlkem.GenerateKey1024),
		cryptonFromSeed: decapsulatorFromSeed(mlkem.NewDecapsulationKey1024),
		goGenerate:      decapsulator(gomlkem.GenerateKey1024),
		goFromSeed:      decapsulatorFromSeed(gomlkem.NewDecapsulationKey1024),
	},
}

// mlkemSet is one ML-KEM parameter set on both sides: a key from
// crypto/rand and a key from a 64-byte seed (d ‖ z). The Go functions are
// nil when Go's standard library lacks the parameter set.
type mlkemSet struct {
	name                        string
	cryptonGenerate, goGenerate func() (crypto.Decapsulator, error)
	cryptonFromSeed, goFromSeed func(seed []byte) (crypto.Decapsulator, error)
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

// mlkemAlgs are the three rows of one parameter set.
func mlkemAlgs(s mlkemSet) []speedAlg {
	var algs []speedAlg
	for _, op := range []string{"keygen", "encapsulate", "decapsulate"} {
		a := speedAlg{
			name: s.name + " " + op, family: "mlkem", pkg: "mlkem,sha3", unit: unitUsOp,
			setup: func() (c, g func() error, err error) { return mlkemSetup(s, op) },
		}
		if s.goGenerate == nil {
			a.noGo = "Go's standard library has no " + s.name
		}
		algs = append(algs, a)
	}
	return algs
}

// mlkemKeys are the keys of one setup: crypton's, and Go's from the same
// seed (nil without a Go counterpart).
type mlkemKeys struct {
	crypton, gostd crypto.Decapsulator
}

// newMLKEMKeys makes a key from a random seed on both sides and checks
// that the two agree: the same encapsulation key, each side decapsulating
// the other's ciphertexts to the same shared key, and the same
// implicit-rejection key for a ciphertext with a bit flipped, which must
// differ from the shared key. Without a Go counterpart, crypton is checked
// against itself.
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
	peer := keys.crypton
	if s.goFromSeed != nil {
		if keys.gostd, err = s.goFromSeed(seed); err != nil {
			return mlkemKeys{}, fmt.Errorf("Go: %v", err)
		}
		peer = keys.gostd
		if !bytes.Equal(keys.crypton.Encapsulator().Bytes(), peer.Encapsulator().Bytes()) {
			return mlkemKeys{}, errors.New("crypton's encapsulation key differs from Go's for the same seed")
		}
	}
	// Each side's ciphertext, decapsulated by the other.
	for _, dir := range []struct{ enc, dec crypto.Decapsulator }{{keys.crypton, peer}, {peer, keys.crypton}} {
		k, ct := dir.enc.Encapsulator().Encapsulate()
		got, err := dir.dec.Decapsulate(ct)
		if err != nil {
			return mlkemKeys{}, fmt.Errorf("decapsulating a fresh ciphertext: %v", err)
		}
		if !bytes.Equal(got, k) {
			return mlkemKeys{}, errors.New("decapsulation does not give the encapsulated shared key")
		}
		bad := bytes.Clone(ct)
		bad[len(bad)/2] ^= 1
		rc, err := keys.crypton.Decapsulate(bad)
		if err != nil {
			return mlkemKeys{}, fmt.Errorf("crypton: decapsulating a corrupted ciphertext: %v", err)
		}
		if bytes.Equal(rc, k) {
			return mlkemKeys{}, errors.New("crypton decapsulates a corrupted ciphertext to the shared key")
		}
		rp, err := peer.Decapsulate(bad)
		if err != nil {
			return mlkemKeys{}, fmt.Errorf("decapsulating a corrupted ciphertext: %v", err)
		}
		if !bytes.Equal(rc, rp) {
			return mlkemKeys{}, errors.New("crypton's implicit-rejection key differs from Go's (or from its own for the same ciphertext)")
		}
	}
	return keys, nil
}

// mlkemSetup prepares one row of parameter set s: op is "keygen",
// "encapsulate" or "decapsulate".
func mlkemSetup(s mlkemSet, op string) (c, g func() error, err error) {
	keys, err := newMLKEMKeys(s)
	if err != nil {
		return nil, nil, err
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
		c = keygen(s.cryptonGenerate)
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
		c = encaps(keys.crypton)
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
		c = decaps(keys.crypton)
		if keys.gostd != nil {
			g = decaps(keys.gostd)
		}
	default:
		return nil, nil, fmt.Errorf("unknown ML-KEM operation %q", op)
	}
	return c, g, nil
}
