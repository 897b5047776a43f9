package mlkem

import (
	"crypto"
	"errors"

	"github.com/crypton-go/crypton/pq/internal/mlkem"
)

// DecapsulationKey1024 is the secret key used to decapsulate a shared key
// from a ciphertext. It includes various precomputed values.
type DecapsulationKey1024 struct {
	key *mlkem.DecapsulationKey
}

var _ crypto.Decapsulator = (*DecapsulationKey1024)(nil)

// GenerateKey1024 generates a new decapsulation key, drawing random bytes
// from the default crypto/rand source. The decapsulation key must be kept
// secret.
func GenerateKey1024() (*DecapsulationKey1024, error) {
	return NewDecapsulationKey1024(newSeed())
}

// NewDecapsulationKey1024 expands a decapsulation key from a 64-byte seed in
// the "d || z" form. The seed must be uniformly random.
func NewDecapsulationKey1024(seed []byte) (*DecapsulationKey1024, error) {
	if len(seed) != SeedSize {
		return nil, errors.New("mlkem: invalid seed length")
	}
	key, err := mlkem.NewDecapsulationKey(mlkem.Params1024, seed)
	if err != nil {
		return nil, err
	}
	return &DecapsulationKey1024{key: key}, nil
}

// Bytes returns the decapsulation key as a 64-byte seed in the "d || z"
// form, or nil for a key made from FIPS 203's expanded encoding (see
// package mlkemtest), which does not contain the seed.
//
// The decapsulation key must be kept secret.
func (dk *DecapsulationKey1024) Bytes() []byte {
	return dk.key.Seed()
}

// Decapsulate generates a shared key from a ciphertext and a decapsulation
// key. If the ciphertext is not valid, Decapsulate returns an error only if
// its length is wrong; otherwise it returns the implicit-rejection key, as
// FIPS 203 specifies.
//
// The shared key must be kept secret.
func (dk *DecapsulationKey1024) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	if len(ciphertext) != CiphertextSize1024 {
		return nil, errors.New("mlkem: invalid ciphertext length")
	}
	return dk.key.Decapsulate(ciphertext)
}

// EncapsulationKey returns the public encapsulation key necessary to produce
// ciphertexts.
func (dk *DecapsulationKey1024) EncapsulationKey() *EncapsulationKey1024 {
	return &EncapsulationKey1024{key: dk.key.EncapsulationKey()}
}

// Encapsulator returns the encapsulation key, like
// [DecapsulationKey1024.EncapsulationKey].
//
// It implements [crypto.Decapsulator].
func (dk *DecapsulationKey1024) Encapsulator() crypto.Encapsulator {
	return dk.EncapsulationKey()
}

// An EncapsulationKey1024 is the public key used to produce ciphertexts to be
// decapsulated by the corresponding DecapsulationKey1024.
type EncapsulationKey1024 struct {
	key *mlkem.EncapsulationKey
}

var _ crypto.Encapsulator = (*EncapsulationKey1024)(nil)

// NewEncapsulationKey1024 parses an encapsulation key from its encoded form.
// If the encapsulation key is not valid (its length is wrong, or a
// coefficient is not below q: the modulus check of FIPS 203, section 7.2),
// NewEncapsulationKey1024 returns an error.
func NewEncapsulationKey1024(encapsulationKey []byte) (*EncapsulationKey1024, error) {
	key, err := mlkem.NewEncapsulationKey(mlkem.Params1024, encapsulationKey)
	if err != nil {
		return nil, err
	}
	return &EncapsulationKey1024{key: key}, nil
}

// Bytes returns the encapsulation key as a byte slice.
func (ek *EncapsulationKey1024) Bytes() []byte {
	return ek.key.Bytes()
}

// Encapsulate generates a shared key and an associated ciphertext from an
// encapsulation key, drawing random bytes from the default crypto/rand
// source.
//
// The shared key must be kept secret.
func (ek *EncapsulationKey1024) Encapsulate() (sharedKey, ciphertext []byte) {
	return ek.key.Encapsulate(newMessage())
}
