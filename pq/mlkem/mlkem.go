// Package mlkem implements ML-KEM, the module-lattice-based key
// encapsulation mechanism of FIPS 203, with the parameter sets ML-KEM-512,
// ML-KEM-768 and ML-KEM-1024.
//
// Its API is that of the standard library's crypto/mlkem, with ML-KEM-512
// added: a program switches by changing the import path. A key
// encapsulation mechanism lets the holder of an encapsulation key send a
// fresh shared key to the holder of the matching decapsulation key:
// Encapsulate returns the shared key and a ciphertext; Decapsulate recovers
// the shared key from the ciphertext.
//
// ML-KEM-768 is the parameter set TLS uses (X25519MLKEM768, with the shared
// key of X25519) and the one to choose without a reason for another;
// ML-KEM-1024 is for the CNSA 2.0 suite; ML-KEM-512 is the smallest.
//
// Decapsulation keys are stored as their 64-byte seed (d‖z), which FIPS 203
// allows and which is much smaller than the expanded key. Package mlkemtest handles FIPS 203's
// expanded encoding and derandomized encapsulation, for tests.
//
// Every operation on secrets runs in constant time: there is no branch and
// no memory address that depends on a secret, and decapsulation of an
// invalid ciphertext returns the implicit-rejection key J(z‖c) of FIPS 203
// chosen without a branch. Expanding the public matrix Â from its seed ρ by
// rejection sampling takes a time that depends on ρ, which is public.
package mlkem

import (
	"crypto/rand"

	"github.com/crypton-go/crypton/pq/internal/mlkem"
)

const (
	// SharedKeySize is the size of a shared key produced by ML-KEM.
	SharedKeySize = 32

	// SeedSize is the size of a seed used to generate a decapsulation key.
	SeedSize = 64

	// CiphertextSize512 is the size of a ciphertext produced by ML-KEM-512.
	CiphertextSize512 = 768

	// EncapsulationKeySize512 is the size of an ML-KEM-512 encapsulation
	// key.
	EncapsulationKeySize512 = 800

	// CiphertextSize768 is the size of a ciphertext produced by ML-KEM-768.
	CiphertextSize768 = 1088

	// EncapsulationKeySize768 is the size of an ML-KEM-768 encapsulation
	// key.
	EncapsulationKeySize768 = 1184

	// CiphertextSize1024 is the size of a ciphertext produced by
	// ML-KEM-1024.
	CiphertextSize1024 = 1568

	// EncapsulationKeySize1024 is the size of an ML-KEM-1024 encapsulation
	// key.
	EncapsulationKeySize1024 = 1568
)

// newSeed returns a fresh random seed d‖z.
func newSeed() []byte {
	seed := make([]byte, SeedSize)
	rand.Read(seed) // never fails, by its documentation
	return seed
}

// newMessage returns the 32 random bytes m of an encapsulation.
func newMessage() *[mlkem.MessageSize]byte {
	var m [mlkem.MessageSize]byte
	rand.Read(m[:])
	return &m
}

func init() {
	mlkem.WrapDecapsulationKey = func(dk *mlkem.DecapsulationKey) any {
		switch dk.Params() {
		case mlkem.Params512:
			return &DecapsulationKey512{key: dk}
		case mlkem.Params768:
			return &DecapsulationKey768{key: dk}
		case mlkem.Params1024:
			return &DecapsulationKey1024{key: dk}
		}
		panic("mlkem: internal error: unknown parameter set")
	}
	mlkem.UnwrapDecapsulationKey = func(k any) *mlkem.DecapsulationKey {
		switch k := k.(type) {
		case *DecapsulationKey512:
			return k.key
		case *DecapsulationKey768:
			return k.key
		case *DecapsulationKey1024:
			return k.key
		}
		panic("mlkem: internal error: not a decapsulation key")
	}
	mlkem.UnwrapEncapsulationKey = func(k any) *mlkem.EncapsulationKey {
		switch k := k.(type) {
		case *EncapsulationKey512:
			return k.key
		case *EncapsulationKey768:
			return k.key
		case *EncapsulationKey1024:
			return k.key
		}
		panic("mlkem: internal error: not an encapsulation key")
	}
}
