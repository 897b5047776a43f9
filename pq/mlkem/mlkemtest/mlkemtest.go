// Package mlkemtest provides testing functions for ML-KEM: derandomized
// encapsulation, and FIPS 203's expanded encoding of decapsulation keys.
//
// Encapsulation with chosen randomness is insecure outside of tests: use it
// to check known-answer vectors and interoperability, never to make
// ciphertexts that protect anything.
package mlkemtest

import (
	"errors"

	"github.com/crypton-go/crypton/pq/internal/mlkem"
)

// encapsulate runs ML-KEM.Encaps_internal on ek, which pq/mlkem wraps.
func encapsulate(ek any, m []byte) (sharedKey, ciphertext []byte, err error) {
	if len(m) != mlkem.MessageSize {
		return nil, nil, errors.New("mlkemtest: invalid length of m: want 32 bytes")
	}
	sharedKey, ciphertext = mlkem.UnwrapEncapsulationKey(ek).Encapsulate((*[mlkem.MessageSize]byte)(m))
	return sharedKey, ciphertext, nil
}

// expandedBytes returns FIPS 203's encoding of dk, which pq/mlkem wraps.
func expandedBytes(dk any) []byte {
	return mlkem.UnwrapDecapsulationKey(dk).ExpandedBytes()
}

// fromExpanded parses FIPS 203's encoding of a decapsulation key of
// parameter set p and wraps it in pq/mlkem's type.
func fromExpanded(p *mlkem.Params, dk []byte) (any, error) {
	key, err := mlkem.NewDecapsulationKeyFromExpanded(p, dk)
	if err != nil {
		return nil, err
	}
	return mlkem.WrapDecapsulationKey(key), nil
}
