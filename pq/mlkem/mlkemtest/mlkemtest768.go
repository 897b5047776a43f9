package mlkemtest

import (
	"github.com/crypton-go/crypton/pq/internal/mlkem"
	pub "github.com/crypton-go/crypton/pq/mlkem"
)

// Encapsulate768 implements derandomized ML-KEM-768 encapsulation (FIPS 203,
// ML-KEM.Encaps_internal) with the 32 bytes of m as its randomness. It
// returns an error if m is not 32 bytes long.
//
// It must only be used for known-answer tests and interoperability tests.
func Encapsulate768(ek *pub.EncapsulationKey768, m []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(ek, m)
}

// ExpandedBytes768 returns FIPS 203's encoding of an ML-KEM-768
// decapsulation key, ByteEncode₁₂(ŝ) ‖ ek ‖ H(ek) ‖ z (2400 bytes), for
// interoperability with implementations that store keys in that form.
//
// The result must be kept secret.
func ExpandedBytes768(dk *pub.DecapsulationKey768) []byte {
	return expandedBytes(dk)
}

// NewDecapsulationKeyFromExpanded768 parses FIPS 203's encoding of an
// ML-KEM-768 decapsulation key, with the checks of FIPS 203, section 7.3:
// its length, the hash H(ek) it holds against its encapsulation key, and the
// modulus check of that encapsulation key. The key it returns has no seed:
// its Bytes method returns nil.
func NewDecapsulationKeyFromExpanded768(dk []byte) (*pub.DecapsulationKey768, error) {
	k, err := fromExpanded(mlkem.Params768, dk)
	if err != nil {
		return nil, err
	}
	return k.(*pub.DecapsulationKey768), nil
}
