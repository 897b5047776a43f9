package mlkemtest

import (
	"github.com/crypton-go/crypton/pq/internal/mlkem"
	pub "github.com/crypton-go/crypton/pq/mlkem"
)

// Encapsulate1024 implements derandomized ML-KEM-1024 encapsulation (FIPS 203,
// ML-KEM.Encaps_internal) with the 32 bytes of m as its randomness. It
// returns an error if m is not 32 bytes long.
//
// It must only be used for known-answer tests and interoperability tests.
func Encapsulate1024(ek *pub.EncapsulationKey1024, m []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(ek, m)
}

// ExpandedBytes1024 returns FIPS 203's encoding of an ML-KEM-1024
// decapsulation key, ByteEncode₁₂(ŝ) ‖ ek ‖ H(ek) ‖ z (3168 bytes), for
// interoperability with implementations that store keys in that form.
//
// The result must be kept secret.
func ExpandedBytes1024(dk *pub.DecapsulationKey1024) []byte {
	return expandedBytes(dk)
}

// NewDecapsulationKeyFromExpanded1024 parses FIPS 203's encoding of an
// ML-KEM-1024 decapsulation key, with the checks of FIPS 203, section 7.3:
// its length, the hash H(ek) it holds against its encapsulation key, and the
// modulus check of that encapsulation key. The key it returns has no seed:
// its Bytes method returns nil.
func NewDecapsulationKeyFromExpanded1024(dk []byte) (*pub.DecapsulationKey1024, error) {
	k, err := fromExpanded(mlkem.Params1024, dk)
	if err != nil {
		return nil, err
	}
	return k.(*pub.DecapsulationKey1024), nil
}
