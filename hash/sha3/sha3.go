// Package sha3 implements the SHA-3 hash functions and the SHAKE extendable
// output functions of FIPS 202, "SHA-3 Standard: Permutation-Based Hash and
// Extendable-Output Functions", the cSHAKE functions of NIST SP 800-185, and
// the legacy Keccak-256 and Keccak-512 hashes of the original Keccak
// submission, which Ethereum uses.
//
// The package mirrors the standard library's crypto/sha3: the same types,
// functions and methods, the same zero values, and the same encoding of a
// marshaled state, so that a program switches by changing an import path and
// a state saved by one package can be restored by the other. The legacy
// Keccak constructors, which crypto/sha3 does not have, behave like those of
// golang.org/x/crypto/sha3 but return a *SHA3.
//
// # Implementations
//
// All functions are built on the Keccak-f[1600] permutation. Its
// implementations are registered with github.com/crypton-go/crypton/cpufeat
// under the package name "sha3", in order of preference: "AVX-512" (amd64
// with AVX-512F and BMI2: the 25 lanes in five ZMM registers), "BMI" (amd64
// with BMI1 and BMI2: scalar assembly using ANDN and RORX) and the portable
// Go code ("generic"), which every other path is tested against.
//
// [SHAKEx4] runs four SHAKE instances in lockstep on a permutation of four
// interleaved states, for the lattice-based schemes (ML-KEM, ML-DSA) that
// expand many SHAKE streams at once. Its implementations are registered
// under "sha3/x4": "AVX-512" (amd64 with AVX-512F and AVX-512VL: VPROLQ and
// VPTERNLOGQ on YMM registers), "AVX2", and the generic one, which permutes
// the four states one after the other with the scalar permutation.
//
// The -tags purego build uses only the generic code; CRYPTON_CPU turns
// paths off at run time.
//
// # Constant time
//
// Hashing performs no branch and no memory access whose address depends on
// the bytes being hashed or on the output, so the functions are safe to use
// on secrets (as HMAC and KMAC do). The time taken depends on the lengths of
// the input and output, which are not considered secret.
package sha3

import "hash"

// SHA3 is an instance of a SHA-3 hash (or of a legacy Keccak hash). It
// implements [hash.Hash], [hash.Cloner], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler]. The zero value
// is a usable SHA3-256 hash.
type SHA3 struct {
	s sponge
}

// New224 creates a new SHA3-224 hash.
func New224() *SHA3 {
	return &SHA3{sponge{rate: rate224, outputLen: 28, ds: dsSHA3}}
}

// New256 creates a new SHA3-256 hash.
func New256() *SHA3 {
	return &SHA3{sponge{rate: rate256, outputLen: 32, ds: dsSHA3}}
}

// New384 creates a new SHA3-384 hash.
func New384() *SHA3 {
	return &SHA3{sponge{rate: rate384, outputLen: 48, ds: dsSHA3}}
}

// New512 creates a new SHA3-512 hash.
func New512() *SHA3 {
	return &SHA3{sponge{rate: rate512, outputLen: 64, ds: dsSHA3}}
}

// NewLegacyKeccak256 creates a new Keccak-256 hash: SHA3-256 with the padding
// of the original Keccak submission instead of the FIPS 202 one, as
// Ethereum uses. Use it only for compatibility with such systems; new
// designs should use [New256].
//
// Its marshaled state has the encoding of golang.org/x/crypto/sha3's.
func NewLegacyKeccak256() *SHA3 {
	return &SHA3{sponge{rate: rate256, outputLen: 32, ds: dsKeccak}}
}

// NewLegacyKeccak512 creates a new Keccak-512 hash: SHA3-512 with the padding
// of the original Keccak submission instead of the FIPS 202 one. Use it only
// for compatibility; new designs should use [New512].
//
// Its marshaled state has the encoding of golang.org/x/crypto/sha3's.
func NewLegacyKeccak512() *SHA3 {
	return &SHA3{sponge{rate: rate512, outputLen: 64, ds: dsKeccak}}
}

// Sum224 returns the SHA3-224 hash of data.
func Sum224(data []byte) [28]byte {
	var out [28]byte
	d := sponge{rate: rate224, ds: dsSHA3}
	d.write(data)
	d.finish(out[:])
	return out
}

// Sum256 returns the SHA3-256 hash of data.
func Sum256(data []byte) [32]byte {
	var out [32]byte
	d := sponge{rate: rate256, ds: dsSHA3}
	d.write(data)
	d.finish(out[:])
	return out
}

// Sum384 returns the SHA3-384 hash of data.
func Sum384(data []byte) [48]byte {
	var out [48]byte
	d := sponge{rate: rate384, ds: dsSHA3}
	d.write(data)
	d.finish(out[:])
	return out
}

// Sum512 returns the SHA3-512 hash of data.
func Sum512(data []byte) [64]byte {
	var out [64]byte
	d := sponge{rate: rate512, ds: dsSHA3}
	d.write(data)
	d.finish(out[:])
	return out
}

func (s *SHA3) init() {
	if s.s.rate == 0 {
		*s = *New256()
	}
}

// Write absorbs more data into the hash's state. It always returns len(p),
// nil.
func (s *SHA3) Write(p []byte) (n int, err error) {
	s.init()
	s.s.write(p)
	return len(p), nil
}

// Sum appends the current hash to b and returns the resulting slice. It does
// not change the underlying hash state.
func (s *SHA3) Sum(b []byte) []byte {
	s.init()
	var out [64]byte
	s.s.sum(out[:s.s.outputLen])
	return append(b, out[:s.s.outputLen]...)
}

// Reset resets the hash to its initial state.
func (s *SHA3) Reset() {
	s.init()
	s.s.reset()
}

// Size returns the number of bytes Sum will produce.
func (s *SHA3) Size() int {
	s.init()
	return s.s.outputLen
}

// BlockSize returns the hash's rate.
func (s *SHA3) BlockSize() int {
	s.init()
	return s.s.rate
}

// MarshalBinary implements [encoding.BinaryMarshaler].
func (s *SHA3) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, marshaledSize))
}

// AppendBinary implements [encoding.BinaryAppender].
func (s *SHA3) AppendBinary(p []byte) ([]byte, error) {
	s.init()
	return s.s.appendBinary(p), nil
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]. The state must
// have been marshaled by a hash of the same function as s (for the zero
// value, SHA3-256); otherwise UnmarshalBinary returns an error and leaves s
// unchanged.
func (s *SHA3) UnmarshalBinary(data []byte) error {
	s.init()
	return s.s.unmarshal(data, false)
}

// Clone implements [hash.Cloner]: it returns an independent copy of s, of
// dynamic type *SHA3, and never an error.
func (s *SHA3) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}
