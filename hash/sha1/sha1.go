// Package sha1 implements the SHA-1 hash function defined in RFC 3174 and
// FIPS 180-4.
//
// SHA-1 is cryptographically broken: collisions have been computed in
// practice (SHAttered, 2017), including chosen-prefix collisions (2020). Do
// not use it where collision resistance matters, such as digital signatures
// or content fingerprints that an attacker can influence. It remains here for
// existing protocols and formats, and for HMAC-SHA1, whose security does not
// rest on collision resistance.
//
// The package mirrors the standard library's crypto/sha1: the same functions,
// constants and return types, and the same encoding of a hash's marshaled
// state, so that a program switches by changing an import path and a state
// saved by one package can be restored by the other.
//
// # Implementations
//
// Implementations, registered with github.com/crypton-go/crypton/cpufeat
// under the package name "sha1" in order of preference: "SHA-NI" (amd64
// with the SHA extensions), "AVX2" (amd64 with AVX2 and BMI2, for CPUs without
// them), "ARMv8-SHA1" (arm64 with the ARMv8 SHA-1 instructions), and the
// portable Go code ("generic") that every other path is tested against. The
// -tags purego build uses only the generic code; CRYPTON_CPU turns paths off
// at run time.
//
// # Constant time
//
// Hashing performs no branch and no memory access whose address depends on
// the bytes being hashed, so the functions are safe to use on secrets (as
// HMAC does). The time taken depends on the length of the input, which is not
// considered secret.
package sha1

import (
	"encoding/binary"
	"errors"
	"hash"
)

// Size is the size of a SHA-1 checksum in bytes.
const Size = 20

// BlockSize is the block size of SHA-1 in bytes.
const BlockSize = 64

// iv is the initial hash value (FIPS 180-4, section 5.3.1; RFC 3174,
// section 6.1).
var iv = [5]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}

// maxBlockLen is the most that Write passes to block in one call, so that an
// assembly implementation, which the scheduler cannot preempt, returns to Go
// code at least every 64 KiB.
const maxBlockLen = 1024 * BlockSize

// digest is the running state of a SHA-1 computation. It implements
// hash.Hash, hash.Cloner, encoding.BinaryMarshaler,
// encoding.BinaryUnmarshaler and encoding.BinaryAppender.
type digest struct {
	h   [5]uint32       // chaining value
	x   [BlockSize]byte // buffered input, x[:nx]
	nx  int             // number of buffered bytes, len % BlockSize
	len uint64          // total number of bytes written
}

// New returns a new [hash.Hash] computing the SHA-1 checksum. The Hash also
// implements [hash.Cloner], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler] to save and
// restore its internal state, in the same encoding as crypto/sha1.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

// Sum returns the SHA-1 checksum of data. It does not allocate.
func Sum(data []byte) [Size]byte {
	var d digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

// Reset returns d to its initial state.
func (d *digest) Reset() {
	d.h = iv
	d.nx = 0
	d.len = 0
}

// Size returns [Size].
func (d *digest) Size() int { return Size }

// BlockSize returns [BlockSize].
func (d *digest) BlockSize() int { return BlockSize }

// Write adds p to the data being hashed. It never returns an error.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		k := copy(d.x[d.nx:], p)
		d.nx += k
		p = p[k:]
		if d.nx < BlockSize {
			return n, nil
		}
		block(d, d.x[:])
		d.nx = 0
	}
	for len(p) >= BlockSize {
		k := min(len(p), maxBlockLen) &^ (BlockSize - 1)
		block(d, p[:k])
		p = p[k:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the checksum of the data written so far to b and returns the
// resulting slice. It does not change the state of d, so more data can be
// written afterwards. It does not allocate if b has room for the checksum.
func (d *digest) Sum(b []byte) []byte {
	d0 := *d
	sum := d0.checkSum()
	return append(b, sum[:]...)
}

// checkSum pads the message and returns the checksum. It overwrites d.
func (d *digest) checkSum() [Size]byte {
	// Padding (RFC 3174, section 4): a 1 bit, zeros up to 56 bytes modulo
	// 64, then the message length in bits as a 64-bit big-endian number. It
	// takes one more block, or two if fewer than 9 bytes of the current
	// block are free.
	bitLen := d.len << 3
	d.x[d.nx] = 0x80
	clear(d.x[d.nx+1:])
	if d.nx >= BlockSize-8 {
		block(d, d.x[:])
		clear(d.x[:BlockSize-8])
	}
	binary.BigEndian.PutUint64(d.x[BlockSize-8:], bitLen)
	block(d, d.x[:])

	var sum [Size]byte
	for i, v := range d.h {
		binary.BigEndian.PutUint32(sum[4*i:], v)
	}
	return sum
}

// Clone returns an independent copy of d, in the same state.
func (d *digest) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// The marshaled state, as crypto/sha1 encodes it: a magic string, the
// chaining value as big-endian words, the buffered input padded with zeros to
// a whole block, and the length as a big-endian number.
const (
	magic         = "sha\x01"
	marshaledSize = len(magic) + 5*4 + BlockSize + 8
)

// MarshalBinary returns the state of d, in the encoding of crypto/sha1.
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize))
}

// AppendBinary appends the state of d, as MarshalBinary returns it, to b.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, magic...)
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	b = append(b, d.x[:d.nx]...)
	var zero [BlockSize]byte
	b = append(b, zero[d.nx:]...)
	b = binary.BigEndian.AppendUint64(b, d.len)
	return b, nil
}

// UnmarshalBinary restores a state returned by MarshalBinary, by this package
// or by crypto/sha1. On error, d is left unchanged.
func (d *digest) UnmarshalBinary(b []byte) error {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return errors.New("sha1: invalid hash state identifier")
	}
	if len(b) != marshaledSize {
		return errors.New("sha1: invalid hash state size")
	}
	b = b[len(magic):]
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	b = b[4*len(d.h):]
	copy(d.x[:], b[:BlockSize])
	d.len = binary.BigEndian.Uint64(b[BlockSize:])
	d.nx = int(d.len % BlockSize)
	return nil
}
